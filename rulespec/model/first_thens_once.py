"""`only if C after it` of an option over two or more names whose first `then`s read none of the last name: those
`then`s carried out once for every value of the last name, the rest for each value (codegen/options.py
ahead_function).

The look-ahead carries out the option's statements and the automatic steps they set going, depth first, then
reads C (model/lookahead.py). When every statement of the option is a `then` (it only sets steps going), their
arguments are all worked out in the position as it stands, and the steps run one after the other, each with
the steps it sets going before the next. If the first `then`s read none of the last bound name (backgammon's
`then move(player, n, high)` before `then play(player, m, low)`), the position they leave is the same for
every value of it: the listing carries them out once for the values that pass the conditions tested before
the look-ahead, and under that position carries out the rest for each value and reads C. The rest's
arguments that read none of the last name are worked out before the first `then`s run (where the option's
statements work them out); one that reads it must read nothing a state decides (a name, a sum of names).

The same positions are read and the same candidates listed. A rule error met is met at another candidate's
turn: the conditions before the look-ahead are tested for every value first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from . import ir
from .action_numbers import state_read
from .reads import free_vars


@dataclass(frozen=True)
class FirstThensOnce:
    """An option's `then`s split: ``first`` read none of the last bound name ``last`` (carried out once), the
    ``rest`` follow (carried out for each value of it)."""

    last: str
    first: tuple[ir.Then, ...]
    rest: tuple[ir.Then, ...]


def first_thens_once(option: ir.ChoiceOption, definitions: dict) -> Optional[FirstThensOnce]:
    """``option``'s `then`s split so (see the module), when it asks `only if C after it`, binds two names or
    more, and every statement of it is a `then`; None otherwise."""
    if len(option.bindings) < 2 or not any(isinstance(c, ir.AfterIt) for c in option.conditions):
        return None
    body = option.body
    if not body or not all(isinstance(s, ir.Then) for s in body):
        return None
    last = option.bindings[-1].var
    split = next((i for i, s in enumerate(body) if any(last in free_vars(a) for a in s.args)), len(body))
    first, rest = body[:split], body[split:]
    if not first or not rest:
        return None
    for s in rest:
        for a in s.args:
            if last in free_vars(a) and state_read(a, definitions) is not None:
                return None  # (worked out in the position the first `then`s leave, it could read otherwise)
    return FirstThensOnce(last, first, rest)
