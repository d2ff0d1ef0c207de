"""An end kept by what it reads (issue #40, helper battleship, rulespec/model/end_inputs.py): an end that reads
only counters, zones and attributes that can change, and walks a zone inside another walk, is tested again
only when one of them differs from what it was when the end last held false. Each file's engine against the
same file's engine generated without it (every end tested after every step), in one process: the newcomer's
Battleship (`fleet_sunk`: every ship of a player sunk, a count of the fleet's parts each looked up in the
opponent's hits), phantom tic-tac-toe (three in a row among a player's marks) and the gallery's Liar's Dice
(a bid that stood or was a lie, the dice in the cups counted); and an end whose zones are each read at one fixed
seat kept by that seat's zone alone (helper darkhex, KEPT_WORK_ONE_SEAT: Dark Hex's `connected` of a player's
stones) against the engine generated without such records (whole zones only: not kept there). The same
seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated,
medians with their min-max spread.

    python benchmarks/bench_end_inputs.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.ends import Ends  # noqa: E402

EVERY_END_TESTED = ((Ends, "end_inputs_kept", lambda self, end: None),)
WHOLE_ZONES_ONLY = ((Ends, "one_seat_records", False),)  # (helper darkhex: no record of one seat's zone alone)
PATHS = {"battleship": ROOT / "tests" / "newcomer" / "games" / "battleship.rules",
         "phantom-ttt": ROOT / "tests" / "newcomer" / "games" / "phantom-ttt.rules",
         "liars-dice": ROOT / "rulebooks" / "liars-dice.rules",
         "dark-hex": ROOT / "tests" / "newcomer" / "games" / "dark-hex.rules"}

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {f"kept by its reads ({name})": (name, EVERY_END_TESTED) for name in PATHS if name != "dark-hex"}
LEVERS["kept by one seat's zone (dark-hex)"] = ("dark-hex", WHOLE_ZONES_ONLY)
SEEDS = {"battleship": range(30), "phantom-ttt": range(300), "liars-dice": range(300), "dark-hex": range(1500)}


def main() -> None:
    compare_levers("bench_end_inputs.py", {lever: (name, swapped) for lever, (name, swapped) in LEVERS.items()},
                   SEEDS, PATHS.get)


if __name__ == "__main__":
    main()
