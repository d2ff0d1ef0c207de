"""Names: every name usable in generated code, the tables of what each declares, its uses, its citations."""

from __future__ import annotations

import dataclasses
import re
from typing import Iterable, Optional, Sequence

from ..language import ast
from ..language.errors import did_you_mean
from . import ir
from .value_types import SAFE_NAME, VALUES_OF

class Names:
    """Names and symbol tables. ``collect`` sets the tables every later check reads (``names``, ``options``,
    ``components``, ``zones``, ``counters``, ``queues``, ``boards``, ``shapes``, ``steps``, ``scores``, ``ends``,
    ``defines``, ``seat_attributes``, ``dice``, ``attributes``, ``ordered``, ``symbols``, ``region_names``,
    ``mark_names``, ``causes``, ``rulings``); ``used`` gathers the uses ``report_unused`` judges."""

    KIND_WORDS = {"define": "a definition", "example": "an example", "step": "a step", "choice": "a choice",
                  "chance": "a chance step", "counter": "a counter", "zone": "a zone", "board": "a board",
                  "component": "a component", "score": "a score", "end": "an end", "option": "an option",
                  "trigger": "a trigger", "instead": "a replacement", "invariant": "an invariant",
                  "queue": "a queue", "shape": "a shape", "match": "a match", "seat_attribute": "a seat's value"}

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
        files = self.chain_files()
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
                if d.kind in ("game", "extends", "remove", "rename", "leave_out", "fit", "ruling", "clause", "option_replace"):
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

    def bind(self, scope: dict[str, str], name: str, type_: str, loc: Optional[ast.Loc],
             domain: Optional[ir.E] = None, attribute: Optional[str] = None) -> dict[str, str]:
        """``scope`` with the variable ``name`` added; a name already bound there (a step's parameter, an
        option's binding, an outer `for each` or count) is refused, so a rule never reads the wrong one. A name
        that goes through an attribute's values (``domain``: `for s in values of suit`), or a `let` of one
        (``attribute``), is kept with that attribute too (under VALUES_OF + name, a key no name can be), so that
        `number of s` is its place among them."""
        if name in scope and loc is not None:
            self.error(self._var_loc(loc, name), f"`{name}` is already a name here", width=len(name),
                       hint=f"`{name}` already names a parameter, a chosen value or an outer variable, and this one "
                            f"would hide it from the rules inside; give this one another name")
        bound = dict(scope, **{name: type_})
        if isinstance(domain, ir.AttributeValues):
            attribute = domain.attr
        if attribute is not None:
            bound[VALUES_OF + name] = attribute
        return bound

    def collect(self, decls: list) -> None:
        """The tables every later check reads: each declaration by its name and kind, the attributes and
        their orders, the word values; where a name is used is gathered from here on (``used``)."""
        self.games = [d for d in decls if d.kind == "game"]
        self.collect_names(decls)
        self.options = {d.name: d for d in decls if d.kind == "option"}
        self.components = {d.name: d for d in decls if d.kind == "component"}
        self.zones = {d.name: d for d in decls if d.kind == "zone"}
        for zone in self.zones.values():
            if zone.visibility == "top" and not zone.stacked:
                self.error(zone.loc, f"zone `{zone.name}` is `only top seen` but has no top: it is not stacked",
                           hint="add `, stacked` so that the zone keeps its order and the last component in is on top")
            if zone.visibility == "others" and not zone.per_player:
                self.error(zone.loc, f"zone `{zone.name}` is `seen by others` but shared: it has no owner for the "
                                     f"others to be others of",
                           hint="make it `one per player` (each player's is seen by every other seat), or say "
                                "`public` or `hidden`")
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
        self.collect_attributes()
        self.check_space_counters()
        self.collect_symbols(decls)
        self.region_names = {r.name: b.name for b in self.boards.values() for r in b.regions}
        self.mark_names = {m.name: b.name for b in self.boards.values() for m in b.marks}
        self.causes = sorted({s.cause for s in self._all_statements(decls) if getattr(s, "cause", None)})
        self.used: set[str] = set()
        self.uses_won: list = []  # `p won` nodes (checked against the ranking: see won_cycles)
        # the step each turn runs (`p has a legal move` asks its options), or None without a `turns`
        self.turn_step_name = next((d.step for d in decls if d.kind == "turns"), None)
        self.asks_legal_moves = False  # whether some rule asks it
        self.counts_positions = False  # whether some rule asks `the position has occurred N times`
        self.counts_positions_on: set[str] = set()  # the boards B of `the position on B has occurred N times`

    def collect_names(self, decls: list) -> None:
        """The rulings by id, and every other declaration by its name (one namespace for all kinds)."""
        self.rulings = {}
        self.clause_texts: dict[str, ast.ClauseText] = {}
        self.names: dict[str, ast.Node] = {}
        for d in decls:
            if d.kind == "ruling":
                if d.id in self.rulings:
                    self.error(d.loc, f"ruling {d.id} is declared twice", hint=f"the first is at {self.rulings[d.id].loc}")
                self.rulings[d.id] = d
            elif d.kind == "clause":
                if d.id in self.clause_texts:
                    self.error(d.loc, f"the text of clause {d.id} is given twice",
                               hint=f"the first is at {self.clause_texts[d.id].loc}: keep one")
                self.clause_texts[d.id] = d
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

    def check_space_counters(self) -> None:
        """A counter per space names a board, and a name `of` a space reads no other way (an attribute of
        the board's rows or columns, of a component, of the seats, a region)."""
        for d in self.counters.values():
            if d.board is None:
                continue
            if d.board not in self.boards:
                self.error(self._name_loc(d.loc, d.board), f"there is no board `{d.board}`", width=len(d.board),
                           hint=did_you_mean(d.board, self.boards) or "declare the board before counting on it")
                continue
            taken = {a: "an attribute of the components" for a in self.attributes}
            taken.update({a: "an attribute of the seats" for a in self.seat_attributes})
            for b in self.boards.values():
                taken.update({a: f"an attribute of board {b.name}'s spaces" for a in (b.row_attribute, b.column_attribute) if a})
                taken.update({r.name: f"a region of board {b.name}" for r in b.regions})
            if d.name in taken:
                self.error(self._name_loc(d.loc, d.name), f"`{d.name}` is already {taken[d.name]}", width=len(d.name),
                           hint=f"`{d.name} of s` would read either; give the counter another name")

    def collect_attributes(self) -> None:
        """Every component attribute's values (one kind, numbers or words) and the order of an ordered one."""
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

        self.collect_changing()

    def collect_changing(self) -> None:
        """The attributes declared `can change` (`, colour can change`): each one of its component's."""
        self.changing: dict[str, tuple[str, ...]] = {}  # attribute -> the components whose one may change
        for component in self.components.values():
            own = {a.name for a in component.attributes}
            for name in component.changing:
                if name not in own:
                    self.error(component.changing_loc or component.loc,
                               f"`{component.name}` has no attribute `{name}` to change",
                               hint=did_you_mean(name, own) or (f"its attributes are {', '.join(sorted(own))}" if own
                                                                else "declare the attribute first: "
                                                                     f"`component {component.name}: {name} (a, b)`"))
                elif component.name in self.changing.get(name, ()):
                    self.error(component.changing_loc or component.loc, f"`{name}` is named twice in `can change`")
                else:
                    self.changing[name] = self.changing.get(name, ()) + (component.name,)

    def collect_symbols(self, decls: list) -> None:
        """The word values any rule may name: options' words, attributes', seats', dice faces, board faces."""
        self.symbols: set[str] = set()
        for option in self.options.values():
            if not option.numeric:
                self.symbols.update(option.values)
        for values in self.attributes.values():
            self.symbols.update(v for v in values if isinstance(v, str))
        for d in self.seat_attributes.values():  # compass words stay directions (`each player has a forward: south, north`)
            if not all(v in ir.COMPASS for v in d.values):
                self.symbols.update(v for v in d.values if not re.fullmatch(r"-?[0-9]+", v))
        for d in decls:  # a die's faces are words any rule may compare with, wherever it is declared
            if d.kind == "chance" and d.outcome.faces:
                self.symbols.update(f for f in d.outcome.faces if isinstance(f, str))
        for board in self.boards.values():
            if board.lattice == "triangles":  # `face of <space>` names a face
                self.symbols.update(f.name for f in board.faces)

    def _all_statements(self, decls) -> Iterable[ast.Node]:
        def walk(stmts):
            if not isinstance(stmts, tuple):  # a `define`'s body is an expression, not statements
                return
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
        self.rulings_applied(decl.rulings, decl.loc)
        return decl.cites

    def rulings_applied(self, rulings: Sequence[str], loc) -> None:
        """Rulings named by a clause at loc: each used there, and declared."""
        for ruling in rulings:
            self.used.add("ruling:" + ruling)
            if ruling not in self.rulings:
                self.error(loc, f"ruling {ruling} is not declared",
                           hint=did_you_mean(ruling, self.rulings) or "declare it with `ruling ID \"title\":`")

    def report_unused(self, decls: list) -> None:
        def unused(d, where, message: str, hint: str, **width) -> None:
            if not self.unused_by_house_rule(d, message):  # (a base's, left unused by a house rule: told there)
                self.error(where, message, hint=hint, **width)
        for name, d in self.counters.items():
            if "counter:" + name not in self.used:
                unused(d, d.loc, f"counter `{name}` is never used", "remove it, or use it in a rule")
        for name, d in self.queues.items():
            if "queue:" + name not in self.used:
                unused(d, d.loc, f"queue `{name}` is never used", "remove it, or queue steps in it")
        for name, d in self.defines.items():
            if "define:" + name not in self.used:
                unused(d, self._name_loc(d.loc, name), f"definition `{name}` is never used",
                       "remove it, or use it in a rule", width=len(name))
        rollers = {self.dice_names(d)[1]: d for d in self.dice.values()}
        for name, d in self.steps.items():
            if "step:" + name not in self.used and name in rollers:
                holder = rollers[name].holder
                self.error(d.loc, f"the dice in `{holder}` are never rolled",
                           hint=f"roll them where the rulebook says: `roll {holder}"
                                f"{' of <player>' if rollers[name].per_player else ''}`")
            elif "step:" + name not in self.used:
                unused(d, d.loc, f"step `{name}` is never run",
                       "nothing says `then {0}(...)` or `queue {0}(...)`; remove it or call it".format(name))
        for ruling in self._rulings_in_variants():
            self.used.add("ruling:" + ruling)
        for rid, d in self.rulings.items():
            if "ruling:" + rid not in self.used:
                unused(d, d.loc, f"ruling {rid} is not applied anywhere", f"add `ruling {rid}` to the clauses it decides")
