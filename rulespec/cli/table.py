"""The table of `rulespec play`: your seats' turns at the prompt, the claim windows you race the
automatic seats in, the choices each seat makes in secret, and what each of your seats is told of the
others' actions (only what it could see)."""

from __future__ import annotations

import random
import re
import sys
import textwrap
import time
from typing import Any, Optional

from rich.text import Text

from ..runtime.engine import SIMULTANEOUS  # (a choice each seat makes in secret)
from ..runtime.numbers import NotAWholeNumber, shown_number, whole_number  # (numbers typed at the prompt)
from .console import UsageProblem, _Io, _terminal_safe
from .views import Drawn, observation_changes, render_observation, seat_name, who_did_what, words


class Table:
    """Applies every action of a game and keeps, for each of your seats, what it saw happen since its
    last decision. A run of chance outcomes of one step (a deal, tiles drawn) is told as one."""

    def __init__(self, state, humans: set[int]) -> None:
        self.state = state
        self.humans = humans
        self.news: dict[int, list[str]] = {seat: [] for seat in humans}
        self.chance_run: dict[int, tuple[str, dict, int]] = {}  # seat -> (step, its view before the run, outcomes)

    def apply(self, action) -> None:
        from ..runtime.engine import CHANCE, Action
        state = self.state
        if not self.humans:  # --watch: nobody to tell
            state.apply(action)
            return
        before = {seat: state.observation(seat) for seat in self.humans}
        step = next(iter(before.values()))["decision"]["step"]
        secret = next(iter(before.values()))["decision"]["player"] == "each"  # a choice made in secret
        state.apply(action)
        if isinstance(action, Action):
            player, text = action.player, action.text
        else:  # typed as `player N: ...` or `chance: ...`
            who, _, text = str(action).partition(": ")
            player = CHANCE if who == "chance" else int(who.split()[-1]) - 1
        for seat in self.humans:
            run = self.chance_run.get(seat)
            if player < 0:
                if run and run[0] == step:
                    self.chance_run[seat] = (step, run[1], run[2] + 1)
                    continue
                self._end_run(seat, before[seat])
                self.chance_run[seat] = (step, before[seat], 1)
                continue
            self._end_run(seat, before[seat])
            if player != seat:  # you know what you did: you are told as you do it
                said = "chose in secret" if secret else text  # what it chose shows once it is carried out
                self.news[seat] += who_did_what(player, said, observation_changes(before[seat],
                                                                                   state.observation(seat)))
            elif secret and not (state.observation(seat)["decision"] or {}).get("chosen"):
                changes = observation_changes(before[seat], state.observation(seat))  # yours was the last choice
                self.news[seat] += ["the secret choices are revealed and carried out"] + \
                    [f"    {line}" for line in changes]

    def _end_run(self, seat: int, now: dict) -> None:
        run = self.chance_run.pop(seat, None)
        if run:
            step, start, outcomes = run
            times = f", {outcomes} times" if outcomes > 1 else ""
            self.news[seat] += who_did_what(CHANCE_SEAT, f"chance ({words(step)}{times})",
                                             observation_changes(start, now))

    def tell(self, seat: int) -> list[str]:
        self._end_run(seat, self.state.observation(seat))
        lines, self.news[seat] = self.news[seat], []
        return lines


CHANCE_SEAT = -1


def say(io: _Io, line: str, style: Optional[str] = None) -> None:
    """A line of the player's text, wrapped at words to the terminal's width (a continued line indented
    under its first); a board's rows are drawn whole (a row cut in two would not read as a board)."""
    width = max(20, io.out.width)
    indent = len(line) - len(line.lstrip(" "))
    if len(line) <= width or isinstance(line, Drawn):
        io.print(line, style=style)
        return
    for part in textwrap.wrap(line, width=width, subsequent_indent=" " * (indent + 4), break_long_words=False,
                              break_on_hyphens=False):
        io.print(part, style=style)


class EndOfInput(Exception):
    """The person stopped answering: end of input, or `quit`."""


