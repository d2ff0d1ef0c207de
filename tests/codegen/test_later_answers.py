"""A question a later option's rows answer (codegen/later_answers.py): the newcomer's Checkers allows `move` only
if not can_capture(player), `can_capture` asking whether some s and d pass the very condition `jump`, written after
it, lists its rows by; the listing lists the moves as if no jump could be made and takes them out again when
`jump` listed a row (`drop_0`), never searching the board for a jump first. Othello's pass written before its
placements is read the same way. Both play the same games as the engines generated asking the question; a
question about another player, or an option whose other conditions might fail, is asked as written."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import later_answers, python as codegen
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
CHECKERS = ROOT / "tests" / "newcomer" / "games" / "checkers.rules"
OTHELLO = ROOT / "tests" / "newcomer" / "games" / "othello.rules"
ASKED = ((later_answers.LaterAnswers, "later_answered", lambda self, step, listing: {}),)
MOVE_GUARD = "    only if not can_capture(player)\n"


def listing_of(source: str, step: str = "turn") -> str:
    return source.split(f"def choices_{step}(", 1)[1].split("\ndef ", 1)[0]


def pass_first(text: str) -> str:
    """The newcomer's Othello with its `pass` option written before `place` (the same rules)."""
    head, rest = text.split('  option place "', 1)
    place, tail = rest.split('  option pass "', 1)
    pass_, after = tail.split("\n\n", 1)
    return head + '  option pass "' + pass_ + "\n" + '  option place "' + place.rstrip("\n") + "\n\n" + after


def lock_step(path: Path, tag: str, seeds: int, finished) -> tuple[str, str]:
    source, source_without, engine, engine_without = engines_with_and_without(path, ASKED, tag)
    seen = 0
    for seed in range(seeds):
        game = engine.new_game(2)
        play_in_lock_step(game, engine_without.new_game(2), 2, random.Random(seed))
        seen += finished(game)
    assert seen > 0  # (the question answered both ways)
    return listing_of(source), listing_of(source_without)


def test_checkers_moves_taken_out_where_a_jump_is_listed_play_the_same_games():
    jumps = lambda game: sum(": jump" in action for action in game.history)  # noqa: E731
    fast, slow = lock_step(CHECKERS, "later_checkers", 12, jumps)
    assert "    rows_from_0 = len(rows)\n" in fast
    assert "    drop_0 = (rows_to_1 > rows_from_1)  # not can_capture(player)" in fast
    assert "        del rows[rows_from_0:rows_to_0]\n" in fast
    assert "define_can_capture(" not in fast and "define_can_capture(" in slow


def test_a_pass_written_before_the_placements_plays_the_same_games(tmp_path):
    path = tmp_path / "othello.rules"
    path.write_text(pass_first(OTHELLO.read_text(encoding="utf-8")), encoding="utf-8")
    passes = lambda game: sum(action.endswith(": pass") for action in game.history)  # noqa: E731
    fast, slow = lock_step(path, "later_othello", 10, passes)
    assert "drop_0 = (rows_to_1 > rows_from_1)  # not can_place(player)" in fast
    assert "define_can_place(st, v_player)" not in fast and "define_can_place(st, v_player)" in slow


def test_the_question_written_out_is_answered_too(tmp_path):
    text = CHECKERS.read_text(encoding="utf-8")
    assert MOVE_GUARD in text
    path = tmp_path / "checkers.rules"
    definition = ("define can_capture(p: seat) [CK-4]:\n  there is s in grid where there is d in directions of grid "
                  "where can_jump(s, d, p)\n\n")
    assert definition in text
    text = text.replace(definition, "", 1)
    path.write_text(text.replace(MOVE_GUARD, "    only if there is no a in grid where there is e in directions of "
                                             "grid where can_jump(a, e, player)\n", 1), encoding="utf-8")
    jumps = lambda game: sum(": jump" in action for action in game.history)  # noqa: E731
    fast, _ = lock_step(path, "later_written_out", 6, jumps)
    assert "drop_0 = (rows_to_1 > rows_from_1)" in fast


@pytest.mark.parametrize("guard", [
    "    only if not can_capture(left of player)\n",  # another player's jumps: no row of `jump` says
    MOVE_GUARD + "    only if quiet < 40 or 1 div quiet >= 0\n",  # a condition that might fail once listed
])
def test_only_a_question_the_rows_answer_with_conditions_that_cannot_fail(tmp_path, guard):
    path = tmp_path / "checkers.rules"
    path.write_text(CHECKERS.read_text(encoding="utf-8").replace(MOVE_GUARD, guard, 1), encoding="utf-8")
    listing = listing_of(codegen.generate(compile_rules(path), path.name))
    assert "drop_0" not in listing and "define_can_capture(st, " in listing
