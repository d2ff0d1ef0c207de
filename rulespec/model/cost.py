"""A static worst-case estimate of the work a checked model asks an engine for.

Every documented limit (rulespec.lib.limits) bounds one number of a rule file, but work
multiplies: a count inside a count inside a count over 10,000 components is 10^12 evaluations
each time an end is checked, and an option choosing two components from a zone of 10,000 lists
10^8 choices. This module estimates, for every condition, every option's listing and every
step, how many elements an engine may walk at most, so that the checker can refuse a file that
asks for more than the `work` limit before an engine is made.

The estimate counts evaluations: a walk over a collection costs its size times (1 + the cost of
what is evaluated for each element), and everything else costs 1 plus its parts. The size of a
collection is bounded by the file: a zone may hold every component, the players are at most the
game's maximum, a board has its spaces, the placements of a shape are its orientations times the
board's spaces, and so on. It follows the generated code (rulespec/codegen/python.py) where that
is cheaper than it looks: `count(x in zone)` without `where` is a length, and a count in an
option's condition that depends on none of the option's chosen values is counted once per listing,
not once per candidate (the generator keeps it in a local), so its cost is added, not multiplied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence, Union

from . import ir
from .located import located, on_board
from .narrowing import Fixed, listing_narrowed, occupied_only, written_out
from .tree import children, free_vars, walk

# A shape on a board of triangles has at most 6 rotations, each possibly mirrored.
MAX_ORIENTATIONS = 12


_ORIENTATIONS: dict[tuple, int] = {}  # a shape's cells -> its orientations counted (a pure function of them)


def _orientations_of(cells: tuple) -> int:
    """How many orientations (mirror images too) a shape of these cells has; worked out once per process
    for each shape, as a game's variants have the same shapes (each variant is checked as a game)."""
    count = _ORIENTATIONS.get(cells)
    if count is None:
        try:
            from ..lib.geometry import orientations
            count = max(len(orientations(cells, reflections=True)), 1)
        except Exception:  # a shape the geometry cannot read was reported by the checker
            count = MAX_ORIENTATIONS
        if len(_ORIENTATIONS) < 4096:  # bounded: a long-lived process checking many files
            _ORIENTATIONS[cells] = count
    return count


# The kinds of expression Cost.expr prices apart; a class of expression that is none of them is priced as
# the sum of its children (most nodes: names, numbers, comparisons), told at once once it has been met.
_PRICED_APART = (ir.Count, ir.Total, ir.Extreme, ir.Won, ir.First, ir.ThereIs, ir.BestSets, ir.Member, ir.RegionComplete,
                 ir.Check, ir.Connected, ir.Walk, ir.Ray, ir.GroupOf, ir.ScoreRef, ir.DefinedValue, ir.HasLegalMove, ir.AfterIt)
_PLAIN_EXPRESSIONS: set[type] = set()


def _statements_and_expressions(stmts: Sequence[ir.S]) -> tuple[list, list]:
    """Every statement within ``stmts`` (breadth first) and the expressions they hold, in the order met."""
    statements, expressions, i = list(stmts), [], 0
    while i < len(statements):
        for value in vars(statements[i]).values():
            for part in (value if isinstance(value, tuple) else (value,)):
                if isinstance(part, ir.E):
                    expressions.append(part)
                elif isinstance(part, ir.S):
                    statements.append(part)
        i += 1
    return statements, expressions


@dataclass(frozen=True)
class Estimate:
    """The estimated work of one declaration or part of one: what it is, where, and how much."""

    what: str  # "the condition of end `all_dropped`", "the listing of option `turn.drop`"...
    kind: str  # condition | listing | step
    loc: object
    work: int
    rows: int = 0  # for a listing: how many choices it may list
    where_expr: Optional[ir.E] = None  # for a condition: the expression
    body: tuple = ()  # for a step: its statements
    ahead: bool = False  # it reads moves ahead (an `only if ... after it`): held to the limit look_ahead_work
    each: Optional[tuple] = None  # an end's `for each NAME in D`: (NAME, D), walked around the condition
    option: Optional[ir.ChoiceOption] = None  # for a listing: the option listed


