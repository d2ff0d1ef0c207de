"""How much better than chance the generic MCTS player (rulespec/play/mcts.py) plays each bundled game.

Why: `rulespec simulate --policy mcts` is meant to give seats that try to win; this measures that they
do. For each bundled game, GAMES seeded 2-player games (seeds 0..GAMES-1): the searching seat is
player 1 in even seeds and player 2 in odd ones (so the first player's edge cancels), the other seat
plays uniformly at random, chance by its odds. A claim window is a race: the searcher's preferred
claim and the random seat's claim are equally fast (rulespec.play.mcts.play_against_random).
``--seat first`` puts the searcher first in every game; ``--option NAME=VALUE`` sets a game's option
(issue #41's figure: Hex on its default 11x11 board, the searcher first).

Prints figures only:

    python benchmarks/bench_mcts.py [--games 100] [--rollouts 24] [--depth N] [--seat both|first|second]
                                    [--option NAME=VALUE ...] [GAME ...]
    python benchmarks/bench_mcts.py --games 20 --seat first hex
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
    parser.add_argument("--depth", type=int, default=DEPTH, help="random steps of a simulation (default: to the end)")
    parser.add_argument("--seat", choices=("both", "first", "second"), default="both")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    options = dict(option.split("=", 1) for option in args.option)
    depth = "to the end" if args.depth is None else f"{args.depth} steps deep"
    print(f"MCTS ({args.rollouts} simulations per decision, random play {depth}) against a random seat, "
          f"2 players, {args.games} games each, searcher {args.seat}{' ' + str(options) if options else ''}")
    print(f"{'game':<22} {'wins':>5} {'ties':>5} {'losses':>6} {'win rate':>9} {'s/game':>7}")
    for game_id in args.games_ids or list(bundled_rulebooks()):
        engine = rulespec.load(game_id, options=options) if options else rulespec.load(game_id)
        wins = ties = losses = 0
        started = time.perf_counter()
        for seed in range(args.games):
            seat = {"both": seed % 2, "first": 0, "second": 1}[args.seat]
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
