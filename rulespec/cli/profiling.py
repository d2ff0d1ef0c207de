"""`rulespec profile`: where an engine's time goes, per declaration and rule-file line, with hints where a
formulation is known to be slow (rulespec/check/profile.py, imported when the command runs)."""

from __future__ import annotations

from typing import Optional

import typer

from .console import UsageProblem, _command, _Io, _load, _resolve


@_command
def profile(
    io: _Io,
    game: str = typer.Argument(..., help="A bundled game's id or a rule file's path."),
    games: int = typer.Option(20, "--games", help="How many seeded random games to play."),
    seed: int = typer.Option(0, "--seed", help="The first game's seed (game k is played with seed + k)."),
    players: Optional[int] = typer.Option(None, "--players", help="The player count (the game's least by default)."),
    top: int = typer.Option(15, "--top", help="How many generated functions to list, the costliest first."),
) -> None:
    """Play seeded random games under cProfile and show, per declaration and rule-file line, where the time goes, with hints where a formulation is known to be slow."""
    if games < 1:
        raise UsageProblem("--games must be at least 1")
    if top < 1:
        raise UsageProblem("--top must be at least 1")
    path = _resolve(game)
    engine = _load(path, [])
    if players is not None and not engine.min_players <= players <= engine.max_players:
        raise UsageProblem(f"{engine.name} is for {engine.min_players} to {engine.max_players} players, not {players}")
    from ..check.profile import profile as profiled, report
    for line in report(profiled(str(path), games=games, seed=seed, players=players), limit=top):
        io.print(line)
