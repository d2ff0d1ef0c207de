"""The texts a value worked out from what is chosen can read in an action's text, known from its type.

An option's text may show a value worked out from the names it chooses rather than the names
themselves: `"{s} to {neighbour of s towards d}"`, `"{s} over {occupant of t} to {u}"`, `"x({r - 1},{c - 1})"`.
Such a value tells actions apart, so it must be numbered, yet only the state says which value a given
choice reads. What the rules do say is the value's type, and every type an action can show has a finite
list of values fixed by the game loaded: a space of a board is one of its spaces in use (or `none`, past
its edge, where it can be), a component one of the components' labels, a seat `player 1`..`player N`, a
number one of the numbers between the bounds its parts give (`r - 1` with `r in 1..3`: 0 to 2). The
numbering expands the field over that list, as it expands a name over its domain: a product of finite
lists that the rules alone fix, the same in every process.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..codegen.off_board import may_be_none, off_board
from ..lib.limits import LIMIT
from ..model import ir

NONE_SPACE = "none"  # how a text shows a space past the board's edge (State._space_label)

Interval = tuple[int, int]


def values_from_type(expansion, e: ir.E, listed: dict, where: str) -> Optional[list[str]]:
    """The texts ``e`` (a value worked out from chosen names) can read, from its type; None when its type
    has no finite list (a word made up in the text, a number without fixed bounds). ``listed`` holds the
    values each chosen name ranges over where the model says them (a number's range)."""
    if e.type == ir.INT:
        span = interval(e, listed, expansion.bound, expansion.worked_out_numbers)
        if span is None or span[1] - span[0] >= LIMIT.span:
            return None
        return [str(n) for n in range(span[0], span[1] + 1)]
    if e.type in (ir.ITEM, ir.SEAT) or e.type.startswith(("space:", "placement:")):
        texts = expansion.domain(e.type, where)
        if e.type.startswith("space:") and may_be_none(e, frozenset(), off_board(expansion.engine.model).definitions):
            texts = texts + [NONE_SPACE]
        return texts
    return None


def interval(e: ir.E, listed: dict, bound: Callable, numbers: Callable) -> Optional[Interval]:
    """The least and the most a number can be, or None: a chosen name's listed values, and what sums,
    differences, products, remainders, negations, min, max, abs and `if` make of their parts' bounds; anything else
    by ``bound`` (a constant, an option's values, a definition) or ``numbers`` (a row's numbers)."""
    if isinstance(e, ir.Var):
        values = listed.get(e.name)
        if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return min(values), max(values)
        return None
    if isinstance(e, ir.Arith) and e.op in ("+", "-", "*"):
        left, right = interval(e.left, listed, bound, numbers), interval(e.right, listed, bound, numbers)
        if left is None or right is None:
            return None
        if e.op == "+":
            return left[0] + right[0], left[1] + right[1]
        if e.op == "-":
            return left[0] - right[1], left[1] - right[0]
        products = [a * b for a in left for b in right]
        return min(products), max(products)
    if isinstance(e, ir.Arith) and e.op == "mod":  # by a number k that is at least 1: from 0 to k - 1
        divisor = interval(e.right, listed, bound, numbers)
        if divisor is None or divisor[0] < 1:
            return None
        left = interval(e.left, listed, bound, numbers)
        if left is not None and 0 <= left[0] and left[1] < divisor[0]:  # (less than any k: itself)
            return left
        return 0, divisor[1] - 1
    if isinstance(e, ir.Arith) and e.op == "div":  # by a number that is at least 1: rounded down at the corners
        divisor, left = interval(e.right, listed, bound, numbers), interval(e.left, listed, bound, numbers)
        if divisor is None or divisor[0] < 1 or left is None:
            return None
        corners = [a // b for a in left for b in divisor]
        return min(corners), max(corners)
    if isinstance(e, ir.Negate):
        inner = interval(e.operand, listed, bound, numbers)
        return None if inner is None else (-inner[1], -inner[0])
    if isinstance(e, ir.Conditional):
        ends = [interval(part, listed, bound, numbers) for part in (e.then, e.otherwise)]
        return None if None in ends else (min(end[0] for end in ends), max(end[1] for end in ends))
    if isinstance(e, ir.Builtin) and e.args:
        return _builtin(e, [interval(a, listed, bound, numbers) for a in e.args])
    found = numbers(e)
    if found:
        return min(found), max(found)
    low, high = bound(e, most=False), bound(e, most=True)
    return None if low is None or high is None else (low, high)


def _builtin(e: ir.Builtin, parts: list) -> Optional[Interval]:
    if None in parts:
        return None
    if e.func == "min":
        return min(p[0] for p in parts), min(p[1] for p in parts)
    if e.func == "max":
        return max(p[0] for p in parts), max(p[1] for p in parts)
    if e.func == "abs":
        low, high = parts[0]
        return (0 if low <= 0 <= high else min(abs(low), abs(high))), max(abs(low), abs(high))
    return None
