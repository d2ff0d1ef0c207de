"""A variant's page: what the variant changes, not the whole game again (#42).

The page of a game with a variant applied shows the declarations the variant adds, replaces or removes,
each with its English and rule-file text (a replaced one also with the difference, a removed one with what it
said), the examples that hold only with the variant (run, with their pictures), the clauses those cite, and
links to the base game's page for everything else. Every example of the game is still run with the variant:
the site refuses a page whose examples fail, shown or not.
"""

from __future__ import annotations

import re
from typing import Optional

from .english import English, join
from .escape import fenced, html_attr, md_code, md_text, yaml_str
from .pages import GamePage, Page, indent, tabs, variant_titles
from .sources import Change, Declaration, RuleSource, base_declarations, diff_declarations, load_source

# The kinds whose change alters the order in which rules apply (the page then shows the order again).
FLOW_KINDS = {"setup", "turns", "step", "choice", "chance", "trigger", "instead", "end", "score", "ranking"}
VERBS = {"added": "Added", "changed": "Replaced", "removed": "Removed"}


class VariantPage(GamePage):
    """The page of a rule file with variants applied, showing only what they change."""

    def __init__(self, source: RuleSource, page_path: str, *, base_page: str, **links):
        self.base_page = base_page  # the page of the game without variants, relative to this one
        compared = base_declarations(source)
        self.base_label, base = compared if compared is not None else ("the game", [])
        self.base_anchors = {d.key: d.anchor for d in base}
        self.base_by_key = {d.key: d for d in base}
        self.changes = diff_declarations(base, source.declarations, before_label=self.base_label,
                                         after_label="with the variant")
        changed = {(c.kind, c.name) for c in self.changes}
        self.shown = [d for d in source.declarations if d.key in changed]
        super().__init__(source, page_path, **links)
        self.base_source = load_source(source.path) if source.variants else None

    def _clause_users(self):
        """Only the clauses cited by what this page shows (their entries are on this page)."""
        users = super()._clause_users()
        shown = {d.anchor for d in getattr(self, "shown", ())} | {f"variant-{v.name}" for v in self.applied_variants()}
        return {cid: [(d, part) for d, part in found if d.anchor in shown]
                for cid, found in users.items() if any(d.anchor in shown for d, _ in found)}

    def applied_variants(self):
        return [v for v in self.source.variant_decls if v.name in self.source.variants]

    # ---- the page
    def render(self, diff_section=None) -> Page:
        m = self.model
        title = m.title + f" — {', '.join(variant_titles(m))}"
        lines = ["---", f"title: {yaml_str(html_attr(title))}", "---", "", f"# {md_text(title)}", ""]
        lines += self.introduction()
        lines += self.changed_declarations()
        if any(c.kind in FLOW_KINDS for c in self.changes):
            lines += self.flow()
        lines += self.examples_with_the_variant()
        lines += self.clause_index()
        text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines).rstrip() + "\n")
        return Page(self.page_path, self.links_to_the_base(text), dict(self.files), title)

    def links_to_the_base(self, text: str) -> str:
        """A link to a declaration, ruling or clause this page does not show leads to the base game's page."""
        here = set(re.findall(r"\{ #([^\s}]+) \}", text))
        there = {d.anchor: self.base_anchors.get(d.key, d.anchor) for d in self.decls}

        def relink(match: re.Match) -> str:
            anchor = match.group(1)
            return match.group(0) if anchor in here else f"]({self.base_page}#{there.get(anchor, anchor)})"
        return re.sub(r"\]\(#([^)\s]+)\)", relink, text)

    def introduction(self) -> list[str]:
        m = self.model
        game = f"[{md_text(m.title)}]({self.base_page})"
        lines = [f"This page shows what the variant{'s' if len(m.variants_applied) > 1 else ''} "
                 f"{join([md_text(t) for t in variant_titles(m)])} "
                 f"({join([md_code(v) for v in m.variants_applied])}) "
                 f"change{'' if len(m.variants_applied) > 1 else 's'} in {game}. Everything not listed here is "
                 f"played as on the page of {game}" + (f", and [How to play]({self.howto_link}) explains the game "
                                                         f"without variants" if self.howto_link else "") + ".", ""]
        for v in self.applied_variants():
            lines += [f"## The variant {md_text(v.title)} {{ #variant-{v.name} }}", ""]
            lines += self.cites_line(v)
            lines += self.ruling_notes(v)
            lines += [f"Written in the rule file {md_code(_file_name(self.source))} as `variant {v.name}`.", ""]
        return lines

    def changed_declarations(self) -> list[str]:
        rules = [c for c in self.changes if c.kind != "example"]
        lines = ["## What the variant changes { #what-this-changes }", ""]
        if not rules:
            return lines + ["No rule: every declaration reads as in the game without the variant.", ""]
        counts = {VERBS[s]: sum(c.status == s for c in rules) for s in VERBS}
        lines += [f"Compared with {md_text(self.base_label)}: " + join([f"{n} declaration{'s' if n > 1 else ''} "
                                                                        f"{verb.lower()}" for verb, n in counts.items() if n])
                  + ".", ""]
        for change in rules:
            lines += self.change_block(change)
        return lines

    def change_block(self, change: Change) -> list[str]:
        here = next((d for d in self.shown if d.key == (change.kind, change.name)), None)
        base = self.base_by_key.get((change.kind, change.name))
        base_link = (f"[as in the game without the variant]({self.base_page}#{self.base_anchors[base.key]})"
                     if base is not None else "")
        if here is None:  # removed: what it said, from the base game's page
            said = self.base_english(base) if base is not None else []
            lines = [f"### Removed: {md_text(base.title if base else change.name)}", ""]
            where = f"({self.base_page}#{self.base_anchors[base.key]})" if base is not None else ""
            lines += [f"The variant takes it out. In [the game without the variant]{where} it says:", ""] if where else []
            return lines + tabs(said, base.text if base else "")
        lines = [f"### {VERBS[change.status]}: {md_text(here.title)} {{ #{here.anchor} }}", ""]
        lines += self.cites_line(here.node)
        lines += self.ruling_notes(here.node)
        lines += tabs(self.english(here), here.text)
        if base is not None:
            lines += [f"It replaces the declaration {base_link}:", ""]
            lines += ['=== "Before, in English"', ""] + indent(self.base_english(base) or ["(nothing to say)"])
            lines += ["", '=== "The difference"', ""] + fenced(change.diff.rstrip("\n"), "diff", indent="    ") + [""]
        return lines

    def base_english(self, d: Declaration) -> list[str]:
        """What a declaration of the base game says, its links leading to the base game's page."""
        if self.base_source is None:
            return []
        base = GamePage(self.base_source, self.page_path)

        def link(kind: str, name: str) -> Optional[str]:
            anchor = base._link(kind, name)
            return f"{self.base_page}{anchor}" if anchor else None
        base.en = English(base.model, link=link)
        return base.english(d)

    def examples_with_the_variant(self) -> list[str]:
        """The examples that hold only with the variant, shown and run; every other example of the game is run
        too (the site refuses a page whose examples fail) and counted."""
        from .examples import run_example
        own = [c for c in self.changes if c.kind == "example" and c.status != "removed"]
        shown = {(c.kind, c.name) for c in own}
        lines = []
        if own:
            lines += ["## Examples with the variant", "",
                      "Each example is executable: `rulespec check` sets up the position under **Given**, plays "
                      "the actions under **When**, and checks every **Then**.", ""]
            for d in self.decls:
                if d.key in shown:
                    lines += self.example_block(d)
        inherited = [d for d in self.decls if d.kind == "example" and d.key not in shown]
        for d in inherited:
            run = run_example(self.engine, d.name)
            if run is not None and not run.passed:
                self.failed_examples.append((d, run.message))
        left_out = [c.name for c in self.changes if c.kind == "example" and c.status == "removed"]
        if left_out:
            lines += [f"The variant leaves out the example{'s' if len(left_out) > 1 else ''} "
                      + join([f"[{md_text(name)}]({self.base_page}#{self.base_anchors.get(('example', name), '')})"
                              for name in left_out]) + ".", ""]
        if inherited:
            failing = {d.name for d, _ in self.failed_examples}
            held = sum(d.name not in failing for d in inherited)
            lines += [f"The {len(inherited)} other example{'s' if len(inherited) > 1 else ''} of "
                      f"[{md_text(self.model.title)}]({self.base_page}#examples) also run with the variant; "
                      f"{held} of them hold.", ""]
        return lines


def _file_name(source: RuleSource) -> str:
    return source.path.name

