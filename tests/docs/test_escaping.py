"""The site shows a rule file's texts as text and never runs them (issue #10, part 6).

A hostile copy of the reference's Lanes game (rulespec/docs/ref_games/lanes.rules) holds in every text
slot the rule language has (each STRING of grammars/rulespec.lark: the game's title and rulebook, the
ruling's title and lines, the option's title, the `shown as` template and so every item label, each
action template and outcome text, the invariants', examples', variants' and match's titles, the
`when` / `then` action texts) a tag naming the slot followed by PAYLOAD: raw HTML, an event handler
attribute, a `javascript:` link, Markdown emphasis, an attribute list, a backtick run, a table pipe,
an unclosed comment and a character reference. Its file name and a house rule extending it (whose
replaced option breaks one of the base's examples, so the failure message is shown too) carry some
as well. The docs are generated and built by MkDocs twice: as `rulespec docs FILE --html` does, and
as the whole site does (the index page, the house rule page with its diff, the variant pages).

Then every built HTML page, SVG picture and the search index are parsed (html.parser; the SVGs as
XML) and the elements and attributes really produced are checked: no script that alerts, no `on...`
attribute, no `javascript:` URL, no image or svg made from a rule text, no emphasis made from one,
no comment swallowing one; and every slot's text is still shown, as written, outside the code
blocks of the "Rule file" tabs.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

PAYLOAD = ("<script>alert(1)</script><img src=x onerror=alert(1)>'><svg onload=alert(1)>"
           "```|[x](javascript:alert(1))*bold*_u_<!--&lt;{: onclick=alert(1) }#!js ``x``")

# The session fixture builds a site: every test of this file on one xdist worker, so it is built once.
pytestmark = pytest.mark.xdist_group("hostile_sites")


def text(tag: str) -> str:
    """What a slot holds (and what the site must show): its tag, then the payload."""
    return f"{tag}{PAYLOAD}"


def template(tag: str) -> str:
    """What a template slot holds (an action text, an outcome, `shown as`): the same without braces,
    which a template only has around a value's name (the checker refuses `{{`, `{:` and the like)."""
    return text(tag).replace("{", "").replace("}", "")


LABEL = template("LABEL")  # what `shown as` adds to every tile's label


def tile(colour: str, number: int) -> str:
    return f"{colour} {number} {LABEL}"


def action(player: int, what: str) -> str:
    return f"player {player}: {what}"


def play(item: str, space: str) -> str:
    return f"play {item} on {space} {template('PLAY')}"


GAME_FILE = "hostile <img src=x onerror=alert(1)> [f](javascript:alert(1)) ``|.rules"
HOUSE_FILE = "house <svg onload=alert(1)> *em* |.rules"

