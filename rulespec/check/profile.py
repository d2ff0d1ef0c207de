"""`rulespec profile FILE`: where an engine's time goes, per declaration and rule-file line.

Seeded random games are played under cProfile (at a chance node an outcome sampled by its probability, at
a decision a legal action picked uniformly: the benchmark's walk). Every function of a generated engine
names in its docstring the declaration it was generated from and its `(file.rules:LINE)`; the time of each
function (with the comprehensions and generators inside it) is reported against that declaration and line.
Beside the figures, hints name the formulations known to cost far more than an equivalent one (see
``hints``): read from the checked model and from the generated code, not from the timings.
"""

from __future__ import annotations

import cProfile
import inspect
import pstats
import random
import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Iterator, Optional

from ..model.narrowing import narrowed_by
from ..model import ir, reads

_CITED = re.compile(r"\(([^()\s]+\.rules):(\d+)\)")
_PREFIXES = ("options_", "candidates_", "first_failing_", "effect_", "choices_", "by_", "step_", "define_",
             "end_", "score_", "fit_", "invariant_", "chance_", "outcomes_", "trigger_", "instead_")


@dataclass(frozen=True)
class Spot:
    """One generated function's share of the time."""

    function: str
    declaration: str  # the first sentence of its docstring: what it implements
    line: Optional[int]  # the rule-file line it was generated from
    calls: int
    own: float  # seconds in its own code, with the comprehensions and generators written inside it
    total: float  # seconds from its calls to their returns, with everything it called


@dataclass(frozen=True)
class Hint:
    """A formulation known to be slow, where it is written, and what to write instead."""

    line: Optional[int]
    advice: str


@dataclass(frozen=True)
class Profile:
    source: str
    games: int
    steps: int
    seconds: float  # the whole play, as profiled
    spots: tuple[Spot, ...]  # largest own time first
    hints: tuple[Hint, ...]


def _sampled_action(state, rng: random.Random):
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        pick = rng.random()
        for action, probability in outcomes:
            pick -= float(probability)
            if pick < 0:
                return action
        return outcomes[-1][0]
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def _play(engine, games: int, seed: int, players: int) -> int:
    steps = 0
    for game in range(games):
        rng = random.Random(seed + game)
        state = engine.new_game(players)
        while not state.is_terminal():
            state.apply(_sampled_action(state, rng))
            steps += 1
    return steps


def _generated_functions(namespace: dict) -> list[tuple[int, str, str, Optional[int]]]:
    """(first line in the module, name, declaration, rule-file line) of each function the module defines,
    in the module's order; a function whose docstring cites no line (candidates_, first_failing_, by_)
    takes the line of the function of the same declaration that does."""
    found = []
    for name, value in namespace.items():
        if inspect.isfunction(value) and value.__globals__ is namespace:
            doc = inspect.getdoc(value) or ""
            cited = _CITED.search(doc)
            first = re.split(r"(?<=\.)\s| \[|\n", doc, maxsplit=1)[0] if doc else name
            found.append((value.__code__.co_firstlineno, name, first, int(cited.group(2)) if cited else None))
    by_declaration = {_declaration_key(name): line for _, name, _, line in found if line is not None}
    found = [(at, name, what, line if line is not None else by_declaration.get(_declaration_key(name)))
             for at, name, what, line in found]
    return sorted(found)


def _declaration_key(name: str) -> str:
    for prefix in _PREFIXES:
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def _spots(stats: pstats.Stats, namespace: dict) -> tuple[Spot, ...]:
    functions = _generated_functions(namespace)
    if not functions:
        return ()
    filename = namespace[functions[0][1]].__code__.co_filename
    starts = [at for at, *_ in functions]
    own = {name: 0.0 for _, name, _, _ in functions}
    calls = dict.fromkeys(own, 0)
    total = dict.fromkeys(own, 0.0)
    for (file, line, code_name), (_, ncalls, tottime, cumtime, _) in stats.stats.items():
        if file != filename:
            continue
        index = max((i for i, at in enumerate(starts) if at <= line), default=None)
        if index is None:
            continue
        _, name, _, _ = functions[index]
        own[name] += tottime
        if code_name == name and line == starts[index]:
            calls[name], total[name] = ncalls, cumtime
    spots = [Spot(name, what, line, calls[name], own[name], total[name])
             for _, name, what, line in functions if calls[name] or own[name]]
    return tuple(sorted(spots, key=lambda s: -s.own))


