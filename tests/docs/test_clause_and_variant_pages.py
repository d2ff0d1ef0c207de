"""What a player reads on a clause's entry and on a variant's page (#42): each cited clause says what it says,
in the rule file's own words, beside the rules that encode it; a variant's page shows what the variant changes
(added, replaced, removed, in English) and sends the reader to the base game's page for the rest."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulespec
from rulespec.docs.site import game_pages
from rulespec.docs.sources import load_source

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = ("shell-we", "shrimp", "let-them-eat-shrimp")
# The bundled house rules of those rulebooks cite clause IDs of their own (HOUSE-...): they state them too.
HOUSE_RULES = tuple(str(p) for p in sorted((ROOT / "house-rules").glob("*.rules"))
                    if any(f'extends "{game}"' in p.read_text(encoding="utf-8") for game in RULEBOOKS))


@pytest.mark.parametrize("game", RULEBOOKS + HOUSE_RULES, ids=lambda g: Path(g).stem)
def test_every_clause_a_bundled_rulebook_cites_has_its_text(game):
    base = rulespec.compile_rules(game)
    for variants in [()] + [(name,) for name, _ in base.variants_available]:
        model = rulespec.compile_rules(game, variants=variants)
        said = {c.name for c in model.clause_texts}
        rulings = {r.name for r in model.rulings}
        missing = sorted(model.cited_clauses() - rulings - said)
        assert not missing, f"{game} {variants}: no `clause ID \"...\"` for {missing}"
        assert all(c.text.strip() for c in model.clause_texts)


@pytest.fixture(scope="module")
def shell_pages():
    return {page.path: page for page in game_pages(ROOT / "rulebooks" / "shell-we.rules", "shell-we")}


def test_a_clause_entry_says_what_the_clause_says(shell_pages):
    index = shell_pages["shell-we/index.md"].text.split("## Clause index", 1)[1]
    entry = index.split("#### SHELL-PEARL-1 { #SHELL-PEARL-1 }", 1)[1].split("\n#### ", 1)[0]
    text = {c.name: c.text for c in rulespec.compile_rules("shell-we").clause_texts}["SHELL-PEARL-1"]
    assert f"> {text}" in entry
    assert "Encoded by [trigger pearl_reached](#trigger-pearl_reached)" in entry


def test_a_declaration_shows_the_clauses_it_encodes_beside_its_english(shell_pages):
    block = shell_pages["shell-we/index.md"].text.split("{ #trigger-pearl_reached }", 1)[1].split("\n### ", 1)[0]
    quote, tabs = block.split('=== "English"', 1)
    assert '!!! quote "What the clauses say"' in quote
    assert "    [SHELL-PEARL-1](#SHELL-PEARL-1){ .clause }: Side A: placing a tile on a pearl space earns" in quote
    assert '=== "Rule file"' in tabs


def test_a_variant_page_shows_what_the_variant_changes_and_links_the_rest(shell_pages):
    base = shell_pages["shell-we/index.md"].text
    bottles = shell_pages["shell-we/bottles.md"].text
    assert "This page shows what the variant Message in a Bottle (`bottles`) changes in [Shell We?](index.md)" \
        in bottles
    assert "## What the variant changes { #what-this-changes }" in bottles
    source = load_source("shell-we", ["bottles"])
    whole = load_source("shell-we")
    added = [d for d in source.declarations if whole.find(*d.key) is None and d.kind != "example"]
    replaced = [d for d in source.declarations if (b := whole.find(*d.key)) is not None and b.text != d.text]
    unchanged = [d for d in source.declarations if (b := whole.find(*d.key)) is not None and b.text == d.text
                 and d.kind != "example"]
    assert added and replaced and unchanged
    for d in added:
        assert f"### Added: {d.title} {{ #{d.anchor} }}" in bottles, d.key
    for d in replaced:
        block = bottles.split(f"### Replaced: {d.title} {{ #{d.anchor} }}", 1)[1].split("\n### ", 1)[0]
        assert '=== "English"' in block and '=== "Before, in English"' in block and "```diff" in block
        assert f"[as in the game without the variant](index.md#{whole.find(*d.key).anchor})" in block
    removed = [d for d in whole.declarations if source.find(*d.key) is None and d.kind != "example"]
    assert [d.key for d in removed] == [("leave_out", "leave out every bottle")]
    gone = bottles.split("### Removed: leave out every bottle", 1)[1].split("\n## ", 1)[0]
    assert "In [the game without the variant](index.md#leave-out-every-bottle) it says:" in gone
    assert "Every bottle stays out of the game" in gone  # its English, from the base game
    for d in unchanged:  # not repeated: the base game's page has them
        assert f"{{ #{d.anchor} }}" not in bottles, d.key
    assert len(bottles) < len(base)
    # Every link into the page leads to an anchor on it, or to the base game's page.
    here = set(re.findall(r"\{ #([^\s}]+) \}", bottles))
    for anchor in re.findall(r"\]\(#([^)\s]+)\)", bottles):
        assert anchor in here, anchor
    assert re.search(r"\]\(index\.md#chance-draw_tile\)", bottles)  # an unchanged step, on the base page


def test_a_variant_page_runs_every_example_and_shows_its_own(shell_pages):
    legs = shell_pages["shell-we/two_legged.md"].text
    assert "## Examples with the variant" in legs
    assert "{ #example-leg_two_starting_tiles }" in legs and "img/two_legged-example-" in legs
    others = len([d for d in load_source("shell-we").declarations if d.kind == "example"
                  and not d.name.startswith("leg_two")])
    assert f"The {others} other examples of [Shell We?](index.md#examples) also run with the variant; " \
           f"{others} of them hold." in legs


def test_a_replaced_declaration_is_its_own_text_and_a_left_out_example_is_said():
    pages = {p.path: p.text for p in game_pages(ROOT / "tests" / "core" / "fixtures" / "pebbles.rules", "pebbles")}
    lazy = pages["pebbles/lazy.md"]
    assert "### Replaced: choice turn { #choice-turn }" in lazy
    assert "remove short_draw" not in lazy.split("```diff", 1)[0]  # the next change is not part of its text
    assert "The variant leaves out the example [short_draw](index.md#example-short_draw)." in lazy
