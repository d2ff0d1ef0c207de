"""The same games in rulespec and in OpenSpiel, side by side in one process; and the bundled games.

Why: a generated engine knows the whole rule set and should be at least as fast as a hand-written
one. This compares like with like: the gallery's rule files (tic-tac-toe, Connect Four, Kuhn poker,
and Liar's dice, Leduc poker, Goofspiel when their rule files are in rulebooks/) against OpenSpiel's
hand-written Python games (``open_spiel.python.games.*``, where one exists) and its C++ games
(``pyspiel.load_game``).

Random play, the same for every implementation, through each one's public API only: at a decision
every legal action is listed and a uniformly random one applied; at a chance node the outcomes are
listed with their probabilities and one is sampled by them (at an OpenSpiel simultaneous node every
seat's actions are listed and a joint action applied). Game k of a run is seeded with k.

Each run plays the same seeded games on every implementation of a game, one after another
(interleaved, so all see the same machine load); figures are medians over the runs. Each run times
the plain loop (games/s, steps/s) and then, in a second pass, the same games with a clock around each
part of a step, which gives the split: microseconds to list the legal actions at a decision, to apply
the chosen one, and for a whole chance node (list the outcomes, sample, apply).

Also: steps/s of the bundled games (Shell We? 2 and 4 players, Shrimp 2 and 6, Let Them Eat Shrimp!
basic 2 and advanced 5), and the Shrimp engine against the plain-Python oracle
(tests/shrimp/oracle.py) under the same random play.

    python benchmarks/bench_vs_openspiel.py                  # every game, 5 runs
    python benchmarks/bench_vs_openspiel.py --quick          # fewer games per run (still 5 runs)
    python benchmarks/bench_vs_openspiel.py --games tic-tac-toe,shrimp --runs 7

Prints figures only.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import rulespec  # noqa: E402
from rulespec.pipeline import bundled_rulebooks  # noqa: E402

clock = time.perf_counter


@dataclass(frozen=True)
class Counterpart:
    """OpenSpiel's versions of a gallery game: its C++ game's name, its Python game (module, class) if
    any, and which rulespec option (if the rule file has it) gives which OpenSpiel parameter."""

    cpp: str
    python: Optional[tuple[str, str]] = None
    parameters: dict = field(default_factory=dict)  # OpenSpiel parameter -> rulespec option name


# The gallery: rule file id -> OpenSpiel's versions. A game whose rule file is missing is left out.
GALLERY = {
    "tic-tac-toe": Counterpart("tic_tac_toe", ("open_spiel.python.games.tic_tac_toe", "TicTacToeGame")),
    "connect-four": Counterpart("connect_four"),
    "kuhn-poker": Counterpart("kuhn_poker", ("open_spiel.python.games.kuhn_poker", "KuhnPokerGame")),
    "liars-dice": Counterpart("liars_dice", parameters={"numdice": "numdice"}),
    "leduc-poker": Counterpart("leduc_poker"),
    "goofspiel": Counterpart("goofspiel", parameters={"num_cards": "num_cards"}),
    "hex": Counterpart("hex", parameters={"board_size": "board_size"}),
    "pig": Counterpart("pig", parameters={"winscore": "winscore", "diceoutcomes": "diceoutcomes",
                                          "horizon": "horizon"}),
}

# The bundled games: (label, rule file id, variants, players).
BUNDLED = (
    ("Shell We? 2p", "shell-we", (), 2),
    ("Shell We? 4p", "shell-we", (), 4),
    ("Shrimp 2p", "shrimp", (), 2),
    ("Shrimp 6p", "shrimp", (), 6),
    ("Let Them Eat Shrimp! basic 2p", "let-them-eat-shrimp", (), 2),
    ("Let Them Eat Shrimp! advanced 5p", "let-them-eat-shrimp", ("advanced",), 5),
)

# Seeded games per run: about 0.1-0.4 s a run for the slowest implementation of each.
GAMES = {"tic-tac-toe": 300, "connect-four": 40, "kuhn-poker": 1000, "liars-dice": 300, "leduc-poker": 300,
         "goofspiel": 50, "hex": 20, "pig": 100, "shell-we": 40, "shrimp": 20, "let-them-eat-shrimp": 30}
QUICK_DIVISOR = 4


# ---- random play: one loop for every implementation (they share the method names) ----

def sample(outcomes, rng: random.Random):
    """A chance outcome by its probability: the walk random_game uses, on floats."""
    pick = rng.random()
    for action, probability in outcomes:
        pick -= float(probability)
        if pick < 0:
            return action
    return outcomes[-1][0]


def play(state, rng: random.Random, apply: str) -> int:
    """Play to the end; returns the steps (decisions and chance nodes). ``apply`` names the method."""
    do = getattr(state, apply)
    simultaneous = getattr(state, "is_simultaneous_node", None)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            do(sample(state.chance_outcomes(), rng))
        elif simultaneous is not None and simultaneous():
            state.apply_actions([rng.choice(state.legal_actions(seat)) for seat in range(state.num_players())])
        else:
            actions = state.legal_actions()
            do(actions[rng.randrange(len(actions))])
        steps += 1
    return steps


@dataclass
class Split:
    """Seconds spent and counts, by part of a step."""

    listing: float = 0.0
    applying: float = 0.0
    chance: float = 0.0
    decisions: int = 0
    chances: int = 0


def play_split(state, rng: random.Random, apply: str, split: Split) -> None:
    """``play`` with a clock around each part: the same calls, the same random draws."""
    do = getattr(state, apply)
    simultaneous = getattr(state, "is_simultaneous_node", None)
    while not state.is_terminal():
        if state.is_chance_node():
            started = clock()
            do(sample(state.chance_outcomes(), rng))
            split.chance += clock() - started
            split.chances += 1
        elif simultaneous is not None and simultaneous():
            started = clock()
            lists = [state.legal_actions(seat) for seat in range(state.num_players())]
            listed = clock()
            state.apply_actions([rng.choice(actions) for actions in lists])
            split.applying += clock() - listed
            split.listing += listed - started
            split.decisions += 1
        else:
            started = clock()
            actions = state.legal_actions()
            listed = clock()
            do(actions[rng.randrange(len(actions))])
            split.applying += clock() - listed
            split.listing += listed - started
            split.decisions += 1


@dataclass
class Implementation:
    """One implementation of one game: how to start a game, and the name of its apply method."""

    label: str
    new_game: Callable[[], object]
    apply: str
    plain: list = field(default_factory=list)   # seconds of each run's plain pass
    splits: list = field(default_factory=list)  # each run's Split
    steps: int = 0                              # steps of one run's games (the same every run)

    def run(self, games: int) -> None:
        started = clock()
        steps = 0
        for seed in range(games):
            steps += play(self.new_game(), random.Random(seed), self.apply)
        self.plain.append(clock() - started)
        if self.steps and steps != self.steps:
            raise SystemExit(f"{self.label}: seeded games played differently from one run to the next")
        self.steps = steps
        split = Split()
        for seed in range(games):
            play_split(self.new_game(), random.Random(seed), self.apply, split)
        self.splits.append(split)

    def games_per_second(self, games: int) -> float:
        return games / statistics.median(self.plain)

    def steps_per_second(self) -> float:
        return self.steps / statistics.median(self.plain)

    def split_us(self) -> tuple[float, float, float]:
        """Median microseconds: listing and applying per decision, and per chance node (nan: none)."""
        def median_us(seconds, count):
            values = [seconds(s) / count(s) * 1e6 for s in self.splits if count(s)]
            return statistics.median(values) if values else float("nan")
        return (median_us(lambda s: s.listing, lambda s: s.decisions),
                median_us(lambda s: s.applying, lambda s: s.decisions),
                median_us(lambda s: s.chance, lambda s: s.chances))


def measure(implementations: list[Implementation], games: int, runs: int) -> None:
    for implementation in implementations:  # a warm-up game each: imports, tables, caches
        play(implementation.new_game(), random.Random(-1), implementation.apply)
    for _ in range(runs):
        for implementation in implementations:
            implementation.run(games)


# ---- the implementations ----

def rulespec_implementation(label: str, game_id: str, variants=(), players: Optional[int] = None) -> Implementation:
    engine = rulespec.load(game_id, variants=variants)
    return Implementation(label, lambda: engine.new_game(players), "apply")


def openspiel_implementations(game_id: str, counterpart: Counterpart, engine) -> list[Implementation]:
    import pyspiel
    parameters = {}
    for parameter, option in counterpart.parameters.items():
        if option in engine.options:  # the rule file's default, so both play the same game
            parameters[parameter] = int(engine.options[option]["value"])
    found = []
    if counterpart.python is not None:
        module_name, class_name = counterpart.python
        python_game = getattr(importlib.import_module(module_name), class_name)(parameters or None)
        found.append(Implementation("OpenSpiel Python", python_game.new_initial_state, "apply_action"))
    cpp_game = pyspiel.load_game(counterpart.cpp, parameters)
    found.append(Implementation("OpenSpiel C++", cpp_game.new_initial_state, "apply_action"))
    return found


# ---- printing ----

def table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(header[i]), *(len(row[i]) for row in rows)) for i in range(len(header))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))) + " |")
    print()


def us(value: float) -> str:
    return "-" if value != value else f"{value:.1f}"


def split_rows(label: str, implementations: list[Implementation]) -> list[list[str]]:
    rows = []
    for implementation in implementations:
        listing, applying, chance = implementation.split_us()
        rows.append([f"{label}: {implementation.label}", us(listing), us(applying), us(chance),
                     f"{1e6 / implementation.steps_per_second():.1f}"])
    return rows


SPLIT_HEADER = ["game: implementation", "list us/decision", "apply us/decision", "chance us/node", "us/step (plain)"]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"1/{QUICK_DIVISOR} of the games per run")
    parser.add_argument("--games", default="", help="comma-separated rule file ids (default: every one present)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; medians are taken (default 5)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs is at least 1")
    present = bundled_rulebooks()
    chosen = [g.strip() for g in args.games.split(",") if g.strip()]
    known = set(GALLERY) | {game_id for _, game_id, _, _ in BUNDLED}
    unknown = [g for g in chosen if g not in known]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    wanted = (lambda g: g in chosen) if chosen else (lambda g: True)

    def games_for(game_id: str) -> int:
        return max(1, GAMES.get(game_id, 20) // (QUICK_DIVISOR if args.quick else 1))

    from importlib.metadata import version
    print(f"$ python benchmarks/bench_vs_openspiel.py {' '.join(argv if argv is not None else sys.argv[1:])}".rstrip())
    print(f"(Python {platform.python_version()}, {platform.machine()}, OpenSpiel {version('open_spiel')}; "
          f"medians of {args.runs} interleaved runs; random play through each public API)\n")

    gallery_rows, split_table = [], []
    for game_id, counterpart in GALLERY.items():
        if not wanted(game_id) or game_id not in present:
            continue
        ours = rulespec_implementation("rulespec", game_id)
        engine = rulespec.load(game_id)
        theirs = openspiel_implementations(game_id, counterpart, engine)
        games = games_for(game_id)
        measure([ours, *theirs], games, args.runs)
        python = next((i for i in theirs if i.label == "OpenSpiel Python"), None)
        cpp = next(i for i in theirs if i.label == "OpenSpiel C++")
        steps = "/".join(f"{i.steps / games:.1f}" for i in [ours, *theirs])
        gallery_rows.append([
            game_id, f"{ours.games_per_second(games):,.0f}",
            "-" if python is None else f"{python.games_per_second(games):,.0f}",
            f"{cpp.games_per_second(games):,.0f}",
            "-" if python is None else f"{ours.games_per_second(games) / python.games_per_second(games):.2f}x",
            f"{cpp.games_per_second(games) / ours.games_per_second(games):.1f}x",
            "-" if python is None else f"{ours.steps_per_second() / python.steps_per_second():.2f}x",
            f"{cpp.steps_per_second() / ours.steps_per_second():.1f}x",
            steps, str(games)])
        split_table += split_rows(game_id, [ours, *theirs])
    if gallery_rows:
        # Two kinds of ratio. The same seeds make different games in different implementations (each draws
        # from its random stream in its own order), so a run's games differ in length by chance: the ratio of
        # steps/s (time per step; the targets' measure) does not depend on it. Where a game's steps are not the
        # same things in both (a simultaneous round is one OpenSpiel step and one rulespec step per seat), the
        # ratio of games/s is the like-for-like one.
        print("Gallery: the same game in rulespec and in OpenSpiel (games/s; ratios of games/s, then of steps/s; "
              "steps/game: rulespec/[Python/]C++)")
        table(["game", "rulespec", "OpenSpiel Python", "OpenSpiel C++", "rulespec / Python", "C++ / rulespec",
               "rulespec / Python, steps/s", "C++ / rulespec, steps/s", "steps/game", "games/run"], gallery_rows)

    bundled_rows = []
    for label, game_id, variants, players in BUNDLED:
        if not wanted(game_id) or game_id not in present:
            continue
        ours = rulespec_implementation("rulespec", game_id, variants, players)
        games = games_for(game_id)
        measure([ours], games, args.runs)
        bundled_rows.append([label, f"{ours.steps_per_second():,.0f}", f"{ours.games_per_second(games):,.1f}",
                             f"{ours.steps / games:.0f}", str(games)])
        split_table += split_rows(label, [ours])
    if bundled_rows:
        print("Bundled games through the public API")
        table(["game", "steps/s", "games/s", "steps/game", "games/run"], bundled_rows)

    if wanted("shrimp") and "shrimp" in present:
        from shrimp.oracle import Shrimp
        oracle_rows = []
        for players in (2, 6):
            engine = rulespec_implementation("engine", "shrimp", (), players)
            oracle = Implementation("oracle", lambda players=players: Shrimp(players), "apply")
            games = games_for("shrimp")
            measure([engine, oracle], games, args.runs)
            if engine.steps != oracle.steps:
                raise SystemExit(f"Shrimp {players}p: the engine and the oracle played different games")
            oracle_rows.append([f"Shrimp {players}p", f"{engine.steps_per_second():,.0f}",
                                f"{oracle.steps_per_second():,.0f}",
                                f"{engine.steps_per_second() / oracle.steps_per_second():.2f}x"])
            split_table += split_rows(f"Shrimp {players}p", [engine, oracle])
        print("Shrimp: the generated engine against the plain-Python oracle (tests/shrimp/oracle.py), same random play")
        table(["game", "engine steps/s", "oracle steps/s", "engine / oracle"], oracle_rows)

    if split_table:
        print("Where a step's time goes (median microseconds; the clocked pass)")
        table(SPLIT_HEADER, split_table)


if __name__ == "__main__":
    main()
