"""A space a test has just found on the board is read without the past-the-edge check again (issue #40).

`t is not none and cell of t = k` (a newcomer's `is_cell(t, k)`, asked of the cells around one: Stones and
gems' falling and rolling) reads `cell of t` through State._on_board, which refuses a space past the edge (none)
by a rule error naming the line. Where the `and`'s part before it has just said the space is not none, that
check cannot fail: the read is written as a plain subscript, as for a space a loop walks. Likewise the statements
of an `if X is not none:` (or `if X is not none and ...:`, or a definition whose value says so, given plain
arguments: `if is_cell(below, blank):`) read X so, and a neighbour of X is read from the board's
table instead of through State._neighbour's none-safe call.

What is known is the space's shape: a name, or a neighbour of a known shape towards a name or a fixed direction
(`neighbour of s towards west`), which mean the same space wherever they are written while their names keep
their values. An `and`'s later part that binds a name again (a count's `for t in ...`) forgets what was known of
it, as occupied_when_true's spaces are forgotten (expressions.py visit_BoolOp); a name a branch of an `if` reads
cannot be bound again inside it (`let` refuses a name in use).
"""

from __future__ import annotations

from typing import Callable, Optional

from ..model import ir, reads

_DEPTH = 4  # definitions looked through, one inside another


def space_shape(e: ir.E) -> Optional[tuple]:
    """The shape of a space written as a name or neighbours of one (its names and directions), or None."""
    if isinstance(e, ir.Var):
        return ("var", e.name)
    if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return ("const", e.value)
    if isinstance(e, ir.Neighbour):
        space, direction = space_shape(e.space), space_shape(e.direction)
        if space is None or direction is None:
            return None
        return ("neighbour", e.board, space, direction)
    return None


def shape_names(shape: tuple) -> set[str]:
    """The names a shape reads."""
    if shape[0] == "var":
        return {shape[1]}
    if shape[0] == "neighbour":
        return shape_names(shape[2]) | shape_names(shape[3])
    return set()


def on_board_when_true(e: ir.E, written: Optional[Callable[[ir.DefinedValue], Optional[ir.E]]] = None,
                       depth: int = 0) -> frozenset[tuple]:
    """The shapes of the spaces ``e`` holding says are on the board: `X is not none`, or an `and` with such
    a part; ``written`` gives a definition's use as its value with the arguments in place (or None), so that
    `is_cell(t, blank)` holding says t is on the board as its value `t is not none and ...` does."""
    if isinstance(e, ir.Not) and isinstance(e.operand, ir.Check) and e.operand.test == "none":
        shape = space_shape(e.operand.subject)
        return frozenset() if shape is None else frozenset({shape})
    if isinstance(e, ir.BoolOp) and e.op == "and":
        return frozenset().union(*(on_board_when_true(o, written, depth) for o in e.operands))
    if isinstance(e, ir.DefinedValue) and written is not None and depth < _DEPTH:
        value = written(e)
        return frozenset() if value is None else on_board_when_true(value, written, depth + 1)
    return frozenset()


class KnownOnBoard:
    """Spaces a test has found on the board (CodeGenerator's part)."""

    known_on_board: frozenset[tuple] = frozenset()

    def found_on_board(self, e: ir.E) -> frozenset[tuple]:
        """What ``e`` holding says is on the board (the lever's switch: none, to measure it off)."""
        return on_board_when_true(e, self.value_with_arguments)

    def value_with_arguments(self, e: ir.DefinedValue) -> Optional[ir.E]:
        """A definition's value with the use's arguments in place of its parameters, where each argument is
        plain (a name, a number, a neighbour of a name: its value is the same read there as here), else None."""
        definition = self.definitions.get(e.name)
        if definition is None or not all(self.plain_argument(a) for a in e.args):
            return None
        return reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, set())

    def known_on_the_board(self, space: ir.E) -> bool:
        """Whether a test here has found ``space`` on the board."""
        return bool(self.known_on_board) and space_shape(space) in self.known_on_board

    def forget_on_board(self, names: set[str]) -> None:
        """Forget what was known of the spaces read through ``names`` (bound again)."""
        if self.known_on_board and names:
            self.known_on_board = frozenset(k for k in self.known_on_board if not (shape_names(k) & names))
