"""Reading an expression's tree: the expressions inside one, every one of them, and the names it reads.

The checker, the cost model (cost.py), the reads of ends (reads.py) and the narrowing of board walks
(narrowing.py) all ask these; they sit apart from the cost model so that those modules can import them
without importing one another.
"""

from __future__ import annotations

from typing import Iterator, Optional

from . import ir


def children(e: ir.E) -> list[ir.E]:
    """The expressions directly inside ``e``, in the order written (a list: the checker asks this of
    every node several times, and a generator's frame cost more than the tests)."""
    found = []
    for value in vars(e).values():
        if isinstance(value, ir.E):
            found.append(value)
        elif isinstance(value, tuple):
            found.extend([v for v in value if isinstance(v, ir.E)])
    return found


def walk(e: Optional[ir.E]) -> Iterator[ir.E]:
    """``e`` and every expression inside it."""
    if e is None:
        return
    stack = [e]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node)))  # in the order written


def free_vars(e: Optional[ir.E], names: set[str]) -> set[str]:
    """The names of ``names`` that ``e`` reads (a count's own variable is not free inside it)."""
    if e is None or not names:
        return set()
    if isinstance(e, ir.Var):
        return {e.name} & names
    if isinstance(e, (ir.Count, ir.Total, ir.First, ir.Extreme)):
        inner = names - {e.var}
        found = free_vars(e.domain, names) | free_vars(e.where, inner)
        if isinstance(e, (ir.Total, ir.Extreme)):
            found |= free_vars(e.value, inner)
        return found
    if isinstance(e, ir.Connected):
        inner = names - {e.var}
        return free_vars(e.domain, names) | free_vars(e.condition, inner) | free_vars(e.start, inner) \
            | free_vars(e.goal, inner)
    found: set[str] = set()
    for child in children(e):
        found |= free_vars(child, names)
    return found
