"""Expressions: one ``visit_<Node>`` per IR value (a reference, an attribute, a test of a space, arithmetic,
a definition's use), each returning the code that works it out.
"""

from __future__ import annotations

from functools import cached_property
from typing import Optional, Sequence

from ..model import ir, reads
from ..model.checker import board_of, is_space
from ..model.counter_values import held_values
from ..model.narrowing import plain_argument, small_value, written_size
from ..model.constant_calls import fold
from ..model.tree import walk
from .off_board import OffBoard, may_be_none, off_board
from .quoting import function, ident, lit, operator

# A range of constants of at most this many numbers is written out as a tuple (visit_Span).
SPAN_WRITTEN_OUT = 16


class Expressions:
    """The values and tests of the rule file's expressions as Python expressions (CodeGenerator's part)."""

    none_names: frozenset[str] = frozenset()  # the names that can be none in the function being written

    def expr(self, e: ir.E) -> str:
        return getattr(self, "visit_" + type(e).__name__)(e)

    @cached_property
    def off_board(self) -> OffBoard:
        return off_board(self.m)

    def may_be_none(self, space: ir.E) -> bool:
        """Whether ``space`` can be past the board's edge here: its tests are then written none-safe (not
        where a test has just found it on the board: known_on_board.py)."""
        if self.known_on_board and self.known_on_the_board(space):
            return False
        return may_be_none(space, self.none_names, self.off_board.definitions)

    def on_board(self, space: ir.E, what: str) -> str:
        """``space``'s code, refused by a rule error where it can be none and ``what`` needs a space."""
        if self.may_be_none(space):
            return f"st._on_board({self.expr(space)}, {what!r})"
        return self.expr(space)

    def visit_Const(self, e: ir.Const) -> str:
        return repr(e.value)

    def visit_Var(self, e: ir.Var) -> str:
        return self.var_code.get(e.name) or "v_" + ident(e.name)

    def visit_SeatConst(self, e: ir.SeatConst) -> str:
        if e.index < self.m.min_players or self.in_example:
            return repr(e.index)  # seated in every game (an example's runner checks its seats, at their lines)
        # `player 3` in a game for 2 to 4: the runtime checks the seat is in play (else `hand of player 3`
        # would read the next zone along).
        return f"st._seat_in_play({e.index!r})"

    def visit_OptionRef(self, e: ir.OptionRef) -> str:
        if e.type == ir.INT:  # a numeric option: its value is kept as the digits chosen
            return f"int(st._options[{e.name!r}])"
        return f"st._options[{e.name!r}]"

    def visit_CounterRef(self, e: ir.CounterRef) -> str:
        code = self.counter_kept(e)
        held = held_values(self.m, e.name)
        # a counter holding a seat, a direction or a word keeps its value's index (-1: none, which reads None)
        return code if held is None else f"{lit(held + (None,))}[{code}]"

    def counter_kept(self, e: ir.CounterRef) -> str:
        """The number a counter keeps (of a seat or a space, for one kept per player or per space)."""
        if e.seat is None:
            return f"st._counters[{e.name!r}]"
        owner = self.counter_owner(e.name, e.seat)
        if self.counter_lists is not None:  # a function that only reads: each seat's counts looked up once
            return f"{self.counter_lists.setdefault(e.name, f'counter_{ident(e.name)}')}[{owner}]"
        return f"st._counters[{e.name!r}][{owner}]"

    def counter_owner(self, name: str, owner: ir.E) -> str:
        """The seat or space a counter is read or changed on: a space that can be past the edge (none) is
        refused by a rule error (`seeds of neighbour of s towards e` at the edge: no space, so no count)."""
        if is_space(owner.type):
            return self.on_board(owner, f"the {name} of")
        return self.expr(owner)

    def visit_ScoreRef(self, e: ir.ScoreRef) -> str:
        return f"score_{ident(e.score)}(st, {self.expr(e.seat)})"

    def visit_PlayersSet(self, e: ir.PlayersSet) -> str:
        return "st._t.seats"  # (every seat, from 0: Tables.seats)

    def zone_index(self, e: ir.ZoneRef) -> str:
        if self.zone_code is not None:
            self.zone_code.setdefault(e.zone, set()).add("index")
            base = f"zone_{ident(e.zone)}"
        else:
            base = f"st._t.zone_base[{e.zone!r}]"
        return f"{base} + {self.expr(e.seat)}" if e.seat is not None else base

    def visit_ZoneRef(self, e: ir.ZoneRef) -> str:
        if e.seat is None and self.zone_per_player[e.zone]:
            return f"st._zones_named({e.zone!r})"
        if self.zone_code is not None:
            if e.seat is None:  # a shared zone: its list, looked up once (moves change it in place)
                self.zone_code.setdefault(e.zone, set()).add("pile")
                return f"pile_{ident(e.zone)}"
            return f"zones[{self.zone_index(e)}]"
        return f"st._zones[{self.zone_index(e)}]"

    def visit_BoardRef(self, e: ir.BoardRef) -> str:
        return f"st._t.cells_in_use[{self.boards[e.board]}]"

    def visit_QueueRef(self, e: ir.QueueRef) -> str:
        return f"st._queues[{e.queue!r}]"

    def visit_ItemAttr(self, e: ir.ItemAttr) -> str:
        if e.changes:  # the state's value (every item has an entry: None for one without the attribute)
            return f"st._attrs[{e.attr!r}][{self.expr(e.item)}]"
        if all(any(name == e.attr for name, _ in c.attributes) for c in self.m.components):
            return f"ITEM_ATTRS[{e.attr!r}][{self.expr(e.item)}]"
        # Some components lack the attribute (a token has no shape): theirs reads as nothing, equal to no value.
        return f"ITEM_ATTRS[{e.attr!r}].get({self.expr(e.item)})"

    def attribute_table(self, e: ir.ItemAttr) -> str:
        """The table of an attribute's value by item: the state's for one that can change."""
        return f"st._attrs[{e.attr!r}]" if e.changes else f"ITEM_ATTRS[{e.attr!r}]"

    def cell_attribute_table(self, attr: str) -> str:
        """An attribute's value by item, its last entry (-1, an empty space) none: the state's when it changes."""
        return f"st._attrs[{lit(attr)}]" if attr in self.changing else f"CELL_ATTRS[{lit(attr)}]"

    def visit_SpaceAttr(self, e: ir.SpaceAttr) -> str:
        board = self.m.boards[self.boards[e.board]]
        table = "ROW" if e.attr == board.row_attribute else "COLUMN"
        return f"{self.board_const(e.board)}_{table}[{self.on_board(e.space, e.attr + ' of')}]"

    def board_const(self, board: str) -> str:
        return "B_" + ident(board).upper()

    def visit_Occupant(self, e: ir.Occupant) -> str:
        if isinstance(e.space, ir.Var) and (e.board, e.space.name) in self.known_occupied:
            return f"{self.cells(self.boards[e.board])}[{self.expr(e.space)}]"  # (found occupied just before)
        return f"st._occupant({self.boards[e.board]}, {self.on_board(e.space, 'the occupant of')})"

    def visit_Neighbour(self, e: ir.Neighbour) -> str:
        b = self.boards[e.board]
        if self.may_be_none(e.space):  # past the edge and on: still none
            return f"st._neighbour({b}, {self.expr(e.space)}, {self.expr(e.direction)})"
        if self.hoisted_toward(e):  # one fixed direction, where boards are read through locals
            self.towards_used.add((b, e.direction.value))
            return f"toward_{b}_{self.expr(e.direction)}[{self.expr(e.space)}]"
        if self.hoisted_towards(e):  # a direction a walk gives, where boards are read through locals
            return f"towards_{b}[{self.expr(e.direction)}][{self.expr(e.space)}]"
        return f"st._t.toward[{b}][{self.expr(e.direction)}][{self.expr(e.space)}]"

    def visit_LineOf(self, e: ir.LineOf) -> str:
        table = self.line_table(e)  # (an automatic step's table read once: hoisted.py)
        if table is not None:
            return f"{table}[{self.on_board(e.space, 'a line from')}]"
        by_length = self.line_by_length(e)  # (a length written as a number: hoisted.py)
        if by_length is not None:
            return by_length
        return (f"st._line({self.boards[e.board]}, {self.on_board(e.space, 'a line from')}, {self.expr(e.direction)}, "
                f"{self.expr(e.length)})")

    def visit_Walk(self, e: ir.Walk) -> str:
        return self.walk_call(e, "_walk")

    def walk_call(self, e: ir.Walk, method: str) -> str:
        """A call of the state's ``method`` (_walk, or _walk_begins) with the walk's board, start, direction
        and test."""
        self.depth += 1
        cond = self.expr(e.condition)
        self.depth -= 1
        if e.until:
            cond = f"not {cond}"
        return (f"st.{method}({self.boards[e.board]}, {self.on_board(e.space, 'a walk from')}, "
                f"{self.expr(e.direction)}, lambda v_{ident(e.var)}: {cond})")

    def visit_Ray(self, e: ir.Ray) -> str:
        return (f"st._ray({self.boards[e.board]}, {self.on_board(e.space, 'a ray from')}, "
                f"{self.expr(e.direction)})")

    def visit_GroupOf(self, e: ir.GroupOf) -> str:
        return f"st._group({self.boards[e.board]}, {self.on_board(e.space, 'the group of')})"

    def visit_Jumps(self, e: ir.Jumps) -> str:
        return f"st._t.jump_targets[{self.boards[e.board]}][{lit(e.jump)}][{self.on_board(e.space, 'a jump from')}]"

    def visit_NeighboursOf(self, e: ir.NeighboursOf) -> str:
        return f"st._t.neighbours[{self.boards[e.board]}][{self.on_board(e.space, 'the neighbours of')}]"

    def visit_GraphDirection(self, e: ir.GraphDirection) -> str:
        return lit(e.index)  # (its number among the graph's named directions: Tables.toward's index)

    def visit_Turned(self, e: ir.Turned) -> str:
        """A direction turned (`opposite of d`, `d turned right`): its index looked up (none stays none)."""
        table = {d: turned for d, turned in enumerate(e.table)}
        return f"{lit({**table, None: None})}[{self.expr(e.direction)}]"

    def visit_LineSet(self, e: ir.LineSet) -> str:
        return lit(e.lines)  # (each line its spaces' numbers, as declared)

    def visit_Directions(self, e: ir.Directions) -> str:
        return lit(e.directions)

    def visit_SeatAttr(self, e: ir.SeatAttr) -> str:
        if e.type == ir.DIRECTION:  # compass words: each seat's direction, as an index of COMPASS
            code = f"{lit(tuple(ir.COMPASS.index(v) for v in e.values))}[{self.expr(e.seat)}]"
        elif e.type == ir.DIRECTIONS:  # names of sets of directions: each seat's set
            code = f"{lit(e.directions)}[{self.expr(e.seat)}]"
        elif e.type == ir.INT:  # numbers: each seat's number
            code = f"{lit(tuple(int(v) for v in e.values))}[{self.expr(e.seat)}]"
        else:
            code = f"{lit(e.values)}[{self.expr(e.seat)}]"
        if self.seat_values is not None and seat_named(e.seat, self.seat_values[0]):
            found = self.seat_values[1]
            return found.setdefault(code, f"seat_value_{len(found)}")
        return code

    def visit_Top(self, e: ir.Top) -> str:
        if self.zone_code is not None and not (e.zone.seat is None and self.zone_per_player[e.zone.zone]):
            # the last item of the zone's list (a local here); an empty zone goes to st._top, which refuses it
            return f"({self.expr(e.zone)} or st._top({self.zone_index(e.zone)}))[-1]"
        return f"st._top({self.zone_index(e.zone)})"

    def visit_SeatStep(self, e: ir.SeatStep) -> str:
        return f"({self.expr(e.seat)} + {lit(e.offset)}) % st.players"

    def visit_Others(self, e: ir.Others) -> str:
        return f"st._others({self.expr(e.seat)})"

    def visit_Size(self, e: ir.Size) -> str:
        if isinstance(e.collection, ir.PlayersSet):
            return "st.players"
        return f"len({self.expr(e.collection)})"

    def visit_RegionComplete(self, e: ir.RegionComplete) -> str:
        return f"st._region_complete({self.boards[e.board]}, {self.on_board(e.space, 'the region of')})"

    def visit_Check(self, e: ir.Check) -> str:
        subject = self.expr(e.subject)
        if e.subject.type.startswith("placement:"):
            b = self.boards[board_of(e.subject.type)]
            if e.test == "empty":
                return f"st._placement_free({b}, {subject})"
            return f"st._placement_touches({b}, {subject})"
        if is_space(e.subject.type):
            b = self.boards[board_of(e.subject.type)]
            if e.test == "none":
                return f"({subject} is None)"
            if self.may_be_none(e.subject):  # none past the edge: neither empty nor occupied
                if (isinstance(e.subject, ir.Neighbour) and isinstance(e.subject.space, ir.Var) and e.test != "none"
                        and (self.hoisted_toward(e.subject)
                             or (self.hoisted_towards(e.subject) and e.test in ("empty", "occupied", "not_empty")))):
                    # the neighbour's space read from the local direction table, its content from the board's
                    op = "<" if e.test == "empty" else ">="
                    return f"({subject} is not None and {self.cells(b)}[{subject}] {op} 0)"
                if e.test == "empty":
                    return f"st._space_empty({b}, {subject})"
                if e.test in ("occupied", "not_empty"):
                    return f"st._space_occupied({b}, {subject})"
                return f"({subject} is not None and st._has_occupied_neighbour({b}, {subject}))"
            if e.test in ("empty",):
                return f"{self.cells(b)}[{subject}] < 0"
            if e.test in ("occupied", "not_empty"):
                return f"{self.cells(b)}[{subject}] >= 0"
            return f"st._has_occupied_neighbour({b}, {subject})"
        if e.test == "empty":
            return f"not {subject}"
        return f"bool({subject})"

    def visit_IsKind(self, e: ir.IsKind) -> str:
        if isinstance(e.item, ir.Var) and e.item.name in self.kinds and not self.depth:
            return f"{self.kinds[e.item.name]} == {e.component!r}"
        return f"ITEM_KIND[{self.expr(e.item)}] == {e.component!r}"

    def visit_Holds(self, e: ir.Holds) -> str:
        if self.may_be_none(e.space):  # a space past the edge holds nothing
            return f"st._space_holds({self.boards[e.board]}, {self.expr(e.space)}, {e.component!r})"
        return self.holds_inline(e) or f"st._holds({self.boards[e.board]}, {self.expr(e.space)}, {e.component!r})"

    def holds_inline(self, e: ir.Holds) -> Optional[str]:
        """`S holds <component>` where the board is read through a local and S is a name: the space's content
        read from that local and its component compared, as State._holds does. None elsewhere."""
        b = self.boards[e.board]
        if b not in self.board_code or not isinstance(e.space, ir.Var):
            return None
        code = f"{self.cells(b)}[{self.expr(e.space)}]"
        return f"({code} >= 0 and ITEM_KIND[{code}] == {e.component!r})"

    def visit_HoldsValue(self, e: ir.HoldsValue) -> str:
        if self.may_be_none(e.space):  # a space past the edge holds nothing
            table = "None" if e.attribute is None else self.cell_attribute_table(e.attribute)
            return (f"st._space_holds_value({self.boards[e.board]}, {self.expr(e.space)}, {table}, "
                    f"{self.expr(e.value)})")
        if e.attribute is None:
            return f"st._holds({self.boards[e.board]}, {self.expr(e.space)}, {self.expr(e.value)})"
        # An empty space is -1, which no item is: CELL_ATTRS' last entry, no value, never equal to a seat's.
        table = self.cell_attribute_table(e.attribute)
        if self.board_code:  # where boards are read through locals, so is this table (see read_boards_first)
            table = self.cell_attrs_used.setdefault(e.attribute, f"cell_attr_{len(self.cell_attrs_used)}")
        return f"({table}[{self.cells(self.boards[e.board])}[{self.expr(e.space)}]] == {self.expr(e.value)})"

    def visit_Fits(self, e: ir.Fits) -> str:
        return f"{self.expr(e.space)} in st._t.fit_sets[{self.boards[e.board]}][{self.expr(e.item)}]"  # (a space past the edge fits nothing)

    def visit_Member(self, e: ir.Member) -> str:
        return f"{self.expr(e.element)} in {self.expr(e.collection)}"

    def visit_BestSets(self, e: ir.BestSets) -> str:
        return (f"best_sets({e.figure!r}, ITEM_ATTRS[{e.attribute!r}], {e.kinds!r}, {self.expr(e.domain)}, "
                f"{self.expr(e.wild)}, {dict(e.table)!r})")

    def visit_Placements(self, e: ir.Placements) -> str:
        b = self.boards[e.board]
        if e.shape is not None:
            return f"st._t.placements_of[{b}][{e.shape!r}]"
        attr = self.m.boards[b].shape_attribute
        # A component without a shape (a token) has no placements.
        return f"st._t.placements_of[{b}].get(ITEM_ATTRS[{attr!r}].get({self.expr(e.item)}), ())"

    def visit_CellsOf(self, e: ir.CellsOf) -> str:
        b = self.boards[e.board]
        if e.subject.type.startswith("placement:"):
            return f"st._t.placement_cells[{b}][{self.expr(e.subject)}]"
        return f"st._cells_of({b}, {self.expr(e.subject)})"

    def visit_IsMarked(self, e: ir.IsMarked) -> str:
        return f"st._t.mark_of[{self.boards[e.board]}][{self.on_board(e.space, 'the mark of')}] == {e.mark!r}"

    def visit_InRegion(self, e: ir.InRegion) -> str:
        return f"st._t.region_of[{self.boards[e.board]}][{self.on_board(e.space, 'the region of')}] >= 0"

    def visit_FaceOf(self, e: ir.FaceOf) -> str:
        return f"st._t.face_of[{self.boards[e.board]}][{self.on_board(e.space, 'the face of')}]"

    def visit_NumberOf(self, e: ir.NumberOf) -> str:  # (a seat or a graph's direction: its index, plus 1)
        if e.values is not None:  # an attribute's value: its place among the values (none, an empty counter: 0)
            places = {value: place for place, value in enumerate(e.values, 1)}
            table = self.place_tables().get(next((key for key in self.place_tables() if key[1] == tuple(e.values)),
                                                 None)) if places_from_tables() and not self.places_written else None
            if table is not None:  # (a component attribute's: its module-level table, made once)
                self.places_used.setdefault(table, f"{table} = {lit({**places, None: 0})}")
                return f"{table}[{self.expr(e.value)}]"
            return f"{lit({**places, None: 0})}[{self.expr(e.value)}]"
        return f"({self.expr(e.value)} + 1)" if e.table is None else f"{lit(e.table)}[{self.expr(e.value)}]"

    def visit_SpaceIndex(self, e: ir.SpaceIndex) -> str:
        return f"st._t.space_index[{self.boards[e.board]}][{self.on_board(e.space, 'the index of')}]"

    def visit_FacesInUse(self, e: ir.FacesInUse) -> str:
        return f"st._t.faces_in_use[{self.boards[e.board]}]"

    def visit_AttributeValues(self, e: ir.AttributeValues) -> str:
        return repr(e.values)

    def place_tables(self) -> dict[tuple, str]:
        """Each component attribute's table of its values' places from 1 (`number of suit of c`), by (the attribute,
        its values): PLACE_<attribute>, for an attribute whose values are the same in every component that has it
        (`number of V` of another list keeps its places written out)."""
        found: dict[str, set] = {}
        for c in self.m.components:
            for name, values in c.attributes:
                found.setdefault(name, set()).add(tuple(values))
        return {(name, next(iter(lists))): f"PLACE_{ident(name)}" for name, lists in found.items() if len(lists) == 1}

    def orders(self) -> dict[str, tuple]:
        """Each ordered attribute's values, lowest first (`rank (jack < queen < king)`)."""
        found: dict[str, tuple] = {}
        for c in self.m.components:
            for name, values in c.attributes:
                if name in c.ordered:
                    found.setdefault(name, tuple(values))
        return found

    def order_table(self, order: tuple) -> str:
        attr = next(a for a, values in self.orders().items() if tuple(str(v) for v in values) == tuple(order))
        return f"ORDER_{ident(attr)}"

    def place_in_order(self, e: ir.E, order: tuple) -> str:
        """A value of an ordered attribute as its place (a word of the file: worked out here)."""
        if isinstance(e, ir.Const):
            return lit(list(order).index(e.value))
        return f"{self.order_table(order)}.get({self.expr(e)}, -1)"

    def visit_Extreme(self, e: ir.Extreme) -> str:
        self.depth += 1
        where = f" if {self.expr(e.where)}" if e.where is not None else ""
        value, domain = self.expr(e.value), self.expr(e.domain)
        self.depth -= 1
        extra = f", {self.order_table(e.order)}" if e.order else ""
        code = (f"st._extreme({lit(e.text)}, {lit(e.func == 'max')}, [{value} for v_{ident(e.var)} in {domain}{where}]"
                f"{extra})")
        # In a listing's condition, one reading none of the chosen names is kept once (written_out_for_once.py).
        return self.once(e, code) if self.nested_in_listing else code

    def visit_Conditional(self, e: ir.Conditional) -> str:
        return f"({self.expr(e.then)} if {self.expr(e.condition)} else {self.expr(e.otherwise)})"

    def visit_Won(self, e: ir.Won) -> str:
        return f"st._won({self.expr(e.seat)})"

    def visit_HasLegalMove(self, e: ir.HasLegalMove) -> str:  # (written by Declarations.legal_move_function)
        if e.among:  # an option offered alone: the others asked (Declarations.others_offered_function)
            code = self.others_listed(e) or (f"{'not ' if e.negated else ''}others_offered_{ident(e.step)}"
                                             f"(st{self.params(self.steps[e.step].params)})")
            return code
        code = f"has_legal_move_{ident(e.step)}(st, {self.expr(e.seat)})"
        if self.turn_listing_kept(e):  # (listed in full: the offer that follows takes the listing)
            code = "st._engine._turn_listed(st)"
        # (several ends of one check ask it of a seat naming no bound name: once)
        if (e.step, e.seat.text) in self.legal_moves_asked_again and not any(isinstance(n, ir.Var) for n in walk(e.seat)):
            name = self.legal_moves_kept.setdefault(code, f"_legal_{len(self.legal_moves_kept)}")
            code = f"({name} if {name} is not None else ({name} := {code}))"
        return f"{'not ' if e.negated else ''}{code}"

    def visit_AfterIt(self, e: ir.AfterIt) -> str:  # (written by Options.after_function)
        listing = ""
        if self.bound is not None and not self.depth and (self.uncut_ahead_of(e) is not None
                                                          or self.answer_listed_of(e) is not None):
            # (a listing's candidates share what the paths kept show: runtime/witnessed.py holds_uncut)
            name = self.counted.setdefault("{}  # holds_uncut", f"_n{len(self.counted)}")
            listing = f", ({name} if {name} is not None else ({name} := {{}}))"
        code = f"after_{ident(e.step)}__{ident(e.option)}(st{''.join(', ' + self.expr(n) for n in e.names)}{listing})"
        first = self.placed_fill_first(e)  # (the position as it stands may decide it: carried out only if not)
        return code if first is None else f"({first} or {code})"

    def visit_PlayerToMove(self, e: ir.PlayerToMove) -> str:
        return "st._turn_seat"

    def visit_StartingPlayer(self, e: ir.StartingPlayer) -> str:  # (Engine._match_first_seat)
        return "st._leg % st.players" if not self.m.first_seat else f"({lit(self.m.first_seat)} + st._leg) % st.players"

    def visit_TurnNumber(self, e: ir.TurnNumber) -> str:
        return "st._turn_number"

    def visit_PositionOccurred(self, e: ir.PositionOccurred) -> str:  # (recorded at turn starts: COUNTS_POSITIONS)
        if e.board:  # (a checked board name; COUNTS_POSITIONS_ON)
            return f"(times_occurred_on(st, {lit(e.board)}) >= {self.expr(e.times)})"
        return f"(times_occurred(st) >= {self.expr(e.times)})"

    def visit_Arith(self, e: ir.Arith) -> str:
        if e.op == "/":  # exact: a Fraction (a return's value only), refused at 0 when run
            return f"st._ratio({self.expr(e.left)}, {self.expr(e.right)})"
        if e.op in ("mod", "div"):  # by a written number above 0 Python's own % or //; else refused at 0 when run
            right = e.right
            if isinstance(right, ir.Const) and isinstance(right.value, int) and right.value > 0:
                return f"({self.expr(e.left)} {operator('%' if e.op == 'mod' else '//')} {self.expr(right)})"
            return f"st._{'mod' if e.op == 'mod' else 'div'}({self.expr(e.left)}, {self.expr(right)})"
        # A chain `a + b - c` is written flat, in one pair of parentheses: Python refuses code nested more
        # than 200 parentheses deep, and a long sum must not count as nesting.
        terms, node = [], e
        while isinstance(node, ir.Arith) and self.same_precedence(node.op, e.op):
            terms.append(f" {operator(node.op)} {self.expr(node.right)}")
            node = node.left
        terms.reverse()
        return f"({self.expr(node)}{''.join(terms)})"

    @staticmethod
    def same_precedence(a: str, b: str) -> bool:
        return (a in "+-") == (b in "+-") and "mod" not in (a, b) and "div" not in (a, b) and "/" not in (a, b)

    def visit_Negate(self, e: ir.Negate) -> str:
        return f"(-{self.expr(e.operand)})"

    def visit_Not(self, e: ir.Not) -> str:
        return f"(not {self.expr(e.operand)})"

    def visit_BoolOp(self, e: ir.BoolOp) -> str:
        table = self.content_table(e)  # (content_tables.py: a test of one space's content in a listing)
        if table is not None:
            return table
        if e.op != "and":
            return "(" + f" {operator(e.op)} ".join(self.expr(o) for o in e.operands) + ")"
        # What an operand found occupied holds its occupant: the parts after it read it from the board's
        # contents, not through State._occupant's test again (unless they bind that name afresh).
        # Likewise a space an operand found on the board (`t is not none and cell of t = k`) is read after it
        # without the past-the-edge check (known_on_board.py).
        outer, on_board, parts = self.known_occupied, self.known_on_board, []
        try:
            for o in self.cheapest_first(e.operands):  # (cheap_first.py: only operands that cannot fail move)
                rebound = {node.var for node in walk(o) if isinstance(getattr(node, "var", None), str)}
                self.known_occupied = frozenset(k for k in self.known_occupied if k[1] not in rebound)
                self.forget_on_board(rebound)
                parts.append(self.expr(o))
                self.known_occupied |= occupied_when_true(o)
                self.known_on_board |= self.found_on_board(o)
        finally:
            self.known_occupied, self.known_on_board = outer, on_board
        return "(" + " and ".join(parts) + ")"

    def visit_Span(self, e: ir.Span) -> str:
        low, high = constant_number(e.low), constant_number(e.high)
        if low is not None and high is not None and 0 <= high - low < SPAN_WRITTEN_OUT:
            # A few numbers known now (`-1..1`): written out, a constant of the module, not a call for each walk.
            return repr(tuple(range(low, high + 1)))
        return f"span({self.expr(e.low)}, {self.expr(e.high)})"

    def visit_DefinedValue(self, e: ir.DefinedValue) -> str:
        by_content = self.content_directions_use(e)
        if by_content is not None:  # a definition of a space's content and a direction: its table (content_directions.py)
            return by_content
        tabled = self.tabled_definition(e)
        if tabled is not None:  # a small definition of what never changes about an item: its table (item_values.py)
            return tabled
        definition = self.definitions.get(e.name)
        if definition is not None and self.inlined(definition, e.args):
            tabled = self.tabled_before_written_out(e)
            if tabled is not None:  # a small definition of items, more than a comparison: its table (item_definitions.py)
                return tabled
            # A small definition is an abbreviation: written out where it is used (`mine(t, p)` becomes the
            # comparison itself). Its define_ function stays, for the other readers.
            mapping = {p.name: a for p, a in zip(definition.params, e.args)}
            return self.expr(reads.substitute(definition.value, mapping, set()))
        folded = self.folded_value(definition, e.args) if definition is not None else None
        if folded is not None:  # (small once its calls of written values are worked out: constant_calls.py)
            return self.expr(folded)
        nested = self.written_out_nested(e) if definition is not None else None
        if nested is not None:  # (a part of it the same for every candidate, kept once: written_out_for_once.py)
            return nested
        code = self.item_definition_table(e) or \
            f"define_{ident(e.name)}(st{''.join(', ' + self.expr(a) for a in e.args)})"  # (item_definitions.py)
        written = self.value_kept(e, self.kept_call(e, self.end_call_kept(e, code)))  # (ends_calls.py: once a check)
        return self.every_between(e, written)  # (a run's every-test in a listing: every_between.py)

    def kept_call(self, e: ir.DefinedValue, code: str) -> str:
        """A call that reads none of a listing's chosen names is the same for every candidate: worked out when
        first needed, then kept in a local (see once()), as a count is; one an earlier option's rows answer is
        read from them (listed_answers.py)."""
        answer = self.listed_answer(e)
        return answer if answer is not None else self.once(e, code)

    def plain_argument(self, a: ir.E) -> bool:
        """Whether an argument can be written out at each use of its parameter (model/narrowing.py); a
        definition without parameters whose value is such an argument (a number named, `define blank: 1`) is
        one too (named_constant)."""
        return plain_argument(a, self.m.min_players) or self.named_constant(a)

    def named_constant(self, a: ir.E) -> bool:
        """Whether ``a`` is the use of a definition without parameters whose value is a number, word or truth
        written in the file (`define blank: 1`, a newcomer's name for a cell's content): written out, it is that
        constant (visit_DefinedValue), so a small definition given it (`is_cell(t, blank)`) is written out in
        place as it would be given the number itself (#40)."""
        if not isinstance(a, ir.DefinedValue) or a.args:
            return False
        definition = self.definitions.get(a.name)
        return definition is not None and not definition.params and isinstance(definition.value, ir.Const)

    def inlined(self, definition: ir.Definition, args: Sequence[ir.E]) -> bool:
        """Whether a use of ``definition`` is written out in place (model/narrowing.py: written_out). One built
        of other small definitions is written out only in a listing's conditions, where it is tested for every
        candidate; elsewhere it stays a call, which names it when the rules fail in it (runtime/blame.py)."""
        nested = self.definitions if self.bound is not None else None
        plain = all(self.plain_argument(a) for a in args)
        if plain and (small_value(definition.value, nested)
                      or (self.bound is not None and self.line_count(definition.value))):
            return True
        if not any(isinstance(x, ir.Count) for x in walk(definition.value)):
            return False
        # A count that looks at a few items only (passing_items.py few_items_count), asked with these arguments;
        # a space's row or column (a look-up that cannot fail: the space is never none here) is plain too.
        if not (plain or all(self.plain_argument(a) or self.fixed_space_value(a) for a in args)):
            return False
        value = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, args)}, set())
        return written_size(value, nested, self.few_items_count) is not None

    def folded_value(self, definition: ir.Definition, args: Sequence[ir.E]) -> Optional[ir.E]:
        """A use of ``definition`` with plain arguments, some of them written values, whose value with them put in
        is small once its calls of written values are worked out (model/constant_calls.py: Crazyhouse's `is_a(s,
        king)`, whose `promoted(k)` is the word `king` when k is): that value, written out in place. None for any
        other use (it stays as the rules above decide)."""
        if not any(isinstance(a, ir.Const) for a in args) or not all(self.plain_argument(a) for a in args):
            return None
        value = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, args)}, set())
        folded = fold(value, self.definitions)
        if folded is value:
            return None
        nested = self.definitions if self.bound is not None else None
        return folded if small_value(folded, nested) else None

    def fixed_space_value(self, a: ir.E) -> bool:
        """Whether ``a`` is the row or column of a space named by a name that is never none here."""
        return isinstance(a, ir.SpaceAttr) and isinstance(a.space, ir.Var) and not self.may_be_none(a.space)

    def line_count(self, value: ir.E) -> bool:
        """Whether ``value``, a definition's, is a count over a line of a written length (`count(t in line of 4
        from s towards d where dot of t = 1) = 3`) whose test and comparison are small: in a listing's
        conditions it is written out in place (a few spaces' test, not a call for each candidate), its line
        read from the table of lines by length (hoisted.py line_by_length)."""
        if isinstance(value, ir.Compare) and isinstance(value.left, ir.Count):
            count, other = value.left, value.right
        elif isinstance(value, ir.Count):
            count, other = value, None
        else:
            return False
        line = count.domain
        return (isinstance(line, ir.LineOf) and isinstance(line.length, ir.Const)
                and isinstance(line.length.value, int) and not isinstance(line.length.value, bool)
                and 0 <= line.length.value <= 8 and small_value(line.space) and small_value(line.direction)
                and (count.where is None or small_value(count.where, self.definitions))
                and (other is None or small_value(other)))

    def visit_Builtin(self, e: ir.Builtin) -> str:
        return f"{function(e.func)}({', '.join(self.expr(a) for a in e.args)})"

    def free_vars(self, e, names: set[str]) -> set[str]:
        found: set[str] = set()

        def walk(node):
            if isinstance(node, ir.Var) and node.name in names:
                found.add(node.name)
            if isinstance(node, (ir.Count, ir.Total)):
                inner = names - {node.var}
                found.update(self.free_vars(node.domain, names))
                if node.where is not None:
                    found.update(self.free_vars(node.where, inner))
                if isinstance(node, ir.Total):
                    found.update(self.free_vars(node.value, inner))
                return
            for value in vars(node).values():
                if isinstance(value, ir.E):
                    walk(value)
                elif isinstance(value, tuple):
                    for v in value:
                        if isinstance(v, ir.E):
                            walk(v)
        walk(e)
        return found