class Cost:
    def __init__(self, model: ir.Model):
        self.m = model
        self._ahead: Optional[bool] = None  # whether some option reads moves ahead (reads_ahead)
        items = groups = 0
        for c in model.components:
            combinations = 1
            for _, values in c.attributes:
                combinations *= len(values)
            items += c.total
            groups += combinations
        self.items = max(items, 1)
        # An option choosing from a zone offers one of each group of identical copies (st.one_of_each),
        # unless the zone is stacked (copies differ by their place in the pile) or no component has copies.
        self.groups = max(groups, 1) if any(c.has_copies for c in model.components) else self.items
        self.stacked = {z.name for z in model.zones if z.stacked}
        self.per_player_zones = frozenset(z.name for z in model.zones if z.per_player)
        self.zones = {z.name: z for z in model.zones}
        self.spaces = {b.name: self._spaces_in_use(b) for b in model.boards}
        self.faces = {b.name: max(len(b.faces), 1) for b in model.boards}
        self.largest_shape = max((len(s.cells) for s in model.shapes), default=1)
        self.orientations = {s.name: self._orientations(s) for s in model.shapes}
        self.scores = {s.name: s for s in model.scores}
        from ..runtime.engine import Engine
        self.loop_turns = Engine.MAX_LOOP_TURNS  # the loops of one action turn at most this often
        self.score_cost: dict[str, int] = {}
        self.definitions = {d.name: d for d in model.definitions}
        self.definition_cost: dict[str, int] = {}
        self._defining: set[str] = set()
        self._scoring: set[str] = set()
        self._listing: set[str] = set()  # the turn's choice, while `p has a legal move` prices its listing
        # While an option's listing is priced: the least and most value of each name it chooses from a range
        # (`for a in 3..17, b in a..17`: b from 3 to 17), and of a definition's parameters at a call whose
        # arguments have them, so that a range reading them is counted at its length, not the runtime's longest.
        self._var_bounds: Optional[dict[str, tuple[Optional[int], Optional[int]]]] = None
        self._bounded_calls: dict[tuple, int] = {}

    @staticmethod
    def _spaces_in_use(board: ir.Board) -> int:
        """At most how many spaces of ``board`` are in use, which is what a walk over it visits
        (st._t.cells_in_use): the cells some face of its map lays (a `-` is no space), else every cell."""
        cells = len(board.row_values) * len(board.column_values)
        laid = [face.cells for face in board.faces if len(face.cells) == cells]
        if laid and len(laid) == len(board.faces):
            cells = sum(any(face[i] != "-" for face in laid) for i in range(cells))
        return max(cells, 1)

    @staticmethod
    def _orientations(shape: ir.Shape) -> int:
        return _orientations_of(shape.cells)

    # ------------------------------------------------------------------ sizes of collections
    def tested(self, e: Union[ir.Count, ir.Total, ir.Extreme, ir.First]) -> int:
        """How many elements a count, total, extreme or `any` tests: one of a ray where its condition needs the
        space occupied (the space the ray stops at: narrowing.occupied_only), else every one of its domain."""
        if isinstance(e.domain, ir.Ray) and occupied_only(e.var, e.where, self.definitions):
            return 1
        return self.size(e.domain)

    def size(self, domain: ir.E) -> int:
        """At most how many elements a walk over ``domain`` visits."""
        m = self.m
        if isinstance(domain, ir.PlayersSet):
            return max(m.max_players, 1)
        if isinstance(domain, ir.Others):
            return max(m.max_players - 1, 1)
        if isinstance(domain, ir.BoardRef):
            return self.spaces.get(domain.board, self.items)
        if isinstance(domain, ir.Placements):
            spaces = self.spaces.get(domain.board, self.items)
            if domain.shape is not None:
                return self.orientations.get(domain.shape, MAX_ORIENTATIONS) * spaces
            return max(self.orientations.values(), default=MAX_ORIENTATIONS) * spaces
        if isinstance(domain, ir.CellsOf):
            return self.largest_shape
        if isinstance(domain, ir.AttributeValues):
            return max(len(domain.values), 1)
        if isinstance(domain, ir.FacesInUse):
            return self.faces.get(domain.board, 1)
        if isinstance(domain, ir.QueueRef):
            return self.items
        if isinstance(domain, ir.Directions):
            return max(len(domain.directions), 1)
        if isinstance(domain, ir.NeighboursOf):
            return self.most_neighbours(domain.board)
        if isinstance(domain, ir.LineSet):
            return max(len(domain.lines), 1)
        if isinstance(domain, ir.Var) and domain.type.startswith("spaces:"):  # a line of a set of lines
            return self.longest_line(domain.type.split(":", 1)[1])
        if isinstance(domain, ir.LineOf):
            if isinstance(domain.length, ir.Const) and isinstance(domain.length.value, int):
                return min(max(domain.length.value, 1), self.longest_side(domain.board))
            return self.longest_side(domain.board)
        if isinstance(domain, ir.SeatAttr) and domain.directions:
            return max(len(d) for d in domain.directions)
        if isinstance(domain, (ir.Walk, ir.Ray)):
            return self.longest_side(domain.board)
        if isinstance(domain, ir.GroupOf):
            return self.spaces.get(domain.board, self.items)
        if isinstance(domain, ir.Jumps):
            return max((len(j.offsets) for b in self.m.boards if b.name == domain.board for j in b.jumps
                        if j.name == domain.jump), default=1)
        if isinstance(domain, ir.Span):
            from ..lib.limits import LIMIT
            low, high = self.least(domain.low), self.most(domain.high)
            if low is not None and high is not None:  # `1..numdice * count(p in players)`: up to the most
                return min(max(high - low + 1, 1), LIMIT.span)
            return LIMIT.span  # walked only while at most this long (runtime: span)
        if isinstance(domain, ir.DefinedValue) and domain.name in self.definitions \
                and domain.name not in self._defining:
            self._defining.add(domain.name)
            try:
                return self.size(self.definitions[domain.name].value)
            finally:
                self._defining.discard(domain.name)
        if isinstance(domain, ir.ZoneRef):  # every component may be in it, unless it is declared `at most N`
            return self.zone_size(domain)
        return self.items  # anything else: every component

    def zone_size(self, ref: ir.ZoneRef) -> int:
        """At most how many items a zone holds: its `at most N` (each player's, all of them for a zone one per
        player named without a seat), else every component."""
        zone = self.zones.get(ref.zone)
        if zone is None or zone.at_most is None:
            return self.items
        instances = max(self.m.max_players, 1) if zone.per_player and ref.seat is None else 1
        return min(zone.at_most * instances, self.items)

    def unbounded_zone_walks(self, exprs: Sequence[ir.E] = (), stmts: Sequence[ir.S] = ()) -> list[tuple]:
        """The walks over zones declared with no `at most` (and so counted as holding every component) in
        ``exprs`` and ``stmts``, the definitions they use followed, the first of each zone: [(the walk, its
        zone)], outermost first. The hint of a refused estimate names them: the file may say how many a zone
        holds."""
        found: dict[str, tuple] = {}

        def unbounded(domain) -> bool:
            return isinstance(domain, ir.ZoneRef) and domain.zone in self.zones and domain.zone not in found \
                and self.zone_size(domain) == self.items and self.items > 1

        statements, expressions = _statements_and_expressions(stmts)
        pending, followed = list(exprs) + expressions, set()
        for s in statements:
            if isinstance(s, ir.ForEach) and unbounded(s.domain):
                found[s.domain.zone] = (s, self.zones[s.domain.zone])
        while pending:
            for node in walk(pending.pop(0)):
                domain = node.collection if isinstance(node, ir.Member) else getattr(node, "domain", None) \
                    if isinstance(node, (ir.Count, ir.Total, ir.Extreme, ir.First, ir.BestSets)) else None
                if unbounded(domain) and not (isinstance(node, ir.Count) and node.where is None):
                    found[domain.zone] = (node, self.zones[domain.zone])
                if isinstance(node, ir.DefinedValue) and node.name in self.definitions and node.name not in followed:
                    followed.add(node.name)
                    pending.append(self.definitions[node.name].value)
        return list(found.values())

    def most(self, e: ir.E) -> Optional[int]:
        """A fixed upper bound of a number, or None: what the file declares bounds it (a literal, a numeric
        option's values, a numbered row's or column's values, a numeric attribute's values, the turn limit),
        and arithmetic, `if`, min, max and abs carry the bounds of their parts; a count is at most what it
        walks; a definition is followed. A counter declares no range: its value is unbounded."""
        return self._bound(e, True)

    def least(self, e: ir.E) -> Optional[int]:
        """A fixed lower bound, or None (see most)."""
        return self._bound(e, False)

    def _bound(self, e: ir.E, high: bool) -> Optional[int]:
        pick = max if high else min
        if isinstance(e, ir.Var):
            known = self._var_bounds.get(e.name) if self._var_bounds is not None else None
            return None if known is None else known[1 if high else 0]
        if isinstance(e, ir.Const):
            return e.value if isinstance(e.value, int) and not isinstance(e.value, bool) else None
        if isinstance(e, ir.OptionRef):
            option = next((o for o in self.m.options if o.name == e.name), None)
            return pick(int(v) for v in option.values) if option is not None and option.numeric else None
        if isinstance(e, (ir.SpaceAttr, ir.ItemAttr)):
            return self._attribute_bound(e, pick)
        if isinstance(e, ir.TurnNumber):
            return self.m.max_turns if high else 0
        if isinstance(e, ir.NumberOf) and e.values is not None:  # an attribute value's place: 0 (none) to its count
            return len(e.values) if high else 0
        if isinstance(e, ir.NumberOf) and e.table is not None:  # a direction's place on its board
            return pick(e.table)
        if isinstance(e, ir.NumberOf) and e.value.type == ir.SEAT:  # 1 up to the most players
            return self.m.max_players if high else 1
        if isinstance(e, ir.SpaceIndex):  # 0 up to the board's spaces less one
            return 0 if not high else self.spaces[e.board] - 1 if e.board in self.spaces else None
        if isinstance(e, (ir.Count, ir.Size)):
            return self.size(e.domain if isinstance(e, ir.Count) else e.collection) if high else 0
        if isinstance(e, ir.Negate):
            inner = self._bound(e.operand, not high)
            return None if inner is None else -inner
        if isinstance(e, ir.Arith):
            return self._arith_bound(e, high)
        if isinstance(e, ir.Conditional):
            ends = [self._bound(e.then, high), self._bound(e.otherwise, high)]
            return None if None in ends else pick(ends)
        if isinstance(e, ir.Builtin) and e.args:
            return self._builtin_bound(e, high)
        if isinstance(e, ir.DefinedValue) and e.name in self.definitions and e.name not in self._defining:
            self._defining.add(e.name)  # (a parameter read in it is a name: unbounded)
            try:
                return self._bound(self.definitions[e.name].value, high)
            finally:
                self._defining.discard(e.name)
        return None

    def _attribute_bound(self, e: ir.E, pick) -> Optional[int]:
        """The least or the most value of a space's numbered row or column, or of a component attribute."""
        if isinstance(e, ir.SpaceAttr):
            board = next((b for b in self.m.boards if b.name == e.board), None)
            values = () if board is None else board.row_values if e.attr == board.row_attribute \
                else board.column_values if e.attr == board.column_attribute else ()
        else:
            values = tuple(v for c in self.m.components for name, vs in c.attributes if name == e.attr for v in vs)
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return None
        return pick(values)

    def _arith_bound(self, e: ir.Arith, high: bool) -> Optional[int]:
        if e.op == "+":
            ends = [self._bound(e.left, high), self._bound(e.right, high)]
            return None if None in ends else ends[0] + ends[1]
        if e.op == "-":
            ends = [self._bound(e.left, high), self._bound(e.right, not high)]
            return None if None in ends else ends[0] - ends[1]
        if e.op == "*":  # of parts never negative only
            lows = [self._bound(x, False) for x in (e.left, e.right)]
            ends = lows if not high else [self._bound(x, True) for x in (e.left, e.right)]
            if None in lows or None in ends or min(lows) < 0:
                return None
            return ends[0] * ends[1]
        return None

    def _builtin_bound(self, e: ir.Builtin, high: bool) -> Optional[int]:
        if e.func in ("min", "max"):
            ends = [self._bound(a, high) for a in e.args]
            if None in ends:
                return None
            return min(ends) if e.func == "min" else max(ends)
        if e.func == "abs":
            low, top = self._bound(e.args[0], False), self._bound(e.args[0], True)
            if low is None or top is None:
                return None
            if high:
                return max(abs(low), abs(top))
            return 0 if low <= 0 <= top else min(abs(low), abs(top))
        return None

    def unbounded_range(self, stmts: Sequence[ir.S] = (), e: Optional[ir.E] = None) -> Optional[tuple[ir.Span, ir.E]]:
        """The first range (`a..b`) walked in ``stmts`` or ``e`` with an end that nothing the file declares
        bounds (the walk is then counted as the runtime's longest, LIMIT.span), and that end; or None."""
        pending: list = ([e] if e is not None else []) + _statements_and_expressions(stmts)[1]
        for expression in pending:
            for node in walk(expression):
                if isinstance(node, ir.Span):
                    if self.least(node.low) is None:
                        return node, node.low
                    if self.most(node.high) is None:
                        return node, node.high
        return None

    def most_neighbours(self, board: str) -> int:
        """The most neighbours a space of ``board`` has: its links on a graph, its directions on a grid."""
        found = next((b for b in self.m.boards if b.name == board), None)
        if found is None:
            return self.items
        if found.lattice == "graph":
            degree: dict[int, int] = {}
            for a, b in found.links:
                degree[a], degree[b] = degree.get(a, 0) + 1, degree.get(b, 0) + 1
            return max(degree.values(), default=1)
        return 3 if found.lattice == "triangles" else 8

    def longest_line(self, board: str) -> int:
        """The most spaces in a line of a set of lines of ``board`` (else every space of it)."""
        found = next((b for b in self.m.boards if b.name == board), None)
        lines = [len(line) for _, lines in (found.line_sets if found else ()) for line in lines]
        return max(lines, default=self.spaces.get(board, self.items))

    def longest_side(self, board: str) -> int:
        """The most spaces a line or a walk on a grid crosses (a diagonal is no longer than the longer side)."""
        found = next((b for b in self.m.boards if b.name == board), None)
        if found is None:
            return self.items
        if found.lattice == "triangles":  # a slanting strip crosses two triangles a row
            return 2 * max(len(found.row_values), len(found.column_values), 1)
        return max(len(found.row_values), len(found.column_values), 1)

    # ------------------------------------------------------------------ expressions
    def expr(self, e: Optional[ir.E], hoisted: Optional[set[str]] = None) -> int:
        """Evaluations to work out ``e`` once. With ``hoisted`` (an option's chosen names), a count or total
        that reads none of them is counted at its full cost here but is kept by the generator, so the
        caller asks for it separately (see :meth:`split`)."""
        if e is None:
            return 0
        cls = e.__class__
        if cls not in _PLAIN_EXPRESSIONS:
            if not issubclass(cls, _PRICED_APART):
                _PLAIN_EXPRESSIONS.add(cls)
            elif isinstance(e, ir.Count):
                if e.where is None and not isinstance(e.domain, ir.BoardRef):
                    return 1 + self.expr(e.domain)  # a length
                if located(e, self.per_player_zones) is not None:  # at most every item: where it is, and A
                    return 1 + self.expr(located(e, self.per_player_zones).value) + self.tested(e) * 2
                if on_board(e, self.m, self.definitions) is not None:  # every item at most: where, and A
                    return 1 + self.expr(on_board(e, self.m, self.definitions).value) + self.items * 2
                return 1 + self.expr(e.domain) + self.tested(e) * (1 + self.expr(e.where))
            elif isinstance(e, (ir.Total, ir.Extreme)):
                return 1 + self.expr(e.domain) + self.tested(e) * (1 + self.expr(e.where) + self.expr(e.value))
            elif isinstance(e, ir.Won):  # the outcome: every score of every seat
                return 1 + self.expr(e.seat) + max(self.m.max_players, 1) * sum(self.score(name) for name in self.scores)
            elif isinstance(e, ir.ThereIs):  # at worst none is found: its count, every element tested
                return 1 + self.expr(e.count)
            elif isinstance(e, ir.First):
                if on_board(e, self.m, self.definitions) is not None:  # as its count
                    return 1 + self.expr(on_board(e, self.m, self.definitions).value) + self.items * 2
                return 1 + self.expr(e.domain) + self.tested(e) * (1 + self.expr(e.where))
            elif isinstance(e, ir.BestSets):
                return 1 + self.expr(e.domain) + self.expr(e.wild) + self.size(e.domain) * max(len(e.kinds), 1)
            elif isinstance(e, ir.Member):
                return 1 + self.expr(e.element) + self.expr(e.collection) + self.size(e.collection)
            elif isinstance(e, ir.RegionComplete):
                return 1 + self.expr(e.space) + self.spaces.get(e.board, self.items)
            elif isinstance(e, ir.Check) and e.test == "occupied_neighbour":
                return 1 + self.expr(e.subject) + 3 * self.largest_shape
            elif isinstance(e, ir.Connected):  # each space tested once, then its neighbours looked at once
                return 1 + self.expr(e.domain) + self.size(e.domain) * (
                    1 + self.expr(e.condition) + self.expr(e.start) + self.expr(e.goal) + 8)
            elif isinstance(e, ir.Walk):  # the test runs on each space walked
                return 1 + self.expr(e.space) + self.expr(e.direction) + self.size(e) * (1 + self.expr(e.condition))
            elif isinstance(e, ir.Ray):  # each space up to the first occupied one is looked at
                return 1 + self.expr(e.space) + self.expr(e.direction) + self.size(e)
            elif isinstance(e, ir.GroupOf):  # a flood fill: each space of the group, then its neighbours looked at
                return 1 + self.expr(e.space) + self.size(e) * 5
            elif isinstance(e, ir.ScoreRef):
                return 1 + self.expr(e.seat) + self.score(e.score)
            elif isinstance(e, ir.DefinedValue):
                return 1 + sum(self.expr(a) for a in e.args) + self._call(e)
            elif isinstance(e, ir.HasLegalMove):  # at worst the whole listing of the turn's choice (or of `among`)
                return 1 + self.expr(e.seat) + self.turn_listing(e.step, e.among)
            elif isinstance(e, ir.AfterIt):  # a copy of the state, the option's statements and steps on it, then C
                return 1 + self.state_copy() + self.option_effect(e.step, e.option) + self.expr(e.condition)
        return 1 + sum(self.expr(child) for child in children(e))

    def state_copy(self) -> int:
        """The work of copying a state (State._copy): a list copied per zone (each seat's, at most) and two per
        board, and a dozen more of the state's own."""
        return 12 + len(self.m.zones) * max(self.m.max_players, 1) + 2 * len(self.m.boards)

    def option_effect(self, step_name: str, option_name: str) -> int:
        """The work of carrying out one option's statements once, with the automatic steps they set going in a
        look-ahead (`then`, and the triggers its placements fire: rulespec/model/lookahead.py)."""
        step = next((s for s in self.m.steps if s.name == step_name), None)
        option = next((o for o in (step.options if step else ()) if o.name == option_name), None)
        if option is None:
            return 1
        return self.stmts(option.body) + self.set_going_work(option.body)

    def set_going_work(self, body: Sequence[ir.S]) -> int:
        """The work of the automatic steps ``body`` sets going (its `then`s, theirs, and those of the triggers
        its placements fire), each charged once for every `then` reaching it (and for each turn of a loop it is
        in); a trigger's own statements are not (no placement's estimate charges them: the trigger has its own). A
        chain that comes back to a step already in it runs at most Engine.MAX_AUTO_STEPS steps (the
        look-ahead's budget), each charged as the costliest of the chain."""
        from ..runtime.engine import Engine
        from .lookahead import set_going
        going = set_going(body, self.m.steps, self.m.triggers, self.m.insteads)
        steps = {s.name: s for s in self.m.steps}
        fired = [t for t in self.m.triggers if t.name in going.triggers]
        own = {name: self.stmts(steps[name].body) for name in going.steps}
        if not own:
            return 0
        if going.cyclic:
            return Engine.MAX_AUTO_STEPS * max(own.values())

        def runs(stmts: Sequence[ir.S], reach: int) -> int:  # the work a list of statements sets going
            work = 0
            for s in stmts:
                if isinstance(s, ir.If):
                    work += max(runs(s.then, reach), runs(s.otherwise, reach))
                elif isinstance(s, (ir.ForEach, ir.Repeat)):
                    work += runs(s.body, min(reach * self.size(s.domain) if isinstance(s, ir.ForEach)
                                             else reach * (self.most(s.times) or self.loop_turns), self.loop_turns))
                elif isinstance(s, ir.Then) and s.step in steps:
                    work += reach * (own[s.step] + runs(steps[s.step].body, 1))
                elif isinstance(s, ir.Place):
                    work += sum(reach * runs(t.body, 1) for t in fired if t.event.board == s.board)
            return work

        try:
            return min(runs(body, 1), Engine.MAX_AUTO_STEPS * max(own.values()))
        finally:
            del runs  # (a closure that calls itself holds self: let go at once)

    def turn_listing(self, step_name: str, among: tuple[str, ...] = ()) -> int:
        """The work of listing every option of the turn's choice (`p has a legal move` stops at the first
        found, but may find none), or those ``among`` of a choice (what an option offered only when no other is
        asks); a listing that would ask itself (the checker refuses it) is not followed, nor the question of an
        option offered alone within its own choice's listing (the others' rows listed before it answer it)."""
        step = next((s for s in self.m.steps if s.name == step_name), None)
        if step is None or step_name in self._listing:
            return 1
        self._listing.add(step_name)
        try:
            return sum(self.listing(option)[0] for option in step.options if not among or option.name in among)
        finally:
            self._listing.discard(step_name)

    def _call(self, e: ir.DefinedValue) -> int:
        """The work of a call of a definition: while a listing is priced, with its parameters bounded as the
        call's arguments are (a range over them counted at its length), else the definition's own."""
        found = self.definitions.get(e.name)
        if self._var_bounds is None or found is None or e.name in self._defining or not found.params:
            return self.definition(e.name)
        bounds = tuple((self.least(a), self.most(a)) for a in e.args)
        if all(b == (None, None) for b in bounds):
            return self.definition(e.name)
        key = (e.name, bounds)
        if key not in self._bounded_calls:
            outer = self._var_bounds
            self._var_bounds = {p.name: b for p, b in zip(found.params, bounds)}  # a definition reads only these
            self._defining.add(e.name)
            try:
                self._bounded_calls[key] = self.expr(found.value)
            finally:
                self._defining.discard(e.name)
                self._var_bounds = outer
        return self._bounded_calls[key]

    def score(self, name: str) -> int:
        """The work of one score of one player (a score may use other scores)."""
        return self._named_work(name, self.scores, self.score_cost, self._scoring)

    def definition(self, name: str) -> int:
        """The work of working out a definition once (it may use other definitions)."""
        return self._named_work(name, self.definitions, self.definition_cost, self._defining)

    def _named_work(self, name: str, declared: dict, known: dict[str, int], busy: set[str]) -> int:
        """The work of a named value (a score, a definition) worked out once and remembered; a name in the
        middle of being worked out is a cycle, which the checker reports: it is not followed."""
        if name in known:
            return known[name]
        found = declared.get(name)
        if found is None or name in busy:
            return 1
        busy.add(name)
        try:
            cost = known[name] = self.expr(found.value)
        finally:
            busy.discard(name)
        return cost

    def split(self, e: ir.E, bound: set[str]) -> tuple[int, int]:
        """(work per candidate, work once per listing) of an option's condition: counts, totals and calls of a
        definition outside any other count that read none of the ``bound`` names are worked out once (the
        generator's ``once``), the rest for every candidate."""
        once = 0

        def per_candidate(node: ir.E) -> int:
            nonlocal once
            if isinstance(node, (ir.Count, ir.Total)) and not (node.where is None and isinstance(node, ir.Count)
                                                               and not isinstance(node.domain, ir.BoardRef)):
                if not free_vars(node, bound):
                    once += self.expr(node)
                    return 1
                return self.expr(node)
            if isinstance(node, ir.DefinedValue) and not free_vars(node, bound) and not self.written_out(node):
                once += self.expr(node)  # a call, the same for every candidate: kept once needed (generator's once)
                return 1
            if isinstance(node, (ir.Count, ir.Total, ir.First, ir.BestSets, ir.ScoreRef, ir.Member,
                                 ir.RegionComplete, ir.Check, ir.DefinedValue, ir.AfterIt)):
                return self.expr(node)
            return 1 + sum(per_candidate(child) for child in children(node))

        try:
            return per_candidate(e), once
        finally:
            # A closure that calls itself is a reference cycle; this one holds self, and so the whole
            # model: let go here, they are freed at once, not by the cyclic collector.
            del per_candidate

    def written_out(self, call: ir.DefinedValue) -> bool:
        """Whether the generator writes a use of a definition out in place rather than calling it."""
        definition = self.definitions.get(call.name)
        return definition is not None and written_out(definition, call.args, self.m.min_players, self.definitions)

    # ------------------------------------------------------------------ options and statements
    def listing(self, option: ir.ChoiceOption) -> tuple[int, int]:
        """(work, rows) of listing an option's choices: one loop per chosen value, each condition tested
        as soon as the values it reads are chosen (as the generator writes it)."""
        outer = self._var_bounds
        self._var_bounds = {}
        try:
            return self._listing_work(option)
        finally:
            self._var_bounds = outer

    def _listing_work(self, option: ir.ChoiceOption) -> tuple[int, int]:
        bound = [b.var for b in option.bindings]
        names = set(bound)
        for binding in option.bindings:  # each chosen name's range, read by the ranges after it
            if isinstance(binding.domain, ir.Span):
                self._var_bounds[binding.var] = (self.least(binding.domain.low), self.most(binding.domain.high))
        per_level = [0] * (len(bound) + 1)  # index 0: before any loop
        once = 0
        for condition in option.conditions:
            needed = free_vars(condition, names)
            level = max((bound.index(v) + 1 for v in needed), default=0)
            each, kept = self.split(condition, names)
            per_level[level] += each
            once += kept
        work, reached = per_level[0] + once, 1
        narrowed = listing_narrowed(option, self.m)
        exact = _span_prefix_counts(option.bindings)
        for i, binding in enumerate(option.bindings, start=1):
            size = self.size(binding.domain)
            if binding.var in narrowed:  # the spaces its conditions fix, looked up (narrowing.py)
                size = min(size, self.visited(narrowed[binding.var], binding.domain.board))
            work += reached * (self.expr(binding.domain) + size)  # the domain, walked once per loop
            if isinstance(binding.domain, ir.ZoneRef) and binding.domain.zone not in self.stacked:
                size = min(size, self.groups)  # one of each group of identical copies
            reached = exact[i - 1] if exact is not None else reached * size
            work += reached * (1 + per_level[i])
        return work, reached if bound else 1

    def visited(self, fixed: Fixed, board: str) -> int:
        """At most how many spaces of ``board`` a walk narrowed to what a condition fixes visits: each space
        fixed or at a row and column fixed, each of a space over some directions, a jump's landings, each space of a row or column,
        every space for a run of places, and those of each part fixed under a test (each test may hold)."""
        found = next(b for b in self.m.boards if b.name == board)
        return (len(fixed.spaces) + len(fixed.places) + len(fixed.indices) + sum(self.size(directions) for _, directions, _ in fixed.spaces_over)
                + sum(self.size(jumps) for jumps in fixed.jumps)
                + len(fixed.rows) * len(found.column_values) + len(fixed.columns) * len(found.row_values)
                + len(fixed.index_ranges) * len(found.row_values) * len(found.column_values)
                + sum(self.visited(part, board) for _, part in fixed.guarded))

    def stmts(self, stmts: Sequence[ir.S], reach: int = 1) -> int:
        """The work of a statement list run ``reach`` times."""
        return sum(self.stmt(s, reach) for s in stmts)

    def stmt(self, s: ir.S, reach: int = 1) -> int:
        """The work of one statement run ``reach`` times. The turns of the loops of one action are bounded at
        run time (Engine.MAX_LOOP_TURNS, a clear error when it is reached), so a loop's body is counted for
        at most that many turns; what each turn evaluates is not, and is counted in full."""
        from ..lib.limits import LIMIT
        if isinstance(s, ir.If):
            return reach * self.expr(s.condition) + max(self.stmts(s.then, reach), self.stmts(s.otherwise, reach))
        if isinstance(s, (ir.Roll, ir.Lose, ir.Shuffle)):
            return self.stmts(s.body, reach)
        if isinstance(s, (ir.ForEach, ir.Repeat)):
            if isinstance(s, ir.ForEach):
                head, size = self.expr(s.domain) + self.size(s.domain), self.size(s.domain)
            else:
                head = self.expr(s.times)
                literal = isinstance(s.times, ir.Const) and isinstance(s.times.value, int) \
                    and not isinstance(s.times.value, bool)
                most = self.most(s.times)
                size = max(s.times.value, 0) if literal else LIMIT.repeat if most is None else min(max(most, 0),
                                                                                                    LIMIT.repeat)
            turns = min(reach * size, self.loop_turns)
            return reach * head + turns + self.stmts(s.body, turns)
        parts = [v for v in vars(s).values() if isinstance(v, ir.E)]
        parts += [a for v in vars(s).values() if isinstance(v, tuple) for a in v if isinstance(a, ir.E)]
        return reach * (1 + sum(self.expr(p) for p in parts))

    def outcome(self, outcome: Optional[ir.Outcome]) -> int:
        if outcome is None:
            return 0
        if outcome.pick_from is not None:
            candidates = self.size(outcome.pick_from) ** len(outcome.names)  # every combination of the names
            return self.expr(outcome.pick_from) + candidates * (1 + self.expr(outcome.pick_where)
                                                               + self.expr(outcome.weight))
        if outcome.shuffle is not None:  # every order listed: at most the shuffle_orders limit
            from ..lib.limits import LIMIT
            return self.expr(outcome.shuffle) + LIMIT.shuffle_orders
        return 1 + self.expr(outcome.draw_from) + len(outcome.faces)

    def reads_ahead(self, e: ir.E) -> bool:
        """Whether working ``e`` out reads moves ahead: an `only if ... after it`, or a question of legal moves
        (`has no legal move`) whose listing has one. Its estimate charges the copy of the state, the option's
        statements and the condition to every candidate the walks could produce, most of which a cheap test
        turns away first; such an estimate is held to the limit look_ahead_work."""
        if self._ahead is None:
            self._ahead = any(isinstance(node, ir.AfterIt) for step in self.m.steps if step.kind == "choice"
                              for option in step.options for c in option.conditions for node in walk(c))
        return self._ahead and any(isinstance(node, (ir.AfterIt, ir.HasLegalMove)) for node in walk(e))

    # ------------------------------------------------------------------ every declaration
    def estimates(self) -> list[Estimate]:
        """The work of every condition, listing and step of the model, in file order."""
        m, out = self.m, []

        def condition(what: str, e: Optional[ir.E], loc=None) -> None:
            if e is not None:
                out.append(Estimate(what, "condition", loc or e.loc, self.expr(e), where_expr=e, ahead=self.reads_ahead(e)))

        for board in m.boards:
            for face in board.faces:
                condition(f"the condition of face {face.name} of board `{board.name}`", face.condition)
        for fit in m.fits:
            condition(f"the condition of `{fit.name}`", fit.condition)
        if m.skip_when is not None:
            condition("the condition of the turns' `skip`", m.skip_when)
        for step in ([m.setup] if m.setup else []) + list(m.steps):
            if step.kind == "choice":
                for option in step.options:
                    work, rows = self.listing(option)
                    out.append(Estimate(f"the listing of option `{step.name}.{option.name}`", "listing", option.loc,
                                        work, rows, ahead=any(self.reads_ahead(c) for c in option.conditions),
                                        option=option))
                    out.append(Estimate(f"option `{step.name}.{option.name}`", "step", option.loc,
                                        self.stmts(option.body), body=option.body))
                    # (`numbered EXPR`: worked out by the adapters once per row listed, as a condition is)
                    condition(f"the action number of option `{step.name}.{option.name}`", option.number)
                if step.by is not None:
                    condition(f"who chooses in `{step.name}`", step.by)
            else:
                out.append(Estimate(f"step `{step.name}`", "step", step.loc,
                                    self.outcome(step.outcome) + self.stmts(step.body), body=step.body))
                if step.outcome is not None:  # (`numbered EXPR`: worked out by the adapters once per outcome)
                    condition(f"the outcome number of chance `{step.name}`", step.outcome.number)
        for trigger in m.triggers:
            out.append(Estimate(f"trigger `{trigger.name}`", "step", trigger.loc, self.stmts(trigger.body),
                                body=trigger.body))
        for instead in m.insteads:
            condition(f"the condition of `{instead.name}`", instead.condition)
            out.append(Estimate(f"replacement `{instead.name}`", "step", instead.loc, self.stmts(instead.body),
                                body=instead.body))
        for end in m.ends:
            if end.each_domain is not None:
                work = self.expr(end.each_domain) + self.size(end.each_domain) * (
                    1 + self.expr(end.condition) + self.expr(end.winner))
                out.append(Estimate(f"the condition of end `{end.name}`", "condition", end.condition.loc, work,
                                    where_expr=end.condition, ahead=self.reads_ahead(end.condition),
                                    each=(end.each_var, end.each_domain)))
            else:
                out.append(Estimate(f"the condition of end `{end.name}`", "condition", end.condition.loc,
                                    self.expr(end.condition) + self.expr(end.winner), where_expr=end.condition,
                                    ahead=self.reads_ahead(end.condition)))
        for score in m.scores:
            out.append(Estimate(f"score `{score.name}`", "condition", score.value.loc, self.score(score.name),
                                where_expr=score.value))
        for invariant in m.invariants:
            condition(f"invariant `{invariant.name}`", invariant.condition)
        if m.returns is not None and m.returns.value is not None:
            condition("the returns", m.returns.value)
        return out


