"""A total over a zone of a value that reads only what never changes about the item, read from a table
(rulespec/codegen/item_values.py, #40): engines with it play in lock step with the engines generated without it
(the value worked out item by item), and only a value that cannot fail for any item is made a table."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.item_values import ItemValueTables

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]
WITHOUT = ((ItemValueTables, "item_value", lambda self, e: None),
           (ItemValueTables, "tabled_definition_table", lambda self, e: None))  # (nor the definition's table)


@pytest.mark.parametrize("path, players, games", [
    (ROOT / "tests" / "newcomer" / "games" / "blackjack.rules", 1, 80),  # card_value(c): min(rank of c, 10)
    (ROOT / "rulebooks" / "goofspiel.rules", 2, 20),  # value of c, the bids and the prizes won
])
def test_totals_from_a_table_agree_with_totals_item_by_item(path, players, games):
    source, source_without, engine, engine_without = engines_with_and_without(path, WITHOUT, "item_values")
    assert "ItemValues(" in source and "ItemValues(" not in source_without
    for seed in range(games):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))


@pytest.mark.parametrize("tokens, tables, item_by_item", [("", 1, 1), ("component token x 2 [T-1]", 0, 2)])
def test_a_value_that_could_fail_is_not_a_table(tmp_path, tokens, tables, item_by_item):
    """A remainder (by a number that may be 0) keeps its total as written; so does every total of an attribute
    some component lacks (a token has no rank)."""
    from rulespec.pipeline import compile_rules
    from rulespec.codegen.python import generate
    rules = tmp_path / "totals.rules"
    rules.write_text('''game "Totals" [T-1]
  id "totals"
  players 2 to 2 [T-1]
  at most 4 turns [T-1]

component card: rank 0..3 [T-1]
TOKENS
zone box: shared, public, holds every component in play [T-1]
zone hand: one per player, public [T-1]

turns go clockwise from player 1, each turn runs turn [T-1]

choice turn(player: seat) by player [T-1]:
  option pass "pass" [T-1]:
    nothing

end done [T-1]:
  checked after every turn
  when count(c in box) >= 0

score kept of p [T-1]:
  sum(12 mod (rank of c + 1) for c in hand of p) + sum(rank of c for c in hand of p)
'''.replace("TOKENS", tokens), encoding="utf-8")
    source = generate(compile_rules(rules), rules.name)
    assert source.count("ItemValues(") == tables and source.count("sum([") == item_by_item
