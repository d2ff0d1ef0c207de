"""A look-ahead's answer read once a listing (#40, round 12, helper shogi3): `only if C after it`, C reading none of
the option's own names, read once in the position a listing lists through runtime/read_answers.py's recording
view, and so answered for every candidate whose move (model/moved_spaces.py written_ahead: spaces, the pieces on
them, their attributes set, a piece from a zone) writes none of what it read. In lock step with the engine
generated without it (codegen/lean_look_ahead.py LISTED_ANSWERS off)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import lean_look_ahead
from rulespec.model.moved_spaces import moved_spaces, written_ahead
from rulespec.model.unread_ahead import steps_unread_ahead
from rulespec.pipeline import compile_rules
from rulespec.runtime import read_answers

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
WITHOUT = ((lean_look_ahead, "LISTED_ANSWERS", False),)

# file -> seeded games
FILES = {"tests/newcomer/games/shogi.rules": 2, "tests/newcomer/games/crazyhouse.rules": 3,
         "tests/newcomer/games/xiangqi.rules": 2, "rulebooks/chess.rules": 2}


@pytest.fixture
def always_asked(monkeypatch):
    """The lever asked of every candidate (no condition given up on for answering too few)."""
    monkeypatch.setattr(read_answers, "LISTED_TRIAL", 10 ** 9)
    for kept in (read_answers._listed_trial, read_answers._listed_given_up, read_answers._listed_passed):
        kept.clear()


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_engine_with_the_lever_plays_the_same_games(name, monkeypatch, always_asked):
    source, source_without, fast, slow = engines_with_and_without(ROOT / name, WITHOUT, "listed_answers")
    assert "answer_listed(st, listing, held_turn__" in source and "answer_listed" not in source_without
    answered = []
    asked = read_answers.answer_listed

    def counted(*args):
        known = asked(*args)
        answered.append(known is not None)
        return known

    generated = next(iter(type(fast).STEPS.values())).run.__globals__  # (the generated module's names)
    monkeypatch.setitem(generated, "answer_listed", counted)
    clone_lists = lambda s: s.clone().legal_actions()  # noqa: E731 (a clone lists alike)
    for seed in range(FILES[name]):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed), also=(clone_lists,))
    assert sum(answered) > len(answered) // 5  # (it fires, and answers a good share)


def test_what_shogis_moves_write():
    model = compile_rules(ROOT / "tests/newcomer/games/shogi.rules")
    turn = next(s for s in model.steps if s.name == "turn")
    found = {o.name: written_ahead(o, model, steps_unread_ahead(model)) for o in turn.options}
    # land takes what stands on t (its kind and colour set, before the piece from s comes), note_check passed over
    assert found["step"].spaces == ("t", "s") and found["step"].set_on == ("t",)
    assert set(found["step"].attributes) == {"kind", "colour"}
    # promote sets the kind of what stands on t after land: the piece that stood on s
    assert found["step_promoting"].set_on == ("t", "s")
    assert found["drop"].from_zone == ("t",) and found["drop"].spaces == ("t",) and not found["drop"].set_on
    # land's first write sets the kind of the piece taken to unpromoted(its kind): worked out before the move
    (space, attribute, value, then), = found["step"].settled
    assert (space, attribute, value.text, then.step) == ("t", "kind", "unpromoted(kind of occupant of t)", "land")
    assert found["step_promoting"].settled[0][:2] == ("t", "kind") and not found["drop"].settled
    assert all(moved_spaces(o, model) is None for o in turn.options)  # (answer_kept's forms: none of these)


def test_a_write_after_a_then_is_not_followed():
    model = compile_rules(ROOT / "rulebooks/chess.rules")
    turn = next(s for s in model.steps if s.name == "turn")
    for option in turn.options:
        found = written_ahead(option, model, steps_unread_ahead(model))
        if found is not None and moved_spaces(option, model) is not None:
            assert (found.board, found.spaces, found.sources) == (moved_spaces(option, model).board,
                                                                  moved_spaces(option, model).spaces,
                                                                  moved_spaces(option, model).sources)


class _Holder:
    """A state's parts a recorded condition may read: one board of four spaces (item 3 on space 1, item 5 on 3),
    six items (0 in a zone)."""

    def __init__(self):
        self._t = type("T", (), {"board_base": (1,)})()
        self.players, self._boards, self._loc = 2, [[-1, 3, -1, 5]], [0, 9, 9, 2, 9, 4]
        self._attrs = {"kind": ["a", "b", "c", "d", "e", "f", "none"]}


def test_what_it_read_decides(always_asked):
    st = _Holder()

    def beside(view, p):  # reads spaces 0 and 1, item 3's location and item 5's kind
        return view._boards[0][0] < 0 and view._boards[0][1] == 3 and view._loc[3] == p and view._attrs["kind"][5] == "f"

    listing = {}
    ask = read_answers.answer_listed
    assert ask(st, listing, beside, (2,), 0, (2,), (), (), (), ()) is True  # (2 unread)
    assert ask(st, listing, beside, (2,), 0, (1, 2), (1,), (), (), ()) is None  # (space 1 read)
    assert ask(st, listing, beside, (2,), 0, (2, 3), (3,), (), ("kind",), ()) is True  # (no attribute set)
    assert ask(st, listing, beside, (2,), 0, (2, 3), (3,), (3,), ("kind",), ()) is None  # (item 5's kind read)
    assert ask(st, listing, beside, (2,), 0, (2, 3), (3,), (2,), ("kind",), ()) is True  # (2 empty: nothing set)
    assert ask(st, listing, beside, (2,), 0, (2,), (), (), (), (2,)) is True  # (a piece from a zone on empty 2)
    assert ask(st, listing, beside, (2,), 0, (3,), (), (), (), (3,)) is None  # (3 holds a piece: carried out)
    assert ask(st, listing, beside, (2,), 0, (2,), (2,), (), (), ()) is None  # (nothing on 2 to move)
    st._loc[3] = 0  # (item 3 read in a zone: a piece from a zone may be it)
    assert ask(st, {}, beside, (0,), 0, (2,), (), (), (), (2,)) is None

    def iterates(view, p):
        return any(x >= 0 for x in view._boards[0])

    assert ask(st, {}, iterates, (0,), 0, (2,), (), (), (), ()) is None  # (a whole board walked: not recorded)


def test_an_attribute_set_to_the_value_it_holds_writes_nothing(always_asked):
    st = _Holder()

    def kind_of_5(view):  # reads item 5's kind (on space 3)
        return view._attrs["kind"][5] == "f"

    ask = read_answers.answer_listed
    same = lambda st, cell: ((cell, "kind", "f"),)  # noqa: E731 (the first write sets item 5's kind to "f")
    other = lambda st, cell: ((cell, "kind", "g"),)  # noqa: E731
    failing = lambda st, cell: 1 / 0  # noqa: E731
    assert ask(st, {}, kind_of_5, (), 0, (3,), (), (3,), ("kind",), (), same, (3,)) is True
    assert ask(st, {}, kind_of_5, (), 0, (3,), (), (3,), ("kind",), (), other, (3,)) is None
    assert ask(st, {}, kind_of_5, (), 0, (3,), (), (3,), ("kind",), (), failing, (3,)) is None
    assert ask(st, {}, kind_of_5, (), 0, (3,), (), (3,), ("kind",), ()) is None


def test_a_condition_seldom_answered_is_given_up(monkeypatch):
    monkeypatch.setattr(read_answers, "LISTED_TRIAL", 10)
    for kept in (read_answers._listed_trial, read_answers._listed_given_up, read_answers._listed_passed):
        kept.clear()
    st = _Holder()

    def reads_0(view):
        return view._boards[0][0] < 0

    def reads_1(view):
        return view._boards[0][1] >= 0

    for _ in range(10):  # (space 0 written: never answered; space 2: always)
        assert read_answers.answer_listed(st, {}, reads_0, (), 0, (0,), (), (), (), ()) is None
        assert read_answers.answer_listed(st, {}, reads_1, (), 0, (2,), (), (), (), ()) is True
    assert read_answers.answer_listed(st, {}, reads_0, (), 0, (2,), (), (), (), ()) is None  # (given up)
    assert read_answers.answer_listed(st, {}, reads_1, (), 0, (2,), (), (), (), ()) is True
    assert reads_0 in read_answers._listed_given_up and reads_1 in read_answers._listed_passed
