"""What an end condition reads, so that a step that changed none of it need not test it again.

The code generator asks :func:`board_index` about each end. An end indexed this way has the form

    [for each p in players] when count(s in BOARD where phi) > 0

(`> 0`, `!= 0` or `>= 1`), where ``phi``, with every definition it uses unfolded, reads the board's
spaces only at places fixed by geometry from ``s``: ``s`` itself, the spaces of a `line of N from s
towards d` and `neighbour of s towards d`; besides those only things that never change during a game
(seat values, options, component and space attributes). When ``phi`` itself is "some direction d of
the board where psi" (`count(d in directions of B where psi) > 0`), the unit tested is the pair
``(s, d)`` and ``psi`` what is tested: its footprint is then one line, not eight.

The end was false at the board as the runtime last saw it (rulespec.runtime.ends.EndIndex): ``phi``
of a unit whose footprint holds no space changed since cannot have become true, so only the units
whose footprint meets a changed space are tested. Anything else an end reads (zones, counters,
another board, regions, a `walk` but one whose size is compared with a number...) makes it not
indexable: it is tested in full, as before. (`size of walk(t from s towards d while C) >= K` is true or
false by the walk's first K + 1 spaces: it reads the line of K + 2 from s.)

A test may also read ``group of s`` (its spaces' contents and their fixed attributes: the footprint term
("group",)) when it reads ``s`` only through that group and what ``s`` holds: every space of a group then
gives the same answer, and a group that a step changed holds a changed space or one beside it (a space
left out of a group was joined to the rest through a space that changed). So a space tested for a
changed space and each of its neighbours tests every group that may have changed.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Optional, Union

from . import ir
from .tree import walk

UNIT = -1  # in a footprint term: the direction of the unit being tested


class NotLocal(Exception):
    """The condition reads something beyond a fixed neighbourhood of its space."""


@dataclass(frozen=True)
class IndexPlan:
    """How to test one end by what changed: the unit's variables, what to test per unit, its footprint."""

    board: str
    space_var: str  # the unit's space
    direction_var: Optional[str]  # the unit's direction, or None when the unit is a space alone
    directions: tuple[int, ...]  # the directions the unit's direction ranges over (() without one)
    test: ir.E  # the condition of one unit (definitions unfolded)
    # ("here",), ("line", direction or UNIT, length), ("neighbour", direction or UNIT), ("group",)
    footprint: tuple[tuple, ...]
    unfolded: tuple[str, ...]  # the definitions unfolded into ``test``, for the generated comment
    # Lines the test needs whole, ("line", direction or UNIT, length): `count(t in line of N from s towards d
    # where C) = N` (alone or as one side of an `and`) is false wherever the board ends within N spaces,
    # whatever the spaces hold, so a unit without that whole line is never tested.
    requires: tuple[tuple, ...] = ()
    # True: the test reads `the player to move`, as the name MOVER (a value): the index keeps its record of
    # the units held false per seat to move (runtime/ends.py), since a check tests that seat's units alone.
    mover: bool = False


# ---------------------------------------------------------------------------- unfolding definitions


_BINDERS = (ir.Count, ir.First, ir.Total, ir.Walk)
_INNER = ("where", "value", "condition")  # the fields of a binder that see its variable


def free_vars(e) -> set[str]:
    """The variable names ``e`` reads that it does not bind itself."""
    if isinstance(e, ir.Var):
        return {e.name}
    found: set[str] = set()
    inner: set[str] = set()
    for f in dataclasses.fields(e):
        value = getattr(e, f.name)
        for v in (value if isinstance(value, tuple) else (value,)):
            if isinstance(v, ir.E):
                (inner if isinstance(e, _BINDERS) and f.name in _INNER else found).update(
                    free_vars(v))
    if isinstance(e, _BINDERS):
        inner.discard(e.var)
    return found | inner


def bound_names(e) -> set[str]:
    """Every variable name ``e`` binds anywhere inside it."""
    found = {e.var} if isinstance(e, _BINDERS) else set()
    for value in vars(e).values():
        for v in (value if isinstance(value, tuple) else (value,)):
            if isinstance(v, ir.E):
                found |= bound_names(v)
    return found


