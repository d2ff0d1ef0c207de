"""A question an option's rows already answered: in a listing, `there is x in D where C` (a count of it > 0,
through a definition given plain arguments: the gallery Othello's `can_place_somewhere(player)`) asked by a later
option, where an earlier option binds one name over D and its conditions are exactly C (`for s in grid`, `only
if can_place(s, player)`), is whether that option listed a row: `listed_<k>`, the rows it added counted, not
every x tested again until the first passes. The listing only reads, so both ask the same state.
"""

from __future__ import annotations

import dataclasses
from typing import Optional

from ..model import ir, reads


class ListedAnswers:
    """An existence question answered by an earlier option's rows (CodeGenerator's part)."""

    def start_option_rows(self, k: int) -> None:
        """Where option ``k``'s rows start being listed, at the listing's level (see end_option_rows)."""
        self.option_spans[k] = [len(self.w.lines), None, self.w.level]

    def end_option_rows(self, k: int) -> None:
        """Where they end: every row it lists appended to `rows` between the two."""
        self.option_spans[k][1] = len(self.w.lines)

    def listed_answer(self, e: ir.DefinedValue) -> Optional[str]:
        """Code for ``e`` when an option of the listing written before answers it (listed_<k>), the lines that
        count that option's rows put around its loop; None otherwise."""
        question = self.existence_question(e)
        if question is None or self.bound is None or self.depth:
            return None
        for k, (option, bound, _, placed, _, _) in enumerate(self.plans):
            span = self.option_spans.get(k)
            if span is None or span[1] is None or not self.answered_by(question, option, bound, placed):
                continue
            if k not in self.options_counted:
                start, end, level = span
                self.w.lines[end:end] = ["    " * level + f"listed_{k} = len(rows) > rows_before_{k}"
                                         "  # whether it listed a row: some binding passed every condition"]
                self.w.lines[start:start] = ["    " * level + f"rows_before_{k} = len(rows)"]
                for other in self.option_spans.values():  # (the spans written after it moved down)
                    other[0] += (other[0] > start) + (other[0] >= end)
                    if other[1] is not None:
                        other[1] += (other[1] > start) + (other[1] >= end)
                self.options_counted.add(k)
            return f"listed_{k}"
        return None

    def existence_question(self, e: ir.DefinedValue) -> Optional[ir.Count]:
        """The count of `there is x in D where C` (or `count(...) > 0`, != 0) that ``e``, a definition given
        plain arguments, asks; None for any other."""
        definition = self.definitions.get(e.name)
        if definition is None or not all(self.plain_argument(a) for a in e.args):
            return None
        value = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, set())
        if isinstance(value, ir.ThereIs) and not value.negated:
            count = value.count
        elif (isinstance(value, ir.Compare) and not value.order and value.op in (">", "!=")
              and isinstance(value.left, ir.Count) and isinstance(value.right, ir.Const)
              and value.right.value.__class__ is int and value.right.value == 0):
            count = value.left
        else:
            return None
        return count if count.where is not None else None

    def answered_by(self, question: ir.Count, option: ir.ChoiceOption, bound: list, placed: dict) -> bool:
        """Whether ``option``'s rows say whether some x of ``question`` passes: it binds one name over the same
        domain, tests nothing before binding it, and its conditions are exactly the question's (its name for x)."""
        if len(bound) != 1 or placed.get(-1) or (self.listing_step, option.name) in self.kept_walks:
            return False
        binding = option.bindings[0]
        if not same(binding.domain, question.domain):
            return False
        name = ir.Var(binding.type, None, binding.var, binding.var)
        where = reads.substitute(question.where, {question.var: name}, set())
        asked = where.operands if isinstance(where, ir.BoolOp) and where.op == "and" else (where,)
        return len(asked) == len(option.conditions) and all(same(a, c) for a, c in zip(asked, option.conditions))


def same(a, b) -> bool:
    """Whether two expressions say the same, wherever they were written (their places and texts aside)."""
    if isinstance(a, ir.E) or isinstance(b, ir.E):
        if type(a) is not type(b):
            return False
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a)
                   if f.name not in ("loc", "text"))
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b
