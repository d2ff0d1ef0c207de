"""The range of a counter's value, checked where generated code stores one.

Counters are whole numbers; a rule that doubles or squares one in a loop could otherwise grow it to
millions of digits (slow arithmetic, memory, and no JSON for the state). A value outside the range is
a RuleRuntimeError, and the action that made it is undone like any failing action.

Every whole number read from a person's text (a position, an answer at the `play` prompt) is read by
whole_number: bounded by its length before int() and by its range after.
"""

from __future__ import annotations

import re

from .common import RuleRuntimeError

COUNTER_LIMIT = 10**15  # a counter holds a whole number from -COUNTER_LIMIT to COUNTER_LIMIT


def counter_value(value: int, counter: str) -> int:
    """``value``, when a counter may hold it."""
    if -COUNTER_LIMIT <= value <= COUNTER_LIMIT:
        return value
    # str() of a number of more than 4,300 digits raises; its size is told from its bits instead.
    shown = f"{value:,}" if abs(value) < 10**30 else f"a number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
    raise RuleRuntimeError(f"counter `{counter}` would hold {shown}: a counter holds a whole number from "
                           f"-{COUNTER_LIMIT:,} to {COUNTER_LIMIT:,}")


# ----------------------------------------------------------------------------- whole numbers read from text

WHOLE_DIGITS = len(str(COUNTER_LIMIT))  # the longest whole number rulespec reads from a person's text (16 digits)
WHOLE_LIMIT = 10**WHOLE_DIGITS - 1  # the largest, where nothing in the game bounds a number more closely
_WHOLE = re.compile(r"-?[0-9]+")


class NotAWholeNumber(ValueError):
    """Text that is not a whole number in the range asked for; ``str()`` says why, in words."""


def shown_number(text: str, limit: int = 20) -> str:
    """A typed number as a message quotes it: a long one by its first digits and its length."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def whole_number(text: str, low: int, high: int) -> int:
    """``text`` (ASCII digits, an optional minus) as an int from ``low`` to ``high``, else NotAWholeNumber.
    Its length is checked before int(), which refuses more than 4,300 digits (sys.get_int_max_str_digits)
    and takes time on long texts; every number a person types or writes in a position is read here."""
    if not _WHOLE.fullmatch(text):
        raise NotAWholeNumber(f"{shown_number(text)!r} is not a whole number (digits 0 to 9)")
    digits = text.lstrip("-").lstrip("0") or "0"  # (int() counts leading zeros against its limit too)
    value = int(digits) * (-1 if text[0] == "-" else 1) if len(digits) <= WHOLE_DIGITS else None
    if value is None or not low <= value <= high:
        raise NotAWholeNumber(f"{shown_number(text)} is not from {low:,} to {high:,}")
    return value
