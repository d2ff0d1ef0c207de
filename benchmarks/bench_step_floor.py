"""What the generic step machinery costs at most (#40): each file's seeded random play through the API
(bench_honest's loop: is_terminal, is_chance_node, current_player, legal_actions, apply, with everything a
step does behind them: the Pending, the Actions, the frames, the counts of what fired, the history, the turn
passing on) against the same games played by the generated functions alone: the turn step's choices
function, the chosen option's effect and the after-step end check, called in a bare loop that keeps the
history's texts and nothing else. The difference is the most that any design of the step machinery (a
plain path, one generated function a step, no API calls) could take off a step; what is left is the game's
own generated code. Both loops must play the same games: their histories are compared game by game.

Only files whose turns are plain (runtime/plain_turns.py) with no chance step: the bare loop knows nothing
else (a `then` of the turn step runs it again for the same seat). One process, thread CPU time, nothing but
play inside the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_step_floor.py --rounds 5
    python benchmarks/bench_step_floor.py --rounds 5 --split   (also the loop without the API's three questions,
                                                              and each step played as State._play directly)

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from bench_honest import play  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
FILES = ["tic-tac-toe", "connect-four", "hex", "newcomer nim", "newcomer phantom-ttt", "newcomer dots-and-boxes",
         "newcomer breakthrough"]
clock_ns = time.thread_time_ns


def load(name: str):
    path = NEWCOMER / f"{name.split()[1]}.rules" if name.startswith("newcomer ") else name
    engine = rulespec.load(path)
    if engine._plain_turns is None:
        raise SystemExit(f"{name}: its turns are not plain; the bare loop cannot play it")
    return engine


def through_the_api(engine, seeds) -> tuple[float, list]:
    """Microseconds a step through the API, and each game's history."""
    states = [(engine.new_game(2), random.Random(seed).random) for seed in seeds]
    start, steps = clock_ns(), 0
    for state, draw in states:
        steps += play(state, draw, "apply")
    return (clock_ns() - start) / steps / 1000, [state.history for state, _ in states]


def without_questions(engine, seeds) -> tuple[float, list]:
    """The API loop without is_terminal, is_chance_node and current_player: legal_actions and apply alone."""
    states = [(engine.new_game(2), random.Random(seed).random) for seed in seeds]
    start, steps = clock_ns(), 0
    for st, draw in states:
        while st._over is None:
            actions = st.legal_actions()
            st.apply(actions[int(draw() * len(actions))])
            steps += 1
    return (clock_ns() - start) / steps / 1000, [st.history for st, _ in states]


def played_directly(engine, seeds) -> tuple[float, list]:
    """Each step as State._play(pending, index): no Actions made, copied or searched for."""
    states = [(engine.new_game(2), random.Random(seed).random) for seed in seeds]
    start, steps = clock_ns(), 0
    for st, draw in states:
        while st._over is None:
            pending = st._pending
            st._play(pending, int(draw() * pending.count))
            steps += 1
    return (clock_ns() - start) / steps / 1000, [st.history for st, _ in states]


def bare(engine, seeds) -> tuple[float, list]:
    """Microseconds a step of the generated functions alone on the same games, and each game's history."""
    info, check, prefix = engine.STEPS[engine.TURN_STEP], engine._after_step, None
    states = [(engine.new_game(2), random.Random(seed).random) for seed in seeds]
    start, steps = clock_ns(), 0
    for st, draw in states:
        if st.current_player() < 0:
            raise SystemExit(f"{engine.GAME_ID}: a chance step before the first turn; the bare loop cannot play it")
        prefix = st._t.seat_prefix
        seat, stack, history = st._turn_seat, st._stack, st.history
        while True:
            _, rows = info.choices(st, seat)
            if not rows:
                break
            player, text, option, binding = rows[int(draw() * len(rows))]
            if stack:
                stack.pop()
            info.options[option].effect(st, "turn", seat, *binding)
            history.append(prefix[player] + text)
            steps += 1
            if check is not None and not st._ends_clean and check(st) is not None:
                break
            if st._thens:  # (the turn step again, for the same seat)
                st._thens = []
            else:
                seat = seat + 1 if seat + 1 < st.players else 0
    return (clock_ns() - start) / steps / 1000, [st.history for st, _ in states]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=400, help="seeded games a block")
    parser.add_argument("--files", default=",".join(FILES))
    parser.add_argument("--split", action="store_true", help="also the two loops between the API's and the bare one")
    args = parser.parse_args()
    loops = [("api", through_the_api), ("bare", bare)]
    if args.split:
        loops[1:1] = [("no questions", without_questions), ("_play", played_directly)]
    middle = "legal_actions and apply alone, us a step | State._play directly, us a step | " if args.split else ""
    print(f"| file | through the API, us a step | {middle}generated functions alone, us a step | API / alone | "
          "the machinery's share |")
    print("|---|---|---|---|---|" + ("---|---|" if args.split else ""))
    for name in args.files.split(","):
        engine = load(name)
        figures: dict[str, list[float]] = {label: [] for label, _ in loops}
        for r in range(args.rounds):
            seeds = range(r * args.games, (r + 1) * args.games)
            histories = {}
            for label, run in loops[::1 if r % 2 == 0 else -1]:
                micros, histories[label] = run(engine, seeds)
                figures[label].append(micros)
            if any(played != histories["api"] for played in histories.values()):
                raise SystemExit(f"{name}: a loop played other games than the API; its figure means nothing")
        ratios = [a / b for a, b in zip(figures["api"], figures["bare"])]
        cells = [f"{statistics.median(v):.2f} ({min(v):.2f}-{max(v):.2f})" for v in figures.values()]
        share = 1 - 1 / statistics.median(ratios)
        print(f"| {name} | {' | '.join(cells)} | {statistics.median(ratios):.2f}x "
              f"({min(ratios):.2f}-{max(ratios):.2f}) | {share:.0%} |", flush=True)


if __name__ == "__main__":
    main()
