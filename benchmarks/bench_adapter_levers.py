"""The OpenSpiel adapter's levers (#40), each against the adapter without it, in one process: random play
through the adapter (bench_honest's loop, microseconds a step) and OpenSpiel's MCTSBot (milliseconds a move,
bench_honest.mcts_seconds_a_move), the same seeded games, thread CPU time, nothing but play inside the clock,
rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_adapter_levers.py --rounds 5 --levers "(a) listings read by place"
    python benchmarks/bench_adapter_levers.py --rounds 5 --layers   # where the adapter's time goes
    python benchmarks/bench_adapter_levers.py --rounds 5 --mcts-games 4 --against-python   # MCTS: adapter, Python, C++
    python benchmarks/bench_adapter_levers.py --rounds 5 --floor   # the adapter's own, the engine's, the round trips
    python benchmarks/bench_adapter_levers.py --rounds 5 --board-order --files havannah,y,hex  # rows, columns numbered
    python benchmarks/bench_adapter_levers.py --rounds 5 --files euchre:4,hearts:4 --mcts-simulations 0 \
        --levers "(i) short draws of items not met before numbered by item"   # a newcomer's file: NAME:PLAYERS

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
from functools import partial
from typing import Callable
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec.openspiel  # noqa: E402
from ab import interleaved, share, spread  # noqa: E402
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
        copy.session, copy.round, copy.player, copy.numbered, copy.joint, copy.returns_sum = (
            node.session.clone(), node.round, node.player, node.numbered, node.joint, node.returns_sum)
        return copy

    return patched(mock.patch.object(Session, "after_first_move", played),
                   mock.patch.object(_Node, "__deepcopy__", node_copied))


def every_short_draw_numbered():
    """(f) off: a short static draw numbered from its outcomes' texts at every node (as before the lever), not kept
    by the items it draws from."""
    from rulespec.adapters import session
    return mock.patch.object(session, "is_short_static_draw", lambda table, pending: False)


def every_new_short_draw_read():
    """(i) off: a short static draw whose items were not met together before numbered from its outcomes' texts, and
    kept by its items with the table cleared once full (as before the lever), not numbered by item."""
    from rulespec.adapters import drawn_numbers, session

    def short_draw_numbers(table, pending, numbered_by_texts):
        kept = table.short_draws
        key = (pending.text, pending.args, tuple(pending.items))
        numbered = kept.get(key)
        if numbered is None:
            numbered = numbered_by_texts()
            if len(kept) >= drawn_numbers.KEPT_DRAWS:
                kept.clear()
            kept[key] = numbered
        pending.numbered = numbered
        return numbered

    return mock.patch.object(session, "short_draw_numbers", short_draw_numbers)


def every_answer_asked():
    """(g) off: a node's answers (OpenSpiel's current player, its numbers) worked out when first asked, each of the
    state's methods asking current_player() (as before the lever), not worked out once as the move is played and
    read by each method; a number's row found by a Python function (halving, or a short listing's first place), made
    for each listing as a partial, not by list.index in C."""
    from rulespec.adapters import openspiel as adapter
    from rulespec.adapters.listing_numbers import ListingNumbers, _first_rows, _place_among
    from rulespec.adapters.openspiel import CHANCE, RULESPEC_CHANCE, TERMINAL, RulespecState

    def first_place(numbers, number):
        try:
            return numbers.index(number)
        except ValueError:
            return None

    def numbers_init(self, table, numbers, in_order, outcomes=None):
        self.table, self.outcomes = table, outcomes
        if in_order:
            self.legal, self.place = numbers, partial(_place_among, numbers)
        elif len(numbers) <= listing_numbers.SHORT_LISTING:
            self.legal, self.place = sorted(set(numbers)), partial(first_place, numbers)
        else:
            rows = _first_rows(numbers)
            self.legal, self.place = sorted(rows), rows.get

    def row_of(self, number):
        return self.place(number)

    def is_chance_node(self):
        return self.current_player() == CHANCE

    def player_now(self):
        node = self._node
        session = node.session
        numbered = session.numbers()
        if numbered is not None:
            node.numbered = numbered
            seat = session.state.current_player()
            return CHANCE if seat == RULESPEC_CHANCE else seat
        kind = session.kind()
        if kind == adapter.TERMINAL_NODE:
            return TERMINAL
        if kind in (adapter.CHANCE_NODE, adapter.RACE_NODE):
            return CHANCE
        if kind in adapter.JOINT_NODES:
            return len(node.round) if session.table.rounds_in_turn else adapter.SIMULTANEOUS
        return session.state.current_player()

    def legal_actions(self, player=None):
        current = self.current_player()
        if current >= 0 and (player is None or player == current):
            numbered = self._node.numbered
            return numbered.legal.copy() if numbered is not None else self._legal_actions(current)
        return RulespecState.legal_actions(self, player)  # (the rest as now: not timed)

    def chance_outcomes(self):
        if self.current_player() == CHANCE and self._node.numbered is not None:
            return self._node.numbered.outcomes.copy()
        return self._node.session.chance_outcomes()

    def apply_action(self, action):
        player = self.current_player()
        node = self._node
        numbered = node.numbered
        row = numbered.place(action) if numbered is not None else None  # (the partial, as row_of was)
        if row is not None:
            session = node.session
            node.player = node.numbered = None
            if session.shared:
                session = node.session = session.after_first_move(row, RULESPEC_CHANCE if player == CHANCE else player)
            else:
                session.play_listed(row, RULESPEC_CHANCE if player == CHANCE else player)
            if session.table.rounds_in_turn:
                self._advance_round()
            return
        node.player = node.numbered = None
        session = node.session
        if session.shared:
            session = node.session = session.clone()
        session.apply(int(action))
        if session.table.rounds_in_turn:
            self._advance_round()

    def is_terminal(self):
        return self._node.session.state.is_terminal()

    return patched(mock.patch.multiple(RulespecState, is_chance_node=is_chance_node, _player_now=player_now,
                                       legal_actions=legal_actions, chance_outcomes=chance_outcomes,
                                       _apply_action=apply_action, is_terminal=is_terminal),
                   mock.patch.multiple(ListingNumbers, __init__=numbers_init, row_of=row_of))


def every_listing_numbered():
    """(h) off: a short listing numbered from its texts at every node (as before the lever), not kept by its texts."""
    from rulespec.adapters import session
    from rulespec.adapters.listing_numbers import (ListingNumbers, _in_order, _keep_numbers, _kept_numbers,
                                                   _listed_actions, _row_text, _text_of)

    def seat_numbers(table, pending, st):
        numbered = pending.numbered
        if numbered is not None and numbered.table is table:
            return numbered
        if table.declared is not None:
            numbers = table.declared.row_numbers(st, pending)
            pending.numbered = numbered = ListingNumbers(table, numbers, _in_order(numbers))
            return numbered
        rows = pending.rows
        if rows is not None:
            numbered = _kept_numbers(table, rows)
            if numbered is not None:
                pending.numbered = numbered
                return numbered
        texts = map(_row_text, rows) if rows is not None else map(_text_of, pending.all_actions())
        numbers = list(map(table.player_numbers.__getitem__, texts))
        in_order = _in_order(numbers)
        if not in_order and None in numbers:
            table.player_id(pending.all_actions()[numbers.index(None)])
        pending.numbered = numbered = ListingNumbers(table, numbers, in_order)
        if in_order and rows is not None:
            listed = _listed_actions.get(id(rows))
            if listed is not None and listed[0] is rows:
                _keep_numbers(rows, numbered)
        return numbered

    return patched(mock.patch.object(listing_numbers, "seat_numbers", seat_numbers),
                   mock.patch.object(session, "seat_numbers", seat_numbers))


def clones_copied():
    """(j) off: a clone copies its session (but the game's first state's), whose moves are then played on it, and a
    finished state's returns are worked out at every call (as before the lever), not a session shared by its
    clones, copied on write, with a move played from it twice kept, and its returns once worked out kept."""
    from rulespec.adapters.openspiel import _Node
    from rulespec.adapters.session import Session

    def first_moves(session, row, mover):  # (as before: only the game's first state is ever shared)
        moves = session._first_moves
        kept = moves.get((row, mover, session._follow)) if moves is not None else None
        if kept is None:
            kept = session.clone()
            kept.play_listed(row, mover)
            if moves is None:
                moves = session._first_moves = {}
            moves[(row, mover, session._follow)] = kept
        return kept.clone()

    def node_copied(node, memo):
        copy = _Node.__new__(_Node)
        session = node.session
        copy.session, copy.round = session if session.shared else session.clone(), node.round
        copy.player, copy.numbered, copy.joint, copy.returns_sum = node.player, node.numbered, node.joint, node.returns_sum
        return copy

    def returns(session):
        st = session.state
        if not st.is_terminal():
            return [0.0] * st.players
        return [float(v) for v in st.returns()]

    return patched(mock.patch.object(Session, "after_first_move", first_moves),
                   mock.patch.object(_Node, "__deepcopy__", node_copied),
                   mock.patch.object(Session, "returns", returns))


def declared_numbers_by_set_and_dict():
    """(l) off: a declared listing's numbers (`numbered EXPR`) checked for two alike by a set, then read by place
    where they rise, else from a dict of each number's first row (short: list.index) with the legal numbers sorted
    from it (as before the lever), not sorted once with the check made on the sorted numbers and no dict."""
    from rulespec.adapters import session
    now = listing_numbers.seat_numbers

    def seat_numbers(table, pending, st):
        numbered = pending.numbered
        if table.declared is None or (numbered is not None and numbered.table is table):
            return now(table, pending, st)
        numbers = table.declared.row_numbers(st, pending)
        pending.numbered = numbered = listing_numbers.ListingNumbers(table, numbers, listing_numbers._in_order(numbers))
        return numbered

    return patched(mock.patch.object(listing_numbers, "seat_numbers", seat_numbers),
                   mock.patch.object(session, "seat_numbers", seat_numbers))


def declared_listings_numbered_every_time():
    """(m) off: a short listing of a game that numbers its actions (`numbered EXPR`) numbered and sorted at every
    node (as before the lever), not kept by its frame and rows (DeclaredNumbers.listings)."""
    return mock.patch.object(listing_numbers, "DECLARED_LISTINGS_KEPT", 0)


def joints_through_the_session():
    """(n) off: a simultaneous node's legal_actions(seat) and apply_actions through the Session (kind, the seat
    checked, the listing's numbers looked up, each pick's row found: Session.legal and apply_joint), the next node
    worked out when first asked (as before the lever), not read from the node's JointNumbers."""
    from rulespec.adapters import openspiel
    return mock.patch.object(openspiel, "JOINT_ON_THE_NODE", False)


