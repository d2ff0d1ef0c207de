"""The spaces a look-ahead's option can write, named by its own names (issue #40): `then land(s, t)` to a step
that moves the occupant of t to a zone and places the occupant of s on t writes spaces s and t of one board and
the locations of the pieces that stood there, nothing else a condition could read (its counters aside).

runtime/read_answers.py answers a look-ahead's condition without carrying the option out when none of those
spaces, and none of the pieces on them, is among what the condition read in the position as it stands.

Found, from the checked model, for an option whose statements are each a `then` to a step (its parameters given
the option's names as they are) or the statements themselves, where every statement is an `if` (its
condition read, each branch so), a counter set or changed, `place occupant of A on B` on one board, or `move
occupant of A to` a zone, with A and B names. The spaces are written in the order met; the sources (the A of
each `place`, outside any `if`) must hold a piece where the runtime answers so (else the option is carried out,
as before, and meets its error there).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from . import ir


@dataclass(frozen=True)
class MovedSpaces:
    """The one board the option writes, the spaces it can write and the sources it places from (option names)."""

    board: str
    spaces: tuple[str, ...]
    sources: tuple[str, ...]


def moved_spaces(option: ir.ChoiceOption, model: ir.Model) -> Optional[MovedSpaces]:
    """What ``option`` can write, as MovedSpaces (see the module); None for any other option."""
    steps = {s.name: s for s in model.steps}
    boards: set[str] = set()
    spaces: list[str] = []
    sources: list[str] = []

    def walk(body: tuple, names: dict, under_if: bool, depth: int) -> bool:
        for s in body:
            if isinstance(s, ir.If):
                if not (walk(s.then, names, True, depth) and walk(s.otherwise, names, True, depth)):
                    return False
            elif isinstance(s, ir.SetCounter):
                continue
            elif isinstance(s, ir.Then):
                step = steps.get(s.step)
                if depth or step is None or step.kind != "auto" or len(step.params) != len(s.args) \
                        or not all(isinstance(a, ir.Var) and a.name in names for a in s.args):
                    return False
                inner = {p.name: names[a.name] for p, a in zip(step.params, s.args)}
                if not walk(step.body, inner, under_if, depth + 1):
                    return False
            elif isinstance(s, ir.Place):
                source = _occupant_name(s.item, s.board, names)
                if source is None or not isinstance(s.space, ir.Var) or s.space.name not in names:
                    return False
                boards.add(s.board)
                spaces.extend((source, names[s.space.name]))
                if not under_if:
                    sources.append(source)
            elif isinstance(s, ir.Move):
                if not isinstance(s.item, ir.Occupant) or not isinstance(s.to, ir.ZoneRef):
                    return False
                source = _occupant_name(s.item, s.item.board, names)
                if source is None:
                    return False
                boards.add(s.item.board)
                spaces.append(source)
            else:
                return False
        return True

    names = {b.var: b.var for b in option.bindings}
    if not walk(option.body, names, False, 0) or len(boards) != 1 or not spaces:
        return None
    return MovedSpaces(boards.pop(), tuple(dict.fromkeys(spaces)), tuple(dict.fromkeys(sources)))


def _occupant_name(item: ir.E, board: str, names: dict) -> Optional[str]:
    """The option's name for A in `occupant of A` on ``board`` (A a name), or None."""
    if isinstance(item, ir.Occupant) and item.board == board and isinstance(item.space, ir.Var):
        return names.get(item.space.name)
    return None