class SimulatedClock:
    """Time at the table without waiting (piped input, tests): a typed line may start with `@SECONDS`,
    the time it is typed at, counted from the opening of the claim window it answers (a line without
    one is as late as the line before it in the window, the first at 0 s). Exact and replayable."""

    name = "simulated"

    def __init__(self) -> None:
        self.now = 0.0

    def open_window(self) -> None:
        self.now = 0.0

    def read(self, io: _Io, prompt: str, deadline: Optional[float] = None) -> tuple[Optional[str], float]:
        """(the answer, the time it was given); the answer is None when ``deadline`` passed first."""
        io.print(Text(prompt, style="bold"), end="")
        io.out.file.flush()
        from .timed_input import bounded_line
        line = bounded_line(sys.stdin)
        if line == "":
            io.print()
            raise EndOfInput()
        answer = _typed(io, line)
        stamp = re.match(r"^@\s*([0-9]{1,9}(?:\.[0-9]{0,9})?|\.[0-9]{1,9})\s*s?(?:\s+|$)", answer)
        if stamp:
            self.now = max(self.now, float(stamp.group(1)))
            answer = answer[stamp.end():].strip()
        return answer, self.now


class WallClock:
    """Real time: the bots' claims come due while the person types (a line read with a timeout)."""

    name = "wall"

    def __init__(self) -> None:
        from .timed_input import stdin_lines
        self.lines = stdin_lines()
        self.opened = time.monotonic()

    def open_window(self) -> None:
        self.opened = time.monotonic()

    def read(self, io: _Io, prompt: str, deadline: Optional[float] = None) -> tuple[Optional[str], float]:
        io.print(Text(prompt, style="bold"), end="")
        io.out.file.flush()
        timeout = None if deadline is None else deadline - (time.monotonic() - self.opened)
        line = self.lines.readline(timeout)
        at = time.monotonic() - self.opened
        if line is None:  # the deadline came first: what is typed now is too late
            io.print()
            self.lines.discard_typed()
            return None, at
        if line == "":
            io.print()
            raise EndOfInput()
        return _typed(io, line), at


def _fits(number: str, high: int) -> bool:
    """Whether a number typed at the prompt is 1 to ``high`` (read bounded: rulespec/runtime/numbers.py)."""
    try:
        return bool(whole_number(number, 1, high))
    except NotAWholeNumber:
        return False


def _typed(io: _Io, line: str) -> str:
    """The answer a line read at the prompt gives: echoed when piped, so a transcript reads like a session;
    a line past MAX_LINE_CHARS (read and dropped by timed_input.bounded_line) is refused and asked again."""
    from .timed_input import MAX_LINE_CHARS, TOO_LONG
    if line is TOO_LONG:
        io.print(f"that line is longer than {MAX_LINE_CHARS:,} characters: not read", style="red")
        return ""
    if not sys.stdin.isatty():  # echo piped answers
        io.print(line.rstrip("\n"))
    return line.strip()


def _help(actions: list, seat: int) -> str:
    """How to answer, with an example made from this game's own offered actions (never another game's)."""
    example = actions[0].text if actions else "..."
    return (f"type the number of a choice (1 to {len(actions)}), or its text (`{example}`), or "
            f"`player {seat + 1}: {example}`; `list` shows the choices again, `board` what you see, "
            f"`quit` leaves the game")


def _not_a_choice(answer: str, offered: list[str]) -> str:
    """Why a typed answer is refused, in the player's words: the runtime's reason names the rule file's
    internal step (`second_tile`), which a player at the table never sees."""
    from ..lib.suggestions import close_matches  # (bounded work, however many the choices)
    close = close_matches(answer, offered, n=3, cutoff=0.5)
    if close:
        return f"{answer!r} is not one of your choices; did you mean {' or '.join(repr(c) for c in close)}?"
    return (f"{answer!r} is not one of your choices: type a number 1 to {len(offered)}, or an action as "
            f"listed (`list` shows them again)")


class _Race:
    """A round of a claim window as a person at the table sees it: the bots' claims, each with the time
    it comes due (seconds after the window opened); the first of them is the deadline."""

    def __init__(self, claims: list, rng: random.Random) -> None:
        from ..play.races import fastest
        self.claims = claims
        self.first = fastest(claims, rng)

    @property
    def deadline(self) -> Optional[float]:
        return self.first.time if self.first is not None else None


