"""The OpenSpiel adapter's levers (#40), each against the adapter without it, in one process: random play
through the adapter (bench_honest's loop, microseconds a step) and OpenSpiel's MCTSBot (milliseconds a move,
bench_honest.mcts_seconds_a_move), the same seeded games, thread CPU time, nothing but play inside the clock,
rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_adapter_levers.py --rounds 5 --levers "(a) listings read by place"
    python benchmarks/bench_adapter_levers.py --rounds 5 --layers   # where the adapter's time goes
    python benchmarks/bench_adapter_levers.py --rounds 5 --mcts-games 4 --against-python   # MCTS: adapter, Python, C++

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import statistics
import sys
from pathlib import Path
from typing import Callable
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec.openspiel  # noqa: E402
from bench_honest import clock_ns, mcts_seconds_a_move, play  # noqa: E402
from rulespec.adapters import listing_numbers  # noqa: E402
from rulespec.runtime.engine import CHANCE  # noqa: E402

GAMES = ["kuhn-poker", "tic-tac-toe", "hex", "leduc-poker", "connect-four"]


@contextlib.contextmanager
def patched(*patches):
    """Every one of ``patches`` (unittest.mock's) applied, and undone after."""
    with contextlib.ExitStack() as stack:
        for patch in patches:
            stack.enter_context(patch)
        yield


def dict_of_first_rows():
    """(a) off: every listing's numbers kept as a dict of each number's first row, the legal numbers sorted
    from it (as before the lever), none read by place."""
    return mock.patch.multiple(listing_numbers, _in_order=lambda numbers: False, SHORT_LISTING=-1)


def returns_from_the_outcome():
    """(b) off: a terminal state's returns read from the whole outcome (scores, ranks, winners, the dict) and
    the adapter's check of their sum through pyspiel's get_game(), as before the lever."""
    from rulespec.adapters.openspiel import RulespecState
    from rulespec.runtime.results import Results, zero_sum_returns

    def returns_of_outcome(self, st):
        if self.RETURNS is not None and self.RETURNS[0] == "value":
            return [float(self.RETURNS[1](st, seat)) for seat in range(st.players)]
        if st._over is None:
            return [0.0] * st.players
        ranks = self._outcome(st)["ranking"]
        if self.RETURNS is not None:
            win, draw, loss = self.RETURNS[1]
            if st.players > 1 and all(rank == 1 for rank in ranks):
                return [float(draw)] * st.players
            return [float(win if rank == 1 else loss) for rank in ranks]
        return zero_sum_returns(ranks, st.players)

    def returns_through_the_game(self):
        returns = self.session.returns()
        game = self.get_game()
        if game.returns_sum is not None and abs(sum(returns) - game.returns_sum) > 1e-9:
            raise AssertionError("returns off their sum")
        return returns

    return patched(mock.patch.object(Results, "_returns", returns_of_outcome),
                   mock.patch.object(RulespecState, "returns", returns_through_the_game))


def every_listing_read():
    """(c) off: a listing the engine keeps and edits (State._listed_kept) numbered from every row's text, not by
    editing the numbers of the rows it was edited from."""
    return mock.patch.object(listing_numbers, "_kept_numbers", lambda table, rows: None)


def short_listings_by_dict():
    """(d) off: a short listing out of the numbering's order keeps the dict of each number's first row (as before
    the lever), not its numbers in row order read by list.index."""
    return mock.patch.object(listing_numbers, "SHORT_LISTING", -1)


def every_first_move_played():
    """(e) off: a game's first move plays a copy of the shared first state (as before the lever), not a copy of
    the session that move was played into once; a clone of the first state copies its session."""
    from rulespec.adapters.openspiel import _Node
    from rulespec.adapters.session import Session

    def played(session, row, mover):
        copy = session.clone()
        copy.play_listed(row, mover)
        return copy

    def node_copied(node, memo):  # (a copy of the shared first state's session too)
        copy = _Node.__new__(_Node)
        copy.session, copy.round, copy.player, copy.numbered, copy.returns_sum = (
            node.session.clone(), node.round, node.player, node.numbered, node.returns_sum)
        return copy

    return patched(mock.patch.object(Session, "after_first_move", played),
                   mock.patch.object(_Node, "__deepcopy__", node_copied))


def every_short_draw_numbered():
    """(f) off: a short static draw numbered from its outcomes' texts at every node (as before the lever), not kept
    by the items it draws from."""
    from rulespec.adapters import session
    return mock.patch.object(session, "is_short_static_draw", lambda table, pending: False)


LEVERS = {"(a) listings read by place": dict_of_first_rows, "(b) returns without the outcome": returns_from_the_outcome,
          "(c) kept listings' numbers edited": every_listing_read,
          "(d) short listings out of order read by place": short_listings_by_dict,
          "(e) first moves kept": every_first_move_played,
          "(f) short draws' numbers kept by their items": every_short_draw_numbered}


def us_a_step(game, games: int, first_seed: int) -> float:
    states = [game.new_initial_state() for _ in range(games)]
    draws = [random.Random(first_seed + k).random for k in range(games)]
    gc.collect()
    steps, started = 0, clock_ns()
    for k in range(games):
        state, states[k] = states[k], None
        steps += play(state, draws[k], "apply_action")
    return (clock_ns() - started) / steps / 1000


def play_session(state, draw: Callable[[], float], _=None) -> int:
    """bench_honest's loop one layer down: the adapter's Session of an OpenSpiel state, its node's numbers
    (Session.numbers) and the number's row played (Session.play_listed), no OpenSpiel state around them."""
    session, steps = state.session, 0
    while not session.state.is_terminal():
        numbered = session.numbers()
        if session.state.current_player() == CHANCE:
            pick = draw()
            for action, probability in numbered.outcomes:
                pick -= probability
                if pick < 0:
                    break
        else:
            action = numbered.legal[int(draw() * len(numbered.legal))]
        if session.shared:  # (the game's first state, shared: copied on the first move, as RulespecState does)
            session = session.clone()
        session.play_listed(numbered.row_of(action), session.state.current_player())
        steps += 1
    return steps


def layers(name: str, rounds: int, games: int) -> None:
    """Random play of one game through each layer, us a step: rulespec's API; the adapter's Session; the
    OpenSpiel state's own methods (its _apply_action called from Python, no pyspiel round trip); pyspiel's
    apply_action (what a caller runs: C++ State::ApplyAction calling back current_player and _apply_action)."""
    engine, game = rulespec.load(name), rulespec.openspiel.load_game(name, players=2)
    ways = {"API": (lambda: engine.new_game(2), "apply", play),
            "adapter Session": (game.new_initial_state, None, play_session),
            "RulespecState, no pyspiel round trip": (game.new_initial_state, "_apply_action", play),
            "pyspiel apply_action": (game.new_initial_state, "apply_action", play)}
    figures: dict[str, list[float]] = {way: [] for way in ways}
    for r in range(rounds):
        for way in list(ways)[r % len(ways):] + list(ways)[:r % len(ways)]:
            new_state, apply_name, loop = ways[way]
            states = [new_state() for _ in range(games)]
            draws = [random.Random(r * games + k).random for k in range(games)]
            gc.collect()
            steps, started = 0, clock_ns()
            for k in range(games):
                state, states[k] = states[k], None
                steps += loop(state, draws[k], apply_name)
            figures[way].append((clock_ns() - started) / steps / 1000)
    print(f"| {name} | " + " | ".join(cell(figures[way]) for way in ways) + " |", flush=True)


# The gallery games OpenSpiel also has as hand-written Python games: (C++ name, module, class)
PYTHON_GAMES = {"tic-tac-toe": ("tic_tac_toe", "open_spiel.python.games.tic_tac_toe", "TicTacToeGame"),
                "kuhn-poker": ("kuhn_poker", "open_spiel.python.games.kuhn_poker", "KuhnPokerGame")}


def against_python(name: str, rounds: int, simulations: int, games: int) -> None:
    """OpenSpiel's MCTSBot, ms a move, on the game through the adapter, OpenSpiel's hand-written Python game and its
    C++ game, rounds interleaved with the order rotated, and the ratios per round."""
    import importlib

    import pyspiel
    cpp, module, cls = PYTHON_GAMES[name]
    engines = {"adapter": rulespec.openspiel.load_game(name, players=2),
               "OpenSpiel Python": getattr(importlib.import_module(module), cls)(), "C++": pyspiel.load_game(cpp)}
    figures: dict[str, list[float]] = {label: [] for label in engines}
    for r in range(rounds):
        for label in list(engines)[r % 3:] + list(engines)[:r % 3]:
            figures[label].append(1000 * statistics.mean(
                mcts_seconds_a_move(engines[label], simulations, 3, r * games + k) for k in range(games)))

    def ratio(a: str, b: str) -> str:
        ratios = [x / y for x, y in zip(figures[a], figures[b])]
        return f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"
    print(f"| {name} | " + " | ".join(cell(figures[label]) for label in engines) +
          f" | {ratio('adapter', 'C++')} | {ratio('OpenSpiel Python', 'C++')} | {ratio('adapter', 'OpenSpiel Python')} |",
          flush=True)


def cell(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=300, help="seeded games a block of random play")
    parser.add_argument("--mcts-simulations", type=int, default=50, help="0: no MCTS figure")
    parser.add_argument("--mcts-games", type=int, default=2, help="seeded games (3 moves each) a block of MCTS")
    parser.add_argument("--files", default=",".join(GAMES))
    parser.add_argument("--levers", default=",".join(LEVERS), help="levers switched off together for 'off'")
    parser.add_argument("--layers", action="store_true", help="random play through each layer of the adapter")
    parser.add_argument("--against-python", action="store_true",
                        help="MCTS through the adapter, on OpenSpiel's hand-written Python game and on its C++ game")
    args = parser.parse_args()
    if args.against_python:
        print("| game | MCTS ms a move, adapter | OpenSpiel Python | OpenSpiel C++ | adapter / C++ | Python / C++ | "
              "adapter / Python |")
        print("|---|---|---|---|---|---|---|")
        for name in args.files.split(","):
            if name in PYTHON_GAMES:
                against_python(name, args.rounds, args.mcts_simulations, args.mcts_games)
        return
    if args.layers:
        print("| game | API | adapter Session | RulespecState, no pyspiel round trip | pyspiel apply_action |")
        print("|---|---|---|---|---|")
        for name in args.files.split(","):
            layers(name, args.rounds, args.games)
        return
    off = [LEVERS[name.strip()] for name in args.levers.split(",") if name.strip()]

    @contextlib.contextmanager
    def switched_off():
        with contextlib.ExitStack() as stack:
            for lever in off:
                stack.enter_context(lever())
            yield

    print(f"levers off: {args.levers}")
    print("| game | measure | levers off | levers on | off / on |")
    print("|---|---|---|---|---|")
    for name in args.files.split(","):
        game = rulespec.openspiel.load_game(name, players=2)
        measures = {"random play, us a step": lambda r: us_a_step(game, args.games, r * args.games)}
        if args.mcts_simulations:
            measures["MCTS, ms a move"] = lambda r: 1000 * statistics.mean(
                mcts_seconds_a_move(game, args.mcts_simulations, 3, r * args.mcts_games + k)
                for k in range(args.mcts_games))
        for measure, run in measures.items():
            figures: dict[str, list[float]] = {"off": [], "on": []}
            for r in range(args.rounds):
                for label in ("off", "on")[::1 if r % 2 == 0 else -1]:
                    with switched_off() if label == "off" else contextlib.nullcontext():
                        figures[label].append(run(r))
            ratios = [a / b for a, b in zip(figures["off"], figures["on"])]
            print(f"| {name} | {measure} | {cell(figures['off'])} | {cell(figures['on'])} | "
                  f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) |", flush=True)


if __name__ == "__main__":
    main()
