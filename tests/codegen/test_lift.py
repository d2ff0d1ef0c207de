"""`move occupant of s to Z` is State._lift (runtime/lifting.py; codegen/statements.py lifted): the same writes,
journal, tallies and looks as `_move(_occupant(b, s), Z)`, the piece taken from s without looking for where it
is (#40). Kalah (every stone of a pit lifted into the hand), chess (captures inside look-aheads undone by the
journal), Go (counts kept by tallies, looks kept for the repetition key), checkers, nine men's morris,
Breakthrough, Othello and Shell We? (a tile back to its player's rack) play the same games as engines generated
without it; lifting from an empty space says what _occupant says, and a look-ahead's lift is undone."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen, statements
from rulespec.pipeline import compile_rules, load_module_from_source
from rulespec.runtime.common import RuleRuntimeError

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"

# file -> (its path, players, games played, a lift its engine writes)
FILES = {
    "kalah": (NEWCOMER / "kalah.rules", 2, 6, "st._lift(0, v_s, zone_hand, cause)"),
    "othello": (NEWCOMER / "othello.rules", 2, 2, "st._lift(0, "),
    "breakthrough": (ROOT / "rulebooks" / "breakthrough.rules", 2, 4, "st._lift(0, "),
    "chess": (ROOT / "rulebooks" / "chess.rules", 2, 2, "st._lift(0, "),
    "checkers": (ROOT / "rulebooks" / "checkers.rules", 2, 3, "st._lift(0, "),
    "go": (ROOT / "rulebooks" / "go.rules", 2, 2, "st._lift(0, "),
    "nine-mens-morris": (ROOT / "rulebooks" / "nine-mens-morris.rules", 2, 3, "st._lift(0, "),
    "shell-we": (ROOT / "rulebooks" / "shell-we.rules", 3, 3, "+ v_player, 'swap')"),
}


def _engines(monkeypatch, name: str):
    path, _, _, lift = FILES[name]
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(statements.Statements, "lifted", lambda self, s: None)
        slow_source = codegen.generate(model, path.name)
    assert lift in fast_source and "st._lift(" in fast_source and "st._lift(" not in slow_source
    fast = load_module_from_source(fast_source, f"lifted_{path.stem}").GAME(None)
    slow = load_module_from_source(slow_source, f"moved_{path.stem}").GAME(None)
    fast.model = slow.model = model
    return fast, slow


def _kept(st):
    """What a move writes besides the board and the zones the observations show."""
    return (st._loc, st._zones, st._written[-8:], st._written_before, st._last_cause, st._masks, st._tally,
            st._looks_on)


@pytest.mark.parametrize("name", FILES)
def test_the_same_games(monkeypatch, name):
    fast, slow = _engines(monkeypatch, name)
    _, players, games, _ = FILES[name]
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed),
                          also=[_kept])


def test_an_empty_space_says_what_occupant_says_and_a_look_ahead_is_undone(monkeypatch):
    fast, _ = _engines(monkeypatch, "kalah")
    st = fast.new_game(2)
    board = st._engine.BOARDS[0]
    hand = st._t.zone_base["hand"]
    empty = st._boards[0].index(-1)
    said = []
    for move in (lambda: st._lift(0, empty, hand, "test"), lambda: st._move(st._occupant(0, empty), hand, "test")):
        with pytest.raises(RuleRuntimeError) as raised:
            move()
        said.append(str(raised.value))
    assert said[0] == said[1] and "which is empty" in said[0]
    full = next(cell for cell, item in enumerate(st._boards[0]) if item >= 0)
    item = st._boards[0][full]
    before = (list(st._boards[0]), list(st._loc), list(st._causes[0]), [list(z) for z in st._zones],
              list(st._masks))
    kept, _ = st._imagine(0, "turn")
    st._lift(0, full, hand, "test")
    assert st._boards[0][full] == -1 and st._loc[item] == hand and item in st._zones[hand]
    st._unimagine(kept)
    assert (list(st._boards[0]), list(st._loc), list(st._causes[0]), [list(z) for z in st._zones],
            list(st._masks)) == before
    assert board.label(full)  # (a space of the board)
