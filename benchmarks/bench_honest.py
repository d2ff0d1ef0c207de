"""rulespec against OpenSpiel, measured so that it cannot flatter (issue #40): the benchmark the README quotes.

What is timed, and how:

- Thread CPU time (``time.thread_time_ns``), not the wall clock: another process on the machine delays a
  block without being charged to it.
- Nothing but play inside the clock, and each game's returns read once it is over (what a player of the game,
  an MCTS rollout or a training loop reads; OpenSpiel's engines mostly work theirs out as the last action is
  applied, a rule file's payoffs are worked out when asked, so a loop without the read flatters the side that
  defers: Tiny bridge's double-dummy score was 10x of C++ without it, 100x with it). `--skip-returns` leaves
  the read out, as runs before 2026-12-08 did. The games' states are made before it (their cost is timed apart, as
  "start us"), their random streams too (one ``random.Random(seed)`` a game, made outside; inside, only its
  ``random`` method is called); loading, compiling and creating the game, and a warm-up game, come first.
  A garbage collection is run before each block, so that no block pays for another's garbage.
- One loop for every engine (:func:`play`): at a chance node the outcomes are listed and one sampled by its
  probability; at a decision the legal actions are listed and one picked uniformly; at a simultaneous node
  every seat to choose picks (OpenSpiel: one joint action; rulespec's API: each seat applies its own); at
  rulespec's claim window one of every seat's claims is picked. A node is one step whatever kind it is, so
  a step means the same on every side.
- Rounds: every engine of a game plays its block once a round, the order rotated from round to round
  (each engine goes first as often as the others). Each engine plays the same seeded games every round
  (a check: the same steps every round). Figures are medians over the rounds with their min-max spread;
  ratios are worked out per round (both sides under that round's load) and then summarised the same way.
- The engines: rulespec through its own API (``rulespec.load``), rulespec through the OpenSpiel adapter
  (``rulespec.openspiel``), OpenSpiel's C++ game (``pyspiel.load_game``) and OpenSpiel's hand-written Python
  game where it has one (tic-tac-toe, Kuhn poker). Each engine draws from its stream in its own order and
  numbers its actions its own way, so their games differ; the figures are per step, and the steps a game
  are shown. A ratio is rulespec's CPU time a step divided by the other engine's: 12x is twelve times
  slower, 0.8x faster.
- MCTS: OpenSpiel's ``MCTSBot`` (random rollouts, the same simulations, seeds and moves on both sides) on the
  adapter's game and on OpenSpiel's own, seconds a move for the first moves of a game (sequential games only).
- The games: the gallery's rule files OpenSpiel has too (the first eight, and the nine of the language issue
  #39, their counterparts and parameters as the lock-step tests of tests/gallery/ load them), the newcomer
  files of tests/newcomer/games/ (their counterparts and options as tests/newcomer/test_lockstep.py maps them)
  and the three rulebooks (no counterpart: steps/s and CPU a game only). Where a step is not like for like
  (the sealed auction's bids) the ratio to C++ is by CPU a game, and the table says so.
- Chess perft from the opening (when chess is measured): rulespec's API against OpenSpiel's C++, the same
  recursive count on both sides (list, make each child, count the last ply's moves), rounds interleaved.
- An MCTS figure whose rollouts would take more than ``--mcts-budget`` seconds (chess, Go) is left out and the
  table says so.

Each block is sized so that the slowest engine of a game spends about ``--target`` seconds of CPU on it.

    python benchmarks/bench_honest.py                            # every game: 18 minutes on 2 shared cores
    python benchmarks/bench_honest.py --quick                    # a smoke run: tiny counts
    python benchmarks/bench_honest.py --games kuhn-poker,hex --rounds 7 --json out.json
    python benchmarks/bench_honest.py --file my/chess.rules=chess --file my/go.rules="go(board_size=9)"
                                                                 # files of your own (an acceptance run)

Prints a Markdown table (commit, date, machine, command first). Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parents[1]
NEWCOMER_GAMES = ROOT / "tests" / "newcomer" / "games"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

clock_ns = time.thread_time_ns
MAX_STEPS = 100_000  # a game longer than this is a bug in the loop or the engine, not a measure


# ---- the one loop ----

def play(state, draw: Callable[[], float], apply_name: str) -> int:
    """Plays ``state`` to its end with the draws of ``draw`` (floats in [0, 1)); returns its steps (nodes).
    ``apply_name`` names the state's method that applies one action (rulespec: apply, OpenSpiel:
    apply_action); an OpenSpiel simultaneous node takes a joint action (apply_actions)."""
    apply = getattr(state, apply_name)
    joint = getattr(state, "apply_actions", None)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            pick = draw()
            for action, probability in state.chance_outcomes():
                pick -= float(probability)
                if pick < 0:
                    break
            apply(action)
        elif state.current_player() >= 0:
            actions = state.legal_actions()
            apply(actions[int(draw() * len(actions))])
        elif joint is not None:
            picks = []
            for seat in range(state.num_players()):
                actions = state.legal_actions(seat)
                picks.append(actions[int(draw() * len(actions))])
            joint(picks)
        else:
            seats = state.simultaneous_seats()
            if not seats:  # rulespec's claim window: any seat may claim, one claim applied
                actions = state.legal_actions()
                apply(actions[int(draw() * len(actions))])
            for seat in seats:
                actions = state.legal_actions(seat)
                apply(actions[int(draw() * len(actions))])
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"a game went on for more than {MAX_STEPS:,} steps")
    return steps


@dataclass
class Block:
    """One engine's block of one round: CPU nanoseconds of play, its steps, and of making the states."""

    play_ns: int
    steps: int
    start_ns: int


