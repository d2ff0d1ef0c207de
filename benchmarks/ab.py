"""One lever against the code without it, in one process (issue #40): what the levers' A/B scripts share.

A lever's script names a rule file and the generator's (or the runtime's) attributes to swap for what was
there before the lever; both engines play the same seeded games, thread CPU time, nothing but play inside the
clock, rounds interleaved with the order rotated, medians with their min-max spread. Figures only: speed
targets are never tests.

- ``compare_levers(script, levers, seeds, path_of, ...)``: the whole script for the usual form (a table row
  a lever: its file, us a step with it and without it, and off over on), its command line `--rounds`,
  `--levers`.
- The parts, for a script of another form: ``engine_of(path, swapped)`` (the file's engine generated with
  the generator's attributes swapped), ``at("module.Class.name", replacement)`` (such a swap named by its
  dotted path), ``played_with(swaps, play)`` (the runtime's attributes swapped while one side plays),
  ``adapter_us_a_step(game, seeds)`` (us a step through the OpenSpiel adapter), ``seeds_of(r, games)``
  (new seeded games each round); ``interleaved(rows, rounds)``
  (every row's configurations played a round at a time, the order rotated, a warm-up round not kept);
  ``spread(values)`` ("median (min-max)"), ``share(over, under)`` (their ratio per round, "1.23x (1.10-1.30)")
  and ``print_table(...)`` (the usual table: the command, the labels, on, off, off / on), or
  ``print_against_first(...)`` (several configurations, each against the first).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import random
import statistics
import sys
from pathlib import Path
from typing import Callable, Optional, Sequence

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_honest import clock_ns, microseconds_a_step, play  # noqa: E402
from rulespec.codegen.python import generate  # noqa: E402
from rulespec.pipeline import compile_rules, load_module_from_source  # noqa: E402


@contextlib.contextmanager
def _swapped(swaps: tuple):
    """``swaps`` ((owner, attribute, replacement)) set inside the block, then each owner as it was: its own
    attribute put back as it was stored (a staticmethod stays one), an inherited one deleted again."""
    missing = object()
    kept = [(owner, name, vars(owner).get(name, missing)) for owner, name, _ in swaps]
    try:
        for owner, name, replacement in swaps:
            setattr(owner, name, replacement)
        yield
    finally:
        for owner, name, original in reversed(kept):
            if original is missing:
                delattr(owner, name)
            else:
                setattr(owner, name, original)


def engine_of(path: Path, swapped: tuple, variants: tuple = (), helpers: Optional[dict] = None,
              took: Optional[Callable[[str], bool]] = None):
    """The file's engine (with ``variants`` applied), generated with ``swapped`` (owner, attribute, replacement)
    attributes of the generator's parts, put back afterwards; ``helpers``: names set in the generated module
    (a runtime helper it calls, as it was before a lever); ``took``: a test of the generated source that the
    swap took (the lever's code is not there), asserted."""
    with _swapped(swapped):
        model = compile_rules(path, variants)
        source = generate(model, path)
    assert took is None or took(source), f"{path.name}: the engine generated without the lever still has it"
    module = load_module_from_source(source, f"{path.stem}_{len(swapped)}")
    for name, helper in (helpers or {}).items():
        setattr(module, name, helper)
    engine = module.GAME(None)
    engine.model = model
    return engine


def at(target: str, replacement) -> tuple:
    """A swap named by its dotted path, ``rulespec.codegen.guards.Guards.loop_guards`` (a module's attribute,
    or its class's): (owner, attribute, replacement), as engine_of and played_with take them."""
    owner_path, name = target.rsplit(".", 1)
    module_path, attributes = owner_path, []
    while True:
        try:
            owner = importlib.import_module(module_path)
            break
        except ModuleNotFoundError:
            module_path, attribute = module_path.rsplit(".", 1)
            attributes.insert(0, attribute)
    for attribute in attributes:
        owner = getattr(owner, attribute)
    return owner, name, replacement


def played_with(swaps: tuple, play: Callable[[], float]) -> float:
    """``play()`` with ``swaps`` ((owner, attribute, replacement)) set while it runs, put back afterwards: the
    runtime without a lever of its own."""
    with _swapped(swaps):
        return play()


def adapter_us_a_step(game, seeds) -> float:
    """Microseconds a step of random play through the OpenSpiel adapter (``game``, a pyspiel game): the seeded
    games' first states made outside the clock."""
    states = [(game.new_initial_state(), random.Random(seed).random) for seed in seeds]
    start, steps = clock_ns(), 0
    for state, draw in states:
        steps += play(state, draw, "apply_action")
    return (clock_ns() - start) / steps / 1000


def seeds_of(r: int, games: int) -> range:
    """The seeds of round r's block of ``games`` games: new games each round (the warm-up, r = -1, plays round
    0's)."""
    return range(max(r, 0) * games, (max(r, 0) + 1) * games)


Play = Callable[[int], float]  # one configuration's figure in round r (-1: the warm-up)


def interleaved(rows: Sequence[Sequence[Play]], rounds: int, warm_up: bool = True) -> list[list[list[float]]]:
    """``rows``: each row's configurations (its first the engine with the lever, the others without), each a
    play(r) giving its figure in round r. Every row's configurations are played once a round, rows one after
    another; within a row the order rotates from round to round (two configurations: on first in the warm-up,
    off first in the first kept round, and so on). With ``warm_up``, round -1 comes first and is not kept.
    Returns figures[row][configuration]: one figure a kept round."""
    figures: list[list[list[float]]] = [[[] for _ in row] for row in rows]
    for r in range(-1 if warm_up else 0, rounds):
        for row, kept in zip(rows, figures):
            first = (r + 1) % len(row)
            for c in [*range(first, len(row)), *range(first)]:
                figure = row[c](r)
                if r >= 0:
                    kept[c].append(figure)
    return figures


def spread(values: Sequence[float], digits: int = 1) -> str:
    """``median (min-max)``, with ``digits`` after the point."""
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def share(over: Sequence[float], under: Sequence[float]) -> str:
    """``over`` / ``under`` round by round, as ``median x (min-max)``: a lever's share is off over on."""
    ratios = [a / b for a, b in zip(over, under)]
    return f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"


def print_table(command: str, heads: Sequence[str], rows: Sequence[tuple], measure: str = "us a step",
                digits: int = 1) -> None:
    """The usual table of a lever's script: the line naming ``command`` (`python benchmarks/...`, after it)
    and ``measure``, then a row for each of ``rows`` (labels: one a head of ``heads``; on; off): its labels,
    ``spread`` of on and of off, and the lever's ``share`` (off over on)."""
    print(f"`python benchmarks/{command}`: {measure}, medians (min-max); the lever's share: off over on, per round\n")
    print("| " + " | ".join([*heads, "on", "off", "off / on"]) + " |\n|" + "---|" * (len(heads) + 3))
    for *labels, on, off in rows:
        print("| " + " | ".join([*labels, spread(on, digits), spread(off, digits), share(off, on)]) + " |")


def print_against_first(command: str, configurations: Sequence[str], rows: Sequence[tuple]) -> None:
    """The table of a script of several configurations, the first with every lever (`all on`) and each other
    with some off: the line naming ``command``, then a row for each of ``rows`` (its name, figures[c] for each
    configuration, as interleaved gives a row's): ``spread`` of each configuration, then ``share`` of each but
    the first over the first."""
    first, others = configurations[0], configurations[1:]
    print(f"`python benchmarks/{command}`: us a step, medians (min-max); each lever's share: its 'off' over "
          f"'{first}', per round\n")
    print("| game | " + " | ".join(configurations) + " | " + " | ".join(f"{c} / {first}" for c in others) + " |")
    print("|---|" + "---|" * (2 * len(configurations) - 1))
    for name, figures in rows:
        print(f"| {name} | " + " | ".join([spread(v) for v in figures] + [share(v, figures[0]) for v in figures[1:]])
              + " |")


def compare_levers(script: str, levers: dict, seeds: dict, path_of: Callable[[str], Path],
                   players: Optional[dict] = None, played_without: Optional[dict] = None,
                   variants: Optional[dict] = None) -> None:
    """Parse ``--rounds`` and ``--levers`` and print each lever's table row: its file's us a step with the
    lever (on) and without it (off), and off over on per round. ``levers``: name -> (file, swapped);
    ``players``: file -> players (default 2); ``played_without``: lever -> the runtime's attributes swapped
    while the side without the lever plays (a lever of the runtime: see played_with); ``variants``: file ->
    the variants its engines apply (default none)."""
    players, played_without, variants = players or {}, played_without or {}, variants or {}
    parser = argparse.ArgumentParser(description=sys.modules["__main__"].__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--levers", default="", help="comma-separated lever names (default: every lever)")
    args = parser.parse_args()
    levers = {name: levers[name] for name in args.levers.split(",")} if args.levers else levers
    rows = []
    for lever, (name, swapped) in levers.items():
        on, off = (engine_of(path_of(name), (), variants.get(name, ())),
                   engine_of(path_of(name), swapped, variants.get(name, ())))
        rows.append((lambda r, e=on, n=name: microseconds_a_step(e, seeds[n], players.get(n, 2)),
                     lambda r, e=off, n=name, s=played_without.get(lever, ()): played_with(
                         s, lambda: microseconds_a_step(e, seeds[n], players.get(n, 2)))))
    figures = interleaved(rows, args.rounds)
    print_table(f"{script} --rounds {args.rounds}", ("lever", "file"),
                [(lever, name, on, off) for (lever, (name, _)), (on, off) in zip(levers.items(), figures)])
