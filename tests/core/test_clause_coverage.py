"""Every clause of a rulebook's catalogue is cited by its rule file (a variant's by the variant).

The clause IDs are read from ``../shared/rulebooks/<game>.clauses.md`` when it is beside this
checkout, and from the copy of the ID list in ``tests/core/catalogue/`` otherwise (a clean clone in
CI); a test keeps the copy equal to the catalogue whenever both are there.
"""

import re
from pathlib import Path

import pytest

import rulespec

SHARED = Path(__file__).resolve().parents[3] / "shared" / "rulebooks"
COPIES = Path(__file__).resolve().parent / "catalogue"
GAMES = ("shell-we", "shrimp", "let-them-eat-shrimp")
PREFIX = {"shell-we": "SHELL", "shrimp": "SHRIMP", "let-them-eat-shrimp": "LTES"}


def catalogue_clauses(game: str) -> list[str]:
    text = (SHARED / f"{game}.clauses.md").read_text(encoding="utf-8")
    # Clause rows look like "| 12 | SHELL-SETUP-3 | ...": a running number, then the ID.
    return list(dict.fromkeys(re.findall(r"^\|\s*\d+\s*\|\s*([A-Z]+-[A-Z]+-\d+)\s*\|", text, re.M)))


def catalogue_invariants(game: str) -> list[str]:
    text = (SHARED / f"{game}.clauses.md").read_text(encoding="utf-8")
    return list(dict.fromkeys(re.findall(r"^\|\s*([A-Z]+-INV-\d+)\s*\|", text, re.M)))


def copied_clauses(game: str, what: str = "ids") -> list[str]:
    lines = (COPIES / f"{game}.{what}").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def clauses(game: str) -> list[str]:
    return catalogue_clauses(game) if SHARED.exists() else copied_clauses(game)


def invariants(game: str) -> list[str]:
    return catalogue_invariants(game) if SHARED.exists() else copied_clauses(game, "invariants")


@pytest.mark.skipif(not SHARED.exists(), reason="the shared rulebooks are not beside this checkout")
@pytest.mark.parametrize("game", GAMES)
def test_the_copied_clause_list_is_the_catalogues(game):
    assert copied_clauses(game) == catalogue_clauses(game)
    assert copied_clauses(game, "invariants") == catalogue_invariants(game)


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_is_cited(game):
    wanted = clauses(game)
    assert len(wanted) > 50, "the catalogue was not read"
    base = rulespec.compile_rules(game)
    cited = set(base.cited_clauses())
    for variant, _ in base.variants_available:  # a variant's clauses are cited where the variant changes the game
        cited |= rulespec.compile_rules(game, variants=[variant]).cited_clauses()
    missing = [c for c in wanted if c not in cited]
    assert not missing, f"{game}: clauses not cited by the rule file: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_cited_clause_ids_exist_in_the_catalogue(game):
    known = set(clauses(game)) | set(invariants(game))
    base = rulespec.compile_rules(game)
    models = [base] + [rulespec.compile_rules(game, variants=[v]) for v, _ in base.variants_available]
    rulings = {r.name for m in models for r in m.rulings}
    cited = set().union(*(m.cited_clauses() for m in models))
    unknown = sorted(c for c in cited if c not in known and c not in rulings)
    assert not unknown, f"cited but not in the catalogue: {unknown}"
    assert all(c.startswith(PREFIX[game] + "-") for c in cited)