def microseconds_a_step(engine, seeds, players: int = 2, read_returns: bool = False) -> float:
    """A rulespec engine's thread CPU a step over one seeded game per seed, the games made before the clock:
    the A/B benchmarks' figure (an engine against the same file's engine generated without a lever). With
    ``read_returns`` each game's returns are read once it is over, inside the clock (where the payoff is the
    work: OpenSpiel's engines work it out as the last action is applied)."""
    states = [(engine.new_game(players), random.Random(seed).random) for seed in seeds]
    start, steps = clock_ns(), 0
    for state, draw in states:
        steps += play(state, draw, "apply")
        if read_returns:
            state.returns()
    return (clock_ns() - start) / steps / 1000


READ_RETURNS = [True]  # each game's returns read at its end, inside the clock (--skip-returns: not)


def time_block(new_state: Callable[[], object], apply_name: str, games: int, first_seed: int = 0) -> Block:
    """Plays ``games`` seeded games; only the play is inside the clock (the states and their random
    streams are made before it, the making timed apart), and (unless --skip-returns) each game's returns once it
    is over (a payoff worked out when asked, as a rule file's payoffs as numbers are, costs there; OpenSpiel's
    engines mostly work theirs out as the last action is applied)."""
    started = clock_ns()
    states = [new_state() for _ in range(games)]
    start_ns = clock_ns() - started
    draws = [random.Random(first_seed + k).random for k in range(games)]
    gc.collect()
    steps = 0
    started = clock_ns()
    for k in range(games):
        state, states[k] = states[k], None  # (a finished game is garbage at once, as in a loop that makes them)
        steps += play(state, draws[k], apply_name)
        if READ_RETURNS[0]:
            state.returns()
    play_ns = clock_ns() - started
    return Block(play_ns, steps, start_ns)


# ---- engines and subjects ----

@dataclass
class Engine:
    """One implementation of one game: how to make a new state, the name of its apply method."""

    label: str
    new_state: Callable[[], object]
    apply_name: str
    blocks: list = field(default_factory=list)
    # Called before each timed block: a game that deals with a generator of its own (OpenSpiel's tarok, rng_seed)
    # is loaded afresh, so every block plays the same games.
    reset: Optional[Callable[[], None]] = None

    def us_per_step(self) -> list[float]:
        return [b.play_ns / b.steps / 1e3 for b in self.blocks]


API, ADAPTER, CPP, PYTHON = "rulespec API", "rulespec adapter", "OpenSpiel C++", "OpenSpiel Python"


@dataclass
class Subject:
    """A game and the engines that play it; ``mcts``: label -> pyspiel.Game for the MCTS figure."""

    name: str
    kind: str  # gallery, new gallery (the language issue's, #39), newcomer, rulebook
    engines: list
    mcts: dict = field(default_factory=dict)
    games: int = 0
    mcts_seconds: dict = field(default_factory=dict)  # label -> seconds a move, per round
    notes: list = field(default_factory=list)  # what could not be measured, and why
    by_game: str = ""  # why a step is not like for like with OpenSpiel's (then the ratio is by CPU a game)

    def engine(self, label: str) -> Optional[Engine]:
        return next((e for e in self.engines if e.label == label), None)


@dataclass(frozen=True)
class Counterpart:
    """A gallery game's OpenSpiel counterpart: its C++ name, its hand-written Python game (module, class) if
    any, OpenSpiel parameter -> the rule file's option giving it, parameters fixed whatever the options, and,
    where a step is not like for like, why (the ratio is then by CPU a game)."""

    cpp: str
    python: Optional[tuple] = None
    options: dict = field(default_factory=dict)
    fixed: dict = field(default_factory=dict)
    by_game: str = ""


# The gallery: rule file id -> its counterpart; OpenSpiel's names, parameters and action granularity as the
# lock-step tests of tests/gallery/ load and map them. A rule file missing from rulebooks/ is left out.
GALLERY = {
    "tic-tac-toe": Counterpart("tic_tac_toe", ("open_spiel.python.games.tic_tac_toe", "TicTacToeGame")),
    "connect-four": Counterpart("connect_four"),
    "kuhn-poker": Counterpart("kuhn_poker", ("open_spiel.python.games.kuhn_poker", "KuhnPokerGame")),
    "liars-dice": Counterpart("liars_dice", options={"numdice": "numdice"}),
    "leduc-poker": Counterpart("leduc_poker"),
    "goofspiel": Counterpart("goofspiel", options={"num_cards": "num_cards"}),
    "hex": Counterpart("hex", options={"board_size": "board_size"}),
    "pig": Counterpart("pig", options={"winscore": "winscore", "diceoutcomes": "diceoutcomes", "horizon": "horizon"}),
    # the gallery games of the language issue (#39), rule files written as a newcomer writes them (#40)
    "othello": Counterpart("othello"),
    "breakthrough": Counterpart("breakthrough"),
    "dots-and-boxes": Counterpart("dots_and_boxes"),
    "checkers": Counterpart("checkers"),
    "oware": Counterpart("oware"),
    "nine-mens-morris": Counterpart("nine_mens_morris"),
    "go": Counterpart("go", options={"board_size": "board_size"}),
    # (a decision is OpenSpiel's: the two checker moves of a pair, or a pass; a step is like for like)
    "backgammon": Counterpart("backgammon", fixed={"scoring_type": "full_scoring"}),
    "chess": Counterpart("chess"),
}
NEW_GALLERY = ("othello", "breakthrough", "dots-and-boxes", "checkers", "oware", "nine-mens-morris", "go",
               "backgammon", "chess")