def occupied_when_true(e: ir.E) -> frozenset[tuple[str, str]]:
    """The (board, name) of each space named by a name that ``e`` holding says is occupied: `s is occupied`,
    or an `and` with such a part."""
    if isinstance(e, ir.Check) and e.test in ("occupied", "not_empty") and isinstance(e.subject, ir.Var) \
            and is_space(e.subject.type):
        return frozenset({(board_of(e.subject.type), e.subject.name)})
    if isinstance(e, ir.BoolOp) and e.op == "and":
        return frozenset().union(*(occupied_when_true(o) for o in e.operands))
    return frozenset()


def seat_named(seat: ir.E, names: frozenset[str]) -> bool:
    """Whether ``seat`` is one of ``names`` or a fixed step from one (`left of p`): its seat's values (SeatAttr)
    can be read once into locals where those names stay bound (Expressions.seat_values)."""
    if isinstance(seat, ir.SeatStep):
        return seat_named(seat.seat, names)
    return isinstance(seat, ir.Var) and seat.name in names


def constant_number(e: ir.E) -> Optional[int]:
    """The whole number ``e`` is written as (`3`, `-1`), or None for anything else."""
    if isinstance(e, ir.Negate):
        inner = constant_number(e.operand)
        return None if inner is None else -inner
    if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    return None


def places_from_tables() -> bool:
    """Whether `number of V` of a component attribute's value reads the attribute's module-level table of places
    (a dict made once) rather than a dict written out, and made again, at every use."""
    return True
