"""A question an earlier option's rows answered (codegen/listed_answers.py): Othello's pass, `only if not
can_place_somewhere(player)` (the newcomer's `not can_place(player)`), asks whether some square passes the very
condition `place` lists its squares by; the listing reads it from the rows `place` added (`listed_0`), not by
testing the squares again. Both Othellos play the same games, passes included, as the engines generated without
it; an option whose conditions or domain differ from the question's answers nothing."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import listed_answers, python as codegen
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
GALLERY_OTHELLO = ROOT / "rulebooks" / "othello.rules"
NEWCOMER_OTHELLO = ROOT / "tests" / "newcomer" / "games" / "othello.rules"


def listing_of(source: str, step: str = "turn") -> str:
    return source.split(f"def choices_{step}(", 1)[1].split("\ndef ", 1)[0]


def sources(monkeypatch, path: Path) -> tuple[str, str, object]:
    model = compile_rules(path)
    fast = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(listed_answers.ListedAnswers, "listed_answer", lambda self, e: None)
        slow = codegen.generate(model, path.name)
    return fast, slow, model


@pytest.mark.parametrize("path", [GALLERY_OTHELLO, NEWCOMER_OTHELLO])
def test_a_pass_read_from_the_rows_plays_the_same_games(monkeypatch, path):
    fast_source, slow_source, model = sources(monkeypatch, path)
    listing = listing_of(fast_source)
    assert "    rows_before_0 = len(rows)\n    for v_s in st._t.cells_in_use[0]:\n" in listing
    assert "    listed_0 = len(rows) > rows_before_0  # whether it listed a row" in listing
    assert "    if ((not listed_0)):  # not can_place" in listing and "define_can_place" in listing_of(slow_source)
    tag = path.parent.name
    fast = load_module_from_source(fast_source, f"listed_{tag}").GAME(None)
    slow = load_module_from_source(slow_source, f"asked_{tag}").GAME(None)
    fast.model = slow.model = model
    passes = 0
    for seed in range(12):
        game = fast.new_game(2)
        play_in_lock_step(game, slow.new_game(2), 2, random.Random(seed))
        passes += sum(1 for action in game.history if action.endswith(": pass"))
    assert passes > 0  # (the question answered both ways)


@pytest.mark.parametrize("place, pass_", [
    # place tests one more thing: no row of it does not say that no square can be placed on
    ("only if flanks(s, player)", "only if flanks(s, player)\n    only if row of s > 1"),
    # pass asks about the other player
    ("only if not can_place(player)", "only if not can_place(left of player)"),
])
def test_only_the_same_question_is_answered_by_the_rows(tmp_path, place, pass_):
    text = NEWCOMER_OTHELLO.read_text(encoding="utf-8")
    assert place in text
    path = tmp_path / "othello.rules"
    path.write_text(text.replace(place, pass_, 1), encoding="utf-8")
    listing = listing_of(codegen.generate(compile_rules(path), path.name))
    assert "listed_0" not in listing and "define_can_place(st, " in listing