GAME = f'''
game "{text('GAME')}" [LAN-1]
  id "hostile"
  rulebook "{text('BOOK')}"
  players 2 to 3 [LAN-1]
  at most 200 turns [LAN-1]

ruling LAN-AMB-1 "{text('RTITLE')}":
  "{text('RTEXT1')}"
  "{text('RTEXT2')}"

option layout "{text('OPTION')}": plain, marked default marked [LAN-2]

component tile: colour (red, blue, green) x number 1..4 [LAN-3]
  shown as "{{colour}} {{number}} {template('LABEL')}"
component joker x 2 [LAN-3]
component marker x 1 [LAN-3]

leave out every marker [LAN-3]
with 2 players leave out colour green [LAN-3]

zone pool: shared, hidden, holds every component in play [LAN-4]
zone hand: one per player, seen by owner [LAN-4]
zone box: shared, public, holds every component left out [LAN-4]

counter passes starts at 0 [LAN-8]
counter goals per player starts at 0 [LAN-6]
queue rewards [LAN-6]

board strip: rows colour, columns number 1..4, adjacency orthogonal [LAN-5]:
  region goal: one per letter [LAN-6] ruling LAN-AMB-1
  face plain when layout = plain [LAN-2]:
    red     . . . .
    blue    . . . .
    green   . . . .
  face marked when layout = marked [LAN-2]:
    red     . a . .
    blue    . a . b
    green   . . . b

fit tile on strip where colour of item = colour of space and number of item = number of space [LAN-5]
fit joker on strip [LAN-5]

setup [LAN-4]:
  for each p in players:
    repeat 3 times:
      then deal(p)

chance deal(player: seat) [LAN-4]:
  outcome "deal {{t}} {template('DEAL')}" for t drawn from pool
  move t to hand of player as deal

turns go clockwise from player 1, each turn runs turn [LAN-7]

choice turn(player: seat) by player [LAN-7]:
  option play "play {{t}} on {{s}} {template('PLAY')}" [LAN-7]:
    for t in hand of player, s in strip
    only if t fits s and s is empty and (s has an occupied neighbour or count(x in strip where x is occupied) = 0)
    set passes to 0
    place t on s as regular
    resolve rewards
  option draw "{template('DRAW')}" [LAN-7]:
    only if pool is not empty and not size of hand of player >= 6
    set passes to 0
    then deal(player)
  option pass "{template('PASS')}" [LAN-8]:
    only if pool is empty
    add 1 to passes

trigger goal_reached [LAN-6] ruling LAN-AMB-1:
  when placed on strip as regular
  if goal of space is complete:
    queue reward(player) in rewards
  else:
    nothing

step reward(player: seat) [LAN-6]:
  add 1 to goals of player

instead empty_pool [LAN-4]:
  of deal(player) if pool is empty
  nothing

end hand_empty [LAN-9]:
  checked after every step
  for each p in players
  when hand of p is empty and pool is empty
  winner p

end all_passed [LAN-8]:
  checked after every step
  when passes >= size of players

score points of p [LAN-10]:
  2 * goals of p + sum(number of t for t in hand of p where t is tile) - count(t in hand of p where t is joker)

ranking [LAN-10]:
  winner first
  lowest points
  ties share

invariant tiles_kept "{text('INV1')}" [LAN-11]:
  always count(t in pool) + count(t in hand) + count(s in strip where s is occupied) + count(t in box) = 15

invariant on_its_space "{text('INV2')}" [LAN-11]:
  when placed on strip
  item is joker or item fits space

invariant calm_rewards "{text('INV3')}" [LAN-11]:
  never queue in rewards from cause deal

example goal "{text('EX1')}" [LAN-6]:
  given 2 players
  given option layout is marked
  given strip: "{tile('red', 2)}"
  given hand of player 1: "{tile('blue', 2)}", "{tile('red', 1)}"
  given hand of player 2: "{tile('red', 4)}"
  given counter passes is 0
  given counter goals of player 1 is 0
  when "{action(1, play(tile('blue', 2), 'blue 2'))}"
  then goals of player 1 = 1
  then "{action(2, play(tile('red', 4), 'red 4'))}" is not legal

example joker_anywhere "{text('EX2')}" [LAN-5]:
  given 2 players
  given strip: "joker" at "blue 3", "{tile('red', 3)}"
  given hand of player 1: "joker", "{tile('blue', 4)}"
  given step turn(player 1)
  then "{action(1, play('joker', 'red 4'))}" is legal
  when "{action(1, play(tile('blue', 4), 'blue 4'))}"
  then size of hand of player 1 = 1

example out_of_tiles "{text('EX3')}" [LAN-9]:
  given 2 players
  given strip: "{tile('red', 1)}"
  given hand of player 1: "{tile('red', 2)}"
  given hand of player 2: "{tile('blue', 1)}"
  given box: "{tile('red', 3)}", "{tile('red', 4)}", "{tile('blue', 2)}", "{tile('blue', 3)}", "{tile('blue', 4)}", "joker", "joker"
  when "{action(1, play(tile('red', 2), 'red 2'))}"
  then game over by hand_empty

variant short "{text('VAR1')}" [LAN-12]:
  remove all_passed
  remove joker_anywhere
  replace end hand_empty [LAN-12]:
    checked after every step
    for each p in players
    when hand of p is empty
    winner p

variant both_layouts "{text('VAR2')}" [LAN-13]:
  add match both "{text('MATCH')}" [LAN-13]:
    leg with option layout is plain
    leg with option layout is marked
    totals add up points

variant big_draws "{text('VAR3')}" [LAN-14]:
  replace option turn.draw "{template('DRAW2')}" [LAN-14]:
    only if pool is not empty and not size of hand of player >= 5
    set passes to 0
    repeat 2 times:
      then deal(player)
'''.lstrip()

HOUSE = f'''
extends "{GAME_FILE}"

game "{text('HOUSE')}" [LAN-1]
  id "hostile-house"
  players 2 to 3 [LAN-1]
  at most 200 turns [LAN-1]

ruling HOUSE-AMB-1 "{text('HRTITLE')}":
  "{text('HRTEXT')}"

replace option turn.draw "{template('HDRAW')}" [HOUSE-2] ruling HOUSE-AMB-1:
  only if pool is not empty and not size of hand of player >= 4
  set passes to 0
  then deal(player)
'''.lstrip()

