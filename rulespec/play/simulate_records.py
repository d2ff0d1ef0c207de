"""What `rulespec simulate --resume` reads back from an output folder, validated (pydantic models).

``run.json`` (the run's settings) and each line of ``games.jsonl`` (one game) cross into the program
from a folder anyone may have edited: each is a model with strict types, bounded numbers and texts
and no other keys, and a game must fit the run (its side, seed, seats and step budget). A problem is
a ResumeProblem naming the file, the line and the field. Only the last line may be cut off (what an
interrupted run leaves): it is dropped, and its game played again. Imported by the resume path only
(pydantic is not part of ``import rulespec``).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Iterator, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, model_validator
from pydantic_core import PydanticCustomError

from .records import GameRecord, ResumeProblem, SeedSet

MAX_LINE_BYTES = 1 << 20  # a game's line; rulespec writes far less (its longest: the rules fired, by seat)
MAX_RUN_BYTES = 1 << 20
MAX_COUNT = 10 ** 12  # steps, turns, rule firings: far beyond any game a run can play
MAX_SEED = 2 ** 63
MAX_SEATS = 1000

Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Seed = Annotated[int, Field(ge=-MAX_SEED, le=MAX_SEED)]
Points = Annotated[int, Field(ge=-MAX_COUNT, le=MAX_COUNT)]
Name = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", max_length=200)]  # an end's or score's name
RuleLabel = Annotated[str, Field(pattern=r"^([a-z]+ )?[A-Za-z_][A-Za-z0-9_.]*$", max_length=300)]  # option turn.draw
Text = Annotated[str, Field(max_length=10_000)]
Pair = Annotated[list[Count], Field(min_length=2, max_length=2)]


def _not_in_run(where: str, what: str) -> PydanticCustomError:
    return PydanticCustomError("not_in_this_run", "{where}: {what}", {"where": where, "what": what})


class RecordedGame(BaseModel):
    """One line of games.jsonl: a played game (rulespec.play.simulate.GameRecord) and its side."""
    model_config = ConfigDict(extra="forbid", strict=True)

    side: Annotated[int, Field(ge=0, le=100)]
    seed: Seed
    actions: Count
    chance: Count
    turns: Count
    end: Name
    winners: Annotated[list[Annotated[int, Field(ge=0, lt=MAX_SEATS)]], Field(max_length=MAX_SEATS)]
    scores: Annotated[dict[Name, Annotated[list[Points], Field(max_length=MAX_SEATS)]], Field(max_length=1000)]
    fires: Annotated[dict[RuleLabel, Count], Field(max_length=10_000)]
    error: Text = ""
    races: Annotated[list[Pair], Field(max_length=MAX_SEATS)] = []
    seat_fires: Annotated[list[Annotated[dict[RuleLabel, Count], Field(max_length=10_000)]],
                          Field(max_length=MAX_SEATS)] = []

    @model_validator(mode="after")
    def fits_the_run(self, info: ValidationInfo) -> "RecordedGame":
        run: Optional[RunContext] = (info.context or {}).get("run")
        if run is None:
            return self
        players = run.players
        if self.side >= len(run.step_budgets):
            raise _not_in_run("side", f"{self.side}, but the run plays {len(run.step_budgets)} rule file(s)")
        if not run.first_seed <= self.seed < run.first_seed + run.games:
            raise _not_in_run("seed", f"{self.seed} is not one of the run's ({run.first_seed} to "
                                      f"{run.first_seed + run.games - 1})")
        for k, seat in enumerate(self.winners):
            if seat >= players or seat in self.winners[:k]:
                raise _not_in_run(f"winners[{k}]", f"{seat} is not another seat of a {players}-player game")
        for name, values in self.scores.items():
            if len(values) != players:
                raise _not_in_run(f"scores.{name}", f"{len(values)} values for {players} players")
        for field, values in (("races", self.races), ("seat_fires", self.seat_fires)):
            if len(values) not in (0, players):
                raise _not_in_run(field, f"{len(values)} seats in a {players}-player game")
        steps = run.step_budgets[self.side] + players  # (simultaneous choices may finish their round)
        if self.actions + self.chance > steps:
            raise _not_in_run("actions", f"{self.actions} decisions and {self.chance} chance outcomes: more than "
                                         f"the run's step budget of {steps - players}")
        if self.turns > (self.actions + self.chance + 1) * (2 * players + 2):  # the runtime's idle-turn bound
            raise _not_in_run("turns", f"{self.turns} turns in a game of {self.actions + self.chance} steps")
        if self.error and self.end != "error":
            raise _not_in_run("end", f"{self.end!r}, but a game that stopped with an error ends 'error'")
        return self

    def game(self) -> tuple[int, GameRecord]:
        fields = self.model_dump(exclude={"side"})
        return self.side, GameRecord(**fields)


class RunFile(BaseModel):
    """run.json: the settings of the run in the folder (rulespec.play.simulate.run_parameters)."""
    model_config = ConfigDict(extra="forbid", strict=True)

    plans: Annotated[list[tuple[Annotated[str, Field(max_length=1000)], Annotated[str, Field(max_length=4096)],
                                Annotated[list[Name], Field(max_length=100)]]],
                     Field(min_length=1, max_length=100)]
    players: Annotated[int, Field(ge=1, le=MAX_SEATS)]
    first_seed: Seed
    games: Annotated[int, Field(ge=1, le=MAX_COUNT)]
    options: Annotated[dict[Annotated[str, Field(max_length=200)], Union[Annotated[str, Field(max_length=1000)], int]],
                       Field(max_length=1000)]
    seats: Annotated[list[Literal["random", "greedy", "mcts"]], Field(min_length=1, max_length=MAX_SEATS)]
    max_steps: Optional[Annotated[int, Field(ge=1, le=MAX_COUNT)]]
    mcts_simulations: Annotated[int, Field(ge=1, le=MAX_COUNT)]
    reactions: Optional[Annotated[list[Annotated[str, Field(max_length=200)]], Field(max_length=MAX_SEATS)]] = None


@dataclass(frozen=True)
class RunContext:
    """What a recorded game must fit: the players, the seeds recorded, each side's step budget."""
    players: int
    first_seed: int
    games: int
    step_budgets: list[int]


