"""Backgammon's levers of issue #40, against the engine as generated, in one process: each lever switched off in
an engine generated without it. (a) the look-ahead's first `then`s carried out once for every value of the
last bound name (model/first_thens_once.py; the first move once for every second move of a pair); (b) a count
or call of a listing that reads one name bound inside another walk kept by that name's value (codegen/counts.py
kept_by_value; `on(player, m)` once for each m, not once for each n and m); (c) a `then` run at once in a
look-ahead without asking the ends (Engine._quiet_after_step; the engine asking them there as outside); (d) an
item's label kept by its changing attributes' values (Engine._label_now; made afresh at each change). The same
seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated,
medians with their min-max spread; "all off": the four together.

    python benchmarks/bench_backgammon_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from ab import engine_of, interleaved, print_against_first  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.counts import Counts  # noqa: E402
from rulespec.codegen.options import Options  # noqa: E402

SEEDS = range(10)  # seeded games a block
# lever -> (the generator's method it is switched off by, that method's stand-in, what the source then lacks)
LEVERS = {
    "(a) off": (Options, "first_thens_ahead", lambda self, step, option, placed: None, "def ahead_"),
    "(b) off": (Counts, "kept_by_value", lambda self, names, code: code, "_m0 = {}"),
}


def generated_without(engine, *levers: str):
    """Backgammon generated without ``levers``, loaded in memory."""
    return engine_of(ROOT / "rulebooks" / "backgammon.rules", [LEVERS[lever][:3] for lever in levers],
                     took=lambda source: not any(LEVERS[lever][3] in source for lever in levers))


def asking_ahead(engine, base=None):
    """Backgammon's engine asking the ends before a `then` run at once in a look-ahead too, as outside one
    (lever (c) off: Engine._quiet_after_step answers yes there unasked)."""

    class Asking(base or type(engine)):
        def _quiet_after_step(self, st):
            journal, st._journal = st._journal, None
            try:
                return super()._quiet_after_step(st)
            finally:
                st._journal = journal

    asking = Asking(None)
    asking.model = engine.model
    return asking


def labels_afresh(engine, base=None):
    """Backgammon's engine making every label afresh (lever (d) off: Engine._label_now keeps each it made)."""
    from rulespec.runtime.helpers import item_label

    class Afresh(base or type(engine)):
        def _label_now(self, st, item):
            name, attributes, shown_as = self._item_parts[item]
            attrs = st._attrs
            return item_label(name, {a: (attrs[a][item] if a in attrs else self.ITEM_ATTRS[a][item])
                                     for a in attributes}, shown_as)

    made = Afresh(None)
    made.model = engine.model
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    after = rulespec.load("backgammon")
    engines = {"all on": after, **{lever: generated_without(after, lever) for lever in LEVERS},
               "(c) off": asking_ahead(after), "(d) off": labels_afresh(after)}
    neither = generated_without(after, *LEVERS)  # (a) and (b) off, then (c) and (d) on top of it
    engines["all off"] = labels_afresh(after, type(asking_ahead(after, type(neither))))
    names = list(engines)
    figures = interleaved([[lambda r, e=engine: microseconds_a_step(e, SEEDS) for engine in engines.values()]],
                          rounds)[0]
    print_against_first(f"bench_backgammon_levers.py --rounds {rounds}", names, [("backgammon", figures)])


if __name__ == "__main__":
    main()
