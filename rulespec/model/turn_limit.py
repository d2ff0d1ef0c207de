"""`at most EXPR turns` and `at most EXPR decisions` (issue #41): limits worked out per configuration.

`at most 121 turns` bounds every game the file can set up. Where the rules imply a tighter bound for a
smaller configuration (Hex on 5x5: 25 turns; Liar's dice: one bid per face of every die in play, then a
call), the author writes it as an expression over the options and the player count, `at most
board_size * board_size turns`. It is worked out before play, so it may read only what the configuration
fixes: numbers, options, `count(p in players)`, `+ - * mod div`, `min`, `max`, `abs`, and definitions without
parameters that read only these. The largest value over every configuration is the file's MAX_TURNS (the
safety net and every bound sized from it); the engine stops a game past its own configuration's value
and `rulespec verify` reports it, as for a number.

`at most EXPR decisions` states how many decisions a game takes at the most (each seat's choice counts
one, a chance outcome none: OpenSpiel's max_game_length, Pig's `horizon`), worked out the same way. It
is a claim about the rules, not a safety net: the engine does not stop a game at it, `rulespec verify`
checks that no game takes more (check/properties.py), and the adapters give it as max_game_length.
"""

from __future__ import annotations

import itertools
from typing import Callable, Iterator, Mapping, Optional

from ..language import ast
from ..lib.limits import LIMIT, refusal
from . import ir
from .ir import INT


class NotFixed(Exception):
    """A part of a turn limit that the configuration does not fix (the part is the IR node)."""

    def __init__(self, part: ir.E):
        super().__init__(part.text)
        self.part = part


def turn_limit_value(e: ir.E, options: Mapping[str, str], players: int,
                     definitions: Mapping[str, ir.Definition]) -> int:
    """The value of a turn limit with these options' values and this player count."""
    def value(e: ir.E) -> int:
        if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return e.value
        if isinstance(e, ir.OptionRef) and e.type == INT:
            return int(options[e.name])
        if isinstance(e, ir.Arith) and e.op in ("+", "-", "*", "mod", "div"):
            left, right = value(e.left), value(e.right)
            if e.op in ("mod", "div"):
                return left % right if e.op == "mod" else left // right
            return {"+": left + right, "-": left - right, "*": left * right}[e.op]
        if isinstance(e, ir.Negate):
            return -value(e.operand)
        if isinstance(e, ir.Builtin) and e.func in ("min", "max", "abs"):
            found = [value(arg) for arg in e.args]
            return abs(found[0]) if e.func == "abs" else (min if e.func == "min" else max)(found)
        if isinstance(e, ir.Count) and isinstance(e.domain, ir.PlayersSet) and e.where is None:
            return players
        if isinstance(e, ir.DefinedValue) and not e.args and e.name in definitions:
            return value(definitions[e.name].value)
        raise NotFixed(e)
    return value(e)


def options_read(e: ir.E, definitions: Mapping[str, ir.Definition]) -> list[str]:
    """The options a turn limit reads, through the definitions it uses, in the order first read."""
    found: dict[str, None] = {}

    def walk(node) -> None:
        if isinstance(node, ir.OptionRef):
            found.setdefault(node.name, None)
        elif isinstance(node, ir.DefinedValue) and not node.args and node.name in definitions:
            walk(definitions[node.name].value)
        elif isinstance(node, ir.E):
            for part in vars(node).values():
                for item in part if isinstance(part, tuple) else (part,):
                    if isinstance(item, ir.E):
                        walk(item)
    walk(e)
    return list(found)


def configurations(names: list[str], option_values: Mapping[str, tuple[str, ...]], least: int,
                   most: int) -> Iterator[tuple[int, dict[str, str]]]:
    """Every player count with every combination of the named options' values."""
    for players in range(least, most + 1):
        for values in itertools.product(*(option_values[name] for name in names)):
            yield players, dict(zip(names, values))


class TurnLimits:
    """The game's turn and decision limits, checked (Checker's part)."""

    def turn_limit_checked(self, game: ast.GameDecl) -> tuple[Optional[int], Optional[ir.TurnLimit]]:
        """MAX_TURNS (the largest bound of any configuration) and the limit worked out per configuration."""
        if game.turn_limit is None:
            return game.max_turns, None
        largest, e = self._limit_checked(game, game.turn_limit, "turns", "max_turns",
                                         "`at most N turns` is a safety net against endless games: a few thousand is plenty")
        if largest is None:
            return None, None
        # (its rulings are checked with the game; the engine's docstring carries its citations only, as before)
        return largest, ir.TurnLimit("turn limit", e.loc, tuple(game.max_turns_cites), (), e)

    def largest_fixed(self, game: ast.GameDecl, written: ast.Expr, least: int,
                      too_small: Callable[[ir.E, int, str], tuple[str, str]],
                      worked_out: str) -> tuple[Optional[int], Optional[ir.E]]:
        """The largest value of a number fixed before play (`at most EXPR turns`, `actions numbered 0 to EXPR`)
        over every configuration of the options it reads and the player counts, and the checked expression;
        (None, None) once an error is told: a value below ``least`` (``too_small(e, value, configuration)``
        gives the message and hint) or a part not fixed before play (``worked_out`` names what is worked out)."""
        e = self.expr(written, {}, INT)
        if e.type != INT:
            return None, None  # (told by expr)
        names = options_read(e, self.definitions)
        values = {name: self.options[name].values for name in names if name in self.options}
        if len(values) < len(names):
            return None, None  # an option unknown: told where it is read
        largest: Optional[int] = None
        try:
            for players, options in configurations(names, values, game.min_players, game.max_players):
                value = turn_limit_value(e, options, players, self.definitions)
                if value < least:
                    said = ", ".join([f"{players} players"] + [f"{k} {v}" for k, v in options.items()])
                    message, hint = too_small(e, value, said)
                    self.error(written.loc, message, hint=hint)
                    return None, None
                largest = value if largest is None else max(largest, value)
        except NotFixed as problem:
            self.error(problem.part.loc or written.loc,
                       f"`{problem.part.text}` is not fixed before play, but {worked_out} is worked out from the "
                       f"options and the player count alone",
                       hint="write it with numbers, options, `count(p in players)`, + - * mod, min, max, abs and "
                            "definitions of these")
            return None, None
        return largest, e

    def decision_limit_checked(self, game: ast.GameDecl) -> Optional[ir.DecisionLimit]:
        """`at most EXPR decisions`, worked out per configuration (None if the file says none)."""
        if game.decision_limit is None:
            return None
        largest, e = self._limit_checked(game, game.decision_limit, "decisions", "max_decisions",
                                         "state the most decisions the rules allow (Pig: its horizon)")
        if largest is None:
            return None
        return ir.DecisionLimit("decision limit", e.loc, tuple(game.decision_limit_cites), (), e, largest)

    def _limit_checked(self, game: ast.GameDecl, written: ast.Expr, unit: str, limit: str,
                       too_big_hint: str) -> tuple[Optional[int], Optional[ir.E]]:
        """The largest value of `at most EXPR <unit>` over every configuration, and the checked expression;
        (None, None) once an error is told."""
        def too_small(e: ir.E, bound: int, said: str) -> tuple[str, str]:
            return (f"`at most {e.text} {unit}` is {bound} with {said}: a game has at least one {unit[:-1]}",
                    "give a limit of 1 or more in every configuration")
        largest, e = self.largest_fixed(game, written, 1, too_small, f"a {unit[:-1]} limit")
        if largest is not None and largest > getattr(LIMIT, limit):
            self.error(written.loc, refusal(limit, largest), hint=too_big_hint)
            return None, None
        return largest, e
