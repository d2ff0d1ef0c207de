"""The numbers a rule file gives its candidates, checked before play (#40: maedn's `move a4`, numbered 45 of 0 to 44,
loaded by the API and by verify but refused by the adapters).

Where a game says `actions numbered 0 to N` (or `chance outcomes numbered 0 to N`), the adapters name every number
without a state by listing every candidate that the conditions no state decides allow
(rulespec/adapters/numbered_candidates.py), and refuse the game if one is numbered outside 0..N, though it may never
be legal in play; outcomes of one chance node that read alike are one outcome, so they must share a number. This
module lists the same candidates, through the same function, and tells each such mistake at the `numbered` clause
of its option or chance step (the candidates' texts and numbers, and what to do), for every player count and
configuration of the options (``MOST_CONFIGURATIONS``; while the candidates listed stay under the limit
`numbered_candidates` in all, the configurations left told): `rulespec check` and the pytest plugin's `check` item report
them as rule errors, and `rulespec verify` as a failure of `action_numbers` at the first state
(check/properties.py). Two actions with one number are told where they are both legal, by verify at the states it
visits (check/action_numbers.py): options never legal together may share a number.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Optional

from ..adapters.declared_numbers import OUT_OF_RANGE_HINT
from ..adapters.numbered_candidates import NumberingError, action_candidates, outcome_candidates
from ..lib.limits import limit
from ..runtime.engine import Engine

CHANCE_OUT_OF_RANGE_HINT = ("an outcome its fixed parts allow is numbered even if it is never possible: rule it out "
                            "by a `where` that no state decides, or widen the range")
SHOWN = 5  # candidates named in one mistake (the rest counted)
MOST_CONFIGURATIONS = 64  # player counts times the options' values checked; past it each option's values one at a time


@dataclass(frozen=True)
class NumberingMistake:
    """A mistake in a game's numbers, at ``loc`` (the `numbered` clause, or the header's `numbered` line)."""

    loc: object  # language.ast.Loc, or None where the model has no place for it
    message: str
    hint: str
    kind: str = "outside"  # outside (the range), alike (outcomes read alike, numbered apart), listing, lots


def numbering_mistakes(engine: Engine, players: int) -> tuple[list[NumberingMistake], int]:
    """The mistakes in the numbers of ``engine``'s candidates with ``players`` players, each option's and chance
    step's told once (none where the game numbers nothing), and how many candidates were listed."""
    if engine.ACTION_NUMBERS is None and engine.CHANCE_NUMBERS is None:
        return [], 0
    start = engine.new_game(players)  # (the model is read only to place a mistake: a committed engine compiles it)
    found: list[NumberingMistake] = []
    listed = [0]
    if engine.ACTION_NUMBERS is not None:
        found += _listed(engine, "action_numbers", lambda: _action_mistakes(engine, players, start, listed))
    if engine.CHANCE_NUMBERS is not None:
        if engine._draws_lots:
            found.append(NumberingMistake(engine.model.chance_numbers.loc, "the game numbers its chance outcomes, but "
                                          "its ranking breaks a tie by lot, an outcome no rule numbers",
                                          "break the tie by a rule, or leave `chance outcomes numbered` out", "lots"))
        else:
            found += _listed(engine, "chance_numbers", lambda: _outcome_mistakes(engine, players, start, listed))
    return found, listed[0]


def _listed(engine: Engine, header: str, mistakes) -> list[NumberingMistake]:
    """``mistakes()``, or the refusal of the listing itself (too many candidates, a step the listing cannot take),
    told at the line of the model's ``header`` (`actions numbered`, `chance outcomes numbered`)."""
    try:
        return mistakes()
    except NumberingError as error:
        return [NumberingMistake(getattr(engine.model, header).loc, f"the adapters cannot list the candidates to "
                                 f"number: {error}", "number fewer candidates (narrow the options' `for` domains by "
                                 "conditions no state decides), or leave the numbering out", "listing")]


class _Found:
    """Candidates found wrong: how many, and the first SHOWN of them said (each once), so that memory stays small
    however many there are."""

    def __init__(self):
        self.count, self.said = 0, {}

    def add(self, said: str) -> None:
        self.count += 1
        if len(self.said) < SHOWN:
            self.said[said] = None

    def __str__(self) -> str:
        return ", ".join(self.said) + (f" ({self.count:,} candidates in all)" if self.count > len(self.said) else "")


def _action_mistakes(engine: Engine, players: int, start, listed: list) -> list[NumberingMistake]:
    last = engine.ACTION_NUMBERS(start)
    outside: dict[tuple[str, int], _Found] = {}  # (step, option) -> its candidates numbered out of range
    for candidate in action_candidates(engine, players, start):
        listed[0] += 1
        if not 0 <= candidate.number <= last:
            outside.setdefault((candidate.step, candidate.option), _Found()).add(
                f"`{candidate.text}` (player {candidate.seat + 1}) is {candidate.number}")
    mistakes = []
    for (step, k), found in outside.items():
        option = _model_option(engine, step, engine.STEPS[step].options[k].name)
        mistakes.append(NumberingMistake(
            option.number.loc or option.loc,
            f"option `{step}.{option.name}` numbers {_counted(found.count, 'candidate')} outside 0 to {last} "
            f"(`actions numbered`): {', '.join(found.said)}{', ...' if found.count > len(found.said) else ''}",
            OUT_OF_RANGE_HINT))
    return mistakes


