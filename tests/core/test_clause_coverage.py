"""Every clause of a rulebook's catalogue that is in scope is cited by its rule file."""

import re
from pathlib import Path

import pytest

import rulespec

SHARED = Path(__file__).resolve().parents[3] / "shared" / "rulebooks"

# Catalogue clauses encoded by later work, per game (none left for Shell We?).
NOT_YET_IN_SCOPE = {
    "shell-we": r"^$",
    "shrimp": r"^$",
}


def catalogue_clauses(game: str) -> list[str]:
    text = (SHARED / f"{game}.clauses.md").read_text(encoding="utf-8")
    # Clause rows look like "| 12 | SHELL-SETUP-3 | ...": a running number, then the ID.
    return list(dict.fromkeys(re.findall(r"^\|\s*\d+\s*\|\s*([A-Z]+-[A-Z]+-\d+)\s*\|", text, re.M)))


@pytest.mark.skipif(not SHARED.exists(), reason="the shared rulebooks are not beside this checkout")
@pytest.mark.parametrize("game", sorted(NOT_YET_IN_SCOPE))
def test_every_in_scope_clause_is_cited(game):
    clauses = catalogue_clauses(game)
    assert len(clauses) > 50, "the catalogue was not read"
    excluded = re.compile(NOT_YET_IN_SCOPE[game])
    in_scope = [c for c in clauses if not excluded.match(c)]
    base = rulespec.compile_rules(game)
    cited = set(base.cited_clauses())
    for variant, _ in base.variants_available:  # a variant's clauses are cited where the variant changes the game
        cited |= rulespec.compile_rules(game, variants=[variant]).cited_clauses()
    missing = [c for c in in_scope if c not in cited]
    assert not missing, f"{game}: clauses not cited by the rule file: {missing}"


@pytest.mark.skipif(not SHARED.exists(), reason="the shared rulebooks are not beside this checkout")
def test_cited_clause_ids_exist_in_the_catalogue():
    text = (SHARED / "shell-we.clauses.md").read_text(encoding="utf-8")
    known = set(re.findall(r"SHELL-[A-Z]+-\d+", text))
    model = rulespec.compile_rules("shell-we")
    rulings = {r.name for r in model.rulings}
    unknown = sorted(c for c in model.cited_clauses() if c not in known and c not in rulings)
    assert not unknown, f"cited but not in the catalogue: {unknown}"