_WAITED, _TOO_LATE = "waited", "too late"

def _show_decision(io: _Io, table: Table, seat: int, observation: dict) -> None:
    """The head of a seat's decision: whose it is, what it saw happen since its last one, what it sees."""
    state = table.state
    io.print()
    header = (f"player {seat + 1}, your decision ({words(observation['decision']['step'])}) "
              f"on turn {state._turn_number}")
    io.print(Text(f"== {header} ==", style="bold cyan"))
    news = table.tell(seat)
    if news:
        io.print("since your last decision:")
        for line in news[:40]:
            say(io, "  " + line)
        if len(news) > 40:
            io.print(f"  ... and {len(news) - 40} more lines")
    for line in render_observation(state.game, observation, io.out.width):
        say(io, line)


def _show_choices(io: _Io, actions: list, can_wait: bool) -> None:
    """The numbered choices: one a line, or in columns when there are many and the terminal is wide."""
    io.print(f"your choices ({len(actions)}):")
    entries = [f"{n:>3}. {a.text}" for n, a in enumerate(actions, 1)]
    if can_wait:
        entries.append("  0. wait: let the others claim first")
    if len(entries) <= 12 or 2 * max(map(len, entries)) + 3 > io.out.width:  # one a line, wrapped at words
        for entry in entries:
            say(io, entry)
    else:
        from rich.columns import Columns  # imported when a table of actions is shown: it pulls in rich.table
        io.out.print(Columns([Text(_terminal_safe(e)) for e in entries], column_first=True, padding=(0, 3)))


def _chosen_action(io: _Io, answer: str, actions: list, seat: int, players: int) -> Any:
    """The action a typed answer names: a choice's number, `player N: ...` or `chance: ...` as typed, or the
    seat's own action text; None (after saying why) when a number names no choice or no player."""
    from ..runtime.engine import Action
    if answer.isdigit():  # (² and other scripts' digits too: whole_number reads 0 to 9, bounded, or says no)
        try:
            return actions[whole_number(answer, 1, len(actions)) - 1]
        except NotAWholeNumber:
            io.print(f"there is no choice {shown_number(answer)}: choose 1 to {len(actions)}, or type the action",
                     style="red")
            return None
    if answer.startswith(("player ", "chance:")):
        who = answer.partition(":")[0][len("player "):].strip() if answer.startswith("player ") else ""
        if who.isdigit() and not _fits(who, players):
            io.print(f"there is no player {shown_number(who)}: players are 1 to {players}", style="red")
            return None
        return answer
    return Action(seat, answer)


def human_turn(io: _Io, table: Table, seat: int, can_wait: bool = False, clock: Any = None,
               race: Optional[_Race] = None) -> Any:
    """Ask ``seat`` to choose and apply its choice: True when it did; in a claim window, _WAITED when it
    chose to wait, _TOO_LATE when a bot's claim (``race``) came due before its answer."""
    clock = clock or SimulatedClock()
    from ..runtime.engine import Action, IllegalAction
    state = table.state
    observation = state.observation(seat)
    _show_decision(io, table, seat, observation)
    actions = state.legal_actions(seat)
    _show_choices(io, actions, can_wait)
    deadline = race.deadline if race is not None else None
    while True:
        answer, at = clock.read(io, f"player {seat + 1}> ", deadline)
        lowered = (answer or "").lower()
        if lowered in ("q", "quit", "exit"):
            raise EndOfInput("you left the game")
        if deadline is not None and (answer is None or at >= deadline):
            from ..play.races import too_late
            io.print(too_late(seat, race.first.seat, deadline, at if answer is not None else None), style="red")
            return _TOO_LATE
        if not answer:
            continue
        if lowered in ("?", "h", "help"):
            say(io, _help(actions, seat))
            continue
        if lowered in ("l", "list"):
            _show_choices(io, actions, can_wait)
            continue
        if can_wait and lowered in ("0", "w", "wait"):
            io.print(f"{seat_name(seat)} waits")
            return _WAITED
        if lowered in ("b", "board"):
            for line in render_observation(state.game, observation, io.out.width):
                say(io, line)
            continue
        action = _chosen_action(io, answer, actions, seat, state.players)
        if action is None:
            continue
        try:
            table.apply(action)
        except IllegalAction as refusal:
            offered = [a.text for a in actions]
            if isinstance(action, Action) and answer not in offered and " is not allowed: " not in refusal.reason:
                io.print(f"not allowed: {_not_a_choice(answer, offered)}", style="red")
            else:  # a choice the rules name but forbid now: the runtime says which condition fails
                io.print(f"not allowed: {refusal.reason}", style="red")
            continue
        io.print(f"{seat_name(seat)}: {action.text if isinstance(action, Action) else action}")
        if race is not None and race.claims:
            io.print(f"{seat_name(seat)} was faster ({at:.2f} s); too late: "
                     + ", ".join(f"{seat_name(c.seat)} ({c.time:.2f} s)" for c in race.claims))
        return True


