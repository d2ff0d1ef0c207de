"""Where a step of the three rulebooks goes (#40): the rule file's own generated code (its listings, automatic
steps, option effects, triggers, ends, replacements, chance) and the runtime parts it leans on (the placement
lister, copies grouped, a tile's cells, placing and moving, a draw's outcomes), each timed by its own thread
CPU without what it calls (a wrapper around every such function; what a wrapper costs inside its own clock,
timed on a function that does nothing, is taken off each call; what it costs outside its clock falls to its
caller, so a part that calls timed parts, a listing calling the lister, reads a little high), the rest being
the step machinery (State.apply, _play, Engine._advance, the Pending and its Actions, legal_actions,
chance_outcomes, the loop).

The loop is bench_honest.py's (seeded random play, the games made before the clock). The step's cost
without wrappers is measured in the same process first; the machinery's share is that cost less every
part timed, so the wrappers' own cost is not counted in it.

    python benchmarks/bench_rulebook_shares.py --games 200

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import fields, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from bench_honest import RULEBOOKS, clock_ns, microseconds_a_step, play  # noqa: E402
from rulespec.runtime.state import State  # noqa: E402
from rulespec.runtime.tables import Tables  # noqa: E402

# The runtime's parts a rule file's constructs lean on, by the share they are reported under.
RUNTIME_PARTS = (
    (Tables, "legal_placements", "runtime: placement lister"),
    (State, "_one_of_each", "runtime: copies grouped"),
    (State, "_cells_of", "runtime: cells of a tile"),
    (State, "_place_tile", "runtime: placing and moving"),
    (State, "_place", "runtime: placing and moving"),
    (State, "_move", "runtime: placing and moving"),
    (State, "_draw_items", "runtime: a draw's outcomes"),
)


class ExclusiveTimer:
    """Thread CPU per label, each function's own (what it calls that is timed too is left to that)."""

    def __init__(self) -> None:
        self.own: Counter = Counter()
        self.calls: Counter = Counter()
        self._inner: list[int] = []  # per open call: the time spent in the timed calls inside it

    def wrap(self, function, label: str):
        own, calls, inner = self.own, self.calls, self._inner

        def timed(*args, **kwargs):
            inner.append(0)
            started = clock_ns()
            try:
                return function(*args, **kwargs)
            finally:
                spent = clock_ns() - started
                own[label] += spent - inner.pop()
                calls[label] += 1
                if inner:
                    inner[-1] += spent
        return timed

    def inside_cost(self) -> float:
        """The wrapper's own nanoseconds a call that fall inside the time it reports (timing a function that
        does nothing), to take off every part: the least of a few tries."""
        probe = ExclusiveTimer()
        nothing = probe.wrap(lambda: None, "nothing")
        tries = []
        for _ in range(5):
            probe.own.clear()
            for _ in range(20_000):
                nothing()
            tries.append(probe.own["nothing"] / 20_000)
        return min(tries)


def timed_engine(engine, timer: ExclusiveTimer):
    """A new engine of a subclass of ``engine``'s class whose generated functions are wrapped (the class's own
    tables are left alone, so ``engine`` plays as before)."""
    cls = type(engine)
    tables = {
        "STEPS": {name: wrap_step(info, timer) for name, info in cls.STEPS.items()},
        "TRIGGERS": tuple(replace(t, run=timer.wrap(t.run, "rule file: triggers")) for t in cls.TRIGGERS),
        "INSTEADS": tuple(replace(i, applies=timer.wrap(i.applies, "rule file: replacements"),
                                  run=timer.wrap(i.run, "rule file: replacements")) for i in cls.INSTEADS),
        "END_CHECKS": {timing: timer.wrap(check, "rule file: ends") for timing, check in cls.END_CHECKS.items()},
        "ENDS": cls.ENDS,  # (the END_CHECKS stand for these ENDS: Engine.__init__ asks)
    }
    return type(cls.__name__, (cls,), tables)(dict(engine._options_given))


def wrap_step(info, timer: ExclusiveTimer):
    """A copy of a step's StepInfo whose generated functions, its options' too, are wrapped."""
    names = {f.name for f in fields(info)}
    changes = {}
    for name, label in (("choices", "rule file: listings"), ("run", "rule file: automatic steps"),
                        ("outcomes", "rule file: chance outcomes"), ("draw", "rule file: chance outcomes"),
                        ("resolve", "rule file: chance resolved"), ("text", "rule file: chance outcomes")):
        if name in names and getattr(info, name) is not None:
            changes[name] = timer.wrap(getattr(info, name), label)
    changes["options"] = tuple(replace(o, effect=timer.wrap(o.effect, "rule file: option effects"),
                                       enumerate=timer.wrap(o.enumerate, "rule file: listings"))
                               for o in info.options)
    return replace(info, **changes)


def shares(label: str, game_id: str, variants, players: int, games: int) -> dict:
    plain = rulespec.load(game_id, variants=variants)
    unwrapped = min(microseconds_a_step(plain, range(games), players) for _ in range(3))
    timer = ExclusiveTimer()
    engine = timed_engine(plain, timer)
    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in RUNTIME_PARTS]
    try:
        for owner, name, part in RUNTIME_PARTS:
            setattr(owner, name, timer.wrap(getattr(owner, name), part))
        states = [(engine.new_game(players), random.Random(seed).random) for seed in range(games)]
        started, steps = clock_ns(), 0
        for state, draw in states:
            steps += play(state, draw, "apply")
        wrapped = (clock_ns() - started) / steps / 1000
    finally:
        for owner, name, function in originals:
            setattr(owner, name, function)
    inside = timer.inside_cost()
    parts = {part: (ns - inside * timer.calls[part]) / steps / 1000 for part, ns in timer.own.items()}
    parts["the step machinery (the rest)"] = unwrapped - sum(parts.values())
    return {"label": label, "us_a_step": unwrapped, "wrapped": wrapped, "parts": parts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games a rulebook")
    parser.add_argument("--rulebooks", default="", help="labels to run, comma-separated (default: all six)")
    args = parser.parse_args()
    chosen = [r for r in RULEBOOKS if not args.rulebooks or r[0] in args.rulebooks.split(",")]
    for label, game_id, variants, players in chosen:
        found = shares(label, game_id, variants, players, args.games)
        print(f"\n{label}: {found['us_a_step']:.1f} us a step ({found['wrapped']:.1f} with the wrappers)")
        print("| part | us a step | share |")
        print("|---|---|---|")
        for part, us in sorted(found["parts"].items(), key=lambda kv: -kv[1]):
            print(f"| {part} | {us:.2f} | {100 * us / found['us_a_step']:.0f}% |")


if __name__ == "__main__":
    main()
