"""`size unseen` (a zone visibility that hides even how many components a zone holds, #11 F15): the
observation, the verify's hidden-information properties and the observation tensor read it; phantom
tic-tac-toe (tests/newcomer/games) uses it, as OpenSpiel's reveal-nothing observation does."""

from __future__ import annotations

import random
from pathlib import Path

import rulespec
from rulespec.adapters.tensors import TensorLayout
from rulespec.check.verify import Checks

PHANTOM = Path(__file__).resolve().parents[1] / "newcomer" / "games" / "phantom-ttt.rules"


def _played(game, *texts):
    state = game.new_game(2)
    for text in texts:
        state.apply(next(a for a in state.legal_actions() if a.text == text))
    return state


def test_the_owner_sees_the_zone_and_the_others_see_nothing_of_it():
    game = rulespec.load(PHANTOM)
    state = _played(game, "x(0,0)", "x(1,1)")
    mine, theirs = state.observation(0)["zones"]["marks"]
    assert mine == {"size": 1, "items": ["(1,1)"]}
    assert theirs == {}  # not even the size: the opponent's marks are unseen, not "1 unseen"
    assert state.observation(0)["zones"]["free"] == {}  # a hidden zone of unseen size: nothing
    declared = {zone.name: zone.size_unseen for zone in game.ZONES}
    assert declared == {"free": True, "marks": True, "found": True}


def test_two_positions_that_differ_in_the_size_of_an_unseen_zone_look_the_same():
    game = rulespec.load(PHANTOM)
    checks = Checks(game, 2, "phantom-ttt")
    one = _played(game, "x(0,0)", "x(1,1)")
    other = one.clone()  # as if player 2 had also run into a mark: one more in its `found`, one less free
    base = one._t.zone_base
    other._zones[base["found"] + 1].append(other._zones[base["free"]].pop())
    assert one.observation(0) == other.observation(0)
    assert one.observation(1) != other.observation(1)
    assert checks.differs_only_where_hidden(one, other, 0)
    assert not checks.differs_only_where_hidden(one, other, 1)  # player 2 sees its own zones


def test_the_tensor_of_a_seat_that_sees_nothing_of_a_zone_is_zero_there():
    game = rulespec.load(PHANTOM)
    layout = TensorLayout(game, 2)
    state = _played(game, "x(0,0)", "x(1,1)")
    tensor = [0.0] * layout.size
    layout.fill(tensor, state.observation(0), 0)
    at, size = layout.offsets["zone:marks:2"]
    assert tensor[at:at + size] == [0.0] * size
    at, size = layout.offsets["zone:marks:1"]
    assert tensor[at] == 1.0 and sum(tensor[at + 1:at + size]) == 1.0


def test_the_hidden_information_properties_hold_in_play():
    game = rulespec.load(PHANTOM)
    checks = Checks(game, 2, "phantom-ttt")
    for seed in range(5):
        checks.hidden_information_in_play(seed)  # a broken property raises PropertyFailure
    assert checks.counts.get("hidden_information", 0) >= 5, checks.counts
