"""`actions numbered 0 to EXPR` and each option's `numbered EXPR` (issue #41): the adapters' action numbers;
`chance outcomes numbered 0 to EXPR` and each chance step's `numbered EXPR`: their chance outcome numbers.

A game that says `actions numbered 0 to N` numbers its actions itself, as OpenSpiel numbers the same game:
each option of every choice says `numbered EXPR`, its action number from its bound names. OpenSpiel and
PettingZoo then offer N + 1 actions (N worked out per configuration, as a turn limit is) and a legal action's
number is its option's EXPR (rulespec/adapters/core.py). Chance outcomes likewise: max_chance_outcomes is N + 1 and
an outcome's number its chance step's EXPR over the outcome's names (backgammon's dice as OpenSpiel's).

A number must mean the same action in every state, so EXPR reads nothing a state decides: the option's bound
names and the step's parameters, board geometry, seat values, components' values that never change, the
options loaded, numbers, arithmetic, `if .. then .. else`, and definitions of only these. What it may not read
(a counter, a zone, what a space holds, the turn...) is refused at its place, naming what it reads.
"""

from __future__ import annotations

from typing import Optional

from ..language import ast
from ..lib.limits import LIMIT, refusal
from . import ir
from .ir import INT

# What a state decides, by the IR node that reads it: an action number may read none of these.
STATE_READS: dict[type, str] = {
    ir.CounterRef: "a counter", ir.ScoreRef: "a score", ir.ZoneRef: "a zone", ir.QueueRef: "a queue",
    ir.Occupant: "what a space holds", ir.Ray: "a ray (it stops at the first occupied space)",
    ir.GroupOf: "a group (what its spaces hold)", ir.Connected: "a connection (what the spaces hold)",
    ir.Top: "the top of a zone", ir.RegionComplete: "whether a region is complete",
    ir.Holds: "what a space holds", ir.HoldsValue: "what a space holds", ir.Fits: "whether a shape fits (what the "
    "board holds)", ir.BestSets: "the sets a zone makes", ir.Won: "who won", ir.HasLegalMove: "who has a legal move",
    ir.PlayerToMove: "the player to move", ir.StartingPlayer: "the starting player", ir.TurnNumber: "the turn number",
    ir.AfterIt: "the position after the move", ir.PositionOccurred: "the positions seen",
}