def substitute(e: ir.E, mapping: dict[str, ir.E], taken: set[str]) -> ir.E:
    """``e`` with each free variable of ``mapping`` replaced by its expression. A variable ``e`` binds
    that would capture a name of the replacements (or of ``taken``) is renamed first."""
    if isinstance(e, ir.Var):
        return mapping.get(e.name, e)
    if not mapping:
        return e
    changes = {}
    if isinstance(e, _BINDERS):
        inner = {k: v for k, v in mapping.items() if k != e.var}
        clash = set(taken).union(*(free_vars(v) for v in inner.values()))
        var = e.var
        if var in clash:
            k = 1
            while f"{e.var}_{k}" in clash or f"{e.var}_{k}" in free_vars(e):
                k += 1
            var = changes["var"] = f"{e.var}_{k}"
        for f in dataclasses.fields(e):
            value = getattr(e, f.name)
            if isinstance(value, ir.E):
                if f.name in _INNER:
                    if var != e.var:
                        value = rename(value, e.var, var)
                    changes[f.name] = substitute(value, inner, taken | {var})
                else:
                    changes[f.name] = substitute(value, mapping, taken)
        return dataclasses.replace(e, **changes)
    for f in dataclasses.fields(e):
        value = getattr(e, f.name)
        if isinstance(value, ir.E):
            changes[f.name] = substitute(value, mapping, taken)
        elif isinstance(value, tuple) and any(isinstance(v, ir.E) for v in value):
            changes[f.name] = tuple(substitute(v, mapping, taken) if isinstance(v, ir.E) else v for v in value)
    return dataclasses.replace(e, **changes) if changes else e


def rename(e: ir.E, old: str, new: str) -> ir.E:
    """``e`` with its free variable ``old`` called ``new`` (each keeps its type)."""
    if isinstance(e, ir.Var):
        return dataclasses.replace(e, name=new, text=new) if e.name == old else e
    shadowed = isinstance(e, _BINDERS) and e.var == old  # bound again: only its domain sees the outer one
    changes = {}
    for f in dataclasses.fields(e):
        value = getattr(e, f.name)
        if shadowed and f.name in _INNER:
            continue
        if isinstance(value, ir.E):
            changes[f.name] = rename(value, old, new)
        elif isinstance(value, tuple) and any(isinstance(v, ir.E) for v in value):
            changes[f.name] = tuple(rename(v, old, new) if isinstance(v, ir.E) else v for v in value)
    return dataclasses.replace(e, **changes) if changes else e


def unfold(call: ir.DefinedValue, definitions: dict[str, ir.Definition], taken: set[str]) -> ir.E:
    """The definition's value with its parameters replaced by the call's arguments."""
    definition = definitions[call.name]
    mapping = {p.name: a for p, a in zip(definition.params, call.args)}
    return substitute(definition.value, mapping, taken | set().union(*(free_vars(a) for a in call.args)))


# ---------------------------------------------------------------------------- the exists form


def exists_form(e: ir.E) -> Optional[ir.Count]:
    """The count of `count(x in D where C) > 0` (or `!= 0`, `>= 1`) or of `there is x in D where C`, which means
    it: "some x in D where C"."""
    if isinstance(e, ir.ThereIs):
        return e.count if not e.negated and e.count.where is not None else None
    if not (isinstance(e, ir.Compare) and isinstance(e.left, ir.Count) and e.left.where is not None
            and isinstance(e.right, ir.Const) and not isinstance(e.right.value, bool)):
        return None
    if (e.op in (">", "!=") and e.right.value == 0) or (e.op == ">=" and e.right.value == 1):
        return e.left
    return None


# ---------------------------------------------------------------------------- the footprint

# What a variable stands for while reading a condition: the unit's space or direction, a space reached
# from the unit's space by geometry, a set of fixed directions, or a value that picks no space.
Place = Union[tuple, str]
ANCHOR, UNIT_DIRECTION, VALUE = ("anchor",), ("unit",), "value"
GROUP_MEMBER = ("group",)  # a space of `group of s`, s the unit's space