def every_opening_answered():
    """(o) off: each new state works out its first node's answers (player, numbers) when first asked (as before the
    lever), not read from those the game worked out once."""
    from rulespec.adapters import openspiel
    return mock.patch.object(openspiel, "OPENING_ANSWERS_KEPT", False)


LEVERS = {"(a) listings read by place": dict_of_first_rows, "(b) returns without the outcome": returns_from_the_outcome,
          "(c) kept listings' numbers edited": every_listing_read,
          "(d) short listings out of order read by place": short_listings_by_dict,
          "(e) first moves kept": every_first_move_played,
          "(f) short draws' numbers kept by their items": every_short_draw_numbered,
          "(g) a node's answers worked out once and its rows found in C": every_answer_asked,
          "(h) short listings' numbers kept by their texts": every_listing_numbered,
          "(i) short draws of items not met before numbered by item": every_new_short_draw_read,
          "(j) clones share their session and keep moves played twice": clones_copied,
          "(l) declared listings sorted once with no set or dict": declared_numbers_by_set_and_dict,
          "(m) short declared listings kept by their frame and rows": declared_listings_numbered_every_time,
          "(n) a simultaneous node's numbers on the node": joints_through_the_session,
          "(o) the first node answered once a game": every_opening_answered}


def rule_file(name: str) -> str:
    """A bundled game's id, or the path of a newcomer's file of that name (``NAME:PLAYERS``: the players left out)."""
    name = name.partition(":")[0]
    newcomer = ROOT / "tests" / "newcomer" / "games" / f"{name}.rules"
    return str(newcomer) if newcomer.exists() else name


