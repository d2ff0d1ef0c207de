"""The bundled games' steps/s through the public API: a baseline commit against the working tree.

Why: issue #15 asks for the three bundled games at least 2x faster per step than at the commit before
it was filed (e729487). This plays the same seeded random games on both trees and prints the ratio.

Random play through the public API only: at every decision all legal actions are listed and one is
picked by a seeded ``random.Random``; at a chance node the outcomes are listed with their probabilities
and one is sampled by them. Game k of a run is seeded with k. Each tree runs in its own subprocess
(``PYTHONPATH`` set to that tree, so its own ``rulespec`` and engines are imported). The clock is the
thread's CPU time, not the wall clock (other processes share the machine), and covers the games only:
not the import, ``load`` or one untimed warm-up game (the first ``new_game`` of a setup builds its
tables), nor the collection of the garbage loading left (a variant compiled at load leaves tens of
thousands of objects; their first full collection, tens of ms, fell in the clock and read as a slower
tree). Runs are interleaved (baseline, working tree, next config, ...), so both see the same machine
load; figures are medians over the runs.

The baseline is a commit (made as a temporary detached ``git worktree`` in a temporary folder and
removed afterwards) or the path of an existing checkout.

    python benchmarks/bench_before_after.py                        # --base e729487, 5 runs
    python benchmarks/bench_before_after.py --base /work/base15 --runs 7 --games let-them-eat-shrimp
    python benchmarks/bench_before_after.py --quick                # a quarter of the games per run
    python benchmarks/bench_before_after.py --base HEAD~5 --games kuhn-poker,hex   # gallery games on request

Prints figures only.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BASE = "e729487"  # the commit before issue #15 was filed

# (label, rule file id, variants, players, seeded games per run: about 0.5-1 s each at the baseline)
CONFIGS = (
    ("Shell We? 2p", "shell-we", (), 2, 100),
    ("Shell We? 4p", "shell-we", (), 4, 60),
    ("Shrimp 2p", "shrimp", (), 2, 20),
    ("Shrimp 6p", "shrimp", (), 6, 40),
    ("Let Them Eat Shrimp! basic 2p", "let-them-eat-shrimp", (), 2, 80),
    ("Let Them Eat Shrimp! advanced 5p", "let-them-eat-shrimp", ("advanced",), 5, 40),
)
# Played only when --games names them (a gallery game has no baseline at e729487: give --base)
ON_REQUEST = (
    ("Kuhn poker", "kuhn-poker", (), 2, 3000),
    ("Hex 11x11", "hex", (), 2, 20),
    ("Connect Four", "connect-four", (), 2, 60),
    ("tic-tac-toe", "tic-tac-toe", (), 2, 600),
    ("Go 9x9", "go", (), 2, 4),
)
QUICK_DIVISOR = 4


def sample(outcomes, rng: random.Random):
    """A chance outcome by its probability (the walk on floats every implementation shares).

    The same walk as the retired bench_vs_openspiel.sample, written again rather than imported: importing that
    module puts this tree first on sys.path, and the child must play on the baseline's rulespec."""
    pick = rng.random()
    for action, probability in outcomes:
        pick -= float(probability)
        if pick < 0:
            return action
    return outcomes[-1][0]


def child(game_id: str, variants: tuple[str, ...], players: int, games: int) -> None:
    """In the subprocess: play the seeded games on whichever rulespec PYTHONPATH gives; print JSON."""
    import rulespec

    game = rulespec.load(game_id, variants=list(variants)) if variants else rulespec.load(game_id)
    play(game, players, 0)  # untimed: the first new_game builds the per-setup tables (tens of ms)
    gc.collect()  # untimed: loading leaves garbage whose first full collection (tens of ms) would fall in the clock
    steps = 0
    started = time.thread_time()  # CPU time of this thread: the other processes on the machine are not counted
    for seed in range(games):
        steps += play(game, players, seed)
    seconds = time.thread_time() - started
    print(json.dumps({"steps": steps, "seconds": seconds, "module": rulespec.__file__}))


def play(game, players: int, seed: int) -> int:
    """One seeded random game through the public API; returns its steps (decisions and chance nodes)."""
    steps = 0
    rng = random.Random(seed)
    state = game.new_game(players)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample(state.chance_outcomes(), rng))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        steps += 1
    return steps


def run_child(tree: Path, config: tuple, games: int) -> dict:
    _label, game_id, variants, players, _games = config
    environment = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(Path(__file__).resolve()), "--child", game_id, ",".join(variants),
               str(players), str(games)]
    finished = subprocess.run(command, env=environment, cwd=tree, capture_output=True, text=True)
    if finished.returncode != 0:
        raise SystemExit(f"{tree}: {game_id} failed:\n{finished.stderr}")
    result = json.loads(finished.stdout.strip().splitlines()[-1])
    if not Path(result["module"]).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"{tree}: imported rulespec from {result['module']}, not from the tree")
    return result


@contextlib.contextmanager
def baseline_tree(base: str):
    """An existing checkout's path as it is, or a commit as a temporary detached worktree."""
    if Path(base).is_dir():
        yield Path(base)
        return
    folder = Path(tempfile.mkdtemp(prefix="rulespec-base-"))
    tree = folder / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree), base], check=True)
    try:
        yield tree
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
        with contextlib.suppress(OSError):
            folder.rmdir()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=DEFAULT_BASE, help="a commit (default %(default)s) or a checkout's path")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="a quarter of the games per run")
    parser.add_argument("--games", default="", help="comma-separated rule file ids (default: the three bundled "
                                                    "games; also kuhn-poker, hex, connect-four, tic-tac-toe, go)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        game_id, variants, players, games = arguments.child
        child(game_id, tuple(v for v in variants.split(",") if v), int(players), int(games))
        return
    wanted = {g for g in arguments.games.split(",") if g}
    configs = [c for c in CONFIGS + ON_REQUEST if c[1] in wanted] if wanted else list(CONFIGS)
    with baseline_tree(arguments.base) as base:
        trees = {"base": base, "now": ROOT}
        figures = {(c[0], name): [] for c in configs for name in trees}
        steps = {(c[0], name): None for c in configs for name in trees}
        for run in range(arguments.runs):
            for config in configs:
                games = max(1, config[4] // QUICK_DIVISOR) if arguments.quick else config[4]
                for name, tree in trees.items():
                    result = run_child(tree, config, games)
                    figures[(config[0], name)].append(result["steps"] / result["seconds"])
                    steps[(config[0], name)] = result["steps"]
            print(f"run {run + 1}/{arguments.runs} done", file=sys.stderr)
    print(f"baseline: {arguments.base}; working tree: {ROOT}; {arguments.runs} runs, medians; "
          f"Python {sys.version.split()[0]}")
    print(f"{'config':34} {'base steps/s':>13} {'now steps/s':>12} {'ratio':>6}  steps per run (base / now)")
    for config in configs:
        label = config[0]
        before = statistics.median(figures[(label, "base")])
        after = statistics.median(figures[(label, "now")])
        same = "" if steps[(label, "base")] == steps[(label, "now")] else "  (different games)"
        print(f"{label:34} {before:13,.0f} {after:12,.0f} {after / before:5.2f}x  "
              f"{steps[(label, 'base')]} / {steps[(label, 'now')]}{same}")


if __name__ == "__main__":
    main()
