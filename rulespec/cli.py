"""The `rulespec` command: check a rule file, build the engines, play, verify, replay.

Exit codes: 0 success; 1 a problem found in the rules (a RuleError, a failed example, an out-of-date
engine, a failed property); 2 bad input from the person at the keyboard (an unknown game, a malformed
option, a player count the game does not allow); 130 interrupted. A Python traceback is never shown
for any of these; set ``RULESPEC_TRACEBACK=1`` to see one for an unexpected internal error.
"""

from __future__ import annotations

import random
import sys
import textwrap
from pathlib import Path
from typing import Any, Optional

import typer
from rich.columns import Columns
from rich.text import Text

from . import __version__
from .console import (EXIT_PROBLEM, EXIT_USAGE, UsageProblem, _check_variant_names, _command, _Io, _load,  # noqa: F401
                      _natural, _parse_options, _resolve, _shown_path, _Stop, _terminal_safe, app)

# ----------------------------------------------------------------------------- rulespec check


def _shown_game(typed: str) -> str:
    """How a progress line names the game: a bundled id as typed, a rule file by its name."""
    return Path(typed).name if typed.endswith(".rules") else typed


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    return f"{n} {word}s" if not word.endswith("s") else f"{n} {word}es"


def summary(model, path: Path) -> str:
    """One paragraph about a checked rule file."""
    from .model.counts import KIND_NOUNS, declaration_counts
    counts = declaration_counts(model)  # the numbers a game's page prints too
    parts = ", ".join(_plural(n, KIND_NOUNS[kind]) for kind, n in counts.kinds)
    players = (f"{model.min_players} players" if model.min_players == model.max_players
               else f"{model.min_players} to {model.max_players} players")
    shown = _shown_path(path)
    source = model.game_id if shown == model.game_id else f"{model.game_id}, {shown}"  # a bundled game: once
    text = (f"{model.title} ({source}) is for {players}. It has {counts.total} "
            f"declarations ({parts}); they cite {_plural(counts.clauses, 'clause ID')}"
            + (f" of the rulebook {model.rulebook}" if model.rulebook else "")
            + f"; {_plural(counts.rulings, 'ruling')} say how unclear text is read, and "
            f"{_plural(counts.examples, 'executable example')} run below.")
    if model.options:
        text += " Options: " + "; ".join(f"{o.name} ({', '.join(o.values)}, default {o.default})"
                                         for o in model.options) + "."
    if model.variants_available:
        text += " Variants: " + ", ".join(name for name, _ in model.variants_available) + "."
    if model.variants_applied:
        text += " Checked with: " + ", ".join(model.variants_applied) + "."
    return text