def load_game(name: str):
    """The adapter's game of a bundled game (2 players) or of a newcomer's file, ``NAME:PLAYERS``."""
    players = name.partition(":")[2]
    return rulespec.openspiel.load_game(rule_file(name), players=int(players or 2))


def columns_first_seen(expansion, b: int) -> tuple[list, list]:
    """(k) off: a grid's rows and columns in use in the order the spaces in use first show them (as before the
    lever), not in the board's order: a hexagon of hexagons, whose first row starts at its eighth column, numbered
    its columns 8..15 before 7..1, so that a row's spaces were not numbered in board order."""
    from rulespec.adapters.tensors import unique_in_order
    board = expansion.engine.BOARDS[b]
    width = len(board.columns)
    if len(board.rows) * width != board.size:
        return list(board.rows), list(board.columns)
    cells = sorted(set().union(*(t.cells_in_use[b] for t in expansion.tables)))
    return (unique_in_order(board.rows[cell // width] for cell in cells),
            unique_in_order(board.columns[cell % width] for cell in cells))


def board_order(name: str, rounds: int, games: int) -> None:
    """(k) A grid's rows and columns numbered in the board's order, not as the spaces in use first show them: random
    play, us a step, through rulespec's API, the adapter without the lever (its ActionTable made with the columns
    as first seen) and with it, rounds interleaved, and the adapter's step over the API's. Without the lever the
    adapter's numbers of a seeded game's moves differ, so it plays other (equally random) games: steps a game
    shown."""
    from rulespec.adapters import core
    engine = rulespec.load(rule_file(name))
    core.table_for.cache_clear()
    with mock.patch.object(core._Expansion, "rows_and_columns_in_use", columns_first_seen):
        off = load_game(name)
        off.new_initial_state()  # (its first session made with the table made without the lever)
    core.table_for.cache_clear()
    on = load_game(name)
    on.new_initial_state()
    assert off.table is not on.table
    counted = {}

    def timed(new_state, apply_name, label) -> Callable[[int], float]:
        def run(r: int) -> float:
            states = [new_state() for _ in range(games)]
            draws = [random.Random(r * games + k).random for k in range(games)]
            gc.collect()
            steps, started = 0, clock_ns()
            for k in range(games):
                state, states[k] = states[k], None
                steps += play(state, draws[k], apply_name)
            counted[label] = steps / games
            return (clock_ns() - started) / steps / 1000
        return run
    api, without, with_ = interleaved([[timed(lambda: engine.new_game(2), "apply", "API"),
                                        timed(off.new_initial_state, "apply_action", "off"),
                                        timed(on.new_initial_state, "apply_action", "on")]], rounds, warm_up=False)[0]
    print(f"| {name} | {spread(api, 2)} | {spread(without, 2)} | {spread(with_, 2)} | {share(without, with_)} | "
          f"{share(without, api)} | {share(with_, api)} | {counted['API']:.1f} / {counted['off']:.1f} / "
          f"{counted['on']:.1f} |", flush=True)


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
    engine, game = rulespec.load(rule_file(name)), load_game(name)
    ways = {"API": (lambda: engine.new_game(2), "apply", play),
            "adapter Session": (game.new_initial_state, None, play_session),
            "RulespecState, no pyspiel round trip": (game.new_initial_state, "_apply_action", play),
            "pyspiel apply_action": (game.new_initial_state, "apply_action", play)}
    def timed(new_state, apply_name, loop) -> Callable[[int], float]:
        def run(r: int) -> float:
            states = [new_state() for _ in range(games)]
            draws = [random.Random(r * games + k).random for k in range(games)]
            gc.collect()
            steps, started = 0, clock_ns()
            for k in range(games):
                state, states[k] = states[k], None
                steps += loop(state, draws[k], apply_name)
            return (clock_ns() - started) / steps / 1000
        return run
    figures = interleaved([[timed(*way) for way in ways.values()]], rounds, warm_up=False)[0]
    print(f"| {name} | " + " | ".join(spread(v, 2) for v in figures) + " |", flush=True)


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
    adapter, python, cpp = interleaved([[lambda r, e=engine: 1000 * statistics.mean(
        mcts_seconds_a_move(e, simulations, 3, r * games + k) for k in range(games)) for engine in engines.values()]],
        rounds, warm_up=False)[0]
    print(f"| {name} | " + " | ".join(spread(v, 2) for v in (adapter, python, cpp)) +
          f" | {share(adapter, cpp)} | {share(python, cpp)} | {share(adapter, python)} |", flush=True)


def floor(name: str, rounds: int, games: int) -> None:
    """What the adapter's step is made of, us a step over the same seeded games, in one process: an empty OpenSpiel
    Python state played by bench_honest's loop (the loop and pyspiel's round trips alone: its methods answer at once,
    its _apply_action counts), the engine alone playing the rows the adapter played (State._play of each row from a
    copy of the first state: the engine's step and one copy a game), the adapter, and OpenSpiel's hand-written Python
    game where it has one (its own seeded games). The adapter less the first two is its own work."""
    import importlib

    import pyspiel
    game = load_game(name)
    played = []  # each seeded game's rows, as the adapter played them
    for k in range(games):
        state, draw = game.new_initial_state(), random.Random(k).random
        rows = []
        while not state.is_terminal():
            if state.is_chance_node():
                pick = draw()
                for action, probability in state.chance_outcomes():
                    pick -= probability
                    if pick < 0:
                        break
            else:
                actions = state.legal_actions()
                action = actions[int(draw() * len(actions))]
            state.current_player()
            rows.append(state._node.numbered.row_of(action))
            state.apply_action(action)
        played.append(rows)
    first = game.new_initial_state().session.state

    class Empty(pyspiel.State):
        def __init__(self, steps: int):
            super().__init__(game)
            self.steps, self.done = steps, 0

        def current_player(self):
            return 0

        def is_terminal(self):
            return self.done >= self.steps

        def is_chance_node(self):
            return False

        def legal_actions(self, player=None):
            return [0, 1]

        def _apply_action(self, action):
            self.done += 1

    def engine_alone(_: int) -> float:
        gc.collect()
        steps, started = 0, clock_ns()
        for rows in played:
            st = first._copy()
            for row in rows:
                st._play(st._offer(), row)
            steps += len(rows)
        return (clock_ns() - started) / steps / 1000

    def looped(new_state: Callable[[int], object]) -> Callable[[int], float]:
        def run(_: int) -> float:
            states = [new_state(k) for k in range(games)]
            draws = [random.Random(k).random for k in range(games)]
            gc.collect()
            steps, started = 0, clock_ns()
            for k in range(games):
                state, states[k] = states[k], None
                steps += play(state, draws[k], "apply_action")
            return (clock_ns() - started) / steps / 1000
        return run

    ways = {"empty Python state": looped(lambda k: Empty(len(played[k]))), "engine alone": engine_alone,
            "adapter": looped(lambda k: game.new_initial_state())}
    if name in PYTHON_GAMES:
        _, module, cls = PYTHON_GAMES[name]
        python_game = getattr(importlib.import_module(module), cls)()
        ways["OpenSpiel Python"] = looped(lambda k: python_game.new_initial_state())
    figures = dict(zip(ways, interleaved([list(ways.values())], rounds, warm_up=False)[0]))
    own = [a - e - f for a, e, f in zip(figures["adapter"], figures["engine alone"], figures["empty Python state"])]
    print(f"| {name} | " + " | ".join(spread(v, 2) for v in figures.values()) +
          (" | - " if "OpenSpiel Python" not in ways else "") + f" | {spread(own, 2)} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=300, help="seeded games a block of random play")
    parser.add_argument("--mcts-simulations", type=int, default=50, help="0: no MCTS figure")
    parser.add_argument("--mcts-games", type=int, default=2, help="seeded games (3 moves each) a block of MCTS")
    parser.add_argument("--files", default=",".join(GAMES))
    parser.add_argument("--levers", default=",".join(LEVERS), help="levers switched off together for 'off'")
    parser.add_argument("--layers", action="store_true", help="random play through each layer of the adapter")
    parser.add_argument("--floor", action="store_true",
                        help="the adapter's step against the loop's round trips alone and the engine's step alone")
    parser.add_argument("--board-order", action="store_true",
                        help="(k): the API, the adapter numbering a grid's columns as first seen, and in board order")
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
    if args.board_order:
        print("| game | API us a step | adapter, columns as first seen | adapter, board order | off / on | "
              "off / API | on / API | steps a game (API / off / on) |")
        print("|---|---|---|---|---|---|---|---|")
        for name in args.files.split(","):
            board_order(name, args.rounds, args.games)
        return
    if args.floor:
        print("| game | empty Python state | engine alone | adapter | OpenSpiel Python | the adapter's own |")
        print("|---|---|---|---|---|---|")
        for name in args.files.split(","):
            floor(name, args.rounds, args.games)
        return
    if args.layers:
        print("| game | API | adapter Session | RulespecState, no pyspiel round trip | pyspiel apply_action |")
        print("|---|---|---|---|---|")
        for name in args.files.split(","):
            layers(name, args.rounds, args.games)
        return
    off = [LEVERS[name.strip()] for name in args.levers.split(",") if name.strip()]

    def switched_off(run: Callable[[int], float], r: int) -> float:
        with contextlib.ExitStack() as stack:
            for lever in off:
                stack.enter_context(lever())
            return run(r)

    print(f"levers off: {args.levers}")
    print("| game | measure | levers off | levers on | off / on |")
    print("|---|---|---|---|---|")
    for name in args.files.split(","):
        game = load_game(name)
        measures = {"random play, us a step": lambda r: us_a_step(game, args.games, r * args.games)}
        if args.mcts_simulations:
            measures["MCTS, ms a move"] = lambda r: 1000 * statistics.mean(
                mcts_seconds_a_move(game, args.mcts_simulations, 3, r * args.mcts_games + k)
                for k in range(args.mcts_games))
        for measure, run in measures.items():
            on, levers_off = interleaved([(run, lambda r: switched_off(run, r))], args.rounds, warm_up=False)[0]
            print(f"| {name} | {measure} | {spread(levers_off, 2)} | {spread(on, 2)} | {share(levers_off, on)} |",
                  flush=True)


if __name__ == "__main__":
    main()
