"""A range whose ends read names chosen before it (`for a in 3..17, b in a..17`) is counted at its length
and its choices exactly (issue #40, helper doudizhu): Dou dizhu's airplane with five solo wings chooses its
wings lowest first, `a in 3..17, b in a..17, ..., e in d..17`, 8 x 11,628 choices, not 8 x 15^5 (refused
before at 6,075,000, over 200,000), and a definition's range over its parameters (`count(r in low..high
...)`) is counted at the call's arguments' span, not the runtime's longest (10,000 numbers)."""

from pathlib import Path

from rulespec.model import ir
from rulespec.model.cost import Cost, _span_prefix_counts
from rulespec.pipeline import check_rules

ROOT = Path(__file__).resolve().parents[2]
DOU_DIZHU = ROOT / "tests" / "newcomer" / "games" / "dou-dizhu.rules"


def _option(model, name):
    return next(o for s in model.steps for o in s.options if o.name == name)


def _listed(model, option: str) -> int:
    return next(e.rows for e in Cost(model).estimates() if e.what == f"the listing of option `{option}`")


def test_wings_chosen_lowest_first_are_counted_as_multisets():
    model = check_rules(DOU_DIZHU).model  # (refused before: 6,075,000 choices, at most 200,000)
    assert _listed(model, "play.airplane_5_solos") == 8 * 11_628  # 15 ranks, 5 with repeats: C(19, 5)
    assert _listed(model, "play.airplane_2_pairs") == 11 * 78  # 13 ranks, 2 apart: C(13, 2)
    assert _span_prefix_counts(_option(model, "airplane_3_solos").bindings) == [10, 150, 1200, 6800]


def test_a_range_over_a_definitions_parameters_is_counted_at_the_calls_span():
    model = check_rules(DOU_DIZHU).model
    cost = Cost(model)
    work = next(e.work for e in cost.estimates() if e.what == "the listing of option `play.solo_chain`")
    assert work < 5_000_000  # (refused before: 69,763,787 walked, at most 50,000,000)


def test_other_listings_are_counted_as_before():
    def number(n):
        return ir.Const("number", None, str(n), n)

    one = ir.Binding("a", "number", ir.Span("numbers", None, "1..6", number(1), number(6)))
    zone = ir.Binding("c", "item", ir.ZoneRef("items", None, "hand", "hand", None))
    assert _span_prefix_counts((one,)) == [6]
    assert _span_prefix_counts((one, zone)) is None  # a zone: as its size says
    x = ir.Var("number", None, "x", "x")
    unread = ir.Binding("b", "number", ir.Span("numbers", None, "x..6", x, number(6)))  # a name not chosen here
    assert _span_prefix_counts((one, unread)) is None
