"""`at most EXPR turns` (issue #41): a turn limit worked out per configuration.

`at most 121 turns` bounds every game the file can set up. Where the rules imply a tighter bound for a
smaller configuration (Hex on 5x5: 25 turns; Liar's dice: one bid per face of every die in play, then a
call), the author writes it as an expression over the options and the player count, `at most
board_size * board_size turns`. It is worked out before play, so it may read only what the configuration
fixes: numbers, options, `count(p in players)`, `+ - * mod`, `min`, `max`, `abs`, and definitions without
parameters that read only these. The largest value over every configuration is the file's MAX_TURNS (the
safety net and every bound sized from it); the engine stops a game past its own configuration's value
and `rulespec verify` reports it, as for a number.
"""

from __future__ import annotations

import itertools
from typing import Iterator, Mapping, Optional

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
        if isinstance(e, ir.Arith) and e.op in ("+", "-", "*", "mod"):
            left, right = value(e.left), value(e.right)
            return {"+": left + right, "-": left - right, "*": left * right}[e.op] if e.op != "mod" else left % right
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
    """The game's turn limit, checked (Checker's part)."""

    def turn_limit_checked(self, game: ast.GameDecl) -> tuple[Optional[int], Optional[ir.TurnLimit]]:
        """MAX_TURNS (the largest bound of any configuration) and the limit worked out per configuration."""
        if game.turn_limit is None:
            return game.max_turns, None
        e = self.expr(game.turn_limit, {}, INT)
        if e.type != INT:
            return None, None  # (told by expr)
        names = options_read(e, self.definitions)
        values = {name: self.options[name].values for name in names if name in self.options}
        if len(values) < len(names):
            return None, None  # an option unknown: told where it is read
        largest: Optional[int] = None
        try:
            for players, options in configurations(names, values, game.min_players, game.max_players):
                bound = turn_limit_value(e, options, players, self.definitions)
                if bound < 1:
                    said = ", ".join([f"{players} players"] + [f"{k} {v}" for k, v in options.items()])
                    self.error(game.turn_limit.loc, f"`at most {e.text} turns` is {bound} with {said}: a game has "
                                                    f"at least one turn", hint="give a limit of 1 or more in every configuration")
                    return None, None
                largest = bound if largest is None else max(largest, bound)
        except NotFixed as problem:
            self.error(problem.part.loc or game.turn_limit.loc,
                       f"`{problem.part.text}` is not fixed before play, but a turn limit is worked out from the options "
                       f"and the player count alone",
                       hint="write it with numbers, options, `count(p in players)`, + - * mod, min, max, abs and "
                            "definitions of these")
            return None, None
        if largest is not None and largest > LIMIT.max_turns:
            self.error(game.turn_limit.loc, refusal("max_turns", largest),
                       hint="`at most N turns` is a safety net against endless games: a few thousand is plenty")
            return None, None
        # (its rulings are checked with the game; the engine's docstring carries its citations only, as before)
        return largest, ir.TurnLimit("turn limit", e.loc, tuple(game.max_turns_cites), (), e)
