"""Yacht's levers (#40): a pick's outcomes kept by the counters they read, each file against its engine generated
without it (codegen/outcomes_by_counters.py); a long listing found in again indexed, against the runtime that
looks along it every time (runtime/listing_index.py). In one process (benchmarks/ab.py)."""

from __future__ import annotations

from pathlib import Path

from ab import ROOT, compare_levers
from rulespec.codegen.outcomes_by_counters import OutcomesByCounters
from rulespec.runtime import pending
from rulespec.runtime.listing_index import _looked_along

WITHOUT = ((OutcomesByCounters, "outcome_counters", lambda self, step: None),)
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
# Every rule file here whose engine it changes: Yacht's roll reads which dice are rolling; 2048's spawn and the
# auction's award read a board's tiles and the bids, which rarely repeat (what the key costs where it misses).
LEVERS = {"Yacht's roll": ("yacht", WITHOUT), "2048's spawn": ("twenty-forty-eight", WITHOUT),
          "the auction's award": ("first-sealed-auction", WITHOUT), "a long listing indexed": ("yacht", ())}
LOOKED_ALONG = {"a long listing indexed": ((pending, "index_in_listing", _looked_along),)}
SEEDS = {"yacht": range(3), "twenty-forty-eight": range(2), "first-sealed-auction": range(200)}
PLAYERS = {"twenty-forty-eight": 1}

if __name__ == "__main__":
    compare_levers(Path(__file__).name, LEVERS, SEEDS, lambda name: NEWCOMER / f"{name}.rules", PLAYERS, LOOKED_ALONG)
