"""`count(c in Z where F and A of c = v)` over a shared zone, F reading only what never changes about the item
(its attributes, a seat's attribute) and A an attribute that can change: the generator counts only the items F
lets through (a module-level ItemsPassing table), each asked where it is and its A (runtime/helpers.py
count_located), not a test per item of the zone (codegen/counts.py located_count). Backgammon's `on` (15 of
the 30 checkers, no per-item comprehension) plays the same games as the engine generated without it, and an
item outside the zone is not counted. `any(c in Z where ...)` of that form (Z not stacked: the first in item
order is the zone's first) takes the first of those items (first_located)."""

import random
from pathlib import Path

from rulespec.codegen import counts, python as codegen
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
BACKGAMMON = ROOT / "rulebooks" / "backgammon.rules"


def _modules(monkeypatch):
    model = compile_rules(BACKGAMMON)
    fast_source = codegen.generate(model, BACKGAMMON.name)
    with monkeypatch.context() as patch:
        patch.setattr(counts.Counts, "located_count", lambda self, e: None)
        slow_source = codegen.generate(model, BACKGAMMON.name)
    return model, fast_source, slow_source


def test_backgammons_count_of_a_point_is_located(monkeypatch):
    _, fast_source, slow_source = _modules(monkeypatch)
    on = fast_source.split("def define_on(", 1)[1].split("\ndef ", 1)[0]
    assert ("count_located(st._loc, st._attrs['point'], ITEMS_PASSING_0[v_p], st._t.zone_base['table'], v_n)"
            in on)
    assert ("ITEMS_PASSING_0 = ItemsPassing(lambda v_c, v_p: (ITEM_ATTRS['colour'][v_c] == ('white', 'black')[v_p]), "
            "len(ITEM_KIND), False)  # colour of c = colour of p") in fast_source
    assert "count_located" not in slow_source and "ItemsPassing" not in slow_source
    # `any(k in table where colour of k = colour of player and point of k = n)`: the first of those items
    move = fast_source.split("def step_move(", 1)[1].split("\ndef ", 1)[0]
    assert ("first_located(st._loc, st._attrs['point'], ITEMS_PASSING_2[v_player], st._t.zone_base['table'], v_n)"
            in move)
    assert "first_located(st._loc, st._attrs['point'], ITEMS_PASSING_1[v_player], st._t.zone_base['table'], (25 - (v_n - v_d)))" in move
    # `point of c > 6` is no equality: all_home's count is as it was
    home = fast_source.split("def define_all_home(", 1)[1].split("\ndef ", 1)[0]
    assert "for v_c in pile_table:" in home


def test_backgammon_plays_the_same_games(monkeypatch):
    model, fast_source, slow_source = _modules(monkeypatch)
    fast = load_module_from_source(fast_source, "located_backgammon").GAME(None)
    slow = load_module_from_source(slow_source, "looped_backgammon").GAME(None)
    fast.model = slow.model = model
    for seed in range(4):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_an_item_outside_the_zone_is_not_counted(monkeypatch):
    _, fast_source, slow_source = _modules(monkeypatch)
    fast_module = load_module_from_source(fast_source, "located_backgammon_2")
    slow_module = load_module_from_source(slow_source, "looped_backgammon_2")
    st = fast_module.GAME(None).new_game(2)
    box = st._t.zone_base["box"]
    on_24 = [item for item in st._zones[st._t.zone_base["table"]] if st._attrs["point"][item] == 24]
    assert [fast_module.define_on(st, p, 24) for p in (0, 1)] == [2, 2]
    st._move(on_24[0], box, "test")  # a checker of the 24-point (its point unchanged) taken off the table
    counted = [(p, n, fast_module.define_on(st, p, n)) for p in (0, 1) for n in range(26)]
    assert counted == [(p, n, slow_module.define_on(st, p, n)) for p in (0, 1) for n in range(26)]
    assert sorted(fast_module.define_on(st, p, 24) for p in (0, 1)) == [1, 2]


def test_the_cost_prices_two_looks_an_item(monkeypatch):
    """The cost (model/cost.py) reads the same analysis (model/located.py): each item is asked where it is and
    its point, not the whole condition."""
    from rulespec.model import cost
    model = compile_rules(BACKGAMMON)
    on = next(d for d in model.definitions if d.name == "on")
    priced = cost.Cost(model)
    located = priced.expr(on.value)
    assert located == 1 + priced.expr(cost.located(on.value, frozenset()).value) + priced.tested(on.value) * 2
    monkeypatch.setattr(cost, "located", lambda e, zones: None)
    assert cost.Cost(model).expr(on.value) > 4 * located
