"""What a simulation records: one game's record, the set of seeds played, and the files of a run's
output folder (read back, and checked, by rulespec/play/simulate_records.py on --resume)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


GAMES_FILE = "games.jsonl"  # one JSON line per game played, appended as results arrive
RUN_FILE = "run.json"  # what the run plays, so that --resume continues the same run only


class ResumeProblem(ValueError):
    """The output folder holds another run (or none) than the one asked to resume."""


@dataclass
class GameRecord:
    seed: int
    actions: int  # decisions taken by players
    chance: int  # chance outcomes
    turns: int
    end: str
    winners: list[int]
    scores: dict[str, list[int]]
    fires: dict[str, int]
    error: str = ""
    # per seat: [races won, races lost] (rounds of a claim window in which two or more seats claimed)
    races: list[list[int]] = field(default_factory=list)
    # per seat: the rules fired by its own decisions (the option taken and what it set off)
    seat_fires: list[dict[str, int]] = field(default_factory=list)


class SeedSet:
    """The seeds played of ``first`` .. ``first + count - 1``, one bit each (a big run's memory)."""

    def __init__(self, first: int, count: int):
        self.first, self.count = first, count
        self.bits = bytearray((count + 7) // 8)

    def _place(self, seed: int) -> Optional[tuple[int, int]]:
        offset = seed - self.first
        return (offset >> 3, 1 << (offset & 7)) if 0 <= offset < self.count else None

    def __contains__(self, seed: int) -> bool:
        place = self._place(seed)
        return place is not None and bool(self.bits[place[0]] & place[1])

    def add(self, seed: int) -> None:
        place = self._place(seed)
        if place is None:
            raise ValueError(f"seed {seed} is not one of this run's")
        self.bits[place[0]] |= place[1]
