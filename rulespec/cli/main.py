"""The `rulespec` command: check a rule file, build the engines, play, verify, replay.

Exit codes: 0 success; 1 a problem found in the rules (a RuleError, a failed example, an out-of-date
engine, a failed property); 2 bad input from the person at the keyboard (an unknown game, a malformed
option, a player count the game does not allow); 3 `verify --exhaustive` stopped at --max-states before
it had visited every state (nothing failed in what it saw, but nothing is proven); 130 interrupted. A Python traceback is never shown
for any of these; set ``RULESPEC_TRACEBACK=1`` to see one for an unexpected internal error.
"""

from __future__ import annotations

import dataclasses

import random
import re
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, Optional

import typer
from rich.text import Text

from .. import __version__
from ..lib.pieces import piece_codes
from .cluster_options import CLUSTER, DASHBOARD, INSECURE, TLS_CA_FILE, TLS_CERT, TLS_KEY, cluster_target
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
    from ..model.counts import KIND_NOUNS, declaration_counts
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
    if model.left_out_of_base:
        text += (" Left out of the base, for player counts this file does not seat: "
                 + ", ".join(model.left_out_of_base) + ".")
    return text


def _examples_elsewhere(model, variants) -> list[tuple[tuple[str, ...], set[str]]]:
    """The rule file's examples about other variants, grouped by those variants (only when none is given)."""
    if variants:
        return []
    groups: dict[tuple[str, ...], set[str]] = {}
    for name, own in getattr(model, "examples_elsewhere", ()):
        groups.setdefault(own, set()).add(name)
    return sorted(groups.items())


