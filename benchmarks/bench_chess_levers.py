"""The chess levers of issue #40, each against the engine generated without it, in one process: perft from the
standard positions (benchmarks/perft.py) with thread CPU time, nothing but the perft inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread. (a) a board's spaces searched through
the items that can pass (codegen/counts.py located_on_board: `any(s in grid where is_a(s, king) and mine(s,
p))` looks at the 16 pieces of p's colour, not the 64 squares); (b) an attack along a line, `count(d in all
directions of grid where count(t in ray from s towards d where ...) > 0) > 0`, written as a loop inside a loop
(codegen/declarations.py first_found_loop), not any() over a generator made for each direction; (c) `place
occupant of s on t` on one board as State._shift (runtime/shifting.py), the piece taken from s without
looking for where it is; (d) a `then` run at once without asking the ends checked after each step, where
the file has none (codegen/statements.py ends_after_each_step); (e) a plain look-ahead keeping only what its
statements can write (model/look_ahead_writes.py, runtime/imagining.py _imagine_plain), not the whole state;
(f) a turn-start end's `has no legal move` answered by the turn's listing in full, kept for the offer that
follows (codegen/ends.py turn_listing_kept, Engine._turn_listed), not a search for a first move and a listing;
(g) the inner ray of a first-found loop (b) walked in place to its first occupied space (codegen/declarations.py
ray_stop_loop), not through ray_stop's call and tuple for each direction; (h) a lean look-ahead
(codegen/lean_look_ahead.py, runtime/imagining.py _imagine_lean): one that leaves no `then`, fires no trigger and
walks no loop keeps only what its statements and condition can write and runs no carry_through; (i) a look-ahead
journals only what it may read (runtime/shifting.py, lifting.py: no space's cause written or journalled, the mask
only where a board keeps one, a piece lifted into a zone put back by taking it out, not a copy of the zone): its
"off" is State._shift and State._lift as they were at a2216cc (read with `git show`), patched in around the off
engine's rounds only; (j) a definition `A or ... or L` one of whose tests asks whether some x of a walk passes
written as statements, that test a loop returning at the first x (codegen/guards.py either_value,
declarations.py either_statements), not any() over a generator made at each call; (k) a definition's rays walked in
place (g) read through its board's table of every direction, looked up once at its top (Tables.rays_by_board), not
a (board, direction) pair looked up at each direction.

    python benchmarks/bench_chess_levers.py --depth 3 --rounds 3

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import engine_of, interleaved, played_with, print_table  # noqa: E402
from perft import POSITIONS, perft  # noqa: E402
from rulespec.codegen import counts, declarations, ends, guards, lean_look_ahead, options, statements  # noqa: E402
from tests.gallery.chess_notation import fen_to_position  # noqa: E402

CHESS = ROOT / "rulebooks" / "chess.rules"
# lever -> the generator's methods swapped for what was there before it: (its class, method, replacement)
LEVERS = {
    "(a) a board searched through its items": [(counts.Counts, "located_on_board", lambda self, e: None)],
    "(b) a walk's test inside a loop": [(declarations.Declarations, "inner_exists", staticmethod(lambda e: None))],
    "(c) a piece moved on its board": [(statements.Statements, "shifted", lambda self, s: None)],
    "(d) a `then` run at once unasked": [(statements.Statements, "ends_after_each_step", lambda self: True)],
    "(e) a plain look-ahead's save": [(options.Options, "imagining", lambda self, option, seat, step, lean=False: (
        f"st._imagine({seat}, {step.name!r})", "st._unimagine"))],
    "(f) the turn's listing kept for its offer": [(ends.Ends, "turn_listing_kept", lambda self, e: False)],
    "(g) a ray walked in place to its stop": [(declarations.Declarations, "ray_walked_in_place", lambda self, inner: False)],
    "(h) a lean look-ahead": [(lean_look_ahead.LeanLookAhead, "lean_look_ahead", lambda self, step, option, after: False)],
    "(j) a test's `or` as statements": [(guards.Guards, "either_value", lambda self, value: None)],
    "(k) a board's rays read once for every direction": [(declarations.Declarations, "rays_by_board",
                                                          lambda self: False)],
    "(m) a look-ahead's answer read once a listing": [(lean_look_ahead, "LISTED_ANSWERS", False)],
}
# runtime levers: (owner, method, the method as it was before the lever), patched in around the off engine's rounds
RUNTIME_LEVERS = {"(i) a look-ahead's journal of what it reads": (("shifting", "Shifting", "_shift"),
                                                                  ("lifting", "Lifting", "_lift"))}
BEFORE_RUNTIME_LEVERS = "a2216cc"


def runtime_swaps(lever: str) -> list:
    """The runtime's methods of ``lever`` as they were at BEFORE_RUNTIME_LEVERS: (class, method, old function)."""
    import importlib
    import subprocess
    swaps = []
    for module_name, class_name, method in RUNTIME_LEVERS[lever]:
        module = importlib.import_module(f"rulespec.runtime.{module_name}")
        source = subprocess.run(["git", "show", f"{BEFORE_RUNTIME_LEVERS}:rulespec/runtime/{module_name}.py"],
                                cwd=ROOT, check=True, capture_output=True, text=True).stdout
        old = dict(vars(module))
        exec(compile(source, f"{module_name}@{BEFORE_RUNTIME_LEVERS}", "exec"), old)
        owner = getattr(module, class_name)
        swaps.append((owner, method, old[class_name].__dict__[method]))
    return swaps