# A newcomer file whose step is not like for like with OpenSpiel's (the ratio is then by CPU a game).
NEWCOMER_BY_GAME = {"first-sealed-auction": "rulespec's bidders bid at one simultaneous node, OpenSpiel asks "
                                            "them one after the other",
                    "tarok": "OpenSpiel deals all 54 cards at one chance node (its own generator), rulespec card "
                             "by card"}

# The three rulebooks, no OpenSpiel counterpart: (label, rule file id, variants, players).
RULEBOOKS = (
    ("shell-we 2p", "shell-we", (), 2),
    ("shell-we 4p", "shell-we", (), 4),
    ("shrimp 2p", "shrimp", (), 2),
    ("shrimp 6p", "shrimp", (), 6),
    ("let-them-eat-shrimp basic 2p", "let-them-eat-shrimp", (), 2),
    ("let-them-eat-shrimp advanced 5p", "let-them-eat-shrimp", ("advanced",), 5),
)

# Chess perft (issue #40): the leaves below the opening position, both engines counting the same way (the
# moves listed at every node above the last ply, a child made for each; the last ply's moves counted, not
# made, as benchmarks/perft.py and OpenSpiel's own perft count). Published counts, to check both engines.
CHESS_PERFT = (20, 400, 8_902, 197_281, 4_865_609)


def perft(state, depth: int, child: Callable) -> int:
    """Leaves of the game tree ``depth`` plies below ``state``, ``child(state, action)`` making each child;
    a game that ends before ``depth`` adds none (perft's convention)."""
    if state.is_terminal():
        return 0 if depth else 1
    if depth <= 1:
        return len(state.legal_actions()) if depth else 1
    return sum(perft(child(state, action), depth - 1, child) for action in state.legal_actions())


def rulespec_child(state, action):
    made = state.clone()
    made.apply(action)
    return made


def openspiel_child(state, action):
    return state.child(action)


def sequential(game) -> bool:
    import pyspiel
    return game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


def mcts_plays(game) -> bool:
    """OpenSpiel's MCTSBot plays a sequential game whose rewards come at the end only (it refuses 2048's,
    paid a move at a time)."""
    import pyspiel
    return sequential(game) and game.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL


def gallery_subject(game_id: str) -> Subject:
    import pyspiel
    import rulespec
    import rulespec.openspiel
    counterpart = GALLERY[game_id]
    engine = rulespec.load(game_id)
    parameters = {p: int(engine.options[o]["value"]) for p, o in counterpart.options.items() if o in engine.options}
    adapter = rulespec.openspiel.load_game(game_id, players=2)
    cpp = pyspiel.load_game(counterpart.cpp, {**parameters, **counterpart.fixed})
    engines = [Engine(API, lambda: engine.new_game(2), "apply"),
               Engine(ADAPTER, adapter.new_initial_state, "apply_action"),
               Engine(CPP, cpp.new_initial_state, "apply_action")]
    if counterpart.python is not None:
        module, name = counterpart.python
        python_game = getattr(importlib.import_module(module), name)(parameters or None)
        engines.append(Engine(PYTHON, python_game.new_initial_state, "apply_action"))
    mcts = {ADAPTER: adapter, CPP: cpp} if sequential(adapter) and sequential(cpp) else {}
    kind = "new gallery" if game_id in NEW_GALLERY else "gallery"
    return Subject(game_id, kind, engines, mcts, by_game=counterpart.by_game)


def newcomer_specs() -> dict:
    """One lock-step spec per newcomer file (its OpenSpiel name, parameters, options, players): the
    mapping tests/newcomer/test_lockstep.py checks, the first spec of each file."""
    from newcomer.test_lockstep import SPECS
    chosen = {}
    for spec in SPECS.values():
        chosen.setdefault(spec.rules, spec)
    return chosen


def newcomer_subject(spec) -> Subject:
    import rulespec.openspiel
    from rulespec.pipeline.rule_paths import allow_in_environment
    allow_in_environment([NEWCOMER_GAMES])  # (the adapter opens a rule file only below an allowed folder)
    engine, cpp = spec.load()
    players = spec.players
    return _through_the_adapter(spec.rules, "newcomer", engine, cpp, players, lambda: rulespec.openspiel.load_game(
        str(NEWCOMER_GAMES / f"{spec.rules}.rules"), players=players,
        options={k: str(v) for k, v in spec.options.items()}), by_game=NEWCOMER_BY_GAME.get(spec.rules, ""))


