"""A definition's value worked out by an `if`'s condition, kept for the statements under it (#40).

`if closed_boxes > completed: add closed_boxes - completed to boxes of player; set completed to closed_boxes`
works `closed_boxes` out three times, though nothing between the three reads changes what it reads. A use of
a definition that the condition works out whenever it holds (an operand of its `and`s, a side of a comparison
or of arithmetic, what a `not` negates; never under an `or`, a count or a conditional, which may not reach
it), given arguments that read nothing of the state (names and numbers), is kept for the branch taken when
the condition holds, as long as the statements before a use set only counters the definition does not read
(codegen/kept_values.py decides that statement by statement). This module says which uses, and which
counters each may read: None where it may read something else a statement could change in a way this
analysis does not follow (a score, a win, a legal move, a look-ahead...).
"""

from __future__ import annotations

from typing import Optional

from . import ir
from .tree import children

# What reads no counter, or reads only what its children read (a definition's use is followed into its value,
# a counter's read is collected): anything else, and a use is not kept.
_READS_NO_COUNTER = (
    ir.Const, ir.Var, ir.Arith, ir.Compare, ir.BoolOp, ir.Not, ir.Negate, ir.Builtin, ir.Conditional, ir.Span,
    ir.Count, ir.Total, ir.First, ir.Extreme, ir.Size, ir.Member, ir.ZoneRef, ir.BoardRef, ir.ItemAttr, ir.IsKind,
    ir.Check, ir.Occupant, ir.Holds, ir.HoldsValue, ir.Neighbour, ir.NeighboursOf, ir.CellsOf, ir.LineOf, ir.Top,
    ir.SeatConst, ir.SeatStep, ir.Others, ir.PlayersSet, ir.TurnNumber, ir.PlayerToMove, ir.StartingPlayer,
    ir.OptionRef, ir.SpaceIndex, ir.NumberOf)
_MOST_DEPTH = 32  # (definitions use one another; the checker refuses a circle)


def counters_read(e: ir.E, definitions: dict[str, ir.Definition], depth: int = 0) -> Optional[frozenset[str]]:
    """The counters ``e`` may read, the definitions it uses followed; None when it may read anything this
    analysis does not follow."""
    if depth > _MOST_DEPTH:
        return None
    found: set[str] = set()
    stack = [e]
    while stack:
        node = stack.pop()
        if isinstance(node, ir.CounterRef):
            found.add(node.name)
        elif isinstance(node, ir.DefinedValue):
            definition = definitions.get(node.name)
            inner = None if definition is None else counters_read(definition.value, definitions, depth + 1)
            if inner is None:
                return None
            found |= inner
        elif not isinstance(node, _READS_NO_COUNTER):
            return None
        stack.extend(children(node))
    return frozenset(found)


def kept_in_condition(condition: ir.E, definitions: dict[str, ir.Definition],
                      through_reads: bool = False) -> dict[int, frozenset[str]]:
    """id of each use of a definition that ``condition`` works out whenever it holds, with arguments that read
    nothing of the state -> the counters that use may read (uses whose reads are not followed left out).
    ``through_reads``: also the space or seat a counter is read of, and the space a row or column is read of
    (`tile of cell(n)`: cell(n) is worked out whenever the counter is read)."""
    kept: dict[int, frozenset[str]] = {}
    stack = [condition]
    while stack:
        node = stack.pop()
        if isinstance(node, ir.DefinedValue):
            if all(isinstance(a, (ir.Var, ir.Const)) for a in node.args):
                counters = counters_read(node, definitions)
                if counters is not None:
                    kept[id(node)] = counters
        elif isinstance(node, ir.BoolOp):
            if node.op == "and":
                stack.extend(node.operands)
        elif isinstance(node, (ir.Compare, ir.Arith)):
            stack.extend((node.left, node.right))
        elif isinstance(node, (ir.Not, ir.Negate)):
            stack.append(node.operand)
        elif through_reads and isinstance(node, ir.CounterRef) and node.seat is not None:
            stack.append(node.seat)
        elif through_reads and isinstance(node, ir.SpaceAttr):
            stack.append(node.space)
    return kept
