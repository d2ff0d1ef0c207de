"""A look-ahead's condition answered by what it read (#40, helper lookahead): `only if C after it`, C reading
none of the option's own names, read once on the position as it stands through a view that keeps what it reads
(runtime/read_answers.py), and so answered for every candidate whose move (model/moved_spaces.py) touches none
of it. In lock step with the engine generated without it (codegen/lean_look_ahead.py answer_kept_names)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import lean_look_ahead
from rulespec.codegen.lean_look_ahead import LeanLookAhead
from rulespec.model.moved_spaces import moved_spaces
from rulespec.pipeline import compile_rules
from rulespec.runtime import read_answers

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
EVALUATED = ((LeanLookAhead, "answer_kept_names", lambda self, step, option, after: None),)

# file -> seeded games
FILES = {"tests/newcomer/games/xiangqi.rules": 2, "rulebooks/chess.rules": 3}


@pytest.fixture
def always_asked(monkeypatch):
    """The lever asked of every candidate (no condition given up on for answering too few), and the listing's
    kept answer (tests/codegen/test_listed_answers.py), which answers the listings' candidates first, off."""
    monkeypatch.setattr(lean_look_ahead, "LISTED_ANSWERS", False)
    monkeypatch.setattr(read_answers, "TRIAL", 10 ** 9)
    for kept in (read_answers._trial, read_answers._given_up, read_answers._passed):
        kept.clear()


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_engine_with_the_lever_plays_the_same_games(name, always_asked):
    source, source_without, fast, slow = engines_with_and_without(ROOT / name, EVALUATED, "read_answers")
    assert "answer_kept(st, held_turn__" in source and "answer_kept" not in source_without
    clone_lists = lambda s: s.clone().legal_actions()  # noqa: E731 (a clone lists alike)
    for seed in range(FILES[name]):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed), also=(clone_lists,))
    answered = [n for held, (asked, n) in read_answers._trial.items() if held.__module__.startswith("read_answers")]
    assert answered and sum(answered) > 0  # (it fires)


def test_what_xiangqis_moves_write():
    model = compile_rules(ROOT / "tests/newcomer/games/xiangqi.rules")
    turn = next(s for s in model.steps if s.name == "turn")
    for option in turn.options:
        moved = moved_spaces(option, model)
        assert moved is not None and moved.board == "grid" and set(moved.spaces) == {"s", "t"}
        assert moved.sources == ("s",)  # (the capture, under its `if`, may find t empty)


def test_a_promotion_sets_an_attribute_and_is_carried_out():
    model = compile_rules(ROOT / "rulebooks/chess.rules")
    turn = next(s for s in model.steps if s.name == "turn")
    found = {o.name: moved_spaces(o, model) for o in turn.options}
    assert found["slide"] is not None and found["leap"] is not None
    assert any(m is None for m in found.values())  # (promotion, castling, en passant: carried out)


class _Holder:
    """A state's parts a recorded condition may read."""

    def __init__(self):
        self._t, self.players, self._boards, self._loc, self._attrs = object(), 2, [[-1, 3, -1, 5]], [1, 9, 9, 3, 9, 9], None
        self._zones = [[]]


def test_what_it_read_decides_and_anything_else_stops_the_recording(always_asked):
    st = _Holder()

    def beside(view, p):  # reads spaces 0 and 1 and item 3's location
        return view._boards[0][0] < 0 and view._boards[0][1] == 3 and view._loc[3] == p

    assert read_answers.answer_kept(st, beside, (3,), 0, (2, 3), (3,)) is True  # (2 and 3 unread)
    assert read_answers.answer_kept(st, beside, (3,), 0, (1, 2), (2,)) is None  # (space 2 empty: carried out)
    assert read_answers.answer_kept(st, beside, (3,), 0, (1, 3), (3,)) is None  # (space 1 read)
    st._boards[0][0] = 7  # (written since: recorded anew, and so answered anew)
    assert read_answers.answer_kept(st, beside, (3,), 0, (2, 3), (3,)) is False

    def zone(view, p):
        return len(view._zones[0]) == p

    assert read_answers.answer_kept(st, zone, (0,), 0, (3,), ()) is None
    assert read_answers._failed[zone] == 1

    def whole(view, p):
        return -1 in view._boards[0]

    assert read_answers.answer_kept(st, whole, (0,), 0, (3,), ()) is None
    assert read_answers._failed[whole] == 1