LEVERS["all four"] = [swap for lever, swaps in list(LEVERS.items()) if not lever.startswith("(e)") for swap in swaps]
LEVERS["all five"] = [swap for swaps in list(LEVERS.values())[:5] for swap in swaps]
# #40's eighth round: the lean look-ahead, its journal, a test's `or` as statements, a board's rays, all off
ROUND_EIGHT = "(h) to (k) together"
LEVERS[ROUND_EIGHT] = (LEVERS["(h) a lean look-ahead"] + LEVERS["(j) a test's `or` as statements"]
                       + LEVERS["(k) a board's rays read once for every direction"])
RUNTIME_LEVERS[ROUND_EIGHT] = RUNTIME_LEVERS["(i) a look-ahead's journal of what it reads"]
# #40's tenth round (helper lookahead): a look-ahead's condition answered by what it read (runtime/read_answers.py)
LEVERS["(l) a look-ahead answered by what it read"] = [(lean_look_ahead.LeanLookAhead, "answer_kept_names",
                                                       lambda self, step, option, after: None)]


def seconds_of_perft(engine, depth: int, positions: list[str], swapped: list = ()) -> float:
    """perft's thread CPU time, with the runtime's ``swapped`` (class, method, function) patched in meanwhile."""
    states = [engine.position(fen_to_position(POSITIONS[name][0])) for name in positions]

    def timed() -> float:
        start = time.thread_time()
        for name, state in zip(positions, states):
            found = perft(state, depth)
            assert found == POSITIONS[name][1][depth - 1], (name, depth, found)
        return time.thread_time() - start
    return played_with(swapped, timed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--positions", nargs="*", default=["start", "kiwipete"])
    parser.add_argument("--levers", nargs="*", default=list(dict.fromkeys([*LEVERS, *RUNTIME_LEVERS])),
                        help="the levers measured (default: all)")
    args = parser.parse_args()
    on = engine_of(CHESS, ())
    rows = []
    for lever in args.levers:
        off = engine_of(CHESS, LEVERS[lever]) if lever in LEVERS else on
        swaps = runtime_swaps(lever) if lever in RUNTIME_LEVERS else []
        rows.append([lambda r, e=e, s=s: seconds_of_perft(e, args.depth if r >= 0 else 2, args.positions, s)
                     for e, s in ((on, []), (off, swaps))])
    figures = interleaved(rows, args.rounds)
    print_table(f"bench_chess_levers.py --depth {args.depth} --rounds {args.rounds} --positions "
                f"{' '.join(args.positions)}", ("lever",),
                [(lever, on, off) for lever, (on, off) in zip(args.levers, figures)], measure="s of CPU", digits=2)


if __name__ == "__main__":
    main()
