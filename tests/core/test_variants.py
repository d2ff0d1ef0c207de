"""Variants are typed changes to named clauses: add, replace, remove; conflicts are reported."""

from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError

PEBBLES = Path(__file__).parent / "fixtures" / "pebbles.rules"


def test_variants_are_listed():
    game = rulespec.load(PEBBLES)
    assert game.variants == {
        "quick": "End when half the pebbles are down",
        "lazy": "Dropping is the only move",
        "sudden": "Anyone with three pebbles wins",
        "strict_end": "Only a full discard ends it",
        "lots": "Ties for first are drawn by lot",
    }


def test_replace_changes_the_end_condition():
    base = rulespec.random_game(rulespec.load(PEBBLES), players=2, seed=4)
    quick = rulespec.random_game(rulespec.load(PEBBLES, variants=["quick"]), players=2, seed=4)
    assert base.outcome()["end"] == quick.outcome()["end"] == "all_dropped"
    assert len(base.zones[base.t.zone_base["discard"]]) == 8
    assert len(quick.zones[quick.t.zone_base["discard"]]) in (4, 5)


def test_add_brings_a_new_end():
    state = rulespec.random_game(rulespec.load(PEBBLES, variants=["sudden"]), players=2, seed=1)
    assert state.outcome()["end"] == "three_in_hand"
    winner = state.outcome()["winners"]
    assert winner and len(state.zones[state.t.zone_base["hand"] + winner[0]]) >= 3


def test_compatible_variants_compose():
    game = rulespec.load(PEBBLES, variants=["quick", "sudden"])
    assert game.VARIANTS_APPLIED == ("quick", "sudden")
    assert rulespec.random_game(game, players=3, seed=2).is_terminal()


def test_two_variants_changing_one_clause_are_a_conflict_with_both_locations():
    with pytest.raises(RuleError) as error:
        rulespec.load(PEBBLES, variants=["quick", "strict_end"])
    report = str(error.value)
    assert "variants `quick` and `strict_end` both change `all_dropped`" in report
    lines = PEBBLES.read_text().splitlines()
    quick_line = next(i for i, l in enumerate(lines, 1) if "[PEB-11]:" in l and "replace" in l)
    strict_line = next(i for i, l in enumerate(lines, 1) if "[PEB-14]:" in l and "replace" in l)
    assert f"pebbles.rules:{strict_line}:" in report and f"pebbles.rules:{quick_line}:" in report


def test_unknown_variant_is_named_with_a_hint():
    with pytest.raises(RuleError, match="did you mean `quick`"):
        rulespec.load(PEBBLES, variants=["quik"])


def test_a_variant_changing_a_missing_clause_is_reported_even_unused(tmp_path):
    text = PEBBLES.read_text() + '''
variant ghost "Haunted" [PEB-15]:
  remove all_droped
'''
    path = tmp_path / "ghost.rules"
    path.write_text(text)
    with pytest.raises(RuleError) as error:
        rulespec.compile_rules(path)
    report = str(error.value)
    assert "variant `ghost` changes `all_droped`, which does not exist" in report
    assert "did you mean `all_dropped`?" in report


def test_replacement_effect_applies_only_when_its_condition_holds():
    game = rulespec.load(PEBBLES)
    state = game.new_game(players=2)
    state.apply("player 1: draw two")
    assert state.is_chance_node()
    state.apply(state.chance_outcomes()[0][0])
    state.apply(state.chance_outcomes()[0][0])
    # With a full heap both draws happened: the replacement did not apply.
    assert state.counters["taken"][0] == 2


def test_a_turn_where_nobody_can_act_is_an_error_not_a_hang(tmp_path):
    text = PEBBLES.read_text().replace("  at most 100 turns [PEB-1]\n", "")
    path = tmp_path / "stuck.rules"
    path.write_text(text)
    game = rulespec.load(path, variants=["lazy"])
    with pytest.raises(rulespec.RuleRuntimeError, match="no player can act"):
        game.new_game(players=2)


def test_a_tie_for_first_is_drawn_by_lot_as_a_chance_node():
    game = rulespec.load(PEBBLES, variants=["lots"])
    for seed in range(40):
        state = game.new_game(players=2)
        rng = __import__("random").Random(seed)
        while not state.is_terminal():
            if state.is_chance_node() and state.chance_outcomes()[0][0].text.startswith("lot:"):
                outcomes = state.chance_outcomes()
                assert sorted(a.text for a, _ in outcomes) == ["lot: player 1", "lot: player 2"]
                assert all(p == __import__("fractions").Fraction(1, 2) for _, p in outcomes)
                state.apply(outcomes[1][0])
                outcome = state.outcome()
                assert outcome["lot"] == 1 and outcome["winners"] == [1]
                assert outcome["ranking"] == [2, 1]
                assert outcome["scores"]["kept"][0] == outcome["scores"]["kept"][1]
                return
            actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    pytest.fail("no game ended in a tie for first")