def _through_the_adapter(name: str, kind: str, engine, cpp, players: int, load_adapter: Callable,
                         by_game: str = "") -> Subject:
    """A rule file's subject: its engine through the API, the adapter (unless it refuses the file: a finding,
    shown in the table) and OpenSpiel's C++ game, and MCTS on both where it plays."""
    from rulespec.adapters.core import AdapterError
    engines = [Engine(API, lambda: engine.new_game(players), "apply"),
               Engine(CPP, cpp.new_initial_state, "apply_action")]
    if "rng_seed" in cpp.get_parameters():  # its deal draws from the game's own generator: a fresh game a block
        import pyspiel
        fresh = [cpp]
        engines[1] = Engine(CPP, lambda: fresh[0].new_initial_state(), "apply_action", reset=lambda: fresh.__setitem__(
            0, pyspiel.load_game(cpp.get_type().short_name, cpp.get_parameters())))
    try:
        adapter = load_adapter()
    except AdapterError as refused:
        return Subject(name, kind, engines, notes=[f"no adapter: {refused}"], by_game=by_game)
    engines.insert(1, Engine(ADAPTER, adapter.new_initial_state, "apply_action"))
    mcts = {ADAPTER: adapter, CPP: cpp} if mcts_plays(adapter) and mcts_plays(cpp) else {}
    return Subject(name, kind, engines, mcts, by_game=by_game)


def given_subject(path: str, game: str) -> Subject:
    """A rule file named on the command line (``--file PATH=GAME``: an acceptance run's unseen file) against
    OpenSpiel's GAME as ``pyspiel.load_game`` reads it (``name`` or ``name(parameter=value,...)``), at GAME's
    number of players and the file's default options. No lock step is asked: each engine plays its own
    seeded games, and the figures are a step's (the steps a game are shown side by side)."""
    import pyspiel
    import rulespec
    import rulespec.openspiel
    from rulespec.pipeline.rule_paths import allow_in_environment
    rules = Path(path).resolve()
    allow_in_environment([rules.parent])  # (the adapter opens a rule file only below an allowed folder)
    cpp = pyspiel.load_game(game)
    players = cpp.num_players()
    engine = rulespec.load(rules)
    return _through_the_adapter(f"{rules.stem} ({game})", "given", engine, cpp, players,
                                lambda: rulespec.openspiel.load_game(str(rules), players=players))


def rulebook_subject(label: str, game_id: str, variants, players: int) -> Subject:
    import rulespec
    engine = rulespec.load(game_id, variants=variants)
    return Subject(label, "rulebook", [Engine(API, lambda: engine.new_game(players), "apply")])


# ---- measuring ----

MAX_GAMES = 5000


def rotated(items: list, round_number: int) -> list:
    """The round's order: the list rotated by the round's number (each goes first in turn)."""
    shift = round_number % len(items) if items else 0
    return items[shift:] + items[:shift]


def games_per_block(subject: Subject, target_seconds: float, min_games: int = 1) -> int:
    """Warms every engine up (one game), then sizes the block: the slowest engine's seconds a game, from a
    probe of doubling size, into ``target_seconds``; at least ``min_games`` (a long game, as chess's, would
    otherwise be one game a block: one opening, one middle game)."""
    slowest = 0.0
    for engine in subject.engines:
        time_block(engine.new_state, engine.apply_name, 1, first_seed=-1)
        probe = 1
        while True:
            block = time_block(engine.new_state, engine.apply_name, probe, first_seed=10**6)
            if block.play_ns >= target_seconds * 1e9 / 10 or probe >= MAX_GAMES:
                break
            probe *= 2
        slowest = max(slowest, block.play_ns / 1e9 / probe)
    return max(min_games, min(MAX_GAMES, round(target_seconds / slowest))) if slowest else MAX_GAMES


def measure_play(subject: Subject, rounds: int, target_seconds: float, min_games: int = 1) -> None:
    subject.games = games_per_block(subject, target_seconds, min_games)
    for round_number in range(rounds):
        for engine in rotated(subject.engines, round_number):
            if engine.reset is not None:
                engine.reset()
            block = time_block(engine.new_state, engine.apply_name, subject.games)
            if engine.blocks and block.steps != engine.blocks[0].steps:
                raise SystemExit(f"{subject.name}, {engine.label}: the same seeded games played differently "
                                 f"({engine.blocks[0].steps} steps, then {block.steps})")
            engine.blocks.append(block)


def mcts_seconds_a_move(game, simulations: int, moves: int, seed: int) -> float:
    """CPU seconds a move of OpenSpiel's MCTSBot (random rollouts) over the first ``moves`` decisions of a
    game; the bot, the state and chance nodes' outcomes (sampled by a seeded stream) are outside the clock."""
    import numpy as np
    from open_spiel.python.algorithms import mcts
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                       random_state=np.random.RandomState(seed))
    state, draw = game.new_initial_state(), random.Random(seed).random
    spent = made = 0
    while made < moves and not state.is_terminal():
        if state.is_chance_node():
            pick = draw()
            for action, probability in state.chance_outcomes():
                pick -= probability
                if pick < 0:
                    break
            state.apply_action(action)
            continue
        gc.collect()
        started = clock_ns()
        action = bot.step(state)
        spent += clock_ns() - started
        state.apply_action(action)
        made += 1
    return spent / max(made, 1) / 1e9


