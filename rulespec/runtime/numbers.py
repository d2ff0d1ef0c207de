"""The range of a counter's value, checked where generated code stores one.

Counters are whole numbers; a rule that doubles or squares one in a loop could otherwise grow it to
millions of digits (slow arithmetic, memory, and no JSON for the state). A value outside the range is
a RuleRuntimeError, and the action that made it is undone like any failing action.
"""

from __future__ import annotations

COUNTER_LIMIT = 10**15  # a counter holds a whole number from -COUNTER_LIMIT to COUNTER_LIMIT


def counter_value(value: int, counter: str) -> int:
    """``value``, when a counter may hold it."""
    if -COUNTER_LIMIT <= value <= COUNTER_LIMIT:
        return value
    from .engine import RuleRuntimeError
    # str() of a number of more than 4,300 digits raises; its size is told from its bits instead.
    shown = f"{value:,}" if abs(value) < 10**30 else f"a number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
    raise RuleRuntimeError(f"counter `{counter}` would hold {shown}: a counter holds a whole number from "
                           f"-{COUNTER_LIMIT:,} to {COUNTER_LIMIT:,}")
