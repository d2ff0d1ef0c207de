"""A count or `there is` over a board's spaces c whose condition is whether a `connected` from c itself
reaches a goal (`count(c in B where connected(t in B where C from t = c to G))`, or `not connected`, directly
or through definitions): one kept reach from the goal side, not a fill from every space.

Connected is symmetric: from c a chain of spaces passing C reaches a space where G holds exactly when c is in
the region the spaces passing C reach from the spaces where G and C hold. When C and G do not read c, that
region is the same for every c: it is kept by the runtime per contents (State._connected_kept, with G as its
start) and every c is answered from it at once, as a bit mask of the spaces (State._reach_cover). The
condition may let the first space pass by name (`t = c or C`): c itself need not pass C, and then it reaches
G when G holds on it or one of its neighbours lies in the region.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ..model import ir, reads
from ..model.tree import walk

from .quoting import ident


class ReachMasks:
    """Counts over the spaces a `connected` starts from, answered from one reach of its goal (CodeGenerator's
    part)."""

    def reach_mask(self, count: ir.E) -> Optional[str]:
        """The code of the bit mask of the spaces ``count`` (`count(c in B where ...)`) counts, when its
        condition is `connected(t in B where C from t = c to G)` or its negation (through definitions whose
        other arguments do not read c), and C and G read neither c nor anything a kept reach may not read
        (reads.connected_kept); None for any other count."""
        if not (isinstance(count, ir.Count) and isinstance(count.domain, ir.BoardRef) and count.where is not None):
            return None
        found = _peeled(count.where, count.var, self.definitions)
        if found is None:
            return None
        negated, bindings, e = found
        seat_to_move = next((x for x in walk(e) if isinstance(x, ir.PlayerToMove)), None)
        if seat_to_move is not None:  # (read once, as a name: a value the record is kept by)
            if any(name == reads.MOVER for name, _, _ in bindings) or reads.MOVER in reads.free_vars(e):
                return None
            e = reads.mover_named(e)
            bindings = [(reads.MOVER, seat_to_move, True)] + bindings
        if any(name == e.var for name, _, _ in bindings):
            return None  # (a parameter named as the chain's space: the names would be confused)
        if not (isinstance(e.domain, ir.BoardRef) and e.domain.board == e.board == count.domain.board):
            return None
        if not _names_space(e.start, e.var, count.var):
            return None
        by_name, condition = _first_by_name(e.condition, e.var, count.var)
        if condition is None or count.var in reads.free_vars(condition) | reads.free_vars(e.goal):
            return None
        reached = replace(e, condition=condition, start=e.goal)  # what passes C reaches from where G holds
        names = reads.connected_kept(reached, self.m)
        if names is None:
            return None
        bound = {name for name, _, _ in bindings}
        bindings = [(v.name, v, True) for v in names if v.name not in bound] + bindings  # (names of the count's own)
        b = self.boards[e.board]
        passes, goal = (f"lambda v_{ident(e.var)}: {self.module_code(x)}" for x in (condition, e.goal))
        number = self.connected_keys.setdefault((e.board, tuple(v.name for v in names), passes, goal, goal, "cover"),
                                                len(self.connected_keys))
        key = f"({number!r}, " + "".join(f"v_{ident(v.name)}, " for v in names) + ")"
        ends = self.reach_ends(reached, number, names) or f"lambda st, *values: ({goal}, {goal})"
        code = f"st._reach_cover({b}, {key}, {passes}, {ends}, {by_name!r}, {negated!r})"
        for name, arg, outermost in reversed(bindings):  # a definition's other arguments, worked out where used
            value = self.expr(arg) if outermost else self.module_code(arg)  # (inner ones read outer parameters)
            code = f"(lambda v_{ident(name)}: {code})({value})"
        return code


def _peeled(e: ir.E, var: str, definitions: dict, depth: int = 0,
            outer: bool = True) -> Optional[tuple[bool, list, ir.Connected]]:
    """(negated, the definitions' other arguments as (parameter, argument, whether it is written where the
    count is), outermost first, the `connected`)
    when ``e`` is a `connected` under `not`s and uses of definitions whose argument for the space is ``var``
    itself; None otherwise."""
    if depth > 8:
        return None
    if isinstance(e, ir.Connected):
        return False, [], e
    if isinstance(e, ir.Not):
        found = _peeled(e.operand, var, definitions, depth + 1, outer)
        return None if found is None else (not found[0], found[1], found[2])
    if isinstance(e, ir.DefinedValue) and e.name in definitions:
        definition = definitions[e.name]
        mapping, bindings = {}, []
        for param, arg in zip(definition.params, e.args):
            if isinstance(arg, ir.Var) and arg.name == var:
                mapping[param.name] = arg
            elif var in reads.free_vars(arg):
                return None
            else:
                bindings.append((param.name, arg, outer))
        found = _peeled(reads.substitute(definition.value, mapping, {var}), var, definitions, depth + 1, False)
        if found is None:
            return None
        if any(name == var for name, _, _ in bindings):
            return None  # (a parameter named as the counted space: the names would be confused)
        return found[0], bindings + found[1], found[2]
    return None


def _names_space(e: ir.E, var: str, space: str) -> bool:
    """Whether ``e`` is `var = space` (either way round), ``space`` a name."""
    return (isinstance(e, ir.Compare) and e.op == "=" and not e.order and isinstance(e.left, ir.Var)
            and isinstance(e.right, ir.Var) and {e.left.name, e.right.name} == {var, space} and var != space)


def _first_by_name(condition: ir.E, var: str, space: str) -> tuple[bool, Optional[ir.E]]:
    """(whether the condition lets ``space`` pass by name, the condition without that part): `t = c or C` is
    (True, C); a condition without it is (False, itself)."""
    if isinstance(condition, ir.BoolOp) and condition.op == "or":
        rest = tuple(o for o in condition.operands if not _names_space(o, var, space))
        if len(rest) == len(condition.operands):
            return False, condition
        if not rest:
            return True, None
        return True, rest[0] if len(rest) == 1 else replace(condition, operands=rest)
    return False, condition
