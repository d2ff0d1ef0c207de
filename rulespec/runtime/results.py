"""How a game that ended is scored: its end decided, the outcome, ranks, winners and each seat's returns
(Engine's part; the ranking and returns a rule file declares are the engine's tables)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Optional

from .common import ENDING, LOTS
from .fills import read_only_fills
from .policies import zero_sum_returns
from .state import State

if TYPE_CHECKING:
    from .tables import EndInfo


def _first_placed(ranks: list[int]) -> list[int]:
    """The seats ranked first, none when every seat (of two or more) ties for first: a draw has no winners."""
    winners = []
    for seat, rank in enumerate(ranks):
        if rank == 1:
            winners.append(seat)
    return [] if len(ranks) > 1 and len(winners) == len(ranks) else winners


# A file without a `ranking` declaration: the declared winners first, every other seat tied after them
# (without it every key was empty and player 1 ranked first, whoever the end declared the winner).
NO_RANKING: tuple[tuple[str, Optional[str]], ...] = (("winner_first", None), ("ties_share", None))


class Results:
    """How a game that ended is scored (Engine's part): its end, outcome, ranks, winners and returns."""

    __slots__ = ()

    def _end(self, st: State, end: EndInfo, winners: list, then: Optional[tuple] = None) -> None:
        """The game ends by ``end`` (its check just held, naming ``winners``; ``then``: the step its `then`
        runs, as the check found it, else worked out by end.then)."""
        if len(winners) > 1:
            winners = sorted(set(winners))
        st._stack.clear()
        st._pending = None
        if end.then is not None:
            # The end is decided; its closing step runs first (mats cleared, ...), then the game is scored.
            step, args = then if then is not None else end.then(st)
            st._stack.append((ENDING, (), 0, self._end_text(end, winners), ()))
            st._stack.append((step, args, st._actor, "end", ()))
            return
        self._finish(st, {"end": end.name, "winners": winners, "cites": list(end.cites)})

    def _end_text(self, end: EndInfo, winners: list) -> str:
        """The decided end as the JSON text a frame carries (frames are plain data), made once per end and winners."""
        key = (end.name, tuple(winners))
        text = self._end_texts.get(key)
        if text is None:
            if len(self._end_texts) > 4096:
                self._end_texts.clear()
            over = {"end": end.name, "winners": winners, "cites": list(end.cites)}
            text = self._end_texts[key] = json.dumps(over, sort_keys=True)
        return text

    def _over_of(self, text: str) -> dict:
        """An end's JSON text (an ENDING or LOTS frame's cause) as a new dict, read once per text."""
        over = self._end_values.get(text)
        if over is None:
            if len(self._end_values) > 4096:
                self._end_values.clear()
            over = self._end_values[text] = json.loads(text)
        return dict(over)  # (its lists are read, never changed: outcome() hands out copies)

    def _finish(self, st: State, over: dict) -> None:
        """The game (or this leg of a match) is over: go on to the next leg, draw lots, or record the result."""
        if self.MATCH is not None and st._leg + 1 < len(self.MATCH[0]):
            self._next_leg(st, over)
            return
        tied = self._tied_for_first(st, over) if self._draws_lots and over["end"] not in self._drawn_by else []
        if len(tied) > 1:
            # The end is decided, but the winner is drawn by lot: one more chance node.
            st._stack.append((LOTS, tuple(tied), 0, json.dumps(over, sort_keys=True), ()))
        else:
            st._over = over

    def _next_leg(self, st: State, over: dict) -> None:
        """Record this leg's scores and set up the next leg of the match in the same state."""
        scores = {name: [fn(st, seat) for seat in range(st.players)] for name, fn in self.SCORES.items()}
        legs = st._legs + [{"end": over["end"], "winners": over["winners"], "options": dict(st._options),
                           "scores": scores}]
        fresh = self._empty_state(st.players, self._leg_options(st._leg + 1))
        fresh._leg, fresh._legs = st._leg + 1, legs
        fresh.history, fresh._violations, fresh.fired = st.history, st._violations, st.fired
        fresh._origin, fresh._origin_moves = st._origin, st._origin_moves  # (a failing step replays from it)
        for name in State.__slots__:
            setattr(st, name, getattr(fresh, name))
        self._start_setup(st)

    def _match_first_seat(self, st: State) -> int:
        """Each leg of a match is started by the next player clockwise."""
        return (self.FIRST_SEAT + st._leg) % st.players

    def _tied_for_first(self, st: State, over: dict) -> list[int]:
        keys = self._rank_keys(st, over)
        best = min(keys)
        return [seat for seat in range(st.players) if keys[seat] == best]

    def _draw_lot(self, st: State, cause: str, *args) -> None:
        seat = args[-1]
        over = self._over_of(cause)
        over["lot"] = seat
        st._over = over

    # ---- results and views
    def _scores(self, st: State, names: Optional[set] = None) -> dict[str, list[int]]:
        """Every declared score per seat (or those ``names``); in a match, the added-up scores are totals
        over the legs."""
        # (plain loops here and in the ranking: an outcome is worked out at every end a search reaches)
        scores = {}
        seats = st._t.seats
        before = read_only_fills({})  # (scores only read the position: a fill answers for its region)
        try:
            for name, fn in self.SCORES.items():
                if names is None or name in names:
                    values = []
                    for seat in seats:
                        values.append(fn(st, seat))
                    scores[name] = values
        finally:
            read_only_fills(before)
        if self.MATCH is not None:
            for name in self.MATCH[1]:
                if name not in scores:
                    continue
                scores[name] = [scores[name][seat] + sum(leg["scores"][name][seat] for leg in st._legs)
                                for seat in range(st.players)]
        return scores

    def _rank_keys(self, st: State, over: dict, scores: Optional[dict] = None) -> list[tuple]:
        """Each seat's sort key from the declared ranking chain (smaller is better). A match is won on
        its totals, so a leg's declared winner does not rank first there. Only the scores the ranking reads
        are worked out (a score may ask who won: `p won`), unless ``scores`` holds them already."""
        if over.get("end") in self._drawn_by:  # a declared draw: the same key for every seat
            return [()] * st.players
        ranking = self.RANKING or NO_RANKING
        if scores is None:
            read = set()
            for _, score in ranking:
                if score is not None:
                    read.add(score)
            scores = self._scores(st, read)
        declared = over.get("winners", ())
        in_match = self.MATCH is not None
        keys = []
        for seat in st._t.seats:
            key = []
            for kind, score in ranking:
                if kind == "winner_first":
                    if not in_match:
                        key.append(0 if seat in declared else 1)
                elif kind == "lowest":
                    key.append(scores[score][seat])
                elif kind == "highest":
                    key.append(-scores[score][seat])
                elif kind == "lot":
                    key.append(0 if over.get("lot") == seat else 1)
            keys.append(tuple(key))
        return keys

    def _ranks(self, st: State, scores: Optional[dict] = None) -> list[int]:
        """Each seat's place at the end (1 = first; ties share it when the ranking says so; every seat first
        when the end declared the game a draw)."""
        if st._over["end"] in self._drawn_by:
            return [1] * st.players
        keys = self._rank_keys(st, st._over, scores)
        ranking = self.RANKING or NO_RANKING
        share = False
        for kind, _ in ranking:
            if kind == "ties_share" or kind == "lot":
                share = True
                break
        # An end that names several winners (`loser p`: every other seat) places them all first, together, when the
        # ranking puts the winners first: they won, whatever the ties between other seats do.
        named = ()
        if ranking[0][0] == "winner_first" and self.MATCH is None:
            named = st._over.get("winners", ())
        order = sorted(st._t.seats, key=keys.__getitem__)  # (a stable sort: tied seats stay in seat order)
        ranks = [0] * st.players
        before = None
        for position, seat in enumerate(order):
            if share and position and keys[before] == keys[seat]:
                ranks[seat] = ranks[before]
            elif len(named) > 1 and seat in named:
                ranks[seat] = 1
            else:
                ranks[seat] = position + 1
            before = seat
        return ranks

    def _winners(self, st: State) -> list[int]:
        """The seats ranked first, none in a draw (every seat tied for first): outcome()["winners"]."""
        return _first_placed(self._ranks(st))

    def _outcome(self, st: State) -> dict:
        scores = self._scores(st)
        ranks = self._ranks(st, scores)
        winners = _first_placed(ranks)
        draw = st.players > 1 and not winners  # every seat tied for first
        over = st._over
        return {
            "end": over["end"],
            "cites": list(over.get("cites", ())),
            "lot": over.get("lot"),
            "draw": draw,
            "winners": winners,
            "ranking": ranks,
            "scores": scores,
            "legs": [dict(leg) for leg in st._legs] if self.MATCH is not None else None,
        }

    def _standing(self, st: State) -> list[int]:
        if st._over is not None:
            return self._ranks(st)
        keys = self._rank_keys(st, {"winners": []})
        return [1 + sum(other < mine for other in keys) for mine in keys]

    def _returns(self, st: State) -> list[float]:
        if self.RETURNS is not None and self.RETURNS[0] == "value":
            if self.RETURNS_SHARED:  # (the value reads no seat: worked out once, the same for every seat)
                return [float(self.RETURNS[1](st, 0))] * st.players
            return [float(self.RETURNS[1](st, seat)) for seat in range(st.players)]
        if st._over is None:
            return [0.0] * st.players
        ranks = self._ranks(st)  # (the outcome's ranking, without the outcome: read at every end a search reaches)
        if self.RETURNS is not None:
            win, draw, loss = self.RETURNS[1]
            if st.players > 1 and all(rank == 1 for rank in ranks):
                return [float(draw)] * st.players
            return [float(win if rank == 1 else loss) for rank in ranks]
        return zero_sum_returns(ranks, st.players)
