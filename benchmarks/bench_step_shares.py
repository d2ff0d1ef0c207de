"""Where a step goes, by part of the shared step machinery (#40): each file's seeded random play through the
API (bench_honest's loop), sampled by a CPU-time profiling timer (ITIMER_PROF: as often as the kernel's tick
allows, a few hundred a second of CPU; only play is sampled, the games made outside): at each sample the function running (its own time, the C calls it makes included) is put under the part
it belongs to: the API's questions, the Actions and the search for the one applied, State._play's bookkeeping
(frames, counts of what fired, `then`s, the history's text), Engine._advance's loop, the turn passing on, the
offer of a decision, the runtime's end checks, the ending and its scoring, triggers, chance outcomes, secret
choices, clones, the state's primitives (placing, moving, walking a zone) and the rule file's own generated
functions. A sampler leaves the code as it is (a wrapper around each call, as bench_rulebook_shares.py's,
costs more than the machinery's small functions themselves); the shares are good to a percent or two.

    python benchmarks/bench_step_shares.py --seconds 10 --files tic-tac-toe,goofspiel
    python benchmarks/bench_step_shares.py --seconds 6 --files goofspiel --functions 20   (each function's own share)

A signal is handled where the interpreter next checks for one (a call, a loop's jump back), so a sample taken
inside a C call or a short function may land on the next function entered: a small function's share (is_terminal
after a long step) reads a little high, its caller's a little low.

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from bench_honest import clock_ns, play  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
FILES = ["tic-tac-toe", "goofspiel", "kuhn-poker", "newcomer banqi", "newcomer breakthrough"]
INTERVAL = 0.0002  # seconds of CPU between samples

# The machinery's parts: (runtime module, function) -> part. A function of the runtime not named here falls
# under its module's name.
MACHINERY = {
    "API: the questions (is_terminal, is_chance_node, current_player, simultaneous_seats)":
        [("state", f) for f in ("is_terminal", "is_chance_node", "current_player", "simultaneous_seats", "_offer")],
    "API: legal_actions and the Actions made":
        [("state", "legal_actions"), ("pending", "*")],  # (the rest of pending.py: its Actions, comprehensions, keys)
    "apply: the action found": [("state", "apply"), ("listing_index", "*")]
        + [("pending", f) for f in ("find", "_find_in_seat", "call", "pick", "__eq__", "__hash__")],
    "State._play: frames, counts of what fired, `then`s, the history's text": [("state", "_play")],
    "Engine._advance: the automatic steps' loop":
        [("engine", f) for f in ("_advance", "_run_runtime_step", "_check_before_choice", "_replace",
                                 "_run_instead")],
    "the turn passing on": [("engine", "_next_turn"), ("plain_turns", "next_turn"), ("state", "_offer_next_choice")],
    "the offer: a decision's Pending made":
        [("engine", f) for f in ("_offer_listed_choice", "_offer_decision", "_rows_offered", "_kept_pending",
                                 "_turn_listed", "_turn_listing_taken", "_list", "_pending_decision")]
        + [("state", "_new_pending"), ("board_reading", "_listed_kept")],
    "end checks (the runtime's part)": [("engine", "_check_ends"), ("engine", "_quiet_after_step"),
                                        ("ends", "*")],
    "the ending and its scoring": [("results", "*"), ("policies", "*")],
    "triggers and event invariants": [("state", "_placed")],
    "chance outcomes listed": [("state", "chance_outcomes"), ("state", "_draw_items"), ("drawn_outcomes", "*"),
                               ("kept_outcomes", "*"), ("copies", "*"), ("pending", "Probability")],
    "secret choices kept and revealed": [("secret_choices", "*")],
    "clones (a step's undo origin, look-aheads)": [("state", "_copy"), ("state", "clone"), ("imagining", "*"),
                                                   ("lookahead", "*")],
}
PART = {where: part for part, places in MACHINERY.items() for where in places}


def function_of(code) -> str:
    return f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_name}"


def part_of(code) -> str:
    path = code.co_filename
    if path.startswith("<generated") or "/engines/" in path:
        return "rule file: its generated functions"
    if "/bench_honest.py" in path or "/bench_step_shares.py" in path:
        return "the API loop (bench_honest.play)"
    module = path.rsplit("/", 1)[-1].removesuffix(".py")
    if "/rulespec/runtime/" in path:
        found = PART.get((module, code.co_name)) or PART.get((module, "*"))
        if found is not None:
            return found
        if module == "state" or module in ("helpers", "board_reading", "shifting", "tallies", "looks_kept",
                                           "lifting", "groups_kept", "witnessed", "whole_lines", "joined",
                                           "related", "from_each", "space_counts", "fills", "numbers"):
            return "runtime helpers the rule file calls (placing, moving, walking, reading the board)"
        return f"runtime: {module}"
    return f"other: {module}"


def load(name: str):
    return rulespec.load(NEWCOMER / f"{name.split()[1]}.rules" if name.startswith("newcomer ") else name)


def shares(name: str, seconds: float, by=part_of) -> tuple[float, Counter, int]:
    """(us a step unsampled, samples per part, samples in all) of seeded play for about ``seconds`` of CPU."""
    engine = load(name)
    for seed in range(20):  # (warm: tables made, listings kept)
        play(engine.new_game(max(2, engine.MIN_PLAYERS)), random.Random(seed).random, "apply")
    started, steps, seed = clock_ns(), 0, 0
    while clock_ns() - started < 0.5e9:
        steps += play(engine.new_game(max(2, engine.MIN_PLAYERS)), random.Random(seed).random, "apply")
        seed += 1
    us = (clock_ns() - started) / steps / 1000
    samples: Counter = Counter()

    playing = [False]

    def sample(signum, frame) -> None:
        if playing[0]:
            samples[by(frame.f_code) if frame is not None else "?"] += 1

    previous = signal.signal(signal.SIGPROF, sample)
    signal.setitimer(signal.ITIMER_PROF, INTERVAL, INTERVAL)
    try:
        played, seed = 0, 0
        while played < seconds * 1e9:
            states = [(engine.new_game(max(2, engine.MIN_PLAYERS)), random.Random(s).random) for s in range(seed, seed + 50)]
            seed += 50
            playing[0] = True  # (the states made outside the samples)
            started = clock_ns()
            for state, draw in states:
                play(state, draw, "apply")
            played += clock_ns() - started
            playing[0] = False
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, previous)
    return us, samples, sum(samples.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds of CPU sampled a file")
    parser.add_argument("--files", default=",".join(FILES))
    parser.add_argument("--functions", type=int, default=0, help="also the N functions with the most samples")
    args = parser.parse_args()
    for name in args.files.split(","):
        if args.functions:
            us, samples, total = shares(name, args.seconds, function_of)
            print(f"\n{name}: {us:.2f} us a step; {total} samples")
            print("| function | share |\n|---|---|")
            for function, n in samples.most_common(args.functions):
                print(f"| {function} | {100 * n / total:.1f}% |")
            continue
        us, samples, total = shares(name, args.seconds)
        own = sum(n for part, n in samples.items() if part.startswith("rule file") or part.startswith("runtime helpers"))
        print(f"\n{name}: {us:.2f} us a step; {total} samples; the machinery (all but the rule file's functions "
              f"and the helpers they call) {100 * (1 - own / total):.0f}%")
        print("| part | share | us a step |")
        print("|---|---|---|")
        for part, n in samples.most_common():
            print(f"| {part} | {100 * n / total:.0f}% | {us * n / total:.2f} |", flush=True)


if __name__ == "__main__":
    main()
