"""What each space shows, kept by the state for the keys of positions seen before (runtime/looks_kept.py). The
records must be exactly those made by reading every space afresh: Go (its superko: a board's positions), Oware
and chess (whole positions) are played with the looks kept and with them read afresh at every key, the records
compared after every step, through clones, read-backs and look-aheads; the looks kept are those of the boards
after every step; a game whose attributes can change reads them afresh."""

import random

import pytest

import rulespec
from rulespec.runtime import looks_kept, repetition


def _afresh(st) -> list:
    at = st._engine._looks.now(st).__getitem__
    return [list(map(at, cells)) for cells in st._boards]


def _never_kept(st, now=None) -> list:
    """looks_on as before it: read afresh at every key (``now``, the looks a key has made, ignored)."""
    return _afresh(st)


@pytest.mark.parametrize("game, options, seeds, steps, kept_there", [
    ("go", {"board_size": "5"}, range(8), 400, True),
    ("go", None, range(2), 400, True),
    ("oware", None, range(3), 400, True),
    ("chess", None, range(1), 60, False),  # (its pieces' attributes can change: read afresh)
])
def test_records_are_those_read_afresh(monkeypatch, game, options, seeds, steps, kept_there):
    engine = rulespec.load(game, options=options)
    kept = 0
    for seed in seeds:
        a, rng = engine.new_game(players=2), random.Random(seed)
        b = a.clone()
        step = 0
        while not a.is_terminal() and step < steps:
            if a._looks_on is not None:
                kept += 1
                assert a._looks_on == _afresh(a)
            with monkeypatch.context() as patch:
                patch.setattr(repetition, "looks_on", _never_kept)
                assert not b.is_terminal() and b.legal_actions() == a.legal_actions()
            assert a.to_json() == b.to_json()  # (the records written out among the rest)
            if step % 11 == 6:  # (a clone and a state read back make theirs again)
                a = a.clone() if seed % 2 else engine.from_json(a.to_json())
                assert a._looks_on is None
            actions = a.legal_actions()
            action = actions[rng.randrange(len(actions))]
            a.apply(action)
            with monkeypatch.context() as patch:
                patch.setattr(repetition, "looks_on", _never_kept)
                b.apply(str(action))
            step += 1
        assert a.to_json() == b.to_json() and a.is_terminal() == b.is_terminal()
    assert kept > 20 if kept_there else kept == 0


def test_a_look_ahead_undoes_its_changes_to_the_looks():
    engine = rulespec.load("go", options={"board_size": "5"})
    st, rng = engine.new_game(players=2), random.Random(2)
    while len(st.history) < 12:
        actions = st.legal_actions()
        st.apply(actions[rng.randrange(len(actions))])
    assert st._looks_on is not None
    before = [row.copy() for row in st._looks_on]
    stone = next(item for item in st._boards[0] if item >= 0)
    saved, _ = st._imagine_plain(0, "turn", ())
    try:
        st._move(stone, st._t.zone_base["bowl"], "test")
        assert st._looks_on == _afresh(st) != before
    finally:
        st._unimagine_plain(saved)
    assert st._looks_on == before == _afresh(st)


@pytest.mark.parametrize("game", ["othello", "chess"])
def test_no_looks_kept_where_an_attribute_can_change(game):
    engine = rulespec.load(game)
    st = engine.new_game(players=2)
    assert st._attrs is not None
    assert looks_kept.looks_on(st) == _afresh(st) and st._looks_on is None