class _Reader:
    def __init__(self, model: ir.Model, board: str, groups: bool = False):
        self.board = board
        self.definitions = {d.name: d for d in model.definitions}
        self.changing = model.changing_attributes
        self.depth = 0
        # `group of s` may be read (an end's test), unless a component's attribute can change without a
        # write to the board (the groups would then change behind the journal's back)
        self.groups = groups and not self.changing
        self.model = model
        self.where_read = False  # whether the unit's space is read other than by what it holds or its group
        # what the unit's space is read as a member of: ("group",) for `group of s`; ("connected", C) for the
        # spaces a `connected(t in B where C from t = s to G)` reaches from it (its component under C)
        self.relations: list[tuple] = []

    def directions(self, e: ir.E, env: dict) -> tuple:
        """The directions ``e`` may be: (UNIT,) for the unit's own, else fixed ones."""
        if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return (e.value,)
        if isinstance(e, ir.Var):
            place = env.get(e.name)
            if place == UNIT_DIRECTION:
                return (UNIT,)
            if isinstance(place, tuple) and place[0] == "directions":
                return place[1]
        raise NotLocal(f"direction {e.text!r}")

    def space(self, e: ir.E, env: dict, alike_in_group: bool = False) -> Place:
        """Where a space expression is, relative to the unit's space (``alike_in_group``: what is read of it
        is the same for every space of its group)."""
        if isinstance(e, ir.Var):
            place = env.get(e.name)
            if isinstance(place, tuple) and place[0] in ("anchor", "line", "neighbour", "group"):
                self.where_read |= place == ANCHOR and not alike_in_group
                return place
            raise NotLocal(f"space {e.text!r}")
        if isinstance(e, ir.Neighbour) and e.board == self.board and self.space(e.space, env) == ANCHOR:
            return ("neighbour", self.directions(e.direction, env))
        raise NotLocal(f"space {e.text!r}")

    def at(self, e: ir.E, env: dict) -> set:
        """The footprint terms of reading what the space ``e`` holds."""
        place = self.space(e, env, alike_in_group=True)
        if place == ANCHOR:
            return {("here",)}
        if place == GROUP_MEMBER:
            return {GROUP_MEMBER}
        if place[0] == "line":
            return {("line", d, place[2]) for d in place[1]}
        return {("neighbour", d) for d in place[1]}

    def reads(self, e: ir.E, env: dict) -> set:
        """The footprint terms of everything ``e`` reads that may change; NotLocal for anything else."""
        if isinstance(e, (ir.Const, ir.SeatConst, ir.OptionRef, ir.PlayersSet, ir.Directions, ir.AttributeValues)):
            return set()
        if isinstance(e, ir.Var):
            if e.name not in env:
                raise NotLocal(f"variable {e.name!r}")
            self.where_read |= env[e.name] == ANCHOR  # (the space itself as a value: `s = t`, `s in X`)
            return set()
        if isinstance(e, (ir.SpaceAttr, ir.SpaceIndex, ir.IsMarked, ir.InRegion, ir.FaceOf)):
            if e.board != self.board:
                raise NotLocal(e.text)
            self.space(e.space, env)  # where it is is fixed; what it is never changes
            return set()
        if isinstance(e, ir.Check):
            if not (e.subject.type.startswith(ir.SPACE + ":") and e.board == self.board):
                raise NotLocal(e.text)
            if e.test == "none":
                self.space(e.subject, env)
                return set()
            if e.test in ("empty", "occupied", "not_empty"):
                return self.at(e.subject, env)
            raise NotLocal(e.text)
        if isinstance(e, ir.Holds):
            if e.board != self.board:
                raise NotLocal(e.text)
            return self.at(e.space, env)
        if isinstance(e, ir.Occupant):  # (which copy: two spaces of a group may hold different ones)
            if e.board != self.board:
                raise NotLocal(e.text)
            self.where_read |= self.space(e.space, env) == ANCHOR
            return self.at(e.space, env)
        if isinstance(e, ir.HoldsValue):
            if e.board != self.board or e.attribute in self.changing:  # (a change of attribute writes no space)
                raise NotLocal(e.text)
            return self.at(e.space, env) | self.reads(e.value, env)
        if isinstance(e, (ir.SeatAttr, ir.SeatStep, ir.Others)):
            return self.reads(e.seat, env)
        if isinstance(e, (ir.ItemAttr, ir.IsKind)):
            if getattr(e, "changes", False):  # (the board's contents stay the same when it changes)
                raise NotLocal(e.text)
            return self.reads(e.item, env)
        if isinstance(e, ir.Compare):
            walked = self.walk_compared(e, env)
            if walked is not None:
                return walked
        if isinstance(e, (ir.Compare, ir.Arith)):
            return self.reads(e.left, env) | self.reads(e.right, env)
        if isinstance(e, (ir.Not, ir.Negate)):
            return self.reads(e.operand, env)
        if isinstance(e, ir.Conditional):
            return self.reads(e.condition, env) | self.reads(e.then, env) | self.reads(e.otherwise, env)
        if isinstance(e, (ir.BoolOp, ir.Builtin)):
            return set().union(*(self.reads(o, env) for o in (e.operands if isinstance(e, ir.BoolOp) else e.args)))
        if isinstance(e, ir.Span):
            return self.reads(e.low, env) | self.reads(e.high, env)
        if isinstance(e, ir.Member):
            return self.reads(e.element, env) | self.collection(e.collection, env)[1]
        if isinstance(e, ir.Size):
            return self.collection(e.collection, env)[1]
        if isinstance(e, ir.ThereIs):
            return self.reads(e.count, env)
        if isinstance(e, ir.Connected):
            return self.component(e, env)
        if isinstance(e, (ir.Count, ir.Total, ir.First)):
            place, found = self.collection(e.domain, env)
            inner = {**env, e.var: place}
            for part in (getattr(e, "where", None), getattr(e, "value", None)):
                if part is not None:
                    found = found | self.reads(part, inner)
            return found
        if isinstance(e, ir.DefinedValue):
            definition = self.definitions.get(e.name)
            if definition is None or self.depth > 32:
                raise NotLocal(e.text)
            inner, found = {}, set()
            for param, arg in zip(definition.params, e.args):
                if param.type.startswith(ir.SPACE + ":"):
                    inner[param.name] = self.space(arg, env, alike_in_group=True)  # (its uses are read there)
                elif param.type == ir.DIRECTION:
                    directions = self.directions(arg, env)
                    inner[param.name] = UNIT_DIRECTION if directions == (UNIT,) else ("directions", directions)
                else:
                    found |= self.reads(arg, env)
                    inner[param.name] = VALUE
            self.depth += 1
            try:
                return found | self.reads(definition.value, inner)
            finally:
                self.depth -= 1
        raise NotLocal(e.text)

    def component(self, e: ir.Connected, env: dict) -> set:
        """`connected(t in B where C from t = s to G)` from the unit's space s over the whole board, C reading t
        only by what it holds: it reads s's component under C (as `group of s` reads s's group), a component
        that changed holding a changed space or one beside it; G may read what a member holds and where."""
        if not (self.groups and e.board == self.board and isinstance(e.domain, ir.BoardRef)
                and e.domain.board == self.board and isinstance(e.start, ir.Compare) and e.start.op == "="
                and {_var_name(e.start.left), _var_name(e.start.right)} == {e.var, _anchor_name(env)}):
            raise NotLocal(e.text)
        values = {name: place for name, place in env.items() if place == VALUE}
        passes = _Reader(self.model, self.board)
        if not passes.reads(e.condition, {**values, e.var: ANCHOR}) <= {("here",)} or passes.where_read:
            raise NotLocal(e.text)
        self.relations.append(("connected", e.var, e.condition))
        return self.reads(e.goal, {**env, e.var: GROUP_MEMBER}) | {GROUP_MEMBER}

    def walk_compared(self, e: ir.Compare, env: dict) -> Optional[set]:
        """`size of walk(t from s towards d while C) OP K` (or `until`), K a whole number and s the unit's
        space: its truth is the same for every walk longer than K, so it reads only the walk's first K + 1
        spaces, the line of K + 2 from s (s and the K + 1 after it), and what C reads there. None for any
        other comparison."""
        for size, bound in ((e.left, e.right), (e.right, e.left)):
            if (isinstance(size, ir.Size) and isinstance(size.collection, ir.Walk) and isinstance(bound, ir.Const)
                    and isinstance(bound.value, int) and not isinstance(bound.value, bool)):
                walk = size.collection
                if walk.board != self.board or self.space(walk.space, env) != ANCHOR:
                    raise NotLocal(walk.text)
                line = ("line", self.directions(walk.direction, env), max(bound.value, 0) + 2)
                return {("line", d, line[2]) for d in line[1]} | self.reads(walk.condition, {**env, walk.var: line})
        return None

    def collection(self, e: ir.E, env: dict) -> tuple[Place, set]:
        """What an element of the collection ``e`` stands for, and what reading the collection reads."""
        if isinstance(e, ir.LineOf):
            if not (e.board == self.board and isinstance(e.length, ir.Const) and self.space(e.space, env) == ANCHOR):
                raise NotLocal(e.text)
            return ("line", self.directions(e.direction, env), e.length.value), set()
        if isinstance(e, ir.Directions) and e.type == ir.DIRECTIONS:  # (compass ones: a graph's are no steps)
            return ("directions", tuple(e.directions)), set()
        if isinstance(e, ir.GroupOf) and self.groups and e.board == self.board \
                and self.space(e.space, env, alike_in_group=True) == ANCHOR:
            self.relations.append(("group",))
            return GROUP_MEMBER, {GROUP_MEMBER}
        if isinstance(e, ir.PlayersSet):
            return VALUE, set()
        if isinstance(e, ir.Span):  # (whole numbers: values, read from what its ends read)
            return VALUE, self.reads(e.low, env) | self.reads(e.high, env)
        if isinstance(e, ir.Others):
            return VALUE, self.reads(e.seat, env)
        raise NotLocal(e.text)