def _span_prefix_counts(bindings, most_steps: int = 20_000) -> Optional[list[int]]:
    """How many choices the first 1, 2, ... names of a listing make, counted exactly where every name is
    chosen from a range whose ends are numbers or +, - of the names before it (`for a in 3..17, b in a..17`:
    120 choices of two, not 225); None for any other listing, or one too long to count."""
    if not bindings or not all(isinstance(b.domain, ir.Span) for b in bindings):
        return None
    names = [b.var for b in bindings]

    def value(e, env):
        if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return e.value
        if isinstance(e, ir.Var) and e.name in env:
            return env[e.name]
        if isinstance(e, ir.Arith) and e.op in ("+", "-"):
            left, right = value(e.left, env), value(e.right, env)
            if left is None or right is None:
                return None
            return left + right if e.op == "+" else left - right
        return None

    read_later = []  # the names before level i that the ranges from level i on read
    for i in range(len(bindings)):
        later = set()
        for b in bindings[i:]:
            later |= {n.name for n in walk(b.domain) if isinstance(n, ir.Var)}
        read_later.append(tuple(n for n in names[:i] if n in later))
    if any(n not in names for r in read_later for n in r):
        return None
    steps = 0

    def count(level: int, env: dict, memo: dict) -> Optional[list[int]]:
        """The choices of levels level.. under env: per level, how many."""
        nonlocal steps
        key = (level, tuple(env[n] for n in read_later[level]))
        if key in memo:
            return memo[key]
        b = bindings[level]
        low, high = value(b.domain.low, env), value(b.domain.high, env)
        if low is None or high is None:
            return None
        found = [0] * (len(bindings) - level)
        for v in range(low, high + 1):
            steps += 1
            if steps > most_steps:
                return None
            found[0] += 1
            if level + 1 < len(bindings):
                below = count(level + 1, {**env, b.var: v}, memo)
                if below is None:
                    return None
                for j, n in enumerate(below, start=1):
                    found[j] += n
        memo[key] = found
        return found

    return count(0, {}, {})


def estimates(model: ir.Model) -> list[Estimate]:
    return Cost(model).estimates()


__all__ = ["Cost", "Estimate", "estimates", "walk", "free_vars", "children"]
