"""What a choice step's listing may keep or skip: whether its rows are the same for the same reads (and
which reads), kept with a board's contents, listed once per arguments, or read apart (no two alike).
"""

from __future__ import annotations

import re
import string
from typing import Optional

from ..model import ir, reads
from ..model.action_numbers import state_read
from ..model.checker import is_space
from .quoting import ident, lit
from .two_names_apart import two_names_apart

# A listing fixed by its arguments and the set-up though its chooser is no parameter (`by smuggler`, a definition of
# `player 1`; `by left of player`) or its options bind fixed ranges (`for b in 0..3`) under conditions no state
# decides: listed once too (listed_once). On; benchmarks/bench_fixed_listings.py and its lock-step test
# (tests/codegen/test_fixed_listings.py) turn it off to compare.
FIXED_LISTINGS = True

# A listing whose conditions use definitions (`only if alive(t)`, `alive(p)` being `out of p = 0`) reads what their
# values read, its arguments put in (model/reads.py substitute): kept by those zones and counters as a listing that
# reads them itself (listing_reads). On; benchmarks/bench_ends_watch.py and tests/codegen/test_listing_definitions.py
# turn it off to compare (helper social, round 14).
LISTINGS_THROUGH_DEFINITIONS = True

# A listing that binds a name over a range of numbers (`for b in 0..7`, `for n in 1..coins of player`) reads what the
# range's ends read, and is kept by that as any listing of zones and counters (listing_reads): Bargaining's 120
# offers, tested against the pool's counters, are listed once for each pool (a fixed listing over a range with no
# condition is listed once, as before: FIXED_LISTINGS). On; benchmarks/bench_listing_spans.py and
# tests/codegen/test_listing_spans.py turn it off to compare (helper bargaining, round 14).
LISTINGS_OVER_SPANS = True


