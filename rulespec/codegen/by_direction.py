"""An option's condition specialised per direction of a walk of a space's neighbours (issue #40).

`for s in grid, t in grid where straight_step(s, t, p) and t is empty or diagonal_step(s, t, p) and not t holds
colour of p` walks t over `neighbour of s towards d` for the seat's directions only (steps_in_order.py), yet
each t would test the whole condition again, every `t = neighbour of s towards d` and every `p = player 1`
among it. Each space of that walk knows which of them holds: t is the neighbour towards its own direction d (and
no other: two directions never name the same space of a grid, and a space past the edge is skipped), and the
seat's test chose its directions. So the condition is worked out once per direction when generated, those
equalities and tests replaced by true or false and the rest folded (the definitions it uses written out where
that takes something away): each space of the walk tests only its own part (`t is empty` straight ahead, `not
t holds colour of p` diagonally), chosen by a number walked beside it when the directions' parts differ. A
direction whose part is false is not walked; one whose part is true is not tested.
"""

from __future__ import annotations

from typing import Optional

from ..lib.geometry import direction_steps
from ..model import ir, reads
from ..model.narrowing import Fixed, fixed_walk
from .quoting import lit

_DEPTH = 6  # (definitions written out inside one another at most)


class ByDirection:
    """Conditions specialised per direction of a neighbours' walk (CodeGenerator's part)."""

    specialise_by_direction = True  # the switch (benchmarks/bench_by_direction.py turns it off)

    def by_direction(self, var: str, domain: ir.E, where: ir.E, parts: list) -> Optional[tuple[str, list]]:
        """(the code of the walk of ``var``, the conditions left to test on each space) when ``where`` narrows
        the walk to neighbours of one space towards written directions (under a seat's tests, of which at most
        one holds) and the conditions ``parts`` fold to something smaller for some direction; else None."""
        if not self.specialise_by_direction or not parts or not isinstance(domain, ir.BoardRef):
            return None
        board = self.m.boards[self.boards[domain.board]]
        if board.lattice != "grid":
            return None
        fixed = fixed_walk(var, board, where, self.definitions, frozenset(), self.may_be_none)
        branches = _branches(fixed, domain.board)
        if branches is None:
            return None
        condition = parts[0] if len(parts) == 1 else ir.BoolOp(ir.BOOL, None, " and ".join(p.text for p in parts),
                                                              "and", tuple(parts))
        steps = direction_steps(board.adjacency)
        around = branches[0][2]
        known: list[ir.E] = []  # the distinct parts, numbered by their place here
        chain = []
        for guard, directions, _ in branches:
            walked = []
            for d in sorted(directions, key=lambda d: steps[d] if steps[d] is not None else (9, 9)):
                part = _folded(condition, _Facts(var, around, d, guard), self.definitions, 0)
                if part == _FALSE:
                    continue
                if part not in known:
                    known.append(part)
                walked.append((d, known.index(part)))
            chain.append((guard, walked))
        if known == [condition]:
            return None  # (nothing taken away)
        key = f"{var}__k"
        nodes = {d: node for _, directions, _ in branches for d, node in directions.items()}
        paired = len(known) > 1
        written = []
        for guard, walked in chain:
            items = "".join((f"({self.expr(nodes[d])}, {lit(k)}), " if paired else f"{self.expr(nodes[d])}, ")
                            for d, k in walked)
            written.append(f"({items})" + (f" if {self.expr(guard)} else " if guard is not None else ""))
        code = written[0] if chain[0][0] is None else "(" + "".join(written) + "())"
        self.walks_skipping_none.add(code)
        tests = [part for part in known if part != _TRUE]
        if not paired:
            return code, tests
        self.walks_by_direction[code] = key
        number = ir.Var(ir.INT, None, key, key)
        chosen = known[-1]
        for k in range(len(known) - 2, -1, -1):
            test = ir.Compare(ir.BOOL, None, "", "=", number, ir.Const(ir.INT, None, str(k), k))
            chosen = ir.Conditional(ir.BOOL, None, condition.text, test, known[k], chosen)
        return code, [chosen]


