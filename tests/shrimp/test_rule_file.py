"""rulebooks/shrimp.rules: every clause cited, every ambiguity ruled, the rulebook's examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulespec
from rulespec.pipeline import committed_engine_path, compile_rules, generate_source, resolve_path
from rulespec.pipeline.examples import run_examples

SHARED = Path(__file__).resolve().parents[3] / "shared" / "rulebooks"
CATALOGUE = SHARED / "shrimp.clauses.md"
needs_catalogue = pytest.mark.skipif(not CATALOGUE.exists(), reason="the shared rulebooks are not beside this checkout")


@pytest.fixture(scope="module")
def model():
    return compile_rules("shrimp")


@needs_catalogue
def test_every_clause_of_the_catalogue_is_cited(model):
    text = CATALOGUE.read_text(encoding="utf-8")
    clauses = re.findall(r"^\|\s*\d+\s*\|\s*(SHRIMP-[A-Z]+-\d+)\s*\|", text, re.M)
    assert len(clauses) == 62, "the catalogue was not read"
    missing = [c for c in clauses if c not in model.cited_clauses()]
    assert not missing, f"clauses not cited by rulebooks/shrimp.rules: {missing}"


@needs_catalogue
def test_every_ambiguity_has_a_ruling_that_is_applied(model):
    text = CATALOGUE.read_text(encoding="utf-8")
    ambiguities = sorted(set(re.findall(r"^\|\s*(SHRIMP-AMB-\d+)\s*\|", text, re.M)), key=lambda a: int(a.rsplit("-", 1)[1]))
    assert len(ambiguities) == 24
    declared = {r.name for r in model.rulings}
    assert not [a for a in ambiguities if a not in declared]
    applied = set()
    for group in (model.components, model.zones, model.counters, model.steps, model.insteads, model.ends,
                  model.scores, model.invariants, model.examples, model.leave_outs):
        for decl in group:
            applied.update(decl.rulings)
            for option in getattr(decl, "options", ()):
                applied.update(option.rulings)
    for single in (model.setup, model.turns, model.ranking):
        applied.update(single.rulings)
    applied.update(r for r in model.game_cites if r.startswith("SHRIMP-AMB"))
    not_applied = [a for a in ambiguities if a not in applied and a != "SHRIMP-AMB-1"]  # AMB-1: the game line
    assert not not_applied


@needs_catalogue
def test_every_cited_id_is_in_the_catalogue(model):
    known = set(re.findall(r"SHRIMP-[A-Z]+-\d+", CATALOGUE.read_text(encoding="utf-8")))
    unknown = sorted(c for c in model.cited_clauses() if c not in known)
    assert not unknown


def test_the_rulebooks_examples_3_to_10_are_executable_and_pass():
    game = rulespec.load("shrimp")
    results = run_examples(game)
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]
    titles = " ".join(r.title for r in results)
    for number in range(2, 11):
        assert f"Example {number}:" in titles or f"Example {number} again" in titles, number


def test_the_committed_engine_is_the_generated_one_and_loads():
    path = resolve_path("shrimp")
    source = generate_source(compile_rules(path), path)
    assert committed_engine_path("shrimp").read_text(encoding="utf-8") == source, "run `rulespec build`"
    game = rulespec.load("shrimp")
    assert type(game).__module__ == "rulespec._engines.shrimp"  # loaded from engines/shrimp.py by file
    assert (game.min_players, game.max_players, game.MAX_TURNS) == (2, 6, 82)
    state = game.new_game(4)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 81


def test_the_pictured_variant_ranks_by_pictured_shrimp():
    game = rulespec.load("shrimp", variants=["pictured"])
    for seed in range(6):
        outcome = rulespec.random_game(game, players=3, seed=seed).outcome()
        if outcome["end"] == "no_card":
            best = max(outcome["scores"]["shrimp"])
            first = [s for s, r in enumerate(outcome["ranking"]) if r == 1]
            assert len(first) == 1 and outcome["scores"]["shrimp"][first[0]] == best


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_gives_every_card_and_decks_differ_by_at_most_one(players):
    game = rulespec.load("shrimp")
    state = game.new_game(players)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[-1][0])
    base = state._t.zone_base["deck"]
    sizes = [len(state._zones[base + s]) for s in range(players)]
    assert sum(sizes) == 81 and max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)  # the first 81 mod n players get the extra card
    assert state.legal_actions()[0].player == 0  # player 1 (the youngest) turns first
