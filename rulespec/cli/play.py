"""`rulespec play`: a game in the terminal, you at your seats (rulespec/cli/table.py), a seeded RNG at
the others and for chance; or, with --watch, every seat played automatically and the board shown."""

from __future__ import annotations

import random
import sys
from typing import Optional

import typer
from rich.text import Text

from ..runtime.engine import ANY_PLAYER  # a claim window: a choice any seat may take
from ..runtime.engine import SIMULTANEOUS  # a choice each seat makes in secret
from ..runtime.engine import StepBudgetExceeded, default_max_steps
from ..runtime.engine import random_step  # plays as random_game does
from .console import EXIT_PROBLEM, UsageProblem, _command, _Io, _load, _parse_options, _resolve, _Stop
from .table import (EndOfInput, SimulatedClock, Table, WallClock, claim_window, human_turn, play_reactions, say,
                    secret_choices)
from .views import format_outcome, render_observation, seat_name, spectator_view


def _seats(engine, players: Optional[int], watch: bool, seat: Optional[list[int]]) -> tuple[int, set[int]]:
    """The player count and your seats (none with --watch), each checked against the game."""
    count = players if players is not None else engine.min_players
    if not engine.min_players <= count <= engine.max_players:
        raise UsageProblem(f"{engine.name} is played by {engine.min_players} to {engine.max_players} players, "
                           f"not {count}")
    if watch and seat:
        raise UsageProblem("--watch plays every seat automatically; leave out --seat, or --watch to play")
    humans = set() if watch else {k - 1 for k in (seat or [1])}
    for k in sorted(humans):
        if not 0 <= k < count:
            raise UsageProblem(f"--seat {k + 1}: seats are 1 to {count} in a {count}-player game")
    return count, humans


def _table_clock(clock: Optional[str], humans: set[int]):
    """How a claim window is raced: wall-clock time at a terminal, simulated time for piped input."""
    if clock not in (None, "wall", "simulated"):
        raise UsageProblem(f"--clock is wall or simulated, not {clock!r}")
    if clock is None:
        clock = "wall" if sys.stdin.isatty() else "simulated"
    return WallClock() if clock == "wall" and humans else SimulatedClock()


class _TurnLog:
    """--watch without --boards: each turn on one line, its actions in order (the turn's player's without its
    name again); a long run of chance outcomes (a deal) is counted, its first few named."""

    SHOWN_OUTCOMES = 3

    def __init__(self, io: _Io) -> None:
        self.io, self.title, self.own, self.actions = io, None, None, []

    def start(self, title: str, seat: Optional[int]) -> None:
        self.flush()
        self.title, self.own = title, (f"player {seat + 1}: " if seat is not None else None)

    def add(self, action) -> None:
        text = str(action)
        self.actions.append(text[len(self.own):] if self.own and text.startswith(self.own) else text)

    def flush(self) -> None:
        if self.title is not None and self.actions:
            say(self.io, f"{self.title}: " + "; ".join(self._condensed()))
        self.actions = []

    def _condensed(self) -> list[str]:
        parts, run = [], []
        for text in self.actions + [""]:  # (the empty text ends the last run)
            if text.startswith("chance: "):
                run.append(text[len("chance: "):])
                continue
            if run:
                more = len(run) - self.SHOWN_OUTCOMES
                parts.append("chance: " + ", ".join(run[:self.SHOWN_OUTCOMES])
                             + (f" and {more} more" if more > 0 else ""))
                run = []
            if text:
                parts.append(text)
        return parts


def _play_out(io: _Io, table: Table, rng: random.Random, budget: int, watch: bool, clock, reactions: list,
              boards: bool = False) -> None:
    """Play the game to its end: your seats asked at the prompt, every other seat and chance by ``rng``;
    with ``watch``, each turn's actions on a line, or with ``boards`` the board at the start of every turn
    and each action on its own line."""
    state, humans, engine = table.state, table.humans, table.state.game
    last_turn = None
    log = _TurnLog(io) if watch and not boards else None
    while not state.is_terminal():
        if len(state.history) >= budget:  # every step played is in the history
            raise StepBudgetExceeded(budget, engine.MAX_TURNS)
        if watch and (state._phase, state._turn_number) != last_turn:
            last_turn = (state._phase, state._turn_number)
            title = "setup" if state._phase == "setup" else \
                f"turn {state._turn_number}: player {state._turn_seat + 1}"
            if log is not None:
                log.start(title.replace(":", ",", 1), None if state._phase == "setup" else state._turn_seat)
            else:
                io.print()
                io.print(Text(f"== {title} ==", style="bold cyan"))
                for line in render_observation(engine, spectator_view(state), io.out.width):
                    say(io, line)
        current = state.current_player()
        if current in humans:
            human_turn(io, table, current, clock=clock)
        elif current == ANY_PLAYER and humans:
            claim_window(io, table, rng, clock, reactions)
        elif current == SIMULTANEOUS and humans:
            secret_choices(io, table, rng)
        else:
            action = random_step(state, rng)
            table.apply(action)
            if log is not None:
                log.add(action)
            elif watch:
                say(io, f"  {action}")
    if log is not None:
        log.flush()


