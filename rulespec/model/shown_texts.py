"""The texts players read: an action's template, a component's label; their fields, and look-alikes."""

from __future__ import annotations

import dataclasses
import re
from typing import Sequence

from ..language import ast
from ..language.errors import did_you_mean
from ..lib.texts import difference, look_alikes, shown_text_problem, terminal_safe
from . import ir
from .ir import INT, ITEM, SEAT, SYMBOL
from .value_types import SAFE_NAME, VALUES_OF, is_space, describe_type, expand_items

# A value a text may work out in braces (`{col of c}`, `{total of player + 1}`): names, numbers, spaces,
# + - * and brackets; a field is then parsed and checked as an expression of the language.
VALUE_FIELD = re.compile(r"^[A-Za-z0-9_ +\-*(),]+$")


class ShownTexts:
    """Shown texts: reads ``steps``, ``components`` (labels only once ``items_bounded``) and the scope's names."""

    def template_ok(self, template: str, loc: ast.Loc, values: bool = False) -> bool:
        """A template has only `{name}` fields: no `{}`, `{0}`, `{x.attr}`, `{x[0]}`, `{x!r}`, `{x:>5}`, and
        no brace that is not part of one. Reported at the bad field when it can be found."""
        for match in re.finditer(r"\{([^{}]*)\}|[{}]", template):
            field = match.group(1)
            problem = None
            if field is None:
                problem = ("this `{` is never closed with `}`" if match.group(0) == "{" else
                           "this `}` closes nothing: there is no `{` before it",
                           "braces in a text only mark a value, like {tile}; leave other braces out")
            elif not SAFE_NAME.match(field) and not (values and VALUE_FIELD.match(field) and re.search("[A-Za-z]", field)):
                name = re.match(r"[A-Za-z_][A-Za-z0-9_]*", field)
                better = f"{{{name.group(0)}}}" if name else "{tile}"
                problem = (f"`{{{field}}}` is not a name or a value in braces" if values else
                           f"`{{{field}}}` is not a name in braces",
                           f"write {better}{', or a value like {col of c}' if values else ''}; formats like "
                           f"{{tile:>5}}, {{tile!r}}, {{tile.x}} or {{0}} are not part of the language")
            if problem is not None:
                self.error(self._template_loc(loc, template, match.start()), problem[0] + f" in \"{template}\"",
                           hint=problem[1], width=len(match.group(0)))
                return False
        self.shown_text_ok(template, loc)
        return True

    def shown_text_ok(self, text: str, loc: ast.Loc) -> bool:
        """A text players tell things apart by (an action's, a component's label) holds nothing that makes
        it look like another: no invisible character, no word mixing alphabets (rulespec.lib.texts)."""
        problem = shown_text_problem(text)
        if problem is not None:
            self.error(self._template_loc(loc, text, problem.offset),
                       f"{problem.message}, in \"{terminal_safe(text)}\"", hint=problem.hint)
        return problem is None

    def look_alike_texts(self, steps: Sequence[ir.Step]) -> None:
        """Two different action texts, or two components' labels, that look the same to a player are refused,
        once per pair of declarations (a text's own problem, an invisible character..., is shown_text_ok's)."""
        reported = set()
        for kind, texts in (("actions", self._shown_actions(steps)), ("component labels", self._shown_labels())):
            for (text, (loc, what)), (other, (other_loc, other_what)) in look_alikes(texts):
                if (what, other_what) in reported or shown_text_problem(text) or shown_text_problem(other):
                    continue
                reported.add((what, other_what))
                self.error(other_loc, f"the {kind} \"{terminal_safe(other)}\" of {other_what} and "
                                      f"\"{terminal_safe(text)}\" of {what} look alike: {difference(other, text)}",
                           hint=f"the other is at {loc}; a player tells them apart by their text: make the texts "
                                f"differ in letters a reader sees")

    def _shown_actions(self, steps: Sequence[ir.Step]) -> list[tuple[str, tuple[ast.Loc, str]]]:
        """Every option's and outcome's template, with where it is written and whose it is."""
        texts = [(o.template, (self._template_loc(o.loc, o.template, 0), f"option `{s.name}.{o.name}`"))
                 for s in steps for o in s.options]
        for s in steps:
            if s.outcome is not None and s.name in self.steps:
                loc = self._template_loc(self.steps[s.name].outcome.loc, s.outcome.template, 0)
                texts.append((s.outcome.template, (loc, f"the outcome of `{s.name}`")))
        return texts

    def _shown_labels(self) -> list[tuple[str, tuple[ast.Loc, str]]]:
        """Every component's labels (when the components are within their limits), with where it is shown."""
        texts = []
        for d in self.components.values() if getattr(self, "items_bounded", False) else ():
            loc = d.loc
            if d.shown_as and not re.fullmatch(r"(?:[^{}]|\{[A-Za-z_][A-Za-z0-9_]*\})*", d.shown_as):
                continue  # a format spec, `{size:>99999999}`, is refused by template_ok: never filled in
            if d.shown_as:
                loc = self._template_loc(d.loc if "shown" in self._line(d.loc) else self._shown_loc(d), d.shown_as, 0)
            texts += [(label, (loc, f"component `{d.name}`")) for label in self._labels_of(d)]
        return texts

    @staticmethod
    def _labels_of(d: ast.ComponentDecl) -> list[str]:
        component = ir.Component(d.name, None, (), (), tuple((a.name, a.values) for a in d.attributes), 1, d.shown_as)
        return list(dict.fromkeys(label for _, _, label in expand_items([component])))

    # What a text may show in braces besides a chosen value: a value worked out from the game.
    SHOWN_TYPES = (INT, SYMBOL, SEAT, ITEM)

    def template(self, template: str, scope: dict[str, str], loc: ast.Loc) -> tuple[tuple[str, ir.E], ...]:
        """Check a text's fields: a name in scope (`{tile}`) is shown as it is; anything else (`{col of c}`,
        `{turn_total}`) must be a checked expression giving one value. Returns those values, by field."""
        from ..language.parser import ValueProblem, parse_expression
        if not self.template_ok(template, loc, values=True):
            return ()
        shown: list[tuple[str, ir.E]] = []
        for match in re.finditer(r"\{([^{}]*)\}", template):
            field = match.group(1)
            if field in scope or any(field == f for f, _ in shown):
                continue
            if SAFE_NAME.match(field) and not (field in self.counters or field in self.options or field in self.defines
                                               or field in self.symbols or field in self.zones or field == "players"):
                self.error(loc, f"`{{{field}}}` in \"{template}\" is not a name known here",
                           hint=did_you_mean(field, [n for n in scope if not n.startswith(VALUES_OF)] + list(self.counters) + list(self.defines)))
                continue
            where = self._template_loc(loc, template, match.start() + 1)
            try:
                node = parse_expression(field, where.file, where.line, where.column)
            except ValueProblem as problem:
                self.error(dataclasses.replace(where, column=problem.column, end_column=problem.column + 1),
                           problem.message + f" in \"{template}\"", hint=problem.hint, width=problem.width)
                continue
            value = self.expr(node, scope)
            if value.type != "?" and value.type not in self.SHOWN_TYPES and not is_space(value.type):
                self.error(node.loc, f"`{field}` is {describe_type(value.type)}; a text can show a number, a word, "
                                     f"a player, a component or a space",
                           hint="show a value: `{count(...)}`, `{size of ...}`, `{col of c}`")
                continue
            shown.append((field, value))
        return tuple(shown)