def footprint_text(footprint: tuple[tuple, ...]) -> str:
    """A footprint in words, for the generated comment."""
    def towards(d: int) -> str:
        return "direction" if d == UNIT else ir.COMPASS[d] if 0 <= d < len(ir.COMPASS) else str(d)
    parts = []
    for term in footprint:
        if term[0] == "here":
            parts.append("space")
        elif term[0] == "group":
            parts.append("group")
        elif term[0] == "line":
            parts.append(f"line of {term[2]} towards {towards(term[1])}")
        else:
            parts.append(f"neighbour towards {towards(term[1])}")
    return ", ".join(parts)


def some_direction(test: ir.E, board: str) -> tuple[Optional[ir.Count], Optional[ir.E], tuple[ir.E, ...]]:
    """``test`` as "some direction d of the board where psi", alone or as one operand of an `and` (`A and
    some d where psi` is `some d where A and psi` when A does not read d): (the count, the operand that is
    it, the other operands), or (None, None, ())."""
    parts = test.operands if isinstance(test, ir.BoolOp) and test.op == "and" else (test,)
    found = [(part, inner) for part, inner in zip(parts, map(exists_form, parts))
             if inner is not None and isinstance(inner.domain, ir.Directions) and inner.domain.board == board
             and inner.domain.type == ir.DIRECTIONS]
    if len(found) != 1:
        return None, None, ()
    part, inner = found[0]
    return inner, part, tuple(other for other in parts if other is not part)


