"""Did-you-mean: the known texts closest to a text that is none of them, for a bounded amount of work.

difflib compares a text with each candidate, at up to a microsecond per character of the two; a rule
file within the limits can ask thousands of times, each against up to 20,000 texts (issue #37: 200
misspelt example actions kept `rulespec check` busy for over three minutes). So each comparison is paid
for, in characters compared, from the call's own allowance and from the budget of the run it belongs to
(a check, the examples of a file: ``run_budget``). When either is spent the search stops with the best
it has found, and finds nothing once the run's budget is gone: the message then only says what is wrong.

Candidates are compared closest in length first; one too much longer or shorter than the text to reach
the cutoff (difflib's real_quick_ratio) is never compared. Within the budget the answer is difflib's
``get_close_matches`` (without repeats).
"""

from __future__ import annotations

import contextlib
import difflib
import heapq
from contextvars import ContextVar
from typing import Iterable, Iterator, Optional

CALL_CHARACTERS = 100_000  # characters one suggestion compares at most (about 0.1 s)
RUN_CHARACTERS = 1_500_000  # characters all the suggestions of one run compare at most (about 1.5 s)
OVERHEAD = 30  # what a comparison costs besides its characters, counted as characters

_RUN_LEFT: ContextVar[Optional[list[int]]] = ContextVar("suggestion_characters_left", default=None)


@contextlib.contextmanager
def run_budget(characters: int = RUN_CHARACTERS) -> Iterator[None]:
    """The suggestions made inside share a budget of ``characters`` (inside another run, they share its)."""
    if _RUN_LEFT.get() is not None:
        yield
        return
    token = _RUN_LEFT.set([characters])
    try:
        yield
    finally:
        _RUN_LEFT.reset(token)


def _can_reach(length: int, other: int, cutoff: float) -> bool:
    """Whether texts of these lengths can be ``cutoff`` alike (difflib's real_quick_ratio)."""
    total = length + other
    return (2.0 * min(length, other) / total if total else 1.0) >= cutoff


class Candidates:
    """Known texts, kept by length, to suggest from (once, or for many texts: a checker's action texts)."""

    def __init__(self, texts: Iterable[str]):
        self.by_length: dict[int, list[str]] = {}
        for text in dict.fromkeys(texts):
            self.by_length.setdefault(len(text), []).append(text)

    def _in_length_order(self, length: int, cutoff: float) -> Iterator[str]:
        lengths = sorted((other for other in self.by_length if _can_reach(length, other, cutoff)),
                         key=lambda other: (abs(other - length), other))
        for other in lengths:
            yield from self.by_length[other]

    def closest(self, word: str, n: int = 1, cutoff: float = 0.6) -> list[str]:
        """Up to ``n`` texts at least ``cutoff`` alike to ``word``, the closest first."""
        run = _RUN_LEFT.get()
        allowance = CALL_CHARACTERS if run is None else min(CALL_CHARACTERS, run[0])
        spent, scored = 0, []
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(word)
        for candidate in self._in_length_order(len(word), cutoff):
            cost = len(word) + len(candidate) + OVERHEAD
            if spent + cost > allowance:
                break
            spent += cost
            matcher.set_seq1(candidate)
            if matcher.quick_ratio() >= cutoff:
                score = matcher.ratio()
                if score >= cutoff:
                    scored.append((score, candidate))
        if run is not None:
            run[0] -= spent
        return [text for _, text in heapq.nlargest(n, scored)]


def close_matches(word: str, candidates: Iterable[str], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """difflib.get_close_matches(word, candidates, n, cutoff), within the budgets above."""
    return Candidates(candidates).closest(word, n, cutoff)