class _Facts:
    """What holds at one space of the walk: ``var`` is the neighbour of ``around`` towards ``direction``, and
    the seat's ``guard`` (`p = C`, or None) holds."""

    def __init__(self, var: str, around: str, direction: int, guard: Optional[ir.E]):
        self.var, self.around, self.direction = var, around, direction
        self.guard = _name_and_constant(guard) if guard is not None else None

    def decide(self, e: ir.Compare) -> Optional[bool]:
        """Whether the equality ``e`` holds here, if these facts say; None when they do not."""
        for this, other in ((e.left, e.right), (e.right, e.left)):
            if isinstance(this, ir.Var) and this.name == self.var and isinstance(other, ir.Neighbour) \
                    and isinstance(other.space, ir.Var) and other.space.name == self.around \
                    and isinstance(other.direction, ir.Const) and type(other.direction.value) is int:
                return other.direction.value == self.direction
        tested = _name_and_constant(e)
        if tested is not None and self.guard is not None and tested[0] == self.guard[0] \
                and tested[1][0] == self.guard[1][0]:
            return tested[1] == self.guard[1]
        return None


_TRUE = ir.Const(ir.BOOL, None, "true", True)
_FALSE = ir.Const(ir.BOOL, None, "false", False)


def _folded(e: ir.E, facts: _Facts, definitions: dict, depth: int) -> ir.E:
    """``e`` with what ``facts`` decide replaced by true or false, `and`, `or` and `not` folded; a definition
    used in it written out when that changes it."""
    if isinstance(e, ir.Compare) and e.op == "=" and not e.order:
        decided = facts.decide(e)
        return e if decided is None else (_TRUE if decided else _FALSE)
    if isinstance(e, ir.Not):
        inner = _folded(e.operand, facts, definitions, depth)
        if inner in (_TRUE, _FALSE):
            return _FALSE if inner == _TRUE else _TRUE
        return e if inner is e.operand else ir.Not(e.type, e.loc, e.text, inner)
    if isinstance(e, ir.BoolOp) and e.op in ("and", "or"):
        absorbing, neutral = (_FALSE, _TRUE) if e.op == "and" else (_TRUE, _FALSE)
        kept = []
        for o in e.operands:
            f = _folded(o, facts, definitions, depth)
            if f == absorbing:
                return absorbing
            if f != neutral:
                kept.append(f)
        if not kept:
            return neutral
        if len(kept) == 1:
            return kept[0]
        return e if tuple(kept) == e.operands else ir.BoolOp(e.type, e.loc, e.text, e.op, tuple(kept))
    if isinstance(e, ir.DefinedValue) and e.type == ir.BOOL and depth < _DEPTH and e.name in definitions:
        definition = definitions[e.name]
        body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, set())
        f = _folded(body, facts, definitions, depth + 1)
        return e if f == body else f
    return e


def _name_and_constant(test: ir.E) -> Optional[tuple]:
    """(name, (kind, value)) of a test `x = C`, C a seat or a constant; None for any other."""
    if not (isinstance(test, ir.Compare) and test.op == "=" and not test.order):
        return None
    for var, constant in ((test.left, test.right), (test.right, test.left)):
        if isinstance(var, ir.Var) and isinstance(constant, ir.SeatConst):
            return var.name, ("seat", constant.index)
        if isinstance(var, ir.Var) and isinstance(constant, ir.Const):
            return var.name, ("const", constant.type, constant.value)
    return None


def _branches(fixed: Optional[Fixed], board: str) -> Optional[list]:
    """[(the seat's test or None, the directions, the space they are from)] of a walk narrowed to neighbours of
    one space towards written directions, under tests `x = C` of one name x (at most one holds); None else."""
    if fixed is None:
        return None
    if fixed == Fixed(spaces=fixed.spaces):
        parts = [(None, fixed)]
    elif fixed == Fixed(guarded=fixed.guarded):
        tested = [_name_and_constant(test) for test, _ in fixed.guarded]
        if any(t is None for t in tested) or len({t[0] for t in tested}) != 1:
            return None
        joined: dict = {}  # (the parts under one test joined: a seat's own directions walked once)
        for t, (test, part) in zip(tested, fixed.guarded):
            joined[t] = (joined[t][0], joined[t][1] | part) if t in joined else (test, part)
        parts = list(joined.values())
    else:
        return None
    around, branches = None, []
    for test, part in parts:
        if part != Fixed(spaces=part.spaces):
            return None
        directions = {}
        for space in part.spaces:
            if not (isinstance(space, ir.Neighbour) and space.board == board and isinstance(space.space, ir.Var)
                    and isinstance(space.direction, ir.Const) and type(space.direction.value) is int
                    and space.direction.value >= 0 and around in (None, space.space.name)):
                return None
            around = space.space.name
            directions.setdefault(space.direction.value, space)
        branches.append((test, directions, around))
    return branches