def board_index(end: ir.End, model: ir.Model) -> Optional[IndexPlan]:
    """How to test ``end`` only where its board changed, or None when it must be tested in full."""
    plan = _board_index(end, model, beside=True)  # (`A and some d where psi` per (space, direction), if it reads so)
    return plan if plan is not None else _board_index(end, model, beside=False)


def _board_index(end: ir.End, model: ir.Model, beside: bool) -> Optional[IndexPlan]:
    """board_index, with "some direction d where psi" taken from beside other operands of an `and` or not."""
    if end.each_var is not None and not isinstance(end.each_domain, ir.PlayersSet):
        return None
    count = exists_form(end.condition)
    if count is None or not isinstance(count.domain, ir.BoardRef):
        return None
    board = count.domain.board
    definitions = {d.name: d for d in model.definitions}
    outer = {count.var, MOVER} | ({end.each_var} if end.each_var else set())
    if MOVER in (count.var, end.each_var):
        return None
    test, unfolded = count.where, []
    while isinstance(test, ir.DefinedValue) and test.name in definitions and len(unfolded) < 32:
        unfolded.append(test.name)
        test = unfold(test, definitions, outer)
    mover = end.each_var is None and any(isinstance(x, ir.PlayerToMove) for x in walk(test))
    if mover:  # (the seat to move read as a value: the index keeps a record per seat)
        test = mover_named(test)
    direction_var, directions = None, ()
    inner, found, others = some_direction(test, board)
    if inner is not None and (beside or not others) and not any(inner.var in free_vars(other) for other in others):
        direction_var, directions = inner.var, tuple(inner.domain.directions)
        if direction_var in outer:
            return None
        if others:  # (the operands in their order: each is evaluated where it was)
            parts = tuple(inner.where if part is found else part for part in test.operands)
            test = ir.BoolOp(ir.BOOL, test.loc, test.text, "and", parts)
        else:
            test = inner.where
    env = {count.var: ANCHOR}
    if end.each_var:
        env[end.each_var] = VALUE
    if mover:
        env[MOVER] = VALUE
    if direction_var is not None:
        env[direction_var] = UNIT_DIRECTION
    reader = _Reader(model, board, groups=direction_var is None)
    try:
        footprint = reader.reads(test, env)
    except NotLocal:
        return None
    if GROUP_MEMBER in footprint and not _alike_in_relation(test, reader, count.var, model, env):
        return None
    requires = set()
    for part in (test.operands if isinstance(test, ir.BoolOp) and test.op == "and" else (test,)):
        line = part.left.domain if isinstance(part, ir.Compare) and isinstance(part.left, ir.Count) else None
        if (isinstance(line, ir.LineOf) and part.op == "=" and isinstance(part.right, ir.Const)
                and isinstance(line.length, ir.Const) and part.right.value == line.length.value
                and isinstance(line.space, ir.Var) and line.space.name == count.var):
            try:
                requires |= {("line", d, line.length.value) for d in _Reader(model, board).directions(line.direction, env)}
            except NotLocal:
                pass
    return IndexPlan(board, count.var, direction_var, directions, test,
                     tuple(sorted(footprint, key=repr)), tuple(unfolded), tuple(sorted(requires, key=repr)), mover)