def profile(path: str, games: int = 20, seed: int = 0, players: Optional[int] = None) -> Profile:
    """Play ``games`` seeded random games of the rule file at ``path`` under cProfile."""
    import rulespec
    engine = rulespec.load(path)
    players = players if players is not None else engine.min_players
    _play(engine, 1, seed, players)  # (tables made per setup, kept rows: made before the clock)
    profiler = cProfile.Profile()
    profiler.enable()
    steps = _play(engine, games, seed, players)
    profiler.disable()
    stats = pstats.Stats(profiler)
    from ..codegen.python import generate
    source = generate(engine.model, Path(path).name)  # (byte-reproducible: the code that ran)
    return Profile(str(path), games, steps, stats.total_tt, _spots(stats, _engine_globals(engine)),
                   tuple(hints(engine.model, source)))


def _engine_globals(engine) -> dict:
    """The namespace of the engine's generated module (committed, or made in memory and in no sys.modules):
    that of the functions its steps run."""
    for info in type(engine).STEPS.values():
        for value in vars(info).values() if hasattr(info, "__dict__") else (getattr(info, f.name) for f in fields(info)):
            if inspect.isfunction(value):
                return value.__globals__
    return {}


# ---------------------------------------------------------------- hints

def _nodes(value) -> Iterator:
    """Every expression of a model's part, outermost first."""
    if isinstance(value, (tuple, list)):
        for v in value:
            yield from _nodes(v)
    elif hasattr(value, "__dataclass_fields__"):
        if isinstance(value, ir.E):
            yield value
        for f in fields(value):
            if f.name not in ("loc", "text", "type"):
                yield from _nodes(getattr(value, f.name))


def _counts_inside(e: ir.E, model: ir.Model, definitions: dict, seen: frozenset = frozenset()) -> bool:
    """Whether working ``e`` out counts, totals or searches every space of a board (directly or through a
    definition it uses), its condition fixing none the generator could look up (model/narrowing.py)."""
    for node in _nodes(e):
        if isinstance(node, (ir.Count, ir.Total, ir.First, ir.Extreme)) and isinstance(node.domain, ir.BoardRef) \
                and not narrowed_by(node.var, node.domain, node.where, model):
            return True
        if isinstance(node, ir.DefinedValue) and node.name in definitions and node.name not in seen:
            if _counts_inside(definitions[node.name].value, model, definitions, seen | {node.name}):
                return True
    return False


def _line(e) -> Optional[int]:
    loc = getattr(e, "loc", None)
    return loc.line if loc is not None else None


