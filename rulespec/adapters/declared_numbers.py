"""A game's own action numbers (`actions numbered 0 to N`, each option's `numbered EXPR`; issue #41).

Where a rule file numbers its actions, a seat's action number is its option's expression (the engine's
generated ``number_<step>__<option>``), not the place of its text in ActionTable's enumeration: OpenSpiel and
PettingZoo offer N + 1 actions, N worked out for the configuration loaded, and a legal action's number is
what the rule file says (Oware: the mover's six houses 0-5 for either seat, as OpenSpiel numbers them).

A number's text without a state (OpenSpiel's ``Game.action_to_string(player, n)``) is found by listing, for
each seat, every candidate of every option that its conditions no state decides allow (the generated
``numbered_<step>__<option>``), with its number: the expression reads nothing a state decides
(rulespec/model/action_numbers.py), so any state gives the same. Each binding's domain is taken at its widest
(a ray or a walk to the board's edge, a group as the whole board; a zone as it is at the start), and a field of
the text that a state decides reads `<its source>` (chess: `<kind of occupant of s> 1 1 to 1 8`); such a text
reads back with its values filled in. At a state the numbers of the legal actions are worked out
from the listing's rows (listing_numbers.py); two with one number, or a number outside 0..N, is an
AdapterError naming the options and their rule-file lines (`rulespec verify` checks it too).
"""

from __future__ import annotations

import operator
import re
from itertools import islice
from typing import Optional

from ..runtime.engine import Engine, State
from .numbered_candidates import NumberingError, action_candidates

NO_ACTION = "(no action {})"  # the text of a number no action of that seat has
# what to do about a candidate numbered out of range (the adapters' refusal and `rulespec check`'s)
OUT_OF_RANGE_HINT = ("a candidate its conditions that no state decides allow is numbered even if it is never legal: "
                     "add an `only if` that rules it out (reading the bound names, board geometry, seats), or widen "
                     "the range")
LISTED_KEPT = 1 << 16  # texts listed at states whose numbers are kept (then it starts again)
_seat_of = operator.itemgetter(0)
_below = operator.lt
_SOURCE = re.compile(r"<[^<>]*>")  # a value a state decides, in a text without a state


