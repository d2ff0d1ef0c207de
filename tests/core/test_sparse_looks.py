"""Two levers of a position's key (runtime/repetition.py, #40), found on the newcomer's Kriegspiel, which keeps
4,745 slips that never change beside 32 pieces whose kind can change: (a) Looks.now reads the looks of the items
whose attribute can change only, where they are few among many; (b) a zone (not stacked) of items alone in what
they show (no other item shows the same, none can change) is keyed by its items, sorted, not by their looks.
Both fire there and not on chess (every item may change); in lock step, the same seeded games played with the
levers and without them (Looks.SPARSE, Looks.ALONE off) give the same looks, the same positions (the keys' digests)
and counts, the same legal actions and the same returns at every step."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import rulespec
from rulespec.runtime import repetition
from rulespec.runtime.repetition import Looks

ROOT = Path(__file__).resolve().parents[2]
KRIEGSPIEL = ROOT / "tests" / "newcomer" / "games" / "kriegspiel.rules"


@lru_cache(maxsize=None)
def _kriegspiel():
    return rulespec.load(KRIEGSPIEL)


def _sparse(on: bool, do):
    was = Looks.SPARSE, Looks.ALONE
    Looks.SPARSE = Looks.ALONE = on
    try:
        return do()
    finally:
        Looks.SPARSE, Looks.ALONE = was


def test_the_lever_fires_on_few_changing_items_among_many_and_not_on_chess():
    kriegspiel = _kriegspiel()
    looks = kriegspiel._looks
    assert looks.changeable is not None and len(looks.changeable) == 32
    st = kriegspiel.new_game(2)
    now = looks.now(st)
    assert now is not looks.at_start and len(now) == len(looks.at_start)
    assert (looks.runs_first, looks.runs_last) == ([32], [4776])  # (the slips, after the 32 pieces)
    zones = repetition.exact_key(st)[5]
    assert [len(z[1]) for z in zones if z[:1] == ("alone",)] == [4745]
    chess = rulespec.load(ROOT / "rulebooks" / "chess.rules")._looks
    assert chess.changeable is None and chess.runs_first == []


def test_kriegspiel_in_lock_step_with_and_without_the_lever():
    game = _kriegspiel()
    for seed in range(1):
        rng = random.Random(seed)
        on, off = game.new_game(2), game.new_game(2)
        for _ in range(120):
            assert on.is_terminal() == off.is_terminal()
            if on.is_terminal():
                assert on.returns() == off.returns()
                break
            assert _sparse(True, lambda: game._looks.now(on)) == _sparse(False, lambda: game._looks.now(off))
            key_on = _sparse(True, lambda: repetition.exact_key(on))
            key_off = _sparse(False, lambda: repetition.exact_key(off))
            assert key_on != key_off  # (the slips keyed by their items, not their looks)
            assert repetition.digest_of(on, key_on) == repetition.digest_of(off, key_off)
            assert repetition.times_occurred(on) == repetition.times_occurred(off)
            seat = on.current_player()
            texts = [a.text for a in on.legal_actions(seat)]
            assert texts == [a.text for a in off.legal_actions(seat)]
            pick = rng.randrange(len(texts))
            _sparse(True, lambda: on.apply(on.legal_actions(seat)[pick]))
            _sparse(False, lambda: off.apply(off.legal_actions(seat)[pick]))