def mcts_estimate_seconds(subject: Subject, rounds: int, simulations: int, moves: int) -> float:
    """What the MCTS figure would cost: every simulation a random rollout of at most a whole game, each
    engine's CPU a game as its block measured it."""
    per_game = sum(statistics.median(b.play_ns for b in subject.engine(label).blocks) / subject.games / 1e9
                   for label in subject.mcts)
    return per_game * simulations * moves * rounds


def measure_mcts(subject: Subject, rounds: int, simulations: int, moves: int) -> None:
    labels = list(subject.mcts)
    for label in labels:  # warm-up
        mcts_seconds_a_move(subject.mcts[label], max(2, simulations // 4), 1, seed=10**6)
    for round_number in range(rounds):
        for label in rotated(labels, round_number):
            seconds = mcts_seconds_a_move(subject.mcts[label], simulations, moves, seed=round_number)
            subject.mcts_seconds.setdefault(label, []).append(seconds)


# ---- summarising ----

def spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def per_round_ratio(ours: list[float], theirs: list[float]) -> dict:
    return spread([a / b for a, b in zip(ours, theirs)])


def subject_summary(subject: Subject) -> dict:
    """Per engine: µs a step, steps a game, µs to make a state; ratios of rulespec's engines to the others,
    round by round; MCTS seconds a move and the adapter's ratio to C++."""
    engines = {e.label: {"us_per_step": spread(e.us_per_step()), "us_per_step_by_round": e.us_per_step(),
                         "steps_per_game": e.blocks[0].steps / subject.games,
                         "start_us": spread([b.start_ns / subject.games / 1e3 for b in e.blocks])}
               for e in subject.engines}
    ratios = {}
    for ours in (API, ADAPTER):
        for theirs in (CPP, PYTHON):
            a, b = subject.engine(ours), subject.engine(theirs)
            if a is not None and b is not None:
                ratios[f"{ours} / {theirs}"] = per_round_ratio(a.us_per_step(), b.us_per_step())
    notes = list(subject.notes)
    cpp = subject.engine(CPP)
    for ours in (API, ADAPTER) if subject.by_game and cpp is not None else ():
        if subject.engine(ours) is not None:  # the same games a block on every side: CPU a block is CPU a game
            ratios[f"{ours} / {CPP}, a game"] = per_round_ratio([b.play_ns for b in subject.engine(ours).blocks],
                                                                [b.play_ns for b in cpp.blocks])
    if subject.by_game:
        notes.append(f"a step is not like for like ({subject.by_game}): its ratios to C++ are by CPU a game")
    ours = subject.engine(API)
    if (not subject.by_game and ours is not None and cpp is not None and subject.games >= 20
            and not 0.85 <= ours.blocks[0].steps / cpp.blocks[0].steps <= 1.15):
        notes.append(f"its steps a game differ from OpenSpiel's by more than 15% over {subject.games} games: "
                     f"is a step like for like?")
    summary = {"name": subject.name, "kind": subject.kind, "games_per_round": subject.games,
               "engines": engines, "ratios": ratios, "notes": notes,
               "basis": "a game" if subject.by_game else "a step"}
    if subject.mcts_seconds:
        summary["mcts_seconds_per_move"] = {label: spread(v) for label, v in subject.mcts_seconds.items()}
        if ADAPTER in subject.mcts_seconds and CPP in subject.mcts_seconds:
            summary["ratios"][f"MCTS {ADAPTER} / {CPP}"] = per_round_ratio(subject.mcts_seconds[ADAPTER],
                                                                          subject.mcts_seconds[CPP])
    return summary


def headline_ratio(summary: dict, key: str) -> Optional[dict]:
    """A game's ratio for the headline: by CPU a game where a step is not like for like, else a step."""
    return summary["ratios"].get(f"{key}, a game", summary["ratios"].get(key))


# The headline's groups of files: issue #40's targets name the gallery, and the files written as a newcomer
# writes them (tests/newcomer/games/ and the language issue's new gallery games).
GROUPS = {"gallery (the first eight)": ("gallery",), "new gallery (#39)": ("new gallery",),
          "gallery, all": ("gallery", "new gallery"), "newcomer files": ("newcomer",),
          "newcomer-style (newcomer files and new gallery)": ("newcomer", "new gallery"),
          "files given (--file)": ("given",)}


def overall(summaries: list[dict]) -> dict:
    """The headline: per group of files, the median, the best and the worst of the games' median ratios to C++."""
    result = {}
    for group, kinds in GROUPS.items():
        for key in (f"{API} / {CPP}", f"{ADAPTER} / {CPP}", f"MCTS {ADAPTER} / {CPP}"):
            found = {s["name"]: headline_ratio(s, key)["median"] for s in summaries
                     if s["kind"] in kinds and headline_ratio(s, key) is not None}
            if found:
                worst, best = max(found, key=found.get), min(found, key=found.get)
                result[f"{group}: {key}"] = {"median": statistics.median(found.values()), "worst": found[worst],
                                             "worst_game": worst, "best": found[best], "best_game": best,
                                             "games": len(found)}
    return result


# ---- printing ----

def figure(values: dict, digits: int = 1, suffix: str = "") -> str:
    """A median with its min-max spread: ``12.3 (11.9-13.0)``."""
    f = f"{{:,.{digits}f}}"
    return f"{f.format(values['median'])}{suffix} ({f.format(values['min'])}-{f.format(values['max'])})"


def markdown(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def ratio_digits(values: dict) -> int:
    return 2 if values["median"] < 10 else 1


def play_table(summaries: list[dict]) -> str:
    labels = (API, ADAPTER, CPP, PYTHON)
    rows = []
    for s in summaries:
        engines = s["engines"]
        rows.append([s["name"], s["kind"], str(s["games_per_round"]),
                     " / ".join(f"{engines[label]['steps_per_game']:.1f}" for label in labels if label in engines),
                     *(figure(engines[label]["us_per_step"], 2) if label in engines else "-" for label in labels),
                     " / ".join(f"{engines[label]['start_us']['median']:.1f}" for label in labels if label in engines)])
    return markdown(["game", "file", "games/round", "steps/game (API / adapter / C++ [/ Py])",
                     *(f"{label} us/step" for label in labels), "start us (outside the clock)"], rows)


def milliseconds(seconds: dict) -> dict:
    return {k: v * 1e3 for k, v in seconds.items()}


def ratio_cell(ratios: dict, key: str) -> str:
    """A ratio's cell; by CPU a game where the game has that figure (a step not like for like)."""
    if f"{key}, a game" in ratios:
        return figure(ratios[f"{key}, a game"], ratio_digits(ratios[f"{key}, a game"]), "x") + " a game"
    return figure(ratios[key], ratio_digits(ratios[key]), "x") if key in ratios else "-"


def ratio_table(summaries: list[dict]) -> str:
    keys = [f"{API} / {CPP}", f"{ADAPTER} / {CPP}", f"{API} / {PYTHON}", f"{ADAPTER} / {PYTHON}"]
    rows = []
    for s in summaries:
        ratios, mcts = s["ratios"], s.get("mcts_seconds_per_move", {})
        mcts_key = f"MCTS {ADAPTER} / {CPP}"
        rows.append([s["name"], s["kind"], *(ratio_cell(ratios, k) for k in keys),
                     figure(milliseconds(mcts[ADAPTER]), 2) if ADAPTER in mcts else "-",
                     figure(milliseconds(mcts[CPP]), 2) if CPP in mcts else "-",
                     figure(ratios[mcts_key], ratio_digits(ratios[mcts_key]), "x") if mcts_key in ratios else "-"])
    return markdown(["game", "file", *keys, "MCTS ms/move, adapter", "MCTS ms/move, C++", "MCTS adapter / C++"], rows)


def rulebook_table(summaries: list[dict]) -> str:
    rows = []
    for s in summaries:
        engine = s["engines"][API]
        us_step = engine["us_per_step"]
        per_second = {k: 1e6 / v for k, v in us_step.items()}
        per_second = {"median": per_second["median"], "min": per_second["max"], "max": per_second["min"]}
        cpu_game = {k: v * engine["steps_per_game"] / 1e3 for k, v in us_step.items()}
        rows.append([s["name"], str(s["games_per_round"]), f"{engine['steps_per_game']:.1f}",
                     figure(us_step, 1), figure(per_second, 0), figure(cpu_game, 2),
                     f"{engine['start_us']['median']:.1f}"])
    return markdown(["rulebook", "games/round", "steps/game", "us/step", "steps/s", "CPU ms/game",
                     "start us (outside the clock)"], rows)


def headline(result: dict) -> str:
    lines = []
    for key, v in result.items():
        lines.append(f"- {key}: median of the {v['games']} games' medians {v['median']:.2f}x; "
                     f"best {v['best']:.2f}x ({v['best_game']}), worst {v['worst']:.2f}x ({v['worst_game']})")
    return "\n".join(lines) + "\n"


def measure_chess_perft(depths: list[int], rounds: int) -> dict:
    """Chess perft at each depth from the opening, rulespec's API against OpenSpiel's C++, thread CPU, rounds
    interleaved with the order rotated; the leaves each engine counted, against the published count."""
    import pyspiel
    import rulespec
    engines = {API: (rulespec.load("chess").new_game(2), rulespec_child),
               CPP: (pyspiel.load_game("chess").new_initial_state(), openspiel_child)}
    for state, child in engines.values():  # warm-up
        perft(state, 2, child)
    figures = {depth: {label: {"leaves": None, "seconds_by_round": []} for label in engines} for depth in depths}
    for round_number in range(rounds):
        for depth in depths:
            for label in rotated(list(engines), round_number):
                state, child = engines[label]
                gc.collect()
                started = clock_ns()
                leaves = perft(state, depth, child)
                figures[depth][label]["seconds_by_round"].append((clock_ns() - started) / 1e9)
                figures[depth][label]["leaves"] = leaves
    result = {}
    for depth, by_label in figures.items():
        for label, f in by_label.items():
            f["seconds"] = spread(f["seconds_by_round"])
        result[str(depth)] = {"published": CHESS_PERFT[depth - 1] if depth <= len(CHESS_PERFT) else None,
                              "engines": by_label, "rounds": rounds,
                              "ratio": per_round_ratio(by_label[API]["seconds_by_round"],
                                                       by_label[CPP]["seconds_by_round"])}
    return result


def perft_table(perfts: dict) -> str:
    rows = []
    for depth, f in perfts.items():
        ours, theirs = f["engines"][API], f["engines"][CPP]
        counts = f"{ours['leaves']:,} / {theirs['leaves']:,}"
        verdict = ("published" if ours["leaves"] == theirs["leaves"] == f["published"]
                   else f"WRONG (published {f['published']:,})" if f["published"] else "no published count")
        rows.append([f"perft({depth})", f"{counts} ({verdict})", figure(milliseconds(ours["seconds"]), 1),
                     figure(milliseconds(theirs["seconds"]), 2), figure(f["ratio"], ratio_digits(f["ratio"]), "x")])
    return markdown(["chess, from the opening", "leaves (rulespec / C++)", "rulespec API ms CPU",
                     "OpenSpiel C++ ms CPU", "rulespec / C++"], rows)


def provenance(argv: list[str]) -> dict:
    def git(*args) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=30)
        return done.stdout.rstrip("\n")  # (not strip(): a status line begins with a space)
    from importlib.metadata import version
    changed = [line[3:] for line in git("status", "--porcelain", "--", "rulespec", "engines").splitlines()]
    return {"commit": git("rev-parse", "--short", "HEAD").strip(), "uncommitted": changed,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "nproc": os.cpu_count(), "python": platform.python_version(), "machine": platform.machine(),
            "open_spiel": version("open_spiel"),
            "command": " ".join(["python benchmarks/bench_honest.py", *argv])}


def report(meta: dict, settings: dict, summaries: list[dict], result: dict, perfts: Optional[dict]) -> str:
    compared = [s for s in summaries if s["kind"] != "rulebook"]
    rulebooks = [s for s in summaries if s["kind"] == "rulebook"]
    uncommitted = (f"; uncommitted changes in {', '.join(meta['uncommitted'])}" if meta["uncommitted"] else "")
    parts = [f"`{meta['command']}`\n\ncommit {meta['commit']}{uncommitted}; {meta['date']}; {meta['nproc']} CPUs "
             f"(nproc), {meta['machine']}, Python {meta['python']}, OpenSpiel {meta['open_spiel']}; thread CPU time, "
             f"medians (min-max) of {settings['rounds']} interleaved rounds, each block sized to about "
             f"{settings['target']} s of CPU for the slowest engine; MCTS: {settings['mcts_simulations']} simulations, "
             f"random rollouts, the first {settings['mcts_moves']} moves.\n"]
    if compared:
        inside = "play and each game's returns at its end" if READ_RETURNS[0] else "nothing but play"
        parts += [f"Random play, CPU microseconds a step ({inside} inside the clock):\n", play_table(compared),
                  "Ratios, rulespec's CPU a step / the other engine's, worked out per round (lower is better; "
                  "1/x is rulespec's fraction of its speed); MCTS CPU milliseconds a move:\n", ratio_table(compared),
                  "Headline (the median and the worst of the games' median ratios):\n", headline(result)]
        notes = [f"- {s['name']}: {note}" for s in compared for note in s["notes"]]
        if notes:
            parts += ["Notes (what was not measured and why; where a ratio is by CPU a game):\n",
                      "\n".join(notes) + "\n"]
    if rulebooks:
        parts += ["The rulebooks (no OpenSpiel counterpart), through rulespec's API:\n", rulebook_table(rulebooks)]
    if perfts:
        rounds = next(iter(perfts.values()))["rounds"]
        parts += [f"Chess perft (leaves below the opening; the last ply counted, not made), thread CPU, medians "
                  f"(min-max) of {rounds} interleaved rounds:\n", perft_table(perfts)]
    else:
        parts.append("- chess perft: not measured (chess is not among the games measured, or --perft-depths is "
                     "empty)\n")
    return "\n".join(parts)


# ---- the command ----

def subjects_wanted(chosen: list[str], given: list[str], parser) -> list[Callable[[], Subject]]:
    """The subjects to measure, as makers (each loads its games only when its turn comes): the files given
    with --file, and the games chosen by name (every game when neither is given)."""
    from rulespec.pipeline import bundled_rulebooks
    files = []
    for pair in given:
        path, _, game = pair.partition("=")
        if not game.strip() or not Path(path).is_file():
            parser.error(f"--file {pair!r}: give PATH=GAME, PATH a rule file and GAME OpenSpiel's game (as "
                         "pyspiel.load_game reads it: tic_tac_toe, or go(board_size=9))")
        files.append(lambda p=path, g=game.strip(): given_subject(p, g))
    if files and not chosen:
        return files
    present = bundled_rulebooks()
    specs = newcomer_specs()
    makers = [(game_id, lambda g=game_id: gallery_subject(g)) for game_id in GALLERY if game_id in present]
    makers += [(name, lambda s=spec: newcomer_subject(s)) for name, spec in specs.items()]
    makers += [(game_id, lambda a=(label, game_id, variants, players): rulebook_subject(*a))
               for label, game_id, variants, players in RULEBOOKS if game_id in present]
    known = {name for name, _ in makers}
    unknown = [g for g in chosen if g not in known]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return files + [make for name, make in makers if not chosen or name in chosen]


def parse(argv: list[str]):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 rounds, tiny blocks, 4 MCTS simulations")
    parser.add_argument("--games", default="", help="comma-separated names (default: every game)")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (default 7; --quick 3)")
    parser.add_argument("--target", type=float, help="CPU seconds of the slowest engine's block (default 0.3)")
    parser.add_argument("--mcts-simulations", type=int,
                        help="MCTSBot simulations a move (default 50; 0: no MCTS; else at least 2)")
    parser.add_argument("--mcts-moves", type=int, help="moves timed a game (default 3)")
    parser.add_argument("--min-games", type=int, help="games a block at least (default 4; --quick 1)")
    parser.add_argument("--mcts-budget", type=float,
                        help="CPU seconds a game's MCTS figure may take, estimated from its play (default 60; "
                             "--quick 2): above it, the figure is left out and the table says so")
    parser.add_argument("--perft-depths", help="chess perft depths, comma-separated, when chess is measured "
                                                "(default 3,4; --quick 2; empty: none)")
    parser.add_argument("--file", action="append", default=[], metavar="PATH=GAME",
                        help="a rule file of your own against OpenSpiel's GAME (repeatable; alone, only these "
                             "are measured), e.g. --file my/chess.rules=chess")
    parser.add_argument("--json", metavar="OUT", help="also write every figure, round by round, to OUT")
    parser.add_argument("--skip-returns", action="store_true",
                        help="do not read each game's returns at its end (the default reads them, inside the "
                             "clock, on every engine; runs before 2026-12-08 did not)")
    parser.add_argument("--read-returns", action="store_true", help=argparse.SUPPRESS)  # the default now
    args = parser.parse_args(argv)
    READ_RETURNS[0] = not args.skip_returns
    defaults = ({"rounds": 3, "target": 0.01, "mcts_simulations": 4, "mcts_moves": 1, "min_games": 1,
                 "mcts_budget": 2.0, "perft_depths": "2"} if args.quick
                else {"rounds": 7, "target": 0.3, "mcts_simulations": 50, "mcts_moves": 3, "min_games": 4,
                      "mcts_budget": 60.0, "perft_depths": "3,4"})
    for key, value in defaults.items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    if args.rounds < 1 or args.target <= 0 or args.mcts_simulations == 1 or args.mcts_simulations < 0 \
            or args.mcts_moves < 1 or args.min_games < 1 or args.mcts_budget < 0:
        parser.error("--rounds, --mcts-moves and --min-games are at least 1, --target above 0, --mcts-budget 0 or "
                     "more, --mcts-simulations 0 or at least 2 (one simulation expands nothing)")
    try:
        args.perft_depths = [int(d) for d in args.perft_depths.split(",") if d.strip()]
    except ValueError:
        parser.error("--perft-depths: whole numbers, comma-separated")
    if any(d < 1 for d in args.perft_depths):
        parser.error("--perft-depths: each at least 1")
    return args, parser


def run(args, makers: list) -> list[dict]:
    summaries = []
    for make in makers:
        subject = make()
        started = time.perf_counter()
        measure_play(subject, args.rounds, args.target, args.min_games)
        if subject.mcts and args.mcts_simulations:
            estimate = mcts_estimate_seconds(subject, args.rounds, args.mcts_simulations, args.mcts_moves)
            if estimate <= args.mcts_budget:
                measure_mcts(subject, args.rounds, args.mcts_simulations, args.mcts_moves)
            else:
                subject.notes.append(f"no MCTS figure: its rollouts would take about {estimate:,.0f} s of CPU at "
                                     f"these settings, over --mcts-budget {args.mcts_budget:g} s")
        elif args.mcts_simulations and subject.kind != "rulebook":
            subject.notes.append("no MCTS figure (OpenSpiel's MCTSBot plays sequential games whose rewards come "
                                 "at the end only)")
        summaries.append(subject_summary(subject))
        print(f"  {subject.name}: {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    return summaries


def main(argv: Optional[list[str]] = None) -> dict:
    argv = sys.argv[1:] if argv is None else list(argv)
    args, parser = parse(argv)
    makers = subjects_wanted([g.strip() for g in args.games.split(",") if g.strip()], args.file, parser)
    meta = provenance(argv)
    settings = {"rounds": args.rounds, "target": args.target, "mcts_simulations": args.mcts_simulations,
                "mcts_moves": args.mcts_moves, "min_games": args.min_games, "mcts_budget": args.mcts_budget,
                "perft_depths": args.perft_depths, "read_returns": READ_RETURNS[0]}
    summaries = run(args, makers)
    result = overall(summaries)
    perfts = None
    if args.perft_depths and any(s["name"] == "chess" for s in summaries):
        started = time.perf_counter()
        perfts = measure_chess_perft(args.perft_depths, args.rounds)
        print(f"  chess perft: {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    print(report(meta, settings, summaries, result, perfts))
    saved = {"meta": meta, "settings": settings, "games": summaries, "headline": result, "chess_perft": perfts}
    if args.json:
        Path(args.json).write_text(json.dumps(saved, indent=1) + "\n")
    return saved


if __name__ == "__main__":
    main()