def where(location: tuple) -> str:
    """A pydantic error location as a path: scores.penalty[1], fires["odd key"] (a key shown escaped)."""
    text = ""
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part == "[key]":  # (pydantic's mark of a dictionary's key, not its value)
            text += " (key)"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,39}", part):
            text += f".{part}" if text else part
        else:
            text += f"[{json.dumps(part[:40])}]"
    return text


def problem_text(error: ValidationError) -> str:
    """The first problem of ``error`` (and how many more), for a ResumeProblem."""
    problems = error.errors(include_url=False, include_input=False, include_context=False)
    first = problems[0]
    text = f"{where(first['loc'])}: {first['msg']}" if first["loc"] else first["msg"]
    more = len(problems) - 1
    return text + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")


def _own_file(path: Path, flags: int) -> int:
    """A descriptor of the folder's own file ``path``, never through a link (one could point anywhere)."""
    try:
        return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0))
    except OSError as error:
        link = path.is_symlink()
        raise ResumeProblem(f"--resume: {path}: " + ("a link; a run's folder holds its own files only" if link
                                                     else error.strerror or str(error))) from None


def read_run_file(path: Path) -> dict:
    """run.json, validated; a problem is a ResumeProblem naming the file."""
    with os.fdopen(_own_file(path, os.O_RDONLY), "rb") as handle:
        data = handle.read(MAX_RUN_BYTES + 1)
    if len(data) > MAX_RUN_BYTES:
        raise ResumeProblem(f"--resume: {path}: longer than {MAX_RUN_BYTES:,} bytes: not a run.json rulespec wrote")
    try:
        run = RunFile.model_validate_json(data)
    except ValidationError as error:
        raise ResumeProblem(f"--resume: {path}: {problem_text(error)}; not a run.json rulespec wrote "
                            f"(run without --resume to start over)") from None
    return {**run.model_dump(exclude_none=True), "plans": [list(plan) for plan in run.plans],
            "max_steps": run.max_steps}


class GamesFile:
    """The games of games.jsonl, line by line (``games()``), each validated against ``context``;
    afterwards ``cut_line`` is the number of a last line cut off (None if none) and ``whole_bytes``
    the length of the whole lines before it."""

    def __init__(self, path: Path, context: RunContext, seeds_now: int):
        self.path, self.context = path, context
        self.cut_line: Optional[int] = None
        self.whole_bytes = 0
        self.seen = [SeedSet(context.first_seed, min(context.games, seeds_now)) for _ in context.step_budgets]

    def _refuse(self, number: int, what: str) -> ResumeProblem:
        return ResumeProblem(f"--resume: {self.path}:{number}: {what}; not a record rulespec wrote (mend or "
                             f"remove the line, or run without --resume to start over)")

    def games(self) -> Iterator[tuple[int, GameRecord]]:
        with os.fdopen(_own_file(self.path, os.O_RDONLY), "rb") as handle:
            number = 0
            while line := handle.readline(MAX_LINE_BYTES + 1):
                number += 1
                if len(line) > MAX_LINE_BYTES:
                    raise self._refuse(number, f"longer than {MAX_LINE_BYTES:,} bytes")
                if not line.endswith(b"\n"):  # the last line, cut off by an interruption
                    self.cut_line = number
                    return
                self.whole_bytes += len(line)
                if line.strip():
                    yield self._game(number, line)

    def _game(self, number: int, line: bytes) -> tuple[int, GameRecord]:
        try:
            recorded = RecordedGame.model_validate_json(line, context={"run": self.context})
        except ValidationError as error:
            raise self._refuse(number, problem_text(error)) from None
        seen = self.seen[recorded.side]
        if recorded.seed in seen:
            raise self._refuse(number, f"a second record of side {recorded.side}'s game of seed {recorded.seed}")
        if recorded.seed < seen.first + seen.count:  # (seeds past this run's --games are not counted)
            seen.add(recorded.seed)
        return recorded.game()

    def drop_cut_line(self) -> Optional[str]:
        """Truncate the file to its whole lines; what was done, for the report (None: nothing)."""
        if self.cut_line is None:
            return None
        descriptor = _own_file(self.path, os.O_WRONLY)
        try:
            os.ftruncate(descriptor, self.whole_bytes)
        finally:
            os.close(descriptor)
        return (f"{self.path.name}:{self.cut_line}: the last line was cut off (the run was interrupted while "
                f"writing it): its partial record was dropped and its game played again")
