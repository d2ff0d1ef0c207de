"""A game's "How to play" page: the rules in the order a player meets them (what you need, setting up, a
turn, the end, scoring and winning), in plain English, with the board as it is at the start.

Written from the checked model like the game's own page (rulespec/docs/pages.py), from the same English
(rulespec/docs/english/): each declaration's sentences, grouped by when they matter in play rather than in
file order. The steps of a turn come in the order play reaches them: the turn's step, then each step it
starts with ``then`` or queues, depth first, as the game's page draws its call tree. Nothing here knows a
game; every name comes from the model. Every term links to its declaration on the game's page.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Iterable, Optional

from ..model import ir
from .english import English, game_overview, human
from .escape import md_text, yaml_str, html_attr
from .page_flow import _walk_statements
from .pages import GamePage, Page
from .sources import RuleSource
from .svg import board_svg, engine_picture

SUFFIX = "how-to-play"
TITLE_PREFIX = "How to play "


def howto_path(game_page_path: str) -> str:
    """``shell-we/index.md`` -> ``shell-we/how-to-play.md``; ``house-rules/heavy.md`` ->
    ``house-rules/heavy-how-to-play.md``."""
    path = PurePosixPath(game_page_path)
    name = SUFFIX if path.stem == "index" else f"{path.stem}-{SUFFIX}"
    return str(path.with_name(f"{name}.md"))


def is_howto(page_path: str) -> bool:
    return PurePosixPath(page_path).stem.endswith(SUFFIX)


def _started_steps(body: Iterable[ir.S]) -> list[str]:
    """The steps a body starts (``then``) or queues, in the order written."""
    found = []
    for s in _walk_statements(tuple(body)):
        if isinstance(s, (ir.Then, ir.Enqueue)):
            found.append(s.step)
    return list(dict.fromkeys(found))


def _reached(start: Optional[str], steps: dict[str, ir.Step], insteads: dict[str, list[ir.Instead]]) -> list[str]:
    """The steps play reaches from ``start``, depth first in the order each body starts them (a stack of
    its own: a ``then`` chain may be as long as the file allows)."""
    order: list[str] = []
    todo = [start] if start else []
    while todo:
        name = todo.pop()
        step = steps.get(name)
        if step is None or name in order:
            continue
        order.append(name)
        bodies = [step.body, *(o.body for o in step.options), *(i.body for i in insteads.get(name, ()))]
        started = [inner for body in bodies for inner in _started_steps(body)]
        todo.extend(reversed(list(dict.fromkeys(started))))
    return order


class HowToPlay:
    """The "How to play" page of one rule file, beside its game page ``game_page_path``."""

    def __init__(self, source: RuleSource, game_page_path: str):
        self.source = source
        self.model = source.model
        self.path = howto_path(game_page_path)
        game_file = PurePosixPath(game_page_path).name
        # A GamePage at this page's path: its links name declarations by their anchors on the game page,
        # and its pictures are stored under this page's name.
        self.pictures = GamePage(source, self.path)
        self.game_file = game_file
        self.en = English(self.model, link=self._link)
        self.steps = {s.name: s for s in self.model.steps}
        self.insteads: dict[str, list[ir.Instead]] = {}
        for i in self.model.insteads:
            self.insteads.setdefault(i.step, []).append(i)

    def _link(self, kind: str, name: str) -> Optional[str]:
        target = self.pictures._link(kind, name)
        return f"{self.game_file}{target}" if target else None

    def said(self, nodes: Iterable[object]) -> list[str]:
        lines: list[str] = []
        for node in nodes:
            lines += self.en.declaration(node)
        return lines

    def render(self) -> Page:
        m = self.model
        title = TITLE_PREFIX + m.title
        lines = ["---", f"title: {yaml_str(html_attr(title))}", "---", "", f"# {md_text(title)}", ""]
        lines += game_overview(self.en)
        lines += [f"This page tells the game in the order you play it, in plain English, written from the rule "
                  f"file. [The full rules]({self.game_file}) give every declaration next to its rule-file text, "
                  f"with examples and rulings; each linked word below leads there.", ""]
        sections = [("What you need", self.what_you_need()), ("Setting up", self.setting_up()),
                    ("A turn", self.a_turn()), ("The end", self.the_end()),
                    ("Scoring and winning", self.scoring()), ("Words used above", self.words())]
        for heading, body in sections:
            if body:
                lines += [f"## {heading}", ""] + body
        text = "\n".join(lines).rstrip() + "\n"
        while "\n\n\n" in text:
            text = text.replace("\n\n\n", "\n\n")
        return Page(self.path, text, dict(self.pictures.files), title)

    def what_you_need(self) -> list[str]:
        m = self.model
        dice = list(getattr(m, "dice", ()))
        made_by_dice = {d.name for d in dice} | {d.holder for d in dice} | {d.supply for d in dice} | \
            {d.lost for d in dice if getattr(d, "lost", None)}
        lines = self.said(c for c in m.components if c.name not in made_by_dice)
        lines += self.said(dice)
        lines += self.said(z for z in m.zones if z.name not in made_by_dice)
        lines += self.said(m.seat_attributes)
        lines += self.said(m.counters)
        lines += self.said(m.queues)
        for b, board in enumerate(m.boards):
            lines += self.en.declaration(board)
            lines += self.board_at_start(b, board)
        lines += self.said(getattr(m, "shapes", ()))
        lines += self.said(m.fits)
        return lines

    def board_at_start(self, b: int, board: ir.Board) -> list[str]:
        """The board as the game starts (after the set-up, with the fewest players and the default options)."""
        engine = self.pictures.engine
        players = m_players = self.model.min_players
        try:
            state = engine.new_game(players)
            picture = engine_picture(engine, b, players, state=state, model=self.model, table=False,
                                     caption=f"The {human(board.name)} at the start, {m_players} players")
        except Exception:  # a board no face of which applies with the default options: nothing to draw
            return []
        link = self.pictures.image(f"{board.name}-start", board_svg(picture))
        return [f"![The {human(board.name)} at the start of a game of {m_players} players]({link})", ""]

    def setting_up(self) -> list[str]:
        m = self.model
        lines = self.said(m.options) + self.said(m.leave_outs)
        if m.setup is not None:
            lines += ["Before the first turn:", ""] + self.en.declaration(m.setup)
            steps = dict(self.steps)
            steps["setup"] = m.setup
            for name in _reached("setup", steps, self.insteads)[1:]:
                lines += self.step(name)
        return lines

    def a_turn(self) -> list[str]:
        m = self.model
        lines = self.said([m.turns]) if m.turns is not None else []
        shown = set(_reached("setup", {**self.steps, "setup": m.setup}, self.insteads)) if m.setup else set()
        for name in _reached(m.turn_step, self.steps, self.insteads):
            if name not in shown:
                lines += self.step(name)
                shown.add(name)
        ends = {e.then_step for e in m.ends if e.then_step}
        rest = [s.name for s in m.steps if s.name not in shown and s.name not in ends]
        for name in rest:
            lines += self.step(name)
        if m.triggers:
            lines += ["### Whenever a component is placed", ""] + self.said(m.triggers)
        return lines

    def step(self, name: str) -> list[str]:
        step = self.steps[name]
        lines = [f"### {md_text(human(name)[:1].upper() + human(name)[1:])}", ""]
        lines += self.en.declaration(step)
        lines += self.said(self.insteads.get(name, ()))
        return lines

    def the_end(self) -> list[str]:
        m = self.model
        lines = self.said(m.ends)
        for name in _reached_all((e.then_step for e in m.ends if e.then_step), self.steps, self.insteads):
            lines += self.step(name)
        return lines

    def scoring(self) -> list[str]:
        m = self.model
        singles = [x for x in (m.ranking, getattr(m, "returns", None), m.match) if x is not None]
        return self.said(m.scores) + self.said(singles)

    def words(self) -> list[str]:
        definitions = list(getattr(self.model, "definitions", ()))
        if not definitions:
            return []
        return ["The rules above use these words, as the rule file defines them:", ""] + self.said(definitions)


def _reached_all(starts: Iterable[str], steps: dict[str, ir.Step], insteads: dict[str, list[ir.Instead]]) -> list[str]:
    order: list[str] = []
    for start in starts:
        order += [name for name in _reached(start, steps, insteads) if name not in order]
    return order


def howto_page(source: RuleSource, game_page_path: str) -> Page:
    """The "How to play" page of a rule file whose game page is at ``game_page_path``."""
    return HowToPlay(source, game_page_path).render()
