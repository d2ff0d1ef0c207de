"""The three rulebooks' levers of #40's ninth round (helper rulebooks2), each against the engine generated without
it, in one process: (a) a chance step picking from what the set-up fixes of a board listed once per arguments
and set-up (codegen/chance.py fixed_by_setup: Let Them Eat Shrimp!'s starting triangles); (b) a draw from a zone
holding copies grouped by looking at the copies alone (runtime/copies.py: Shell We?'s bag), against the
runtime counting every label; (c) an option showing two chosen names read apart (codegen/two_names_apart.py: Let
Them Eat Shrimp!'s `place {tile} on {where}` marked distinct, no set of its texts at each decision); (d) a choice walking a zone
that holds few copies groups those alone (runtime/copies.py: Shell We?'s racks), against the runtime looking
every item's group up; (all) the four together, per rulebook and set-up: the engine generated without (a) and
(c), played by the runtime without (b) and (d). The same seeded games,
thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with
their min-max spread (benchmarks/ab.py).

    python benchmarks/bench_rulebook_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import listing_plans  # noqa: E402
from rulespec.codegen.chance import Chance  # noqa: E402
from rulespec.runtime import copies, state  # noqa: E402

NOT_FIXED = ((Chance, "fixed_by_setup", staticmethod(lambda e: False)),)
NOT_APART = ((listing_plans, "two_names_apart", lambda *args: False),)
EVERY_LABEL_COUNTED = ((state, "grouped_by_copies",
                        lambda items, shared, labels: copies.grouped_by_labels(items, labels)),)
EVERY_GROUP_LOOKED_UP = ((state, "one_of_each_copy",
                          lambda items, with_copies, group: copies.every_group_looked_up(items, group)),)

# lever -> (its file and set-up, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) outcomes fixed by the set-up listed once": ("ltes-basic", NOT_FIXED),
    "(a) on the advanced game": ("ltes-advanced", NOT_FIXED),
    "(b) a draw grouped by its copies": ("shell-we", ()),
    "(b) with 4 players": ("shell-we-4", ()),
    "(c) two chosen names read apart": ("ltes-basic", NOT_APART),
    "(c) on the advanced game": ("ltes-advanced", NOT_APART),
    "(d) a walk grouping its few copies alone": ("shell-we", ()),
    "(d) with 4 players": ("shell-we-4", ()),
    "(d) on a zone mostly of copies": ("ltes-basic", ()),
    "(all) Let Them Eat Shrimp! basic 2p": ("ltes-basic", NOT_FIXED + NOT_APART),
    "(all) Let Them Eat Shrimp! advanced 5p": ("ltes-advanced", NOT_FIXED + NOT_APART),
    "(all) Shell We? 2p": ("shell-we", NOT_FIXED + NOT_APART),
    "(all) Shell We? 4p": ("shell-we-4", NOT_FIXED + NOT_APART),
    "(all) Shrimp 2p": ("shrimp", NOT_FIXED + NOT_APART),
    "(all) Shrimp 6p": ("shrimp-6", NOT_FIXED + NOT_APART),
}
RUNTIME_LEVERS = {"(b) a draw grouped by its copies": EVERY_LABEL_COUNTED, "(b) with 4 players": EVERY_LABEL_COUNTED,
                  "(d) a walk grouping its few copies alone": EVERY_GROUP_LOOKED_UP,
                  "(d) with 4 players": EVERY_GROUP_LOOKED_UP, "(d) on a zone mostly of copies": EVERY_GROUP_LOOKED_UP}
RUNTIME_LEVERS.update({lever: EVERY_LABEL_COUNTED + EVERY_GROUP_LOOKED_UP for lever in LEVERS if lever.startswith("(all)")})
SEEDS = {"ltes-basic": range(150), "ltes-advanced": range(60), "shell-we": range(40), "shell-we-4": range(30),
         "shrimp": range(40), "shrimp-6": range(30)}
PLAYERS = {"ltes-basic": 2, "ltes-advanced": 5, "shell-we": 2, "shell-we-4": 4, "shrimp": 2, "shrimp-6": 6}
VARIANTS = {"ltes-advanced": ("advanced",)}
PATHS = {"ltes-basic": ROOT / "rulebooks" / "let-them-eat-shrimp.rules",
         "ltes-advanced": ROOT / "rulebooks" / "let-them-eat-shrimp.rules",
         "shell-we": ROOT / "rulebooks" / "shell-we.rules", "shell-we-4": ROOT / "rulebooks" / "shell-we.rules",
         "shrimp": ROOT / "rulebooks" / "shrimp.rules", "shrimp-6": ROOT / "rulebooks" / "shrimp.rules"}


def main() -> None:
    compare_levers("bench_rulebook_levers.py", LEVERS, SEEDS, PATHS.__getitem__, players=PLAYERS, variants=VARIANTS,
                   played_without=RUNTIME_LEVERS)


if __name__ == "__main__":
    main()
