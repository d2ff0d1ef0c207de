"""Example lines that speak of many instances or of a whole match: `for every offered action "..."` and
`for every chance outcome` blocks, `given leg N scored SCORE ...` and `then the match total of SCORE for P
is N` (a mixin of the Checker, beside Examples)."""

from __future__ import annotations

from typing import Optional

from ..language import ast
from ..language.errors import did_you_mean
from . import ir
from .ir import SEAT

# The lines that give a state rather than act on it or check it: none may stand inside a `for every`.
GIVEN_LINES = ("players", "option", "items", "step", "counter", "space_counter", "setup", "position", "leg_scores")


class ExampleBlocks:
    """The checks of `for every` blocks and match lines in examples."""

    def example_for_every(self, d: ast.ExampleDecl, line: ast.ExampleLine, players: int,
                          labels: Optional[set]) -> ir.ExampleLine:
        """A `for every` block: lines under it that act or check, no block inside it, a pattern the game has."""
        over = "offered action" if line.name == "action" else "chance outcome"
        if not line.body:
            self.error(line.loc, f"`for every {over}` has no lines under it: nothing would be checked",
                       hint="indent under it the `when` and `then` lines each instance runs")
        body = []
        for inner in line.body:
            if inner.what == "for_every":
                self.error(inner.loc, "a `for every` block cannot hold another `for every`",
                           hint="write a second example for the inner one, from the state it starts in")
            elif inner.what in GIVEN_LINES:
                self.error(inner.loc, f"a `given` line cannot stand inside `for every {over}`: each instance goes "
                                      f"on from the state at the block", hint="give it before the block")
            else:
                body.append(self.example_line(d, inner, players, labels))
        if line.value is not None:
            text = line.value
            if line.name == "outcome":
                full = text if text.startswith("chance:") else "chance: " + text
            else:
                full = text if text.startswith("player ") and ": " in text else "player 1: " + text
            self.example_action(d, line, full, players, labels, written=text, pattern=True)
        return ir.ExampleLine("for_every", line.loc, name=line.name, value=line.value, body=tuple(body))

    def _example_match(self, line: ast.ExampleLine) -> Optional[ast.MatchDecl]:
        match = next((m for m in getattr(self, "example_decls", ()) if m.kind == "match"), None)
        if match is None:
            self.error(line.loc, "the game is no match of several legs: it has no earlier legs and no match totals",
                       hint="a variant may make it one: `example ... with variant <it>`")
        return match

    def example_match_line(self, line: ast.ExampleLine, players: int) -> ir.ExampleLine:
        """`given leg N scored SCORE a, b` and `then the match total of SCORE for P is N`: a score the match
        adds up, a leg before the last, one number per player."""
        match = self._example_match(line)
        name = line.name or ""
        if name not in self.scores:
            self.error(self._name_loc(line.loc, name), f"there is no score `{name}`", width=len(name),
                       hint=did_you_mean(name, self.scores))
        elif match is not None and name not in match.totals:
            self.error(self._name_loc(line.loc, name), f"match `{match.name}` does not add up `{name}` over its legs",
                       width=len(name), hint=f"its totals add up {', '.join(match.totals) or 'nothing'}")
        if line.what == "match_total":
            return ir.ExampleLine("match_total", line.loc, name=name, expr=self.expr(line.expr, {}, SEAT),
                                  number=line.ratios[0][0])
        if match is not None and not 1 <= line.number < len(match.legs):
            self.error(line.loc, f"match `{match.name}` has {len(match.legs)} legs: the legs scored before the "
                                 f"example's are 1 to {len(match.legs) - 1}, not {line.number}"
                       if line.number >= 1 else "legs are numbered from 1")
        if players and len(line.ratios) != players:
            self.error(line.loc, f"a leg's score is one number per player: {players} players, {len(line.ratios)} given")
        return ir.ExampleLine("leg_scores", line.loc, name=name, number=line.number,
                              values=tuple(str(top) for top, _ in line.ratios))

    def example_legs_scored(self, d: ast.ExampleDecl) -> None:
        """The earlier legs an example gives: each score of a leg once, every leg before the example's own."""
        seen: set = set()
        setup_leg = next((line.number or 1 for line in d.lines if line.what == "setup"), None)
        for line in d.lines:
            if line.what != "leg_scores":
                continue
            if (line.number, line.name) in seen:
                self.error(line.loc, f"leg {line.number}'s `{line.name}` is given twice")
            seen.add((line.number, line.name))
            if setup_leg is not None and line.number >= setup_leg:
                self.error(line.loc, f"the example is set up in leg {setup_leg}, so leg {line.number} was not played",
                           hint=f"give the scores of legs 1 to {setup_leg - 1}" if setup_leg > 1 else
                           "`given set-up of leg 2` sets up the second leg")
