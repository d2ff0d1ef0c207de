"""Statements said in English: one renderer per statement class (``ir.S``), each Markdown list items
nested four spaces a level (``Move the tile to the player's rack (as a *draw*).``)."""

from __future__ import annotations

from typing import Optional

from ...model import ir
from ...model.value_types import is_space
from ..escape import md_text
from .words import English, article, human, renders

# ----------------------------------------------------------------------------- statements


def _cause(cause: Optional[str]) -> str:
    return f" (as {article('*' + md_text(cause) + '*')} move)" if cause else ""


@renders(ir.Move)
def _move(en: English, s: ir.Move, depth: int) -> list[str]:
    return [en.item(depth, f"Move {en.expr(s.item)} to {en.expr(s.to)}{_cause(s.cause)}.")]


@renders(ir.Place)
def _place(en: English, s: ir.Place, depth: int) -> list[str]:
    return [en.item(depth, f"Place {en.expr(s.item)} on {en.expr(s.space)}{_cause(s.cause)}.")]


@renders(ir.Then)
def _then(en: English, s: ir.Then, depth: int) -> list[str]:
    return [en.item(depth, f"Then {en.step_link(s.step)}{en.args(s.step, s.args)}.")]


@renders(ir.Enqueue)
def _enqueue(en: English, s: ir.Enqueue, depth: int) -> list[str]:
    return [en.item(depth, f"Put {en.step_link(s.step)}{en.args(s.step, s.args)} at the end of the "
                           f"{human(s.queue)} queue.")]


@renders(ir.Resolve)
def _resolve(en: English, s: ir.Resolve, depth: int) -> list[str]:
    return [en.item(depth, f"Carry out the steps waiting in the {human(s.queue)} queue one by one, oldest first, "
                           f"until it is empty.")]


@renders(ir.SetCounter)
def _set_counter(en: English, s: ir.SetCounter, depth: int) -> list[str]:
    counter = f"the {human(s.counter)} count on {en.expr(s.seat)}" if s.seat is not None and is_space(s.seat.type) \
        else en.owned(f"{human(s.counter)} count", s.seat)
    if s.add:
        return [en.item(depth, f"Add {en.expr(s.value)} to {counter}.")]
    return [en.item(depth, f"Set {counter} to {en.expr(s.value)}.")]


@renders(ir.SetAttribute)
def _set_attribute(en: English, s: ir.SetAttribute, depth: int) -> list[str]:
    attribute = f"the {human(s.attr)} of {en.expr(s.item)}"
    if s.add:
        return [en.item(depth, f"Add {en.expr(s.value)} to {attribute}.")]
    return [en.item(depth, f"Change {attribute} to {en.expr(s.value)}.")]


@renders(ir.If)
def _if(en: English, s: ir.If, depth: int) -> list[str]:
    lines = [en.item(depth, f"If {en.expr(s.condition)}:")] + en.stmts(s.then, depth + 1)
    if s.otherwise:
        lines += [en.item(depth, "Otherwise:")] + en.stmts(s.otherwise, depth + 1)
    return lines


@renders(ir.ForEach)
def _for_each(en: English, s: ir.ForEach, depth: int) -> list[str]:
    noun = en.element_noun(s.var_type)
    where = "" if isinstance(s.domain, ir.PlayersSet) else f" in {en.expr(s.domain)}"
    order = "in order" if s.start is None else f"clockwise, beginning with {en.expr(s.start)}"
    return [en.item(depth, f"For each {noun} {en.var_name(s.var)}{where}, {order}:")] + en.stmts(s.body, depth + 1)


@renders(ir.Repeat)
def _repeat(en: English, s: ir.Repeat, depth: int) -> list[str]:
    times = en.expr(s.times)
    return [en.item(depth, f"Do this {times} times:" if times != "1" else "Do this once:")] + en.stmts(s.body, depth + 1)


@renders(ir.Roll)
def _roll(en: English, s: ir.Roll, depth: int) -> list[str]:
    holder = en.owned(human(s.holder), s.seat)
    count = en.expr(s.count)
    dice = "the die" if count == "1" else f"the {count} dice" if count.isdigit() else f"the dice ({count} of them)"
    return [en.item(depth, f"Roll {dice} of {holder} again: each die is a chance event of its own, every face "
                           f"equally likely whatever the others show.")]


@renders(ir.Shuffle)
def _shuffle(en: English, s: ir.Shuffle, depth: int) -> list[str]:
    zone = en.owned(human(s.zone), s.seat)
    return [en.item(depth, f"Shuffle {zone} once this step is done: one chance event, every order of its "
                           f"components equally likely.")]


@renders(ir.Lose)
def _lose(en: English, s: ir.Lose, depth: int) -> list[str]:
    holder = en.owned(human(s.holder), s.seat)
    return [en.item(depth, f"One die of {holder} is lost: it is set aside for good in {human(s.lost)}, and "
                           f"is not rolled again (nothing is lost when no die is left).")]


@renders(ir.Let)
def _let(en: English, s: ir.Let, depth: int) -> list[str]:
    return [en.item(depth, f"Let {en.var_name(s.name)} be {en.expr(s.value)} (as it is now).")]


@renders(ir.Nothing)
def _nothing(en: English, s: ir.Nothing, depth: int) -> list[str]:
    return [en.item(depth, "Nothing happens.")]


@renders(ir.NextTurn)
def _next_turn(en: English, s: ir.NextTurn, depth: int) -> list[str]:
    return [en.item(depth, f"The next turn goes to {en.expr(s.seat)}, whoever would have been next.")]