@app.command()
@_command
def check(
    io: _Io,
    rule_file: str = typer.Argument(..., metavar="FILE_OR_GAME", help="A .rules file or a bundled game's id."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", metavar="V", help="Apply a variant (repeatable)."),
) -> None:
    """Parse and check a rule file, then run its executable examples."""
    from .runtime.examples import run_examples
    path = _resolve(rule_file)
    engine = _load(path, variant or [])
    model = engine.model
    width = min(io.out.width, 100)
    io.print(Text("ok ", style="bold green") + Text(f"{_shown_path(path)} parses and checks"))
    io.print(textwrap.fill(summary(model, path), width=width))
    results = run_examples(engine)
    failed = [r for r in results if not r.passed]
    if results:
        io.print()
        io.print(f"examples ({len(results) - len(failed)} of {len(results)} pass):")
    for result in results:
        mark = Text("  pass ", style="green") if result.passed else Text("  FAIL ", style="bold red")
        cites = f" [{', '.join(result.cites)}]" if result.cites else ""
        io.print(mark + Text(f"{result.name}: {result.title}{cites}"))
        if not result.passed:
            io.print(textwrap.indent(result.message, "         "), style="red")
    if failed:
        io.error(f"{_plural(len(failed), 'example')} failed")
        raise _Stop(EXIT_PROBLEM)


# ----------------------------------------------------------------------------- rulespec build


@app.command()
@_command
def build(
    io: _Io,
    check_only: bool = typer.Option(False, "--check", help="Write nothing; exit 1 if an engine is out of date."),
) -> None:
    """Regenerate engines/*.py from every bundled rule file."""
    from .build import build_all
    from .progress import StageProgress
    with StageProgress(io.err, "build --check" if check_only else "build", "engines") as progress:
        results = build_all(check_only=check_only, progress=progress)
    if not results:
        io.print("no bundled rule files: nothing to build")
        return
    stale = [r for r in results if not r.up_to_date]
    for result in results:
        source, target = _shown_path(result.rule_file), _shown_path(result.engine_file)
        if result.up_to_date:
            io.print(Text("up to date  ", style="green") + Text(f"{target} (from {source})"))
        elif check_only:
            io.print(Text("OUT OF DATE ", style="bold red") + Text(f"{target} (from {source})"))
        else:
            io.print(Text("wrote       ", style="yellow") + Text(f"{target} (from {source})"))
    if check_only and stale:
        io.error(f"{_plural(len(stale), 'engine')} out of date: "
                 f"{', '.join(_shown_path(r.engine_file) for r in stale)}; run `rulespec build` to regenerate")
        raise _Stop(EXIT_PROBLEM)
    if not check_only:
        io.print(f"{len(stale)} written, {len(results) - len(stale)} already up to date")


# ----------------------------------------------------------------------------- rulespec play


try:
    from .runtime.engine import ANY_PLAYER  # a claim window: a choice any seat may take
except ImportError:  # pragma: no cover - a runtime without claim windows
    ANY_PLAYER = -2


from .runtime.engine import random_step as _random_step  # noqa: E402  (plays as random_game does)
from .runtime.engine import StepBudgetExceeded, default_max_steps  # noqa: E402


def _seat_name(seat: int) -> str:
    return "chance" if seat < 0 else f"player {seat + 1}"


def format_outcome(state) -> list[str]:
    outcome = state.outcome()
    if outcome is None:
        return ["the game is not over"]
    cites = f" [{', '.join(outcome['cites'])}]" if outcome.get("cites") else ""
    winners = outcome.get("winners", [])
    if not winners:
        who = "nobody wins"
    elif len(winners) == 1:
        who = f"{_seat_name(winners[0])} wins"
    else:
        who = " and ".join(_seat_name(w) for w in winners) + " share the win"
    lot = outcome.get("lot")
    if lot is not None:
        who += f" ({_seat_name(lot)} drew the lot among those tied for first)"
    lines = [f"game over by {outcome['end']}{cites} after {state.turn_number} turns: {who}"]
    scores = outcome.get("scores", {})
    ranking = outcome.get("ranking", [])
    for seat in sorted(range(state.players), key=lambda s: (ranking[s] if ranking else 0, s)):
        figures = ", ".join(f"{name} {values[seat]}" for name, values in scores.items())
        rank = f"rank {ranking[seat]}: " if ranking else ""
        lines.append(f"  {rank}{_seat_name(seat)}" + (f" ({figures})" if figures else ""))
    return lines


def render_observation(engine, observation: dict) -> list[str]:
    """What one seat may see, as text: built from ``state.observation(seat)`` and the game's static tables."""
    seat = observation["seat"]
    players = observation["players"]
    lines = []
    tables = engine.tables(players)
    index_of_label: dict[str, int] = {}
    for item, label in enumerate(engine.ITEM_LABEL):
        index_of_label.setdefault(label, item)
    for b, board in enumerate(engine.BOARDS):
        occupied = observation["boards"].get(board.name, {})
        width = len(board.columns)
        label_width = max(len(r) for r in board.rows)
        lines.append(f"{board.name} (face {tables.face[b]}):")
        lines.append(f"  {'':<{label_width}} " + " ".join(f"{c:>2}" for c in board.columns))
        for r, row in enumerate(board.rows):
            cells = []
            for c in range(width):
                cell = r * width + c
                label = board.label(cell)
                if not tables.in_use[b][cell]:
                    cells.append("  ")
                elif label in occupied:
                    value = engine.ITEM_ATTRS.get(board.column_attribute, {}).get(index_of_label.get(occupied[label]))
                    cells.append(f"{value:>2}" if value is not None else " *")
                else:
                    cells.append(" o" if tables.region_of[b][cell] >= 0 else " .")
            lines.append(f"  {row:<{label_width}} " + " ".join(cells))
        lines.append(f"  ({board.column_attribute} of a tile; * another component; o an empty region space; . empty)")
    stacked = {zone.name for zone in engine.ZONES if getattr(zone, "stacked", False)}
    for name, views in observation["zones"].items():
        owned = isinstance(views, list)
        for owner, view in enumerate(views if owned else [views]):
            who = (f" of player {owner + 1}" + (" (you)" if owner == seat else "")) if owned else ""
            line = f"{name}{who}: {view['size']}"
            if "items" in view:
                items = list(view["items"]) if name in stacked else sorted(view["items"], key=_natural)
                cap = len(items) if (owned and owner == seat) or len(items) <= 15 else 10  # your own in full
                shown = ", ".join(items[:cap]) + (f", ... and {len(items) - cap} more" if len(items) > cap else "")
                if items:
                    line += f" ({shown})"
            else:
                line += " (hidden)" if view["size"] else ""
            lines.append(line)
    for name, value in observation["counters"].items():
        shown = ", ".join(f"player {s + 1}: {v}" for s, v in enumerate(value)) if isinstance(value, list) else value
        lines.append(f"{name}: {shown}")
    for name, pending in observation["queues"].items():
        if pending:
            lines.append(f"{name} to resolve: {', '.join(pending)}")
    return lines


def observation_changes(before: dict, after: dict) -> list[str]:
    """What changed between two observations of one seat (so only what that seat could see)."""
    seat = after["seat"]
    lines = []
    if before["turn"] != after["turn"]:
        lines.append(f"turn {before['turn']} -> {after['turn']}")
    for board, cells in after["boards"].items():
        old = before["boards"].get(board, {})
        for space in sorted(set(old) | set(cells), key=_natural):
            if old.get(space) == cells.get(space):
                continue
            if space not in old:
                lines.append(f"{board}: {cells[space]} placed on {space}")
            elif space not in cells:
                lines.append(f"{board}: {old[space]} taken from {space}")
            else:
                lines.append(f"{board}: {old[space]} on {space} replaced by {cells[space]}")
    for name, views in after["zones"].items():
        old_views = before["zones"].get(name)
        owned = isinstance(views, list)
        pairs = zip(old_views, views) if owned else [(old_views, views)]
        for owner, (old, new) in enumerate(pairs):
            who = (f" of player {owner + 1}" + (" (you)" if owner == seat else "")) if owned else ""
            if "items" in old and "items" in new:
                added = sorted(set(new["items"]) - set(old["items"]), key=_natural)
                gone = sorted(set(old["items"]) - set(new["items"]), key=_natural)
                change = " ".join([f"+{i}" for i in added] + [f"-{i}" for i in gone])
                if change or old["size"] != new["size"]:
                    lines.append(f"{name}{who}: {old['size']} -> {new['size']}" + (f" ({change})" if change else ""))
            elif old["size"] != new["size"]:
                lines.append(f"{name}{who}: {old['size']} -> {new['size']}")
    for name, value in after["counters"].items():
        if before["counters"].get(name) != value:
            lines.append(f"{name}: {before['counters'].get(name)} -> {value}")
    return lines


class _EndOfInput(Exception):
    """The person stopped answering: end of input, or `quit`."""


def _read_line(io: _Io, prompt: str) -> str:
    io.print(Text(prompt, style="bold"), end="")
    io.out.file.flush()
    line = sys.stdin.readline()
    if line == "":
        io.print()
        raise _EndOfInput()
    if not sys.stdin.isatty():  # echo piped answers so a transcript reads like a session
        io.print(line.rstrip("\n"))
    return line.strip()


_HELP = ("type the number of a choice, or its text (`play red 3`), or `player N: <text>`; "
         "`list` shows the choices again, `board` what you see, `quit` leaves the game")


def _human_turn(io: _Io, state, seat: int, seen: dict[int, dict], can_wait: bool = False) -> bool:
    """Ask ``seat`` to choose and apply its choice; False when it chose to wait (a claim window)."""
    from .runtime.engine import Action, IllegalAction
    engine = state.engine
    observation = state.observation(seat)
    io.print()
    header = f"player {seat + 1}, your decision ({observation['decision']['step']}) on turn {state.turn_number}"
    io.print(Text(f"== {header} ==", style="bold cyan"))
    if seat in seen:
        changes = observation_changes(seen[seat], observation)
        if changes:
            io.print("since your last decision:")
            for line in changes[:40]:
                io.print("  " + line)
            if len(changes) > 40:
                io.print(f"  ... and {len(changes) - 40} more changes")
    for line in render_observation(engine, observation):
        io.print(line)
    actions = state.legal_actions(seat)

    def show_choices() -> None:
        io.print(f"your choices ({len(actions)}):")
        entries = [f"{n:>3}. {a.text}" for n, a in enumerate(actions, 1)]
        if can_wait:
            entries.append("  0. wait: let the others claim first")
        if len(entries) <= 12:
            for entry in entries:
                io.print(entry)
        else:
            io.out.print(Columns([Text(e) for e in entries], column_first=True, padding=(0, 3)))

    show_choices()
    while True:
        answer = _read_line(io, f"player {seat + 1}> ")
        if not answer:
            continue
        lowered = answer.lower()
        if lowered in ("q", "quit", "exit"):
            raise _EndOfInput("you left the game")
        if lowered in ("?", "h", "help"):
            io.print(_HELP)
            continue
        if lowered in ("l", "list"):
            show_choices()
            continue
        if can_wait and lowered in ("0", "w", "wait"):
            io.print(f"{_seat_name(seat)} waits")
            return False
        if lowered in ("b", "board"):
            for line in render_observation(engine, observation):
                io.print(line)
            continue
        if answer.isdigit():
            number = int(answer)
            if not 1 <= number <= len(actions):
                io.print(f"there is no choice {number}: choose 1 to {len(actions)}, or type the action", style="red")
                continue
            action: Any = actions[number - 1]
        elif answer.startswith(("player ", "chance:")):
            action = answer
        else:
            action = Action(seat, answer)
        try:
            state.apply(action)
        except IllegalAction as refusal:
            io.print(f"not allowed: {refusal.reason}", style="red")
            continue
        io.print(f"{_seat_name(seat)}: {action.text if isinstance(action, Action) else action}")
        seen[seat] = state.observation(seat)
        return True


def _claim_window(io: _Io, state, humans: set[int], seen: dict[int, dict], rng: random.Random) -> None:
    """A choice any seat may take: your seats are asked in seat order, each may wait; if every one
    waits, an automatic seat's action is drawn (when there is none, the last of yours must choose)."""
    others = [a for a in state.legal_actions() if a.player not in humans]
    askable = [s for s in sorted(humans) if state.legal_actions(s)]
    for position, seat in enumerate(askable):
        can_wait = bool(others) or position < len(askable) - 1
        if _human_turn(io, state, seat, seen, can_wait=can_wait):
            return
    state.apply(others[rng.randrange(len(others))])  # not printed: your next view shows what it changed


@app.command()
@_command
def play(
    io: _Io,
    game: str = typer.Argument(..., metavar="GAME", help="A bundled game's id or a .rules file."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="How many players (default: the fewest)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for chance and the automatic seats."),
    option: Optional[list[str]] = typer.Option(None, "--option", metavar="NAME=VALUE", help="A game option (repeatable)."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", metavar="V", help="Apply a variant (repeatable)."),
    watch: bool = typer.Option(False, "--watch", help="Every seat plays automatically; print each action and the board."),
    seat: Optional[list[int]] = typer.Option(None, "--seat", metavar="K",
                                             help="A seat you play (1 = player 1; repeatable). Default: seat 1."),
    max_steps: Optional[int] = typer.Option(None, "--max-steps", metavar="N",
                                            help="Stop with an error after N steps without an end (default: "
                                                 "100 x (turn limit + 1) x players, or 1,000,000)."),
) -> None:
    """Play a game in the terminal: you choose for your seats, a seeded RNG for the others and for chance."""
    path = _resolve(game)
    options = _parse_options(option)
    engine = _load(path, variant or [], options)
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
    if max_steps is not None and max_steps < 1:
        raise UsageProblem("--max-steps must be at least 1")
    budget = max_steps if max_steps is not None else default_max_steps(engine, count)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    rng = random.Random(seed)
    settings = ", ".join(f"{k}={v}" for k, v in engine.option_values.items())
    io.print(Text(f"{engine.name}: {count} players, seed {seed}" + (f", options {settings}" if settings else "")
                  + (f", variants {', '.join(variant)}" if variant else ""), style="bold"))
    if humans:
        io.print(f"you play {', '.join(_seat_name(k) for k in sorted(humans))}; type `help` for help")
    state = engine.new_game(count)
    last_turn = None
    seen: dict[int, dict] = {}
    try:
        while not state.is_terminal():
            if len(state.history) >= budget:  # every step played is in the history
                raise StepBudgetExceeded(budget, engine.MAX_TURNS)
            if watch and (state.phase, state.turn_number) != last_turn:
                last_turn = (state.phase, state.turn_number)
                title = "setup" if state.phase == "setup" else \
                    f"turn {state.turn_number}: player {state.turn_seat + 1}"
                io.print()
                io.print(Text(f"== {title} ==", style="bold cyan"))
                io.print(str(state))
            current = state.current_player()
            if current in humans:
                _human_turn(io, state, current, seen)
            elif current == ANY_PLAYER and humans:
                _claim_window(io, state, humans, seen, rng)
            else:
                action = _random_step(state, rng)
                state.apply(action)
                if watch:
                    io.print(f"  {action}")
    except _EndOfInput as stop:
        io.print(f"{stop.args[0] if stop.args else 'no more input'}: "
                 f"the game stops on turn {state.turn_number}, unfinished")
        return
    except StepBudgetExceeded as error:
        io.error(f"error: {error}")
        raise _Stop(EXIT_PROBLEM)
    io.print()
    io.print(Text("== game over ==", style="bold cyan"))
    io.print(str(state))
    for line in format_outcome(state):
        io.print(line, style="bold" if not line.startswith(" ") else None)
    if state.violations:
        io.print("invariants violated during the game:", style="bold red")
        for violation in state.violations:
            io.print(f"  {violation}", style="red")
        raise _Stop(EXIT_PROBLEM)


# ----------------------------------------------------------------------------- rulespec verify / replay


def _verify_module(io: _Io):
    import importlib
    try:
        module = importlib.import_module(f"{__package__}.verify")  # lazily: the CLI works without it
    except ModuleNotFoundError as error:
        if error.name == f"{__package__}.verify":
            io.error("rulespec verify is not available yet: this checkout has no rulespec/verify.py")
            raise _Stop(EXIT_PROBLEM)
        raise
    return module


@app.command()
@_command
def verify(
    io: _Io,
    rule_file: str = typer.Argument(..., metavar="FILE_OR_GAME", help="A .rules file or a bundled game's id."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Only this player count (default: all)."),
    examples: Optional[int] = typer.Option(None, "--examples", metavar="K", help="Hypothesis examples per property."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for Hypothesis."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", metavar="V", help="Apply a variant (repeatable)."),
    option: Optional[list[str]] = typer.Option(None, "--option", metavar="NAME=VALUE", help="A game option (repeatable)."),
    save: Optional[Path] = typer.Option(None, "--save", metavar="PATH", help="Save the first counterexample here."),
    max_steps: Optional[int] = typer.Option(None, "--max-steps", metavar="N",
                                            help="The step budget of the whole random game that checks termination "
                                                 "(default: 100 x (turn limit + 1) x players, or 1,000,000)."),
) -> None:
    """Check the game's properties (conformance, invariants, no leaks) on generated games."""
    module = _verify_module(io)
    path = _resolve(rule_file)
    options = _parse_options(option)
    engine = _load(path, variant or [], options)  # a bad option or variant is reported here, before the run
    if players is not None and not engine.min_players <= players <= engine.max_players:
        raise UsageProblem(f"{engine.name} is played by {engine.min_players} to {engine.max_players} players, "
                           f"not {players}")
    kwargs: dict[str, Any] = dict(variants=tuple(variant or ()), options=options or None, players=players, seed=seed)
    if examples is not None:
        if examples < 1:
            raise UsageProblem("--examples must be at least 1")
        kwargs["max_examples"] = examples
    if max_steps is not None:
        if max_steps < 1:
            raise UsageProblem("--max-steps must be at least 1")
        kwargs["max_game_steps"] = max_steps
    from .progress import StageProgress
    title = f"verify {_shown_game(rule_file)}" + "".join(f" --variant {v}" for v in variant or ())
    with StageProgress(io.err, title, "examples") as progress:
        report = module.verify(rule_file, progress=progress, **kwargs)  # as typed: the report names it the same way
    io.print(report.render())
    if report.ok:
        return
    if save is not None and report.failures:
        module.save_counterexample(save, report.failures[0])
        io.print(f"saved the counterexample for {report.failures[0].property} to {save}; "
                 f"replay it with `rulespec replay {save}`")
    raise _Stop(EXIT_PROBLEM)


@app.command()
@_command
def replay(
    io: _Io,
    counterexample: Path = typer.Argument(..., metavar="COUNTEREXAMPLE_FILE", help="A file saved by verify --save."),
) -> None:
    """Replay a saved counterexample step by step, then re-run the checks on the state it reaches."""
    from .runtime.engine import IllegalAction, RuleRuntimeError
    module = _verify_module(io)
    try:
        is_file = counterexample.is_file()
    except OSError:
        is_file = False
    if not is_file:
        raise UsageProblem(f"no counterexample file at {counterexample}")
    try:
        record = module.load_counterexample(counterexample)
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise UsageProblem(f"cannot read {counterexample} as a counterexample: {error}") from None
    variants = list(getattr(record, "variants", ()) or ())
    options = dict(record.options or {})
    path = _resolve(str(record.game))
    engine = _load(path, variants, options)
    players = record.players
    if not engine.min_players <= players <= engine.max_players:
        raise UsageProblem(f"{counterexample} is for {players} players; {engine.name} allows "
                           f"{engine.min_players} to {engine.max_players}")
    actions = [str(action) for action in record.actions]
    settings = ", ".join(f"{k}={v}" for k, v in engine.option_values.items())
    io.print(Text(f"{engine.name}: {players} players" + (f", options {settings}" if settings else "")
                  + (f", variants {', '.join(variants)}" if variants else "")
                  + f"; {len(actions)} action{'s' if len(actions) != 1 else ''}", style="bold"))
    if record.property:
        io.print(f"recorded failure: {record.property}: {record.message}")
    state = engine.new_game(players)
    previous = None
    problems: list[str] = []
    reported = 0
    for number, text in enumerate(actions, 1):
        before = state.clone()
        try:
            state.apply(text)
        except IllegalAction as refusal:
            problems.append(f"step {number} ({text}) is refused: {refusal.reason}")
            break
        except RuleRuntimeError as error:
            problems.append(f"step {number} ({text}): the rules asked for something impossible: {error}")
            break
        previous = before
        io.print(f"{number:>4}. {text}")
        for violation in state.violations[reported:]:
            io.print(f"      violated: {violation}", style="red")
        reported = len(state.violations)
    io.print()
    io.print(str(state))
    if state.is_terminal():
        for line in format_outcome(state):
            io.print(line)
    if not problems and hasattr(module, "check_state"):
        found = module.check_state(engine, state, previous, str(path), tuple(variants))
        problems += [f"{failure.property}: {failure.message}" for failure in found]
    io.print()
    if not problems:
        io.print(Text(f"no check fails on replay: the recorded failure ({record.property or 'unnamed'}) "
                      f"does not happen again", style="bold green"))
        return
    for problem in problems:
        io.print(Text(f"fails: {problem}", style="bold red"))
    raise _Stop(EXIT_PROBLEM)


# ----------------------------------------------------------------------------- top level


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rulespec {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """Write a game's rulebook once as a rule file; check it, build its engine, play it and verify it."""


# `rulespec docs`, `rulespec site` and `rulespec simulate` live with the site generator.
from .docs import commands as _docs_commands  # noqa: E402,F401  (registers them on `app`)

if __name__ == "__main__":  # pragma: no cover
    app()
