"""One game's pages: Markdown and SVG generated from its checked model.

``game_page`` renders a bundled game, a variant of it, or a house rule that ``extends`` a game:
overview, components, zones, board diagrams, how a game runs (with the resolved order of triggers,
replacement effects and end checks), every declaration as English next to its rule-file source in
content tabs, its clause IDs as permanent anchors, rulings as admonitions, executable examples as
given / when / then with the board before and after, the invariants, and, for a variant or a house
rule, what it changes as a diff against its base.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional, Sequence

from ..model import ir
from ..model.value_types import expand_items
from ..model.counts import declaration_counts
from .english import STEP_KINDS, English, code, example_line, game_overview, human, join, plural
from .escape import fenced, html_attr, md_code, md_text, tab_title, yaml_str
from .sources import Declaration, RuleSource, base_declarations, diff_declarations, load_source
from .svg import board_svg, engine_picture, face_picture, option_settings

SECTION_KINDS = {"invariant": "invariants", "example": "examples", "ruling": "rulings"}


@dataclass
class Page:
    """A generated page: its Markdown, and the pictures it links to (paths relative to the docs folder)."""

    path: str
    text: str
    files: dict[str, str] = field(default_factory=dict)
    title: str = ""


def clause_link(clause: str) -> str:
    """A link to a clause's entry in the index; the stylesheet keeps it on one line (no break at a hyphen:
    SHELL- / STAR-1)."""
    return f"[{md_text(clause)}](#{clause}){{ .clause }}"


def variant_titles(model: ir.Model) -> list[str]:
    """The titles of the variants applied (their names where a variant has none)."""
    titles = dict(model.variants_available)
    return [titles.get(name) or name for name in model.variants_applied]


def natural_key(text: str) -> list:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def indent(lines: Sequence[str], by: int = 4) -> list[str]:
    pad = " " * by
    return [pad + line if line.strip() else "" for line in lines]


def tabs(english: Sequence[str], source: str) -> list[str]:
    """mkdocs-material content tabs: the English next to the rule-file text."""
    lines = ['=== "English"', ""]
    lines += indent(list(english) or ["(nothing to say)"])
    lines += ["", '=== "Rule file"', ""]
    lines += fenced(source, "rules", indent="    ")
    lines += [""]
    return lines


def _cites_of(node: object) -> list[str]:
    cites = list(getattr(node, "cites", ()) or ())
    for option in getattr(node, "options", ()) or ():
        cites += list(option.cites)
    for face in getattr(node, "faces", ()) or ():
        cites += list(face.cites)
    return list(dict.fromkeys(cites))


def _rulings_of(node: object) -> list[str]:
    rulings = list(getattr(node, "rulings", ()) or ())
    for option in getattr(node, "options", ()) or ():
        rulings += list(option.rulings)
    for face in getattr(node, "faces", ()) or ():
        rulings += list(face.rulings)
    return list(dict.fromkeys(rulings))


# How deep the "what a turn can lead to" tree indents (the bundled games need 9 levels); a longer `then`
# chain is cut there, the rest of it described step by step under the rules.
CALL_TREE_DEPTH = 24


def _walk_statements(body: Sequence[ir.S]):
    """Every statement of a body and of the blocks inside it, in order (a walk with a stack of its own:
    blocks may nest as deep as the file allows)."""
    todo = [iter(body)]
    while todo:
        s = next(todo[-1], None)
        if s is None:
            todo.pop()
            continue
        yield s
        inners = [inner for inner in (getattr(s, attr, None) for attr in ("then", "otherwise", "body"))
                  if isinstance(inner, tuple)]
        todo.extend(iter(inner) for inner in reversed(inners))


class GamePage:
    """Builds the page of one rule file (with its variants applied)."""

    def __init__(self, source: RuleSource, page_path: str, *, game_link: Optional[Callable[[str], Optional[str]]] = None,
                 variant_link: Optional[Callable[[str], Optional[str]]] = None, engine=None,
                 howto_link: Optional[str] = None):
        self.source = source
        self.howto_link = howto_link  # the game's "How to play" page (rulespec/docs/howto.py), linked first
        self.model = source.model
        self.page_path = page_path  # e.g. "shell-we/index.md"
        self.folder = str(Path(page_path).parent).replace("\\", "/")
        self.stem = Path(page_path).stem
        self.game_link = game_link or (lambda game_id: None)
        self.variant_link = variant_link or (lambda name: None)
        self.decls = list(source.declarations)
        self.by_key = {d.key: d for d in self.decls}
        self.failed_examples: list[tuple[Declaration, str]] = []  # (example, why it fails): the site refuses them
        self.clauses = self._clause_users()
        self.clause_texts = {c.name: c.text for c in self.model.clause_texts}  # what each clause says
        self.en = English(self.model, link=self._link)
        self.files: dict[str, str] = {}
        self._engine = engine
        self._engines: dict = {}  # (face, in-use pattern) -> (engine with those options, a player count)

    # ---- links and names
    def _link(self, kind: str, name: str) -> Optional[str]:
        if kind == "option":
            d = self.by_key.get(("option", name))
        elif kind in ("step", "choice", "chance"):
            d = next((self.by_key[(k, name)] for k in ("step", "choice", "chance", "setup")
                      if (k, name) in self.by_key), None)
            if d is None:  # the chance step a `dice` declaration makes: the declaration says it
                dice = next((x for x in getattr(self.model, "dice", ()) if x.step == name), None)
                d = self.by_key.get(("dice", dice.name)) if dice is not None else None
        else:
            d = self.by_key.get((kind, name))
        return f"#{d.anchor}" if d is not None else None

    @property
    def engine(self):
        if self._engine is None:
            from .sources import cached_engine
            self._engine = cached_engine(self.source.path, self.source.variants)
        return self._engine

    def image(self, name: str, svg: str) -> str:
        """Store a picture next to the page; return the link the page uses."""
        slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-")
        prefix = "" if self.stem == "index" else f"{self.stem}-"
        relative = f"img/{prefix}{slug}.svg"
        self.files[f"{self.folder}/{relative}" if self.folder not in ("", ".") else relative] = svg
        return relative

    def _clause_users(self) -> dict[str, list[tuple[Declaration, str]]]:
        users: dict[str, list[tuple[Declaration, str]]] = {}
        for d in self.decls:
            node = d.node
            if d.kind == "game":
                for cite in self.model.game_cites:
                    users.setdefault(cite, []).append((d, ""))
                continue
            for cite in getattr(node, "cites", ()) or ():
                users.setdefault(cite, []).append((d, ""))
            for option in getattr(node, "options", ()) or ():
                for cite in option.cites:
                    users.setdefault(cite, []).append((d, f"option {option.name}"))
            for face in getattr(node, "faces", ()) or ():
                for cite in face.cites:
                    users.setdefault(cite, []).append((d, f"face {face.name}"))
        for v in self.source.variant_decls:  # a variant's own header cites clauses too (they are counted)
            entry = Declaration("variant", v.name, v.loc.file, v.loc.line, "", v, f"variant-{v.name}")
            for cite in v.cites:
                users.setdefault(cite, []).append((entry, ""))
        return users

    def cites_line(self, node: object) -> list[str]:
        """The clauses a declaration encodes: their links, and what each says (where the file states it),
        in a quote next to the formal rule and its English."""
        cites = self.model.game_cites if isinstance(node, ir.Model) else _cites_of(node)
        if not cites:
            return []
        said = [c for c in cites if c in self.clause_texts]
        lines = [] if len(said) == len(cites) else ["Cites " + ", ".join(clause_link(c) for c in cites) + ".", ""]
        if said:
            lines += [f'!!! quote "{"What the clause says" if len(said) == 1 else "What the clauses say"}"', ""]
            for c in said:
                lines += [f"    {clause_link(c)}: {md_text(self.clause_texts[c])}", ""]
        return lines

    def ruling_notes(self, node: object) -> list[str]:
        lines = []
        for rid in _rulings_of(node):
            ruling = next((r for r in self.model.rulings if r.name == rid), None)
            if ruling is None:
                continue
            target = self.by_key.get(("ruling", rid))
            lines += [f'!!! note "{tab_title(f"Ruling {rid} — {ruling.title}")}"', ""]
            lines += indent([md_text(part) for part in textwrap.wrap(ruling.text, 100, break_on_hyphens=False)])
            if target is not None:
                lines += ["", f"    [The ruling in the rule file](#{target.anchor})"]
            lines.append("")
        return lines

    def declaration_block(self, d: Declaration, level: int = 3) -> list[str]:
        lines = [f"{'#' * level} {md_text(d.title)} {{ #{d.anchor} }}", ""]
        lines += self.cites_line(d.node)
        if d.kind != "ruling":
            lines += self.ruling_notes(d.node)
        lines += tabs(self.english(d), d.text)
        return lines

    def english(self, d: Declaration) -> list[str]:
        if d.kind == "game":
            return game_overview(self.en)
        if d.node is None:
            return [f"({human(d.kind)} {md_text(d.name)})"]
        return self.en.declaration(d.node)

    # ---- sections
    def render(self, diff_section: Optional[list[str]] = None) -> Page:
        m = self.model
        title = m.title + (f" — {', '.join(variant_titles(m))}" if m.variants_applied else "")
        # The page's title for MkDocs (the nav, the header, <title>), as front matter: taken from the heading,
        # it would reach <title> through the theme's `striptags`, which turns `&lt;` back into `<`.
        front = ["---", f"title: {yaml_str(html_attr(title))}"]
        if not diff_section:  # a game's own page ranks above its variants' and house rules' copies of a clause
            front += ["search:", "  boost: 2"]
        lines = front + ["---", "", f"# {md_text(title)}", ""]
        if self.howto_link:
            game = md_text(self.model.title) + (" (without variants)" if m.variants_applied else "")
            lines += [f"New to {game}? Start with [How to play]({self.howto_link}): the game in the order you "
                      f"play it, in plain English. This page gives every rule next to its rule-file text.", ""]
        lines += self.overview()
        if diff_section:
            lines += diff_section
        lines += self.components()
        lines += self.boards()
        lines += self.flow()
        lines += self.rules()
        lines += self.invariants()
        lines += self.examples()
        lines += self.rulings()
        lines += self.variants()
        lines += self.clause_index()
        text = "\n".join(lines).rstrip() + "\n"
        text = re.sub(r"\n{3,}", "\n\n", text)
        return Page(self.page_path, text, dict(self.files), title)

    def overview(self) -> list[str]:
        m = self.model
        src = self.source
        shown = _shown_path(src.path)
        lines = game_overview(self.en)
        counts = declaration_counts(m)  # the numbers `rulespec check` prints
        lines += [f"This page is generated from the rule file {code(shown)}"
                  + (f" with the variant{'s' if len(m.variants_applied) > 1 else ''} "
                     f"{join([code(v) for v in m.variants_applied])} applied" if m.variants_applied else "")
                  + f": {counts.total} declarations, {counts.clauses} rulebook clause IDs cited, {counts.rulings} "
                    f"rulings and {counts.examples} executable "
                    f"examples. Every sentence below is written from the checked model; the “Rule file” tabs show "
                    f"the text it was checked from.", ""]
        if src.base_path is not None:
            base_id = _game_id_of(src.base_path)
            link = self.game_link(base_id) if base_id else None
            base_title = load_source(src.base_path).model.title  # the game by its title, as the sidebar has it
            base = (f"[{md_text(base_title)}]({link})" if link
                    else f"{md_text(base_title)} ({md_code(src.base_path.name)})")
            lines += [f"It is a house rule: it starts from {base} and replaces or adds the declarations listed "
                      f"under [What this changes](#what-this-changes).", ""]
        if m.variants_applied:
            link = self.variant_link("")
            if link:
                lines += [f"Without variants: [{md_text(m.title)}]({link}).", ""]
        if m.options:
            lines += ["Options: " + "; ".join(f"{md_text(o.title)} ({join([md_text(v) for v in o.values], 'or')}, "
                                             f"default {md_text(o.default)})" for o in m.options) + ".", ""]
        return lines

    def components(self) -> list[str]:
        m = self.model
        if not m.components and not m.zones:
            return []
        lines = ["## Components and zones", ""]
        # Dice are listed as the file declares them, not as the copies of each face the checker makes of them.
        dice = {d.name: d for d in getattr(m, "dice", ())}
        made_by_dice = {d.holder: d for d in dice.values()} | {d.supply: d for d in dice.values()} | \
            {d.lost: d for d in dice.values() if getattr(d, "lost", None)}
        if dice:
            lines += ["| dice | faces | how many | held in | who sees the faces |", "| --- | --- | --- | --- | --- |"]
            for d in dice.values():
                sees = {"public": "everybody", "hidden": "nobody (only the number)",
                        "owner": "its owner (others: the number)"}.get(d.visibility, d.visibility)
                count = md_text(d.count) if d.count.isdigit() else f"the option {md_code(d.count)}"
                lines.append(f"| [{human(d.name)}](#{self.by_key[('dice', d.name)].anchor}) | {human(d.attribute)}: "
                             f"{_values(d.values)} | {count} {'per player' if d.per_player else 'shared'} | "
                             f"{human(d.holder)} | {sees} |")
            lines += [""]
            lost = [d for d in dice.values() if getattr(d, "lost", None)]
            lines += [f"A {human(d.name)} lost during play is set aside for good in {human(d.lost)} (everybody sees "
                      f"how many, nobody their faces) and never rolled again." for d in lost] + ([""] if lost else [])
        if any(c.name not in dice for c in m.components):
            counts = self._in_play_counts()
            # One column for the components in play, whatever the number of players: a column per player
            # count made the table wider than the page (six columns for Shrimp's 2 to 6 players).
            lines += ["| component | made of | made | in play |", "| --- | --- | --- | --- |"]
            for c in m.components:
                if c.name in dice:
                    continue
                made = "; ".join(f"{human(a)}: {_values(vs)}" for a, vs in c.attributes) or "all alike"
                if c.copies > 1 and c.attributes:
                    made += f" ({c.copies} of each)"
                if c.counts:  # `kind: pawn 8, knight 2, king 1`
                    made = "; ".join(f"{human(a)}: " + (", ".join(f"{md_text(v)} {n}" for v, n in c.copies_table[1])
                                                         if a == c.counts[0] else _values(vs)) for a, vs in c.attributes)
                total = c.total
                in_play = {p: counts[p].get(c.name, 0) for p in counts}
                lines.append(f"| [{human(c.name)}](#{self.by_key[('component', c.name)].anchor}) | {made} | {total} | "
                             f"{_in_play_text(in_play, total)} |")
            lines += ["", "The last column counts the components in play for each number of players; the others "
                          "stay out of the game.", ""]
        if any(z.name not in made_by_dice for z in m.zones):
            lines += ["| zone | whose | who sees the contents | at the start | order |", "| --- | --- | --- | --- | --- |"]
            for z in m.zones:
                if z.name in made_by_dice:
                    continue
                sees = {"public": "everybody", "hidden": "nobody (only the number)",
                        "owner": "its owner (others: the number)",
                        "top": "everybody: the top only (the rest: the number)"}.get(z.visibility, z.visibility)
                if z.size_unseen:  # `size unseen`: those who may not see the contents see nothing at all
                    sees = {"hidden": "nobody (not even the number)",
                            "owner": "its owner (others: nothing, not even the number)"}.get(z.visibility, sees)
                starts = [{"in_play": "every component in play", "left_out": "every component left out"}[z.start]] \
                    if z.start else []
                starts += [f"every {human(z.start_component)}"] if z.start_component else []
                starts += [(f"player {seat + 1}: " if seat is not None else "each: " if z.per_player else "")
                           + f"{count} {human(component) if count == 1 else plural(human(component))}"
                           for component, count, seat in z.start_copies]
                start = "; ".join(starts) or "empty"
                lines.append(f"| [{human(z.name)}](#{self.by_key[('zone', z.name)].anchor}) | "
                             f"{'one per player' if z.per_player else 'shared'} | {sees} | {start} | "
                             f"{'a pile: last in is on top' if z.stacked else 'no order'} |")
            lines.append("")
        extras = []
        for c in m.counters:
            extras.append(f"[{human(c.name)}](#{self.by_key[('counter', c.name)].anchor}) "
                          f"({'per player, ' if c.per_player else ''}starts at {c.start})")
        if extras:
            lines += ["Counts kept during play: " + join(extras) + ".", ""]
        queues = [f"[{human(q.name)}](#{self.by_key[('queue', q.name)].anchor})" for q in m.queues]
        if queues:
            lines += [f"Queues of steps waiting to be carried out: {join(queues)}.", ""]
        return lines

    def _in_play_counts(self) -> dict[int, Counter]:
        m = self.model
        items = expand_items(m.components)
        out = {}
        for players in range(m.min_players, m.max_players + 1):
            counts: Counter = Counter()
            for component, values, _ in items:
                left_out = False
                for lo in m.leave_outs:
                    if not lo.players and component in lo.values:
                        left_out = True
                    elif lo.players == players and str(values.get(lo.attribute)) in [str(v) for v in lo.values]:
                        left_out = True
                if not left_out:
                    counts[component] += 1
            out[players] = counts
        return out

    def lattice_faces(self, b: int, board) -> list[str]:
        """A board of triangles: every face (board piece) on its own, then the board as laid for each player
        count with the default options."""
        info = self.engine.BOARDS[b]
        lines = []
        for face_model, face in zip(board.faces, info.faces):
            when = f", used when {self.en.expr(face_model.condition)}" if face_model.condition is not None else ""
            lines += [f"#### Face {md_text(face.name)}{when}", ""]
            link = self.image(f"{board.name}-face-{face.name}",
                              board_svg(face_picture(info, face, f"The {human(board.name)}, face {face.name}")))
            lines += [f"![The {human(board.name)}, face {md_text(face.name)}]({link})", ""]
        laid: dict[str, list[int]] = {}
        for players in range(self.model.min_players, self.model.max_players + 1):
            try:
                laid.setdefault(self.engine._tables(players).face[b], []).append(players)
            except Exception:  # no face applies with the default options for this count
                continue
        if laid:
            lines += ["#### The board as laid, with the default options", ""]
            entries = []
            for face_names, counts in laid.items():
                label = _players_label(counts)
                caption = f"The {human(board.name)} ({face_names}), {label}"
                link = self.image(f"{board.name}-laid-{'-'.join(map(str, counts))}p",
                                  board_svg(engine_picture(self.engine, b, counts[0], caption=caption)))
                entries.append((label, f"![The {human(board.name)} with {label}]({link})"))
            lines += _tabs(entries)
        return lines

    def boards(self) -> list[str]:
        m = self.model
        if not m.boards:
            return []
        lines = ["## The board" + ("s" if len(m.boards) > 1 else ""), ""]
        engine = self.engine
        for b, board in enumerate(m.boards):
            d = self.by_key.get(("board", board.name))
            lines += [f"### {human(board.name)}", ""]
            if d is not None:
                lines += [f"Drawn from the map in the rule file ([board {md_text(board.name)}](#{d.anchor})).", ""]
            if board.lattice == "triangles":
                lines += self.lattice_faces(b, board)
                continue
            # Which face and which spaces are in use, for every option setting and player count.
            seen: dict[str, dict[tuple, list[int]]] = {}
            # A board sized by options (`rows row 1..size`): a picture per size, told by the options' values.
            sizing = [o for o in (board.row_option, board.column_option) if o]
            sizing = list(dict.fromkeys(sizing))
            sized_by: dict[tuple, str] = {}
            for options in option_settings(engine):
                variant = type(engine)(options)
                variant.model = m
                for players in range(m.min_players, m.max_players + 1):
                    try:
                        tables = variant._tables(players)
                    except Exception:  # no face applies with these options: nothing to draw
                        continue
                    face = tables.face[b]
                    pattern = tuple(tables.in_use[b])
                    groups = seen.setdefault(face, {})
                    key = (pattern,)
                    if players not in groups.setdefault(key, []):
                        groups[key].append(players)
                        groups[key].sort()
                    if (face, key) not in self._engines:
                        self._engines[(face, key)] = (variant, players)
                        sized_by[(face, key)] = ", ".join(f"{human(o)} {options[o]}" for o in sizing)
            for face in board.faces:
                groups = seen.get(face.name)
                if not groups:
                    continue
                when = f", used when {self.en.expr(face.condition)}" if face.condition is not None else ""
                lines += [f"#### Face {md_text(face.name)}{when}", ""]
                entries = []
                for key, counts in groups.items():
                    variant, players = self._engines[(face.name, key)]
                    label = _players_label(counts)
                    if sized_by.get((face.name, key)):
                        label = f"{sized_by[(face.name, key)]}, {label}"
                    caption = f"The {human(board.name)}, face {face.name}, {label}"
                    size = "-".join(str(variant.options[o]["value"]) for o in sizing) if sizing else ""
                    link = self.image(f"{board.name}-{face.name}-{size + '-' if size else ''}"
                                      f"{'-'.join(map(str, counts))}p",
                                      board_svg(engine_picture(variant, b, players, caption=caption)))
                    entries.append((label, f"![The {human(board.name)}, face {md_text(face.name)}, with {label}]({link})"))
                lines += _tabs(entries)
        return lines

    def flow(self) -> list[str]:
        m = self.model
        en = self.en
        lines = ["## How a game runs", ""]
        if m.setup is not None:
            d = self.by_key.get(("setup", "setup"))
            lines += [f"**Setting up.** The [setup](#{d.anchor if d else 'setup'}) runs once, before the first "
                      f"turn; the decisions and draws it starts are taken in order.", ""]
            lines += self._call_tree("setup")
            lines.append("")
        if m.turn_step:
            lines += [f"**A turn.** Turns go clockwise from player {m.first_seat + 1}; each turn carries out "
                      f"{en.step_link(m.turn_step)} for the player whose turn it is, and ends when nothing it "
                      f"started is left to do. What a turn can lead to:", ""]
            lines += self._call_tree(m.turn_step)
            lines.append("")
        lines += ["### The order in which rules apply", ""]
        lines += ["1. A step's lines run from top to bottom. Steps it starts with `then` run after it, in the "
                  "order they were written, before anything that was waiting already.",
                  "2. A choice with no allowed option is skipped; a chance step draws by the odds shown."]
        n = 3
        if m.insteads:
            order = "; ".join(f"{k}. [{human(i.name)}](#{self._anchor('instead', i.name)}) replaces "
                              f"{en.step_link(i.step)} when {en.expr(i.condition)}"
                              for k, i in enumerate(m.insteads, 1))
            lines.append(f"{n}. Before a step starts, the replacement effects for it are tried in the order they are "
                         f"declared, and the first whose condition holds happens instead; a replacement never "
                         f"applies twice to the same step. In order: {order}.")
            n += 1
        for board in m.boards:
            triggers = [t for t in m.triggers if t.event.board == board.name]
            checks = [i for i in m.invariants if i.form == "on_event" and i.event and i.event.board == board.name]
            if not triggers and not checks:
                continue
            parts = []
            for k, t in enumerate(triggers, 1):
                causes = f" (only as {join(['*' + md_text(c) + '*' for c in t.event.causes], 'or')})" if t.event.causes else ""
                parts.append(f"{k}. the trigger [{human(t.name)}](#{self._anchor('trigger', t.name)}){causes}")
            text = (f"{n}. When a component is placed on the {human(board.name)}, its triggers run at once, in the "
                    f"order they are declared: " + ("; ".join(parts) if parts else "none") + ".")
            if checks:
                text += (" Then these invariants are checked: "
                         + ", ".join(f"[{human(i.name)}](#{self._anchor('invariant', i.name)})" for i in checks) + ".")
            lines.append(text)
            n += 1
        for q in m.queues:
            lines.append(f"{n}. The {human(q.name)} queue is first in, first out: steps put in it wait until "
                         f"`resolve {q.name}` runs, then run oldest first, including any queued meanwhile.")
            n += 1
        for timing in dict.fromkeys(["after_step", "turn_start"] + [e.timing for e in m.ends]):
            ends = [e for e in m.ends if e.timing == timing]
            if ends:
                lines.append(f"{n}. {en.end_timing(timing)}, the end conditions are checked in the order they are declared, and the "
                             f"first that holds ends the game: "
                             + ", then ".join(f"[{human(e.name)}](#{self._anchor('end', e.name)})" for e in ends) + ".")
                n += 1
        if m.ranking is not None:
            lines.append(f"{n}. When the game is over, the [ranking](#{self._anchor('ranking', 'ranking')}) "
                         f"orders the players.")
            n += 1
        if m.turn_limit is not None:
            lines.append(f"{n}. A game that goes past {en.expr(m.turn_limit.value)} turns (worked out from the options "
                         f"and the number of players) is stopped: the rules promise it never does, and verification "
                         f"checks that promise.")
        elif m.max_turns:
            lines.append(f"{n}. A game that reaches turn {m.max_turns} is stopped: the rules promise it never does, "
                         f"and verification checks that promise.")
        lines.append("")
        return lines

    def _anchor(self, kind: str, name: str) -> str:
        d = self.by_key.get((kind, name))
        return d.anchor if d is not None else f"{kind}-{name}"

    def _call_tree(self, start: str) -> list[str]:
        steps = {s.name: s for s in self.model.steps}
        if self.model.setup is not None:
            steps["setup"] = self.model.setup
        insteads: dict[str, list[ir.Instead]] = {}
        for i in self.model.insteads:
            insteads.setdefault(i.step, []).append(i)
        triggers_by_board = {}
        for t in self.model.triggers:
            triggers_by_board.setdefault(t.event.board, []).append(t)
        lines: list[str] = []
        shown: set[str] = set()

        def calls(body) -> tuple[list[str], list[str]]:
            """What a body says it starts (one line each), and the steps it starts, in order."""
            out, out_steps = [], []
            for s in _walk_statements(body):
                if isinstance(s, ir.Then):
                    out.append(f"then {self.en.step_link(s.step)}")
                    out_steps.append(s.step)
                elif isinstance(s, ir.Enqueue):
                    out.append(f"queues {self.en.step_link(s.step)} in {human(s.queue)}")
                    out_steps.append(s.step)
                elif isinstance(s, ir.Place):
                    board = s.space.type.split(":", 1)[1] if ":" in s.space.type else ""
                    for t in triggers_by_board.get(board, ()):
                        if not t.event.causes or (s.cause or "") in t.event.causes:
                            effects = []
                            for inner in _walk_statements(t.body):
                                if isinstance(inner, (ir.Then, ir.Enqueue)):
                                    out_steps.append(inner.step)
                                    effects.append(f"then {self.en.step_link(inner.step)}" if isinstance(inner, ir.Then)
                                                   else f"may queue {self.en.step_link(inner.step)} in "
                                                        f"{human(inner.queue)}")
                            out.append(f"fires [{human(t.name)}](#{self._anchor('trigger', t.name)})"
                                       + (f" (which {join(effects)})" if effects else ""))
                elif isinstance(s, ir.Resolve):
                    out.append(f"resolves the {human(s.queue)} queue")
            return list(dict.fromkeys(out)), out_steps

        # A walk with a stack of its own, not recursion: a `then` chain may be as long as the file allows.
        # Past CALL_TREE_DEPTH levels the tree says the chain goes on instead of indenting further.
        todo: list[tuple] = [("step", start, 0)]
        while todo:
            entry = todo.pop()
            if entry[0] == "option":  # an option of a choice, and then the steps it starts
                _, pad, option, depth = entry
                said, out_steps = calls(option.body)
                lines.append(f"{pad}    - option **{human(option.name)}** {md_code(option.template)}"
                             + (": " + "; ".join(said) if said else ""))
                todo.extend(("step", inner, depth + 2) for inner in reversed(list(dict.fromkeys(out_steps))))
                continue
            _, name, depth = entry
            step = steps.get(name)
            if step is None:
                continue
            pad = "    " * depth
            kind = {"auto": "step", "choice": "choice", "chance": "chance"}[step.kind]
            replaced = "".join(f" (replaced by [{human(i.name)}](#{self._anchor('instead', i.name)}) when "
                               f"{self.en.expr(i.condition)})" for i in insteads.get(name, ()))
            if name in shown:
                lines.append(f"{pad}- {self.en.step_link(name)} ({kind}, described above)")
                continue
            if depth > CALL_TREE_DEPTH:
                lines.append(f"{pad}- {self.en.step_link(name)} ({kind}) ... (the chain continues: see each step "
                             f"under the rules below)")
                continue
            shown.add(name)
            lines.append(f"{pad}- {self.en.step_link(name) if name != 'setup' else 'setup'} ({kind}){replaced}")
            if step.kind == "choice":
                todo.extend(("option", pad, option, depth) for option in reversed(step.options))
            else:
                said, out_steps = calls(step.body)
                if said:
                    lines.append(f"{pad}    - " + "; ".join(said))
                todo.extend(("step", inner, depth + 1) for inner in reversed(list(dict.fromkeys(out_steps))))
        return lines

    def rules(self) -> list[str]:
        lines = ["## The rules, declaration by declaration", "",
                 "Each declaration of the rule file, in file order, said in English next to its source. "
                 "Invariants, examples and rulings have their own sections below.", ""]
        for d in self.decls:
            if d.kind in SECTION_KINDS:
                continue
            lines += self.declaration_block(d)
        return lines

    def invariants(self) -> list[str]:
        items = [d for d in self.decls if d.kind == "invariant"]
        if not items:
            return []
        lines = ["## Invariants checked", "",
                 "These must hold in every game. The engine checks them as it plays (a broken one is recorded as a "
                 "violation) and `rulespec verify` hunts for games that break them.", ""]
        for d in items:
            lines += self.declaration_block(d)
        return lines

    def examples(self) -> list[str]:
        items = [d for d in self.decls if d.kind == "example"]
        if not items:
            return []
        lines = ["## Examples", "",
                 "Each example is executable: `rulespec check` sets up the position under **Given**, plays the "
                 "actions under **When**, and checks every **Then**. The pictures are drawn from the position "
                 "before the first action and at the end.", ""]
        for d in items:
            lines += self.example_block(d)
        return lines

    def example_block(self, d: Declaration) -> list[str]:
        """An example: its English and source, run, with the board before and after (a failure is noted, and
        kept in ``failed_examples``: the site refuses to publish it)."""
        from .examples import run_example
        lines = [f"### {md_text(d.node.title if d.node is not None else d.name)} {{ #{d.anchor} }}", ""]
        lines += [f"Example {md_code(d.name)}. "] if d.node is None else [f"Example {md_code(d.name)}."]
        lines += [""]
        lines += self.cites_line(d.node)
        lines += self.ruling_notes(d.node)
        lines += tabs(self.english(d), d.text)
        run = run_example(self.engine, d.name)
        if run is None:
            return lines
        if not run.passed:
            self.failed_examples.append((d, run.message))
            lines += ['!!! failure "This example fails"', "", f"    {md_text(run.message)}", ""]
        return lines + self._example_pictures(d, run)

    def _example_pictures(self, d: Declaration, run) -> list[str]:
        engine = run.engine
        lines = []
        if run.before is None or run.after is None:
            return lines
        for b, board in enumerate(engine.BOARDS):
            occupied = any(i >= 0 for i in run.before._boards[b]) or any(i >= 0 for i in run.after._boards[b])
            if not occupied:
                continue
            players = run.after.players
            # The example by its title, as its heading names it ("Two starfish in a row ..."), not its name; a
            # picture's own title names it in words (a title is free text, a name is not).
            said = getattr(d.node, "title", "") or human(d.name)
            # (the first board's pictures also show the counters and the public zones)
            before = board_svg(engine_picture(engine, b, players, state=run.before, model=self.model, table=b == 0,
                                              caption=f"The {human(board.name)} before: example {human(d.name)}"))
            after = board_svg(engine_picture(engine, b, players, state=run.after, previous=run.before,
                                             model=self.model, table=b == 0,
                                             caption=f"The {human(board.name)} after: example {human(d.name)}"))
            same = run.before._boards[b] == run.after._boards[b]
            if same:
                lines += [f"![The {human(board.name)} in the example “{md_text(said)}”]"
                          f"({self.image(f'example-{d.name}-{board.name}', before)})", ""]
            else:
                lines += [f"The {human(board.name)} before the first action and at the end "
                          f"(changed spaces are outlined):", "",
                          '=== "Before"', "",
                          f"    ![The {human(board.name)} before the actions of the example “{md_text(said)}”]"
                          f"({self.image(f'example-{d.name}-{board.name}-before', before)})", "",
                          '=== "After"', "",
                          f"    ![The {human(board.name)} after the actions of the example “{md_text(said)}”]"
                          f"({self.image(f'example-{d.name}-{board.name}-after', after)})", ""]
        rows = _zone_rows(engine, run.before, run.after)
        if rows:
            lines += ["| where | before | after |", "| --- | --- | --- |"]
            lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
            lines.append("")
        return lines

    def rulings(self) -> list[str]:
        # By their IDs, in natural order (SHELL-AMB-2 before SHELL-AMB-10): a reader looks a ruling up by the ID
        # a note or a rule names, and the file's order is the order its rulings were written in.
        items = sorted((d for d in self.decls if d.kind == "ruling"), key=lambda d: natural_key(d.name))
        if not items:
            return []
        lines = ["## Rulings", "",
                 "Where the rulebook is silent or unclear, the rule file records the reading it chose. The text of "
                 "each ruling is the rule file's own.", ""]
        users: dict[str, list[Declaration]] = {}
        for d in self.decls:
            for rid in _rulings_of(d.node):
                users.setdefault(rid, []).append(d)
        for d in items:
            lines += [f"### {md_text(d.name)}: {md_text(d.node.title if d.node else '')} {{ #{d.anchor} }}", ""]
            lines += self.cites_line(d.node)
            used = users.get(d.name, [])
            if used:
                lines += ["Applied by " + ", ".join(f"[{md_text(_heading(u))}](#{u.anchor})" for u in used) + ".", ""]
            lines += tabs(self.english(d), d.text)
        return lines

    def variants(self) -> list[str]:
        available = self.source.variant_decls
        if not available:
            return []
        lines = ["## Variants", ""]
        for v in available:
            link = self.variant_link(v.name)
            title = f"[{md_text(v.title)}]({link})" if link else md_text(v.title)
            verbs = {"add": "adds", "replace": "replaces", "remove": "removes", "replace_option": "replaces option"}
            changes = join([f"{verbs.get(c.action, c.action)} {md_code(c.target)}" for c in v.changes])
            lines += [f"### Variant {md_text(v.name)} {{ #variant-{v.name} }}", ""]
            lines += [f"{title}: {changes}." + (" Its page shows what it changes, each change in English." if link
                                                else ""), ""]
            if v.cites:
                lines += ["Cites " + ", ".join(clause_link(c) if c in self.clauses else md_text(c)
                                               for c in v.cites) + ".", ""]
        return lines

    def clause_index(self) -> list[str]:
        if not self.clauses:
            return []
        lines = ["## Clause index", "",
                 "Every rulebook clause ID the rule file cites, what it says (in the rule file's own words, where the "
                 "file states it) and the declarations that encode it. The address of each entry (this page "
                 "followed by `#` and the ID) is permanent.", ""]
        for cid in sorted(self.clauses, key=natural_key):
            users = self.clauses[cid]
            lines += [f"#### {md_text(cid)} {{ #{cid} }}", ""]
            if cid in self.clause_texts:
                lines += [f"> {md_text(self.clause_texts[cid])}", ""]
            refs = []
            for d, part in users:
                ref = f"[{md_text(_heading(d))}](#{d.anchor})" + (f" ({md_text(part)})" if part else "")
                if ref not in refs:
                    refs.append(ref)
            lines += ["Encoded by " + ", ".join(refs) + ".", ""]
        return lines


def _heading(d: Declaration) -> str:
    """What a link to a declaration says: the words of the heading it leads to (an example's heading is its
    title, "Two starfish in a row ...", not "example starfish_pair")."""
    if d.kind == "example" and getattr(d.node, "title", ""):
        return f"example “{d.node.title}”"
    return d.title


def _in_play_text(in_play: dict[int, int], total: int) -> str:
    """``{2: 54, 3: 72, 4: 90}`` of 90 -> "54 with 2 players, 72 with 3, all with 4"; the same for every count
    -> "all" (or "none", or the number)."""
    def amount(n: int) -> str:
        return "all" if n == total else "none" if n == 0 else str(n)

    runs: list[list[int]] = []  # player counts in a row with the same number in play
    for players in sorted(in_play):
        if runs and in_play[runs[-1][-1]] == in_play[players] and runs[-1][-1] == players - 1:
            runs[-1].append(players)
        else:
            runs.append([players])
    if len(runs) <= 1:
        return amount(in_play[runs[0][0]]) if runs else amount(total)
    parts = []
    for k, run in enumerate(runs):
        seats = str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}"
        parts.append(f"{amount(in_play[run[0]])} with {seats}" + (" players" if k == 0 else ""))
    return ", ".join(parts)


def _shown_path(path: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        from ..resources import rulebooks_dir
        try:
            return str(Path(path).resolve().relative_to(rulebooks_dir().resolve().parent))
        except ValueError:
            return Path(path).name


def _game_id_of(path: Path) -> Optional[str]:
    try:
        from .sources import cached_model
        return cached_model(path).game_id
    except Exception:
        return None


def _values(values: tuple) -> str:
    if values and all(isinstance(v, int) for v in values) and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]} to {values[-1]}"
    return ", ".join(md_text(v) for v in values)


def _tabs(entries: list[tuple[str, str]]) -> list[str]:
    """One picture as it is, several as content tabs (label, markdown image)."""
    if len(entries) == 1:
        return [entries[0][1], ""]
    lines = []
    for label, image in entries:
        lines += [f'=== "{tab_title(label)}"', "", f"    {image}", ""]
    return lines


def _players_label(counts: list[int]) -> str:
    if len(counts) == 1:
        return f"{counts[0]} players"
    return join([str(c) for c in counts], "or") + " players"


def _items_text(labels: list[str]) -> str:
    if not labels:
        return "empty"
    if len(labels) > 12:
        return f"{len(labels)} components"
    counts = Counter(labels)
    return ", ".join(f"{md_code(label)}" + (f" ×{n}" if n > 1 else "") for label, n in sorted(counts.items(),
                                                                                         key=lambda kv: natural_key(kv[0])))


def _zone_rows(engine, before, after) -> list[tuple[str, str, str]]:
    rows = []
    t = after._t
    for zone in engine.ZONES:
        base = t.zone_base[zone.name]
        for owner in range(after.players if zone.per_player else 1):
            a = [engine.ITEM_LABEL[i] for i in before._zones[base + owner]]
            b = [engine.ITEM_LABEL[i] for i in after._zones[base + owner]]
            if not a and not b:
                continue
            if zone.start and sorted(a) == sorted(b):
                continue  # the supply or the box, untouched: not worth a row
            name = human(zone.name) + (f" of player {owner + 1}" if zone.per_player else "")
            rows.append((name, _items_text(a), _items_text(b)))
    for name, value in after._counters.items():
        old = before._counters.get(name)
        if old != value:
            rows.append((f"{human(name)} count", str(old), str(value)))
    for name, entries in after._queues.items():
        old = before._queues.get(name, [])
        if old or entries:
            rows.append((f"{human(name)} queue", ", ".join(md_text(e[0]) for e in old) or "empty",
                         ", ".join(md_text(e[0]) for e in entries) or "empty"))
    return rows


def diff_section(source: RuleSource) -> list[str]:
    """'What this changes': the declarations a variant or house rule adds, replaces or removes, as a diff."""
    compared = base_declarations(source)
    if compared is None:
        return []
    label, base = compared
    changes = diff_declarations(base, source.declarations, before_label=label, after_label="this page")
    lines = ["## What this changes { #what-this-changes }", ""]
    if not changes:
        return lines + ["Nothing: every declaration reads as in the base.", ""]
    summary = Counter(c.status for c in changes)
    lines += [f"Compared with {md_text(label)}: " + join([f"{n} declaration{'s' if n > 1 else ''} {status}"
                                                  for status, n in summary.items()]) + ".", ""]
    anchors = {d.key: d.anchor for d in source.declarations}
    for change in changes:
        target = anchors.get((change.kind, change.name))
        name = f"{human(change.kind)} {change.name}" if not change.name.startswith(human(change.kind)) else change.name
        head = f"[{md_text(name)}](#{target})" if target else md_text(name)
        lines += [f"**{change.status.capitalize()}:** {head}", ""]
        lines += fenced(change.diff.rstrip("\n"), "diff")
        lines += [""]
    return lines


def game_page(name_or_path, page_path: str, variants: Sequence[str] = (), **links) -> Page:
    """The page of a rule file (and variants) at ``page_path`` inside the docs folder."""
    source = load_source(name_or_path, variants)
    page = GamePage(source, page_path, **links)
    return page.render(diff_section(source))
