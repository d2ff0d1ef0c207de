"""A look-ahead's suicide test decided on the position as it stands where the placed space is named by a `let`
(model/placed_fill.py LET_NAMED, codegen/connected.py placed_fill_first): Cursor Go's `let s be cursor(player)`,
`place ... on s`, `only if has_liberty(cursor(player), player) after it`, the cursor read from counters the option
never sets, so the fill after it starts from s. It must play exactly as carrying the option out: seeded games
(with stones placed often, so that suicides and captures are met) in lock step with the engine generated without
it; and a `let` whose value reads a counter the option sets keeps the look-ahead alone."""

import random
from pathlib import Path

from rulespec.model import placed_fill

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]
CURSOR_GO = ROOT / "tests" / "newcomer" / "games" / "cursor-go.rules"
DECIDED = "(placed_reaches(st, 0, (_n0 if _n0 is not None else (_n0 := define_cursor(st, v_player)))"


def _stone_first(fast, slow, rng: random.Random) -> int:
    """A game on both states that places a stone half the time one is offered and seldom passes (so that boards fill up and
    suicides and captures are met), asserting the same actions offered at every step and the same result;
    returns the stones placed."""
    stones = 0
    while not fast.is_terminal():
        offered = [str(a) for a in fast.legal_actions()]
        assert offered == [str(a) for a in slow.legal_actions()]
        stone = [a for a in offered if a.endswith(": place stone")]
        moves = [a for a in offered if not a.endswith(": pass")] if rng.random() < 0.98 else []
        action = stone[0] if stone and rng.random() < 0.5 else rng.choice(moves or offered)
        stones += action in stone
        fast.apply(action)
        slow.apply(action)
    assert slow.is_terminal() and fast.returns() == slow.returns() and fast.to_json() == slow.to_json()
    return stones


def test_cursor_go_plays_alike_without_carrying_out():
    source, source_without, fast, slow = engines_with_and_without(
        CURSOR_GO, ((placed_fill, "LET_NAMED", False),), "let_placed")
    assert DECIDED in source and "placed_reaches" not in source_without
    for seed in range(20):
        play_in_lock_step(fast.new_game(players=2), slow.new_game(players=2), 2, random.Random(seed))
    rng = random.Random(20261208)
    assert sum(_stone_first(fast.new_game(players=2), slow.new_game(players=2), rng) for _ in range(4)) > 150


def test_a_let_read_from_a_counter_the_option_sets_keeps_the_look_ahead(tmp_path):
    text = CURSOR_GO.read_text().replace(
        "    set cursor_moves to 0\n    set passes to 0\n    set placed to 1\n",
        "    set cursor_moves to 0\n    set passes to 0\n    set placed to 1\n    add 0 to cursor_row of player\n", 1)
    assert "add 0 to cursor_row of player" in text
    path = tmp_path / "cursor-go.rules"
    path.write_text(text)
    source, _, _, _ = engines_with_and_without(path, (), "let_placed_set")
    assert "placed_reaches" not in source and "after_move__stone(st, v_player)" in source
