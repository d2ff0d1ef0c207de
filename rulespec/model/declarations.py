"""The game's own declarations: its header, rulings, options, components, leave-outs, zones, fits, setup and turns."""

from __future__ import annotations

from ..language import ast
from . import ir

class Declarations:
    """The game's declarations, each made into its ``ir`` form: the parts ``build`` puts together."""

    def seat_attribute(self, d: ast.SeatAttributeDecl, game: ast.GameDecl) -> ir.SeatAttribute:
        self.cites_of(d, f"`each player has a {d.name}`")
        if len(d.values) < game.max_players:
            self.error(d.loc, f"`{d.name}` gives {len(d.values)} value(s) but the game has up to {game.max_players} "
                              f"players", hint="give one value per seat, player 1's first")
        if len(set(d.values)) != len(d.values):
            self.error(d.loc, f"`{d.name}` repeats a value", hint="give each seat its own value")
        return ir.SeatAttribute(d.name, d.loc, d.cites, d.rulings, d.values)