class DeclaredNumbers:
    """The numbers a rule file gives its actions, for one configuration and player count: ``size`` (N + 1),
    and each seat's texts by number (``texts[seat][n]``, several joined by ` / ` where options that are never
    legal together share a number) and numbers by text (``ids[seat]``)."""

    def __init__(self, engine: Engine, players: int):
        self.engine, self.players = engine, players
        start = engine.new_game(players)
        self.size = engine.ACTION_NUMBERS(start) + 1
        found: list[dict[int, list[str]]] = [{} for _ in range(players)]
        self.ids: list[dict[str, int]] = [{} for _ in range(players)]
        for seat, text, number, step, k in action_candidates(engine, players, start):
            if not 0 <= number < self.size:
                raise NumberingError(f"`{text}` (player {seat + 1}; {self.where(step, k)}) is numbered {number}, "
                                     f"outside 0 to {self.size - 1} (`actions numbered`); {OUT_OF_RANGE_HINT}")
            texts = found[seat].setdefault(number, [])
            if text not in texts:
                texts.append(text)
            self.ids[seat].setdefault(text, number)
        self.texts = [[" / ".join(texts[n]) if n in texts else NO_ACTION.format(n) for n in range(self.size)]
                      for texts in found]
        for seat, texts in enumerate(found):  # (a number's joined texts read back to it too)
            for number, said in texts.items():
                self.ids[seat].setdefault(" / ".join(said), number)
        # (seat, text) -> number of the texts listed at states (a text may show what the state holds: `sow 1 1
        # (3)`), so that an Action played is numbered without its listing (the information state's rows)
        self.listed: dict[tuple[int, str], int] = {}
        self.known: dict[tuple, dict[tuple, int]] = {}  # a decision's frame (step, arguments) -> row -> its number
        # (a decision's frame, its rows) -> the short listing's ListingNumbers (listing_numbers.seat_numbers)
        self.listings: dict[tuple, object] = {}
        self.keeping, self.kept_found = True, 0  # whether short listings are kept; how many were found again
        self.patterns: Optional[list[list[tuple[re.Pattern, int]]]] = None  # texts showing `<source>`, made once asked

    def row_numbers(self, st: State, pending) -> list[int]:
        """The number of each row of ``pending`` (a choice's listing at ``st``), checked: each in range and no
        two alike. A row's number depends on the step's arguments and the row alone (no state decides it), so
        it is worked out once and kept (``known``; the engine hands the same rows out again)."""
        numbers = self._row_numbers(st, pending)
        # (each in range: checked when first worked out; no two alike for one seat, where several choose)
        if len(set(numbers) if pending.seat >= 0 else set(zip(map(_seat_of, pending.rows), numbers))) < len(numbers):
            self._refuse(st, pending, numbers)
        return numbers

    def seat_row_numbers(self, st: State, pending) -> tuple[list[int], list[int]]:
        """A seat's decision's row numbers (``pending.seat`` >= 0: every row the seat's own), as row_numbers, and
        the legal numbers they make, sorted: no two alike checked on the sorted numbers (each above the one
        before), so a listing out of the numbering's order is numbered with one sort, no set or dict made
        (listing_numbers.seat_numbers: ListingNumbers.of_distinct)."""
        numbers = self._row_numbers(st, pending)
        legal = sorted(numbers)
        if not all(map(_below, legal, islice(legal, 1, None))):
            self._refuse(st, pending, numbers)
        return numbers, legal

    def _row_numbers(self, st: State, pending) -> list[int]:
        """Each row's number, each in range (unchecked for two alike)."""
        frame = st._stack[-1]
        known = self.known.get(frame)
        if known is None:
            if len(self.known) > LISTED_KEPT:
                self.known.clear()
            known = self.known[frame] = {}
        rows = pending.rows
        numbers = list(map(known.get, rows))
        if None in numbers:
            numbers = [self._numbered(st, frame[1], pending.options, row, known) if n is None else n
                       for row, n in zip(rows, numbers)]
        return numbers

    def _numbered(self, st: State, args: tuple, options: tuple, row: tuple, known: dict) -> int:
        """A row's number, worked out and kept (with its text's, for an Action played: ``listed``)."""
        number = options[row[2]].number(st, *args, *row[3])
        if not 0 <= number < self.size:
            self._refuse(st, st._offer(), [number], row)
        known[row] = number
        if len(self.listed) > LISTED_KEPT:
            self.listed.clear()
        self.listed[row[0], row[1]] = number
        return number

    def _refuse(self, st: State, pending, numbers: list[int], only: Optional[tuple] = None) -> None:
        """Raise NumberingError for the first number out of range or taken twice (of row ``only``, if given)."""
        step = st._stack[-1][0]
        rows = pending.rows if only is None else [only]
        first: dict[tuple[int, int], int] = {}
        for row, number in enumerate(numbers):
            seat, text, where = rows[row][0], rows[row][1], self.where(step, rows[row][2])
            if not 0 <= number < self.size:
                raise NumberingError(f"`{text}` ({where}) is numbered {number}, outside 0 to {self.size - 1} "
                                     f"(`actions numbered`)")
            if (seat, number) in first:
                other = rows[first[seat, number]]
                raise NumberingError(f"two legal actions are numbered {number}: `{other[1]}` ({self.where(step, other[2])}) "
                                     f"and `{text}` ({where})")
            first[seat, number] = row

    def where(self, step: str, k: int) -> str:
        """Option number ``k`` of ``step`` with its rule-file line: `option turn.sow, rulebooks/oware.rules:62`."""
        option = self.engine.STEPS[step].options[k]
        line = _option_line(self.engine, step, option.name)
        return f"option {step}.{option.name}" + (f", {line}" if line else "")

    def text(self, seat: int, number: int) -> str:
        if not 0 <= number < self.size:
            raise ValueError(f"no action {number}; they are 0 to {self.size - 1}")
        return self.texts[seat][number]

    def number_of(self, seat: int, text: str) -> Optional[int]:
        """The number of ``seat``'s action ``text``: named without a state, listed at a state, or its values
        filled in where the text without a state shows `<their source>` (`queen 4 1 to 4 5`)."""
        if not 0 <= seat < self.players:
            return None
        found = self.ids[seat].get(text)
        if found is None:
            found = self.listed.get((seat, text))
        return self._filled_in(seat, text) if found is None else found

    def _filled_in(self, seat: int, text: str) -> Optional[int]:
        """The one number whose text without a state reads ``text`` with each `<source>` filled in."""
        if self.patterns is None:
            self.patterns = [[(re.compile(".+".join(map(re.escape, _SOURCE.split(said)))), number)
                              for said, number in ids.items() if _SOURCE.search(said)] for ids in self.ids]
        found = {number for pattern, number in self.patterns[seat] if pattern.fullmatch(text)}
        return found.pop() if len(found) == 1 else None


def _option_line(engine: Engine, step: str, option: str) -> Optional[str]:
    """`path:line` of an option in the engine's rule file (read from its model: only to tell a mistake)."""
    for s in engine.model.steps:
        if s.name == step:
            for o in s.options:
                if o.name == option and o.loc is not None:
                    return f"{o.loc.file}:{o.loc.line}"
    return None
