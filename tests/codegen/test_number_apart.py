"""A number followed by words that begin with a character no number's text has (codegen/two_names_apart.py
number_apart, #40, helper stepfloor): Liar's dice's `bid {quantity} x {face}` can never list two bids that read
alike, so its turn is marked distinct (no set of the listing's texts at each turn). Played in lock step with the
engine generated without it (which checks every listing for two alike). What breaks the proof is refused: words
that begin with a digit or a minus sign (`{quantity}1{face}`: 1 and 12 read as 11 and 2), no words between, a
first name that is not a number."""

import dataclasses
import random
import string
from pathlib import Path

import pytest

from rulespec.codegen import two_names_apart as apart
from rulespec.model import ir
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
LIARS_DICE = ROOT / "rulebooks" / "liars-dice.rules"


WITHOUT = ((apart, "number_apart", lambda binding, between: False),)


@pytest.mark.parametrize("path", [LIARS_DICE, ROOT / "house-rules" / "liars-dice-dudo.rules",
                                  ROOT / "house-rules" / "liars-dice-no-wilds.rules"])
def test_the_bids_are_distinct_and_play_the_same_games(path):
    source, source_without, fast, slow = engines_with_and_without(path, WITHOUT, "number_apart")
    assert fast.STEPS["turn"].distinct and not slow.STEPS["turn"].distinct
    changed = [line for line in source.splitlines() if line not in source_without.splitlines()]
    assert len(changed) == 1 and "choices=choices_turn, distinct=True" in changed[0]
    for seed in range(12):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


@pytest.mark.parametrize("path", [ROOT / "rulebooks" / "backgammon.rules",
                                  ROOT / "house-rules" / "backgammon-no-gammons.rules",
                                  ROOT / "tests" / "newcomer" / "games" / "nim.rules",
                                  ROOT / "tests" / "core" / "fixtures" / "phantom-marks.rules"])
def test_a_listing_of_kept_rows_no_longer_looks_for_two_alike(path):
    """Backgammon's `from {n} then {m}, the higher number first`, the newcomer's Nim's `pile:{r}, take:{n};`: their
    rows were kept (and the step distinct by the listing's own check, `kept.repeated`); that check is left out
    now, and the games are the same."""
    source, source_without, fast, slow = engines_with_and_without(path, WITHOUT, "number_apart")
    gone = [line.strip() for line in source_without.splitlines() if line not in source.splitlines()]
    assert gone == ["if kept.repeated:  # two rows read the same: the first is the one offered",
                    "rows = kept.first_of_each(rows)"]
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def _bid(model):
    return next(s for s in model.steps if s.name == "turn").options[0]


def _apart(model, option):
    parts = list(string.Formatter().parse(option.template))
    return apart.two_names_apart(model, False, option, option.bindings, parts)


def test_what_breaks_the_proof_is_refused():
    model = compile_rules(LIARS_DICE)
    bid = _bid(model)
    assert _apart(model, bid)
    assert _apart(model, dataclasses.replace(bid, template="bid {quantity}x{face}"))
    assert not _apart(model, dataclasses.replace(bid, template="bid {quantity}1{face}"))  # (1 and 12, 11 and 2)
    assert not _apart(model, dataclasses.replace(bid, template="bid {quantity}-{face}"))
    assert not _apart(model, dataclasses.replace(bid, template="bid {quantity}{face}"))
    assert not _apart(model, dataclasses.replace(bid, template="bid {quantity:>3} x {face}"))
    quantity = dataclasses.replace(bid.bindings[0], type=ir.SPACE)
    assert not apart.number_apart(quantity, " x ")
    assert apart.number_apart(bid.bindings[0], " x ") and not apart.number_apart(bid.bindings[0], "")