# Every slot the site shows outside the rule-file tabs (the rulebook's name is only in the source).
SHOWN = ["GAME", "RTITLE", "RTEXT1", "RTEXT2", "OPTION", "LABEL", "DEAL", "PLAY", "DRAW", "PASS", "INV1", "INV2",
         "INV3", "EX1", "EX2", "EX3", "VAR1", "VAR2", "VAR3", "MATCH", "DRAW2", "HOUSE", "HRTITLE", "HRTEXT", "HDRAW"]
SOURCE_ONLY = ["BOOK"]
TEMPLATES = {"LABEL", "DEAL", "PLAY", "DRAW", "PASS", "DRAW2", "HDRAW"}
# A text of the payload that Markdown or HTML would have turned into something else than itself.
EMPHASISED = {"bold", "u"}  # *bold* and _u_: no <em> or <strong> holds exactly these


class _Parsed(HTMLParser):
    """The elements, attributes, comments and text a browser would build from a page."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.comments: list[str] = []
        self.scripts: list[str] = []
        self.emphasis: list[str] = []
        self._text: list[str] = []
        self._depth = {"pre": 0, "script": 0, "style": 0, "em": 0, "strong": 0}
        self._emphasised: list[list[str]] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, attrs))
        if tag in self._depth:
            self._depth[tag] += 1
            if tag in ("em", "strong"):
                self._emphasised.append([])

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, attrs))

    def handle_endtag(self, tag):
        if tag in self._depth and self._depth[tag] > 0:
            self._depth[tag] -= 1
            if tag in ("em", "strong") and self._emphasised:
                self.emphasis.append("".join(self._emphasised.pop()))

    def handle_data(self, data):
        if self._depth["script"] or self._depth["style"]:
            self.scripts.append(data)
            return
        for collected in self._emphasised:
            collected.append(data)
        if not self._depth["pre"]:
            self._text.append(data)

    def handle_comment(self, data):
        self.comments.append(data)

    @property
    def text(self) -> str:
        """The visible text outside <pre> blocks, whitespace collapsed."""
        return " ".join("".join(self._text).split())


def _parse(html: str) -> _Parsed:
    parsed = _Parsed()
    parsed.feed(html)
    parsed.close()
    return parsed


def _problems(parsed: _Parsed, where: str) -> list[str]:
    problems = []
    for tag, attrs in parsed.elements:
        for name, value in attrs:
            value = value or ""
            if name.lower().startswith("on"):
                problems.append(f"{where}: <{tag}> has the event handler {name}={value!r}")
            url = re.sub(r"[\s\x00-\x1f]", "", value).lower()
            if url.startswith(("javascript:", "vbscript:", "data:text/html")) and url != "javascript:void(0)":
                problems.append(f"{where}: <{tag} {name}={value!r}>")  # (the theme's own links do nothing)
        if tag == "img" and dict(attrs).get("src") == "x":
            problems.append(f"{where}: an <img src=x> was made from a rule text")
    for script in parsed.scripts:
        if "alert(" in script:
            problems.append(f"{where}: a script runs {script[:80]!r}")
    for comment in parsed.comments:
        if "alert(" in comment or "LABEL" in comment or "javascript" in comment:
            problems.append(f"{where}: a comment swallowed rule text: <!--{comment[:80]}")
    for emphasised in parsed.emphasis:
        if emphasised.strip() in EMPHASISED:
            problems.append(f"{where}: rule text became emphasis: {emphasised!r}")
    return problems


@pytest.fixture(scope="session")
def hostile_sites(tmp_path_factory) -> dict[str, Path]:
    """The hostile game built as `rulespec docs FILE --html` does, and as part of a whole site."""
    pytest.importorskip("mkdocs", reason="the docs extra is not installed (pip install -e '.[docs]')")
    pytest.importorskip("material", reason="mkdocs-material is not installed (pip install -e '.[docs]')")
    from rulespec.docs.pages import Page
    from rulespec.docs.site import build_standalone, site_pages, standalone_config, write_pages, write_standalone
    from rulespec.docs.sources import clear_cache
    folder = tmp_path_factory.mktemp("hostile")
    game = folder / GAME_FILE
    game.write_text(GAME, encoding="utf-8")
    house = folder / HOUSE_FILE
    house.write_text(HOUSE, encoding="utf-8")
    sites = {}
    # `rulespec docs FILE --html`
    write_standalone(game, folder / "standalone")
    sites["standalone"] = build_standalone(folder / "standalone")
    # the whole site, with the hostile game as its only game and the house rule as its only house rule
    clear_cache()
    pages = [p for p in site_pages(folder, games={"hostile": game}, house_rules=[house]) if p.path != "tutorial.md"]
    pages.append(Page("tutorial.md", "# The tutorial\n\n(not part of this test)\n"))
    write_pages(folder / "whole" / "docs", pages)
    (folder / "whole" / "mkdocs.yml").write_text(standalone_config(pages[0].title), encoding="utf-8")
    sites["whole"] = build_standalone(folder / "whole")
    return sites


def _files(sites: dict[str, Path], pattern: str) -> list[tuple[str, Path]]:
    found = [(f"{name}/{path.relative_to(site)}", path) for name, site in sites.items()
             for path in sorted(site.rglob(pattern))]
    assert found, pattern
    return found


def test_the_hostile_game_checks_and_its_examples_play(hostile_sites):
    """The rule file is a real game: the texts reached every page (not refused, not left out)."""
    whole = hostile_sites["whole"]
    for page in ("hostile/index.html", "hostile/short/index.html", "hostile/both_layouts/index.html",
                 "hostile/big_draws/index.html", "index.html"):
        assert (whole / page).is_file(), page
    assert [p for p in (whole / "house-rules").rglob("index.html")], "the house rule's page"
    assert (hostile_sites["standalone"] / "index.html").is_file()


def test_no_page_runs_a_rule_text(hostile_sites):
    problems = []
    for where, path in _files(hostile_sites, "*.html"):
        problems += _problems(_parse(path.read_text(encoding="utf-8")), where)
    assert not problems, "\n".join(problems[:30]) + f"\n({len(problems)} problems)"


def test_every_rule_text_is_shown_as_written(hostile_sites):
    shown = {}
    for where, path in _files(hostile_sites, "*.html"):
        shown[where] = _parse(path.read_text(encoding="utf-8")).text
    everything = "\n".join(shown.values())
    missing = [tag for tag in SHOWN
               if " ".join((template(tag) if tag in TEMPLATES else text(tag)).split()) not in everything]
    assert not missing, f"not shown as written outside the rule-file tabs: {missing}"
    # the house rule's file name (the index page lists it) and the game's (its overview names it)
    assert " ".join(HOUSE_FILE.split()) in shown["whole/index.html"]
    assert GAME_FILE in shown["whole/hostile/index.html"]
    # the site's name, in the header of every page of `rulespec docs --html`
    assert text("GAME") in shown["standalone/index.html"].split("Skip to content", 1)[-1][:2000]


def test_the_rule_file_tabs_show_the_source_as_it_is(hostile_sites):
    """The "Rule file" tabs hold the file's own text (no backtick run in it closed a fence early)."""
    blocks: list[str] = []

    class _Blocks(_Parsed):
        current: list[str] | None = None

        def handle_starttag(self, tag, attrs):
            super().handle_starttag(tag, attrs)
            if tag == "pre":
                self.current = []

        def handle_endtag(self, tag):
            super().handle_endtag(tag)
            if tag == "pre" and self.current is not None:
                blocks.append("".join(self.current))
                self.current = None

        def handle_data(self, data):
            super().handle_data(data)
            if self.current is not None:
                self.current.append(data)

    page = _Blocks()
    page.feed((hostile_sites["whole"] / "hostile" / "index.html").read_text(encoding="utf-8"))
    source = "\n".join(blocks)
    for tag in ("GAME", "BOOK", "RTITLE", "RTEXT1", "RTEXT2", "OPTION", "INV1", "INV2", "INV3", "EX1", "EX2", "EX3"):
        assert f'"{text(tag)}"' in source, tag
    for tag in ("LABEL", "DEAL", "PLAY", "DRAW", "PASS"):
        assert template(tag) in source, tag
    assert f'when "{action(1, play(tile("blue", 2), "blue 2"))}"' in source


