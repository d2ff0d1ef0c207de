"""A walk over a zone whose condition reads only what never changes about the item (its component and
attributes, compared with constants and names bound outside) asks a table of that condition for every item
(codegen item_test, runtime ItemTests) in C loops: `any`, `first` and `count` give what the walk item by
item gives. Each engine below is also generated without the tables, and both are played in lock step on
random games: the same choices and chance outcomes at every step, the same observations, and at the end the
same history, counts of what fired, outcome, returns and JSON."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import python as codegen
from rulespec.pipeline import load_module_from_source
from rulespec.runtime.helpers import ItemTests

from .lockstep import play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("let-them-eat-shrimp", (), 2), ("let-them-eat-shrimp", ("advanced",), 5), ("shrimp", (), 3),
         ("shell-we", (), 2)]


def _engines(game_id: str, variants: tuple, monkeypatch):
    engine = rulespec.load(game_id, variants=list(variants))
    with monkeypatch.context() as patch:
        patch.setattr(codegen.CodeGenerator, "item_test", lambda self, e, listing=False: None)
        source = codegen.generate(engine.model, f"{game_id}.rules")
    assert "ItemTests" not in source
    plain = load_module_from_source(source, f"plain_items_{game_id.replace('-', '_')}").GAME(None)
    plain.model = engine.model
    return engine, plain


@pytest.mark.parametrize("game_id, variants, players", GAMES)
def test_item_tables_play_the_same_games(game_id, variants, players, monkeypatch):
    engine, plain = _engines(game_id, variants, monkeypatch)
    assert "ItemTests" in codegen.generate(engine.model, f"{game_id}.rules")
    for seed in range(3):
        fast, slow = engine.new_game(players), plain.new_game(players)
        # (the scores count with the tables too: the standings are compared along the way)
        play_in_lock_step(fast, slow, players, random.Random(seed), also=(lambda st: st.standing(),))


def test_a_table_holds_the_test_of_every_item_for_each_value():
    asked = []

    def test(item, wanted):
        asked.append((item, wanted))
        return item % 3 == wanted

    tests = ItemTests(test, 7)
    assert tests[1] == (False, True, False, False, True, False, False)
    assert tests[1] is tests[1] and len(asked) == 7  # worked out once per value
    several = ItemTests(lambda item, a, b: a <= item < b, 5, True)
    assert several[(1, 3)] == (False, True, True, False, False)
    assert ItemTests(lambda item: item > 2, 4, True)[()] == (False, False, False, True)
    for value in range(5000):  # at most 4,096 values kept
        tests[value]
    assert len(tests) <= 4097


LTES = (ROOT / "rulebooks" / "let-them-eat-shrimp.rules").read_text()


@pytest.mark.parametrize("condition, tabled", [
    ("count(f in supply where f is fish and kind of f = wanted) = 0", True),
    # the zone's size changes during a game: walked item by item, as before
    ("count(f in supply where f is fish and kind of f = wanted and size of supply > 0) = 0", False),
])
def test_only_a_condition_on_the_item_alone_is_tabled(condition, tabled, tmp_path):
    old = "count(f in supply where f is fish and kind of f = wanted) = 0"
    assert old in LTES
    path = tmp_path / "let-them-eat-shrimp.rules"
    path.write_text(LTES.replace(old, condition))
    source = codegen.generate(rulespec.compile_rules(path), "let-them-eat-shrimp.rules")
    applies = source[source.index("def applies_no_such_tile_left"):source.index("def instead_no_such_tile_left")]
    assert ("ITEM_TEST_" in applies) == tabled
    if tabled:
        assert "any(map(ITEM_TEST_" in applies and "[v_wanted].__getitem__, pile_supply))" in applies
        assert "lambda v_f, v_wanted: (ITEM_KIND[v_f] == 'fish' and (ITEM_ATTRS['kind'].get(v_f) == v_wanted))" in source