def _outcome_mistakes(engine: Engine, players: int, start, listed: list) -> list[NumberingMistake]:
    last = engine.CHANCE_NUMBERS(start)
    outside: dict[str, _Found] = {}  # step -> its outcomes numbered out of range
    apart: dict[str, _Found] = {}  # step -> its outcomes that read alike but are numbered differently
    numbers: dict[tuple, int] = {}  # (step, arguments, text) -> its first number (as the adapters keep them)
    for step, args, text, number in outcome_candidates(engine, players, start):
        listed[0] += 1
        if not 0 <= number <= last:
            outside.setdefault(step, _Found()).add(f"`{text}` is {number}")
        first = numbers.setdefault((step, args, text), number)
        if first != number:
            apart.setdefault(step, _Found()).add(f"`{text}` is {first} and {number}")
    mistakes = []
    for step in dict.fromkeys([*outside, *apart]):
        chance = next(s for s in engine.model.steps if s.name == step)
        loc = chance.outcome.number.loc or chance.loc
        if step in outside:
            mistakes.append(NumberingMistake(loc, f"chance `{step}` numbers outcomes outside 0 to {last} (`chance "
                                                  f"outcomes numbered`): {outside[step]}", CHANCE_OUT_OF_RANGE_HINT))
        if step in apart:
            mistakes.append(NumberingMistake(
                loc, f"chance `{step}` numbers outcomes that read alike differently: {apart[step]}",
                "outcomes of one chance node that read alike are one outcome (their weights added), so they need one "
                "number: number them from what their text shows, or show in the text what tells them apart", "alike"))
    return mistakes


def _model_option(engine: Engine, step: str, option: str):
    found = next(s for s in engine.model.steps if s.name == step)
    return next(o for o in found.options if o.name == option)


def _counted(count: int, what: str) -> str:
    return f"1 {what}" if count == 1 else f"{count:,} {what}s"


def configurations(engine: Engine) -> list[tuple[dict[str, str], int]]:
    """(options, players) to check the numbers with: every player count with every combination of the options'
    values, or where those are more than MOST_CONFIGURATIONS, every player count with the defaults and with each
    value of each option alone."""
    counts = range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1)
    names = list(engine.OPTIONS)
    every = [dict(zip(names, values)) for values in itertools.product(*(engine.OPTIONS[n][0] for n in names))]
    if len(every) * len(counts) > MOST_CONFIGURATIONS:
        defaults = {name: default for name, (_, default) in engine.OPTIONS.items()}
        every = [defaults] + [dict(defaults, **{name: value}) for name in names
                              for value in engine.OPTIONS[name][0] if value != defaults[name]]
    return [(options, players) for options in every for players in counts]


def numbering_diagnostics(engine: Engine, unchecked: Optional[list[str]] = None) -> list:
    """A Diagnostic for each place whose candidates are misnumbered in some configuration (its first), at the
    `numbered` clause in the rule file; none where the game numbers nothing. The configurations are checked in
    turn while the candidates listed stay under the limit `numbered_candidates` in all (each alone is bounded by
    it too): those left are added to ``unchecked`` (`2 players, size 9`), told by the caller."""
    if engine.ACTION_NUMBERS is None and engine.CHANCE_NUMBERS is None:
        return []
    from ..language.errors import SourceText
    model = engine.model
    checked = configurations(engine)
    first: dict[tuple, list] = {}  # (place, kind) -> [the first configuration's text and mistake, how many more]
    listed = 0
    for options, players in checked:
        said = ", ".join([f"{players} player{'s' if players != 1 else ''}"]
                         + [f"{name} {value}" for name, value in options.items()])
        if listed >= limit("numbered_candidates"):
            if unchecked is not None:
                unchecked.append(said)
            continue
        game = engine if options == engine._option_values else type(engine)(options)
        game.model = model
        mistakes, more = numbering_mistakes(game, players)
        listed += more
        for mistake in mistakes:
            kept = first.setdefault((mistake.loc, mistake.kind), [said if len(checked) > 1 else "", mistake, -1])
            kept[2] += 1
    out = []
    for said, mistake, more in first.values():
        loc = mistake.loc
        path = loc.file if loc is not None else model.source_path
        message = (f"with {said}: " if said else "") + mistake.message + (
            f" (and so in {more} more configuration{'s' if more != 1 else ''})" if more else "")
        out.append(SourceText.of(path, model.source_path, model.source_text).diagnostic(loc.line if loc else 1, loc.column if loc else 1, message,
                                                     hint=mistake.hint))
    return out


def unchecked_note(unchecked: list[str]) -> str:
    """What `rulespec check` says of the configurations whose numbers it did not check."""
    return (f"numbers not checked with {'; '.join(unchecked[:SHOWN])}{'; ...' if len(unchecked) > SHOWN else ''} "
            f"({len(unchecked):,} configuration{'s' if len(unchecked) != 1 else ''}): the candidates listed reached "
            f"{limit('numbered_candidates'):,} (limit `numbered_candidates`); the adapters check them when they load "
            f"the game with those options")


def candidate_numbering_problem(engine: Engine, players: int) -> Optional[str]:
    """What is wrong with the numbers of ``engine``'s candidates with ``players`` players (each mistake with its
    file:line), worked out once per engine and player count; None if nothing is."""
    kept = _KEPT.get(id(engine))
    if kept is None or kept[0] is not engine:
        if len(_KEPT) >= KEPT_ENGINES:
            _KEPT.clear()
        kept = _KEPT[id(engine)] = (engine, {})
    if players not in kept[1]:
        mistakes, _ = numbering_mistakes(engine, players)
        kept[1][players] = "\n".join(
            (f"{m.loc.file}:{m.loc.line}: " if m.loc is not None else "") + f"{m.message} (hint: {m.hint})"
            for m in mistakes) or None
    return kept[1][players]


_KEPT: dict[int, tuple[Engine, dict[int, Optional[str]]]] = {}  # id(engine) -> (engine, players -> its problem)
KEPT_ENGINES = 16
