"""Which declaration of the rule file a failure at run time comes from.

Each function of a generated engine says in its docstring what it implements and cites its rule-file line:
`Definition `free`: `t is empty`. [E-3] (board.rules:26)`. A failure's traceback passes through the
generated functions that were running; the innermost one that cites a line is the declaration to blame
(the comprehensions and lambdas written inside a function are its own code). Functions that cite none (a
choice's candidates_, first_failing_, by_) take the line of another function of the same declaration.
"""

from __future__ import annotations

import linecache
import re
from types import TracebackType
from typing import Optional

from .common import RuleRuntimeError

_CITED = re.compile(r"\s*(?:\[[^\]]*\]\s*)?(?:ruling [^()]*)?\(([^()\s]+\.rules:\d+)\)")
_PREFIXES = ("options_", "candidates_", "first_failing_", "effect_", "choices_", "by_", "step_", "define_",
             "end_", "score_", "fit_", "invariant_", "chance_", "outcomes_", "trigger_", "instead_", "example_")


def reason(error: Exception) -> str:
    """What went wrong in generated rule code (``error``, not a RuleRuntimeError), as told after `the rules could
    not ...:`: its type and text, and where Python's words say a value was none (`unsupported operand type(s) for
    +: 'NoneType' and 'int'`), what that is in the rule file's words (#40: a newcomer's `left of dealer` with the
    dealer not chosen yet read so)."""
    told = f"{type(error).__name__}: {error}"
    if isinstance(error, TypeError) and "NoneType" in str(error):
        told += (" (a value that is none was used as a number, a seat or a space: a counter of seats or words not "
                 "set yet, an `any(...)` that found nothing, or a space past the board's edge)")
    return told


def rule_at(traceback: Optional[TracebackType]) -> Optional[str]:
    """`board.rules:26: Definition `free`: `t is empty`` for the innermost generated function of
    ``traceback`` that cites its line, and the condition being tested where the generated line says which
    (`row of s = 1` in a choice's listing); None where no generated code ran."""
    found = note = None
    while traceback is not None:
        frame = traceback.tb_frame
        names = frame.f_globals
        if "GENERATOR_VERSION" in names and "SOURCE_HASH" in names and not frame.f_code.co_name.startswith(
                "found_in_"):  # a generated engine's module, but a loop asking `there is` for its caller
            # (codegen/found_loops.py: the caller's line and note are blamed, as for the generator it stands for)
            cited = _cited(names, frame.f_code.co_name)
            if cited is not None:
                found = cited
            line = linecache.getline(frame.f_code.co_filename, traceback.tb_lineno)
            note = line.partition("  # ")[2].strip() or None if line else None
        traceback = traceback.tb_next
    if found is not None and note:
        return f"{found}, at `{note}`"
    return found


def located(error: RuleRuntimeError, traceback: Optional[TracebackType] = None) -> RuleRuntimeError:
    """``error``, with the declaration it comes from (from ``traceback``, else its own) unless it has one."""
    if error.where is None:
        error.where = rule_at(traceback if traceback is not None else error.__traceback__)
    return error


def function_cited(function) -> Optional[str]:
    """`board.rules:36: Every choice of `turn` now, ...` for a generated function (a step's ``by``, ``run`` or
    ``outcomes``, a `skipping` test) or the function of its declaration that cites a line; None otherwise.
    For an error the runtime raises outside any generated code (a turn that never offers a decision)."""
    names = getattr(function, "__globals__", None)
    name = getattr(function, "__name__", None)
    if names is None or name is None or "GENERATOR_VERSION" not in names:
        return None
    return _cited(names, name)


def _cited(names: dict, name: str) -> Optional[str]:
    key = next((name[len(p):] for p in _PREFIXES if name.startswith(p)), None)
    for candidate in (name,) + (tuple(p + key for p in _PREFIXES) if key else ()):
        function = names.get(candidate)
        doc = getattr(function, "__doc__", None) if callable(function) else None
        first = doc.split("\n", 1)[0] if doc else ""
        cited = _CITED.search(first)
        if cited is not None:
            return f"{cited.group(1)}: {first[:cited.start()].rstrip().rstrip('.')}"
    return None