def claim_window(io: _Io, table: Table, rng: random.Random, clock: Any = None,
                  reactions: Optional[list] = None) -> None:
    """A choice any seat may take, raced (rulespec.play.races): each automatic seat with an action picks
    one and draws its reaction time (``reactions``, by seat) from the game's rng; your seats are
    asked in seat order while those claims come due (``clock``: wall-clock or simulated time). An
    answer before the first bot's claim is applied and the bots' claims come too late; the first
    bot's claim is applied when it comes due first, or when you wait (when no bot claims, the last
    of your seats must choose)."""
    from ..play.races import PLAY_REACTION, Claim, parse_reaction
    state, humans = table.state, table.humans
    clock = clock or SimulatedClock()
    claims = []
    for seat in range(state.players):
        actions = state.legal_actions(seat) if seat not in humans else []
        if actions:
            reaction = (reactions[seat] if reactions else None) or parse_reaction(PLAY_REACTION)
            claims.append(Claim(seat, actions[rng.randrange(len(actions))], reaction.draw(rng)))
    race = _Race(claims, rng)
    askable = [s for s in sorted(humans) if state.legal_actions(s)]
    clock.open_window()
    for position, seat in enumerate(askable):
        can_wait = bool(claims) or position < len(askable) - 1
        answered = human_turn(io, table, seat, can_wait=can_wait, clock=clock, race=race if claims else None)
        if answered is True:
            return
        if answered == _TOO_LATE:
            break
    if askable:  # (a window none of yours could act in is told at your next decision only)
        io.print(f"{seat_name(race.first.seat)}: {race.first.action.text} ({race.first.time:.2f} s)")
    table.apply(race.first.action)  # told to your seats at their next decision too


def play_reactions(given: list[str], count: int, humans: set[int]) -> list:
    """Each seat's reaction time from `--reaction [K=]TIME` (None: the default, PLAY_REACTION)."""
    from ..play.races import parse_reaction
    reactions: list = [None] * count
    for text in given:
        number, sign, rest = text.partition("=")
        if sign and not _fits(number.strip(), count):
            raise UsageProblem(f"--reaction is [K=]TIME with K a seat 1 to {count}, not {text!r}")
        if sign and int(number) - 1 in humans:
            raise UsageProblem(f"--reaction {text}: player {number.strip()} is yours; you race in your own time")
        try:
            reaction = parse_reaction(rest if sign else text)
        except ValueError as problem:
            raise UsageProblem(f"--reaction {text}: {problem}")
        for seat in ([int(number) - 1] if sign else range(count)):
            reactions[seat] = reaction
    return reactions


def secret_choices(io: _Io, table: Table, rng: random.Random) -> None:
    """A choice each seat makes in secret: the automatic seats choose first (your seats are told only
    that they have chosen), then each of your seats still to choose, in seat order."""
    state, humans = table.state, table.humans
    for seat in state.simultaneous_seats():
        if seat not in humans:
            actions = state.legal_actions(seat)
            table.apply(actions[rng.randrange(len(actions))])
    for seat in [s for s in state.simultaneous_seats() if s in humans]:
        if state.current_player() != SIMULTANEOUS:  # (carried out already: no seat of yours was left)
            break
        human_turn(io, table, seat)

