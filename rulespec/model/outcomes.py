"""How a game ends and is scored: ends, scores and their cycles, the ranking, `p won`, returns, a match."""

from __future__ import annotations

from typing import Optional, Sequence

from ..language import ast
from ..language.errors import did_you_mean
from . import ir
from .ir import BOOL, INT, SEAT
from .value_types import element_type


def _when_checked(timing: str) -> str:
    """An end's timing as its `checked` line says it."""
    step = ast.named_step_of(timing)
    if step is not None:
        return f"after step `{step}`"
    return {"after_step": "after every step", "after_turn": "after every turn"}.get(timing, timing)


class Outcomes:
    """Ends and outcomes: reads ``games``, ``scores``, ``options`` and ``uses_won`` (the `p won` expressions)."""

    def end(self, d: ast.EndDecl) -> ir.End:
        self.cites_of(d, f"end `{d.name}`")
        self.end_timing_step(d)
        scope: dict[str, str] = {}
        domain = None
        if d.each_var:
            domain = self.expr(d.each_domain, {})
            scope = self.bind(scope, d.each_var, element_type(domain.type) or "?", d.each_domain.loc)
        winner = self.expr(d.winner, scope, SEAT) if d.winner is not None else None
        then_args: tuple[ir.E, ...] = ()
        if d.then_step is not None:
            # Evaluated once the end is decided: the `for each` name stands for the one the end held for.
            then_args = self.call_args(ast.Then(loc=d.loc, step=d.then_step, args=d.then_args), scope)
        condition = self.expr(d.condition, scope, BOOL)
        self.end_reads_positions_at_turn_start(d, condition)
        return ir.End(d.name, d.loc, d.cites, d.rulings, d.timing, d.each_var, domain,
                      condition, winner, d.then_step, then_args, d.draw, d.loser)

    def end_reads_positions_at_turn_start(self, d: ast.EndDecl, condition: ir.E) -> None:
        """`the position has occurred N times` reads the position recorded when this turn started: an end checked
        at another moment would judge the position the turn started from, not the one play has reached."""
        if d.timing == "turn_start":
            return
        found = next((n for n in self.walk_through_definitions(condition) if isinstance(n, ir.PositionOccurred)), None)
        if found is not None:
            self.error(found.loc, f"`{found.text}` counts the position at the start of this turn, but end `{d.name}` "
                                  f"is checked {_when_checked(d.timing)}"
                                  f": it would judge the position the turn started from, one turn late",
                       width=len(found.text), hint="write `checked at turn start`: the position just reached")

    def end_timing_step(self, d: ast.EndDecl) -> None:
        """An end `checked after step STEP` names a step of the game played after the set-up (ends are not
        checked while the game is set up)."""
        step = ast.named_step_of(d.timing)
        if step is None:
            return
        self.used.add("step:" + step)
        loc = d.timing_loc or d.loc
        if step == "setup":
            self.error(loc, f"end `{d.name}` is checked after step `setup`, but no end is checked while the game is "
                            f"set up", hint="write `checked at turn start` to check it before the first turn")
        elif step not in self.steps:
            self.error(loc, f"end `{d.name}` is checked after step `{step}`, but there is no step `{step}`",
                       hint=did_you_mean(step, self.steps))

    def score(self, d: ast.ScoreDecl) -> ir.Score:
        self.cites_of(d, f"score `{d.name}`")
        return ir.Score(d.name, d.loc, d.cites, d.rulings, d.var, self.expr(d.value, {d.var: SEAT}, INT))

    def score_cycles(self, scores: Sequence[ir.Score]) -> None:
        """A score is worked out from its value when asked for; one whose value needs itself, directly or
        through other scores (``a -> b -> a``), would never finish. Reported once per cycle, at the score
        of the cycle declared first."""
        needs = {s.name: list(dict.fromkeys(e.score for e in self.walk_through_definitions(s.value)
                                            if isinstance(e, ir.ScoreRef))) for s in scores}
        reported: set[frozenset] = set()
        for score in scores:
            # The shortest way back from `score` to itself, if any (breadth first, in file order).
            came_from: dict[str, str] = {}
            frontier, path = [score.name], None
            while frontier and path is None:
                following = []
                for name in frontier:
                    for other in needs.get(name, ()):
                        if other == score.name:
                            path = [name]
                            while path[-1] != score.name:
                                path.append(came_from[path[-1]])
                            path = path[::-1] + [score.name]
                            break
                        if other not in came_from and other in needs:
                            came_from[other] = name
                            following.append(other)
                    if path is not None:
                        break
                frontier = following
            if path is None or frozenset(path) in reported:
                continue
            reported.add(frozenset(path))
            self.error(self._name_loc(score.loc, score.name), f"score `{score.name}` needs itself: "
                                                              f"{' -> '.join(path)}", width=len(score.name),
                       hint="a score is worked out from the state of the game; write it from counters, zones "
                            "and other scores that do not lead back to it")

    def won_cycles(self, scores: Sequence[ir.Score], ranking: Optional[ir.Ranking]) -> None:
        """`p won` asks the ranking who won; a score the ranking reads cannot ask it (it would need itself)."""
        if not self.uses_won:
            return
        by_name = {s.name: s for s in scores}
        ranked = [name for _, name in (ranking.keys if ranking else ()) if name in by_name]
        for first in ranked:
            seen, pending = {first}, [first]
            while pending:
                score = by_name[pending.pop()]
                for e in self.walk_through_definitions(score.value):
                    if isinstance(e, ir.Won):
                        via = f"score `{score.name}`" + (f" (through `{first}`)" if score.name != first else "")
                        self.error(e.loc, f"`{e.text}` asks who won, but who won is worked out from {via}, which "
                                          f"asks it", width=len(e.text),
                                   hint=f"ask it in `returns`, or in a score the ranking does not read; the ranking "
                                        f"ranks by `{first}`")
                        return
                    if isinstance(e, ir.ScoreRef) and e.score in by_name and e.score not in seen:
                        seen.add(e.score)
                        pending.append(e.score)

    def ranking(self, d: ast.RankingDecl) -> ir.Ranking:
        self.cites_of(d, "the ranking")
        keys = []
        for key in d.keys:
            if key.score is not None and key.score not in self.scores:
                self.error(key.loc, f"there is no score `{key.score}`", hint=did_you_mean(key.score, self.scores))
            keys.append((key.key, key.score))
        return ir.Ranking("ranking", d.loc, d.cites, d.rulings, tuple(keys))

    def returns(self, d: ast.ReturnsDecl) -> ir.Returns:
        self.cites_of(d, "the returns")
        value = None
        if d.form == "value":
            self.fractions_allowed = set(_fraction_places(d.value))
            try:
                value = self.expr(d.value, {d.var: SEAT}, INT)
            finally:
                self.fractions_allowed = set()
        if d.total is not None and d.form == "result":
            self.payoff_sum(d)
        if d.between is not None and d.between[0] > d.between[1]:
            low, high = d.between
            self.error(d.between_loc or d.loc, f"the payoffs are declared between {low} and {high}, but {low} is more "
                                               f"than {high}", hint=f"write the least first: `between {high} and {low}`")
        return ir.Returns("returns", d.loc, d.cites, d.rulings, d.form, d.win, d.draw, d.loss, d.var, value, d.total,
                          d.between)

    def payoff_sum(self, d: ast.ReturnsDecl) -> None:
        """`win W, draw D, loss L` declared `zero-sum` (`constant-sum N`): every result with every player count
        must add up to it (k winners of n: k * W + (n - k) * L; a draw: n * D). Payoffs as numbers
        (`returns of p`) are checked on played games by `rulespec verify` (property `payoff_sum`)."""
        said = "zero-sum" if d.total == 0 else f"constant-sum {d.total}"
        low, high = (self.games[0].min_players, self.games[0].max_players) if self.games else (2, 2)
        for n in range(max(low, 1), high + 1):
            results = [(f"{k} of {n} players win", k * d.win + (n - k) * d.loss) for k in range(1, n)]
            results.append((f"a draw among {n} players", n * d.draw))
            for what, total in results:
                if total != d.total:
                    self.error(d.loc, f"the returns are declared {said}, but when {what} they add up to {total}",
                               hint="with two players `win 1, draw 0, loss -1` is zero-sum; otherwise drop the "
                                    "declaration or give payoffs that always add up to it")
                    return

    def match(self, d: ast.MatchDecl) -> ir.Match:
        self.cites_of(d, f"match `{d.name}`")
        if len(d.legs) < 2:
            self.error(d.loc, "a match has at least two legs", hint="add a line `leg with option <name> is <value>` per game")
        for option, value in d.legs:
            known = self.options.get(option)
            if known is None:
                self.error(d.loc, f"there is no option `{option}`", hint=did_you_mean(option, self.options))
            elif value not in known.values:
                self.error(d.loc, f"`{value}` is not a value of option `{option}`", hint=did_you_mean(value, known.values))
        for total in d.totals:
            if total not in self.scores:
                self.error(d.loc, f"there is no score `{total}` to add up", hint=did_you_mean(total, self.scores))
        if not d.totals:
            self.error(d.loc, "a match adds up at least one score", hint="add `totals add up <score>`")
        return ir.Match(d.name, d.loc, d.cites, d.rulings, d.title, d.legs, d.totals)


def _fraction_places(node) -> list[int]:
    """The ids of the `a / b` nodes of a return's value that stand where an exact fraction may: the value
    itself, a branch of `if ... then ... else`, a negation, or a side of `+`, `-`, `*`, `/` of these (not a
    condition, a comparison, a count, a call's argument: those hold whole numbers)."""
    kind = getattr(node, "kind", None)
    if kind == "conditional":
        return _fraction_places(node.then) + _fraction_places(node.otherwise)
    if kind == "negate":
        return _fraction_places(node.operand)
    if kind == "arith" and node.op in ("+", "-", "*", "/"):
        own = [id(node)] if node.op == "/" else []
        return own + _fraction_places(node.left) + _fraction_places(node.right)
    return []
