"""AST -> checked model: apply variants, resolve names, check types, citations and use.

All problems are collected and reported together as one :class:`RuleError`, each with its
location, the offending line, what was expected and a hint.
"""

from __future__ import annotations

import dataclasses
import re
import string
from typing import Iterable, Optional, Sequence

from ..language import ast
from ..language.collector import collector_paused
from ..language.errors import Diagnostic, RuleError, SourceText, did_you_mean
from ..lib.limits import LIMIT, describe, refusal
from ..lib.suggestions import close_matches, run_budget
from ..lib.texts import difference, look_alikes, shown_text_problem, skeleton, terminal_safe
from . import ir
from .action_texts import ActionTexts
from .ir import BOOL, INT, ITEM, NUMBERS, QUEUE, SEAT, SEATS, SYMBOL, SYMBOLS, ZONE, ZONES

SAFE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# A value a text may work out in braces (`{col of c}`, `{total of player + 1}`): names, numbers, spaces,
# + - * and brackets; a field is then parsed and checked as an expression of the language.
VALUE_FIELD = re.compile(r"^[A-Za-z0-9_ +\-*(),]+$")
PARAM_TYPES = ("seat", "space", "item", "number", "word", "direction")
BUILTINS = {"abs": 1, "min": 2, "max": 2}
SEAT_STEPS = {"left": 1, "right": -1}


def space_type(board: str) -> str:
    return f"space:{board}"


def spaces_type(board: str) -> str:
    return f"spaces:{board}"


def board_of(type_: str) -> Optional[str]:
    return type_.split(":", 1)[1] if ":" in type_ else None


def is_space(type_: str) -> bool:
    return type_.startswith("space:")


def is_placement(type_: str) -> bool:
    return type_.startswith("placement:")


def element_type(type_: str) -> Optional[str]:
    if type_.startswith("spaces:"):
        return space_type(board_of(type_))
    if type_.startswith("placements:"):
        return "placement:" + board_of(type_)
    return ir.ELEMENT_OF.get(type_)


def describe_type(type_: str) -> str:
    if type_.startswith("space:"):
        return f"a space of {board_of(type_)}"
    if type_.startswith("spaces:"):
        return f"the spaces of {board_of(type_)}"
    if type_.startswith("placement:"):
        return f"a placement on {board_of(type_)}"
    if type_.startswith("placements:"):
        return f"placements on {board_of(type_)}"
    return {
        INT: "a number", BOOL: "a condition (true or false)", SYMBOL: "a word value", SEAT: "a player",
        ITEM: "a component", ZONE: "a zone", ZONES: "every zone of that name", SEATS: "the players",
        QUEUE: "a queue", SYMBOLS: "a list of word values", NUMBERS: "a list of numbers",
        ir.DIRECTION: "a direction", ir.DIRECTIONS: "a list of directions",
    }.get(type_, type_)


def item_label(component: ir.Component, values: dict) -> str:
    if component.shown_as:
        try:
            fields = [f for _, f, spec, conv in string.Formatter().parse(component.shown_as) if f is not None]
        except ValueError:
            fields = None
        # Only plain attribute names are filled in (no `{x.attr}` or `{x[0]}`); a bad template is reported.
        if fields is not None and all(f in values for f in fields):
            return component.shown_as.format(**values)
    if not values:
        return component.name
    return " ".join(str(v) for v in values.values()) + " " + component.name


def expand_items(components: Sequence[ir.Component]) -> list[tuple[str, dict, str]]:
    """Every physical component as (component, attribute values, label), in a stable order."""
    items = []
    for component in components:
        combos: list[dict] = [{}]
        for name, values in component.attributes:
            combos = [dict(c, **{name: v}) for c in combos for v in values]
        for combo in combos:
            label = item_label(component, combo)  # the same for every copy
            items.extend([(component.name, combo, label)] * component.copies)
    return items