# The name `the player to move` is read by in an indexed end's test (IndexPlan.mover): no rule file's name.
MOVER = "the_player_to_move_"


def mover_named(e: ir.E) -> ir.E:
    """``e`` with every `the player to move` written as the name MOVER."""
    if isinstance(e, ir.PlayerToMove):
        return ir.Var(ir.SEAT, e.loc, e.text, MOVER)
    changes = {}
    for f in dataclasses.fields(e):
        value = getattr(e, f.name)
        if isinstance(value, ir.E):
            changes[f.name] = mover_named(value)
        elif isinstance(value, tuple) and any(isinstance(v, ir.E) for v in value):
            changes[f.name] = tuple(mover_named(v) if isinstance(v, ir.E) else v for v in value)
    return dataclasses.replace(e, **changes) if changes else e


def _var_name(e: ir.E) -> Optional[str]:
    return e.name if isinstance(e, ir.Var) else None


def _anchor_name(env: dict) -> Optional[str]:
    return next((name for name, place in env.items() if place == ANCHOR), None)


def same_expression(a, b) -> bool:
    """Whether two expressions say the same, wherever they are written (their places and texts aside)."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same_expression(x, y) for x, y in zip(a, b))
    if not (isinstance(a, ir.E) and isinstance(b, ir.E)):
        return a == b
    return type(a) is type(b) and all(same_expression(getattr(a, f.name), getattr(b, f.name))
                                      for f in dataclasses.fields(a) if f.name not in ("loc", "text"))


def _alike_in_relation(test: ir.E, reader: _Reader, space_var: str, model: ir.Model, env: dict) -> bool:
    """Whether every space of the unit's group (or component) answers the test alike: it reads the space only
    as a member of one relation and by what it holds; for a component under C, only as C itself (every
    member passes C; a space that fails it is a component of its own, and no `connected` starts there)."""
    relations = reader.relations
    if reader.where_read or not all(same_expression(r, relations[0]) for r in relations):
        return False
    if relations[0][0] == "group":
        return True
    _, var, condition = relations[0]
    as_member = rename(condition, var, space_var)
    parts = test.operands if isinstance(test, ir.BoolOp) and test.op == "and" else (test,)
    for part in parts:
        if ("here",) in _Reader(model, reader.board, groups=True).reads(part, env) \
                and not same_expression(part, as_member):
            return False
    return True


# ---------------------------------------------------------------------------- ends that read counters only

# Expressions that read nothing a game changes (besides what their parts read).
_STATIC = (ir.Const, ir.SeatConst, ir.OptionRef, ir.PlayersSet, ir.Var)
# Collections a counter-only condition may walk: the seats, numbers and a board's spaces (which spaces are in
# use never changes during a game; what they hold does, and reading that is reading more than counters).
_SEAT_SETS = (ir.PlayersSet, ir.Others, ir.Span, ir.BoardRef)


def counters_read(end: ir.End, model: ir.Model) -> Optional[tuple[str, ...]]:
    """The counters ``end`` reads (sorted) when it reads nothing else that changes during a game: its
    condition and its `for each` domain read only counters, seats, numbers and options (definitions
    unfolded). Such an end, once false, stays false until one of those counters changes, so the generated
    check keeps their values where every end of its timing last held false (rulespec.runtime.ends).
    None: it reads something else (a zone, a board, the turn, a score...)."""
    definitions = {d.name: d for d in model.definitions}
    found: set[str] = set()
    try:
        if end.each_var is not None:
            if not isinstance(end.each_domain, _SEAT_SETS):
                return None
            _walk_counters(end.each_domain, definitions, found, False)
        _walk_counters(end.condition, definitions, found, False)
    except NotLocal:
        return None
    return tuple(sorted(found))


def counters_and_geometry_read(e: ir.E, model: ir.Model) -> Optional[frozenset[str]]:
    """The counters ``e`` reads when it reads nothing else that changes during a game: counters, seats, numbers,
    options and the rows and columns of a board's spaces (definitions unfolded: `any(s in grid where row of s =
    cursor_row of p and ...)`); its value is then the same wherever those counters are. None: it reads something
    else (what a space holds, a zone, the turn...)."""
    found: set[str] = set()
    try:
        _walk_counters(e, {d.name: d for d in model.definitions}, found, True)
    except NotLocal:
        return None
    return frozenset(found)


def _walk_counters(e: ir.E, definitions: dict, found: set[str], geometry: bool, depth: int = 0) -> None:
    """Adds to ``found`` the counters ``e`` reads; raises NotLocal where it reads anything else that changes
    (with ``geometry``, a space's row and column are read as the fixed values they are)."""
    def walk(e: ir.E, depth: int = depth) -> None:
        if isinstance(e, _STATIC) or isinstance(e, ir.BoardRef):
            return
        if isinstance(e, ir.CounterRef):
            found.add(e.name)
            if e.seat is not None:
                walk(e.seat, depth)
            return
        if geometry and isinstance(e, ir.SpaceAttr):  # (a row or a column: the board's fixed geometry)
            walk(e.space, depth)
        elif isinstance(e, (ir.SeatAttr, ir.SeatStep, ir.Others)):
            walk(e.seat, depth)
        elif isinstance(e, (ir.Compare, ir.Arith)):
            walk(e.left, depth)
            walk(e.right, depth)
        elif isinstance(e, (ir.Not, ir.Negate)):
            walk(e.operand, depth)
        elif isinstance(e, (ir.BoolOp, ir.Builtin)):
            for part in (e.operands if isinstance(e, ir.BoolOp) else e.args):
                walk(part, depth)
        elif isinstance(e, ir.Conditional):
            for part in (e.condition, e.then, e.otherwise):
                walk(part, depth)
        elif isinstance(e, ir.Span):
            walk(e.low, depth)
            walk(e.high, depth)
        elif isinstance(e, (ir.Member, ir.Size)):
            if not isinstance(e.collection, _SEAT_SETS):
                raise NotLocal(e.text)
            walk(e.collection, depth)
            if isinstance(e, ir.Member):
                walk(e.element, depth)
        elif isinstance(e, (ir.Count, ir.Total, ir.First, ir.Extreme)):
            if not isinstance(e.domain, _SEAT_SETS):
                raise NotLocal(e.text)
            walk(e.domain, depth)
            for part in (e.where, getattr(e, "value", None)):
                if part is not None:
                    walk(part, depth)
        elif isinstance(e, ir.DefinedValue):
            definition = definitions.get(e.name)
            if definition is None or depth > 32:
                raise NotLocal(e.text)
            for arg in e.args:
                walk(arg, depth)
            walk(definition.value, depth + 1)  # (its parameters are plain values: Vars, read above as args)
        else:
            raise NotLocal(e.text)

    walk(e)


# ---------------------------------------------------------------------------- connected, kept


def connected_values(e: ir.Connected, parts: tuple[ir.E, ...]) -> Optional[dict[str, ir.Var]]:
    """The names ``parts`` of ``connected(var in B where C from S to G)`` read besides ``var``, by name, when
    each is a value a record can be keyed by (a seat, number, truth, word, item, direction or space: the
    types below); None when one is not."""
    found: dict[str, ir.Var] = {}
    for part in parts:
        for name in sorted(free_vars(part) - {e.var}):
            var = next((v for v in walk(part) if isinstance(v, ir.Var) and v.name == name), None)
            if var is None or not (var.type in (ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL, ir.ITEM, ir.DIRECTION)
                                   or var.type.startswith(ir.SPACE + ":")):
                return None
            found.setdefault(name, var)
    return found


def fixed_test_values(var: str, test: ir.E, board: str, model: ir.Model) -> Optional[tuple[ir.Var, ...]]:
    """The names ``test`` (of a space ``var`` of ``board``) reads besides ``var``, each once, by name, when it reads
    nothing that changes (where ``var`` is, the board's fixed attributes of spaces, values: seats, options, those
    names, of the types connected_values keys by); None when it reads more."""
    found: dict[str, ir.Var] = {}
    for name in sorted(free_vars(test) - {var}):
        v = next((x for x in walk(test) if isinstance(x, ir.Var) and x.name == name), None)
        if v is None or not (v.type in (ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL, ir.ITEM, ir.DIRECTION)
                             or v.type.startswith(ir.SPACE + ":")):
            return None
        found[name] = v
    try:
        if _Reader(model, board).reads(test, {var: ANCHOR, **{name: VALUE for name in found}}):
            return None
    except NotLocal:
        return None
    return tuple(found[name] for name in sorted(found))


class _NumbersReader(_Reader):
    """A reader that also walks spans of numbers (`there is k in 1..6 where on_side(t, k)`): each is a value."""

    def collection(self, e: ir.E, env: dict) -> tuple[Place, set]:
        if isinstance(e, ir.Span):
            return VALUE, self.reads(e, env)
        return super().collection(e, env)


def connected_from_each(e: ir.Connected, model: ir.Model) -> Optional[tuple[ir.E, bool, tuple[ir.Var, ...], bool]]:
    """For ``connected(t in B where [t = s or] C from t = s to G)`` over the whole board, from the space a name s
    gives, where C and G read the board only at t (what it holds, where it is) and otherwise only values, s
    not among them: (C, whether `t = s or` is written, the names C and G read by name, whether G reads nothing
    that changes: the spaces where it holds are then the same in every state of a set-up). Its answer for every s
    at once follows from one flood from the spaces passing C where G holds (runtime/from_each.py); None for any
    other `connected`."""
    if not (isinstance(e.domain, ir.BoardRef) and e.domain.board == e.board and from_a_named_space(e)):
        return None
    start = e.start
    name = start.right.name if start.left.name == e.var else start.left.name
    if name == e.var:
        return None
    condition, or_self = e.condition, False
    if isinstance(condition, ir.BoolOp) and condition.op == "or":
        rest = [o for o in condition.operands if not same_expression(o, start) and not (
            isinstance(o, ir.Compare) and o.op == "=" and isinstance(o.left, ir.Var) and isinstance(o.right, ir.Var)
            and {o.left.name, o.right.name} == {e.var, name})]
        if len(rest) == len(condition.operands) - 1:
            or_self = True
            condition = rest[0] if len(rest) == 1 else dataclasses.replace(condition, operands=tuple(rest))
    if name in free_vars(condition) | free_vars(e.goal):
        return None
    found = connected_values(e, (condition, e.goal))
    if found is None:
        return None
    env = {e.var: ANCHOR, **{n: VALUE for n in found}}
    try:
        goal = _NumbersReader(model, e.board).reads(e.goal, env)
        if not (_NumbersReader(model, e.board).reads(condition, env) <= {("here",)} and goal <= {("here",)}):
            return None
    except NotLocal:
        return None
    return condition, or_self, tuple(found[n] for n in sorted(found)), not goal


def from_a_named_space(e: ir.Connected) -> bool:
    """Whether a `connected` starts from the one space a name gives (`from t = s`). Kept (connected_kept), its
    records are keyed by that space: worth it where it is asked again from the same spaces (every stone at
    every check), not where it is asked from a few spaces that change each time (an indexed end's units:
    rulespec/codegen/connected.py then fills from the space, stopping at the first goal)."""
    start = e.start
    return (isinstance(start, ir.Compare) and start.op == "=" and isinstance(start.left, ir.Var)
            and isinstance(start.right, ir.Var) and e.var in (start.left.name, start.right.name))


def connected_kept(e: ir.Connected, model: ir.Model) -> Optional[tuple[ir.Var, ...]]:
    """Whether the runtime may keep what ``connected(s in B where C from S to G)`` reached and, at the next
    test, look only at the spaces that changed since (State._connected_kept): it ranges over the whole
    board, C reads the board only at s itself and S and G read nothing that changes (each besides its
    own space reads only values: seats, options, attributes; the names it reads are such values, of the
    types below). Returns those names (each once, by name), whose values key the record with the
    expression; None when it is worked out afresh each time (rulespec.runtime.state.State._connected)."""
    return _connected_names(e, model, lambda reads: reads(e.condition) <= {("here",)} and not reads(e.start)
                            and not reads(e.goal))


def connected_witnessed(e: ir.Connected, model: ir.Model) -> Optional[tuple[ir.Var, ...]]:
    """Whether ``connected(s in B where C from S to G)`` may be answered by the path that last joined a start to
    a goal while its spaces hold what they held (rulespec/runtime/witnessed.py): it ranges over the whole board
    and C, S and G each read the board only at s itself (what it holds, where it is) and otherwise only values
    (as connected_kept, whose S and G read nothing of the board). Returns the names read besides s (each once,
    by name), whose values key the record with the expression; None otherwise."""
    return _connected_names(e, model, lambda reads: all(reads(part) <= {("here",)}
                                                         for part in (e.condition, e.start, e.goal)))


def _connected_names(e: ir.Connected, model: ir.Model, admits) -> Optional[tuple[ir.Var, ...]]:
    """connected_kept's and connected_witnessed's common part: ``e`` ranges over its whole board and its parts read,
    besides s, only values (their names returned, each once, by name) and pass ``admits(reads)``, ``reads(part)``
    being what the part reads of the board (("here",): s itself); None otherwise."""
    if not (isinstance(e.domain, ir.BoardRef) and e.domain.board == e.board):
        return None
    found = connected_values(e, (e.condition, e.start, e.goal))
    if found is None:
        return None
    env = {e.var: ANCHOR, **{name: VALUE for name in found}}
    reader = _Reader(model, e.board)
    try:
        if not admits(lambda part: reader.reads(part, env)):
            return None
    except NotLocal:
        return None
    return tuple(found[name] for name in sorted(found))
