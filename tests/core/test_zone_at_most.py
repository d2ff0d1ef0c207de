"""`zone show: shared, public, at most 5`: a zone declared to hold at most N (a hand of ten cards, a crib of
four). The work estimate counts a walk over it as N long rather than as every component (Cribbage's show was
refused at 2.4e9 for a five-card zone); a refused estimate's hint names the zone it assumed may hold every
component and the fix; at run time a move that would put more in it is a rule error naming the zone's
declaration and the step, which verify reports as a broken rule; and an engine of a file that does not use
it is generated as before (tests/codegen: every bundled engine byte-identical, `build --check`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import python as codegen
from rulespec.language.errors import RuleError
from rulespec.lib.limits import LIMIT
from rulespec.model.cost import Cost
from rulespec.pipeline import load_module_from_source
from rulespec.runtime.common import RuleRuntimeError

SHOW = Path(__file__).parent / "zone_bounds" / "show.rules"
DEADWOOD = Path(__file__).parent / "zone_bounds" / "deadwood.rules"
CARDS = Path(rulespec.__file__).parent / "docs" / "ref_games" / "cards.rules"
BOUND = ", at most 5 [SH-2]"


def _write(tmp_path: Path, bound: str, name: str = "show.rules") -> Path:
    text = SHOW.read_text(encoding="utf-8")
    assert BOUND in text
    path = tmp_path / name
    path.write_text(text.replace(BOUND, bound + " [SH-2]"), encoding="utf-8")
    return path


def _count_show(model):
    step = next(s for s in model.steps if s.name == "count_show")
    return Cost(model).stmts(step.body)


def test_the_bound_lowers_the_estimate_of_a_walk_over_the_zone():
    model = rulespec.compile_rules(SHOW)
    zone = next(z for z in model.zones if z.name == "show")
    assert zone.at_most == 5
    loop = next(s for s in model.steps if s.name == "count_show").body[0]
    assert Cost(model).size(loop.domain) == 5
    assert _count_show(model) == 33_591  # four loops over five cards, a count over five for each


def test_without_the_bound_the_refusal_names_the_zone_it_assumed_and_the_fix(tmp_path):
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(_write(tmp_path, ""))
    message = str(caught.value)
    assert "show.rules:24:3: error: step `count_show` may walk 341,741,709 items" in message
    assert ("hint: the estimate assumed `show` (`a in show`, line 24) may hold all 52 components: if the rules bound "
            "it, say how many on the declaration (`zone show: ..., at most N`, line 8), and the walk is counted at "
            "that; otherwise, walk fewer things") in message


def test_definitions_nested_over_zones_as_gin_rummys_deadwood(tmp_path):
    """Gin rummy's first formulation: deadwood as definitions nested over the melds set out from a hand, refused
    at ~1e11 here; with the hand `at most 11` and the melds `at most 20` it is 4.9e6, and the refusal without
    them names both zones, followed through the definitions, at the walks' lines."""
    model = rulespec.compile_rules(DEADWOOD)
    listing = next(e for e in Cost(model).estimates() if e.what == "the listing of option `turn.knock`")
    assert listing.work == 4_913_693
    path = tmp_path / "deadwood.rules"
    path.write_text(DEADWOOD.read_text(encoding="utf-8").replace(", at most 11 [", " [").replace(", at most 20 [", " ["),
                    encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    message = str(caught.value)
    assert "deadwood.rules:45:3: error: the listing of option `turn.knock` may walk 103,028,717,389 items" in message
    assert ("hint: the estimate assumed `possible of p` (`a in possible of p`, line 34) and `hand of p` (`c in hand of "
            "p`, line 31) may hold all 208 components: if the rules bound them, say how many on the declaration "
            "(`zone possible: ..., at most N`, line 14; `zone hand: ..., at most N`, line 13), and the walks are "
            "counted at that") in message


def test_a_per_player_zone_named_for_every_player_holds_the_bound_for_each(tmp_path):
    model = rulespec.compile_rules(CARDS)
    cost = Cost(model)
    from rulespec.model import ir
    hand = next(z for z in model.zones if z.name == "hand")
    assert hand.at_most == 2 and hand.per_player
    one = ir.ZoneRef(ir.ZONE, None, "hand of p", "hand", ir.Const("seat", None, "p", 0))
    every = ir.ZoneRef(ir.ZONE, None, "hand", "hand", None)
    assert cost.size(one) == 2 and cost.size(every) == 2 * model.max_players


def test_a_move_that_would_overfill_the_zone_is_a_rule_error_at_both_lines(tmp_path):
    engine = rulespec.load(_write(tmp_path, ", at most 3", "low.rules"))
    with pytest.raises(RuleRuntimeError) as caught:
        rulespec.random_game(engine, players=2, seed=0)
    message = str(caught.value)
    assert message.startswith("zone `show` holds at most 3 (low.rules:8), and show holds 3: the rules put ")
    assert message.endswith("into it (at low.rules:18: What happens once the outcome of `lay_one` is known)")


def test_verify_reports_the_overfilled_zone_as_a_broken_rule(tmp_path):
    from rulespec.check.verify import verify
    report = verify(_write(tmp_path, ", at most 3", "low.rules"), players=2, max_examples=5, stateful_step_count=12,
                    seed=1, derandomize=True, save_counterexamples=None)
    assert not report.ok
    assert "zone `show` holds at most 3 (low.rules:8)" in report.render()


def test_a_zone_that_starts_with_more_is_refused(tmp_path):
    text = SHOW.read_text(encoding="utf-8").replace("holds every component in play [SH-2]",
                                                    "holds every component in play, at most 40 [SH-2]")
    path = tmp_path / "start.rules"
    path.write_text(text, encoding="utf-8")
    engine = rulespec.load(path)  # which components are in play is known when a game starts
    with pytest.raises(RuleRuntimeError, match=r"zone `deck` holds at most 40 \(start.rules:7\), and deck holds "
                                               r"52: the game starts with more in it"):
        engine.new_game(2)


def test_a_bound_below_one_is_refused_at_its_place(tmp_path):
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(_write(tmp_path, ", at most 0"))
    assert "show.rules:8:28: error: zone `show` would hold nothing (`at most 0`)" in str(caught.value)


def test_a_zone_that_starts_with_more_of_a_component_named_is_refused_at_its_bound(tmp_path):
    text = SHOW.read_text(encoding="utf-8").replace("holds every component in play [SH-2]",
                                                    "holds every card, at most 40 [SH-2]")
    path = tmp_path / "every.rules"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    assert ("every.rules:7:46: error: zone `deck` holds at most 40, but it starts with 52" in str(caught.value))


def test_the_english_says_the_bound():
    from rulespec.docs.english import English  # noqa: F401  (the docs site's text of a zone)
    model = rulespec.compile_rules(CARDS)
    hand = next(z for z in model.zones if z.name == "hand")
    from rulespec.docs.english.declarations import _zone
    assert "never holds more than 2 components" in " ".join(_zone(None, hand))


def test_the_bound_only_adds_a_check_the_game_plays_the_same(tmp_path):
    """Lock step: the reference's Cards with its hand `at most 2` and without it (the engine's ZONES line, its
    moves into the hand, written as State._move_bounded, and the source's hash alone differ), seeded games compared step by step."""
    from tests.codegen.lockstep import play_in_lock_step
    text = CARDS.read_text(encoding="utf-8")
    plain = tmp_path / "cards.rules"
    plain.write_text(text.replace(", at most 2 [CRD-3]", " [CRD-3]"), encoding="utf-8")
    engines = []
    for tag, path in (("bounded", CARDS), ("plain", plain)):
        source = codegen.generate(rulespec.compile_rules(path), "cards.rules")
        engines.append((source, load_module_from_source(source, f"zone_at_most_{tag}").GAME(None)))
    (bounded_source, bounded), (plain_source, unbounded) = engines
    differ = [line.strip() for line in bounded_source.splitlines() if line not in plain_source.splitlines()
              and not line.startswith("SOURCE_HASH = ")]
    assert len(differ) == 2 and any("at_most=2, line=10" in line for line in differ)
    assert "st._move_bounded(v_c, zone_hand + v_player, cause)" in differ
    assert "_move_bounded" not in plain_source
    for seed in range(6):
        players = 2 + seed % 3
        play_in_lock_step(bounded.new_game(players), unbounded.new_game(players), players, random.Random(seed))


def test_a_piece_taken_off_a_board_into_a_full_zone_is_refused_too(tmp_path):
    """`move occupant of s to Z` is written as State._lift (not _move): it refuses to overfill the zone alike."""
    text = (Path(rulespec.__file__).parents[1] / "rulebooks" / "checkers.rules").read_text(encoding="utf-8")
    assert "zone taken: shared, public [CHK-4]" in text
    path = tmp_path / "checkers.rules"
    path.write_text(text.replace("zone taken: shared, public [CHK-4]", "zone taken: shared, public, at most 1 [CHK-4]"),
                    encoding="utf-8")
    engine = rulespec.load(path)
    with pytest.raises(RuleRuntimeError, match=r"zone `taken` holds at most 1 \(checkers.rules:56\), and taken holds 1: "
                                               r"the rules put .* into it \(at checkers.rules:\d+"):
        for seed in range(20):
            rulespec.random_game(engine, players=2, seed=seed)


def test_a_state_read_back_with_a_zone_over_its_bound_is_refused(tmp_path):
    """A state read from JSON (a given position, a saved game) may not hold more than a zone's `at most N`: no
    move could make it, and the bounds worked out from it (Engine.MAX_MOVES) would not hold."""
    import json
    from rulespec.runtime.state_check import InvalidState
    engine = rulespec.load(_write(tmp_path, ", at most 3", "low.rules"))
    state = engine.new_game(2)
    data = json.loads(state.to_json())
    show = engine._tables(2, engine._option_values).zone_base["show"]
    data["zones"][show] = sorted(data["zones"][0][:4])
    data["zones"][0] = data["zones"][0][4:]
    with pytest.raises(InvalidState, match=r"zone show holds 4 items, but it is declared to hold at most 3 "
                                           r"\(low.rules:8\)"):
        engine.from_json(json.dumps(data))
