"""A question a later option's rows answer (#40): in a listing, an option allowed only when `there is x in D
where C` does not hold (or only when it does), C the very conditions a later option of the same choice lists
its rows by. Checkers' compulsory jump: `move` says `only if not can_capture(player)`, `can_capture(p)` being
`there is s in grid where there is d in directions of grid where can_jump(s, d, p)`, and `jump`, written after
it, lists exactly the s and d that pass `can_jump(s, d, player)`. Asked as written, the whole board is searched
for a jump before any move is listed, and then walked again for the jumps themselves.

The question is not asked: the option's rows are listed as if it held, and once the rows of the later options
are listed, they are taken out again where a later option listed a row (`not Q`; where none did, for `Q`). The
listing only reads, so the later rows answer the question in the very state it was asked in, and the rows left
are the rows as offered before, in the same order. Working out the option's rows where the question would have
kept them from being worked out must change nothing: every other condition of the option, its walks' domains
and the values its text shows cannot fail (cheap_first.py's `cannot_fail`, widened here to a neighbour and a
membership, which never fail), and it looks nothing ahead. An option that answers another's question this way
answers no question itself (listed_answers.py: its rows are not what its conditions alone let through).
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from .listed_answers import existence_forms


class LaterAnswers:
    """Options whose question the rows of later options answer (CodeGenerator's part)."""

    def later_answered(self, step: ir.Step, listing) -> dict:
        """Option k -> (its condition answered, whether the rows are kept when it holds being `not Q`, the later
        options whose rows answer it), for the options of ``step``'s listing that a question asked before any
        name is bound keeps from being listed; the plans of those options lose that condition (the caller
        restores them)."""
        if listing.listed_kept is not None or listing.any_player or listing.together:
            return {}
        found = {}
        for k, plan in enumerate(self.plans):
            option, _, _, placed, _, _ = plan
            for c in placed.get(-1, ()):
                answer = self.question_answered_later(step, k, c, found)
                if answer is not None and self.rows_cannot_fail(step, option, placed, c):
                    found[k] = (c, *answer)
                    break
        for k, (c, _, _) in found.items():
            option, bound, domains, placed, text, binding = self.plans[k]
            placed = dict(placed)
            placed[-1] = [x for x in placed[-1] if x is not c]
            self.plans[k] = (option, bound, domains, placed, text, binding)
        return found

    def question_answered_later(self, step: ir.Step, k: int, c: ir.E, found: dict) -> Optional[tuple[bool, list[int]]]:
        """(whether ``c`` is `not Q`, the options after k whose rows together list a row exactly when Q holds)
        for a condition ``c`` of option k that asks `there is` (through a definition given plain arguments, or
        written out), negated or not; None otherwise."""
        negated = False
        while isinstance(c, ir.Not):
            negated, c = not negated, c.operand
        if isinstance(c, ir.ThereIs):
            question, negated = (c.count if c.count.where is not None else None), negated != c.negated
        elif isinstance(c, ir.DefinedValue):
            question = self.existence_question(c)
        else:
            return None
        if question is None:
            return None
        forms = existence_forms(question)
        if not forms or len(forms) > 8:
            return None
        used, covered = [], set()
        for j in range(k + 1, len(self.plans)):
            if j in found:
                continue
            matched = self.form_listed_by(forms, j)
            if matched is not None:
                used.append(j)
                covered.add(matched)
        if covered != set(range(len(forms))):
            return None
        return negated, used

    def rows_cannot_fail(self, step: ir.Step, option: ir.ChoiceOption, placed: dict, asked: ir.E) -> bool:
        """Whether listing the option's rows where ``asked`` would have kept them from being listed changes
        nothing: no look-ahead, no rows put together by the tables, and its other conditions, its walks'
        domains and its text's values cannot fail."""
        if (step.name, option.name) in self.kept_walks or self.first_thens_ahead(step, option, placed) is not None:
            return False
        if any(isinstance(c, ir.AfterIt) for c in option.conditions):
            return False
        none = frozenset()
        for b in option.bindings:
            if not isinstance(b.domain, (ir.BoardRef, ir.Directions, ir.PlayersSet)):
                return False
        others = [c for c in option.conditions if c is not asked]
        if len(others) != len(option.conditions) - 1:
            return False
        return all(self.total_when_listed(e, none) for e in others + [e for _, e in option.shown])

    def total_when_listed(self, e: ir.E, none_names: frozenset) -> bool:
        """cheap_first.py's `cannot_fail`, widened to what it leaves out that never fails either: a neighbour
        (past the edge it is none, and none's neighbour is none) and a membership of a direction in a set of
        directions (the board's or a seat's)."""
        return self.cannot_fail(e, none_names, frozenset(), wider=True)

    def mark_rows(self, k: int, end: str) -> None:
        """`rows_from_<k> = len(rows)` (``end`` "from") or `rows_to_<k>` where option k's rows begin or end in
        `rows`, for an option whose question later rows answer and for the options that answer it."""
        if k in self.rows_marked:
            self.w.line(f"rows_from_{k!r} = len(rows)" if end == "from" else f"rows_to_{k!r} = len(rows)")

    def drop_rows_answered_later(self) -> None:
        """Once every row is listed: each option's rows taken out again where the later options' rows say its
        question would have kept them out (the questions read first, then the rows taken out from the last)."""
        w = self.w
        for k, (c, negated, used) in sorted(self.answered_later.items()):
            w.line(f"drop_{k!r} = {'' if negated else 'not '}({' or '.join(f'rows_to_{j!r} > rows_from_{j!r}' for j in used)})",
                   note=f"{c.text}: whether the rows of {', '.join(self.plans[j][0].name for j in used)} say no")
        for k in sorted(self.answered_later, reverse=True):
            w.line(f"if drop_{k!r}:")
            w.indent()
            w.line(f"del rows[rows_from_{k!r}:rows_to_{k!r}]")
            w.dedent()
