"""Parts of a position's key kept from one key to the next: a zone's "alone" key kept while the zone holds the same (runtime/repetition.py Looks.kept_alone_key, #40):
a zone (not stacked) of items alone in what they show is keyed by its items sorted; the key made last for each
zone is kept with a copy of what the zone held, and a zone holding exactly the same again (compared in full)
gets the very same tuple, hashed once, not sorted, made and hashed again. Fires on the newcomer's Kriegspiel
(4,745 slips in one zone) and not on chess (no such zone); in lock step, seeded games played with the lever and
without it (Looks.KEPT off) give equal keys, the same counts, legal actions and returns at every step, with
clones played between (one kept key per zone for every state of the game) and an undo. Likewise Looks.now's
numbers, kept while the values of the attributes it reads are the same (Kriegspiel: 32 pieces' kinds; dark
chess: every item's)."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import rulespec
from rulespec.runtime import repetition
from rulespec.runtime.repetition import Looks

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=None)
def _kriegspiel():
    return rulespec.load(ROOT / "tests" / "newcomer" / "games" / "kriegspiel.rules")


def _kept(on: bool, do):
    was = Looks.KEPT
    Looks.KEPT = on
    try:
        return do()
    finally:
        Looks.KEPT = was


def _alone_parts(key: tuple) -> list:
    return [part for part in key[5] if part[:1] == ("alone",)]


def test_the_lever_fires_on_a_zone_of_items_alone_and_not_on_chess():
    game = _kriegspiel()
    st = game.new_game(2)
    first, again = _alone_parts(repetition.exact_key(st)), _alone_parts(repetition.exact_key(st.clone()))
    assert len(first) == 1 and len(first[0][1]) == 4745 and again[0] is first[0]  # (kept, not made again)
    assert game._looks.kept_alone
    off = _kept(False, lambda: _alone_parts(repetition.exact_key(st)))
    assert off[0] == first[0] and off[0] is not first[0]
    chess = rulespec.load(ROOT / "rulebooks" / "chess.rules")
    chess_state = chess.new_game(2)
    repetition.exact_key(chess_state)
    assert chess._looks.kept_alone == {}


def test_kriegspiel_in_lock_step_with_and_without_the_lever():
    game = _kriegspiel()
    rng = random.Random(7)
    on = game.new_game(2)
    off = _kept(False, lambda: game.new_game(2))
    kept_again = 0
    for step in range(100):
        assert on.is_terminal() == off.is_terminal()
        if on.is_terminal():
            assert on.returns() == off.returns()
            break
        key_on = repetition.exact_key(on)
        key_off = _kept(False, lambda: repetition.exact_key(off))
        assert key_on == key_off and hash(key_on) == hash(key_off)
        assert game._looks.now(on) == _kept(False, lambda: game._looks.now(off))
        assert repetition.digest_of(on, key_on) == repetition.digest_of(off, key_off)
        assert repetition.times_occurred(on) == repetition.times_occurred(off)
        assert list(on._seen.values()) == list(off._seen.values())
        kept_again += _alone_parts(key_on)[0] is _alone_parts(repetition.exact_key(on))[0]
        seat = on.current_player()
        texts = [a.text for a in on.legal_actions(seat)]
        assert texts == [a.text for a in off.legal_actions(seat)]
        pick = rng.randrange(len(texts))
        if step % 10 == 5:  # a clone played a few steps between: the kept keys are now its zones'
            side = on.clone()
            for _ in range(3):
                if side.is_terminal():
                    break
                actions = side.legal_actions(side.current_player())
                side.apply(actions[rng.randrange(len(actions))])
                assert repetition.exact_key(side) == _kept(False, lambda: repetition.exact_key(side))
        if step == 40:  # an undo (a failed step's): the state played again from its origin
            on._undo(on._pending, len(on.history))
            assert repetition.exact_key(on) == key_off
        on.apply(on.legal_actions(seat)[pick])
        _kept(False, lambda: off.apply(off.legal_actions(seat)[pick]))
    assert kept_again > 0


def test_dark_chess_in_lock_step_with_and_without_the_lever():
    """Every item's attributes may change (Looks.now reads them all): now's numbers kept while they are the same."""
    game = rulespec.load(ROOT / "tests" / "newcomer" / "games" / "dark-chess.rules")
    assert game._looks.changeable is None
    rng = random.Random(3)
    on = game.new_game(2)
    off = _kept(False, lambda: game.new_game(2))
    kept = 0
    for _ in range(120):
        if on.is_terminal():
            assert off.is_terminal() and on.returns() == off.returns()
            break
        now = game._looks.now(on)
        kept += game._looks.now(on) is now
        assert now == _kept(False, lambda: game._looks.now(off))
        assert repetition.exact_key(on) == _kept(False, lambda: repetition.exact_key(off))
        assert list(on._seen.values()) == list(off._seen.values())
        seat = on.current_player()
        texts = [a.text for a in on.legal_actions(seat)]
        assert texts == [a.text for a in off.legal_actions(seat)]
        pick = rng.randrange(len(texts))
        if rng.random() < 0.2:  # a clone played a step between
            side = on.clone()
            side.apply(side.legal_actions(seat)[rng.randrange(len(texts))])
            if not side.is_terminal():
                assert repetition.exact_key(side) == _kept(False, lambda: repetition.exact_key(side))
        on.apply(on.legal_actions(seat)[pick])
        _kept(False, lambda: off.apply(off.legal_actions(seat)[pick]))
    assert kept > 0
