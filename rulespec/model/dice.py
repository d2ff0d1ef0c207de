"""Dice: a `dice` declaration written out as its component, zones and chance step; `roll` and `lose`."""

from __future__ import annotations

import dataclasses
from typing import Optional

from ..language import ast
from ..language.errors import did_you_mean
from ..lib.limits import LIMIT, refusal
from . import ir
from .ir import INT, SEAT

class Dice:
    """Dice: ``option_ranges`` and ``expand_dice`` rewrite the declarations before the tables are collected
    (``faces_unknown`` says a die's faces could not be worked out); ``roll`` and ``lose`` are statements
    checked against ``self.dice`` (holder -> declaration)."""

    @staticmethod
    def dice_names(d: ast.DiceDecl) -> tuple[str, str]:
        """The supply of dice not rolled and the chance step that rolls one die, as the checker names them."""
        return f"{d.name}_supply", f"roll_{d.holder}"

    def dice_count(self, d: ast.DiceDecl, options: dict) -> int:
        """The most dice one holder may have: the number, or the largest value of the numeric option."""
        if isinstance(d.count, int):
            counts = [d.count]
        else:
            option = options.get(d.count)
            if option is None or not option.numeric:
                self.error(self._name_loc(d.loc, d.count), f"there is no numeric option `{d.count}`" if option is None
                           else f"option `{d.count}` has words, not numbers: it cannot count dice", width=len(d.count),
                           hint=did_you_mean(d.count, [o.name for o in options.values() if o.numeric])
                           or "write a number of dice, or the name of an option whose values are numbers")
                return 1
            counts = [int(v) for v in option.values]
        if min(counts) < 1 or max(counts) > LIMIT.dice:
            self.error(d.loc, refusal("dice", max(counts)) if max(counts) > LIMIT.dice
                       else "a holder of dice needs 1 die or more",
                       hint="a game is played with the dice the rulebook says")
        return max(1, min(max(counts), LIMIT.dice))

    def option_ranges(self, decls: list) -> list:
        """`dice die: worth 1..max_value, ...`: faces from a number up to a numeric option. The die has every
        face up to the option's largest value; a roll picks from the faces up to the option's value. A
        component's own numbers are written out (its copies are made before any option is read)."""
        options = {d.name: d for d in decls if d.kind == "option"}
        out = []
        self.faces_unknown = False
        for d in decls:
            attribute = getattr(d, "attribute", None) if d.kind == "dice" else None
            for bad in (a for a in getattr(d, "attributes", ()) if d.kind == "component" and a.up_to):
                self.error(bad.loc, f"a component's numbers are written out: `{bad.name} {bad.values[0]}..N`, not up "
                                    f"to the option `{bad.up_to}`",
                           hint=f"write the most there may be (`{bad.name} {bad.values[0]}..13`) and move the ones "
                                f"above `{bad.up_to}` out of play in setup; dice may have faces up to an option")
            if attribute is None or attribute.up_to is None:
                out.append(d)
                continue
            option, low = options.get(attribute.up_to), attribute.values[0]
            if option is None or not option.numeric:
                self.error(attribute.loc, f"there is no numeric option `{attribute.up_to}`" if option is None else
                           f"option `{attribute.up_to}` has words, not numbers: it cannot be the highest face",
                           hint=did_you_mean(attribute.up_to, [o.name for o in options.values() if o.numeric])
                           or f"write the highest face as a number (`{attribute.name} {low}..6`), or name an option "
                              f"whose values are numbers")
                high, self.faces_unknown = low, True
            else:
                numbers = [int(v) for v in option.values]
                high = max(numbers)
                if min(numbers) < low:
                    self.error(attribute.loc, f"option `{option.name}` may be {min(numbers)}, below the lowest face "
                                              f"{low}: a die would have no face",
                               hint=f"give `{option.name}` values of {low} or more")
                    high, self.faces_unknown = max(high, low), True
                if high - low + 1 > LIMIT.attribute_values:
                    self.error(attribute.loc, refusal("attribute_values", high - low + 1),
                               hint="a die has the faces the rulebook says: give the option smaller values")
                    high = low + LIMIT.attribute_values - 1
            # (an option that cannot bound the faces is reported once; the die then has its one face)
            faces = dataclasses.replace(attribute, values=tuple(range(low, high + 1)),
                                        up_to=attribute.up_to if option is not None and option.numeric else None)
            out.append(dataclasses.replace(d, attribute=faces))
        return out

    def expand_dice(self, decls: list) -> list:
        """Each `dice` declaration, followed by what it declares: the die component (a copy of each face for
        every die there may be, so that every roll is independent of the others), the holder zone, the
        hidden supply of dice not rolled and the chance step rolling one die (all at the declaration)."""
        if not any(d.kind == "dice" for d in decls):
            return decls
        options = {d.name: d for d in decls if d.kind == "option"}
        games = [d for d in decls if d.kind == "game"]
        seats = max(games[0].max_players, 1) if games else 1
        out = []
        for d in decls:
            out.append(d)
            if d.kind != "dice":
                continue
            loc, tail = d.loc, {"cites": d.cites, "rulings": d.rulings}
            supply, step = self.dice_names(d)
            copies = self.dice_count(d, options) * (seats if d.per_player else 1)
            attribute = d.attribute.name
            out.append(ast.ComponentDecl(loc=loc, name=d.name, attributes=(d.attribute,),
                                         copies=min(copies, LIMIT.copies), shown_as="{" + attribute + "}", **tail))
            out.append(ast.ZoneDecl(loc=loc, name=d.holder, per_player=d.per_player, visibility=d.visibility, **tail))
            out.append(ast.ZoneDecl(loc=loc, name=supply, per_player=False, visibility="hidden",
                                    start_component=d.name, **tail))
            if d.lost is not None:  # the dice set aside for good: everyone sees how many, nobody their faces
                out.append(ast.ZoneDecl(loc=loc, name=d.lost, per_player=d.per_player, visibility="hidden", **tail))
            faces = d.attribute.values
            rolled = "rolled"
            if isinstance(faces[0], int):
                outcome = ast.Outcome(loc=loc, template="roll {rolled}", var=rolled,
                                      pick_from=ast.Span(loc=loc, low=ast.Num(loc=loc, value=faces[0]),
                                                         high=ast.Num(loc=loc, value=faces[-1])
                                                         if d.attribute.up_to is None
                                                         else ast.Name(loc=loc, id=d.attribute.up_to)))
            else:
                outcome = ast.Outcome(loc=loc, template="roll {rolled}", var=rolled, faces=tuple(faces))
            holder = ast.Of(loc=loc, attr=d.holder, target=ast.Name(loc=loc, id="player")) if d.per_player \
                else ast.Name(loc=loc, id=d.holder)
            one = ast.First(loc=loc, var=d.name, domain=ast.Name(loc=loc, id=supply),
                            where=ast.Compare(loc=loc, op="=", left=ast.Of(loc=loc, attr=attribute,
                                                                           target=ast.Name(loc=loc, id=d.name)),
                                              right=ast.Name(loc=loc, id=rolled)))
            out.append(ast.ChanceDecl(loc=loc, name=step,
                                      params=(ast.Param(loc=loc, name="player", type="seat"),) if d.per_player else (),
                                      outcome=outcome, body=(ast.Move(loc=loc, item=one, to=holder),), **tail))
        return out

    def dice_holder(self, holder: ast.Expr, verb: str) -> Optional[ast.DiceDecl]:
        """The dice declaration whose holder `holder` names (`cup of p`, `tray`), or None with the error said."""
        name = holder.attr if holder.kind == "of" else holder.id if holder.kind == "name" else None
        d = self.dice.get(name)
        if d is None:
            self.error(holder.loc, f"`{self.text(holder)}` holds no dice: only a holder of dice {verb}",
                       hint=did_you_mean(name or "", self.dice) or
                       (f"{'roll' if verb == 'is rolled' else 'lose a die from'} one of "
                        f"{', '.join(f'`{h}`' for h in self.dice)}" if self.dice else
                        "declare dice first: `dice die: face 1..6, 2 per player in cup, seen by owner`"))
            return None
        word = "roll" if verb == "is rolled" else f"lose a {d.name} from"
        if d.per_player and holder.kind != "of":
            self.error(holder.loc, f"`{d.holder}` is kept per player", hint=f"write `{word} {d.holder} of <player>`")
            return None
        if not d.per_player and holder.kind == "of":
            self.error(holder.loc, f"`{d.holder}` is shared, not kept per player", hint=f"write `{word} {d.holder}`")
            return None
        return d

    def dice_left(self, d: ast.DiceDecl, holder: ast.Expr, loc) -> ast.Expr:
        """How many dice the holder still has: the declared count, less those set aside (`lost to`)."""
        numeric = isinstance(d.count, int) or getattr(self.options.get(d.count), "numeric", False)
        # (a count that is not a numeric option is reported at the `dice` declaration; here it is one die)
        count = ast.Num(loc=loc, value=d.count if isinstance(d.count, int) else 1) if not numeric \
            or isinstance(d.count, int) else ast.Name(loc=loc, id=d.count)
        if d.lost is None:
            return count
        lost = ast.Of(loc=loc, attr=d.lost, target=holder.target) if d.per_player else ast.Name(loc=loc, id=d.lost)
        return ast.Arith(loc=loc, op="-", left=count, right=ast.Count(loc=loc, var=d.name, domain=lost))

    def roll(self, node: ast.Roll, scope: dict[str, str]) -> Optional[ir.S]:
        """`roll cup of p`: the dice of the holder back to the supply, then the chance step once per die it
        still has (its count, less the dice it has lost)."""
        holder = node.holder
        d = self.dice_holder(holder, "is rolled")
        if d is None:
            return None
        supply, step = self.dice_names(d)
        loc = node.loc
        count = self.dice_left(d, holder, loc)
        seat_args = (holder.target,) if d.per_player else ()
        plain = (ast.ForEach(loc=loc, var=d.name, domain=holder,
                             body=(ast.Move(loc=loc, item=ast.Name(loc=loc, id=d.name),
                                            to=ast.Name(loc=loc, id=supply)),)),
                 ast.Repeat(loc=loc, times=count, body=(ast.Then(loc=loc, step=step, args=seat_args),)))
        body = self.stmts(plain, scope)
        seat = self.expr(holder.target, scope, SEAT) if d.per_player else None
        return ir.Roll(loc, d.name, d.holder, seat, self.expr(count, scope, INT), body)

    def lose(self, node: ast.Lose, scope: dict[str, str]) -> Optional[ir.S]:
        """`lose a die from cup of p`: one die of the holder set aside for good in the `lost to` zone: one in
        the holder if any (its face no longer matters), else one from the supply while the holder has dice
        left to lose; a holder with none left loses nothing."""
        holder = node.holder
        d = self.dice_holder(holder, "loses a die")
        if d is None:
            return None
        loc = node.loc
        if node.die != d.name:
            self.error(loc, f"`{holder.attr if holder.kind == 'of' else holder.id}` holds dice called `{d.name}`, "
                            f"not `{node.die}`", width=len("lose a ") + len(node.die),
                       hint=f"write `lose a {d.name} from {self.text(holder)}`")
            return None
        if d.lost is None:
            self.error(loc, f"the dice in `{d.holder}` are never lost: their declaration has no zone for lost dice",
                       width=len("lose"),
                       hint=f"end the declaration of `{d.name}` with `, lost to lost_{d.name}`: the zone its "
                            f"lost dice are set aside in")
            return None
        supply, _ = self.dice_names(d)
        lost = ast.Of(loc=loc, attr=d.lost, target=holder.target) if d.per_player else ast.Name(loc=loc, id=d.lost)
        one_of = lambda zone: ast.First(loc=loc, var=d.name, domain=zone)  # noqa: E731
        plain = (ast.If(loc=loc, condition=ast.Test(loc=loc, test="not_empty", subject=holder),
                        then=(ast.Move(loc=loc, item=one_of(holder), to=lost),),
                        otherwise=(ast.If(loc=loc, condition=ast.Compare(loc=loc, op=">", left=self.dice_left(d, holder, loc),
                                                                         right=ast.Num(loc=loc, value=0)),
                                          then=(ast.Move(loc=loc, item=one_of(ast.Name(loc=loc, id=supply)), to=lost),)),)),)
        body = self.stmts(plain, scope)
        seat = self.expr(holder.target, scope, SEAT) if d.per_player else None
        return ir.Lose(loc, d.name, d.holder, d.lost, seat, body)
