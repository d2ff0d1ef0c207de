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

written_ahead (a listing's kept answer, runtime/read_answers.py answer_listed) reads more forms, each named in
what it gives back: `set A of occupant of X to V` (the pieces whose attributes it sets, by the space each stood on
before the option: which piece is on X when the statement runs is followed through the placements before it, an
`if`'s branches joined), `place any(c in Z where C) on X` (a piece from a zone placed on an empty space), a `then`
to a step a look-ahead passes over (model/unread_ahead.py: it writes nothing there) and `then`s within `then`s,
an argument that is no space given as written.
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


@dataclass(frozen=True)
class WrittenAhead(MovedSpaces):
    """MovedSpaces, and: the spaces (option names) whose pieces, as they stood before the option, may have
    attributes set, those attributes, and the spaces a piece from a zone is placed on (empty before)."""

    set_on: tuple[str, ...]
    attributes: tuple[str, ...]
    from_zone: tuple[str, ...]
    # the option's first write, when it is `set A of occupant of X to V` on the piece that stood on X: (X, A, V,
    # the `then` of the option it is met through, or None in the option's own statements); its value V, worked out
    # before the option, is what the piece will hold (runtime/read_answers.py: a value set to what it is writes
    # nothing); () when the first write is another
    settled: tuple = ()


def moved_spaces(option: ir.ChoiceOption, model: ir.Model) -> Optional[MovedSpaces]:
    """What ``option`` can write, as MovedSpaces (see the module); None for any other option."""
    found = _walked(option, model, frozenset(), False)
    if found is None or found.set_on or found.attributes or found.from_zone:
        return None
    return MovedSpaces(found.board, found.spaces, found.sources)


def written_ahead(option: ir.ChoiceOption, model: ir.Model, passed_over: frozenset[str]) -> Optional[WrittenAhead]:
    """What ``option`` can write, with the forms the module's second paragraph names; ``passed_over``: the
    automatic steps a look-ahead passes over. None for any other option."""
    return _walked(option, model, passed_over, True)


def _walked(option: ir.ChoiceOption, model: ir.Model, passed_over: frozenset[str], more: bool) -> Optional[WrittenAhead]:
    steps = {s.name: s for s in model.steps}
    boards: set[str] = set()
    spaces: list[str] = []
    sources: list[str] = []
    set_on: list[str] = []
    attributes: list[str] = []
    from_zone: list[str] = []
    # space (option name) -> where the pieces that may stand there now stood before the option (option names;
    # "" a piece from a zone); a space not in it holds what it held
    holds: dict[str, frozenset[str]] = {}
    settled: list = []
    pairs: list = []  # (where the piece stood, the attribute) of every `set`
    written = [False]  # (a write met before, in the order they run)
    through: list = [None]  # (the option's `then` being walked)
    entered: list[str] = []  # (the steps being walked, outermost first)

    def walk(body: tuple, names: dict, under_if: bool, depth: int) -> bool:
        nonlocal holds
        thens_before = False  # (a `then` runs after the statements that follow it: none may write then)
        for s in body:
            if more:
                if thens_before and _writes(s):
                    return False
                thens_before = thens_before or _names_step(s)
            if isinstance(s, ir.If):
                before = dict(holds)
                if not walk(s.then, names, True, depth):
                    return False
                after_then, holds = holds, before
                if not walk(s.otherwise, names, True, depth):
                    return False
                for n in set(after_then) | set(holds):
                    holds[n] = after_then.get(n, frozenset((n,))) | holds.get(n, frozenset((n,)))
            elif isinstance(s, ir.SetCounter):
                continue
            elif isinstance(s, ir.Then):
                step = steps.get(s.step)
                if more and s.step in passed_over:
                    continue  # (it returns at once in a look-ahead: model/unread_ahead.py)
                if (depth and not more) or step is None or step.kind != "auto" or len(step.params) != len(s.args):
                    return False
                if s.step in entered:  # a chain that comes back (`then again`): what it writes has no end
                    return False
                if not all(isinstance(a, ir.Var) and a.name in names for a in s.args) and not more:
                    return False
                inner = {p.name: names[a.name] for p, a in zip(step.params, s.args)
                         if isinstance(a, ir.Var) and a.name in names}
                if depth == 0:
                    through[0] = s
                entered.append(s.step)
                if not walk(step.body, inner, under_if, depth + 1):
                    return False
                entered.pop()
            elif isinstance(s, ir.Place):
                written[0] = True
                if not isinstance(s.space, ir.Var) or s.space.name not in names \
                        or more and s.space.type.startswith("placement:"):
                    return False
                target = names[s.space.name]
                source = _occupant_name(s.item, s.board, names)
                if source is None:
                    if not more or not _from_zone(s.item):
                        return False
                    from_zone.append(target)
                    holds[target] = frozenset(("",))
                else:
                    spaces.append(source)
                    if not under_if:
                        sources.append(source)
                    holds[target], holds[source] = holds.get(source, frozenset((source,))), frozenset()
                boards.add(s.board)
                spaces.append(target)
            elif isinstance(s, ir.Move):
                written[0] = True
                if not isinstance(s.item, ir.Occupant) or not isinstance(s.to, ir.ZoneRef):
                    return False
                source = _occupant_name(s.item, s.item.board, names)
                if source is None:
                    return False
                boards.add(s.item.board)
                spaces.append(source)
                holds[source] = frozenset()
            elif isinstance(s, ir.SetAttribute) and more:
                if not isinstance(s.item, ir.Occupant):
                    return False
                source = _occupant_name(s.item, s.item.board, names)
                if source is None:
                    return False
                boards.add(s.item.board)
                were = holds.get(source, frozenset((source,)))
                if "" in were:
                    return False  # (a piece from a zone: what was read of it is not followed)
                if not written[0] and were == frozenset((source,)) and depth <= 1:
                    settled.append((source, s.attr, s.value, through[0] if depth else None))
                written[0] = True
                pairs.extend((origin, s.attr) for origin in were)
                set_on.extend(sorted(were))
                attributes.append(s.attr)
            else:
                return False
        return True

    names = {b.var: b.var for b in option.bindings}
    if not walk(option.body, names, False, 0) or len(boards) != 1 or not spaces:
        return None
    return WrittenAhead(boards.pop(), tuple(dict.fromkeys(spaces)), tuple(dict.fromkeys(sources)),
                        tuple(dict.fromkeys(set_on)), tuple(dict.fromkeys(attributes)), tuple(dict.fromkeys(from_zone)),
                        tuple(x for x in settled if pairs.count(x[:2]) == 1))


def _writes(s: ir.S) -> bool:
    """Whether ``s`` places, moves or sets an attribute (itself, or within an `if`)."""
    if isinstance(s, ir.If):
        return any(_writes(x) for x in s.then + s.otherwise)
    return isinstance(s, (ir.Place, ir.Move, ir.SetAttribute))


def _names_step(s: ir.S) -> bool:
    """Whether ``s`` is a `then` (itself, or within an `if`)."""
    if isinstance(s, ir.If):
        return any(_names_step(x) for x in s.then + s.otherwise)
    return isinstance(s, ir.Then)


def _from_zone(item: ir.E) -> bool:
    """Whether ``item`` is `any(c in Z where C)`, Z a zone: a piece from a zone."""
    return isinstance(item, ir.First) and isinstance(item.domain, ir.ZoneRef)


def _occupant_name(item: ir.E, board: str, names: dict) -> Optional[str]:
    """The option's name for A in `occupant of A` on ``board`` (A a name), or None."""
    if isinstance(item, ir.Occupant) and item.board == board and isinstance(item.space, ir.Var):
        return names.get(item.space.name)
    return None