@app.command()
@_command
def check(
    io: _Io,
    rule_file: str = typer.Argument(..., metavar="FILE_OR_GAME", help="A .rules file or a bundled game's id."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", metavar="V", help="Apply a variant (repeatable)."),
) -> None:
    """Parse and check a rule file, then run its executable examples."""
    from ..pipeline.examples import run_examples
    path = _resolve(rule_file)
    engine = _load(path, variant or [])
    model = engine.model
    width = min(io.out.width, 100)
    io.print(Text("ok ", style="bold green") + Text(f"{_shown_path(path)} parses and checks"))
    io.print(textwrap.fill(summary(model, path), width=width))
    from ..pipeline.examples import position_diagnostics
    problems = position_diagnostics(engine)  # (a committed engine is loaded without them: see pipeline)
    if problems:
        from ..language.errors import RuleError
        raise RuleError(problems)
    results = run_examples(engine)
    for variants, names in _examples_elsewhere(model, variant):
        # An example about variants not applied here (`with variant ...`) runs under exactly its own.
        other = _load(path, list(variants))
        shown = f" (with variant {', '.join(variants)})"
        results += [dataclasses.replace(r, title=r.title + shown) for r in run_examples(other) if r.name in names]
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
    from ..runtime.engine import ANY_PLAYER  # a claim window: a choice any seat may take
except ImportError:  # pragma: no cover - a runtime without claim windows
    ANY_PLAYER = -2
from ..runtime.engine import SIMULTANEOUS  # noqa: E402  (a choice each seat makes in secret)


from ..runtime.engine import random_step as _random_step  # noqa: E402  (plays as random_game does)
from ..runtime.engine import StepBudgetExceeded, default_max_steps  # noqa: E402
from ..runtime.numbers import NotAWholeNumber, shown_number, whole_number  # noqa: E402  (numbers typed at the prompt)


def _seat_name(seat: int) -> str:
    return "chance" if seat < 0 else f"player {seat + 1}"


def _words(name: str) -> str:
    """A rule file's name as words (`pass_streak` -> `pass streak`), as the rules site writes it."""
    return name.replace("_", " ").strip()


def format_outcome(state) -> list[str]:
    outcome = state.outcome()
    if outcome is None:
        return ["the game is not over"]
    cites = f" [{', '.join(outcome['cites'])}]" if outcome.get("cites") else ""
    winners = outcome.get("winners", [])
    if outcome.get("draw"):
        who = "a draw: every player ties for first"
    elif not winners:
        who = "nobody wins"
    elif len(winners) == 1:
        who = f"{_seat_name(winners[0])} wins"
    else:
        who = " and ".join(_seat_name(w) for w in winners) + " share the win"
    lot = outcome.get("lot")
    if lot is not None:
        who += f" ({_seat_name(lot)} drew the lot among those tied for first)"
    lines = [f"game over by {_words(outcome['end'])}{cites} after {state._turn_number} turns: {who}"]
    scores = outcome.get("scores", {})
    ranking = outcome.get("ranking", [])
    for seat in sorted(range(state.players), key=lambda s: (ranking[s] if ranking else 0, s)):
        figures = ", ".join(f"{_words(name)} {values[seat]}" for name, values in scores.items())
        rank = f"rank {ranking[seat]}: " if ranking else ""
        lines.append(f"  {rank}{_seat_name(seat)}" + (f" ({figures})" if figures else ""))
    return lines


class _Drawn(str):
    """A row of a drawn board: printed whole, never wrapped."""


def _piece_codes(labels, taken) -> dict[str, str]:
    """One character per piece's label, distinct from each other and from ``taken`` (rulespec.lib.pieces)."""
    return piece_codes(labels, taken)


def _board_lines(engine, b: int, occupied: dict[str, str], players: int, width_limit: int = 0) -> list[str]:
    """One board as text: a grid of rows and columns, or a strip of triangles per row for a board of
    triangles (up and down in turn, as rulespec.lib.geometry lays them), with a legend."""
    board = engine.BOARDS[b]
    tables = engine._tables(players)
    triangles = getattr(board, "kind", "grid") == "triangles"
    hexes = getattr(board, "adjacency", "") == "hexagonal"  # each row drawn half a hexagon east of the last
    width, label_width = len(board.columns), max(len(r) for r in board.rows)
    in_use = tables.in_use[b]
    used_with_others = [any(engine._tables(n).in_use[b][r * width + c] for n in range(engine.MIN_PLAYERS,
                                                                                       engine.MAX_PLAYERS + 1)
                            for c in range(width)) for r in range(len(board.rows))]
    column_values = engine.ITEM_ATTRS.get(board.column_attribute, {}) if board.column_attribute else {}
    marks = dict(getattr(board, "marks", ()) or ())
    valueless = [label for item, label in enumerate(engine.ITEM_LABEL) if item not in column_values]
    codes = _piece_codes(valueless, marks)
    mark_code = {name: code for code, name in marks.items()}
    item_of_label: dict[str, int] = {}
    for item, label in enumerate(engine.ITEM_LABEL):
        item_of_label.setdefault(label, item)
    columns = [c for c in range(width) if any(in_use[r * width + c] for r in range(len(board.rows)))] \
        if triangles or getattr(board, "column_option", "") else list(range(width))
    pieces_shown: dict[str, str] = {}  # code -> what it stands for, as drawn this time
    marks_shown: dict[str, str] = {}
    lines = [f"{_words(board.name)} (face {_words(tables.face[b])}):"]
    if triangles and columns:
        ruler = [" "] * len(columns)
        for x, c in enumerate(columns):  # every fifth column numbered, where the number fits
            if c % 5 == 0 and x + len(str(c)) <= len(columns) and ruler[max(0, x - 1)] == " ":
                ruler[x:x + len(str(c))] = str(c)
        ruler = "".join(ruler)
        lines.append(_Drawn(f"  {'':<{label_width}} {ruler}  (columns {columns[0]} to {columns[-1]})"))
    elif columns:
        gap = "  " if hexes else " "
        lines.append(_Drawn(f"  {'':<{label_width}} " + gap.join(f"{board.columns[c]!s:>2}" for c in columns)))
    shift = 0  # on hexagons: the rows drawn so far, each indented two more than the one above
    left_out: list[str] = []  # rows in a run that other player counts use: told in one line

    def tell_left_out() -> None:
        if left_out:
            rows = left_out[0] if len(left_out) == 1 else f"{left_out[0]} to {left_out[-1]}"
            lines.append(_Drawn(f"  {rows:<{label_width}} (not in play with {players} players)"))
            left_out.clear()

    for r, row in enumerate(board.rows):
        if not any(in_use[r * width + c] for c in range(width)):
            if used_with_others[r]:
                left_out.append(row)
            else:
                tell_left_out()  # a row no player count uses draws nothing
            continue
        tell_left_out()
        cells = []
        for c in columns:
            cell = r * width + c
            label = board.label(cell)
            if not in_use[cell]:
                cells.append(" " if triangles else "  ")
                continue
            if label in occupied:
                piece = occupied[label]
                value = column_values.get(item_of_label.get(piece))
                if value is not None:
                    text = f"{value}"
                else:
                    text = codes.get(piece) or _piece_codes([piece], set(codes.values()) | set(marks))[piece]
                    pieces_shown[text] = piece
            else:
                printed = getattr(tables, "mark_of", ())
                mark = printed[b][cell] if b < len(printed) and cell < len(printed[b]) else None
                if mark is not None and mark in mark_code:
                    text = mark_code[mark]
                    marks_shown[text] = _words(mark)
                elif triangles:
                    text = "\u25b3" if (r + c) % 2 == 0 else "\u25bd"  # up when row + column is even
                else:
                    text = "o" if tables.region_of[b][cell] >= 0 else "."
            cells.append(text if triangles else f"{text:>2}")
        drawn = "".join(cells) if triangles else ("  " if hexes else " ").join(cells)
        lines.append(_Drawn(f"  {row:<{label_width}} " + " " * (2 * shift) + drawn.rstrip()))
        shift += hexes
    tell_left_out()
    legend = []
    for heading, shown in (("pieces", pieces_shown), ("printed on the board", marks_shown)):
        if shown:
            legend.append(f"{heading}: " + ", ".join(f"{code} {what}" for code, what in
                                                      sorted(shown.items(), key=lambda kv: _natural(kv[1]))))
    if column_values:
        legend.insert(0, f"a number: the {_words(board.column_attribute)} of the piece there")
    if triangles:
        legend.append("\u25b3 \u25bd an empty space")
    else:
        if any(tables.region_of[b][cell] >= 0 for cell in range(len(in_use)) if in_use[cell]):
            regions = [_words(m.regions[0]) for m in engine.model.boards if m.name == board.name and m.regions]
            legend.append(f"o an empty {regions[0] if regions else 'region'} space")
        legend.append(". an empty space")
        if hexes:
            legend.append("hexagons: each row lies half a hexagon east of the row above")
    lines.append("  (" + "; ".join(legend) + ")")
    if width_limit and any(isinstance(line, _Drawn) and len(line) > width_limit for line in lines):
        lines = [_Drawn(line[2:]) if isinstance(line, _Drawn) else line for line in lines]  # a narrow terminal
    return lines


def _items_text(items: list[str], cap: int) -> str:
    """A zone's items; many copies of one label are counted (`diamond x35`), not listed."""
    counted: dict[str, int] = {}
    for item in items:
        counted[item] = counted.get(item, 0) + 1
    if len(counted) < len(items):
        entries = [f"{label} x{n}" if n > 1 else label for label, n in counted.items()]
    else:
        entries = list(items)
    shown = entries[:cap]
    return ", ".join(shown) + (f", ... and {len(entries) - cap} more" if len(entries) > cap else "")


def _zone_owner(owner: int, seat: Optional[int]) -> str:
    return f" of player {owner + 1}" + (" (you)" if owner == seat else "")


def render_observation(engine, observation: dict, width: int = 0) -> list[str]:
    """What one seat may see, as text: built from ``state.observation(seat)`` and the game's static tables
    (a spectator's merged view has the seat None)."""
    seat = observation["seat"]
    players = observation["players"]
    lines = []
    for b, board in enumerate(engine.BOARDS):
        lines += _board_lines(engine, b, observation["boards"].get(board.name, {}), players, width)
    stacked = {zone.name for zone in engine.ZONES if getattr(zone, "stacked", False)}
    for name, views in observation["zones"].items():
        owned = isinstance(views, list)
        for owner, view in enumerate(views if owned else [views]):
            who = _zone_owner(owner, seat) if owned else ""
            line = f"{_words(name)}{who}: {view.get('size', 'unseen')}"  # size unseen: nothing at all
            if "items" in view:
                items = list(view["items"]) if name in stacked else sorted(view["items"], key=_natural)
                cap = len(items) if (owned and owner == seat) or len(items) <= 15 else 10  # your own in full
                if items:
                    line += f" ({_items_text(items, cap)})"
            else:
                line += " (hidden)" if view.get("size") else ""
            lines.append(line)
    for name, value in observation["counters"].items():
        shown = ", ".join(f"player {s + 1}: {v}" for s, v in enumerate(value)) if isinstance(value, list) else value
        lines.append(f"{_words(name)}: {shown}")
    for name, pending in observation["queues"].items():
        if pending:
            lines.append(f"{_words(name)} to resolve: {', '.join(pending)}")
    return lines


def spectator_view(state) -> dict:
    """Everything the table sees when every seat plays in the open (--watch, the end of a game): each
    seat's own zones from its own observation; what nobody sees (a bag) stays hidden."""
    view = state.observation(0)
    view = {**view, "seat": None, "zones": dict(view["zones"])}
    for seat in range(1, state.players):
        other = state.observation(seat)
        for name, views in other["zones"].items():
            if isinstance(views, list):
                merged = list(view["zones"][name])
                merged[seat] = views[seat]
                view["zones"][name] = merged
    return view


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
                lines.append(f"{_words(board)}: {cells[space]} placed on {space}")
            elif space not in cells:
                lines.append(f"{_words(board)}: {old[space]} taken from {space}")
            else:
                lines.append(f"{_words(board)}: {old[space]} on {space} replaced by {cells[space]}")
    for name, views in after["zones"].items():
        old_views = before["zones"].get(name)
        owned = isinstance(views, list)
        pairs = zip(old_views, views) if owned else [(old_views, views)]
        for owner, (old, new) in enumerate(pairs):
            who = _zone_owner(owner, seat) if owned else ""
            if "items" in old and "items" in new:
                added = sorted(set(new["items"]) - set(old["items"]), key=_natural)
                gone = sorted(set(old["items"]) - set(new["items"]), key=_natural)
                change = " ".join([f"+{i}" for i in added] + [f"-{i}" for i in gone])
                if change or old["size"] != new["size"]:
                    lines.append(f"{_words(name)}{who}: {old['size']} -> {new['size']}"
                                 + (f" ({change})" if change else ""))
            elif old.get("size") != new.get("size"):
                lines.append(f"{_words(name)}{who}: {old['size']} -> {new['size']}")
    for name, value in after["counters"].items():
        old = before["counters"].get(name)
        if old == value:
            continue
        if isinstance(value, list) and isinstance(old, list):
            for s, (a, b) in enumerate(zip(old, value)):
                if a != b:
                    you = " (you)" if s == seat else ""
                    lines.append(f"{_words(name)} of player {s + 1}{you}: {a} -> {b}")
        else:
            lines.append(f"{_words(name)}: {old} -> {value}")
    return lines


def _who_did_what(player: int, text: str, changes: list[str]) -> list[str]:
    """One action as a seat saw it: who did what (a seat's choice is announced at the table; chance only
    by what it changed in this seat's view), then what changed."""
    if player < 0 and not changes:
        return []
    head = f"{_seat_name(player)}: {text}" if player >= 0 else text
    if len(changes) == 1 and player < 0:
        return [f"{head}: {changes[0]}"]
    return [head] + [f"    {line}" for line in changes]


class _Table:
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
                self.news[seat] += _who_did_what(player, said, observation_changes(before[seat],
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
            self.news[seat] += _who_did_what(CHANCE_SEAT, f"chance ({_words(step)}{times})",
                                             observation_changes(start, now))

    def tell(self, seat: int) -> list[str]:
        self._end_run(seat, self.state.observation(seat))
        lines, self.news[seat] = self.news[seat], []
        return lines


CHANCE_SEAT = -1


def _say(io: _Io, line: str, style: Optional[str] = None) -> None:
    """A line of the player's text, wrapped at words to the terminal's width (a continued line indented
    under its first); a board's rows are drawn whole (a row cut in two would not read as a board)."""
    width = max(20, io.out.width)
    indent = len(line) - len(line.lstrip(" "))
    if len(line) <= width or isinstance(line, _Drawn):
        io.print(line, style=style)
        return
    for part in textwrap.wrap(line, width=width, subsequent_indent=" " * (indent + 4), break_long_words=False,
                              break_on_hyphens=False):
        io.print(part, style=style)


class _EndOfInput(Exception):
    """The person stopped answering: end of input, or `quit`."""


class _SimulatedClock:
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
            raise _EndOfInput()
        answer = _typed(io, line)
        stamp = re.match(r"^@\s*([0-9]{1,9}(?:\.[0-9]{0,9})?|\.[0-9]{1,9})\s*s?(?:\s+|$)", answer)
        if stamp:
            self.now = max(self.now, float(stamp.group(1)))
            answer = answer[stamp.end():].strip()
        return answer, self.now


class _WallClock:
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
            raise _EndOfInput()
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


_HELP = ("type the number of a choice, or its text (`play red 3`), or `player N: <text>`; "
         "`list` shows the choices again, `board` what you see, `quit` leaves the game")


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


def _human_turn(io: _Io, table: _Table, seat: int, can_wait: bool = False, clock: Any = None,
                race: Optional[_Race] = None) -> Any:
    """Ask ``seat`` to choose and apply its choice: True when it did; in a claim window, _WAITED when it
    chose to wait, _TOO_LATE when a bot's claim (``race``) came due before its answer."""
    clock = clock or _SimulatedClock()
    from ..runtime.engine import Action, IllegalAction
    state = table.state
    engine = state.game
    observation = state.observation(seat)
    io.print()
    header = (f"player {seat + 1}, your decision ({_words(observation['decision']['step'])}) "
              f"on turn {state._turn_number}")
    io.print(Text(f"== {header} ==", style="bold cyan"))
    news = table.tell(seat)
    if news:
        io.print("since your last decision:")
        for line in news[:40]:
            _say(io, "  " + line)
        if len(news) > 40:
            io.print(f"  ... and {len(news) - 40} more lines")
    for line in render_observation(engine, observation, io.out.width):
        _say(io, line)
    actions = state.legal_actions(seat)

    def show_choices() -> None:
        io.print(f"your choices ({len(actions)}):")
        entries = [f"{n:>3}. {a.text}" for n, a in enumerate(actions, 1)]
        if can_wait:
            entries.append("  0. wait: let the others claim first")
        if len(entries) <= 12 or 2 * max(map(len, entries)) + 3 > io.out.width:  # one a line, wrapped at words
            for entry in entries:
                _say(io, entry)
        else:
            from rich.columns import Columns  # imported when a table of actions is shown: it pulls in rich.table
            io.out.print(Columns([Text(_terminal_safe(e)) for e in entries], column_first=True, padding=(0, 3)))

    show_choices()
    deadline = race.deadline if race is not None else None
    while True:
        answer, at = clock.read(io, f"player {seat + 1}> ", deadline)
        lowered = (answer or "").lower()
        if lowered in ("q", "quit", "exit"):
            raise _EndOfInput("you left the game")
        if deadline is not None and (answer is None or at >= deadline):
            from ..play.races import too_late
            io.print(too_late(seat, race.first.seat, deadline, at if answer is not None else None), style="red")
            return _TOO_LATE
        if not answer:
            continue
        if lowered in ("?", "h", "help"):
            io.print(_HELP)
            continue
        if lowered in ("l", "list"):
            show_choices()
            continue
        if can_wait and lowered in ("0", "w", "wait"):
            io.print(f"{_seat_name(seat)} waits")
            return _WAITED
        if lowered in ("b", "board"):
            for line in render_observation(engine, observation, io.out.width):
                _say(io, line)
            continue
        if answer.isdigit():  # (² and other scripts' digits too: whole_number reads 0 to 9, bounded, or says no)
            try:
                action: Any = actions[whole_number(answer, 1, len(actions)) - 1]
            except NotAWholeNumber:
                io.print(f"there is no choice {shown_number(answer)}: choose 1 to {len(actions)}, or type the action",
                         style="red")
                continue
        elif answer.startswith(("player ", "chance:")):
            action = answer
            who = answer.partition(":")[0][len("player "):].strip() if answer.startswith("player ") else ""
            if who.isdigit() and not _fits(who, state.players):
                io.print(f"there is no player {shown_number(who)}: players are 1 to {state.players}", style="red")
                continue
        else:
            action = Action(seat, answer)
        try:
            table.apply(action)
        except IllegalAction as refusal:
            offered = [a.text for a in actions]
            if isinstance(action, Action) and answer not in offered and " is not allowed: " not in refusal.reason:
                io.print(f"not allowed: {_not_a_choice(answer, offered)}", style="red")
            else:  # a choice the rules name but forbid now: the runtime says which condition fails
                io.print(f"not allowed: {refusal.reason}", style="red")
            continue
        io.print(f"{_seat_name(seat)}: {action.text if isinstance(action, Action) else action}")
        if race is not None and race.claims:
            io.print(f"{_seat_name(seat)} was faster ({at:.2f} s); too late: "
                     + ", ".join(f"{_seat_name(c.seat)} ({c.time:.2f} s)" for c in race.claims))
        return True


def _claim_window(io: _Io, table: _Table, rng: random.Random, clock: Any = None,
                  reactions: Optional[list] = None) -> None:
    """A choice any seat may take, raced (rulespec.play.races): each automatic seat with an action picks
    one and draws its reaction time (``reactions``, by seat) from the game's rng; your seats are
    asked in seat order while those claims come due (``clock``: wall-clock or simulated time). An
    answer before the first bot's claim is applied and the bots' claims come too late; the first
    bot's claim is applied when it comes due first, or when you wait (when no bot claims, the last
    of your seats must choose)."""
    from ..play.races import PLAY_REACTION, Claim, parse_reaction
    state, humans = table.state, table.humans
    clock = clock or _SimulatedClock()
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
        answered = _human_turn(io, table, seat, can_wait=can_wait, clock=clock, race=race if claims else None)
        if answered is True:
            return
        if answered == _TOO_LATE:
            break
    if askable:  # (a window none of yours could act in is told at your next decision only)
        io.print(f"{_seat_name(race.first.seat)}: {race.first.action.text} ({race.first.time:.2f} s)")
    table.apply(race.first.action)  # told to your seats at their next decision too


def _play_reactions(given: list[str], count: int, humans: set[int]) -> list:
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


def _secret_choices(io: _Io, table: _Table, rng: random.Random) -> None:
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
        _human_turn(io, table, seat)


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
    reactions = _play_reactions(reaction or [], count, humans)
    if clock not in (None, "wall", "simulated"):
        raise UsageProblem(f"--clock is wall or simulated, not {clock!r}")
    if clock is None:
        clock = "wall" if sys.stdin.isatty() else "simulated"
    table_clock = _WallClock() if clock == "wall" and humans else _SimulatedClock()
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    rng = random.Random(seed)
    settings = ", ".join(f"{k}={v}" for k, v in engine._option_values.items())
    io.print(Text(f"{engine.name}: {count} players, seed {seed}" + (f", options {settings}" if settings else "")
                  + (f", variants {', '.join(variant)}" if variant else ""), style="bold"))
    if humans:
        io.print(f"you play {', '.join(_seat_name(k) for k in sorted(humans))}; type `help` for help")
    state = engine.new_game(count)
    table = _Table(state, humans)
    last_turn = None
    try:
        while not state.is_terminal():
            if len(state.history) >= budget:  # every step played is in the history
                raise StepBudgetExceeded(budget, engine.MAX_TURNS)
            if watch and (state._phase, state._turn_number) != last_turn:
                last_turn = (state._phase, state._turn_number)
                title = "setup" if state._phase == "setup" else \
                    f"turn {state._turn_number}: player {state._turn_seat + 1}"
                io.print()
                io.print(Text(f"== {title} ==", style="bold cyan"))
                for line in render_observation(engine, spectator_view(state), io.out.width):
                    _say(io, line)
            current = state.current_player()
            if current in humans:
                _human_turn(io, table, current, clock=table_clock)
            elif current == ANY_PLAYER and humans:
                _claim_window(io, table, rng, table_clock, reactions)
            elif current == SIMULTANEOUS and humans:
                _secret_choices(io, table, rng)
            else:
                action = _random_step(state, rng)
                table.apply(action)
                if watch:
                    _say(io, f"  {action}")
    except _EndOfInput as stop:
        io.print(f"{stop.args[0] if stop.args else 'no more input'}: "
                 f"the game stops on turn {state._turn_number}, unfinished")
        return
    except StepBudgetExceeded as error:
        io.error(f"error: {error}")
        raise _Stop(EXIT_PROBLEM)
    io.print()
    io.print(Text("== game over ==", style="bold cyan"))
    for seat_ in sorted(humans):  # what your seats saw happen after their last decision
        news = table.tell(seat_)
        if news:
            io.print(f"player {seat_ + 1}, since your last decision:")
            for line in news[:40]:
                _say(io, "  " + line)
    final_view = state.observation(min(humans)) if humans else spectator_view(state)  # still only what you see
    for line in render_observation(engine, final_view, io.out.width):
        _say(io, line)
    for line in format_outcome(state):
        _say(io, line, style="bold" if not line.startswith(" ") else None)
    if state._violations:
        io.print("invariants violated during the game:", style="bold red")
        for violation in state._violations:
            io.print(f"  {violation}", style="red")
        raise _Stop(EXIT_PROBLEM)


# ----------------------------------------------------------------------------- rulespec verify / replay


def _verify_module(io: _Io):
    import importlib
    try:
        module = importlib.import_module("rulespec.check.verify")  # lazily: the CLI works without it
    except ModuleNotFoundError as error:
        if error.name == "rulespec.check.verify":
            io.error("rulespec verify is not available yet: this checkout has no rulespec/check/verify.py")
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
    exhaustive: bool = typer.Option(False, "--exhaustive",
                                    help="Visit and check every reachable state, breadth-first (small games); a "
                                         "failure comes with the shortest counterexample. Exit 3 when --max-states "
                                         "stops the walk first."),
    max_states: Optional[int] = typer.Option(None, "--max-states", metavar="N",
                                             help="With --exhaustive: stop after N distinct states (default 50,000)."),
    policy: str = typer.Option("random", "--policy", metavar="random|mcts",
                               help="How the seats choose in the seeded games the checks play (the whole game, "
                                    "fast-forwards): at random, or mcts (a tree search per decision, "
                                    "rulespec/play/mcts.py), which reaches the positions of seats that try to win."),
    mcts_simulations: Optional[int] = typer.Option(None, "--mcts-simulations", metavar="N",
                                                   help="With --policy mcts: simulations per decision (default 24)."),
    cluster: Optional[str] = CLUSTER,
    tls_ca_file: Optional[Path] = TLS_CA_FILE,
    tls_cert: Optional[Path] = TLS_CERT,
    tls_key: Optional[Path] = TLS_KEY,
    insecure: bool = INSECURE,
    dashboard: bool = DASHBOARD,
) -> None:
    """Check the game's properties (conformance, invariants, no leaks) on generated games, or on every state."""
    module = _verify_module(io)
    cluster = cluster_target(cluster, tls_ca_file, tls_cert, tls_key, insecure, dashboard)
    path = _resolve(rule_file)
    options = _parse_options(option)
    engine = _load(path, variant or [], options)  # a bad option or variant is reported here, before the run
    if players is not None and not engine.min_players <= players <= engine.max_players:
        raise UsageProblem(f"{engine.name} is played by {engine.min_players} to {engine.max_players} players, "
                           f"not {players}")
    if exhaustive or max_states is not None:
        _verify_exhaustive(io, module, rule_file, engine, players, tuple(variant or ()), options, save, max_states,
                           exhaustive, dict(examples=examples, seed=seed, max_steps=max_steps,
                                            policy=None if policy == "random" else policy,
                                            mcts_simulations=mcts_simulations, cluster=cluster))
        return
    kwargs: dict[str, Any] = dict(variants=tuple(variant or ()), options=options or None, players=players, seed=seed)
    if examples is not None:
        if examples < 1:
            raise UsageProblem("--examples must be at least 1")
        kwargs["max_examples"] = examples
    if max_steps is not None:
        if max_steps < 1:
            raise UsageProblem("--max-steps must be at least 1")
        kwargs["max_game_steps"] = max_steps
    if policy not in ("random", "mcts"):
        raise UsageProblem(f"--policy is random or mcts, not {policy!r}")
    if mcts_simulations is not None:
        if policy != "mcts":
            raise UsageProblem("--mcts-simulations needs --policy mcts")
        if mcts_simulations < 1:
            raise UsageProblem("--mcts-simulations must be at least 1")
    if policy != "random":
        kwargs.update(policy=policy, mcts_simulations=mcts_simulations)
    if cluster:
        kwargs["cluster"] = cluster
    from ..play.cluster import ClusterUnavailable
    from .progress import StageProgress
    title = f"verify {_shown_game(rule_file)}" + "".join(f" --variant {v}" for v in variant or ())
    try:
        with StageProgress(io.err, title, "examples") as progress:
            report = module.verify(rule_file, progress=progress, **kwargs)  # as typed: the report names it the same way
    except ClusterUnavailable as problem:  # --cluster without the extra
        raise UsageProblem(str(problem))
    except OSError as problem:  # --cluster: no scheduler at that address
        if not cluster:
            raise
        raise UsageProblem(f"--cluster {cluster}: {problem}")
    io.print(report.render())
    if report.ok:
        return
    if save is not None and report.failures:
        module.save_counterexample(save, report.failures[0])
        io.print(f"saved the counterexample for {report.failures[0].property} to {save}; "
                 f"replay it with `rulespec replay {save}`")
    raise _Stop(EXIT_PROBLEM)


def _verify_exhaustive(io: _Io, module, rule_file: str, engine, players: Optional[int], variants: tuple,
                       options: dict, save: Optional[Path], max_states: Optional[int], exhaustive: bool,
                       random_only: dict) -> None:
    """`verify --exhaustive`: every reachable state of each player count (rulespec/check/exhaustive.py)."""
    from ..check.exhaustive import DEFAULT_MAX_STATES, EXIT_INCOMPLETE, explore
    from .progress import StageProgress
    if not exhaustive:
        raise UsageProblem("--max-states goes with --exhaustive")
    given = [f"--{name.replace('_', '-')}" for name, value in random_only.items() if value is not None]
    if given:
        raise UsageProblem(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} for random walks; --exhaustive "
                           f"visits every state")
    if max_states is not None and max_states < 1:
        raise UsageProblem("--max-states must be at least 1")
    counts = [players] if players is not None else list(range(engine.min_players, engine.max_players + 1))
    reports = []
    title = f"verify --exhaustive {_shown_game(rule_file)}" + "".join(f" --variant {v}" for v in variants)
    with StageProgress(io.err, title, "states") as progress:
        for count in counts:
            report = explore(engine, count, variants=variants, max_states=max_states or DEFAULT_MAX_STATES,
                             progress=progress, source=rule_file)  # as typed: `rulespec replay` finds it again
            reports.append(report)
            if report.failures:
                break
    for report in reports:
        io.print(report.render())
    failed = [f for report in reports for f in report.failures]
    if failed:
        if save is not None:
            module.save_counterexample(save, failed[0])
            io.print(f"saved the counterexample for {failed[0].property} to {save}; replay it with "
                     f"`rulespec replay {save}`")
        raise _Stop(EXIT_PROBLEM)
    if not all(report.complete for report in reports):
        raise _Stop(EXIT_INCOMPLETE)


@app.command()
@_command
def replay(
    io: _Io,
    counterexample: Path = typer.Argument(..., metavar="COUNTEREXAMPLE_FILE", help="A file saved by verify --save."),
) -> None:
    """Replay a saved counterexample step by step, then re-run the checks on the state it reaches."""
    from ..runtime.engine import IllegalAction, RuleRuntimeError
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
    settings = ", ".join(f"{k}={v}" for k, v in engine._option_values.items())
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
        for violation in state._violations[reported:]:
            io.print(f"      violated: {violation}", style="red")
        reported = len(state._violations)
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


# ----------------------------------------------------------------------------- rulespec init


@app.command()
@_command
def init(
    io: _Io,
    folder: Path = typer.Argument(Path("."), metavar="DIR", help="Where to write the project (default: here)."),
    force: bool = typer.Option(False, "--force", help="Overwrite the files that are already there."),
    extends: Optional[str] = typer.Option(None, "--extends", metavar="GAME",
                                          help="Start from a house rule of this bundled game, not a game of its own."),
) -> None:
    """Write a starter project: a rule file, properties/ for pytest, mkdocs.yml, a CI workflow, a README."""
    from .init_project import ExistingFiles, UnknownGame, init_project
    try:
        written = init_project(folder, force=force, extends=extends)
    except UnknownGame as error:
        raise UsageProblem(str(error)) from None
    except ExistingFiles as error:
        raise UsageProblem(f"{_shown_path(folder)} already has {', '.join(p.as_posix() for p in error.paths)}: "
                           f"nothing written (--force overwrites them)") from None
    except OSError as error:
        raise UsageProblem(f"cannot write a project into {folder}: {error.strerror or error}") from None
    io.print(Text("wrote ", style="green") + Text(f"a starter project in {_shown_path(folder)}:"))
    for path in written.files:
        io.print(f"  {path.as_posix()}")
    settings = written.pytest_settings
    if settings is not None:  # a pytest.ini would have replaced it, and the project's own tests with it
        io.print(Text("kept ", style="yellow") + Text(
            f"your pytest settings in {settings.file} (no pytest.ini: it would replace them); add under "
            f"{settings.section} there:"))
        for line in settings.lines:
            io.print(f"  {line}")
    io.print("next:" + (f" cd {_shown_path(folder)}, then" if Path(folder).resolve() != Path.cwd().resolve() else ""))
    steps = [(f"rulespec check {written.rule_file.name}", "parse, check, run the examples"),
             ("pytest properties/", "verify it, as CI will"), ("rulespec site", "the rules site, in site/")]
    width = max(len(command) for command, _ in steps)
    for command, what in steps:
        io.print(f"  {command:<{width}}    # {what}")


# ----------------------------------------------------------------------------- top level


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rulespec {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
    allow_dir: Optional[list[Path]] = typer.Option(
        None, "--allow-dir", metavar="DIR", exists=True, file_okay=False,
        help="A folder whose .rules files a house rule's `extends`, a counterexample or a game string may "
             "name (besides the file's own folder; repeatable; added to RULESPEC_RULES_PATH)."),
) -> None:
    """Write a game's rulebook once as a rule file; check it, build its engine, play it and verify it."""
    if allow_dir:
        from ..pipeline.rule_paths import allow_in_environment
        allow_in_environment(allow_dir)


# `rulespec docs`, `rulespec site` and `rulespec simulate` live with the site generator.
from ..docs import commands as _docs_commands  # noqa: E402,F401  (registers them on `app`)

if __name__ == "__main__":  # pragma: no cover
    app()