def hints(model: ir.Model, source: str) -> list[Hint]:
    """The formulations known to be slow in a rule file: an option listed from every pair of a board's
    spaces that the generator could not narrow (its generated listing walks the board inside a walk of the
    board), a `connected` whose start names no space and whose reach is not kept (its start tested on every
    space at each call), and a count, total or search whose condition counts again (the inner one is worked
    out once for every candidate of the outer)."""
    found: list[Hint] = []
    definitions = {d.name: d for d in model.definitions}
    one_group = _asked_of_one_group(model)
    for step in model.steps:
        for option in getattr(step, "options", ()) or ():
            boards = [b for b in option.bindings if isinstance(b.domain, ir.BoardRef)]
            if len(boards) < 2:
                continue
            function = f"def options_{_ident(step.name)}__{_ident(option.name)}("
            body = source.split(function, 1)[1].split("\ndef ", 1)[0] if function in source else ""
            walks = re.findall(r"^( *)for v_\w+ in st\._t\.cells_in_use\[", body, re.M)
            if len(walks) >= 2:
                board = next((b for b in model.boards if b.name == boards[-1].domain.board), None)
                size = len(board.row_values) * len(board.column_values) if board is not None else 0
                found.append(Hint(option.loc.line if option.loc else None, (
                    f"option `{option.name}` of `{step.name}` is listed from every pair of spaces "
                    f"(`for {', '.join(b.var + ' in ' + b.domain.text for b in boards)}`): "
                    f"{size * size:,} candidates a listing, each tested. Bind the second "
                    f"space from the first (`for s in grid, d in <directions>` with `t = neighbour of s "
                    f"towards d`), or say in the condition which space it is (`t = neighbour of s towards "
                    f"south`, `row of t = ...`): the generator then looks it up instead of trying every one.")))
    for e in _nodes((model.definitions, model.steps, model.ends, model.scores)):
        if isinstance(e, ir.Connected) and isinstance(e.domain, ir.BoardRef) \
                and reads.connected_kept(e, model) is None and not narrowed_by(e.var, e.domain, e.start, model):
            found.append(Hint(_line(e), (
                f"`{e.text}` tests its start on every space of the board each time it is asked: the start "
                f"names no space, and its tests read more than the space tested, so what it reached is not "
                f"kept. Start it from the space it is about (`from {e.var} = s`), or let its condition and "
                f"goal read only the space tested (what it holds, its row...): what it reached is then kept.")))
        if isinstance(e, (ir.Count, ir.Total, ir.First, ir.Extreme)) and e.where is not None \
                and _counts_inside(e.where, model, definitions) and id(e) not in one_group:
            found.append(Hint(_line(e), (
                f"`{e.text}` counts every space of a board again for each of its own candidates. Keep "
                f"the inner count in a counter, or let its condition fix the space's row, column or "
                f"neighbour (`row of s = k`, `s = neighbour of t towards d`), which the generator looks up.")))
    return sorted(found, key=lambda h: (h.line or 0))


def _asked_of_one_group(model: ir.Model) -> set[int]:
    """The counts of `there is s in B where s holds V and size of group of s = count(...)` (or `count(...) > 0`,
    != 0, = 0): whether the spaces holding V form one group, which the generator asks of the first of them,
    counting once (codegen/one_group.py)."""
    from ..codegen.one_group import one_group_parts
    found = set()
    for e in _nodes((model.definitions, model.steps, model.ends, model.scores)):
        count = e.count if isinstance(e, ir.ThereIs) else e.left if (
            isinstance(e, ir.Compare) and not e.order and e.op in (">", "!=", "=") and isinstance(e.right, ir.Const)
            and e.right.value.__class__ is int and e.right.value == 0) else None
        if isinstance(count, ir.Count) and one_group_parts(count) is not None:
            found.add(id(count))
    return found


def _ident(name: str) -> str:
    from ..codegen.quoting import ident
    return ident(name)


def report(result: Profile, limit: int = 15) -> list[str]:
    """The profile as lines of text: the largest shares first, then the hints."""
    lines = [f"{result.source}: {result.games} games, {result.steps} steps, {result.seconds:.3f} s profiled "
             f"({result.seconds / max(result.steps, 1) * 1e6:.1f} us a step, cProfile's overhead included)",
             "", f"{'own s':>8} {'share':>6} {'total s':>8} {'calls':>9}  line  declaration (function)"]
    shown = 0.0
    for spot in result.spots[:limit]:
        shown += spot.own
        where = f"{spot.line:>4}" if spot.line is not None else "   -"
        what = spot.declaration if len(spot.declaration) <= 80 else spot.declaration[:79] + "…"
        lines.append(f"{spot.own:>8.3f} {spot.own / result.seconds:>6.1%} {spot.total:>8.3f} {spot.calls:>9,}  "
                     f"{where}  {what} ({spot.function})")
    rest = result.seconds - sum(s.own for s in result.spots)
    lines.append(f"{rest:>8.3f} {rest / result.seconds:>6.1%} {'':>8} {'':>9}     -  the runtime and the play "
                 f"loop (rulespec/runtime: placing, moving, listing, ends' bookkeeping)")
    if result.hints:
        lines += ["", "hints:"]
        lines += [f"  line {h.line}: {h.advice}" if h.line else f"  {h.advice}" for h in result.hints]
    return lines
