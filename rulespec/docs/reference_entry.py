"""One entry of the language reference (rulespec/docs/reference.py): the constructs it shows, the tiny game its
snippet is cut from, and what it says."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    section: str
    title: str
    constructs: tuple[str, ...]
    game: str  # file in ref_games/
    snippet: str
    text: str


def E(section: str, title: str, constructs: str, game: str, snippet: str, text: str) -> Entry:
    return Entry(section, title, tuple(constructs.split()), game, snippet.strip("\n"), text)