def test_the_search_index_holds_no_markup_from_a_rule_text(hostile_sites):
    for name, site in hostile_sites.items():
        index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
        problems = []
        for doc in index["docs"]:
            for field in ("title", "text"):  # the search box renders both as HTML
                problems += _problems(_parse(doc.get(field) or ""), f"{name} search: {doc['location']} {field}")
        assert not problems, "\n".join(problems[:30])
        titles = " ".join(_parse(doc["title"]).text for doc in index["docs"])
        assert text("EX1") in titles  # an example's heading, found as its text


def test_the_pictures_are_well_formed_and_run_nothing(hostile_sites):
    labels = 0
    for where, path in _files(hostile_sites, "*.svg"):
        content = path.read_text(encoding="utf-8")
        root = ET.fromstring(content)  # well-formed XML, or the picture would not load
        for element in root.iter():
            tag = element.tag.rsplit("}", 1)[-1]
            assert tag not in ("script", "foreignObject", "image", "a", "use"), f"{where}: <{tag}>"
            for name, value in element.attrib.items():
                assert not name.rsplit("}", 1)[-1].lower().startswith("on"), f"{where}: {name}={value!r}"
                assert "javascript" not in value.lower(), f"{where}: {name}={value!r}"
        labels += sum(LABEL in (element.text or "") for element in root.iter())
    assert labels, "the examples' pictures name the tiles by their labels"


