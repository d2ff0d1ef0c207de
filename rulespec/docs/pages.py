"""One game's pages: Markdown and SVG generated from its checked model.

``game_page`` renders a bundled game, a variant of it, or a house rule that ``extends`` a game:
overview, components, zones, board diagrams, how a game runs (with the resolved order of triggers,
replacement effects and end checks), every declaration as English next to its rule-file source in
content tabs, its clause IDs as permanent anchors, rulings as admonitions, executable examples as
given / when / then with the board before and after, the invariants, and, for a variant or a house
rule, what it changes as a diff against its base.

``GamePage`` writes the page's frame, its declarations, rulings and clause index; its sections on what the
game is made of, how a game runs and its examples are its parts GameParts (page_parts.py), GameFlow
(page_flow.py) and GameExamples (page_examples.py); page_markdown.py has the Markdown pages share.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from pathlib import Path
from typing import Callable, Optional, Sequence

from ..model import ir
from ..model.counts import declaration_counts
from .english import English, code, game_overview, human, join
from .escape import fenced, html_attr, md_code, md_text, tab_title, yaml_str
from .page_examples import GameExamples
from .page_flow import GameFlow
from .page_markdown import Page, clause_link, indent, natural_key, tabs, variant_titles
from .page_parts import GameParts
from .sources import Declaration, RuleSource, base_declarations, diff_declarations, load_source

SECTION_KINDS = {"invariant": "invariants", "example": "examples", "ruling": "rulings"}


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


class GamePage(GameParts, GameFlow, GameExamples):
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
