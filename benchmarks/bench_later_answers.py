"""A question a later option's rows answer (issue #40, helper checkers, rulespec/codegen/later_answers.py):
the newcomer's Checkers says its compulsory jump as `move`'s `only if not can_capture(player)`, `can_capture`
the very condition `jump`, written after it, lists its rows by; and Othello's pass written before its
placements (`only if not can_place(player)`, the newcomer's file with its two options swapped). Each against
the engine generated asking the question as written, in one process: the same seeded games, thread CPU time,
nothing but play inside the clock, rounds interleaved with the order rotated, medians with their min-max
spread.

    python benchmarks/bench_later_answers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import compare_levers  # noqa: E402
from rulespec.codegen.later_answers import LaterAnswers  # noqa: E402

GAMES = Path(__file__).resolve().parents[1] / "tests" / "newcomer" / "games"
ASKED = ((LaterAnswers, "later_answered", lambda self, step, listing: {}),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "a move only when no later jump is listed": ("checkers", ASKED),
    "a pass written before the placements": ("othello-pass-first", ASKED),
}
SEEDS = {"checkers": range(40), "othello-pass-first": range(8)}


def pass_first(text: str) -> str:
    """The newcomer's Othello with its `pass` option written before `place` (the same rules)."""
    head, rest = text.split('  option place "', 1)
    place, tail = rest.split('  option pass "', 1)
    pass_, after = tail.split("\n\n", 1)
    return head + '  option pass "' + pass_ + "\n" + '  option place "' + place.rstrip("\n") + "\n\n" + after


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = {"checkers": GAMES / "checkers.rules", "othello-pass-first": Path(folder) / "othello.rules"}
        paths["othello-pass-first"].write_text(pass_first((GAMES / "othello.rules").read_text()))
        compare_levers("bench_later_answers.py", LEVERS, SEEDS, paths.get)


if __name__ == "__main__":
    main()