class Checker:
    def __init__(self, rule_file: ast.RuleFile, base: Optional[ast.RuleFile] = None,
                 sources: Optional[dict[str, SourceText]] = None):
        self.file = rule_file
        if sources is not None:  # the texts of these files, read into lines already (a variant's check)
            self.sources = sources
        else:
            self.sources = {rule_file.path: SourceText(rule_file.path, rule_file.text)}
            if base is not None:
                self.sources[base.path] = SourceText(base.path, base.text)
        self.base = base
        self.example_variants: dict[str, set[str]] = {}  # an example -> the variants it is about (the one adding it)
        self.applied_variants: set[str] = set()
        self.left_out_of_base: list[str] = []  # the base's declarations for player counts a house rule does not seat
        self.problems: list[Diagnostic] = []
        # One mistake, one error: a name that is not known is reported where it is first used; its other
        # uses only count (see error() and repeated_uses()).
        self.first_report: dict[str, int] = {}  # name -> index in problems of its first report
        self.later_uses: dict[str, list[ast.Loc]] = {}
        # Checking a variant on its own: a variant may leave a declaration unused (it replaced its
        # only user), so "unused" is judged on the game as written, not per variant.
        self.variant_check = False

    # ------------------------------------------------------------------ reporting
    # Messages about a name that is not what it is used as: reported once, at the first use.
    ONCE = re.compile(r"^(unknown name `(?P<a>[^`]*)`( before `of`)?|there is no [a-z ]+ `(?P<b>[^`]*)`|"
                      r"`(?P<c>[^`]*)` is a value of [^,;]*, not a component|"
                      r"no component has the attribute `(?P<d>[^`]*)`( to [a-z ]+)?|"
                      r"`\{(?P<e>[A-Za-z0-9_]*)\}` in \".*\" is not a name known here|"
                      r"`(?P<f>[A-Za-z0-9_]+) of [^`]*` is a word value, but a direction is needed here)$")

    KIND_WORDS = {"define": "a definition", "example": "an example", "step": "a step", "choice": "a choice",
                  "chance": "a chance step", "counter": "a counter", "zone": "a zone", "board": "a board",
                  "component": "a component", "score": "a score", "end": "an end", "option": "an option",
                  "trigger": "a trigger", "instead": "a replacement", "invariant": "an invariant",
                  "queue": "a queue", "shape": "a shape", "match": "a match", "seat_attribute": "a seat's value"}
    EVERY_PLAYER_WORDS = ("all", "every", "everyone", "everybody", "both", "each", "players")
    BY_WHOM_HINT = ("a choice every player makes at once, in secret, is `by each player` (`by each player where C` "
                    "for some); `by any player` is a claim window (whoever acts first); `by player` is one seat, "
                    "the step's parameter `player: seat`")

    def error(self, loc: Optional[ast.Loc], message: str, *, hint: Optional[str] = None,
              expected: Sequence[str] = (), width: Optional[int] = None, once_for: Optional[str] = None) -> None:
        """One problem at ``loc``. A message about a name (ONCE), or one given ``once_for`` a key (an
        attribute with no order), is reported at its first use only; the later uses are listed in its hint."""
        once = self.ONCE.match(message)
        if once or once_for is not None:  # keyed by the name: `set at_stak to 0` and `at_stak > 0` are one mistake
            name = once_for if once_for is not None else \
                next(value for value in once.group("a", "b", "c", "d", "e", "f") if value is not None)
            if name in self.first_report:
                if loc is not None:
                    self.later_uses.setdefault(name, []).append(loc)
                return
            self.first_report[name] = len(self.problems)
        if loc is None:
            self.problems.append(Diagnostic(self.file.path, 1, 1, message, hint=hint, expected=tuple(expected)))
            return
        source = self.sources.get(loc.file) or SourceText(loc.file, "")
        if width is None:
            width = (loc.end_column - loc.column) if loc.end_line == loc.line else len(source.line(loc.line)) - loc.column + 1
        self.problems.append(source.diagnostic(loc.line, loc.column, message, width=max(width, 1),
                                               expected=expected, hint=hint))

    # ------------------------------------------------------------------ variants
    def declarations(self, variants: Sequence[str]) -> tuple[list, list[ast.VariantDecl]]:
        decls = list(self.file.declarations)
        option_replaces = [d for d in decls if d.kind == "option_replace"]
        decls = [d for d in decls if d.kind != "option_replace"]
        extends = [d for d in decls if d.kind == "extends"]
        if extends:
            if self.base is None:
                self.error(extends[0].loc, f"this file extends \"{extends[0].base}\", which was not given")
            else:
                own = [d for d in decls if d.kind != "extends"]
                merged = list(self.base.declarations)
                first_at: dict[tuple, int] = {}  # (kind, name) -> its first place in merged
                for i, old in enumerate(merged):
                    first_at.setdefault((old.kind, ast.declaration_name(old)), i)
                for decl in own:
                    key = (decl.kind, ast.declaration_name(decl))
                    i = first_at.get(key)
                    if i is not None:
                        merged[i] = decl
                    else:
                        first_at[key] = len(merged)
                        merged.append(decl)
                decls = merged
                self.replace_options(decls, option_replaces, own)
        for replace in option_replaces if not extends else ():
            self.error(replace.loc, f"`replace option {ast.declaration_name(replace)}` changes the game this file "
                                    f"extends, but this file extends none",
                       hint="start the file with `extends \"GAME\"`, or put the change in a variant")
        available = [d for d in decls if d.kind == "variant"]
        decls = [d for d in decls if d.kind != "variant"]
        by_name = {v.name: v for v in available}
        touched: dict[str, tuple[str, ast.Change]] = {}
        self.applied_variants = set(variants)
        names: Optional[list[str]] = None  # declaration_name of each of decls, kept in step with it
        for wanted in variants:
            variant = by_name.get(wanted)
            if variant is None:
                self.error(None, f"there is no variant `{wanted}`",
                           hint=did_you_mean(wanted, by_name) or f"known variants: {', '.join(by_name) or 'none'}")
                continue
            for change in variant.changes:
                if change.target in touched and change.action == "remove" and touched[change.target][1].action == "remove":
                    continue  # two variants that both drop a clause agree
                if change.target in touched:
                    other_variant, other = touched[change.target]
                    self.both_change(change, wanted, other_variant, other, change.target)
                    continue
                # An option `turn.draw` is part of its choice `turn`: changing the one and the other clash too.
                part = next((t for t in touched if t == change.target.split(".")[0] or
                             t.startswith(change.target + ".")), None)
                if part is not None:
                    self.both_change(change, wanted, *touched[part], min(change.target, part, key=len))
                    continue
                touched[change.target] = (wanted, change)
                if change.declaration is not None and change.declaration.kind == "option_replace":
                    if change.action == "replace_option":
                        self.replace_option(decls, change.declaration, f"variant `{wanted}`")
                        names = None  # decls changed in place
                    else:
                        self.error(change.loc, f"`{change.action} replace option` is not a change",
                                   hint=f"write `replace option {change.target} ...` on its own")
                    continue
                if names is None:
                    names = [ast.declaration_name(d) for d in decls]
                if change.action == "add":
                    if change.target in names:
                        self.error(change.loc, f"variant `{wanted}` adds `{change.target}`, which already exists",
                                   hint="use `replace` to change an existing clause")
                    else:
                        decls.append(change.declaration)
                        names.append(ast.declaration_name(change.declaration))
                        if change.declaration.kind == "example":
                            self.example_variants[change.target] = {wanted}
                    continue
                if change.target not in names:
                    self.error(change.loc, f"variant `{wanted}` changes `{change.target}`, which does not exist",
                               hint=did_you_mean(change.target, names))
                    continue
                index = names.index(change.target)
                if change.action == "remove":
                    del decls[index]
                    del names[index]
                else:
                    if change.declaration.kind != decls[index].kind:
                        self.error(change.loc, f"`{change.target}` is a {decls[index].kind}; it cannot be replaced "
                                               f"by a {change.declaration.kind}")
                    decls[index] = change.declaration
                    names[index] = ast.declaration_name(change.declaration)
        # An example about other variants than these is set aside (`rulespec check` runs it under its own).
        self.examples_set_aside = [d for d in decls if d.kind == "example"
                                   and not self._example_applies(d, variants, available)]
        decls = [d for d in decls if all(d is not other for other in self.examples_set_aside)]
        return decls, available

    def both_change(self, change: ast.Change, wanted: str, other_variant: str, other: ast.Change, what: str) -> None:
        if other_variant == wanted:
            self.error(change.loc, f"variant `{wanted}` changes `{what}` twice",
                       hint=f"the other change is at {other.loc}; make it one change")
        else:
            self.error(change.loc, f"variants `{other_variant}` and `{wanted}` both change `{what}`",
                       hint=f"the other change is at {other.loc}; combine them into one variant")

    def replace_options(self, decls: list, replaces: Sequence[ast.OptionReplace], own: Sequence) -> None:
        """A house rule's `replace option` declarations, applied to its merged declarations."""
        own_choices = {ast.declaration_name(d): d for d in own if d.kind == "choice"}
        seen: dict[str, ast.OptionReplace] = {}
        for replace in replaces:
            target = ast.declaration_name(replace)
            if target in seen:
                self.error(replace.loc, f"option `{target}` is replaced twice",
                           hint=f"the first replacement is at {seen[target].loc}")
                continue
            seen[target] = replace
            if replace.choice in own_choices:
                self.error(replace.loc, f"choice `{replace.choice}` is declared again in this file, so "
                                        f"`replace option {target}` would change its own copy",
                           hint=f"change option `{replace.option.name}` where the choice is, at "
                                f"{own_choices[replace.choice].loc}")
                continue
            self.replace_option(decls, replace, "this file")

    def replace_option(self, decls: list, replace: ast.OptionReplace, who: str) -> None:
        """Replace one option of a choice in ``decls``, keeping its other options and their order."""
        target = ast.declaration_name(replace)
        names = [ast.declaration_name(d) for d in decls]
        choices = [name for name, d in zip(names, decls) if d.kind == "choice"]
        if replace.choice not in names:
            self.error(replace.loc, f"{who} replaces option `{target}`, but there is no choice `{replace.choice}`",
                       hint=did_you_mean(replace.choice, choices) or f"choices: {', '.join(choices) or 'none'}")
            return
        index = names.index(replace.choice)
        choice = decls[index]
        if choice.kind != "choice":
            self.error(replace.loc, f"{who} replaces option `{target}`, but `{replace.choice}` is a {choice.kind}, "
                                    f"not a choice: only a choice has options",
                       hint=did_you_mean(replace.choice, choices) or f"choices: {', '.join(choices) or 'none'}")
            return
        options = [o.name for o in choice.options]
        if replace.option.name not in options:
            self.error(replace.loc, f"{who} replaces option `{target}`, but choice `{replace.choice}` has no option "
                                    f"`{replace.option.name}`",
                       hint=did_you_mean(replace.option.name, options) or
                       f"its options: {', '.join(options)}; to add an option, replace the whole choice")
            return
        decls[index] = dataclasses.replace(choice, options=tuple(
            replace.option if o.name == replace.option.name else o for o in choice.options))

    # ------------------------------------------------------------------ entry point
    def check(self, variants: Sequence[str] = ()) -> ir.Model:
        if not self.variant_check:
            self.check_names()
        decls, available = self.declarations(variants)
        decls = self.expand_dice(self.option_ranges(decls))
        self.collect(decls)
        model = self.build(decls, variants, available)
        if not variants and not self.problems:
            # Every variant the file offers is checked too, so a broken one is found before anyone plays it.
            for variant in available:
                other = Checker(self.file, self.base, sources=self.sources)
                other.variant_check = True
                try:
                    other.check([variant.name])
                except RuleError as error:
                    for problem in error.diagnostics:
                        if problem not in self.problems:
                            self.problems.append(problem)
                finally:
                    _let_go(other)
        if self.problems:
            raise RuleError(self.repeated_uses())
        return model

    def repeated_uses(self) -> list[Diagnostic]:
        """The problems, each reported once: a first report says where else the same name is used."""
        problems = list(self.problems)
        for name, locs in self.later_uses.items():
            index = self.first_report[name]
            lines = sorted({loc.line for loc in locs})
            shown = ", ".join(map(str, lines[:6])) + (", ..." if len(lines) > 6 else "")
            also = f"it is also used on line{'s' if len(lines) > 1 else ''} {shown}: fixing it here fixes those too"
            first = problems[index]
            hint = also if not first.hint else f"{first.hint} {also[0].upper()}{also[1:]}" \
                if first.hint.endswith(("?", ".")) else f"{first.hint}; {also}"
            problems[index] = dataclasses.replace(first, hint=hint)
        return problems

    # ------------------------------------------------------------------ names
    # Fields of syntax nodes that introduce a name (a declaration's, an option's, a variable's...).
    _NAMING_FIELDS = ("name", "var", "each_var", "skip_var", "cause", "holder", "lost")
    _NAME_LISTS = {"Attribute": "values", "OptionDecl": "values", "Outcome": "faces", "InsteadDecl": "params"}

    # Bytes of a name's characters (A-Z, a-z, 0-9) become `a`, `_` stays, every other byte a space.
    _NAME_BYTES = bytes(0x61 if chr(b).isascii() and chr(b).isalnum() else b if b == 0x5F else 0x20 for b in range(256))

    @classmethod
    def names_suspect(cls, text: str) -> bool:
        """Whether ``text`` shows `__`, or `_` beside a character that cannot be part of a name (as the
        regular expression ``__|(?<![A-Za-z0-9_])_|_(?![A-Za-z0-9_])`` would find, ten times faster)."""
        shown = text.encode("utf-8", "replace").translate(cls._NAME_BYTES)
        return b"__" in shown or b" _" in shown or b"_ " in shown or shown.startswith(b"_") or shown.endswith(b"_")

    def check_names(self) -> None:
        """Every name a declaration introduces can be part of a generated identifier.

        Generated code joins names with `__` (``effect_<choice>__<option>``), so a name may not contain
        `__` nor start or end with `_`: then joined names never collide. Declarations that differ only in
        capitals collide too (a board `beach` is the constant ``B_BEACH``)."""
        files = [self.file] + ([self.base] if self.base is not None else [])
        seen: set[tuple[str, int, int, str]] = set()
        # per node class: (its naming fields, its list of names, all its fields), worked out once
        plans: dict[type, tuple[tuple[str, ...], Optional[str], tuple[str, ...]]] = {}
        for rule_file in files:
            # A name is written in the text (a NAME token, or a quoted string's words): one that contains
            # `__` or starts or ends with `_` shows there as `__` or as `_` beside a character that cannot
            # be part of a name. A text with neither has no such name: its tree is not walked
            # (tests/core/test_checker_speedups.py walks it anyway, and compares).
            if not self.names_suspect(rule_file.text):
                stack: list = []
            else:
                stack = list(rule_file.declarations)
            while stack:
                node = stack.pop()
                if isinstance(node, tuple):
                    stack.extend(node)
                    continue
                if not isinstance(node, ast.Node):
                    continue
                plan = plans.get(node.__class__)
                if plan is None:
                    cls, fields = type(node).__name__, tuple(f.name for f in dataclasses.fields(node))
                    # (a game's `name` is its title, free text that generated code holds as a literal only)
                    naming = () if cls in ("ExampleLine", "GameDecl") else \
                        tuple(f for f in self._NAMING_FIELDS if f in fields)
                    listed = None if cls == "ExampleLine" else self._NAME_LISTS.get(cls)
                    plan = plans[node.__class__] = (naming, listed, fields)
                naming, listed, fields = plan
                for field in naming:
                    value = getattr(node, field)
                    if isinstance(value, str):
                        self._check_name(value, node.loc, seen)
                for value in getattr(node, listed, ()) if listed else ():
                    if isinstance(value, str):
                        self._check_name(value, node.loc, seen)
                for field in fields:
                    child = getattr(node, field)
                    if isinstance(child, (ast.Node, tuple)):
                        stack.append(child)
            # Names of one namespace that differ only in capitals
            by_folded: dict[str, ast.Node] = {}
            for d in rule_file.declarations:
                if d.kind in ("game", "extends", "leave_out", "fit", "ruling", "option_replace"):
                    continue
                name = ast.declaration_name(d)
                other = by_folded.get(name.lower())
                if other is not None and ast.declaration_name(other) != name:
                    self.error(self._name_loc(d.loc, name), f"`{name}` and `{ast.declaration_name(other)}` differ only "
                                                            f"in capitals", width=len(name),
                               hint=f"the other is at {other.loc}; generated code would confuse them: rename one")
                by_folded.setdefault(name.lower(), d)

    def _check_name(self, name: str, loc: ast.Loc, seen: set) -> None:
        if "__" in name:
            problem, better = "contains `__`", re.sub("_+", "_", name).strip("_")
        elif name.startswith("_") or name.endswith("_"):
            problem, better = f"{'starts' if name.startswith('_') else 'ends'} with `_`", name.strip("_")
        else:
            return
        where = self._name_loc(loc, name)
        key = (where.file, where.line, where.column, name)
        if key in seen:
            return
        seen.add(key)
        self.error(where, f"`{name}` cannot be a name: it {problem}", width=len(name),
                   hint=f"write `{better or 'a_name'}`; generated code joins names with `__`, so a name may not "
                        f"contain `__` nor start or end with `_`")

    def _name_loc(self, loc: ast.Loc, name: str) -> ast.Loc:
        """Where ``name`` is written on the first line of ``loc`` (or ``loc`` itself)."""
        source = self.sources.get(loc.file)
        line = source.line(loc.line) if source else ""
        found = re.search(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])", line[loc.column - 1:])
        if found is None:
            return loc
        column = loc.column + found.start()
        return ast.Loc(file=loc.file, line=loc.line, column=column, end_line=loc.line, end_column=column + len(name))

    def _var_loc(self, loc: ast.Loc, name: str) -> ast.Loc:
        """Where the variable ``name`` is introduced on the first line of ``loc`` (``name in``, ``name drawn``...)."""
        source = self.sources.get(loc.file)
        line = source.line(loc.line) if source else ""
        pattern = r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?=\s+(in|drawn|rolled|picked)(?![A-Za-z0-9_]))"
        found, start = re.search(pattern, line[loc.column - 1:]), loc.column
        if found is None:  # `for each p in ...` of an end: the domain's place is after the name
            found, start = re.search(pattern, line), 1
        if found is None:
            return self._name_loc(loc, name)
        column = start + found.start()
        return ast.Loc(file=loc.file, line=loc.line, column=column, end_line=loc.line, end_column=column + len(name))

    def bind(self, scope: dict[str, str], name: str, type_: str, loc: Optional[ast.Loc]) -> dict[str, str]:
        """``scope`` with the variable ``name`` added; a name already bound there (a step's parameter, an
        option's binding, an outer `for each` or count) is refused, so a rule never reads the wrong one."""
        if name in scope and loc is not None:
            self.error(self._var_loc(loc, name), f"`{name}` is already a name here", width=len(name),
                       hint=f"`{name}` already names a parameter, a chosen value or an outer variable, and this one "
                            f"would hide it from the rules inside; give this one another name")
        return dict(scope, **{name: type_})

    # ------------------------------------------------------------------ symbol tables
    # ------------------------------------------------------------------ dice
    @staticmethod
    def dice_names(d: ast.DiceDecl) -> tuple[str, str]:
        """The supply of dice not rolled and the chance step that rolls one die, as the checker names them."""
        return f"{d.name}_supply", f"roll_{d.holder}"

    def dice_count(self, d: ast.DiceDecl, options: dict) -> int:
        """The most dice one holder may have: the number, or the largest value of the numeric option."""
        if isinstance(d.count, int):
            counts = [d.count]
        else:
            option = options.get(d.count)
            if option is None or not option.numeric:
                self.error(self._name_loc(d.loc, d.count), f"there is no numeric option `{d.count}`" if option is None
                           else f"option `{d.count}` has words, not numbers: it cannot count dice", width=len(d.count),
                           hint=did_you_mean(d.count, [o.name for o in options.values() if o.numeric])
                           or "write a number of dice, or the name of an option whose values are numbers")
                return 1
            counts = [int(v) for v in option.values]
        if min(counts) < 1 or max(counts) > LIMIT.dice:
            self.error(d.loc, refusal("dice", max(counts)) if max(counts) > LIMIT.dice
                       else "a holder of dice needs 1 die or more",
                       hint="a game is played with the dice the rulebook says")
        return max(1, min(max(counts), LIMIT.dice))

    def option_ranges(self, decls: list) -> list:
        """`dice die: worth 1..max_value, ...`: faces from a number up to a numeric option. The die has every
        face up to the option's largest value; a roll picks from the faces up to the option's value. A
        component's own numbers are written out (its copies are made before any option is read)."""
        options = {d.name: d for d in decls if d.kind == "option"}
        out = []
        self.faces_unknown = False
        for d in decls:
            attribute = getattr(d, "attribute", None) if d.kind == "dice" else None
            for bad in (a for a in getattr(d, "attributes", ()) if d.kind == "component" and a.up_to):
                self.error(bad.loc, f"a component's numbers are written out: `{bad.name} {bad.values[0]}..N`, not up "
                                    f"to the option `{bad.up_to}`",
                           hint=f"write the most there may be (`{bad.name} {bad.values[0]}..13`) and move the ones "
                                f"above `{bad.up_to}` out of play in setup; dice may have faces up to an option")
            if attribute is None or attribute.up_to is None:
                out.append(d)
                continue
            option, low = options.get(attribute.up_to), attribute.values[0]
            if option is None or not option.numeric:
                self.error(attribute.loc, f"there is no numeric option `{attribute.up_to}`" if option is None else
                           f"option `{attribute.up_to}` has words, not numbers: it cannot be the highest face",
                           hint=did_you_mean(attribute.up_to, [o.name for o in options.values() if o.numeric])
                           or f"write the highest face as a number (`{attribute.name} {low}..6`), or name an option "
                              f"whose values are numbers")
                high, self.faces_unknown = low, True
            else:
                numbers = [int(v) for v in option.values]
                high = max(numbers)
                if min(numbers) < low:
                    self.error(attribute.loc, f"option `{option.name}` may be {min(numbers)}, below the lowest face "
                                              f"{low}: a die would have no face",
                               hint=f"give `{option.name}` values of {low} or more")
                    high, self.faces_unknown = max(high, low), True
                if high - low + 1 > LIMIT.attribute_values:
                    self.error(attribute.loc, refusal("attribute_values", high - low + 1),
                               hint="a die has the faces the rulebook says: give the option smaller values")
                    high = low + LIMIT.attribute_values - 1
            # (an option that cannot bound the faces is reported once; the die then has its one face)
            faces = dataclasses.replace(attribute, values=tuple(range(low, high + 1)),
                                        up_to=attribute.up_to if option is not None and option.numeric else None)
            out.append(dataclasses.replace(d, attribute=faces))
        return out

    def expand_dice(self, decls: list) -> list:
        """Each `dice` declaration, followed by what it declares: the die component (a copy of each face for
        every die there may be, so that every roll is independent of the others), the holder zone, the
        hidden supply of dice not rolled and the chance step rolling one die (all at the declaration)."""
        if not any(d.kind == "dice" for d in decls):
            return decls
        options = {d.name: d for d in decls if d.kind == "option"}
        games = [d for d in decls if d.kind == "game"]
        seats = max(games[0].max_players, 1) if games else 1
        out = []
        for d in decls:
            out.append(d)
            if d.kind != "dice":
                continue
            loc, tail = d.loc, {"cites": d.cites, "rulings": d.rulings}
            supply, step = self.dice_names(d)
            copies = self.dice_count(d, options) * (seats if d.per_player else 1)
            attribute = d.attribute.name
            out.append(ast.ComponentDecl(loc=loc, name=d.name, attributes=(d.attribute,),
                                         copies=min(copies, LIMIT.copies), shown_as="{" + attribute + "}", **tail))
            out.append(ast.ZoneDecl(loc=loc, name=d.holder, per_player=d.per_player, visibility=d.visibility, **tail))
            out.append(ast.ZoneDecl(loc=loc, name=supply, per_player=False, visibility="hidden",
                                    start_component=d.name, **tail))
            if d.lost is not None:  # the dice set aside for good: everyone sees how many, nobody their faces
                out.append(ast.ZoneDecl(loc=loc, name=d.lost, per_player=d.per_player, visibility="hidden", **tail))
            faces = d.attribute.values
            rolled = "rolled"
            if isinstance(faces[0], int):
                outcome = ast.Outcome(loc=loc, template="roll {rolled}", var=rolled,
                                      pick_from=ast.Span(loc=loc, low=ast.Num(loc=loc, value=faces[0]),
                                                         high=ast.Num(loc=loc, value=faces[-1])
                                                         if d.attribute.up_to is None
                                                         else ast.Name(loc=loc, id=d.attribute.up_to)))
            else:
                outcome = ast.Outcome(loc=loc, template="roll {rolled}", var=rolled, faces=tuple(faces))
            holder = ast.Of(loc=loc, attr=d.holder, target=ast.Name(loc=loc, id="player")) if d.per_player \
                else ast.Name(loc=loc, id=d.holder)
            one = ast.First(loc=loc, var=d.name, domain=ast.Name(loc=loc, id=supply),
                            where=ast.Compare(loc=loc, op="=", left=ast.Of(loc=loc, attr=attribute,
                                                                           target=ast.Name(loc=loc, id=d.name)),
                                              right=ast.Name(loc=loc, id=rolled)))
            out.append(ast.ChanceDecl(loc=loc, name=step,
                                      params=(ast.Param(loc=loc, name="player", type="seat"),) if d.per_player else (),
                                      outcome=outcome, body=(ast.Move(loc=loc, item=one, to=holder),), **tail))
        return out

    def dice_holder(self, holder: ast.Expr, verb: str) -> Optional[ast.DiceDecl]:
        """The dice declaration whose holder `holder` names (`cup of p`, `tray`), or None with the error said."""
        name = holder.attr if holder.kind == "of" else holder.id if holder.kind == "name" else None
        d = self.dice.get(name)
        if d is None:
            self.error(holder.loc, f"`{self.text(holder)}` holds no dice: only a holder of dice {verb}",
                       hint=did_you_mean(name or "", self.dice) or
                       (f"{'roll' if verb == 'is rolled' else 'lose a die from'} one of "
                        f"{', '.join(f'`{h}`' for h in self.dice)}" if self.dice else
                        "declare dice first: `dice die: face 1..6, 2 per player in cup, seen by owner`"))
            return None
        word = "roll" if verb == "is rolled" else f"lose a {d.name} from"
        if d.per_player and holder.kind != "of":
            self.error(holder.loc, f"`{d.holder}` is kept per player", hint=f"write `{word} {d.holder} of <player>`")
            return None
        if not d.per_player and holder.kind == "of":
            self.error(holder.loc, f"`{d.holder}` is shared, not kept per player", hint=f"write `{word} {d.holder}`")
            return None
        return d

    def dice_left(self, d: ast.DiceDecl, holder: ast.Expr, loc) -> ast.Expr:
        """How many dice the holder still has: the declared count, less those set aside (`lost to`)."""
        numeric = isinstance(d.count, int) or getattr(self.options.get(d.count), "numeric", False)
        # (a count that is not a numeric option is reported at the `dice` declaration; here it is one die)
        count = ast.Num(loc=loc, value=d.count if isinstance(d.count, int) else 1) if not numeric \
            or isinstance(d.count, int) else ast.Name(loc=loc, id=d.count)
        if d.lost is None:
            return count
        lost = ast.Of(loc=loc, attr=d.lost, target=holder.target) if d.per_player else ast.Name(loc=loc, id=d.lost)
        return ast.Arith(loc=loc, op="-", left=count, right=ast.Count(loc=loc, var=d.name, domain=lost))

    def roll(self, node: ast.Roll, scope: dict[str, str]) -> Optional[ir.S]:
        """`roll cup of p`: the dice of the holder back to the supply, then the chance step once per die it
        still has (its count, less the dice it has lost)."""
        holder = node.holder
        d = self.dice_holder(holder, "is rolled")
        if d is None:
            return None
        supply, step = self.dice_names(d)
        loc = node.loc
        count = self.dice_left(d, holder, loc)
        seat_args = (holder.target,) if d.per_player else ()
        plain = (ast.ForEach(loc=loc, var=d.name, domain=holder,
                             body=(ast.Move(loc=loc, item=ast.Name(loc=loc, id=d.name),
                                            to=ast.Name(loc=loc, id=supply)),)),
                 ast.Repeat(loc=loc, times=count, body=(ast.Then(loc=loc, step=step, args=seat_args),)))
        body = self.stmts(plain, scope)
        seat = self.expr(holder.target, scope, SEAT) if d.per_player else None
        return ir.Roll(loc, d.name, d.holder, seat, self.expr(count, scope, INT), body)

    def lose(self, node: ast.Lose, scope: dict[str, str]) -> Optional[ir.S]:
        """`lose a die from cup of p`: one die of the holder set aside for good in the `lost to` zone: one in
        the holder if any (its face no longer matters), else one from the supply while the holder has dice
        left to lose; a holder with none left loses nothing."""
        holder = node.holder
        d = self.dice_holder(holder, "loses a die")
        if d is None:
            return None
        loc = node.loc
        if node.die != d.name:
            self.error(loc, f"`{holder.attr if holder.kind == 'of' else holder.id}` holds dice called `{d.name}`, "
                            f"not `{node.die}`", width=len("lose a ") + len(node.die),
                       hint=f"write `lose a {d.name} from {self.text(holder)}`")
            return None
        if d.lost is None:
            self.error(loc, f"the dice in `{d.holder}` are never lost: their declaration has no zone for lost dice",
                       width=len("lose"),
                       hint=f"end the declaration of `{d.name}` with `, lost to lost_{d.name}`: the zone its "
                            f"lost dice are set aside in")
            return None
        supply, _ = self.dice_names(d)
        lost = ast.Of(loc=loc, attr=d.lost, target=holder.target) if d.per_player else ast.Name(loc=loc, id=d.lost)
        one_of = lambda zone: ast.First(loc=loc, var=d.name, domain=zone)  # noqa: E731
        plain = (ast.If(loc=loc, condition=ast.Test(loc=loc, test="not_empty", subject=holder),
                        then=(ast.Move(loc=loc, item=one_of(holder), to=lost),),
                        otherwise=(ast.If(loc=loc, condition=ast.Compare(loc=loc, op=">", left=self.dice_left(d, holder, loc),
                                                                         right=ast.Num(loc=loc, value=0)),
                                          then=(ast.Move(loc=loc, item=one_of(ast.Name(loc=loc, id=supply)), to=lost),)),)),)
        body = self.stmts(plain, scope)
        seat = self.expr(holder.target, scope, SEAT) if d.per_player else None
        return ir.Lose(loc, d.name, d.holder, d.lost, seat, body)

    def collect(self, decls: list) -> None:
        self.games = [d for d in decls if d.kind == "game"]
        self.rulings = {}
        self.names: dict[str, ast.Node] = {}
        for d in decls:
            if d.kind == "ruling":
                if d.id in self.rulings:
                    self.error(d.loc, f"ruling {d.id} is declared twice", hint=f"the first is at {self.rulings[d.id].loc}")
                self.rulings[d.id] = d
            elif d.kind in ("game", "extends", "leave_out", "fit", "variant", "dice"):
                continue  # (dice: their component, zones and chance step follow them, named as declared)
            else:
                name = ast.declaration_name(d)
                if name in self.names:
                    first = self.names[name]
                    hint = f"the first is at {first.loc}"
                    if first.kind != d.kind:  # `define out_of_ring` and `example out_of_ring`: one namespace
                        hint = (f"the first, {self.KIND_WORDS.get(first.kind, first.kind)}, is at {first.loc}; every "
                                f"declaration has a name of its own, whatever its kind: rename one of them")
                    self.error(d.loc, f"`{name}` is declared twice", hint=hint)
                else:
                    if not SAFE_NAME.match(name):
                        self.error(d.loc, f"`{name}` is not a valid name")
                    self.names[name] = d
        self.options = {d.name: d for d in decls if d.kind == "option"}
        self.components = {d.name: d for d in decls if d.kind == "component"}
        self.zones = {d.name: d for d in decls if d.kind == "zone"}
        for zone in self.zones.values():
            if zone.visibility == "top" and not zone.stacked:
                self.error(zone.loc, f"zone `{zone.name}` is `only top seen` but has no top: it is not stacked",
                           hint="add `, stacked` so that the zone keeps its order and the last component in is on top")
            if zone.size_unseen and zone.visibility == "public":
                self.error(zone.loc, f"zone `{zone.name}` is public but its size is unseen: whoever sees its "
                                     f"contents can count them",
                           hint="make it `hidden` or `seen by owner`, or drop `, size unseen`")
        self.counters = {d.name: d for d in decls if d.kind == "counter"}
        self.queues = {d.name: d for d in decls if d.kind == "queue"}
        self.boards = {d.name: d for d in decls if d.kind == "board"}
        self.shapes = {d.name: d for d in decls if d.kind == "shape"}
        self.steps = {d.name: d for d in decls if d.kind in ("step", "choice", "chance")}
        self.scores = {d.name: d for d in decls if d.kind == "score"}
        self.ends = {d.name: d for d in decls if d.kind == "end"}
        self.defines = {d.name: d for d in decls if d.kind == "define"}
        self.seat_attributes = {d.name: d for d in decls if d.kind == "seat_attribute"}
        self.dice = {d.holder: d for d in decls if d.kind == "dice"}
        self.definitions: dict[str, ir.Definition] = {}
        self.defining: list[str] = []  # the definitions being checked, outermost first
        self.cyclic: set[str] = set()  # definitions that use themselves (reported once, then left alone)
        self.attributes: dict[str, tuple] = {}
        for component in self.components.values():
            for attribute in component.attributes:
                known = self.attributes.get(attribute.name)
                if known is not None and type(known[0]) is not type(attribute.values[0]):
                    self.error(attribute.loc, f"attribute `{attribute.name}` mixes numbers and words")
                self.attributes[attribute.name] = tuple(dict.fromkeys((known or ()) + attribute.values))
        # Ordered attributes (`rank (jack < queen < king)`): one order wherever the attribute is declared.
        self.ordered: dict[str, tuple] = {}
        declared_at: dict[str, ast.Attribute] = {}
        for component in self.components.values():
            for attribute in component.attributes:
                first = declared_at.setdefault(attribute.name, attribute)
                if first is attribute:
                    if attribute.ordered:
                        self.ordered[attribute.name] = attribute.values
                elif first.ordered != attribute.ordered or (attribute.ordered and first.values != attribute.values):
                    order = " < ".join(str(v) for v in (first if first.ordered else attribute).values)
                    self.error(attribute.loc, f"attribute `{attribute.name}` is ordered in one component and not "
                                              f"in another, or in another order",
                               hint=f"give it the same order everywhere (`{attribute.name} ({order})`); the first "
                                    f"is at line {first.loc.line}")
        self.symbols: set[str] = set()
        for option in self.options.values():
            if not option.numeric:
                self.symbols.update(option.values)
        for values in self.attributes.values():
            self.symbols.update(v for v in values if isinstance(v, str))
        for d in self.seat_attributes.values():
            self.symbols.update(v for v in d.values if not re.fullmatch(r"-?[0-9]+", v))
        for d in decls:  # a die's faces are words any rule may compare with, wherever it is declared
            if d.kind == "chance" and d.outcome.faces:
                self.symbols.update(d.outcome.faces)
        for board in self.boards.values():
            if board.lattice == "triangles":  # `face of <space>` names a face
                self.symbols.update(f.name for f in board.faces)
        self.region_names = {r.name: b.name for b in self.boards.values() for r in b.regions}
        self.mark_names = {m.name: b.name for b in self.boards.values() for m in b.marks}
        self.causes = sorted({s.cause for s in self._all_statements(decls) if getattr(s, "cause", None)})
        self.used: set[str] = set()
        self.uses_won: list = []  # `p won` nodes (checked against the ranking: see won_cycles)

    def _all_statements(self, decls) -> Iterable[ast.Node]:
        def walk(stmts):
            for s in stmts:
                yield s
                for attr in ("then", "otherwise", "body"):
                    yield from walk(getattr(s, attr, ()) or ())
        for d in decls:
            yield from walk(getattr(d, "body", ()) or ())
            for option in getattr(d, "options", ()) or ():
                yield from walk(option.body)

    def cites_of(self, decl, what: str, required: bool = True) -> tuple[str, ...]:
        if required and not decl.cites:
            self.error(decl.loc, f"{what} cites no rulebook clause",
                       hint="add the clause IDs it encodes in brackets at the end of its first line, "
                            "e.g. [GAME-SETUP-1]", width=len(self._line(decl.loc)) - decl.loc.column + 1)
        for ruling in decl.rulings:
            self.used.add("ruling:" + ruling)
            if ruling not in self.rulings:
                self.error(decl.loc, f"ruling {ruling} is not declared",
                           hint=did_you_mean(ruling, self.rulings) or "declare it with `ruling ID \"title\":`")
        return decl.cites

    def _line(self, loc: ast.Loc) -> str:
        source = self.sources.get(loc.file)
        return source.line(loc.line) if source else ""

    def text(self, node: ast.Node) -> str:
        loc = node.loc
        source = self.sources.get(loc.file)
        if source is None:
            return ""
        line = loc.line
        if line == loc.end_line:  # most: as source.line(line)[...], without its call
            lines = source.lines
            return lines[line - 1][loc.column - 1: loc.end_column - 1] if 1 <= line <= len(lines) else ""
        lines = [source.line(loc.line)[loc.column - 1:]]
        lines += [source.line(n) for n in range(loc.line + 1, loc.end_line)]
        lines.append(source.line(loc.end_line)[: loc.end_column - 1])
        return " ".join(part.strip() for part in lines if part.strip())

    # ------------------------------------------------------------------ expressions
    def expr(self, node, scope: dict[str, str], want: Optional[str] = None) -> ir.E:
        result = self._expr(node, scope)
        if want not in (None, "?") and result.type != "?" and not self._compatible(result.type, want):
            self.error(node.loc, f"`{self.text(node)}` is {describe_type(result.type)}, but {describe_type(want)} "
                                 f"is needed here", hint=self._type_hint(result.type, want, self.text(node))
                       or (self.word_option_hint(result) if want == INT else None))
        return result

    def word_option_hint(self, e: ir.E) -> Optional[str]:
        """An option of words (`t100`) used as a number: say how to give it numbers."""
        option = self.options.get(e.name) if isinstance(e, ir.OptionRef) else None
        if option is None or option.numeric:
            return None
        digits = [re.sub(r"^[^0-9]*", "", v) for v in option.values]
        shown = ", ".join(digits) if all(d.isdigit() for d in digits) else "20, 50, 100"
        default = re.sub(r"^[^0-9]*", "", option.default) if all(d.isdigit() for d in digits) else shown.split(", ")[0]
        return (f"the values of option `{option.name}` are words ({', '.join(option.values)}); an option whose "
                f"values are all numbers is a number in the rules: `option {option.name} \"{option.title}\": "
                f"{shown} default {default}`")

    @staticmethod
    def _type_hint(have: str, want: str, text: str) -> Optional[str]:
        """What to write instead, for the mix-ups a newcomer makes most."""
        if have == INT and want == BOOL:
            return f"compare it: `{text} > 0`, `{text} = 1`"
        if have == BOOL and want == INT:
            return ("a condition is not a number: count what passes it instead, "
                    "`count(q in players where ...)`, `count(s in grid where ...)`")
        if have == SYMBOL and want == ir.DIRECTION:
            return ("a direction is a compass word (`north`, `southeast`, ...) or a name going through `directions "
                    "of BOARD` (`count(d in directions of grid where ...)`); a seat's value from `each player has` "
                    "is a direction when every value is a compass word (`each player has a forward: south, north`)")
        return None

    @staticmethod
    def _compatible(have: str, want: str) -> bool:
        if have == want:
            return True
        if want == "space" and is_space(have):
            return True
        return False

    def _bad(self, node) -> ir.E:
        return ir.Const("?", node.loc, self.text(node), 0)

    def _expr(self, node, scope: dict[str, str]) -> ir.E:
        text, loc = self.text(node), node.loc
        kind = node.kind
        if kind == "num":
            return ir.Const(INT, loc, text, node.value)
        if kind == "seat":
            if node.word != "player":
                self.error(loc, f"`{node.word} {node.number}` is not a value", hint="write a seat as `player 2`")
                return self._bad(node)
            top = max((g.max_players for g in self.games), default=99)
            if not 1 <= node.number <= top:
                self.error(loc, f"there is no player {node.number}", hint=f"seats are numbered 1 to {top}")
            return ir.SeatConst(SEAT, loc, text, node.number - 1)
        if kind == "name":
            return self._name(node, scope)
        if kind == "of":
            return self._of(node, scope)
        if kind == "call":
            if node.func in self.defines:
                return self._use(node, node.func, node.args, scope)
            if node.func not in BUILTINS:
                hint = ("a range of whole numbers is written with two dots: `1..3` (`for n in 1..size of cup`)"
                        if node.func in ("range", "numbers", "between", "seq") else
                        did_you_mean(node.func, list(BUILTINS) + list(self.defines))
                        or f"functions: {', '.join(list(BUILTINS) + list(self.defines))}")
                self.error(loc, f"there is no function `{node.func}`", hint=hint)
                return self._bad(node)
            if len(node.args) != BUILTINS[node.func]:
                self.error(loc, f"`{node.func}` takes {BUILTINS[node.func]} value(s), not {len(node.args)}")
            args = tuple(self.expr(a, scope, INT) for a in node.args)
            return ir.Builtin(INT, loc, text, node.func, args)
        if kind == "first":
            domain = self.expr(node.domain, scope)
            element = element_type(domain.type)
            if element is None:
                if domain.type != "?":
                    self.error(node.domain.loc, f"`{self.text(node.domain)}` is {describe_type(domain.type)}; "
                                                f"`first` picks from a collection")
                return self._bad(node)
            inner = self.bind(scope, node.var, element, loc)
            where = self.expr(node.where, inner, BOOL) if node.where is not None else None
            return ir.First(element, loc, text, node.var, domain, where)
        if kind in ("count", "total"):
            domain = self.expr(node.domain, scope)
            element = element_type(domain.type)
            if element is None and domain.type != "?":
                self.error(node.domain.loc, f"`{self.text(node.domain)}` is {describe_type(domain.type)}; "
                                            f"it has nothing to count", hint="count over a zone, a board or the players")
                element = "?"
            inner = self.bind(scope, node.var, element or "?", loc)
            where = self.expr(node.where, inner, BOOL) if node.where is not None else None
            if kind == "count":
                return ir.Count(INT, loc, text, node.var, element or "?", domain, where)
            value = self.expr(node.value, inner, INT)
            return ir.Total(INT, loc, text, value, node.var, element or "?", domain, where)
        if kind == "placements":
            board = self.boards.get(node.board)
            if board is None or board.lattice != "triangles":
                self.error(loc, f"`{node.board}` is not a board of triangles",
                           hint=did_you_mean(node.board, [b for b, d in self.boards.items() if d.lattice == "triangles"]))
                return self._bad(node)
            if node.subject.kind == "name" and node.subject.id in self.shapes and node.subject.id not in scope:
                return ir.Placements("placements:" + board.name, loc, text, board.name, None, node.subject.id)
            item = self.expr(node.subject, scope, ITEM)
            return ir.Placements("placements:" + board.name, loc, text, board.name, item, None)
        if kind == "is_marked":
            space = self.expr(node.subject, scope)
            board = board_of(space.type) if is_space(space.type) else None
            if board is None:
                if space.type != "?":
                    self.error(node.subject.loc, f"`{space.text}` is {describe_type(space.type)}, not a space")
                return self._bad(node)
            marks = [m.name for m in self.boards[board].marks]
            if node.mark not in marks:
                self.error(loc, f"the board {board} has no mark `{node.mark}`",
                           hint=did_you_mean(node.mark, marks) or f"its marks: {', '.join(marks) or 'none'}")
            return ir.IsMarked(BOOL, loc, text, board, space, node.mark)
        if kind == "best_sets":
            kinds = self.attributes.get(node.attribute)
            if kinds is None:
                self.error(loc, f"no component has the attribute `{node.attribute}`",
                           hint=did_you_mean(node.attribute, self.attributes))
                return self._bad(node)
            domain = self.expr(node.domain, scope)
            if domain.type not in (ZONE, ZONES, "?"):
                self.error(node.domain.loc, f"`{domain.text}` is {describe_type(domain.type)}; sets are made from "
                                            f"the components in a zone")
            sizes = [size for size, _ in node.table]
            if len(set(sizes)) != len(sizes) or any(not 1 <= s <= len(kinds) for s in sizes):
                self.error(loc, f"set sizes must be different and between 1 and {len(kinds)} (the number of "
                                f"{node.attribute}s)")
            return ir.BestSets(INT, loc, text, node.figure, node.attribute, tuple(str(k) for k in kinds), domain,
                               self.expr(node.wild, scope, INT), node.table)
        if kind == "compare":
            left = self.expr(node.left, scope)
            right = self.expr(node.right, scope)
            order = self._check_comparable(node, left, right)
            return ir.Compare(BOOL, loc, text, node.op, left, right, order)
        if kind == "extreme":
            return self._extreme(node, scope)
        if kind == "conditional":
            condition = self.expr(node.condition, scope, BOOL)
            then, otherwise = self.expr(node.then, scope), self.expr(node.otherwise, scope)
            type_ = then.type if then.type != "?" else otherwise.type
            if "?" not in (then.type, otherwise.type) and not (self._compatible(then.type, otherwise.type)
                                                              or self._compatible(otherwise.type, then.type)):
                self.error(node.otherwise.loc, f"`{otherwise.text}` is {describe_type(otherwise.type)}, but "
                                               f"`{then.text}` after `then` is {describe_type(then.type)}",
                           hint="both sides of `if ... then A else B` give the same kind of value")
            return ir.Conditional(type_, loc, text, condition, then, otherwise)
        if kind == "won":
            self.uses_won.append(node)
            return ir.Won(BOOL, loc, text, self.expr(node.seat, scope, SEAT))
        if kind == "arith":
            return ir.Arith(INT, loc, text, node.op, self.expr(node.left, scope, INT), self.expr(node.right, scope, INT))
        if kind == "negate":
            return ir.Negate(INT, loc, text, self.expr(node.operand, scope, INT))
        if kind == "not":
            return ir.Not(BOOL, loc, text, self.expr(node.operand, scope, BOOL))
        if kind == "bool":
            return ir.BoolOp(BOOL, loc, text, node.op, tuple(self.expr(o, scope, BOOL) for o in node.operands))
        if kind == "test":
            return self._test(node, scope)
        if kind == "is_kind" and node.seat is not None:
            return self._holds_seat_value(node, scope)
        if kind == "is_kind":
            subject = self.expr(node.subject, scope)
            if node.component not in self.components:
                self.not_a_component(node, subject)
                return self._bad(node)
            if node.holds:
                if not is_space(subject.type):
                    if subject.type != "?":
                        self.error(node.subject.loc, f"only a space can hold something; `{subject.text}` is "
                                                     f"{describe_type(subject.type)}")
                    return self._bad(node)
                return ir.Holds(BOOL, loc, text, board_of(subject.type), subject, node.component)
            if subject.type not in (ITEM, "?"):
                hint = f"to ask what a space holds, write `{subject.text} holds {node.component}`" if is_space(subject.type) else None
                self.error(node.subject.loc, f"`{subject.text}` is {describe_type(subject.type)}, not a component",
                           hint=hint)
            return ir.IsKind(BOOL, loc, text, subject, node.component)
        if kind == "fits":
            item = self.expr(node.item, scope, ITEM)
            space = self.expr(node.space, scope, "space")
            board = board_of(space.type) or "?"
            return ir.Fits(BOOL, loc, text, board, item, space)
        if kind in ("neighbour", "line_of", "walk"):
            return self._along(node, scope)
        if kind == "connected":
            return self._connected(node, scope)
        if kind == "span":
            return ir.Span(NUMBERS, loc, text, self.expr(node.low, scope, INT), self.expr(node.high, scope, INT))
        if kind == "member":
            element = self.expr(node.element, scope)
            collection = self.expr(node.collection, scope)
            want = element_type(collection.type)
            if want is None and collection.type != "?":
                self.error(node.collection.loc, f"`{collection.text}` is {describe_type(collection.type)}, not a "
                                                f"collection")
            elif want is not None and element.type not in (want, "?"):
                self.error(node.element.loc, f"`{element.text}` is {describe_type(element.type)}; "
                                             f"`{collection.text}` holds {describe_type(want)}s")
            return ir.Member(BOOL, loc, text, element, collection)
        self.error(loc, f"`{text}` cannot be used here")
        return self._bad(node)

    def _extreme(self, node: ast.Extreme, scope: dict[str, str]) -> ir.E:
        """`max(V for x in X where C)`, `min(...)`: V a number or a value of an ordered attribute."""
        text, loc = self.text(node), node.loc
        if node.func not in ("max", "min"):
            self.error(loc, f"`{node.func}(... for {node.var} in ...)` is not a value the rules know",
                       hint="`max(...)` and `min(...)` take the largest or smallest value over a collection; "
                            "`sum(...)` adds them up, `count(...)` counts")
            return self._bad(node)
        domain = self.expr(node.domain, scope)
        element = element_type(domain.type)
        if element is None and domain.type != "?":
            self.error(node.domain.loc, f"`{self.text(node.domain)}` is {describe_type(domain.type)}; "
                                        f"`{node.func}` goes over a collection", hint="a zone, a board, the players or a range `1..n`")
        inner = self.bind(scope, node.var, element or "?", loc)
        where = self.expr(node.where, inner, BOOL) if node.where is not None else None
        value = self.expr(node.value, inner)
        order: tuple[str, ...] = ()
        if value.type == SYMBOL:
            attribute = self.order_of(value)
            named = self.attribute_of(value)
            if attribute is None and self.attributes.get(named):
                self.unordered(node.value.loc, named, self.attributes[named],
                               f"`{node.func}` has no {'highest' if node.func == 'max' else 'lowest'} to find")
            elif attribute is None:
                self.error(node.value.loc, f"`{value.text}` is a word of no order, so it has no {node.func}imum",
                           hint="`max` and `min` take numbers or the values of an ordered attribute "
                                "(`component card: rank (jack < queen < king)`)")
            else:
                order = tuple(str(v) for v in self.ordered[attribute])
        elif value.type not in (INT, "?"):
            self.error(node.value.loc, f"`{value.text}` is {describe_type(value.type)}; `{node.func}` takes numbers "
                                       f"or the values of an ordered attribute")
        return ir.Extreme(value.type, loc, text, node.func, value, node.var, element or "?", domain, where, order)

    def _along(self, node, scope: dict[str, str]) -> ir.E:
        """`neighbour of s towards d` and `line of N from s towards d`: s a space of a grid of squares."""
        space = self.expr(node.space, scope)
        direction = self.expr(node.direction, scope, ir.DIRECTION)
        length = self.expr(node.length, scope, INT) if node.kind == "line_of" else None
        if node.kind == "walk":
            board = board_of(space.type) if is_space(space.type) else None
            inner = self.bind(scope, node.var, space_type(board) if board else "?", node.loc)
            condition = self.expr(node.condition, inner, BOOL)
        if space.type == "?":
            return self._bad(node)
        if not is_space(space.type):
            self.error(node.space.loc, f"`{space.text}` is {describe_type(space.type)}, but a space of a board "
                                       f"is needed here")
            return self._bad(node)
        board = board_of(space.type)
        adjacency = "triangles" if self.boards[board].lattice == "triangles" else self.boards[board].adjacency
        if isinstance(direction, ir.Const) and direction.type == ir.DIRECTION \
                and direction.value not in ir.lattice_directions(adjacency):
            words = [ir.COMPASS[d] for d in ir.lattice_directions(adjacency)]
            self.error(node.direction.loc, f"a board of hexagons has no {ir.COMPASS[direction.value]}: "
                                           f"{board} is `adjacency hexagonal`",
                       hint=f"its directions are {', '.join(words)} (each row lies half a hexagon east of the "
                            f"row above)")
        if node.kind == "walk":
            return ir.Walk(spaces_type(board), node.loc, self.text(node), board, node.var, space, direction,
                           node.until, condition)
        if node.kind == "neighbour":
            return ir.Neighbour(space.type, node.loc, self.text(node), board, space, direction)
        return ir.LineOf(spaces_type(board), node.loc, self.text(node), board, length, space, direction)

    def _connected(self, node: ast.Connected, scope: dict[str, str]) -> ir.E:
        """`connected(s in D where C from A to B)`: D spaces of one board (a grid, hexagons or triangles)."""
        domain = self.expr(node.domain, scope)
        board = board_of(domain.type) if domain.type.startswith("spaces:") else None
        if board is None and domain.type != "?":
            self.error(node.domain.loc, f"`{domain.text}` is {describe_type(domain.type)}; a path runs over the "
                                        f"spaces of a board", hint="write `connected(s in BOARD where ...)`")
        inner = self.bind(scope, node.var, space_type(board) if board else "?", node.loc)
        condition = self.expr(node.condition, inner, BOOL)
        start = self.expr(node.start, inner, BOOL)
        goal = self.expr(node.goal, inner, BOOL)
        if board is None:
            return self._bad(node)
        return ir.Connected(BOOL, node.loc, self.text(node), board, node.var, domain, condition, start, goal)

    def _holds_seat_value(self, node: ast.IsKind, scope: dict[str, str]) -> ir.E:
        """`s holds mark of p`: the seat's value names a component (every value of `mark` is a component's
        name) or is a value of a component attribute (the attribute of the same name, else the one attribute
        that has every value of `mark`)."""
        name, loc, text = node.component, node.loc, self.text(node)
        subject = self.expr(node.subject, scope)
        seat = self.expr(node.seat, scope, SEAT)
        if name not in self.seat_attributes:
            hint = did_you_mean(name, self.seat_attributes) or (
                f"declare what each seat brings: `each player has a {name}: ...`; `holds ... of` asks for a "
                f"seat's value")
            self.error(loc, f"`{name}` is not something each player has", hint=hint)
            return self._bad(node)
        self.used.add("seat_attribute:" + name)
        values = self.seat_attributes[name].values
        if subject.type == "?" or seat.type == "?":
            return self._bad(node)
        if not is_space(subject.type):
            self.error(node.subject.loc, f"only a space can hold something; `{subject.text}` is "
                                         f"{describe_type(subject.type)}")
            return self._bad(node)
        attribute = None
        if not all(v in self.components for v in values):
            owners = [a for a, known in self.attributes.items() if all(v in known for v in values)]
            if name in owners:
                owners = [name]
            if len(owners) != 1:
                shown = ", ".join(values)
                what = (f"are values of several attributes ({', '.join(owners)})" if owners else
                        "name no component and are not all values of one component attribute")
                self.error(loc, f"the values of `{name}` ({shown}) {what}",
                           hint=f"give each player a component's name, or values of one attribute; name that "
                                f"attribute `{name}` too (`component piece: {name} ({shown})`)")
                return self._bad(node)
            attribute = owners[0]
        value = ir.SeatAttr(SYMBOL, loc, f"{name} of {seat.text}", name, values, seat)
        return ir.HoldsSeatValue(BOOL, loc, text, board_of(subject.type), subject, value, attribute)

    def not_a_component(self, node: ast.IsKind, subject: ir.E) -> None:
        """`s holds red`, `t is red`: `red` names no component. When it is a value of an attribute, say so
        and what to write instead."""
        name = node.component
        owners = [a for a, values in self.attributes.items() if name in values]
        if not owners:
            self.error(node.loc, f"there is no component `{name}`", hint=did_you_mean(name, self.components))
            return
        attribute = owners[0]
        subject_text = self.text(node.subject)
        if node.holds:
            instead = f"`{subject_text} is occupied and {attribute} of occupant of {subject_text} = {name}`"
        else:
            instead = f"`{attribute} of {subject_text} = {name}`"
        kinds = [c.name for c in self.components.values() if any(a.name == attribute for a in c.attributes)]
        self.error(node.loc, f"`{name}` is a value of the attribute `{attribute}`, not a component",
                   hint=f"`{'holds' if node.holds else 'is'}` names a component ({', '.join(kinds[:3])}...); "
                        f"to test the attribute write {instead}" if len(kinds) > 3 else
                   f"`{'holds' if node.holds else 'is'}` names a component ({', '.join(kinds)}); to test the "
                   f"attribute write {instead}")

    def attribute_of(self, e: ir.E) -> Optional[str]:
        """The component attribute whose value ``e`` is, if any (`rank of c`, `max(rank of c for ...)`, a
        definition or a conditional giving one)."""
        if isinstance(e, (ir.ItemAttr, ir.SpaceAttr)) and e.attr in self.attributes:
            return e.attr
        if isinstance(e, ir.Extreme):
            return self.attribute_of(e.value)
        if isinstance(e, ir.DefinedValue):
            definition = self.definitions.get(e.name)
            return self.attribute_of(definition.value) if definition is not None else None
        if isinstance(e, ir.Conditional):
            return self.attribute_of(e.then) or self.attribute_of(e.otherwise)
        return None

    def order_of(self, e: ir.E) -> Optional[str]:
        """The ordered attribute whose value ``e`` is, if any."""
        attribute = self.attribute_of(e)
        return attribute if attribute in self.ordered else None

    def _ordering(self, node, left: ir.E, right: ir.E) -> tuple[str, ...]:
        """`rank of a > rank of b`: both sides values of one ordered attribute (a word must be one of its
        values). Returns its values, lowest first; reports what to write when they are not ordered."""
        attrs = [self.order_of(left), self.order_of(right)]
        known = [a for a in attrs if a is not None]
        if not known:
            attribute = self.attribute_of(left) or self.attribute_of(right)
            values = self.attributes.get(attribute, ()) if attribute else ()
            if values:  # one mistake (the order not declared), however often its values are compared
                self.unordered(node.loc, attribute, values, f"`{node.op}` cannot compare them")
                return ()
            self.error(node.loc, f"`{node.op}` compares numbers or the values of an ordered attribute, not words",
                       hint="`<`, `>`, `<=` and `>=` compare numbers, or the values of an ordered attribute "
                            "(`component card: rank (jack < queen < king)`)")
            return ()
        if len(set(known)) > 1:
            self.error(node.loc, f"`{left.text}` is a {known[0]} and `{right.text}` a {known[1]}: they do not "
                                 f"compare", hint="compare values of the same ordered attribute")
            return ()
        return tuple(str(v) for v in self.ordered[known[0]])

    def unordered(self, loc: Optional[ast.Loc], attribute: str, values: Sequence, what: str) -> None:
        """`rank of a > rank of b` (or `max(rank of c ...)`) while `rank` lists its values without `<`."""
        self.error(loc, f"the values of `{attribute}` have no order, so {what}",
                   hint=f"declare the order in the component, lowest first: `{attribute} "
                        f"({' < '.join(map(str, values))})`", once_for="unordered:" + attribute)

    def _check_comparable(self, node, left: ir.E, right: ir.E) -> tuple[str, ...]:
        """Reports a comparison of what cannot be compared; returns the order of an ordered attribute's
        values when `<`, `>`, `<=` or `>=` compares them (else ())."""
        order: tuple[str, ...] = ()
        if "?" in (left.type, right.type):
            return order
        if left.type != right.type:
            self.error(node.loc, f"cannot compare {describe_type(left.type)} with {describe_type(right.type)}",
                       hint=self.word_option_hint(left) or self.word_option_hint(right))
            return order
        if node.op not in ("=", "!=") and left.type == SYMBOL:
            order = self._ordering(node, left, right)
        elif node.op not in ("=", "!=") and left.type != INT:
            self.error(node.loc, f"`{node.op}` compares numbers; these are {describe_type(left.type)}s")
        # A word compared with an option or attribute must be one of its values.
        for a, b in ((left, right), (right, left)):
            if isinstance(b, ir.Const) and b.type == SYMBOL:
                allowed = None
                if isinstance(a, ir.OptionRef):
                    allowed = self.options[a.name].values
                elif isinstance(a, (ir.ItemAttr, ir.SpaceAttr)):
                    allowed = self.attributes.get(a.attr)
                elif isinstance(a, ir.SeatAttr):
                    allowed = a.values
                elif isinstance(a, ir.FaceOf):
                    allowed = tuple(f.name for f in self.boards[a.board].faces)
                if allowed is not None and b.value not in allowed:
                    self.error(b.loc, f"`{b.value}` is not a value of `{a.text}`",
                               hint=did_you_mean(str(b.value), [str(v) for v in allowed])
                               or f"its values are {', '.join(str(v) for v in allowed)}")
        return order

    def _name(self, node: ast.Name, scope: dict[str, str]) -> ir.E:
        name, loc, text = node.id, node.loc, self.text(node)
        if name in scope:
            return ir.Var(scope[name], loc, text, name)
        if name in self.defines:
            return self._use(node, name, (), scope)
        if name == "players":
            return ir.PlayersSet(SEATS, loc, text)
        if name in self.zones:
            zone = self.zones[name]
            self.used.add("zone:" + name)
            return ir.ZoneRef(ZONES if zone.per_player else ZONE, loc, text, name, None)
        if name in self.boards:
            return ir.BoardRef(spaces_type(name), loc, text, name)
        if name in self.queues:
            self.used.add("queue:" + name)
            return ir.QueueRef(QUEUE, loc, text, name)
        if name in self.counters:
            self.used.add("counter:" + name)
            if self.counters[name].per_player:
                self.error(loc, f"`{name}` is kept per player", hint=f"write `{name} of <player>`")
            return ir.CounterRef(INT, loc, text, name, None)
        if name in self.options:
            return ir.OptionRef(INT if self.options[name].numeric else SYMBOL, loc, text, name)
        if name in self.symbols:
            return ir.Const(SYMBOL, loc, text, name)
        if name in ir.COMPASS:
            return ir.Const(ir.DIRECTION, loc, text, ir.COMPASS.index(name))
        known = list(scope) + list(self.zones) + list(self.boards) + list(self.counters) + list(self.options) + \
            list(self.queues) + sorted(self.symbols) + list(self.defines) + ["players"] + list(ir.COMPASS)
        self.error(loc, f"unknown name `{name}`", hint=did_you_mean(name, known))
        return self._bad(node)

    # ------------------------------------------------------------------ definitions
    def _use(self, node, name: str, arg_nodes: Sequence, scope: dict[str, str]) -> ir.E:
        """A use of definition ``name``: as many values as it has parameters, each of its parameter's type."""
        d = self.defines[name]
        self.used.add("define:" + name)
        if name in self.cyclic:  # reported once, at the definition
            return self._bad(node)
        if len(arg_nodes) != len(d.params):
            wanted = ", ".join(p.name for p in d.params)
            self.error(node.loc, f"`{name}` takes {len(d.params)} value(s){f' ({wanted})' if wanted else ''}, "
                                 f"not {len(arg_nodes)}",
                       hint=f"write `{name}({wanted})`" if d.params else f"write just `{name}`")
            return self._bad(node)
        definition = self.definition(name)
        if definition is None:
            return self._bad(node)
        args = tuple(self.expr(a, scope, p.type) for a, p in zip(arg_nodes, definition.params))
        if definition.value.type == "?":
            return self._bad(node)
        return ir.DefinedValue(definition.value.type, node.loc, self.text(node), name, args)

    def definition(self, name: str) -> Optional[ir.Definition]:
        """Definition ``name``, checked once (at its first use, or in file order): its value sees only its
        parameters and the game's declarations, never the names where it is used."""
        done = self.definitions.get(name)
        if done is not None or name in self.defining or name in self.cyclic:
            return done
        d = self.defines[name]
        if len(self.defining) >= LIMIT.definition_depth:
            self.error(self._name_loc(d.loc, name), refusal("definition_depth", len(self.defining) + 1) +
                       f" (`{' -> '.join(self.defining + [name])}`)", width=len(name),
                       hint="write the innermost definitions out where they are used")
            self.cyclic.add(name)
            return None
        self.defining.append(name)
        try:
            self.cites_of(d, f"definition `{name}`")
            for builtin in (name,) if name in BUILTINS else ():
                self.error(self._name_loc(d.loc, name), f"`{builtin}` is a built-in function", width=len(name),
                           hint="give the definition another name")
            if name in self.symbols:
                self.error(self._name_loc(d.loc, name), f"`{name}` is already a value (of an attribute or "
                                                        f"an option)", width=len(name),
                           hint="give the definition another name")
            params, scope = self.params(d.params)
            value = self.expr(d.body, scope)
        finally:
            self.defining.pop()
        definition = self.definitions[name] = ir.Definition(name, d.loc, d.cites, d.rulings, params, value)
        return definition

    def definition_cycles(self) -> None:
        """A definition that uses itself, directly or through others (``a -> b -> a``), would never be
        worked out: reported once per cycle, at the definition of the cycle declared first."""
        needs: dict[str, list[str]] = {}
        for name, d in self.defines.items():
            own = {p.name for p in d.params}
            found, stack = [], [d.body]
            while stack:
                node = stack.pop()
                if isinstance(node, tuple):
                    stack.extend(reversed(node))
                    continue
                if not isinstance(node, ast.Node):
                    continue
                if isinstance(node, ast.Call) and node.func in self.defines:
                    found.append(node.func)
                elif isinstance(node, ast.Name) and node.id in self.defines and node.id not in own:
                    found.append(node.id)
                stack.extend(reversed([getattr(node, f.name) for f in dataclasses.fields(node)
                                       if isinstance(getattr(node, f.name), (ast.Node, tuple))]))
            needs[name] = list(dict.fromkeys(found))
        for name in self.defines:
            path = self._shortest_cycle(name, needs)
            if path is None or self.cyclic & set(path):
                continue
            self.cyclic.update(path)
            d = self.defines[name]
            self.error(self._name_loc(d.loc, name), f"definition `{name}` uses itself: {' -> '.join(path)}",
                       width=len(name),
                       hint="a definition is worked out from the game; write it from declarations and other "
                            "definitions that do not lead back to it (a repeated rule is a `for each` or a `count`)")
        self.definition_depths(needs)

    def definition_depths(self, needs: dict[str, list[str]]) -> None:
        """Definitions used inside one another are at most ``definition_depth`` deep (each use is a call in
        the generated engine). Worked out without recursion; reported at the first definition too deep."""
        depth: dict[str, int] = {}
        deepest_next: dict[str, Optional[str]] = {}
        for start in self.defines:
            stack = [(start, False)]
            while stack:
                name, done = stack.pop()
                if name in depth or name in self.cyclic:
                    continue
                inner = [o for o in needs.get(name, ()) if o not in self.cyclic]
                if done:
                    best = max(inner, key=lambda o: depth.get(o, 0), default=None)
                    depth[name] = 1 + (depth.get(best, 0) if best is not None else 0)
                    deepest_next[name] = best
                    continue
                stack.append((name, True))
                stack.extend((o, False) for o in inner if o not in depth)
        too_deep = [name for name in self.defines if depth.get(name, 0) > LIMIT.definition_depth]
        if not too_deep:
            return
        first = too_deep[0]
        chain, name = [], first
        while name is not None:
            chain.append(name)
            name = deepest_next.get(name)
        d = self.defines[first]
        self.error(self._name_loc(d.loc, first), refusal("definition_depth", depth[first]) +
                   f" (`{' -> '.join(chain[:5])} -> ... -> {chain[-1]}`)", width=len(first),
                   hint="write some of the inner definitions out where they are used")
        self.cyclic.update(too_deep)  # not checked further: one mistake, one error

    @staticmethod
    def _shortest_cycle(start: str, needs: dict[str, list[str]]) -> Optional[list[str]]:
        """The shortest way from ``start`` back to itself through ``needs`` (breadth first), or None."""
        came_from: dict[str, str] = {}
        frontier = [start]
        while frontier:
            following = []
            for name in frontier:
                for other in needs.get(name, ()):
                    if other == start:
                        path = [name]
                        while path[-1] != start:
                            path.append(came_from[path[-1]])
                        return path[::-1] + [start]
                    if other not in came_from and other in needs:
                        came_from[other] = name
                        following.append(other)
            frontier = following
        return None

    def _of(self, node: ast.Of, scope: dict[str, str]) -> ir.E:
        attr, loc, text = node.attr, node.loc, self.text(node)
        if attr == "values" and isinstance(node.target, ast.Name) and node.target.id in self.attributes \
                and node.target.id not in scope:
            values = tuple(self.attributes[node.target.id])
            self.symbols.update(str(v) for v in values if isinstance(v, str))
            return ir.AttributeValues(SYMBOLS if values and isinstance(values[0], str) else NUMBERS, loc, text,
                                      node.target.id, values)
        target = self.expr(node.target, scope)
        t = target.type
        if t == "?":
            return self._bad(node)
        if attr in self.zones:
            zone = self.zones[attr]
            self.used.add("zone:" + attr)
            if not zone.per_player:
                self.error(loc, f"`{attr}` is shared; it belongs to no player", hint=f"write just `{attr}`")
                return self._bad(node)
            if t != SEAT:
                self.error(node.target.loc, f"`{target.text}` is {describe_type(t)}, but `{attr} of` needs a player")
                return self._bad(node)
            return ir.ZoneRef(ZONE, loc, text, attr, target)
        if attr in self.counters:
            self.used.add("counter:" + attr)
            if t != SEAT or not self.counters[attr].per_player:
                self.error(loc, f"`{attr}` is not kept per player")
                return self._bad(node)
            return ir.CounterRef(INT, loc, text, attr, target)
        if attr in self.scores:
            if t != SEAT:
                self.error(node.target.loc, f"`{attr} of` needs a player, not {describe_type(t)}")
                return self._bad(node)
            return ir.ScoreRef(INT, loc, text, attr, target)
        if attr == "others":
            if t != SEAT:
                self.error(node.target.loc, f"`others of` needs a player, not {describe_type(t)}")
                return self._bad(node)
            return ir.Others(SEATS, loc, text, target)
        if attr in SEAT_STEPS:
            if t != SEAT:
                self.error(node.target.loc, f"`{attr} of` needs a player, not {describe_type(t)}")
                return self._bad(node)
            return ir.SeatStep(SEAT, loc, text, target, SEAT_STEPS[attr])
        if attr in self.seat_attributes and t == SEAT:
            self.used.add("seat_attribute:" + attr)
            values = self.seat_attributes[attr].values
            # `each player has a forward: south, north`: compass words are directions (`towards forward of p`);
            # `each player has a store: 7, 0`: numbers are numbers
            kind = ir.DIRECTION if all(v in ir.COMPASS for v in values) else \
                INT if all(re.fullmatch(r"-?[0-9]+", v) for v in values) else SYMBOL
            return ir.SeatAttr(kind, loc, text, attr, values, target)
        if attr == "directions" and isinstance(target, ir.BoardRef):
            board = self.boards[target.board]
            if board.lattice == "triangles":  # the six ways a strip of triangles runs
                return ir.Directions(ir.DIRECTIONS, loc, text, target.board, ir.TRIANGLE_LINES)
            return ir.Directions(ir.DIRECTIONS, loc, text, target.board,
                                 ir.ADJACENCY_DIRECTIONS.get(board.adjacency, ir.ADJACENCY_DIRECTIONS["orthogonal"]))
        if attr == "occupant":
            if not is_space(t):
                self.error(node.target.loc, f"`occupant of` needs a space, not {describe_type(t)}")
                return self._bad(node)
            return ir.Occupant(ITEM, loc, text, board_of(t), target)
        if attr == "cells":
            if is_placement(t):
                return ir.CellsOf(spaces_type(board_of(t)), loc, text, board_of(t), target)
            lattices = [b for b, d in self.boards.items() if d.lattice == "triangles"]
            if t == ITEM and len(lattices) == 1:
                return ir.CellsOf(spaces_type(lattices[0]), loc, text, lattices[0], target)
            self.error(node.target.loc, f"`cells of` needs a placement or a tile on a board of triangles, not "
                                        f"{describe_type(t)}")
            return self._bad(node)
        if attr == "face" and is_space(t) and self.boards[board_of(t)].lattice == "triangles":
            return ir.FaceOf(SYMBOL, loc, text, board_of(t), target)
        if attr == "faces" and isinstance(target, ir.BoardRef):
            if self.boards[target.board].lattice != "triangles":
                self.error(node.target.loc, f"`faces of` lists the faces laid together on a board of triangles; "
                                            f"{target.board} is a grid with one face per game")
                return self._bad(node)
            return ir.FacesInUse(SYMBOLS, loc, text, target.board)
        if attr == "top":
            zone = self.zones.get(getattr(target, "zone", ""))
            if t != ZONE or zone is None or not zone.stacked:
                self.error(node.target.loc, f"`top of` needs a stacked zone, not {describe_type(t)}",
                           hint="declare the zone with `, stacked` so its order is kept")
                return self._bad(node)
            return ir.Top(ITEM, loc, text, target)
        if attr == "size" and not (t == ITEM and "size" in self.attributes):  # a component's own `size` attribute
            if t not in (ZONE, ZONES, SEATS, QUEUE) and not t.startswith(("spaces:", "placements:")):
                self.error(node.target.loc, f"`size of` needs a zone, a queue, a board or the players, "
                                            f"not {describe_type(t)}")
                return self._bad(node)
            return ir.Size(INT, loc, text, target)
        if attr in self.region_names:
            if not is_space(t) or board_of(t) != self.region_names[attr]:
                self.error(node.target.loc, f"`{attr} of` needs a space of {self.region_names[attr]}")
                return self._bad(node)
            # A region is only ever tested for completeness; the caller turns this into RegionComplete.
            return ir.Var("region:" + attr, loc, text, attr)
        if attr in self.attributes or any(attr in (b.row_attribute, b.column_attribute) for b in self.boards.values()):
            values = self.attributes.get(attr, ())
            attr_type = INT if values and isinstance(values[0], int) else SYMBOL
            if t == ITEM:
                if attr not in self.attributes:
                    self.error(loc, f"no component has the attribute `{attr}`; it numbers the spaces of a board",
                               hint=f"write `{attr} of <space>`")
                    return self._bad(node)
                return ir.ItemAttr(attr_type, loc, text, attr, target)
            if is_space(t):
                board = self.boards[board_of(t)]
                if attr == board.row_attribute and board.first_row is None and attr not in self.attributes \
                        and board.lattice == "grid":
                    return self._bad(node)  # rows named after no attribute: reported once, at the board
                if attr == board.column_attribute or (attr == board.row_attribute and board.first_row is not None):
                    attr_type = INT
                elif attr != board.row_attribute:
                    self.error(loc, f"the spaces of {board.name} have no `{attr}`",
                               hint=f"they have `{board.row_attribute}` and `{board.column_attribute}`")
                    return self._bad(node)
                return ir.SpaceAttr(attr_type, loc, text, board.name, attr, target)
            self.error(node.target.loc, f"`{attr} of` needs a component or a space, not {describe_type(t)}")
            return self._bad(node)
        known = list(self.zones) + list(self.counters) + list(self.scores) + list(SEAT_STEPS) + ["occupant", "size", "top", "others", "cells", "face", "faces", "values", "directions"] + list(self.seat_attributes) + \
            list(self.region_names) + list(self.attributes)
        self.error(loc, f"unknown name `{attr}` before `of`", hint=did_you_mean(attr, known))
        return self._bad(node)

    def _test(self, node: ast.Test, scope: dict[str, str]) -> ir.E:
        subject = self.expr(node.subject, scope)
        t, loc, text = subject.type, node.loc, self.text(node)
        if t == "?":
            return self._bad(node)
        if node.test == "complete":
            if isinstance(subject, ir.Var) and subject.type.startswith("region:"):
                of = node.subject
                space = self.expr(of.target, scope)
                return ir.RegionComplete(BOOL, loc, text, board_of(space.type), subject.name, space)
            self.error(loc, "only a region can be complete", hint="write `<region> of <space> is complete`")
            return self._bad(node)
        if node.test == "none":
            if not is_space(t):
                self.error(node.subject.loc, f"`{subject.text}` is {describe_type(t)}; only a space (a neighbour past "
                                             f"the board's edge) can be none")
                return self._bad(node)
            return ir.Check(BOOL, loc, text, node.test, subject, board_of(t))
        if is_placement(t) and node.test in ("empty", "occupied_neighbour"):
            return ir.Check(BOOL, loc, text, node.test, subject, board_of(t))
        if node.test in ("occupied", "occupied_neighbour"):
            if not is_space(t):
                self.error(node.subject.loc, f"`{subject.text}` is {describe_type(t)}, not a space")
                return self._bad(node)
            return ir.Check(BOOL, loc, text, node.test, subject, board_of(t))
        if t in (ZONE, QUEUE) or is_space(t) or t == ZONES:
            return ir.Check(BOOL, loc, text, node.test, subject, board_of(t))
        self.error(node.subject.loc, f"`{subject.text}` is {describe_type(t)}; only a zone, a queue or a space can "
                                     f"be empty")
        return self._bad(node)

    def conjuncts(self, guard) -> list:
        if guard is None:
            return []
        if guard.kind == "bool" and guard.op == "and":
            out = []
            for operand in guard.operands:
                out.extend(self.conjuncts(operand))
            return out
        return [guard]

    # ------------------------------------------------------------------ statements
    def stmts(self, stmts: Sequence, scope: dict[str, str]) -> tuple[ir.S, ...]:
        return tuple(s for s in (self.stmt(s, scope) for s in stmts) if s is not None)

    def stmt(self, node, scope: dict[str, str]) -> Optional[ir.S]:
        kind, loc = node.kind, node.loc
        if kind == "move":
            item = self.expr(node.item, scope, ITEM)
            to = self.expr(node.to, scope)
            if to.type == ZONES:
                self.error(node.to.loc, f"`{to.text}` is kept per player", hint=f"write `{to.text} of <player>`")
            elif to.type not in (ZONE, "?"):
                hint = "use `place ... on ...` to put something on a board" if to.type.startswith("spaces:") or is_space(to.type) else None
                self.error(node.to.loc, f"`{to.text}` is {describe_type(to.type)}, not a zone", hint=hint)
            return ir.Move(loc, item, to, node.cause)
        if kind == "place":
            item = self.expr(node.item, scope, ITEM)
            space = self.expr(node.space, scope)
            if not (is_space(space.type) or is_placement(space.type) or space.type == "?"):
                self.error(node.space.loc, f"`{space.text}` is {describe_type(space.type)}, but a space or a "
                                           f"placement is needed here")
            return ir.Place(loc, board_of(space.type) or "?", item, space, node.cause)
        if kind in ("then", "enqueue"):
            args = self.call_args(node, scope)
            if kind == "then":
                return ir.Then(loc, node.step, args)
            if node.queue not in self.queues:
                self.error(loc, f"there is no queue `{node.queue}`", hint=did_you_mean(node.queue, self.queues))
            self.used.add("queue:" + node.queue)
            return ir.Enqueue(loc, node.queue, node.step, args)
        if kind == "resolve":
            if node.queue not in self.queues:
                self.error(loc, f"there is no queue `{node.queue}`", hint=did_you_mean(node.queue, self.queues))
            self.used.add("queue:" + node.queue)
            return ir.Resolve(loc, node.queue)
        if kind in ("set", "add"):
            counter = self.counters.get(node.counter)
            seat = None
            if counter is None:
                self.error(loc, f"there is no counter `{node.counter}`", hint=did_you_mean(node.counter, self.counters))
            else:
                self.used.add("counter:" + node.counter)
                if counter.per_player and node.seat is None:
                    self.error(loc, f"`{node.counter}` is kept per player", hint=f"write `{node.counter} of <player>`")
                if not counter.per_player and node.seat is not None:
                    self.error(loc, f"`{node.counter}` is not kept per player")
            if node.seat is not None:
                seat = self.expr(node.seat, scope, SEAT)
            return ir.SetCounter(loc, node.counter, seat, self.expr(node.value, scope, INT), add=(kind == "add"))
        if kind == "if":
            return ir.If(loc, self.expr(node.condition, scope, BOOL), self.stmts(node.then, scope),
                         self.stmts(node.otherwise, scope))
        if kind == "for":
            domain = self.expr(node.domain, scope)
            element = element_type(domain.type)
            if element is None and domain.type != "?":
                self.error(node.domain.loc, f"`{domain.text}` is {describe_type(domain.type)}; there is nothing "
                                            f"to go through")
            return ir.ForEach(loc, node.var, element or "?", domain,
                              self.stmts(node.body, self.bind(scope, node.var, element or "?", loc)))
        if kind == "repeat":
            if node.times.kind == "num" and node.times.value > LIMIT.repeat:
                self.error(node.times.loc, refusal("repeat", node.times.value),
                           hint="repeat a step as often as the rulebook says; a game is played by people")
            return ir.Repeat(loc, self.expr(node.times, scope, INT), self.stmts(node.body, scope))
        if kind == "nothing":
            return ir.Nothing(loc)
        if kind == "next_turn":
            return ir.NextTurn(loc, self.expr(node.seat, scope, SEAT))
        if kind == "roll":
            return self.roll(node, scope)
        if kind == "lose":
            return self.lose(node, scope)
        self.error(loc, f"unexpected statement `{self.text(node)}`")
        return None

    def call_args(self, node, scope) -> tuple[ir.E, ...]:
        step = self.steps.get(node.step)
        self.used.add("step:" + node.step)
        if step is None:
            self.error(node.loc, f"there is no step `{node.step}`", hint=did_you_mean(node.step, self.steps))
            return tuple(self.expr(a, scope) for a in node.args)
        if len(node.args) != len(step.params):
            self.error(node.loc, f"`{node.step}` takes {len(step.params)} value(s) "
                                 f"({', '.join(p.name for p in step.params) or 'none'}), not {len(node.args)}")
            return tuple(self.expr(a, scope) for a in node.args)
        return tuple(self.expr(a, scope, self.param_type(p, report=False)) for a, p in zip(node.args, step.params))

    def param_type(self, param: ast.Param, report: bool = True) -> str:
        if param.type == "seat":
            return SEAT
        if param.type == "item":
            return ITEM
        if param.type == "number":
            return INT
        if param.type == "word":
            return SYMBOL
        if param.type == "direction":  # a compass word, or a name going through `directions of BOARD`
            return ir.DIRECTION
        if param.type == "space":
            if len(self.boards) == 1:
                return space_type(next(iter(self.boards)))
            if report:
                self.error(param.loc, f"`{param.name}: space` is ambiguous: there are several boards",
                           hint=f"name the board instead: {' or '.join(f'`{param.name}: {b}`' for b in self.boards)}")
            return "?"
        if param.type in self.boards:
            return space_type(param.type)
        if not report:  # reported once, where the parameter is declared
            return "?"
        self.error(param.loc, f"unknown type `{param.type}`", hint=did_you_mean(param.type, PARAM_TYPES)
                   or f"types are {', '.join(PARAM_TYPES)} or a board's name")
        return "?"

    def params(self, params: Sequence[ast.Param]) -> tuple[tuple[ir.Param, ...], dict[str, str]]:
        out, scope = [], {}
        for p in params:
            if p.name in scope:
                self.error(p.loc, f"parameter `{p.name}` appears twice")
            t = self.param_type(p)
            out.append(ir.Param(p.name, t))
            scope[p.name] = t
        return tuple(out), scope

    # ------------------------------------------------------------------ declarations
    def build(self, decls: list, variants: Sequence[str], available: list) -> ir.Model:
        self.bound_declarations(decls, available)
        if len(self.games) != 1:
            loc = self.games[1].loc if len(self.games) > 1 else None
            self.error(loc, "a rule file declares exactly one game" if self.games else "this file declares no game",
                       hint=None if self.games else 'start with `game "Name"` and its `id` and `players` lines')
        game = self.games[0] if self.games else ast.GameDecl(loc=ast.Loc(file=self.file.path, line=1, column=1,
                                                                            end_line=1, end_column=1), name="?")
        if game.id is None and self.games:
            self.error(game.loc, "the game has no id", hint='add a line `id "my-game"` under `game`')
        if self.games and not (2 <= game.min_players <= game.max_players or 1 <= game.min_players <= game.max_players):
            self.error(game.players_loc or game.loc, "the game needs a player count",
                       hint="add `players 2 to 4` under `game`")
        if game.id is not None and not re.fullmatch(r"[a-z][a-z0-9-]*", game.id):
            self.error(self._id_loc(game), f"the game id \"{game.id}\" may use only small letters, digits and -, "
                                           f"starting with a letter",
                       hint="the id names the generated module and its class: write it like `my-game`")
        self.cites_of(game, "the game")

        rulings = tuple(ir.Ruling(d.id, d.loc, d.cites, d.rulings, d.title, d.text) for d in self.rulings.values())
        options = tuple(ir.Option(d.name, d.loc, self.cites_of(d, f"option `{d.name}`"), d.rulings, d.title,
                                  d.values, d.default, d.numeric) for d in self.options.values())
        for d in self.options.values():
            if d.default not in d.values:
                self.error(d.loc, f"the default `{d.default}` is not one of the values",
                           hint=did_you_mean(d.default, d.values))
        self.items_bounded = self.count_items()
        components = tuple(ir.Component(d.name, d.loc, self.cites_of(d, f"component `{d.name}`"), d.rulings,
                                        tuple((a.name, a.values) for a in d.attributes), d.copies, d.shown_as,
                                        tuple(a.name for a in d.attributes if a.ordered))
                           for d in self.components.values())
        for d in self.components.values():
            if d.shown_as and self.template_ok(d.shown_as, d.loc if "shown" in self._line(d.loc) else
                                               self._shown_loc(d)):
                fields = {f for _, f, _, _ in string.Formatter().parse(d.shown_as) if f}
                attrs = {a.name for a in d.attributes}
                for f in sorted(fields - attrs):
                    self.error(d.loc, f"`shown as` uses {{{f}}}, which `{d.name}` does not have",
                               hint=did_you_mean(f, attrs))
        leave_outs = []
        for d in decls:
            if d.kind != "leave_out" or self._inherited_for_unseated_count(d, d.players, "leave-out"):
                continue
            self.cites_of(d, "this leave-out")
            if not d.players:
                if d.values[0] not in self.components:
                    self.error(d.loc, f"there is no component `{d.values[0]}`",
                               hint=did_you_mean(d.values[0], self.components))
                leave_outs.append(ir.LeaveOut(f"leave out every {d.values[0]}", d.loc, d.cites, d.rulings, 0, "",
                                              d.values))
                continue
            values = self.attributes.get(d.attribute)
            if values is None:
                self.error(d.loc, f"no component has the attribute `{d.attribute}`",
                           hint=did_you_mean(d.attribute, self.attributes))
            else:
                for v in d.values:
                    if v not in values:
                        self.error(d.loc, f"`{v}` is not a {d.attribute}", hint=did_you_mean(v, [str(x) for x in values]))
            if self.games and not game.min_players <= d.players <= game.max_players:
                self.error(d.loc, f"the game is not played with {d.players} players")
            leave_outs.append(ir.LeaveOut(f"leave out with {d.players} players", d.loc, d.cites, d.rulings,
                                          d.players, d.attribute, d.values))
        zones = tuple(ir.Zone(d.name, d.loc, self.cites_of(d, f"zone `{d.name}`"), d.rulings, d.per_player,
                              d.visibility, d.start, d.stacked, d.start_component, d.size_unseen)
                      for d in self.zones.values())
        for d in self.zones.values():
            if d.start_component is not None:
                if d.start_component not in self.components:
                    self.error(d.loc, f"there is no component `{d.start_component}`",
                               hint=did_you_mean(d.start_component, self.components))
                if d.per_player:
                    self.error(d.loc, f"zone `{d.name}` is one per player; only a shared zone can hold components "
                                      f"at the start")
        claimed = {z.start_component for z in zones if z.start_component}
        if set(self.components) - claimed and not any(z.start == "in_play" for z in zones):
            self.error(game.loc, "no zone holds the components at the start",
                       hint="add `, holds every component in play` to one shared zone")
        if leave_outs and not any(z.start == "left_out" for z in zones):
            self.error(leave_outs[0].loc, "components are left out, but no zone holds them",
                       hint="add `, holds every component left out` to a shared zone (the box)")
        for z in zones:
            if z.start and z.per_player:
                self.error(z.loc, f"zone `{z.name}` is one per player; only a shared zone can hold components at the start")
        counters = tuple(ir.Counter(d.name, d.loc, self.cites_of(d, f"counter `{d.name}`"), d.rulings, d.per_player,
                                    d.start) for d in self.counters.values())
        queues = tuple(ir.Queue(d.name, d.loc, self.cites_of(d, f"queue `{d.name}`"), d.rulings)
                       for d in self.queues.values())
        boards = tuple(self.board(d) for d in self.boards.values())
        shapes = tuple(self.shape(d) for d in self.shapes.values())
        self.bound_boards(boards, shapes)
        fits = []
        fit_first: dict[tuple[str, str], object] = {}
        for d in decls:
            if d.kind != "fit":
                continue
            self.cites_of(d, "this fit")
            first = fit_first.setdefault((d.component, d.board), d.loc)
            if first is not d.loc:
                # one fit per component and board: where it fits is one condition (and one generated table)
                self.error(d.loc, f"`fit {d.component} on {d.board}` is declared twice",
                           hint=f"the first is at {first}; join the two conditions with `or` in one fit")
                continue
            if d.component not in self.components:
                self.error(d.loc, f"there is no component `{d.component}`", hint=did_you_mean(d.component, self.components))
            if d.board not in self.boards:
                self.error(d.loc, f"there is no board `{d.board}`", hint=did_you_mean(d.board, self.boards))
                continue
            scope = {"item": ITEM, "space": space_type(d.board)}
            condition = self.expr(d.condition, scope, BOOL) if d.condition is not None else None
            fits.append(ir.Fit(f"fit {d.component} on {d.board}", d.loc, d.cites, d.rulings, d.component, d.board,
                               condition))

        setups = [d for d in decls if d.kind == "setup"]
        setup = None
        if setups:
            d = setups[0]
            setup = ir.Step("setup", d.loc, self.cites_of(d, "setup"), d.rulings, "auto", (),
                            body=self.stmts(d.body, {}))
        turns_decl = next((d for d in decls if d.kind == "turns"), None)
        turns, turn_step, first_seat, skip_when = None, None, 0, None
        if turns_decl is None:
            self.error(game.loc, "the game has no turns",
                       hint="add `turns go clockwise from player 1, each turn runs <step>`")
        else:
            self.cites_of(turns_decl, "turns")
            turns = ir.Cited("turns", turns_decl.loc, turns_decl.cites, turns_decl.rulings)
            turn_step, first_seat = turns_decl.step, turns_decl.first_seat - 1
            if self.games and not 1 <= turns_decl.first_seat <= game.min_players:
                self.error(turns_decl.loc, f"there is no player {turns_decl.first_seat} in a "
                                           f"{game.min_players}-player game",
                           hint=f"the first turn goes to a player from 1 to {game.min_players}")
            if turns_decl.skip_when is not None:
                skip_when = self.expr(turns_decl.skip_when, {turns_decl.skip_var: SEAT}, BOOL)
            self.used.add("step:" + turn_step)
            step = self.steps.get(turn_step)
            if step is None:
                self.error(turns_decl.loc, f"there is no step `{turn_step}`", hint=did_you_mean(turn_step, self.steps))
            elif [p.type for p in step.params] != ["seat"]:
                self.error(step.loc, f"`{turn_step}` runs each turn, so it takes exactly one player: "
                                     f"`{turn_step}(player: seat)`")

        self.definition_cycles()
        for name in self.defines:  # in file order, so that their own mistakes are reported in file order
            self.definition(name)
        steps = tuple(self.step(d) for d in decls if d.kind in ("step", "choice", "chance"))
        triggers = tuple(self.trigger(d) for d in decls if d.kind == "trigger")
        insteads = tuple(self.instead(d) for d in decls if d.kind == "instead")
        ends = tuple(self.end(d) for d in decls if d.kind == "end")
        if not ends and self.games:
            self.error(game.loc, "the game never ends", hint="add an `end` declaration")
        scores = tuple(self.score(d) for d in decls if d.kind == "score")
        self.score_cycles(scores)
        rankings = [d for d in decls if d.kind == "ranking"]
        ranking = self.ranking(rankings[0]) if rankings else None
        self.won_cycles(scores, ranking)
        returns = [self.returns(d) for d in decls if d.kind == "returns"]
        invariants = tuple(self.invariant(d) for d in decls if d.kind == "invariant")
        self.look_alike_texts(steps)
        self.checked_steps, self.checked_boards = steps, boards  # what an example's action texts are matched against
        self.deferred_actions: list = []
        self.example_decls = decls
        examples = tuple(self.example(d) for d in decls if d.kind == "example"
                         and not self._inherited_for_unseated_count(
            d, next((line.number for line in d.lines if line.what == "players"), 0), "example"))
        # Examples about variants this model does not apply (`with variant ...`): `rulespec check` runs them
        # under their own variants too.
        elsewhere = tuple((d.name, tuple(sorted(self.example_own_variants(d)))) for d in self.examples_set_aside
                          if d.variants and set(d.variants) <= {v.name for v in available})
        matches = [self.match(d) for d in decls if d.kind == "match"]
        if len(matches) > 1:
            self.error(matches[1].loc, "a game has at most one match")
        for v in available:
            self.cites_of(v, f"variant `{v.name}`")

        # A declaration left unused by a mistake elsewhere (a misspelt use) is not a second mistake: unused
        # declarations are reported once the rest checks.
        if not self.variant_check and not variants and not self.problems:
            self.report_unused(decls)
        model = ir.Model(
            game_id=game.id or "game", title=game.name, source_path=self.file.path, source_text=self.file.text,
            rulebook=game.rulebook, game_cites=tuple(game.cites) + tuple(game.players_cites) + tuple(game.max_turns_cites),
            min_players=game.min_players, max_players=game.max_players, max_turns=game.max_turns,
            variants_applied=tuple(variants), variants_available=tuple((v.name, v.title) for v in available),
            variant_cites=tuple(c for v in available for c in v.cites),
            rulings=rulings, options=options, components=components, leave_outs=tuple(leave_outs), zones=zones,
            counters=counters, queues=queues, boards=boards, shapes=shapes, fits=tuple(fits), setup=setup, turns=turns,
            turn_step=turn_step, first_seat=first_seat, skip_var=turns_decl.skip_var if turns_decl else None,
            skip_when=skip_when, steps=steps, triggers=triggers, insteads=insteads, ends=ends,
            scores=scores, ranking=ranking, invariants=invariants, examples=examples,
            match=matches[0] if matches else None, causes=tuple(self.causes),
            definitions=tuple(self.definitions[name] for name in self.defines if name in self.definitions),
            returns=returns[0] if returns else None,
            seat_attributes=tuple(self.seat_attribute(d, game) for d in self.seat_attributes.values()),
            left_out_of_base=tuple(self.left_out_of_base),
            dice=tuple(ir.Dice(d.name, d.loc, d.cites, d.rulings, d.attribute.name, d.attribute.values, str(d.count),
                               d.per_player, d.holder, d.visibility, *self.dice_names(d), d.lost)
                         for d in self.dice.values()),
            examples_elsewhere=elsewhere,
        )
        if not self.problems:
            self.running_deferred = True
            for check_action in self.deferred_actions:
                check_action()
        self.bound_nesting(model)
        self.fixed_conditions(model)
        if not self.problems:  # estimated on a sound model only: a broken one has unknown types and names
            self.bound_work(model)
        return model

    # ------------------------------------------------------------------ limits (rulespec.lib.limits)
    def bound_declarations(self, decls: list, available: list) -> None:
        """Count the declarations, variants and options before anything is made of them."""
        written = self.file.declarations
        if len(written) > LIMIT.declarations:
            self.error(written[LIMIT.declarations].loc, refusal("declarations", len(written)),
                       hint="a rule file describes one game; split it, or say things once")
        if len(available) > LIMIT.variants:
            self.error(available[LIMIT.variants].loc, refusal("variants", len(available)),
                       hint="offer the variants players really use; each is checked as a game of its own")
        for d in decls:
            if d.kind == "choice" and len(d.options) > LIMIT.options:
                self.error(d.options[LIMIT.options].loc, refusal("options", len(d.options), unit=f"options of one choice"),
                           hint="split the choice in two: a first choice whose options lead to smaller ones")

    def bound_nesting(self, model: ir.Model) -> None:
        """Blocks inside one another (`if`, `for each`, `repeat`; each value an option chooses is one more, and
        its body is inside them) are at most ``block_nesting``: generated Python may nest only 20 blocks.
        Reported at the block, or the option, that goes over."""
        top = LIMIT.block_nesting
        reported: set = set()

        def over(loc, depth: int, what: str, hint: Optional[str] = None, width: Optional[int] = None) -> None:
            key = (loc.file, loc.line, loc.column) if loc is not None else None
            if key in reported:
                return
            reported.add(key)
            self.error(loc, refusal("block_nesting", depth) + f" at {what}", width=width,
                       hint=hint or "take the inner part out into a step of its own (`then <step>(...)`), or join "
                                    "conditions with `and` instead of putting one `if` inside another")

        def body(stmts: Sequence[ir.S], depth: int) -> None:
            for s in stmts:
                if isinstance(s, (ir.If, ir.ForEach, ir.Repeat)):
                    if depth + 1 > top:
                        word = "this `if`" if isinstance(s, ir.If) else \
                            "this `for each`" if isinstance(s, ir.ForEach) else "this `repeat`"
                        over(s.loc, depth + 1, word)
                        continue  # what is inside is reported with it
                    if isinstance(s, ir.If):
                        body(s.then, depth + 1)
                        body(s.otherwise, depth + 1)
                    else:
                        body(s.body, depth + 1)

        for step in ([model.setup] if model.setup else []) + list(model.steps):
            body(step.body, 0)
            for option in step.options:
                # The seat of a claim window (`by any player`) is chosen first, but is not written.
                seat = 1 if step.by is None and option.bindings else 0
                chosen = len(option.bindings) - seat
                if chosen > top:
                    binding = option.bindings[seat + top]
                    loc = self._var_loc(binding.domain.loc, binding.var) if binding.domain.loc else option.loc
                    over(loc, chosen, f"`{binding.var}`, value {top + 1} chosen by option `{option.name}`",
                         width=len(binding.var) if binding.domain.loc else None,
                         hint="choose fewer values in one option: choose the first ones, then the rest in a "
                              "choice step of its own (`then <step>(...)`)")
                    continue
                body(option.body, chosen)
        for decl in list(model.triggers) + list(model.insteads):
            body(decl.body, 0)
        del body  # it calls itself: a reference cycle holding the checker otherwise (see _let_go)

    # What a fit's or a face's condition may read: it is worked out once, when an engine makes its tables
    # for a player count and options, before there is a game (no zones, counters, board or fits yet).
    _FIXED = (ir.Const, ir.Var, ir.SeatConst, ir.OptionRef, ir.PlayersSet, ir.ItemAttr, ir.SpaceAttr, ir.IsKind,
              ir.Compare, ir.Arith, ir.Negate, ir.Not, ir.BoolOp, ir.Builtin, ir.AttributeValues, ir.Member,
              ir.Count, ir.Total, ir.First, ir.Span, ir.DefinedValue)

    def fixed_conditions(self, model: ir.Model) -> None:
        """A fit's condition makes the table of where each component fits, and a face's condition chooses
        the map, when the engine is made: neither may read the game (a zone, a counter, a score, the board,
        what fits where), which does not exist yet; reported at the first thing it reads."""
        conditions = [(f.condition, f"the condition of `{f.name}`") for f in model.fits]
        conditions += [(face.condition, f"the condition of face {face.name} of board `{b.name}`")
                       for b in model.boards for face in b.faces]
        for condition, what in conditions:
            bad = next((e for e in self.walk_through_definitions(condition) if not isinstance(e, self._FIXED) and not (
                isinstance(e, ir.Size) and isinstance(e.collection, (ir.PlayersSet, ir.AttributeValues)))), None)
            if bad is None or bad.type == "?":
                continue
            self.error(bad.loc, f"{what} cannot use `{bad.text}`: it is worked out once, when the engine is made, "
                                f"before there is a game",
                       hint="a fit or a face may test the component's and the space's attributes, their kinds, "
                            "the options and the number of players; test the game where the component is placed "
                            "(`only if ...`)")

    def walk_through_definitions(self, e: Optional[ir.E]):
        """Every expression inside ``e`` and inside the definitions it uses (each definition once)."""
        from .cost import walk
        seen: set[str] = set()
        pending = [e]
        while pending:
            for node in walk(pending.pop()):
                yield node
                if isinstance(node, ir.DefinedValue) and node.name not in seen and node.name in self.definitions:
                    seen.add(node.name)
                    pending.append(self.definitions[node.name].value)

    def bound_work(self, model: ir.Model) -> None:
        """What one condition, one option's listing or one step may walk, estimated (rulespec/model/cost.py),
        is at most ``work``; an option lists at most ``choices``. Reported at the declaration, or at the
        walk or statement in it that goes over."""
        from .cost import Cost
        cost = Cost(model)
        top = LIMIT.work
        unit = describe("work").what
        for estimate in cost.estimates():
            if estimate.kind == "listing" and estimate.rows > LIMIT.choices:
                self.error(estimate.loc, f"{estimate.what} may list {estimate.rows:,} choices: "
                                         + refusal("choices", estimate.rows).split(":")[0],
                           hint="choose from fewer things, or split the choice in two: first choose one value, "
                                "then, in a step of its own, the next")
                continue
            if estimate.work <= top:
                continue
            loc = estimate.loc
            if estimate.kind == "condition":
                where = self._costliest_walk(cost, estimate.where_expr) if estimate.where_expr is not None else None
                loc = where.loc if where is not None and where.loc is not None else loc
                message = f"{estimate.what} may walk {estimate.work:,} items: at most {top:,} {unit}"
                hint = ("walk fewer things: filter the outer walk with a cheap `where` first, or move the inner "
                        "count out of it (count once, in a step, into a counter)")
            elif estimate.kind == "listing":
                message = f"{estimate.what} may walk {estimate.work:,} items: at most {top:,} {unit}"
                hint = ("choose from fewer things, test a condition that uses only the first chosen values before "
                        "choosing the next, or move a count that uses none of the chosen values out of the walk "
                        "(it is then worked out once)")
            else:
                statement = self._costliest_statement(cost, estimate.body)
                loc = statement.loc if statement is not None and statement.loc is not None else loc
                message = f"{estimate.what} may walk {estimate.work:,} items: at most {top:,} {unit}"
                hint = "walk fewer things in the loops of this step, or split it into steps of their own"
            self.error(loc, message, hint=hint)

    @staticmethod
    def _costliest_walk(cost, e: ir.E) -> Optional[ir.E]:
        """The outermost walk (a count, a total, `any`...) in ``e`` that alone goes over the work limit."""
        from .cost import children
        while e is not None:
            if isinstance(e, (ir.Count, ir.Total, ir.First, ir.BestSets, ir.Member)):
                return e
            e = next((c for c in children(e) if cost.expr(c) > LIMIT.work), None)
        return None

    @staticmethod
    def _costliest_statement(cost, stmts: Sequence[ir.S]) -> Optional[ir.S]:
        """The first statement of ``stmts`` that alone goes over the work limit (inside a block, the
        innermost one that still does)."""
        found = None
        while True:
            inner = next((s for s in stmts if cost.stmt(s) > LIMIT.work), None)
            if inner is None:
                return found
            found = inner
            stmts = tuple(getattr(inner, "then", ())) + tuple(getattr(inner, "otherwise", ())) + \
                tuple(getattr(inner, "body", ()))

    def count_items(self) -> bool:
        """Whether the components (every copy of every combination of values) fit the documented limits;
        reported at the component that goes over. Counted, never expanded."""
        total = 0
        for d in self.components.values():
            combinations = 1
            for attribute in d.attributes:
                combinations *= len(attribute.values)
            count = combinations * d.copies
            if count > LIMIT.items:
                self.error(d.loc, refusal("items", count, unit="components in all") +
                           f" (component `{d.name}` alone has {count:,})",
                           hint="a component's attributes multiply: every combination of values is one component")
                return False
            total += count
            if total > LIMIT.items:
                self.error(d.loc, refusal("items", total, unit="components in all") +
                           f" with component `{d.name}`",
                           hint="declare the components the game really has")
                return False
        self.item_count = total
        return True

    def bound_boards(self, boards: Sequence[ir.Board], shapes: Sequence[ir.Shape]) -> None:
        """Spaces, placements of shapes and the table of where components fit, counted before an engine is made."""
        total = 0
        lattice_cells = 0
        for board, d in zip(boards, self.boards.values()):
            rows, columns = len(board.row_values), len(board.column_values)
            if rows > LIMIT.board_rows:
                self.error(d.loc, refusal("board_rows", rows, unit=f"rows of a board") + f" (board `{d.name}`)",
                           hint=f"a board has a row per {d.row_attribute or 'row'}: use fewer values")
                return
            if columns > LIMIT.board_columns:
                self.error(d.loc, refusal("board_columns", columns) + f" (board `{d.name}`)",
                           hint="draw a smaller map")
                return
            total += rows * columns
            if board.lattice == "triangles":
                lattice_cells += rows * columns
            if total > LIMIT.board_cells:
                self.error(d.loc, refusal("board_cells", total, unit="spaces on all boards together") +
                           f" with board `{d.name}`", hint="draw smaller boards")
                return
        placements = len(shapes) * lattice_cells
        if placements > LIMIT.placements:
            where = next((s.loc for s in shapes), None)
            self.error(where, refusal("placements", placements, unit="shapes times spaces on boards of triangles")
                       + f" ({len(shapes)} shapes, {lattice_cells:,} spaces)",
                       hint="an engine lists every placement of every shape: use fewer shapes or a smaller board")
        if getattr(self, "items_bounded", False) and self.item_count * total > LIMIT.item_cells:
            where = next((d.loc for d in self.boards.values()), None)
            self.error(where, refusal("item_cells", self.item_count * total, unit="components times spaces on all boards")
                       + f" ({self.item_count:,} components, {total:,} spaces)",
                       hint="an engine lists where each component fits: use fewer components or smaller boards")

    def _id_loc(self, game: ast.GameDecl) -> ast.Loc:
        """The `id "..."` line under `game`."""
        source = self.sources.get(game.loc.file)
        for number in range(game.loc.line, game.loc.end_line + 1):
            line = source.line(number) if source else ""
            found = re.match(r'\s*id\s+(")', line)
            if found:
                column = found.start(1) + 1
                return ast.Loc(file=game.loc.file, line=number, column=column, end_line=number,
                               end_column=len(line) + 1)
        return game.loc

    def lattice_board(self, d: ast.BoardDecl) -> ir.Board:
        values = self.attributes.get(d.shape_attribute)
        if values is None:
            self.error(d.loc, f"no component has the attribute `{d.shape_attribute}` to give tiles their shape",
                       hint=did_you_mean(d.shape_attribute, self.attributes))
            values = ()
        for value in values:
            if str(value) not in self.shapes:
                self.error(d.loc, f"no shape is declared for the {d.shape_attribute} `{value}`",
                           hint=f"add `shape {value}: (0, 0), ...` listing its triangles")
        if d.regions:
            self.error(d.regions[0].loc, "a board of triangles marks its spaces with `mark x means name`")
        marks = {m.letter: m.name for m in d.marks}
        if len(marks) != len(d.marks):
            self.error(d.loc, "a mark letter is declared twice")
        faces: list[ir.Face] = []
        width, bands = None, []
        if not d.faces:
            self.error(d.loc, f"board `{d.name}` has no face", hint="add `face A:` followed by its map")
        for face in d.faces:
            self.cites_of(face, f"face {face.name}", required=False)
            # A face is a band of rows r<first>, r<first+1>, ...; faces that apply together are laid as one board.
            label = face.rows[0].label if face.rows else "r0"
            first = int(label[1:]) if label[:1] == "r" and label[1:].isdigit() and len(label) <= 8 else 0
            if first + len(face.rows) > LIMIT.board_rows:
                self.error(face.rows[0].loc, refusal("board_rows", first + len(face.rows), unit="rows of a board")
                           + f" (face {face.name} ends at row r{first + len(face.rows) - 1})",
                           hint="number the rows of a board of triangles from r0")
                continue
            for number, row in enumerate(face.rows, start=first):
                if row.label != f"r{number}":
                    self.error(row.loc, f"the rows of a board of triangles are named r0, r1, ... in order (a face "
                                        f"may start lower down, at any rN); this one should be `r{number}`")
                if width is None:
                    width = len(row.cells)
                elif len(row.cells) != width:
                    self.error(row.loc, f"row `{row.label}` has {len(row.cells)} cells; the first row has {width}",
                               hint="write `-` where the board has no triangle")
                for char, column in zip(row.cells, row.cell_columns):
                    if char not in ".-" and char not in marks:
                        self.error(row.loc, f"`{char}` is not a declared mark", width=1,
                                   hint=f"declare it with `mark {char} means <name>`")
            bands.append((face, first))
        height = max((first + len(face.rows) for face, first in bands), default=0)
        always = [(face, first) for face, first in bands if face.condition is None]
        for (a, a_first), (b, b_first) in zip(always, always[1:]):  # faces with no `when` are always laid
            if b_first < a_first + len(a.rows) and a_first < b_first + len(b.rows):
                self.error(b.loc, f"faces {a.name} and {b.name} are both always laid, and their rows overlap",
                           hint="start one face below the other (its first row is rN), or add `when` conditions "
                                "that exclude each other")
        for face, first in bands:
            rows = {first + n: list(row.cells) for n, row in enumerate(face.rows)}
            cells = tuple(ch for r in range(height)
                          for ch in (rows.get(r, []) + ["-"] * (width or 0))[:width or 0])
            condition = self.expr(face.condition, {}, BOOL) if face.condition is not None else None
            faces.append(ir.Face(face.name, face.loc, face.cites, face.rulings, condition, cells))
        mark_cites = tuple(c for m in d.marks for c in m.cites)
        return ir.Board(d.name, d.loc, d.cites + mark_cites, d.rulings, "", tuple(f"r{n}" for n in range(height)),
                        "", tuple(range(width or 0)), "edges", (), tuple(faces), "triangles", d.shape_attribute,
                        tuple((m.letter, m.name) for m in d.marks))

    def seat_attribute(self, d: ast.SeatAttributeDecl, game: ast.GameDecl) -> ir.SeatAttribute:
        self.cites_of(d, f"`each player has a {d.name}`")
        if len(d.values) < game.max_players:
            self.error(d.loc, f"`{d.name}` gives {len(d.values)} value(s) but the game has up to {game.max_players} "
                              f"players", hint="give one value per seat, player 1's first")
        if len(set(d.values)) != len(d.values):
            self.error(d.loc, f"`{d.name}` repeats a value", hint="give each seat its own value")
        return ir.SeatAttribute(d.name, d.loc, d.cites, d.rulings, d.values)

    def shape(self, d: ast.ShapeDecl) -> ir.Shape:
        from ..lib.geometry import is_edge_connected
        self.cites_of(d, f"shape `{d.name}`")
        if len(d.cells) > LIMIT.shape_cells:
            self.error(d.loc, refusal("shape_cells", len(d.cells), unit="triangles in one shape"),
                       hint="a shape is one tile: list the triangles it covers")
            return ir.Shape(d.name, d.loc, d.cites, d.rulings, d.cells[:1])
        if len(set(d.cells)) != len(d.cells):
            self.error(d.loc, f"shape `{d.name}` lists a triangle twice")
        elif not is_edge_connected(d.cells):
            self.error(d.loc, f"the triangles of shape `{d.name}` do not hang together by their sides",
                       hint="(row, column) with (0, 0) pointing up; (0, 1) is its right neighbour, pointing down")
        return ir.Shape(d.name, d.loc, d.cites, d.rulings, d.cells)

    def board(self, d: ast.BoardDecl) -> ir.Board:
        self.cites_of(d, f"board `{d.name}`")
        if d.lattice == "triangles":
            return self.lattice_board(d)
        last_row, last_column = d.last_row, d.last_column
        # Without the option, the map's own size (one mistake, one error: its rows are not wrong too).
        drawn = d.faces[0].rows if d.faces else ()
        if d.row_option:
            last_row = self._extent_option(d, d.row_option, d.first_row, "rows",
                                           d.first_row + max(len(drawn), 1) - 1)
        if d.column_option:
            last_column = self._extent_option(d, d.column_option, d.first_column, "columns",
                                              d.first_column + max((len(r.cells) for r in drawn), default=1) - 1)
        if d.first_row is not None and last_row - d.first_row + 1 > LIMIT.board_rows:
            self.error(d.loc, refusal("board_rows", last_row - d.first_row + 1, unit="rows of a board")
                       + f" (board `{d.name}`)", hint=f"give the option `{d.row_option}` smaller values")
            last_row = d.first_row
        if last_column - d.first_column + 1 > LIMIT.board_columns:
            self.error(d.loc, refusal("board_columns", last_column - d.first_column + 1)
                       + f" (board `{d.name}`)", hint=f"give the option `{d.column_option}` smaller values")
            last_column = d.first_column
        d = dataclasses.replace(d, last_row=last_row, last_column=last_column)
        row_values = tuple(range(d.first_row, d.last_row + 1)) if d.first_row is not None else \
            self.attributes.get(d.row_attribute)
        rows_known = row_values is not None  # else the maps' rows are not checked against them (one mistake)
        if row_values is None:
            self.error(d.loc, f"no component has the attribute `{d.row_attribute}` to name the rows",
                       hint=(did_you_mean(d.row_attribute, self.attributes) or "") +
                       f"{'; or ' if did_you_mean(d.row_attribute, self.attributes) else ''}number the rows: "
                       f"`rows {d.row_attribute} 1..N`")
            row_values = ()
        if len(row_values) > LIMIT.board_rows:
            self.error(d.loc, refusal("board_rows", len(row_values), unit="rows of a board") + f" (board `{d.name}`)",
                       hint=f"a board has a row per {d.row_attribute}: give it fewer values")
            return ir.Board(d.name, d.loc, d.cites, d.rulings, d.row_attribute, (), d.column_attribute, (),
                            d.adjacency, (), ())
        width = d.last_column - d.first_column + 1
        if width <= 0:
            self.error(d.loc, f"the columns {d.first_column}..{d.last_column} are empty")
        if d.adjacency not in ir.ADJACENCY_DIRECTIONS:
            self.error(d.loc, f"unknown adjacency `{d.adjacency}`",
                       hint=did_you_mean(d.adjacency, list(ir.ADJACENCY_DIRECTIONS))
                       or "a grid of squares has `orthogonal`, `diagonal` or `all` (both); a board of hexagons "
                          "has `hexagonal`")
        region_letters = string.ascii_lowercase
        faces = []
        if not d.faces:
            self.error(d.loc, f"board `{d.name}` has no face", hint="add `face A:` followed by its map")
        for face in d.faces:
            self.cites_of(face, f"face {face.name}", required=False)
            labels = [r.label for r in face.rows]
            if rows_known and tuple(labels) != tuple(str(v) for v in row_values):
                self.error(face.loc, f"the map of face {face.name} must have one row per {d.row_attribute}, in the "
                                     f"order {', '.join(map(str, row_values))}",
                           hint=f"its rows are {', '.join(labels)}" + (
                               "; the map's first row is the first number, at the top (north), and the rows count down "
                               f"the map from there: write `{row_values[0]}` first"
                               if sorted(labels) == sorted(str(v) for v in row_values) else ""))
            cells: list[str] = []
            for row in face.rows:
                if len(row.cells) != width:
                    self.error(row.loc, f"row `{row.label}` has {len(row.cells)} spaces; the board has {width} "
                                        f"({d.column_attribute} {d.first_column}..{d.last_column})")
                cells.extend((list(row.cells) + ["."] * width)[:width])
            letters = {c for c in cells if c not in ".-"}  # `-` is no space: an edge, not a region
            if letters and not d.regions:
                self.error(face.loc, f"the map of face {face.name} marks regions, but the board declares none",
                           hint="add `region <name>: one per letter` to the board")
            condition = self.expr(face.condition, {}, BOOL) if face.condition is not None else None
            faces.append(ir.Face(face.name, face.loc, face.cites, face.rulings, condition, tuple(cells)))
        region_cites: tuple[str, ...] = ()
        region_rulings: tuple[str, ...] = ()
        for region in d.regions:
            region_cites += self.cites_of(region, f"region `{region.name}`", required=False)
            region_rulings += region.rulings
        if len(d.regions) > 1:
            self.error(d.regions[1].loc, "a board marks one kind of region with letters",
                       hint="use a second board map for a second kind of region")
        return ir.Board(d.name, d.loc, d.cites + region_cites, d.rulings + region_rulings, d.row_attribute, tuple(row_values), d.column_attribute,
                        tuple(range(d.first_column, d.last_column + 1)), d.adjacency,
                        tuple(r.name for r in d.regions), tuple(faces), row_option=d.row_option,
                        column_option=d.column_option)

    def _extent_option(self, d: ast.BoardDecl, name: str, first: int, what: str, drawn: int) -> int:
        """The largest value of the numeric option that ends a board's rows or columns (`1..size`)."""
        option = self.options.get(name)
        if option is None or not option.numeric:
            self.error(d.loc, f"the {what} of board `{d.name}` end at `{name}`, which is not a numeric option",
                       hint=did_you_mean(name, [o for o, v in self.options.items() if v.numeric])
                       or f"declare it: `option {name} \"...\": 3, 4, 5 default 5`, or write a number")
            return drawn
        self.used.add("option:" + name)
        low, high = min(int(v) for v in option.values), max(int(v) for v in option.values)
        if low < first:
            self.error(option.loc, f"option `{name}` can be {low}, but the {what} of board `{d.name}` start at "
                                   f"{first}", hint=f"give `{name}` values of {first} or more")
        return high

    def step(self, d) -> ir.Step:
        self.cites_of(d, f"{d.kind} `{d.name}`")
        params, scope = self.params(d.params)
        if d.kind == "step":
            return ir.Step(d.name, d.loc, d.cites, d.rulings, "auto", params, body=self.stmts(d.body, scope))
        if d.kind == "chance":
            outcome = d.outcome
            inner = dict(scope)
            draw_from = None
            pick_from = pick_where = None
            if outcome.pick_from is not None:
                pick_from = self.expr(outcome.pick_from, scope)
                var_type = element_type(pick_from.type)
                if var_type is None:
                    if pick_from.type != "?":
                        self.error(outcome.pick_from.loc, f"`{pick_from.text}` is {describe_type(pick_from.type)}; "
                                                          f"a pick is made from a collection")
                    var_type = "?"
                inner = self.bind(inner, outcome.var, var_type, outcome.loc)
                if outcome.pick_where is not None:
                    pick_where = self.expr(outcome.pick_where, inner, BOOL)
            elif outcome.draw_from is not None:
                draw_from = self.expr(outcome.draw_from, scope)
                if draw_from.type not in (ZONE, "?"):
                    self.error(outcome.draw_from.loc, f"`{draw_from.text}` is {describe_type(draw_from.type)}; a draw "
                                                      f"comes from one zone")
                inner = self.bind(inner, outcome.var, ITEM, outcome.loc)
                var_type = ITEM
            else:
                inner = self.bind(inner, outcome.var, SYMBOL, outcome.loc)
                var_type = SYMBOL
                self.symbols.update(outcome.faces)
            shown = self.template(outcome.template, inner, outcome.loc)
            return ir.Step(d.name, d.loc, d.cites, d.rulings, "chance", params, body=self.stmts(d.body, inner),
                           outcome=ir.Outcome(outcome.template, outcome.var, var_type, draw_from, outcome.faces,
                                              pick_from, pick_where, shown))
        any_player = d.by is None  # a claim window, or a simultaneous decision (`together`): every seat may act
        together_where = None
        if any_player:
            if "player" in scope:
                self.error(d.loc, f"a choice `by {'each' if d.together else 'any'} player` names the acting seat "
                                  f"`player`; rename the parameter")
            by = None
            if d.together_where is not None:
                together_where = self.expr(d.together_where, {**scope, "player": SEAT}, BOOL)
        else:
            who = d.by.id if isinstance(d.by, ast.Name) else None
            if who in self.EVERY_PLAYER_WORDS and who not in scope:
                self.error(d.by.loc, f"unknown name `{who}`", hint=self.BY_WHOM_HINT)
                by = self._bad(d.by)
            else:
                by = self.expr(d.by, scope, SEAT)
        # `by` something unknown: its options still read `player` as the acting seat, so that one mistake in
        # the header is not reported again at every `player` below it
        unknown_chooser = by is not None and by.type == "?" and "player" not in scope
        options = []
        seen = set()
        texts: dict[str, str] = {}  # a text without `{...}` -> the option that shows it
        for option in d.options:
            if option.name in seen:
                self.error(option.loc, f"option `{option.name}` appears twice in `{d.name}`")
            seen.add(option.name)
            if "{" not in option.template and option.template in texts:
                self.error(option.loc, f"options `{texts[option.template]}` and `{option.name}` of `{d.name}` are "
                                       f"both shown as \"{option.template}\"",
                           hint="an action is chosen by its text: give each option a text of its own")
            texts.setdefault(option.template, option.name)
            self.cites_of(option, f"option `{option.name}`", required=False)
            inner = dict(scope)
            bindings = []
            if unknown_chooser:
                inner["player"] = SEAT
            if any_player:  # every seat may take this option: the acting seat is the first thing chosen
                inner["player"] = SEAT
                bindings.append(ir.Binding("player", SEAT, ir.PlayersSet(SEATS, option.loc, "players")))
            for binding in option.bindings:
                domain = self.expr(binding.domain, inner)
                element = element_type(domain.type)
                if element is None and domain.type != "?":
                    self.error(binding.domain.loc, f"`{domain.text}` is {describe_type(domain.type)}; an option "
                                                   f"chooses from a zone, a board or the players")
                inner = self.bind(inner, binding.var, element or "?", binding.loc)
                bindings.append(ir.Binding(binding.var, element or "?", domain))
            conditions = tuple(self.expr(c, inner, BOOL) for c in self.conjuncts(option.guard))
            if together_where is not None:  # the seats that choose: each of their options asks it first
                conditions = (together_where,) + conditions
            shown = self.template(option.template, inner, option.loc)
            if any_player and "{player}" in option.template:
                self.error(option.loc, "the acting player is already shown before the text",
                           hint="leave `{player}` out of the text")
            options.append(ir.ChoiceOption(option.name, option.loc, option.cites, option.rulings, option.template,
                                           tuple(bindings), conditions, self.stmts(option.body, inner), shown))
        return ir.Step(d.name, d.loc, d.cites, d.rulings, "choice", params, by=by, options=tuple(options),
                       together=d.together, together_where=together_where)

    def template_ok(self, template: str, loc: ast.Loc, values: bool = False) -> bool:
        """A template has only `{name}` fields: no `{}`, `{0}`, `{x.attr}`, `{x[0]}`, `{x!r}`, `{x:>5}`, and
        no brace that is not part of one. Reported at the bad field when it can be found."""
        index = 0
        for match in re.finditer(r"\{([^{}]*)\}|[{}]", template):
            field = match.group(1)
            problem = None
            if field is None:
                problem = ("a `{` or `}` that is not part of a `{name}`",
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

    def _shown_loc(self, d: ast.ComponentDecl) -> ast.Loc:
        """The `shown as "..."` line under a component."""
        source = self.sources.get(d.loc.file)
        for number in range(d.loc.line, d.loc.end_line + 1):
            line = source.line(number) if source else ""
            if re.match(r"\s*shown\s+as\s", line):
                return ast.Loc(file=d.loc.file, line=number, column=1, end_line=number, end_column=len(line) + 1)
        return d.loc

    def _template_loc(self, loc: ast.Loc, template: str, offset: int) -> ast.Loc:
        source = self.sources.get(loc.file)
        line = source.line(loc.line) if source else ""
        start = line.find(f'"{template}"', loc.column - 1)
        if start < 0:
            return loc
        column = start + 2 + offset
        return ast.Loc(file=loc.file, line=loc.line, column=column, end_line=loc.line, end_column=column + 1)

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
                           hint=did_you_mean(field, list(scope) + list(self.counters) + list(self.defines)))
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

    def trigger(self, d: ast.TriggerDecl) -> ir.Trigger:
        self.cites_of(d, f"trigger `{d.name}`")
        event = self.event(d.event)
        scope = self.event_scope(d.event)
        return ir.Trigger(d.name, d.loc, d.cites, d.rulings, event, self.stmts(d.body, scope))

    def event(self, e: ast.Event) -> ir.Event:
        if e.board not in self.boards:
            self.error(e.loc, f"there is no board `{e.board}`", hint=did_you_mean(e.board, self.boards))
        for cause in e.causes:
            if cause not in self.causes:
                self.error(e.loc, f"nothing is ever placed `as {cause}`",
                           hint=did_you_mean(cause, self.causes) or f"causes used: {', '.join(self.causes)}")
        return ir.Event(e.board, e.causes)

    def event_scope(self, event: ast.Event) -> dict[str, str]:
        """What a trigger or event invariant may name: the item, its (first) space, who placed it."""
        return {"item": ITEM, "space": space_type(event.board), "player": SEAT}

    def instead(self, d: ast.InsteadDecl) -> ir.Instead:
        self.cites_of(d, f"replacement `{d.name}`")
        step = self.steps.get(d.step)
        scope: dict[str, str] = {}
        params: tuple[ir.Param, ...] = ()
        if step is None:
            self.error(d.loc, f"there is no step `{d.step}` to replace", hint=did_you_mean(d.step, self.steps))
        else:
            self.used.add("step:" + d.step)
            if len(d.params) != len(step.params):
                self.error(d.loc, f"`{d.step}` takes {len(step.params)} value(s); name each of them here")
            typed, _ = self.params(step.params)
            params = tuple(ir.Param(name, p.type) for name, p in zip(d.params, typed))
            scope = {p.name: p.type for p in params}
        return ir.Instead(d.name, d.loc, d.cites, d.rulings, d.step, params, self.expr(d.condition, scope, BOOL),
                          self.stmts(d.body, scope))

    def end(self, d: ast.EndDecl) -> ir.End:
        self.cites_of(d, f"end `{d.name}`")
        scope: dict[str, str] = {}
        domain = None
        if d.each_var:
            domain = self.expr(d.each_domain, {})
            scope = self.bind(scope, d.each_var, element_type(domain.type) or "?", d.each_domain.loc)
        winner = self.expr(d.winner, scope, SEAT) if d.winner is not None else None
        then_args: tuple[ir.E, ...] = ()
        if d.then_step is not None:
            # Evaluated once the end is decided: the `for each` name stands for the one the end held for.
            then_args = self.call_args(ast.Then(loc=d.loc, step=d.then_step, args=d.then_args), scope)
        return ir.End(d.name, d.loc, d.cites, d.rulings, d.timing, d.each_var, domain,
                      self.expr(d.condition, scope, BOOL), winner, d.then_step, then_args)

    def score(self, d: ast.ScoreDecl) -> ir.Score:
        self.cites_of(d, f"score `{d.name}`")
        return ir.Score(d.name, d.loc, d.cites, d.rulings, d.var, self.expr(d.value, {d.var: SEAT}, INT))

    def score_cycles(self, scores: Sequence[ir.Score]) -> None:
        """A score is worked out from its value when asked for; one whose value needs itself, directly or
        through other scores (``a -> b -> a``), would never finish. Reported once per cycle, at the score
        of the cycle declared first."""
        needs = {s.name: list(dict.fromkeys(e.score for e in self.walk_through_definitions(s.value)
                                            if isinstance(e, ir.ScoreRef))) for s in scores}
        reported: set[frozenset] = set()
        for score in scores:
            # The shortest way back from `score` to itself, if any (breadth first, in file order).
            came_from: dict[str, str] = {}
            frontier, path = [score.name], None
            while frontier and path is None:
                following = []
                for name in frontier:
                    for other in needs.get(name, ()):
                        if other == score.name:
                            path = [name]
                            while path[-1] != score.name:
                                path.append(came_from[path[-1]])
                            path = path[::-1] + [score.name]
                            break
                        if other not in came_from and other in needs:
                            came_from[other] = name
                            following.append(other)
                    if path is not None:
                        break
                frontier = following
            if path is None or frozenset(path) in reported:
                continue
            reported.add(frozenset(path))
            self.error(self._name_loc(score.loc, score.name), f"score `{score.name}` needs itself: "
                                                              f"{' -> '.join(path)}", width=len(score.name),
                       hint="a score is worked out from the state of the game; write it from counters, zones "
                            "and other scores that do not lead back to it")

    def won_cycles(self, scores: Sequence[ir.Score], ranking: Optional[ir.Ranking]) -> None:
        """`p won` asks the ranking who won; a score the ranking reads cannot ask it (it would need itself)."""
        if not self.uses_won:
            return
        by_name = {s.name: s for s in scores}
        ranked = [name for _, name in (ranking.keys if ranking else ()) if name in by_name]
        for first in ranked:
            seen, pending = {first}, [first]
            while pending:
                score = by_name[pending.pop()]
                for e in self.walk_through_definitions(score.value):
                    if isinstance(e, ir.Won):
                        via = f"score `{score.name}`" + (f" (through `{first}`)" if score.name != first else "")
                        self.error(e.loc, f"`{e.text}` asks who won, but who won is worked out from {via}, which "
                                          f"asks it", width=len(e.text),
                                   hint=f"ask it in `returns`, or in a score the ranking does not read; the ranking "
                                        f"ranks by `{first}`")
                        return
                    if isinstance(e, ir.ScoreRef) and e.score in by_name and e.score not in seen:
                        seen.add(e.score)
                        pending.append(e.score)

    def ranking(self, d: ast.RankingDecl) -> ir.Ranking:
        self.cites_of(d, "the ranking")
        keys = []
        for key in d.keys:
            if key.score is not None and key.score not in self.scores:
                self.error(key.loc, f"there is no score `{key.score}`", hint=did_you_mean(key.score, self.scores))
            keys.append((key.key, key.score))
        return ir.Ranking("ranking", d.loc, d.cites, d.rulings, tuple(keys))

    def returns(self, d: ast.ReturnsDecl) -> ir.Returns:
        self.cites_of(d, "the returns")
        value = self.expr(d.value, {d.var: SEAT}, INT) if d.form == "value" else None
        if d.total is not None and d.form == "result":
            self.payoff_sum(d)
        if d.between is not None and d.between[0] > d.between[1]:
            low, high = d.between
            self.error(d.between_loc or d.loc, f"the payoffs are declared between {low} and {high}, but {low} is more "
                                               f"than {high}", hint=f"write the least first: `between {high} and {low}`")
        return ir.Returns("returns", d.loc, d.cites, d.rulings, d.form, d.win, d.draw, d.loss, d.var, value, d.total,
                          d.between)

    def payoff_sum(self, d: ast.ReturnsDecl) -> None:
        """`win W, draw D, loss L` declared `zero-sum` (`constant-sum N`): every result with every player count
        must add up to it (k winners of n: k * W + (n - k) * L; a draw: n * D). Payoffs as numbers
        (`returns of p`) are checked on played games by `rulespec verify` (property `payoff_sum`)."""
        said = "zero-sum" if d.total == 0 else f"constant-sum {d.total}"
        low, high = (self.games[0].min_players, self.games[0].max_players) if self.games else (2, 2)
        for n in range(max(low, 1), high + 1):
            results = [(f"{k} of {n} players win", k * d.win + (n - k) * d.loss) for k in range(1, n)]
            results.append((f"a draw among {n} players", n * d.draw))
            for what, total in results:
                if total != d.total:
                    self.error(d.loc, f"the returns are declared {said}, but when {what} they add up to {total}",
                               hint="with two players `win 1, draw 0, loss -1` is zero-sum; otherwise drop the "
                                    "declaration or give payoffs that always add up to it")
                    return

    def invariant(self, d: ast.InvariantDecl) -> ir.Invariant:
        self.cites_of(d, f"invariant `{d.name}`")
        event = condition = None
        if d.form == "always":
            condition = self.expr(d.condition, {}, BOOL)
        elif d.form == "on_event":
            event = self.event(d.event)
            condition = self.expr(d.condition, self.event_scope(d.event), BOOL)
        else:
            if d.queue not in self.queues:
                self.error(d.loc, f"there is no queue `{d.queue}`", hint=did_you_mean(d.queue, self.queues))
            for cause in d.causes:
                if cause not in self.causes:
                    self.error(d.loc, f"nothing is ever placed `as {cause}`", hint=did_you_mean(cause, self.causes))
        return ir.Invariant(d.name, d.loc, d.cites, d.rulings, d.title, d.form, condition, event, d.queue, d.causes)

    def _inherited_for_unseated_count(self, d, players: int, what: str) -> bool:
        """Whether ``d`` is a declaration a house rule takes from its base for a player count that the house
        rule no longer seats (its own `players` line changed): the base's 4-player example or leave-out says
        nothing about a game for 2 to 3, so it is left out (and listed in the model), not an error."""
        if self.base is None or not players or not self.games or d.loc.file == self.file.path:
            return False
        game = self.games[0]
        if game.loc.file != self.file.path or game.min_players <= players <= game.max_players:
            return False
        self.left_out_of_base.append(f"{what} {d.name}" if what == "example" else f"the {what} with {players} players")
        return True

    def _component_labels(self) -> set[str]:
        """Every component's label, as examples name them: worked out once, not once per example."""
        labels = self.__dict__.get("_labels_of_components")
        if labels is None:
            labels = self._labels_of_components = {label for _, _, label in expand_items(
                [ir.Component(c.name, None, (), (), tuple((a.name, a.values) for a in c.attributes), c.copies, c.shown_as)
                 for c in self.components.values()])}
        return labels
    def example_own_variants(self, d: ast.ExampleDecl) -> set[str]:
        """The variants an example is about: its `with variant ...`, and the variant that adds it."""
        return set(d.variants) | self.example_variants.get(d.name, set())

    def _example_applies(self, d: ast.ExampleDecl, variants: Sequence[str], available: list) -> bool:
        """Whether the example belongs in a model checked with ``variants``. A rule file's example holds
        under its own variants and is run under any further ones (a variant removes those it breaks); an
        example a house rule adds is about exactly the variants it names, so it does not run under every
        variant given on the command line (ruling, see the reference's "Executable examples")."""
        names = {v.name for v in available}
        for name in d.variants:
            if name not in names:
                self.error(self._name_loc(d.loc, name), f"example `{d.name}` is about variant `{name}`, which "
                                                        f"the game does not have", width=len(name),
                           hint=did_you_mean(name, names) or f"its variants: {', '.join(sorted(names)) or 'none'}")
                return False
        own = self.example_own_variants(d)
        if self.base is not None and d.loc.file == self.file.path:
            return own == set(variants)
        return own <= set(variants)

    def example(self, d: ast.ExampleDecl) -> ir.Example:
        self.cites_of(d, f"example `{d.name}`")
        lines = []
        for name, value in d.with_options:
            option = self.options.get(name)
            if option is None:
                self.error(self._name_loc(d.loc, name), f"there is no option `{name}`", width=len(name),
                           hint=did_you_mean(name, self.options))
            elif value not in option.values:
                self.error(self._name_loc(d.loc, value), f"`{value}` is not a value of option `{name}`",
                           width=len(value), hint=did_you_mean(value, option.values))
        # (a die whose faces could not be worked out has no labels to hold examples to: one mistake, one error)
        labels = self._component_labels() if getattr(self, "items_bounded", True) \
            and not getattr(self, "faces_unknown", False) else None
        game = self.games[0] if self.games else None
        players = next((line.number for line in d.lines if line.what == "players"), game.min_players if game else 0)
        for line in d.lines:
            w = line.what
            if w == "items":
                target = self.expr(line.expr, {})
                if target.type not in (ZONE, "?") and not target.type.startswith("spaces:"):
                    self.error(line.expr.loc, f"`{target.text}` is {describe_type(target.type)}; put components in a "
                                              f"zone or on a board")
                for ref in line.items if labels is not None else ():
                    if ref.label not in labels:
                        self.error(ref.loc, f"there is no component called \"{ref.label}\"",
                                   hint=did_you_mean(ref.label, labels))
                lines.append(ir.ExampleLine(w, line.loc, target=target,
                                            items=tuple((r.label, r.at) for r in line.items)))
            elif w == "fact":
                lines.append(ir.ExampleLine(w, line.loc, expr=self.expr(line.expr, {}, BOOL)))
            elif w == "step":
                node = ast.Then(loc=line.loc, step=line.name, args=line.args)
                lines.append(ir.ExampleLine(w, line.loc, name=line.name, args=self.call_args(node, {})))
            elif w == "counter":
                seat = self.expr(line.expr, {}, SEAT) if line.expr is not None else None
                if line.name not in self.counters:
                    self.error(line.loc, f"there is no counter `{line.name}`", hint=did_you_mean(line.name, self.counters))
                lines.append(ir.ExampleLine(w, line.loc, name=line.name, number=line.number, expr=seat))
            elif w == "option":
                option = self.options.get(line.name)
                if option is None:
                    self.error(line.loc, f"there is no option `{line.name}`", hint=did_you_mean(line.name, self.options))
                elif line.value not in option.values:
                    self.error(line.loc, f"`{line.value}` is not a value of option `{line.name}`",
                               hint=did_you_mean(line.value, option.values))
                lines.append(ir.ExampleLine(w, line.loc, name=line.name, value=line.value))
            elif w in ("action", "legal", "illegal"):
                self.example_action(d, line, line.value, players, labels)
                lines.append(ir.ExampleLine(w, line.loc, name=line.name, value=line.value))
            elif w == "position":  # read against the engine's tables (examples.position_diagnostics)
                lines.append(ir.ExampleLine(w, line.loc, position=line.position))
            elif w in self.FACTS:
                lines.append(self.example_fact(d, line, players, labels))
            elif w == "over":
                if line.name not in self.ends:
                    self.error(line.loc, f"there is no end `{line.name}`", hint=did_you_mean(line.name, self.ends))
                lines.append(ir.ExampleLine(w, line.loc, name=line.name))
            else:
                if w == "players" and self.games and not self.games[0].min_players <= line.number <= self.games[0].max_players:
                    game = self.games[0]
                    self.error(line.loc, f"the game is not played with {line.number} players",
                               hint=f"it is played by {game.min_players} to {game.max_players} players")
                lines.append(ir.ExampleLine(w, line.loc, number=line.number, name=line.name, value=line.value))
        return ir.Example(d.name, d.loc, d.cites, d.rulings, d.title, tuple(lines),
                          tuple(sorted(self.example_own_variants(d))), tuple(d.with_options))

    FACTS = ("setup", "wins", "draw", "game_over", "not_over", "ranking", "returns", "offered_exactly", "offered",
             "offered_no", "decides", "chance_outcomes", "chance_even", "sees", "not_sees", "space_empty",
             "space_holds", "turn_number", "turn_of", "phase", "leg", "ran", "gained", "lost")

    def example_fact(self, d: ast.ExampleDecl, line: ast.ExampleLine, players: int, labels: Optional[set]) -> ir.ExampleLine:
        """One of the facts and checks of an example beyond a plain condition: names resolved, texts matched
        against what the game could ever produce, each mistake at its position."""
        w, loc = line.what, line.loc
        seat = self.expr(line.expr, {}, SEAT) if line.expr is not None and w not in ("gained", "lost") else None
        exprs = tuple(self.expr(e, {}, SEAT) for e in line.exprs)
        fields: dict = {}
        if w == "setup":
            for text in line.values:
                self.example_action(d, line, text if text.startswith("chance:") else "chance: " + text, players,
                                    labels, written=text)
        elif w in ("ranking",) and players and len(exprs) != players:
            self.error(loc, f"a ranking names every player once: {players} players, {len(exprs)} named")
        elif w == "returns":
            if players and len(line.ratios) != players:
                self.error(loc, f"the returns are one number per player: {players} players, {len(line.ratios)} given")
            for top, bottom in line.ratios:
                if bottom == 0:
                    self.error(loc, f"{top}/0 is no number", hint="a payoff is a whole number or a fraction a/b, b > 0")
        elif w == "chance_outcomes":
            for text, (top, bottom) in zip(line.values, line.ratios):
                self.example_action(d, line, text if text.startswith("chance:") else "chance: " + text, players,
                                    labels, written=text)
                if bottom == 0 or not 0 < top <= bottom:
                    self.error(self._string_loc(loc, text), f"the probability of \"{text}\" is {top}/{bottom}; a "
                                                           f"chance outcome has a probability above 0, at most 1")
        elif w in ("offered_exactly", "offered", "offered_no"):
            for text in line.values:
                if w == "offered_exactly":
                    self.example_action(d, line, text, players, labels)
                else:
                    number = seat.index + 1 if isinstance(seat, ir.SeatConst) else 1
                    self.example_action(d, line, f"player {number}: {text}", players, labels, written=text,
                                        pattern=True)
        elif w in ("sees", "not_sees"):
            zone = self.expr(line.args[0], {})
            if zone.type not in (ZONE, "?"):
                self.error(line.args[0].loc, f"`{zone.text}` is {describe_type(zone.type)}; a seat sees (or does "
                                             f"not see) what a zone holds", hint="name one zone: `rack of player 1`")
            fields["target"] = zone
        elif w in ("space_empty", "space_holds"):
            fields.update(self.example_space(line))
            for item in line.values:
                if labels is not None and item not in labels:
                    self.error(self._string_loc(loc, item), f"there is no component called \"{item}\"",
                               hint=did_you_mean(item, labels))
        elif w == "phase" and line.name not in ("setup", "play"):
            self.error(self._name_loc(loc, line.name), f"there is no phase `{line.name}`", width=len(line.name),
                       expected=("setup", "play"), hint=did_you_mean(line.name, ("setup", "play")))
        elif w == "leg":
            match = next((m for m in getattr(self, "example_decls", ()) if m.kind == "match"), None)
            if match is None:
                self.error(loc, "the game is no match of several legs, so it is always its first game",
                           hint="a variant may make it one: `example ... with variant <it>`")
            elif not 1 <= line.number <= len(match.legs):
                self.error(loc, f"match `{match.name}` has {len(match.legs)} legs, not a leg {line.number}")
        elif w == "ran":
            decls = getattr(self, "example_decls", ())
            keys = {x.name: x.name for x in decls if x.kind in ("step", "choice", "chance")}
            keys.update({x.name: "trigger " + x.name for x in decls if x.kind == "trigger"})
            keys.update({x.name: "instead " + x.name for x in decls if x.kind == "instead"})
            if line.name not in keys:
                self.error(self._name_loc(loc, line.name), f"there is no step, trigger or `instead` called "
                                                          f"`{line.name}`", width=len(line.name),
                           hint=did_you_mean(line.name, keys))
            fields["value"] = keys.get(line.name, line.name)
        elif w in ("gained", "lost"):
            target = self.expr(line.expr, {})
            if target.type not in (ZONE, "?") and not target.type.startswith("spaces:"):
                self.error(line.expr.loc, f"`{target.text}` is {describe_type(target.type)}; a zone or a board "
                                          f"gains and loses components")
            for ref in line.items:
                if labels is not None and ref.label not in labels:
                    self.error(ref.loc, f"there is no component called \"{ref.label}\"", hint=did_you_mean(ref.label, labels))
            fields["target"] = target
        fields.setdefault("value", line.value)
        return ir.ExampleLine(w, loc, number=line.number, name=line.name, expr=seat, exprs=exprs,
                              values=tuple(line.values) or tuple(r.label for r in line.items), ratios=tuple(line.ratios),
                              **fields)

    def example_space(self, line: ast.ExampleLine) -> dict:
        """The board and space index of a space fact's label (`space "blue 6"`, `space "r1c2" on sea`)."""
        from .action_texts import board_labels
        boards = [b for b in getattr(self, "checked_boards", ()) if line.name is None or b.name == line.name]
        if line.name is not None and not boards:
            self.error(self._name_loc(line.loc, line.name), f"there is no board `{line.name}`",
                       width=len(line.name), hint=did_you_mean(line.name, self.boards))
            return {}
        found = [(b.name, board_labels(b).index(line.value)) for b in boards if line.value in board_labels(b)]
        loc = self._string_loc(line.loc, line.value)
        if not found:
            every = [label for b in boards for label in board_labels(b)]
            self.error(loc, f"no board has a space \"{line.value}\"" if line.name is None else
                       f"board `{line.name}` has no space \"{line.value}\"",
                       hint=(lambda close: f"did you mean \"{close[0]}\"?" if close else None)(
                           close_matches(line.value, every, n=1)))
            return {}
        if len(found) > 1:
            self.error(loc, f"\"{line.value}\" is a space of several boards ({', '.join(n for n, _ in found)})",
                       hint=f"say which: `space \"{line.value}\" on {found[0][0]}`")
        return {"board": found[0][0], "space": found[0][1]}

    def example_action(self, d: ast.ExampleDecl, line: ast.ExampleLine, text: str, players: int,
                       labels: Optional[set], written: Optional[str] = None, pattern: bool = False) -> None:
        """An action text of an example must be one the game could offer in some state (a misspelt text is
        never legal, and `then "..." is not legal` would then assert nothing), by a seat the example has."""
        if labels is None or not hasattr(self, "checked_steps"):
            return
        if not getattr(self, "running_deferred", False):
            # Checked once the rest of the file checks: templates, seats or names with a mistake of their own
            # would make every action text a second mistake.
            self.deferred_actions.append(lambda: self.example_action(d, line, text, players, labels, written, pattern))
            return
        if self.example_own_variants(d) != self.applied_variants or line.loc.file != self.file.path:
            # Under other rules than its own (more variants, a house rule's changes to its base) an example
            # may not hold: its run says so, not the check.
            return
        texts = getattr(self, "_action_texts", None)
        if texts is None:
            texts = self._action_texts = ActionTexts(self.checked_steps, sorted(labels), self.checked_boards)
        loc = self._string_loc(line.loc, text if written is None else written)
        seat, chance, choice = texts.split(text)
        if pattern and "{" in choice:  # `is offered no "play {tile}"`: no action of that template at all
            if not texts.has_template(choice, chance):
                self.error(loc, f"no template of the game reads \"{choice}\"",
                           expected=tuple(f"\"{t}\"" for t in texts.shown(chance))[:12],
                           hint=did_you_mean(choice, texts.shown(chance)))
            return
        if seat is None and not chance:
            self.error(loc, f"\"{text}\" is not an action: an action reads `player N: <choice>` or "
                            f"`chance: <outcome>`, as the game prints it", hint=self._did_you_mean_action(texts, text, 1, False))
        elif seat is not None and players and not 1 <= seat <= players:
            self.error(loc, f"\"{text}\" names player {seat}, but the example has {players} players "
                            f"(player 1 to player {players})", hint=f"say `given {seat} players`, or name a player it has"
                       if self.games and seat <= self.games[0].max_players else None)
        elif not texts.matches(choice, chance):
            what = "no chance outcome of the game reads" if chance else "no action the game could offer reads"
            hint = self._did_you_mean_action(texts, text, seat, chance)
            if hint is None and any("{player}" in shown for shown in texts.shown(chance)):
                hint = "a player in a text reads as its name: `{player}` shows `player 1`, not `1`"
            self.error(loc, f"{what} \"{choice}\": no {'outcome' if chance else 'option'} template matches it",
                       expected=tuple(f"\"{t}\"" for t in texts.shown(chance))[:12], hint=hint)

    @staticmethod
    def _did_you_mean_action(texts: ActionTexts, text: str, seat: Optional[int], chance: bool) -> Optional[str]:
        close = texts.suggestion(text, seat, chance)
        mine, theirs = texts.split(text)[2], texts.split(close)[2] if close else ""
        if close and mine != theirs and skeleton(mine) == skeleton(theirs):  # the same to the eye: say what differs
            return f"did you mean \"{terminal_safe(close)}\"? They look alike, but this text has " \
                   f"{difference(mine, theirs)}"
        return f"did you mean \"{close}\"?" if close else None

    def _string_loc(self, loc: ast.Loc, text: str) -> ast.Loc:
        """Where the quoted ``text`` is written on the line of ``loc`` (or ``loc`` itself)."""
        line = self._line(loc)
        start = line.find(f'"{text}"', loc.column - 1)
        if start < 0:
            return loc
        return ast.Loc(file=loc.file, line=loc.line, column=start + 1, end_line=loc.line,
                       end_column=start + len(text) + 3)

    def _rulings_in_variants(self) -> set[str]:
        """Rulings applied by a variant's declarations count as applied (the variant is checked on its own)."""
        found: set[str] = set()
        files = [self.file] + ([self.base] if self.base is not None else [])
        # a house rule extending a game keeps the game's variants
        stack: list = [d for rule_file in files for d in rule_file.declarations if d.kind == "variant"]
        fields_of: dict[type, tuple[str, ...]] = {}  # per node class, its fields (worked out once)
        while stack:  # every node inside the variants
            node = stack.pop()
            if isinstance(node, tuple):
                stack.extend(node)
                continue
            if not isinstance(node, ast.Node):
                continue
            found.update(getattr(node, "rulings", ()) or ())
            fields = fields_of.get(node.__class__)
            if fields is None:
                fields = fields_of[node.__class__] = tuple(f.name for f in dataclasses.fields(node))
            for name in fields:
                child = getattr(node, name)
                if isinstance(child, (ast.Node, tuple)):
                    stack.append(child)
        return found

    def match(self, d: ast.MatchDecl) -> ir.Match:
        self.cites_of(d, f"match `{d.name}`")
        if len(d.legs) < 2:
            self.error(d.loc, "a match has at least two legs", hint="add a line `leg with option <name> is <value>` per game")
        for option, value in d.legs:
            known = self.options.get(option)
            if known is None:
                self.error(d.loc, f"there is no option `{option}`", hint=did_you_mean(option, self.options))
            elif value not in known.values:
                self.error(d.loc, f"`{value}` is not a value of option `{option}`", hint=did_you_mean(value, known.values))
        for total in d.totals:
            if total not in self.scores:
                self.error(d.loc, f"there is no score `{total}` to add up", hint=did_you_mean(total, self.scores))
        if not d.totals:
            self.error(d.loc, "a match adds up at least one score", hint="add `totals add up <score>`")
        return ir.Match(d.name, d.loc, d.cites, d.rulings, d.title, d.legs, d.totals)

    def report_unused(self, decls: list) -> None:
        for name, d in self.counters.items():
            if "counter:" + name not in self.used:
                self.error(d.loc, f"counter `{name}` is never used", hint="remove it, or use it in a rule")
        for name, d in self.queues.items():
            if "queue:" + name not in self.used:
                self.error(d.loc, f"queue `{name}` is never used", hint="remove it, or queue steps in it")
        for name, d in self.defines.items():
            if "define:" + name not in self.used:
                self.error(self._name_loc(d.loc, name), f"definition `{name}` is never used", width=len(name),
                           hint="remove it, or use it in a rule")
        rollers = {self.dice_names(d)[1]: d for d in self.dice.values()}
        for name, d in self.steps.items():
            if "step:" + name not in self.used and name in rollers:
                holder = rollers[name].holder
                self.error(d.loc, f"the dice in `{holder}` are never rolled",
                           hint=f"roll them where the rulebook says: `roll {holder}"
                                f"{' of <player>' if rollers[name].per_player else ''}`")
            elif "step:" + name not in self.used:
                self.error(d.loc, f"step `{name}` is never run",
                           hint="nothing says `then {0}(...)` or `queue {0}(...)`; remove it or call it".format(name))
        for ruling in self._rulings_in_variants():
            self.used.add("ruling:" + ruling)
        for rid, d in self.rulings.items():
            if "ruling:" + rid not in self.used:
                self.error(d.loc, f"ruling {rid} is not applied anywhere",
                           hint=f"add `ruling {rid}` to the clauses it decides")


def check(rule_file: ast.RuleFile, variants: Sequence[str] = (), base: Optional[ast.RuleFile] = None) -> ir.Model:
    """Check a parsed rule file (with the named variants applied) and return its model."""
    # (every did-you-mean of one check shares a budget of work: rulespec/lib/suggestions.py)
    with collector_paused(), run_budget():  # as the parse (rulespec/language/collector.py)
        checker = Checker(rule_file, base)
        try:
            return checker.check(variants)
        finally:
            _let_go(checker)


def _let_go(checker: Checker) -> None:
    """Drop what a finished checker holds (its tables, the model's parts, closures of its deferred checks).

    Its nested helpers that call themselves, and the deferred checks it keeps, are closures over it:
    reference cycles, which kept the checker, and through it the AST and a whole model, alive until the
    cyclic collector ran (a sixth of a warm pass over the bundled games went on collections). Let go
    here, they are freed by reference counting at once (tests/core/test_collector.py)."""
    checker.__dict__.clear()
