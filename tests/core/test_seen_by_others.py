"""`seen by others`: a zone one per player that every seat sees but its owner (cards held facing away: a
Hanabi hand, an Indian poker card). The observation, the adapters' observation string and tensor, the
verify's hidden-information properties and the information-leak property over the adapters follow it;
a shared zone so declared is refused at its line. The fixture is the reference game facing.rules."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import Phase
from hypothesis import settings as Settings

import rulespec
from rulespec.adapters import core
from rulespec.adapters.session import new_session
from rulespec.adapters.tensors import TensorLayout
from rulespec.check.information_leak import information_state_leak
from rulespec.check.verify import Checks, verify
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check

FACING = Path(rulespec.__file__).parent / "docs" / "ref_games" / "facing.rules"


def _dealt(game, players: int = 3, seed: int = 1):
    """A game past its deal (every seat holds its card), before anyone has said."""
    state, rng = game.new_game(players), random.Random(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply(rng.choice(outcomes)[0])
    return state


def test_every_seat_sees_the_others_cards_and_only_the_size_of_its_own():
    game = rulespec.load(FACING)
    assert {zone.name: zone.visibility for zone in game.ZONES}["held"] == "others"
    state = _dealt(game)
    base = state._t.zone_base["held"]
    cards = [[game.ITEM_LABEL[i] for i in state._zones[base + owner]] for owner in range(3)]
    for seat in range(3):
        held = state.observation(seat)["zones"]["held"]
        for owner in range(3):
            expected = {"size": 1} if owner == seat else {"size": 1, "items": cards[owner]}
            assert held[owner] == expected, (seat, owner)


def test_the_adapters_observation_string_and_tensor_do_not_carry_the_seats_own_card():
    game = rulespec.load(FACING)
    session = new_session(core.game_key(str(FACING)), 2)
    while session.state.is_chance_node():
        session.apply(session.chance_outcomes()[0][0])
    layout = TensorLayout(game, 2)
    base = session.state._t.zone_base["held"]
    for seat in range(2):
        mine = game.ITEM_LABEL[session.state._zones[base + seat][0]]
        theirs = game.ITEM_LABEL[session.state._zones[base + 1 - seat][0]]
        text = session.observation_string(seat)
        assert f'"items":["{theirs}"]' in text and text.count('"items"') == 1, text
        tensor = session.observation_tensor(seat, layout)
        at, size = layout.offsets[f"zone:held:{seat + 1}"]
        assert list(tensor[at:at + size]) == [1.0] + [0.0] * (size - 1)  # its size, no card
        at, size = layout.offsets[f"zone:held:{2 - seat}"]
        assert tensor[at] == 1.0 and tensor[at + 1 + layout.label_index[theirs]] == 1.0


def test_the_leak_check_swaps_a_seats_own_card_and_its_observation_stays_the_same():
    game = rulespec.load(FACING)
    state = _dealt(game, players=2)
    checks = Checks(game, 2, "facing")
    for seat in range(2):
        hidden = {name for _, name, _ in checks.hidden_zone_instances(state, seat)}
        assert f"held of player {seat + 1}" in hidden and f"held of player {2 - seat}" not in hidden
        moved = False
        for rng_seed in range(10):
            variant, _ = checks.hidden_variant(state, seat, random.Random(rng_seed))
            assert variant.observation(seat) == state.observation(seat)
            moved |= variant._zones != state._zones
        assert moved


def test_the_properties_hold_in_play_and_through_the_adapters():
    game = rulespec.load(FACING)
    checks = Checks(game, 3, str(FACING))
    for seed in range(4):
        checks.hidden_information_in_play(seed)
        information_state_leak(checks, seed)  # a leak raises PropertyFailure
    assert checks.counts.get("hidden_information", 0) > 0 and checks.counts["information_state_leak"] > 8


def test_an_engine_that_shows_a_seat_its_own_card_is_caught():
    game = rulespec.load(FACING)

    class Peeking(type(game)):
        def _observation(self, st, seat):
            view = super()._observation(st, seat)
            mine = st._zones[st._t.zone_base["held"] + seat]
            view["zones"]["held"][seat]["peek"] = [self.ITEM_LABEL[i] for i in mine]
            return view

    report = verify(Peeking(), players=2, max_examples=10, stateful_step_count=6, max_applies=4,
                    save_counterexamples=None,
                    settings=Settings(phases=[Phase.generate], database=None, derandomize=True))
    caught = [f for f in report.failures if "peek" in f.message]  # (the first property to meet it reports it)
    assert caught and caught[0].property in ("hidden_information", "information_state"), report.render()


def test_the_english_says_it():
    from rulespec.docs.english import English
    model = rulespec.load(FACING).model
    zone = next(z for z in model.zones if z.name == "held")
    said = "\n".join(English(model).declaration(zone))
    assert "Every player but its owner sees what is in it" in said, said


def test_a_shared_zone_seen_by_others_is_refused_at_its_line():
    text = FACING.read_text().replace("zone deck: shared, hidden,", "zone deck: shared, seen by others,")
    with pytest.raises(RuleError) as caught:
        check(parse_text(text, "facing.rules"))
    errors = caught.value.diagnostics
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("zone deck:"))
    assert [(e.line, e.path) for e in errors] == [(line, "facing.rules")], [e.render() for e in errors]
    assert "`seen by others` but shared: it has no owner" in errors[0].message