def _game_over(io: _Io, table: Table) -> None:
    """The end: what your seats saw happen after their last decision, the final view and the outcome;
    exit 1 when the runtime recorded a violated invariant."""
    state, humans = table.state, table.humans
    io.print()
    io.print(Text("== game over ==", style="bold cyan"))
    for seat_ in sorted(humans):  # what your seats saw happen after their last decision
        news = table.tell(seat_)
        if news:
            io.print(f"player {seat_ + 1}, since your last decision:")
            for line in news[:40]:
                say(io, "  " + line)
    final_view = state.observation(min(humans)) if humans else spectator_view(state)  # still only what you see
    for line in render_observation(state.game, final_view, io.out.width):
        say(io, line)
    for line in format_outcome(state):
        say(io, line, style="bold" if not line.startswith(" ") else None)
    if state._violations:
        io.print("invariants violated during the game:", style="bold red")
        for violation in state._violations:
            io.print(f"  {violation}", style="red")
        raise _Stop(EXIT_PROBLEM)


@_command
def play(
    io: _Io,
    game: str = typer.Argument(..., metavar="GAME", help="A bundled game's id or a .rules file."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="How many players (default: the fewest)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for chance and the automatic seats."),
    option: Optional[list[str]] = typer.Option(None, "--option", metavar="NAME=VALUE", help="A game option (repeatable)."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", metavar="V", help="Apply a variant (repeatable)."),
    watch: bool = typer.Option(False, "--watch", help="Every seat plays automatically; print each turn's actions "
                                                      "on a line, and the board at the end."),
    boards: bool = typer.Option(False, "--boards", help="With --watch: the board at the start of every turn, and "
                                                        "each action on its own line."),
    seat: Optional[list[int]] = typer.Option(None, "--seat", metavar="K",
                                             help="A seat you play (1 = player 1; repeatable). Default: seat 1."),
    max_steps: Optional[int] = typer.Option(None, "--max-steps", metavar="N",
                                            help="Stop with an error after N steps without an end (default: "
                                                 "100 x (turn limit + 1) x players, or 1,000,000)."),
    reaction: Optional[list[str]] = typer.Option(None, "--reaction", metavar="[K=]TIME",
                                                 help="An automatic seat's reaction time in a claim window (any "
                                                      "player may act), which you race: 2s, 1s..3s (uniform) or "
                                                      "lognormal(2, 0.3) (median, sigma); without K, every "
                                                      "automatic seat's (default 3s..8s). Repeatable."),
    clock: Optional[str] = typer.Option(None, "--clock", metavar="wall|simulated",
                                        help="How a claim window is raced: in wall-clock time while you type "
                                             "(default at a terminal), or simulated: an answer may start with "
                                             "@SECONDS, its time (default for piped input; exact replays)."),
) -> None:
    """Play a game in the terminal: you choose for your seats, a seeded RNG for the others and for chance."""
    path = _resolve(game)
    options = _parse_options(option, path)
    engine = _load(path, variant or [], options)
    count, humans = _seats(engine, players, watch, seat)
    if boards and not watch:
        raise UsageProblem("--boards goes with --watch (at your own seats, `board` at the prompt shows it)")
    if max_steps is not None and max_steps < 1:
        raise UsageProblem("--max-steps must be at least 1")
    budget = max_steps if max_steps is not None else default_max_steps(engine, count)
    reactions = play_reactions(reaction or [], count, humans)
    table_clock = _table_clock(clock, humans)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    rng = random.Random(seed)
    settings = ", ".join(f"{k}={v}" for k, v in engine._option_values.items())
    io.print(Text(f"{engine.name}: {count} players, seed {seed}" + (f", options {settings}" if settings else "")
                  + (f", variants {', '.join(variant)}" if variant else ""), style="bold"))
    if humans:
        io.print(f"you play {', '.join(seat_name(k) for k in sorted(humans))}; type `help` for help")
    state = engine.new_game(count)
    table = Table(state, humans)
    try:
        _play_out(io, table, rng, budget, watch, table_clock, reactions, boards)
    except EndOfInput as stop:
        io.print(f"{stop.args[0] if stop.args else 'no more input'}: "
                 f"the game stops on turn {state._turn_number}, unfinished")
        return
    except StepBudgetExceeded as error:
        io.error(f"error: {error}")
        raise _Stop(EXIT_PROBLEM)
    _game_over(io, table)
