"""A game's "How to play" page (rulespec/docs/howto.py): the rules in play order, in plain English, with the
board at the start, linked first from each of the game's pages."""

from __future__ import annotations

import re

import pytest

from rulespec.docs.howto import howto_page, howto_path
from rulespec.docs.site import _game_line, game_pages
from rulespec.docs.sources import load_source
from rulespec.pipeline import bundled_rulebooks

SECTIONS = ["What you need", "Setting up", "A turn", "The end", "Scoring and winning"]


@pytest.fixture(scope="module", params=sorted(bundled_rulebooks()))
def game(request):
    source = load_source(request.param)
    return source, howto_page(source, f"{request.param}/index.md")


def test_sections_come_in_play_order(game):
    source, page = game
    headings = re.findall(r"^## (.+)$", page.text, flags=re.M)
    shown = [h for h in headings if h in SECTIONS]
    assert shown == [s for s in SECTIONS if s in shown], headings
    assert {"What you need", "The end"} <= set(shown), headings
    assert "A turn" in shown or source.model.turn_step is None
    assert page.title == f"How to play {source.model.title}"


def test_every_link_leads_to_a_declaration_on_the_game_page(game):
    source, page = game
    anchors = {d.anchor for d in source.declarations}
    links = re.findall(r"\]\(index\.md#([^)]+)\)", page.text)
    assert links or not source.model.definitions
    assert set(links) <= anchors, set(links) - anchors
    assert not re.search(r"\]\(#", page.text)  # a bare anchor would lead nowhere on this page


def test_each_board_is_drawn_as_the_game_starts(game):
    source, page = game
    for board in source.model.boards:
        if board.lattice == "triangles":
            continue
        picture = f"img/how-to-play-{board.name}-start.svg"
        assert f"]({picture})" in page.text
        assert page.files[f"{source.model.game_id}/{picture}"].startswith("<svg")


def test_turn_steps_follow_the_turn_in_the_order_play_reaches_them():
    source = load_source("shell-we")
    text = howto_page(source, "shell-we/index.md").text
    turn = text.split("## A turn", 1)[1].split("## The end", 1)[0]
    order = [turn.index(f"### {name}") for name in ("Turn", "Second tile", "Consecutive bonus", "Resolve bonuses")]
    assert order == sorted(order)
    setup = text.split("## Setting up", 1)[1].split("## A turn", 1)[0]
    assert "### Draw tile" in setup and "### Starting tile" in setup and "### Draw tile" not in turn


def test_every_page_of_a_game_links_its_how_to_play_first():
    pages = game_pages(load_source("shrimp").path, "shrimp")
    howto = [p for p in pages if p.path == howto_path("shrimp/index.md")]
    assert len(howto) == 1 and howto[0].path == "shrimp/how-to-play.md"
    for page in pages:
        if page is howto[0]:
            continue
        body = page.text.split("\n# ", 1)[1].split("\n\n", 2)[1]  # the first paragraph under the title
        assert "[How to play](how-to-play.md)" in body, page.path
    line = _game_line(pages)
    assert "[how to play](shrimp/how-to-play.md)" in line and "variants:" in line
    assert "How to play" not in line.split("variants:", 1)[1]


def test_a_house_rules_how_to_play_is_named_after_its_page():
    assert howto_path("house-rules/heavy.md") == "house-rules/heavy-how-to-play.md"
    assert howto_path("index.md") == "how-to-play.md"
