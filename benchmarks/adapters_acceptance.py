"""The acceptance run of issue #12, outside the test suite: every bundled game loaded as documented
through rulespec.openspiel.load_game and rulespec.pettingzoo.env, OpenSpiel's and PettingZoo's own
conformance checks (every player count and variant), OpenSpiel's MCTSBot (random rollouts) against a
random seat over --games 2-player games of each bundled game (the bot is player 1 in even games, player
2 in odd ones), and CFR on the gallery's Kuhn and Leduc poker beside OpenSpiel's own kuhn_poker and
leduc_poker (the same exploitability after each count of iterations).

    python benchmarks/adapters_acceptance.py [--sims 3] [--simulations 8] [--games 100] [--only GAME,...]
                                             [--skip-conformance] [--cfr-only]
    python benchmarks/adapters_acceptance.py --cfr-only --only leduc-poker   # about 40 s of CPU

Prints one line per check, the win rates and the CFR curve, and exits 1 if any check failed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import rulespec.openspiel  # noqa: E402
import rulespec.pettingzoo  # noqa: E402
from rulespec.adapters import core  # noqa: E402
from rulespec.pipeline import bundled_rulebooks  # noqa: E402


def check(label: str, run) -> bool:
    started = time.perf_counter()
    try:
        detail = run()
        ok = True
    except Exception as error:  # report and go on: this is a report of every check
        detail, ok = f"{type(error).__name__}: {error}", False
    print(f"{'ok  ' if ok else 'FAIL'} {label:<58} {time.perf_counter() - started:6.1f} s  {detail or ''}", flush=True)
    return ok


def mcts_game(game_id: str, simulations: int) -> str:
    game = rulespec.openspiel.load_game(game_id, players=2)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        game = pyspiel.convert_to_turn_based(game)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=simulations, evaluator=evaluator,
                       random_state=np.random.RandomState(0))
    rng = np.random.RandomState(1)
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves += 1
    return f"{moves} decisions, returns {state.returns()} (MCTS is player 1)"


def mcts_win_rate(game_id: str, simulations: int, games: int) -> str:
    """OpenSpiel's MCTSBot (random rollouts) against a uniformly random seat, 2 players, seeds 0..games-1."""
    game = rulespec.openspiel.load_game(game_id, players=2)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        game = pyspiel.convert_to_turn_based(game)
    wins = ties = losses = 0
    total = 0.0  # the bot's returns (a chips game: a seat can win most games and still lose chips, or the reverse)
    for seed in range(games):
        bot_seat = seed % 2
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
        bot = mcts.MCTSBot(game, uct_c=2, max_simulations=simulations, evaluator=evaluator,
                           random_state=np.random.RandomState(seed))
        rng = np.random.RandomState(10_000 + seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probabilities)))
            elif state.current_player() == bot_seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        mine, theirs = state.returns()[bot_seat], state.returns()[1 - bot_seat]
        total += mine
        wins, ties, losses = wins + (mine > theirs), ties + (mine == theirs), losses + (mine < theirs)
    rate = (wins + ties / 2) / games
    return (f"{wins} wins, {ties} ties, {losses} losses in {games} games: win rate {rate:.2f} (ties as halves), "
            f"mean return {total / games:+.2f}")


# Iterations after which the exploitability is compared, per game: Leduc's best responses cost about 14 s
# of CPU each through the adapter, so its curve is short (the suite compares its policies instead).
CFR_GAMES = {"kuhn-poker": ("kuhn_poker", (1, 10, 50, 100)), "leduc-poker": ("leduc_poker", (1, 2))}


def cfr_curve(game_id: str) -> str:
    """CFR through the adapter beside CFR on OpenSpiel's own game: the same exploitability after each count
    of iterations, and falling."""
    from open_spiel.python.algorithms import cfr, exploitability
    openspiel_name, iterations_shown = CFR_GAMES[game_id]
    ours_game = rulespec.openspiel.load_game(game_id, zero_sum=True)
    theirs_game = pyspiel.load_game(openspiel_name)
    ours, theirs = cfr.CFRSolver(ours_game), cfr.CFRSolver(theirs_game)
    done, rows, curve = 0, [], []
    for iterations in iterations_shown:
        while done < iterations:
            ours.evaluate_and_update_policy()
            theirs.evaluate_and_update_policy()
            done += 1
        mine = exploitability.exploitability(ours_game, ours.average_policy())
        expected = exploitability.exploitability(theirs_game, theirs.average_policy())
        if abs(mine - expected) > 1e-9:
            raise AssertionError(f"after {iterations} iterations: {mine} through the adapter, {expected} in OpenSpiel")
        rows.append(f"{iterations}: {mine:.6f}")
        curve.append(mine)
    if not curve[-1] < curve[0]:
        raise AssertionError(f"CFR did not improve: {curve}")
    return f"exploitability (adapter = OpenSpiel's {openspiel_name}) after " + ", ".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=3, help="random_sim_test games per configuration")
    parser.add_argument("--simulations", type=int, default=8, help="MCTSBot simulations per decision")
    parser.add_argument("--games", type=int, default=100, help="games of MCTSBot against a random seat, per game")
    parser.add_argument("--only", default="", help="bundled games to run, joined by commas (default: all)")
    parser.add_argument("--skip-conformance", action="store_true", help="only the win rates and CFR")
    parser.add_argument("--cfr-only", action="store_true", help="only CFR (on Kuhn and Leduc poker)")
    args = parser.parse_args()
    results = []
    chosen = [g for g in args.only.split(",") if g] or list(bundled_rulebooks())
    for game_id in [] if args.cfr_only else chosen:
        engine = core.engine_for(core.game_key(game_id))
        results.append(check(f"MCTSBot vs random {game_id}", lambda g=game_id: mcts_win_rate(g, args.simulations,
                                                                                                args.games)))
        if args.skip_conformance:
            continue
        for variants in [()] + [(name,) for name, _ in engine.VARIANTS_AVAILABLE]:
            for players in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1):
                game = rulespec.openspiel.load_game(game_id, players=players, variants=variants)
                results.append(check(f"random_sim_test {game}", lambda game=game: pyspiel.random_sim_test(
                    game, num_sims=args.sims, serialize=True, verbose=False)))
                results.append(check(f"api_test {game_id} {'+'.join(variants) or 'base'} {players}p",
                                     lambda g=game_id, v=variants, p=players: api_test(
                                         rulespec.pettingzoo.env(g, players=p, variants=v, render_mode="ansi"),
                                         num_cycles=1000)))
        results.append(check(f"seed_test {game_id}", lambda g=game_id: seed_test(
            lambda: rulespec.pettingzoo.env(g, players=2), num_cycles=500)))
        results.append(check(f"MCTSBot {game_id}", lambda g=game_id: mcts_game(g, args.simulations)))
    for game_id in CFR_GAMES:
        if game_id in chosen:
            results.append(check(f"CFR on {game_id}", lambda g=game_id: cfr_curve(g)))
    print(f"{sum(results)} of {len(results)} checks passed")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