# ----------------------------------------------------------------------------- the helpers on their own

NASTY = [PAYLOAD, "```", "````rules", "~~~", "- item", "1. first", "=== \"tab\"", "!!! note", "??? x", "# heading",
         "a | b", "`", "``x``", " `a` ", "three_in_hand", "__init__", "&amp; &#42; &lt;", "<!--", "x\\", "\\*",
         "[x]: javascript:alert(1)", "{: #id onclick=alert(1) }", ">quote", "+ plus", "a\tb", ":::", "ok"]


def _markdown(source: str) -> str:
    markdown = pytest.importorskip("markdown")
    pytest.importorskip("pymdownx")
    extensions = ["toc", "admonition", "attr_list", "md_in_html", "tables", "pymdownx.details",
                  "pymdownx.superfences", "pymdownx.highlight", "pymdownx.inlinehilite", "pymdownx.tabbed"]
    return markdown.markdown(source, extensions=extensions, extension_configs={"pymdownx.tabbed": {"alternate_style": True}})


@pytest.mark.parametrize("nasty", NASTY)
def test_md_text_shows_the_text_in_every_place_of_a_page(nasty):
    from rulespec.docs.escape import md_code, md_text, tab_title
    said = md_text(nasty)
    places = {
        "paragraph": said, "line start": f"x\n{said}", "heading": f"### {said} {{ #h }}",
        "link": f"[{said}](#h)", "image": f"![{said}](a.svg)",
        "table": f"| a | b |\n| --- | --- |\n| {said} | {md_code(nasty)} |",
        "admonition": f'!!! note "{tab_title(nasty)}"\n\n    {said}', "tab": f'=== "{tab_title(nasty)}"\n\n    {said}',
    }
    expected = " ".join(nasty.split())
    for place, source in places.items():
        parsed = _parse(_markdown(source))
        assert not _problems(parsed, place), place
        shown = parsed.text if place != "image" else " ".join(dict(parsed.elements[-1][1])["alt"].split())
        assert expected in shown, (place, source, shown)
        assert not [tag for tag, _ in parsed.elements if tag in ("em", "strong", "ul", "ol", "blockquote", "hr", "h1", "h2")
                    and place != "heading"], (place, parsed.elements)
    cells = [tag for tag, _ in _parse(_markdown(places["table"])).elements if tag == "td"]
    assert len(cells) == 2  # a pipe did not split the row


@pytest.mark.parametrize("nasty", NASTY)
def test_code_spans_and_fences_hold_the_text_exactly(nasty):
    from rulespec.docs.escape import fenced, md_code
    html = _markdown(f"a {md_code(nasty)} b")
    code = re.search(r"<code>(.*?)</code>", html, re.S)
    assert code, html
    assert " ".join(unescape(code.group(1)).split()) == " ".join(nasty.split()), html
    block = f"{nasty}\n```\n{nasty}"
    for indent in ("", "    "):
        source = "\n".join((['=== "Rule file"', ""] if indent else []) + fenced(block, "text", indent=indent))
        blocks = re.findall(r"<pre[^>]*>(.*?)</pre>", _markdown(source + "\n\nafter"), re.S)
        assert len(blocks) == 1, source
        assert unescape(re.sub(r"<[^>]+>", "", blocks[0])).rstrip("\n") == block.expandtabs(4), source
