"""Executed instructions per game and per step of seeded random play, counted by valgrind's callgrind.

    python benchmarks/count_instructions.py hex --games 20
    python benchmarks/count_instructions.py shell-we --games 30 --players 4

The clock on a small shared machine moves by tens of percent from run to run; an instruction count does
not (with the hash seed fixed), so it is the figure for a before/after of one change. The same random play
as bench_honest.py (every legal action listed at every decision, a uniformly random one applied;
chance outcomes sampled by their probability), through the public API. Start-up and the first games are
taken out by counting N and 2N games and subtracting. Needs valgrind on the PATH; counts only, never a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

PLAY = """
import random, sys
sys.path.insert(0, {benchmarks!r})
import rulespec
from bench_honest import play
engine = rulespec.load({game!r})
steps = 0
for seed in range(50):  # warm: engine loaded, tables made
    play(engine.new_game({players!r}), random.Random(seed).random, "apply")
for seed in range({games!r}):
    steps += play(engine.new_game({players!r}), random.Random(seed).random, "apply")
print("STEPS", steps)
"""


def count(game: str, games: int, players) -> tuple[int, int]:
    """(instructions, steps) of one process playing ``games`` seeded games after the warm ones."""
    script = PLAY.format(benchmarks=str(HERE), game=game, games=games, players=players)
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True,
                          cwd=tempfile.gettempdir())  # (not the checkout: rulespec is the one installed or on PYTHONPATH)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    steps = re.search(r"STEPS (\d+)", done.stdout)
    if collected is None or steps is None:
        raise SystemExit(f"callgrind gave no count:\n{done.stderr[-2000:]}")
    return int(collected.group(1)), int(steps.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a bundled game id or a rule file")
    parser.add_argument("--games", type=int, default=20, help="N: N and 2N games are counted (default 20)")
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (it counts the instructions)")
    once, steps_once = count(args.game, args.games, args.players)
    twice, steps_twice = count(args.game, 2 * args.games, args.players)
    extra, steps = twice - once, steps_twice - steps_once
    print(f"{args.game} (players {args.players or 'default'}): {extra // args.games:,} instructions a game, "
          f"{extra // steps:,} a step ({args.games} games, {steps / args.games:.1f} steps a game)")


if __name__ == "__main__":
    main()