class ActionNumbers:
    """The game's action numbers and each option's, checked (Checker's part)."""

    numbered = False  # the game says `actions numbered` (set by Checker.build before the steps are checked)
    chance_numbered = False  # the game says `chance outcomes numbered` (likewise)

    def action_numbers_checked(self, game: ast.GameDecl) -> Optional[ir.ActionNumbers]:
        """`actions numbered 0 to EXPR`: EXPR worked out per configuration (None if the file says none)."""
        return self._numbers_checked(game, "action_numbers", "actions", ir.ActionNumbers, "action numbers",
                                     "number the actions as compactly as OpenSpiel does (chess: 4,672)")

    def chance_numbers_checked(self, game: ast.GameDecl) -> Optional[ir.ChanceNumbers]:
        """`chance outcomes numbered 0 to EXPR`: EXPR worked out per configuration (None if the file says none)."""
        return self._numbers_checked(game, "chance_numbers", "chance outcomes", ir.ChanceNumbers,
                                     "chance outcome numbers", "number the outcomes as compactly as OpenSpiel does")

    def _numbers_checked(self, game: ast.GameDecl, field: str, said: str, made: type, name: str, hint: str):
        """A header's `<said> numbered 0 to EXPR` (``field`` of the game), made into ``made``."""
        written = getattr(game, field)
        if written is None:
            return None
        def too_small(e: ir.E, top: int, configuration: str) -> tuple[str, str]:
            return (f"`{said} numbered 0 to {e.text}` is 0 to {top} with {configuration}: no number at all",
                    "the last number must be 0 or more in every configuration")
        largest, e = self.largest_fixed(game, written, 0, too_small, f"the last {name[:-1]}")
        if e is None:
            return None
        if largest is not None and largest + 1 > LIMIT.action_numbers:
            self.error(written.loc, refusal("action_numbers", largest + 1), hint=hint)
            return None
        return made(name, getattr(game, f"{field}_loc") or e.loc, tuple(getattr(game, f"{field}_cites")), (), e,
                    largest or 0)

    def option_number_checked(self, option: ast.OptionChoice, choice: str, scope: dict[str, str],
                              numbered: bool) -> Optional[ir.E]:
        """An option's `numbered EXPR`, checked in the scope of its bound names (None where it has none)."""
        if option.number is None:
            if numbered:
                self.error(option.loc, f"option `{option.name}` of `{choice}` has no action number, but the game "
                                       f"says `actions numbered`",
                           hint="write `numbered EXPR` right after its `for` line (or first): every option of every "
                                "choice says its own")
            return None
        if not numbered:
            self.error(option.number.loc, f"option `{option.name}` says `numbered`, but the game does not say "
                                          f"`actions numbered 0 to N`",
                       hint="add `actions numbered 0 to N` to the game's header (its last action number), or leave "
                            "`numbered` out")
        return self._fixed_number(option.number, scope, "an action number",
                                  "number an option from its bound names, the step's parameters")

    def chance_number_checked(self, chance: ast.ChanceDecl, scope: dict[str, str]) -> Optional[ir.E]:
        """A chance step's `numbered EXPR`, checked in the scope of its outcome's names (None where it has none).
        A chance step the checker makes (a dice roll, a shuffle) has no line to say it on."""
        if chance.number is None:
            if self.chance_numbered:
                self.error(chance.loc, f"chance `{chance.name}` has no outcome number, but the game says `chance "
                                       f"outcomes numbered`",
                           hint="write `numbered EXPR` on the line after its `outcome`: every chance step says its own "
                                "(a dice roll or a shuffle, which has no such line, cannot be numbered)")
            return None
        if not self.chance_numbered:
            self.error(chance.number.loc, f"chance `{chance.name}` says `numbered`, but the game does not say `chance "
                                          f"outcomes numbered 0 to N`",
                       hint="add `chance outcomes numbered 0 to N` to the game's header (its last outcome number), or "
                            "leave `numbered` out")
        return self._fixed_number(chance.number, scope, "an outcome number",
                                  "number an outcome from its own names, the step's parameters")

    def _fixed_number(self, written: ast.Expr, scope: dict[str, str], what: str, start: str) -> Optional[ir.E]:
        """A `numbered EXPR`, an integer that no state decides (else None, told at the part that a state decides)."""
        e = self.expr(written, scope, INT)
        if e.type != INT:
            return None  # (told by expr)
        read = state_read(e, self.definitions)
        if read is not None:
            part, reads, through = read
            said = f" (through `{through}`)" if through else ""
            self.error(part.loc or written.loc,
                       f"`{part.text}` reads {reads}{said}, which the state decides; {what} must be the "
                       f"same in every state",
                       hint=f"{start}, board geometry, seat values, components' values that never change, the "
                            f"options, and definitions of these")
            return None
        return e


def state_read(e: ir.E, definitions: dict, through: Optional[str] = None,
               seen: Optional[set] = None) -> Optional[tuple[ir.E, str, Optional[str]]]:
    """The first part of ``e`` that reads what a state decides, with what it reads and the definition it is
    read through (definitions followed once each); None if ``e`` reads only what no state decides."""
    seen = set() if seen is None else seen
    todo = [e]
    while todo:
        node = todo.pop()
        what = STATE_READS.get(type(node))
        if what is None and isinstance(node, ir.ItemAttr) and node.changes:
            what = f"`{node.attr}`, which can change"
        if what is None and isinstance(node, ir.Check) and node.test != "none":  # (`is none`: past the edge)
            what = "what a space, zone or queue holds"
        if what is not None:
            return node, what, through
        if isinstance(node, ir.DefinedValue) and node.name in definitions and node.name not in seen:
            seen.add(node.name)
            found = state_read(definitions[node.name].value, definitions, through or node.text, seen)
            if found is not None:
                return found
        for part in vars(node).values():
            for item in part if isinstance(part, tuple) else (part,):
                if isinstance(item, ir.E):
                    todo.append(item)
    return None