class ListingPlans:
    """Decisions about a listing's kept rows, made before it is written (CodeGenerator's part)."""

    _STATIC_TYPES = (ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL, ir.ITEM, ir.DIRECTION)

    def _static(self, type_: str) -> bool:
        """A value that never changes (a graph's named direction is a number too)."""
        return type_ in self._STATIC_TYPES or type_.startswith("direction:")

    def listed_kept(self, step: ir.Step, plans: list, memos: dict, key_parts, any_player: bool) -> Optional[int]:
        """The board whose contents a choice's rows may be kept with (State._listed_kept), or None: one player
        decides, its one option's rows are kept (memos), it binds one name, to every space of a board in use,
        and each condition tests that space, reading the board only there and otherwise only values (its
        seat, arguments, options, labels: rulespec.model.reads, as for a kept `connected`)."""
        if any_player or key_parts is not None or len(plans) != 1 or 0 not in memos:
            return None
        option, bound, domains, placed, _, _ = plans[0]
        if len(bound) != 1 or placed[-1] or not placed[0] or (step.name, option.name) in self.kept_walks:
            return None
        domain = option.bindings[0].domain
        if not isinstance(domain, ir.BoardRef) or domains[bound[0]] != f"st._t.cells_in_use[{self.boards[domain.board]}]":
            return None
        params = {p.name for p in step.params}
        env = {bound[0]: reads.ANCHOR}
        for c in placed[0]:
            for name in reads.free_vars(c) - {bound[0]}:
                if name not in params:
                    return None
                env[name] = reads.VALUE
        if not all(self._static(p.type) for p in step.params):
            return None
        reader = reads._Reader(self.m, domain.board)
        try:
            if not all(reader.reads(c, env) <= {("here",)} for c in placed[0]):
                return None
        except reads.NotLocal:
            return None
        return self.boards[domain.board]

    def static_params(self, step: ir.Step) -> bool:
        """Whether every parameter of a step is a plain value (a memo of its rows is keyed by them)."""
        return all(self._static(p.type) or is_space(p.type) for p in step.params)

    def static_text(self, option: ir.ChoiceOption) -> bool:
        """Whether an option's text is the same in every state for the same names: each field is a name
        (a seat, an item, a space, a number or a word: its label) or a label of names (`{colour of player}`,
        `{row of s}`, `{value of c}`), never something of the state or of the game's setup."""
        return self.text_counters(option) == []

    def text_counters(self, option: ir.ChoiceOption) -> Optional[list]:
        """The counters an option's text reads when that is all it reads besides what static_text allows
        (`Local board {forced}: ...`, `hold {at_stake} for {banked of player + at_stake}`): the same names and
        the same values of those counters make the same text. [] for a static text, None for any other."""
        types = {b.var: b.type for b in option.bindings}
        shown = dict(option.shown)
        counters: list = []

        def static(e: ir.E, defining: frozenset = frozenset()) -> bool:
            if isinstance(e, (ir.Var, ir.Const)):
                return True
            if isinstance(e, ir.Neighbour):  # (a board whose spaces are the same in every game: geometry)
                return self.fixed_geometry(e.board) and static(e.space, defining) and static(e.direction, defining)
            if isinstance(e, ir.DefinedValue) and e.name not in defining and e.name in self.definitions \
                    and self.geometric_texts:
                definition = self.definitions[e.name]
                value = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)},
                                         set())
                return static(value, defining | {e.name})
            if isinstance(e, ir.SeatAttr):
                return static(e.seat, defining)
            if isinstance(e, ir.SpaceAttr):
                return static(e.space, defining)
            if isinstance(e, ir.ItemAttr):
                return static(e.item, defining) and not e.changes
            if isinstance(e, ir.Arith):
                return static(e.left, defining) and static(e.right, defining)
            if isinstance(e, ir.Negate):
                return static(e.operand, defining)
            if isinstance(e, ir.CounterRef) and (e.seat is None or static(e.seat, defining)):
                counters.append(e)
                return True
            return False

        for _, field, _, _ in string.Formatter().parse(option.template):
            if field is None:
                continue
            if field in shown:
                if not static(shown[field]):
                    return None
            elif field in types and not (self._static(types[field]) or is_space(types[field])):
                return None
            elif field in types and types[field] == ir.ITEM and self.changing:  # its label changes with it
                return None
        return list(dict.fromkeys(counters))

    geometric_texts = True  # a text showing a neighbour on a fixed board kept as a label (fixed_geometry)

    def fixed_geometry(self, board: str) -> bool:
        """Whether a board's spaces and their neighbours are the same in every game the engine plays: one face,
        drawn whatever the options and the number of players, its rows and columns not sized by an option (a
        neighbour on it is then a label of the names, as a row is)."""
        b = next((b for b in self.m.boards if b.name == board), None)
        return (self.geometric_texts and b is not None and len(b.faces) == 1 and b.faces[0].condition is None
                and not b.row_option and not b.column_option)

    _LISTING_PURE = (ir.Const, ir.Var, ir.SeatConst, ir.PlayersSet, ir.ItemAttr, ir.SeatAttr, ir.SeatStep, ir.Others,
                     ir.IsKind, ir.Member, ir.Count, ir.First, ir.Total, ir.Compare, ir.Extreme, ir.Conditional,
                     ir.Arith, ir.Negate, ir.Not, ir.BoolOp)

    def listing_reads(self, step: ir.Step) -> Optional[list[tuple[object, str]]]:
        """What a choice's listing reads of the state, when that is only zones (their items, sizes or
        emptiness) and counters besides its arguments and the number of players: [(a ZoneRef or a counter's
        name, how it is read: "items", "size" or "empty")], or None when it reads anything else (boards,
        options, definitions, scores, ...) or is a secret choice."""
        if step.together or self.changing:  # (an item's label and attributes are the state's too)
            return None
        parts: list[tuple[object, str]] = []
        params = {p.name for p in step.params}

        def zone(e: ir.ZoneRef, mode: str) -> bool:
            # A seat's zone named by a name the listing binds (`feast of q`): every seat's zone of that name.
            seat_vars = reads.free_vars(e.seat) if e.seat is not None else set()
            parts.append((("zones", e.zone) if seat_vars - params else e, mode))
            return e.seat is None or walk(e.seat)

        unfolded = [0]  # definitions unfolded (each use once; a definition never uses itself: the checker refuses it)

        def walk(e) -> bool:
            if isinstance(e, ir.DefinedValue) and LISTINGS_THROUGH_DEFINITIONS and not self._reads_asked:
                # (not where listed_once asks: a fixed listing is listed once, better than kept)
                definition = self.definitions.get(e.name)
                if definition is None or unfolded[0] >= 64:
                    return False
                unfolded[0] += 1
                before = len(parts)
                if not walk(reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)},
                                             set(params))):
                    return False
                # only counters and zones' sizes or emptiness: a zone's items (a pile that grows, a hand) would make
                # a key that seldom recurs and costs its length to make (crazy eights' `top of pile`: 0.51x)
                return all(mode != "items" or isinstance(what, tuple) and what[0] == "counter"
                           for what, mode in parts[before:])
            if isinstance(e, ir.ZoneRef):
                return zone(e, "items")
            if isinstance(e, ir.CounterRef):
                parts.append((("counter", e.name), "items"))
                return e.seat is None or walk(e.seat)
            if isinstance(e, ir.Check) and isinstance(e.subject, ir.ZoneRef) and e.test in ("empty", "not_empty"):
                return zone(e.subject, "empty")
            if isinstance(e, ir.Size) and isinstance(e.collection, ir.ZoneRef):
                return zone(e.collection, "size")
            if isinstance(e, ir.Top):
                return walk(e.zone)
            if isinstance(e, ir.HasLegalMove) and e.among and e.step == step.name:
                return walk(e.seat)  # (an option offered alone: the others read, walked here too)
            if isinstance(e, ir.Span) and (not LISTINGS_OVER_SPANS or self._reads_asked):
                return False  # (where listed_once asks: a fixed listing over a range is listed once, as before)
            if not isinstance(e, self._LISTING_PURE + (ir.Span,)):
                return False
            for value in vars(e).values():
                for v in (value if isinstance(value, tuple) else (value,)):
                    if isinstance(v, ir.E) and not walk(v):
                        return False
            return True

        exprs: list = [step.by] if step.by is not None else []
        for option in step.options:
            exprs += [b.domain for b in option.bindings] + list(option.conditions) + [e for _, e in option.shown]
        if not all(walk(e) for e in exprs) or (not parts and self.listed_once(step)):
            return None  # (a listing of its arguments alone, with no condition: listed once by the runtime)
        return parts  # (empty: it reads its arguments alone; kept by them, its Pending is shared, StepInfo.rows_kept)

    def listing_key(self, step: ir.Step, parts: list[tuple[object, str]]) -> list[str]:
        """Code for the key of a listing (see listing_reads): the number of players, the step's arguments,
        then each zone read (its items, else its size, else whether it is empty) and each counter read."""
        # The arguments the listing reads (an argument only passed on to the effects is not part of it).
        used: set[str] = set(reads.free_vars(step.by)) if step.by is not None else set()
        for option in step.options:
            for e in [b.domain for b in option.bindings] + list(option.conditions) + [e for _, e in option.shown]:
                used |= reads.free_vars(e)
            used |= {field for _, field, _, _ in string.Formatter().parse(option.template) if field is not None}
        key = ["st.players"] + [f"v_{ident(p.name)}" for p in step.params if p.name in used]
        strength = {"empty": 0, "size": 1, "items": 2}
        as_lists = {c.name for c in self.m.counters if c.per_player or c.board is not None}  # per seat or space
        read: dict[str, str] = {}  # the code of what is read -> the most it is read for
        for what, mode in parts:
            if isinstance(what, tuple) and what[0] == "counter":  # its value; a seat's counter: every seat's
                code = (f"tuple(st._counters[{lit(what[1])}])" if what[1] in as_lists
                        else f"st._counters[{lit(what[1])}]")
                read[code] = "value"
                continue
            if isinstance(what, tuple):  # every seat's zone of a name: their sizes (or their items), in seat order
                self.zone_code.setdefault(what[1], set()).add("index")  # (the locals zones, zone_<name>)
                code = (f"tuple(map({'tuple' if mode == 'items' else 'len'}, "
                        f"zones[zone_{ident(what[1])}:zone_{ident(what[1])} + st.players]))")
                read[code] = "value"
                continue
            code = self.expr(what)
            if code not in read or strength[read[code]] < strength[mode]:
                read[code] = mode
        for code, mode in read.items():
            key.append({"value": code, "empty": f"not {code}", "size": f"len({code})"}.get(mode) or f"tuple({code})")
        return key

    @staticmethod
    def shared_domains(plans: list) -> dict[str, str]:
        """The walks over one of each identical copy in a zone (a list made per listing) that several
        options of a choice make, reading none of their bound names: code -> the local that keeps it."""
        seen: dict[str, int] = {}
        for _, bound, domains, _, _, _ in plans:
            for var in bound:
                code = domains[var]
                if code.startswith("st._one_of_each(") and not any(
                        re.search(rf"\bv_{ident(v)}\b", code) for v in bound):
                    seen[code] = seen.get(code, 0) + 1
        shared = [code for code, times in seen.items() if times > 1]
        return {code: f"_walk{i}" for i, code in enumerate(shared)}

    def listed_once(self, step: ir.Step) -> bool:
        """Whether a choice step's listing depends on its arguments alone: decided by one of them, or by each
        player (see together_listed_once), each option one choice with no condition, its text showing at most
        arguments' labels (a seat, a number, a component). The runtime then lists it once per arguments and
        set-up and shares the listing (StepInfo.listed_once). With FIXED_LISTINGS, also a choice by a seat no
        state decides (`by smuggler`, a definition of `player 1`) whose options bind names over domains, under
        conditions and with shown values, that no state decides either (`for b in 0..3`), its text showing
        bound seats and numbers, where its rows are not kept by what the listing reads already."""
        plain = self._listed_once_plainly(step, False)
        if plain or not FIXED_LISTINGS or self._reads_asked or not self._listed_once_plainly(step, True):
            return plain
        # a fixed listing (FIXED_LISTINGS) whose rows are not kept by what it reads already (a LISTED_ table,
        # StepInfo.rows_kept, offered inline: listed once it would be slower, Shrimp's penalty by 5%)
        self._reads_asked = True
        try:
            return self.listing_reads(step) is None
        finally:
            self._reads_asked = False

    _reads_asked = False  # (listing_reads asks listed_once: its own answer, as before the lever)

    def _listed_once_plainly(self, step: ir.Step, fixed: bool) -> bool:
        """listed_once as before FIXED_LISTINGS (``fixed`` false), or with its forms too (true)."""
        params = {p.name: p.type for p in step.params}
        if not step.options:
            return False
        if step.together:
            if not self.together_listed_once(step):
                return False
            params["player"] = ir.SEAT  # (the seat choosing: its label is fixed by its rows)
        elif not (isinstance(step.by, ir.Var) and step.by.name in params):
            if not (fixed and step.by is not None and self._fixed(step.by)):
                return False
        for option in step.options:
            bindings = option.bindings[1:] if step.together else option.bindings  # (the first: `player in players`)
            if not fixed and (bindings or option.conditions or option.shown):
                return False
            if option.alone or not all(self._fixed(e) for e in (
                    *(b.domain for b in bindings), *option.conditions, *(value for _, value in option.shown))):
                return False
            # a bound name shown as itself: a seat or a number, the same text in every state
            fields = {**params, **{b.var: b.type for b in bindings if b.type in (ir.SEAT, ir.INT)}}
            shown = {name for name, _ in option.shown}
            for _, field, _, _ in string.Formatter().parse(option.template):
                if field is not None and field not in shown and fields.get(field) not in (ir.SEAT, ir.INT, ir.ITEM):
                    return False
        return True

    def _fixed(self, e: ir.E) -> bool:
        """Whether ``e`` reads nothing a state decides (the arguments, seats, options, numbers, geometry)."""
        return state_read(e, self.definitions) is None

    def together_listed_once(self, step: ir.Step) -> bool:
        """Whether a choice `by each player` may be listed once: every seat in play chooses (no `where`), so
        its rows are each seat's options, fixed by the arguments and the seats in play when the options are
        (listed_once). A secret choice never changes the listing it is made from (SecretChoices keeps the
        choices so far apart), so every state at such a decision shares one Pending, and the adapters number
        it once (JointNumbers)."""
        return step.together_where is None and all(
            option.bindings and option.bindings[0].var == "player" and isinstance(option.bindings[0].domain, ir.PlayersSet)
            for option in step.options)

    def read_apart(self, step: ir.Step, plans: list, any_player: bool) -> bool:
        """Whether no two choices of a step can read the same (for one seat): each option's text shows
        its one bound name (besides a claim window's seat) by a label no two values share, or two names read
        apart (two_names_apart.py), and any two options' texts differ in what they say before their first
        field or after their last."""
        params = {p.name for p in step.params}
        if self.labels_distinct is None:
            from ..runtime.engine import build_item_tables
            labels = build_item_tables([(c.name, c.attributes, c.copies_table, c.shown_as) for c in self.m.components])[1]
            self.labels_distinct = len(set(labels)) == len(labels) and not self.changing
        ends = []
        for option, bound, _, _, _, _ in plans:
            named = [b for b in option.bindings if not (any_player and b.var == bound[0])]
            parts = list(string.Formatter().parse(option.template))
            fields = {field for _, field, _, _ in parts if field is not None}
            if len(named) == 2 and two_names_apart(self.m, bool(self.changing), option, named, parts):
                pass  # an item one per copy group and a placement of its shape, say, each read apart
            elif len(named) > 1 or fields - params - {b.var for b in option.bindings} or (
                    named and (named[0].var not in fields
                               or not (named[0].type in (ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL)
                                       or (named[0].type == ir.ITEM and self.labels_distinct)))):
                return False
            if not fields:
                ends.append((option.template, option.template, True))
            else:
                head = parts[0][0]
                tail = parts[-1][0] if parts[-1][1] is None else ""
                ends.append((head, tail, False))
        for i, (head_a, tail_a, fixed_a) in enumerate(ends):
            for head_b, tail_b, fixed_b in ends[i + 1:]:
                if fixed_a and fixed_b:
                    if head_a == head_b:
                        return False
                    continue
                n, m = min(len(head_a), len(head_b)), min(len(tail_a), len(tail_b))
                if head_a[:n] == head_b[:n] and (m == 0 or tail_a[len(tail_a) - m:] == tail_b[len(tail_b) - m:]):
                    return False
        return True
