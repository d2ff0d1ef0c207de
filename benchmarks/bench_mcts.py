"""How much better than chance the generic MCTS player (rulespec/play/mcts.py) plays each bundled game.

Why: `rulespec simulate --policy mcts` is meant to give seats that try to win; this measures that they
do. For each bundled game, GAMES seeded 2-player games (seeds 0..GAMES-1): the searching seat is
player 1 in even seeds and player 2 in odd ones (so the first player's edge cancels), the other seat
plays uniformly at random, chance by its odds. A claim window is a race: the searcher's preferred
claim and the random seat's claim are equally fast (rulespec.play.mcts.play_against_random).

Prints figures only:

    python benchmarks/bench_mcts.py [--games 100] [--rollouts 24] [--depth 40] [GAME ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rulespec  # noqa: E402
from rulespec.play.mcts import DEPTH, ROLLOUTS, play_against_random  # noqa: E402
from rulespec.pipeline import bundled_rulebooks  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="bundled games (default: all)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS)
    parser.add_argument("--depth", type=int, default=DEPTH)
    args = parser.parse_args()
    print(f"MCTS ({args.rollouts} simulations per decision, random play {args.depth} steps deep) against a "
          f"random seat, 2 players, {args.games} games each")
    print(f"{'game':<22} {'wins':>5} {'ties':>5} {'losses':>6} {'win rate':>9} {'s/game':>7}")
    for game_id in args.games_ids or list(bundled_rulebooks()):
        engine = rulespec.load(game_id)
        wins = ties = losses = 0
        started = time.perf_counter()
        for seed in range(args.games):
            seat = seed % 2
            outcome = play_against_random(engine, 2, seed, seat, args.rollouts, args.depth)
            if outcome["winners"] == [seat]:
                wins += 1
            elif seat in outcome["winners"] or outcome.get("draw"):  # a shared win, or a draw (no winners)
                ties += 1
            else:
                losses += 1
        elapsed = (time.perf_counter() - started) / args.games
        print(f"{game_id:<22} {wins:>5} {ties:>5} {losses:>6} {wins / args.games:>8.0%} {elapsed:>7.2f}", flush=True)


if __name__ == "__main__":
    main()
