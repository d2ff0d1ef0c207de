"""Four levers found writing Tiny bridge (#40, helper tinybridge), each in lock step with the engine generated
without it: a definition that reads of the state only counters kept by their values and its arguments
(codegen/counter_definitions.py), `number of V` read from the attribute's module-level table of places
(codegen/expressions.py places_from_tables), payoffs that read no seat worked out once for every seat
(codegen/engine_class.py shared_returns, Engine.RETURNS_SHARED), and a definition of items reading `number of V`
read from its item table (codegen/item_definitions.py places_in_item_tables)."""

import gc
import random
from pathlib import Path

from rulespec.codegen import counter_definitions, engine_class, expressions, item_definitions
from rulespec.codegen.python import CodeGenerator, generate
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
TINY_BRIDGE = ROOT / "tests/newcomer/games/tiny-bridge-2p.rules"
SKAT = ROOT / "tests/newcomer/games/skat.rules"
KEPT = ((counter_definitions, "kept_by_counters", lambda: False),)
PLACES = ((expressions, "places_from_tables", lambda: False),)
SHARED = ((engine_class, "shared_returns", lambda: False),)
ITEM_PLACES = ((item_definitions, "places_in_item_tables", lambda: False),)
OH_HELL = ROOT / "tests/newcomer/games/oh-hell.rules"


def _module_of(engine) -> dict:
    return next(d for d in gc.get_referrers(type(engine)) if isinstance(d, dict) and "GENERATOR_VERSION" in d)


def _exact_returns(state) -> list:
    engine = state._engine
    return [engine.RETURNS[1](state, seat) for seat in range(state.players)]


def test_tiny_bridge_with_its_definitions_kept_plays_the_same_games():
    source, source_without, fast, slow = engines_with_and_without(TINY_BRIDGE, KEPT, "counter_definitions")
    assert "KEPT_double_dummy = {}" in source and "def worked_double_dummy(st, v_a1," in source
    assert "key = (st._counters['contract'], v_a1, v_a2, v_b1, v_b2, v_c1, v_c2, v_d1, v_d2, )" in source
    assert "KEPT_" not in source_without
    rng = random.Random(7)
    for _ in range(80):  # (short games: every contract, either bidder, the kept values met again)
        fast_state, slow_state = fast.new_game(2), slow.new_game(2)
        play_in_lock_step(fast_state, slow_state, 2, rng, also=(_exact_returns,))
        assert _exact_returns(fast_state) == _exact_returns(slow_state)
    assert len(_module_of(fast)["KEPT_double_dummy"]) > 0  # (it fires: values kept)


def test_which_definitions_are_kept():
    model = compile_rules(TINY_BRIDGE)
    generator = CodeGenerator(model, TINY_BRIDGE.name)
    keys = {d.name: generator.counter_keys(d) for d in model.definitions}
    assert keys["double_dummy"] == keys["taker"] == (("contract", False),)
    assert keys["beats"] is None and keys["better"] is None and keys["deal_score"] is None  # (too small)
    assert keys["card_number"] is None  # (of items alone, no counter: an item table's)
    assert keys["low_card"] is None and keys["south_low"] is None  # (they read zones)
    assert keys["trumps"] is None  # (no parameter)
    skat = compile_rules(SKAT)  # `same_suit(c, d)` reads `trump`, 80 nodes: below the worth of a look-up (measured)
    assert CodeGenerator(skat, SKAT.name).counter_keys(next(d for d in skat.definitions if d.name == "same_suit")) is None


def test_places_read_from_tables_play_the_same_games():
    source, source_without, fast, slow = engines_with_and_without(TINY_BRIDGE, PLACES, "places_from_tables")
    assert "PLACE_suit = {'hearts': 1, 'spades': 2, None: 0}" in source
    assert "PLACE_rank[ITEM_ATTRS['rank'].get(v_c)]" in source
    assert "PLACE_rank[" not in source_without and "{'jack': 1, 'queen': 2, 'king': 3, 'ace': 4, None: 0}[" in source_without
    rng = random.Random(3)
    for _ in range(40):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, rng)


def test_shared_returns_are_the_same_for_every_seat():
    source, source_without, fast, slow = engines_with_and_without(TINY_BRIDGE, SHARED, "shared_returns")
    assert "RETURNS_SHARED = True" in source and "RETURNS_SHARED" not in source_without
    assert fast.RETURNS_SHARED and not slow.RETURNS_SHARED
    rng = random.Random(5)
    for _ in range(40):
        fast_state, slow_state = fast.new_game(2), slow.new_game(2)
        play_in_lock_step(fast_state, slow_state, 2, rng, also=(lambda s: s.returns(),))
    skat = compile_rules(SKAT)
    assert "RETURNS_SHARED" not in generate(skat, SKAT.name)  # (a seat's own payoff: per seat)


def test_card_numbers_read_from_item_tables_play_the_same_games():
    source, source_without, fast, slow = engines_with_and_without(TINY_BRIDGE, ITEM_PLACES, "places_in_item_tables")
    assert "DEFINED_CARD_NUMBER = item_table(define_card_number, len(ITEM_KIND), 1)" in source
    assert "if (DEFINED_CARD_NUMBER[v_a] > DEFINED_CARD_NUMBER[v_b])]" in source  # (the deal's pick)
    assert "DEFINED_CARD_NUMBER" not in source_without
    assert len(_module_of(fast)["DEFINED_CARD_NUMBER"]) == 14  # (a bid, which has no suit, reads none's place: 0)
    rng = random.Random(11)
    for _ in range(40):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, rng)
    source, source_without, fast, slow = engines_with_and_without(OH_HELL, ITEM_PLACES, "places_in_item_tables")
    assert "DEFINED_" in source and source != source_without
    play_in_lock_step(fast.new_game(3), slow.new_game(3), 3, random.Random(1))
