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
        return None if question is None else self.answered_by_rows(question)

    def listed_answer_inline(self, e: ir.ThereIs) -> Optional[str]:
        """`there is x in D where C` (or `there is no`) written in a listing's condition, answered as a
        definition's is (listed_answer); C may itself ask `there is` and `or` (Chinese checkers' pass: `there is
        no s in grid where mine(s, player) and (there is d in directions of grid where can_step(s, d) or
        can_hop(s, d))`): each way it can hold is then one option's conditions over its bindings, and the
        options of a walk shared by several (shared_walks.py) answer together."""
        if e.count.where is None:
            return None
        code = self.answered_by_rows(e.count)
        return None if code is None else (f"(not {code})" if e.negated else code)

    def answered_by_rows(self, question: ir.Count) -> Optional[str]:
        """Code saying whether some x of ``question`` passes, read from the rows of the options written before
        (each span of options whose every option says one of the ways it holds, together every way); None
        where they do not answer it."""
        if self.bound is None or self.depth:
            return None
        forms = existence_forms(question)
        if not forms or len(forms) > 8:
            return None
        used, covered = [], set()
        for key, span in self.option_spans.items():
            if span[1] is None:
                continue
            matched = [self.form_listed_by(forms, k) for k in (key if isinstance(key, tuple) else (key,))]
            if all(m is not None for m in matched):
                used.append(key)
                covered.update(matched)
        if not used or covered != set(range(len(forms))):
            return None
        names = []
        for key in used:
            name = "_".join(map(str, key)) if isinstance(key, tuple) else str(key)
            names.append(f"listed_{name}")
            if key in self.options_counted:
                continue
            start, end, level = self.option_spans[key]
            self.w.lines[end:end] = ["    " * level + f"listed_{name} = len(rows) > rows_before_{name}"
                                     "  # whether it listed a row: some binding passed every condition"]
            self.w.lines[start:start] = ["    " * level + f"rows_before_{name} = len(rows)"]
            for other in self.option_spans.values():  # (the spans written after it moved down)
                other[0] += (other[0] > start) + (other[0] >= end)
                if other[1] is not None:
                    other[1] += (other[1] > start) + (other[1] >= end)
            self.options_counted.add(key)
        return names[0] if len(names) == 1 else f"({' or '.join(names)})"

    def form_listed_by(self, forms: list, k: int) -> Optional[int]:
        """The index of the way of ``forms`` that option ``k`` lists a row for exactly when it holds: the same
        domains bound in the same order, nothing tested before the first, its conditions exactly the way's (its
        names for the way's); None if none."""
        option, bound, _, placed, _, _ = self.plans[k]
        if placed.get(-1) or (self.listing_step, option.name) in self.kept_walks or k in self.answered_later:
            return None  # (an option listed as if a question held answers no question: later_answers.py)
        for i, (bindings, conditions) in enumerate(forms):
            if len(bindings) != len(option.bindings):
                continue
            mapping, fits = {}, True
            for (var, domain), binding in zip(bindings, option.bindings):
                if not same(reads.substitute(domain, mapping, set()), binding.domain):
                    fits = False
                    break
                mapping[var] = ir.Var(binding.type, None, binding.var, binding.var)
            if not fits:
                continue
            asked = [part for c in conditions for part in and_parts(reads.substitute(c, mapping, set()))]
            given = [part for c in option.conditions for part in and_parts(c)]
            if len(asked) == len(given) and all(same(a, c) for a, c in zip(asked, given)):
                return i
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


def and_parts(e: ir.E) -> list:
    """The conjuncts of ``e`` (an `and` of `and`s flattened)."""
    if isinstance(e, ir.BoolOp) and e.op == "and":
        return [part for o in e.operands for part in and_parts(o)]
    return [e]


def existence_forms(question: ir.Count) -> Optional[list]:
    """The ways `there is x in D where C` holds, each a list of (name, domain) bound in order and the conditions
    they pass together: C's `or`s are ways of their own, a `there is` inside it binds its name after x (`A and
    there is y in E where B` is some x, y with A and B), an `and` joins the ways of its parts; None where a name
    is bound twice."""
    inner = _ways(question.where)
    if inner is None:
        return None
    forms = [([(question.var, question.domain)] + bindings, conditions) for bindings, conditions in inner]
    for bindings, _ in forms:
        if len({var for var, _ in bindings}) != len(bindings):
            return None
    return forms


def _ways(e: ir.E) -> Optional[list]:
    if isinstance(e, ir.ThereIs) and not e.negated and e.count.where is not None:
        return existence_forms(e.count)
    if isinstance(e, ir.BoolOp) and e.op in ("or", "and"):
        parts = [_ways(o) for o in e.operands]
        if any(p is None for p in parts):
            return None
        if e.op == "or":
            return [way for p in parts for way in p]
        ways = [([], [])]
        for p in parts:
            ways = [(b1 + b2, c1 + c2) for b1, c1 in ways for b2, c2 in p]
        return ways
    return [([], [e])]
