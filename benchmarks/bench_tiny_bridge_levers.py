"""Four levers of issue #40 found writing Tiny bridge (helper tinybridge), each against the engine generated without
it: a definition that reads of the state only counters kept by their values and its arguments
(codegen/counter_definitions.py, switch kept_by_counters: Tiny bridge's double-dummy `double_dummy(a1, ..., d2)`
reading the trump suit from `contract`; no other file of the gallery's or the newcomers' has one worth a look-up);
`number of V` of a component attribute read from the attribute's module-level table rather than a dict written out
and made again at every use (codegen/expressions.py, switch places_from_tables: card numbers); payoffs as numbers
that read no seat worked out once for every seat (codegen/engine_class.py, switch shared_returns; Engine.RETURNS_SHARED:
Tiny bridge, Hanabi, Tiny Hanabi); a definition of items reading `number of V` of their fixed attributes read from
an item table (codegen/item_definitions.py, switch places_in_item_tables: OpenSpiel's card numbers
`(number of suit of c - 1) * 4 + number of rank of c - 1` in Tiny bridge, Skat, Oh Hell, universal poker). Each game's returns are read once it is over, inside the clock: Tiny bridge's
payoff is its work (OpenSpiel works it out as the last call is applied), which random play alone never asks for.
New seeded games each round (the kept values are not those of the same games again); thread CPU time, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_tiny_bridge_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, engine_of, interleaved, print_table, seeds_of  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen import counter_definitions, engine_class, expressions, item_definitions  # noqa: E402

KEPT = ((counter_definitions, "kept_by_counters", lambda: False),)
PLACES = ((expressions, "places_from_tables", lambda: False),)
SHARED = ((engine_class, "shared_returns", lambda: False),)
ITEM_PLACES = ((item_definitions, "places_in_item_tables", lambda: False),)
ALL = KEPT + PLACES + SHARED + ITEM_PLACES

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
LEVERS = {
    "all four: Tiny bridge": (NEWCOMER / "tiny-bridge-2p.rules", ALL),
    "kept by counters: Tiny bridge": (NEWCOMER / "tiny-bridge-2p.rules", KEPT),
    "places from tables: Tiny bridge": (NEWCOMER / "tiny-bridge-2p.rules", PLACES),
    "shared returns: Tiny bridge": (NEWCOMER / "tiny-bridge-2p.rules", SHARED),
    "places in item tables: Tiny bridge": (NEWCOMER / "tiny-bridge-2p.rules", ITEM_PLACES),
    "places in item tables: Skat": (NEWCOMER / "skat.rules", ITEM_PLACES),
    "places in item tables: Oh Hell": (NEWCOMER / "oh-hell.rules", ITEM_PLACES),
    "places in item tables: universal poker": (NEWCOMER / "universal-poker.rules", ITEM_PLACES),
    "places from tables: Skat": (NEWCOMER / "skat.rules", PLACES),
    "places from tables: Tarok": (NEWCOMER / "tarok.rules", PLACES),
    "places from tables: Oh Hell": (NEWCOMER / "oh-hell.rules", PLACES),
    "places from tables, shared returns: Hanabi": (NEWCOMER / "hanabi.rules", PLACES + SHARED),
}
GAMES = {"tiny-bridge-2p": 300, "skat": 20, "tarok": 6, "oh-hell": 6, "hanabi": 10, "universal-poker": 100}
PLAYERS = {"skat": 3, "tarok": 3, "oh-hell": 3}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--levers", default="", help="comma-separated lever names (default: every lever)")
    args = parser.parse_args()
    levers = {name: LEVERS[name] for name in args.levers.split(",")} if args.levers else LEVERS
    rows = []
    for path, swapped in levers.values():
        name = path.stem
        on, off = engine_of(path, ()), engine_of(path, swapped)
        rows.append([lambda r, e=e, n=name: microseconds_a_step(e, seeds_of(r, GAMES[n]), PLAYERS.get(n, 2),
                                                                read_returns=True) for e in (on, off)])
    figures = interleaved(rows, args.rounds)
    print_table(f"bench_tiny_bridge_levers.py --rounds {args.rounds}", ("lever", "file"),
                [(lever, path.stem, on, off) for (lever, (path, _)), (on, off) in zip(levers.items(), figures)])


if __name__ == "__main__":
    main()
