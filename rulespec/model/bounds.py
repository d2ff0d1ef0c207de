"""Limits and costs (rulespec.lib.limits, rulespec/model/cost.py): what an engine would have to hold or walk, counted before it is made."""

from __future__ import annotations

from typing import Optional, Sequence

from ..lib.limits import LIMIT, describe, refusal
from . import ir

class Bounds:
    """Limits and costs: ``count_items`` sets ``item_count`` (every copy of every component), which
    ``bound_boards`` multiplies by the spaces when ``items_bounded``; the rest read the model built."""

    def bound_model(self, model: ir.Model) -> None:
        """The limits a built model is held to: blocks' nesting, fixed conditions, and (on a sound model) work."""
        self.bound_nesting(model)
        self.fixed_conditions(model)
        if not self.problems:  # estimated on a sound model only: a broken one has unknown types and names
            self.bound_work(model)

    def bound_declarations(self, decls: list, available: list) -> None:
        """Count the declarations, variants and options before anything is made of them."""
        written = [d for d in self.file.declarations if d.kind != "clause"]  # (a clause's text is data, not a rule)
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
              ir.Count, ir.ThereIs, ir.Total, ir.First, ir.Span, ir.DefinedValue)

    def fixed_conditions(self, model: ir.Model) -> None:
        """A fit's condition makes the table of where each component fits, and a face's condition chooses
        the map, when the engine is made: neither may read the game (a zone, a counter, a score, the board,
        what fits where), which does not exist yet; reported at the first thing it reads."""
        conditions = [(f.condition, f"the condition of `{f.name}`") for f in model.fits]
        conditions += [(face.condition, f"the condition of face {face.name} of board `{b.name}`")
                       for b in model.boards for face in b.faces]
        for condition, what in conditions:
            bad = next((e for e in self.walk_through_definitions(condition) if (
                not isinstance(e, self._FIXED) or getattr(e, "changes", False)) and not (
                isinstance(e, ir.Size) and isinstance(e.collection, (ir.PlayersSet, ir.AttributeValues)))), None)
            if bad is None or bad.type == "?":
                continue
            self.error(bad.loc, f"{what} cannot use `{bad.text}`: it is worked out once, when the engine is made, "
                                f"before there is a game",
                       hint="a fit or a face may test the component's and the space's attributes, their kinds, "
                            "the options and the number of players; test the game where the component is placed "
                            "(`only if ...`)")

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
            top = LIMIT.look_ahead_work if estimate.ahead else LIMIT.work
            unit = describe("look_ahead_work" if estimate.ahead else "work").what
            if estimate.work <= top:
                continue
            loc = estimate.loc
            if estimate.kind == "condition":
                where = self._costliest_walk(cost, estimate.where_expr) if estimate.where_expr is not None else None
                loc = where.loc if where is not None and where.loc is not None else loc
                message = f"{estimate.what} may walk {estimate.work:,} items: at most {top:,} {unit}"
                factors = self._walks_multiplied(cost, estimate.where_expr, estimate.each) \
                    if estimate.where_expr is not None else ""
                seat = ", one seat rather than `for each`" if estimate.each and estimate.each[1] is not None else ""
                hint = (f"the estimate is mostly {factors}: a worst case, where every element may pass a "
                        f"`where` (so a filter in front does not lower it); make one of these walks shorter (a "
                        f"smaller collection{seat}), or work the inner part out once (in "
                        f"a step, into a counter)" if factors else
                        "walk fewer things: filter the outer walk with a cheap `where` first, or move the inner "
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
            assumed = self._zone_assumed(cost, estimate)
            hint = f"{assumed}; otherwise, {hint}" if assumed else hint
            unbounded = cost.unbounded_range(estimate.body, estimate.where_expr)
            if unbounded is not None:  # splitting would not help: the range is counted at its longest
                span, end = unbounded
                hint = (f"`{span.text}` is counted as up to {LIMIT.span:,} numbers long: nothing the file declares "
                        f"bounds `{end.text}`{' (a counter declares no range)' if isinstance(end, ir.CounterRef) else ''}"
                        f"; write the range's ends from numbers the file fixes (a literal, an option, a numbered row "
                        f"or column, a numeric attribute) and skip the numbers outside it with `if`")
            self.error(loc, message, hint=hint)

    @staticmethod
    def _zone_assumed(cost, estimate) -> str:
        """What a refused estimate assumed of zones, for its hint: the first walk in it over each zone declared
        with no `at most`, at its line, counted as holding every component; and the fix, when the rules bound
        them."""
        option = estimate.option
        found: list = []
        if option is not None:
            seen = set()
            for binding in option.bindings:
                domain = binding.domain
                if isinstance(domain, ir.ZoneRef) and domain.zone not in seen and cost.zone_size(domain) == cost.items \
                        and cost.items > 1 and domain.zone in cost.zones:
                    seen.add(domain.zone)
                    found.append((binding, cost.zones[domain.zone]))
        exprs = tuple(option.conditions) if option is not None else \
            (estimate.where_expr,) if estimate.where_expr is not None else ()
        found += [f for f in cost.unbounded_zone_walks(exprs, estimate.body) if f[1] not in [z for _, z in found]]
        if not found:
            return ""
        walks, fixes = [], []
        for node, zone in found[:3]:
            domain = node.collection if isinstance(node, ir.Member) else node.domain
            var = getattr(node, "var", None)
            loc = getattr(node, "loc", None) or domain.loc
            walks.append(f"`{domain.text}` (`{var + ' in ' if var else ''}{domain.text}`"
                         f"{f', line {loc.line}' if loc is not None else ''})")
            fixes.append(f"`zone {zone.name}: ..., at most N`, line {zone.loc.line}")
        return (f"the estimate assumed {' and '.join(walks)} may hold all {cost.items:,} components: if the rules "
                f"bound {'it' if len(walks) == 1 else 'them'}, say how many on the declaration "
                f"({'; '.join(fixes)}), and {'the walk is' if len(walks) == 1 else 'the walks are'} counted at that")

    @staticmethod
    def _costliest_walk(cost, e: ir.E) -> Optional[ir.E]:
        """The outermost walk (a count, a total, `any`...) in ``e`` that alone goes over the work limit."""
        from .tree import children
        while e is not None:
            if isinstance(e, (ir.Count, ir.Total, ir.First, ir.BestSets, ir.Member)):
                return e
            e = next((c for c in children(e) if cost.expr(c) > LIMIT.work), None)
        return None

    @staticmethod
    def _walks_multiplied(cost, e: ir.E, each: Optional[tuple[str, ir.E]] = None) -> str:
        """What an estimate over the limit is mostly made of, as its factors: each walk the costliest part of
        ``e`` goes through (definitions followed), with the most elements it is counted for, then what is
        worked out for each element of the innermost: "2 (p in players) x 169 (s in grid) x ... x 106
        (`on_edge(t, k)`, for each)". Empty when no walk multiplies (the work is a sum of parts)."""
        from .tree import children, walk
        walking = (ir.Count, ir.Total, ir.Extreme, ir.First, ir.Connected, ir.Walk)
        definitions = cost.definitions

        def walks(x: ir.E, seen: frozenset = frozenset()) -> bool:  # some walk in x, definitions followed
            return any(isinstance(node, walking) or isinstance(node, ir.DefinedValue) and node.name in definitions
                       and node.name not in seen and walks(definitions[node.name].value, seen | {node.name})
                       for node in walk(x))

        def leaf(x: ir.E) -> str:
            text = x.text if len(x.text) <= 60 else x.text[:57] + "..."
            return f"{cost.expr(x):,} (`{text}`, for each)"

        factors: list[str] = []
        if each is not None and each[1] is not None:
            factors.append(f"{cost.size(each[1]):,} ({each[0]} in {each[1].text})")
        first = len(factors)
        followed: set[str] = set()
        while e is not None and len(factors) < 12:
            if isinstance(e, ir.DefinedValue) and e.name in definitions and e.name not in followed \
                    and walks(definitions[e.name].value):
                followed.add(e.name)
                e = definitions[e.name].value
                continue
            if isinstance(e, ir.ThereIs):
                e = e.count
            if isinstance(e, walking) and not (isinstance(e, ir.Count) and e.where is None):
                if isinstance(e, ir.Walk):
                    factors.append(f"{cost.size(e):,} (`{e.text}`)")
                    parts = [e.condition]
                elif isinstance(e, ir.Connected):
                    factors.append(f"{cost.size(e.domain):,} ({e.var} in {e.domain.text})")
                    parts = [e.condition, e.start, e.goal]
                else:
                    factors.append(f"{cost.tested(e):,} ({e.var} in {e.domain.text})")
                    parts = [p for p in (e.where, getattr(e, "value", None)) if p is not None]
                inner = max(parts, key=cost.expr, default=None)
                if inner is None or not walks(inner):
                    if inner is not None and cost.expr(inner) > 1:
                        factors.append(leaf(inner))
                    break
                e = inner
                continue
            inner = max((c for c in children(e) if walks(c)), key=cost.expr, default=None)
            if inner is None:
                break
            e = inner
        return " x ".join(factors) if len(factors) > first else ""

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
            count = self.copies_of(d)
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
