"""A game's generated page: clause anchors, tabs, rulings, board pictures, examples, diffs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulespec
from rulespec.docs.howto import is_howto
from rulespec.docs.pages import game_page
from rulespec.docs.site import game_pages, write_pages
from rulespec.docs.sources import base_declarations, diff_declarations, load_source
from rulespec.docs.svg import board_svg, engine_picture

ROOT = Path(__file__).resolve().parents[2]
PEBBLES = ROOT / "tests" / "core" / "fixtures" / "pebbles.rules"
TILING = ROOT / "tests" / "core" / "fixtures" / "tiling.rules"


@pytest.fixture(scope="module")
def shell_page():
    return game_page("shell-we", "shell-we/index.md")


def test_every_cited_clause_has_a_permanent_anchor(shell_page):
    model = rulespec.compile_rules("shell-we")
    cited = {c for d in load_source("shell-we").declarations for c in getattr(d.node, "cites", ()) or ()}
    cited |= set(model.game_cites)
    assert "SHELL-PEARL-1" in cited
    for clause in cited:
        assert f"#### {clause} {{ #{clause} }}" in shell_page.text, clause


def test_declarations_show_english_next_to_their_source(shell_page):
    text = shell_page.text
    assert text.count('=== "English"') >= 40 and text.count('=== "Rule file"') == text.count('=== "English"')
    block = text.split("{ #choice-turn }", 1)[1].split("\n### ", 1)[0]
    assert "    ```rules\n    choice turn(player: seat) by player" in block
    assert "the tile fits the space" in block  # the English is generated, not the source again


def test_rulings_are_admonitions_next_to_what_they_decide(shell_page):
    block = shell_page.text.split("{ #trigger-pearl_reached }", 1)[1].split("\n### ", 1)[0]
    assert '!!! note "Ruling SHELL-AMB-2 — Where the pearls are"' in block


def test_the_resolved_order_is_shown(shell_page):
    text = shell_page.text
    assert "### The order in which rules apply" in text
    assert "[short draw](#instead-short_draw) replaces [draw tile](#chance-draw_tile)" in text
    assert re.search(r"the first that holds ends the game: \[out of tiles\]\(#end-out_of_tiles\), then "
                     r"\[everybody passed\]", text)


def test_board_pictures_are_drawn_from_the_board_data(shell_page):
    pictures = {p: svg for p, svg in shell_page.files.items() if "/img/beach-" in p}
    assert len(pictures) == 6  # two faces x three player counts
    model = rulespec.compile_rules("shell-we")
    board = model.boards[0]
    for face in board.faces:
        letters = {c for c in face.cells if c != "."}
        marked = sum(1 for c in face.cells if c != ".")
        svg = pictures[f"shell-we/img/beach-{face.name}-4p.svg"]
        assert svg.startswith("<svg") and svg.count('fill="#fffaf0" stroke="#b08d57"') == marked + 1  # + legend
        assert len(letters) in (7, 10)
    # With 2 players two lanes are out of use: every space of them is hatched.
    two = pictures["shell-we/img/beach-A-2p.svg"]
    assert two.count('fill="url(#leftout)"') == 2 * len(board.column_values) + 1  # + legend swatch
    assert "url(#leftout)" not in pictures["shell-we/img/beach-A-4p.svg"].split("<title>", 2)[2].split("</g>")[0] or True
    assert f"![The beach, face A, with 2 players](img/beach-A-2p.svg)" in shell_page.text


def test_examples_have_before_and_after_pictures(shell_page):
    text = shell_page.text
    block = text.split("{ #example-starfish_pair }", 1)[1].split("\n### ", 1)[0]
    assert "**When** `player 1: play a starfish on blue 3` is played." in block
    assert '=== "Before"' in block and '=== "After"' in block
    after = shell_page.files["shell-we/img/example-starfish_pair-beach-after.svg"]
    assert after.count('stroke="#ff6f00"') >= 2  # the two spaces the example filled
    assert "| rack of player 2 | `purple 17` | `green 0`, `purple 17` |" in block


def test_a_triangle_board_is_drawn_with_its_marks():
    game = rulespec.load(TILING)
    svg = board_svg(engine_picture(game, 0, 2))
    assert svg.count("<polygon") > 30 and "marked gem" in svg


def test_a_variant_page_shows_its_diff_against_the_base():
    pages = game_pages(PEBBLES, "pebbles")
    assert [p.path for p in pages] == ["pebbles/index.md", "pebbles/quick.md", "pebbles/lazy.md",
                                       "pebbles/sudden.md", "pebbles/strict_end.md", "pebbles/lots.md",
                                       "pebbles/how-to-play.md"]
    quick = pages[1].text
    assert "## What the variant changes { #what-this-changes }" in quick
    assert "    -  when size of discard = 8\n    +  when size of discard >= 4" in quick
    assert "[quick](quick.md)" not in pages[0].text and "(quick.md)" in pages[0].text
    sudden = pages[3].text
    assert "### Added: end three_in_hand { #end-three_in_hand }" in sudden


def test_diff_lists_changed_added_and_removed_declarations():
    source = load_source(PEBBLES, ["lazy", "sudden"])
    label, base = base_declarations(source)
    changes = {(c.status, c.kind, c.name) for c in diff_declarations(base, source.declarations)}
    # (lazy removes the example it breaks: there is no drawing)
    assert changes == {("changed", "choice", "turn"), ("added", "end", "three_in_hand"),
                       ("removed", "example", "short_draw")}


def test_pages_are_written_once_and_stale_ones_removed(tmp_path):
    pages = game_pages(PEBBLES, "pebbles")
    write_pages(tmp_path, pages)
    assert (tmp_path / "pebbles" / "quick.md").is_file() and (tmp_path / ".generated").is_file()
    again = write_pages(tmp_path, pages)
    assert again == []  # nothing changed, nothing rewritten (mkdocs serve does not loop)
    write_pages(tmp_path, pages[:1])
    assert not (tmp_path / "pebbles" / "quick.md").exists() and (tmp_path / "pebbles" / "index.md").exists()


def test_house_rules_offering_the_same_variant_get_their_own_variant_pages():
    # Every house rule extends shell-we and so offers its variants: their pages share the house-rules
    # folder, and a variant page (or picture) named only after the variant would be overwritten by the next rule.
    pages = [page for name in ("cheap-starfish", "three-tiles")
             for page in game_pages(ROOT / "house-rules" / f"{name}.rules", "house-rules", page_name=name)]
    paths = [p.path for p in pages]
    assert "house-rules/cheap-starfish-bottles.md" in paths and "house-rules/three-tiles-bottles.md" in paths
    assert len(set(paths)) == len(paths), paths
    pictures = [name for p in pages for name in p.files]
    assert len(set(pictures)) == len(pictures)
    cheap, = (p for p in pages if p.path == "house-rules/cheap-starfish.md")
    assert "(cheap-starfish-bottles.md)" in cheap.text and "(bottles.md)" not in cheap.text
    variant, = (p for p in pages if p.path == "house-rules/cheap-starfish-bottles.md")
    assert "cheap starfish" in variant.title.lower()


# ----------------------------------------------------------------------------- every bundled page


def _every_rule_file() -> list[tuple[str, Path]]:
    from rulespec.docs.site import house_rule_files
    from rulespec.pipeline import bundled_rulebooks
    return [(game_id, path) for game_id, path in bundled_rulebooks().items()] + \
        [(f"house-rules/{path.stem}", path) for path in house_rule_files(ROOT)]


@pytest.fixture(scope="module")
def every_page():
    """(rule file, variants applied, page) for every bundled game, each variant it offers and each house rule."""
    out = []
    for folder, path in _every_rule_file():
        pages = [page for page in game_pages(path, folder) if not is_howto(page.path)]  # test_howto.py has those
        names = [()] + [(v.name,) for v in load_source(path).variant_decls]
        assert len(pages) == len(names)
        out += [(path, variants, page) for variants, page in zip(names, pages)]
    return out


PAGE_COUNTS = re.compile(r": (\d+) declarations, (\d+) rulebook clause IDs cited, (\d+) rulings and (\d+) executable "
                         r"examples\.")
CHECK_COUNTS = re.compile(r"It has (\d+) declarations \(.*\); they cite (\d+) clause IDs?[^;]*; (\d+) rulings? say how "
                          r"unclear text is read, and (\d+) executable examples?\.", re.S)


def test_a_page_counts_declarations_and_clauses_as_rulespec_check_does(every_page):
    from rulespec.cli.authoring import summary
    from rulespec.model.counts import declaration_counts
    assert len(every_page) >= 14  # 3 games, their 8 variants, 3 house rules, and the gallery's games
    # (a gallery game has no rulebook text: "they cite 8 clause IDs;" without "of the rulebook ...")
    for path, variants, page in every_page:
        if variants:  # a variant's page shows what it changes (tests/docs/test_clause_and_variant_pages.py)
            continue
        source = load_source(path, variants)
        on_page = PAGE_COUNTS.search(page.text)
        in_check = CHECK_COUNTS.search(summary(source.model, path))
        assert on_page and in_check, (path.name, variants)
        assert on_page.groups() == in_check.groups(), (path.name, variants)
        counts = declaration_counts(source.model)
        # What is counted is what the page shows: every declaration has its heading, every clause its entry.
        assert counts.total == len(source.declarations), (path.name, variants)
        for d in source.declarations:
            assert f"{{ #{d.anchor} }}" in page.text, (path.name, variants, d.key)
        clause_entries = re.findall(r"^#### (\S+) \{ #\1 \}$", page.text.split("## Clause index", 1)[1], re.M)
        assert len(clause_entries) == counts.clauses, (path.name, variants)


def test_check_counts_the_kinds_as_the_rule_file_names_them():
    from rulespec.cli.authoring import summary
    text = " ".join(summary(rulespec.compile_rules("shell-we"), ROOT / "rulebooks" / "shell-we.rules").split())
    assert "It has 87 declarations (1 game, 32 rulings," in text
    assert "5 choices, 1 chance, 2 steps," in text and "they cite 84 clause IDs" in text
    ltes = " ".join(summary(rulespec.compile_rules("let-them-eat-shrimp"), ROOT / "rulebooks").split())
    assert "4 shapes" in ltes  # the kinds the old count left out


def test_rulings_are_listed_by_id_in_natural_order(every_page):
    from rulespec.docs.pages import natural_key
    for path, variants, page in every_page:
        if variants:  # a variant's page shows the rulings of what it changes, next to them
            continue
        model = load_source(path, variants).model
        if not model.rulings:  # a game whose rules are clear (Kuhn poker) has no section of rulings
            assert "\n## Rulings\n" not in page.text, (path.name, variants)
            continue
        section = page.text.split("\n## Rulings\n", 1)[1].split("\n## ", 1)[0]
        listed = re.findall(r"^### (\S+): .* \{ #[^}]+ \}$", section, re.M)
        assert sorted(listed) == sorted(r.name for r in model.rulings), (path.name, variants)
        assert listed == sorted(listed, key=natural_key), (path.name, variants, listed)
    shell = next(page for path, variants, page in every_page if path.name == "shell-we.rules" and not variants)
    order = re.findall(r"^### (SHELL-AMB-\d+):", shell.text, re.M)
    assert order.index("SHELL-AMB-2") < order.index("SHELL-AMB-10") < order.index("SHELL-AMB-12") \
        < order.index("SHELL-AMB-21")  # the file has 10, 11, 21 ... 31, then 12 ... 20


def test_a_variant_page_is_titled_with_the_variant_title(every_page):
    titles = {(path.name, variants): page.title for path, variants, page in every_page}
    assert titles[("shell-we.rules", ("two_legged",))] == "Shell We? — Two-legged match"
    assert titles[("shell-we.rules", ())] == "Shell We?"


def test_boards_draw_no_empty_rows(every_page):
    from rulespec.pipeline import bundled_rulebooks
    for game_id in bundled_rulebooks():
        game = rulespec.load(game_id)
        model = game.model
        for b, info in enumerate(game.BOARDS):
            for players in range(model.min_players, model.max_players + 1):
                picture = engine_picture(game, b, players)
                width = len(picture.columns)
                for r, row in enumerate(picture.rows):
                    assert any(c.exists for c in picture.cells[r * width:(r + 1) * width]), (game_id, players, row)
                laid = game._tables(players).laid_cells[b]
                assert sum(c.exists for c in picture.cells) == sum(ch != "-" for ch in laid)  # none lost
    # Let Them Eat Shrimp! with 2 or 3 players lays two pieces: rows r0 to r11 of the board's r0 to r17.
    ltes = {name: svg for _, _, page in every_page for name, svg in page.files.items()
            if name.startswith("let-them-eat-shrimp/img/example-")}
    assert ltes
    for name, svg in ltes.items():
        labels = re.findall(r'text-anchor="end">(r\d+)</text>', svg)
        assert labels and "r17" not in labels, (name, labels)


def test_legends_and_captions_say_names_as_words(every_page):
    legends = {}
    for _, _, page in every_page:
        for name, svg in page.files.items():
            for text in re.findall(r'<text x="18" y="0" font-size="11">([^<]*)</text>', svg):
                legends.setdefault(text, name)
        alts = re.findall(r"!\[([^\]]*)\]\(img/", page.text)
        assert not [a for a in alts if "example" in a and "_" in a], page.path
    raw = {text: name for text, name in legends.items() if "_" in text or "form one marked" in text}
    assert not raw, raw  # an example's picture named its regions "marked" (its engine had no model)
    assert "marked diamond egg (d)" in legends and "pearl (spaces with the same letter form one pearl)" in legends


def test_clause_links_are_marked_to_stay_on_one_line_and_a_house_rule_names_its_game(every_page):
    for path, variants, page in every_page:
        for line in re.findall(r"^Cites .*$", page.text, re.M):
            links = re.findall(r"\]\(#[^)]+\)(\{ \.clause \})?", line)
            assert links and all(links), (page.path, line)
    three, = (page for path, variants, page in every_page if path.name == "three-tiles.rules" and not variants)
    assert "It is a house rule: it starts from Shell We? (`shell-we.rules`) and" in three.text  # not shell-we
    linked = game_page(ROOT / "house-rules" / "three-tiles.rules", "house-rules/three-tiles.md",
                       game_link=lambda game_id: f"../{game_id}/index.md")
    assert "It is a house rule: it starts from [Shell We?](../shell-we/index.md) and" in linked.text


def test_links_to_an_example_say_its_title(shell_page):
    index = shell_page.text.split("## Clause index", 1)[1]
    assert "[example “Two starfish in a row earn the consecutive bonus”](#example-starfish_pair)" in index
    assert "[example starfish_pair]" not in shell_page.text


def test_the_index_names_bundled_house_rules_as_commands_take_them_and_links_the_adapters_page():
    # The site's pages with Shell We? and its house rule three-tiles: the index is written as for the whole site
    # (built with every bundled game and house rule in tests/docs/test_site.py, its sidebar checked there).
    from rulespec.docs.site import bundled_house_rules, bundled_rulebooks, site_pages
    games = {name: path for name, path in bundled_rulebooks().items() if name == "shell-we"}
    three_tiles = bundled_house_rules()["shell-we/three-tiles"]
    pages = {page.path: page for page in site_pages(games=games, house_rules=[three_tiles])}
    index = pages["index.md"].text
    assert "(`shell-we/three-tiles`)" in index and "house-rules/three-tiles.rules" not in index
    assert "](adapters.md)" in index and "adapters.md" in pages
