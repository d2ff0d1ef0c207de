"""Nine men's morris (rulebooks/nine-mens-morris.rules) plays exactly as OpenSpiel's `nine_mens_morris`, numbered
as OpenSpiel numbers it.

OpenSpiel numbers the 24 points row by row from the top left (a7 0, d7 1, ... g1 23), the order the board
declares its spaces in; its player 0 is white. Placing on a point and removing the man on a point are the
point's number; moving or flying a man from s to t is 24 + 24 s + t. The rule file says the same numbers
(`actions numbered 0 to 599`, each option's `numbered`, ruling NMM-AMB-5), so through the
OpenSpiel adapter our legal action numbers ARE OpenSpiel's. Lock step over seeded random games: the same
numbers offered, each naming the same move, the same player to move, the same end and returns, at every step.
"""

import random
import re
import time
from collections import Counter

import pytest

from tests.long_runs import count

from .lockstep import random_games_by_number

pyspiel = pytest.importorskip("pyspiel")
rso = pytest.importorskip("rulespec.openspiel")

POINTS = ("a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1").split()
NUMBER = {name: n for n, name in enumerate(POINTS)}
AT_A_POINT = re.compile(r"^(?:place on|remove) (\w\d)$")
FROM_TO = re.compile(r"^(?:move|fly) (\w\d) to (\w\d)$")


def openspiel_number(text: str) -> int:
    """OpenSpiel's number for the move our text names."""
    point = AT_A_POINT.search(text)
    if point:
        return NUMBER[point.group(1)]
    source, target = FROM_TO.search(text).groups()
    return len(POINTS) + NUMBER[source] * len(POINTS) + NUMBER[target]


def test_the_game_has_openspiels_numbers_and_bounds():
    ours, theirs = rso.load_game("nine-mens-morris"), pyspiel.load_game("nine_mens_morris")
    assert ours.num_distinct_actions() == theirs.num_distinct_actions() == 600
    assert ours.max_game_length() == theirs.max_game_length() == 214  # `at most 214 decisions`
    for n, point in enumerate(POINTS):  # a point's number without a state: placing on it or removing from it
        assert ours.action_to_string(0, n) == f"place on {point} / remove {point}"
    assert ours.action_to_string(1, 24 + 24 * NUMBER["d6"] + NUMBER["d5"]) == "move d6 to d5 / fly d6 to d5"
    assert ours.action_to_string(1, 24 + 24 * NUMBER["a7"] + NUMBER["g1"]) == "fly a7 to g1"


def test_random_games_agree_number_for_number():
    games, started = count("MORRIS_GAMES", 60, 300), time.perf_counter()
    steps, finals = random_games_by_number(rso.load_game("nine-mens-morris"), pyspiel.load_game("nine_mens_morris"),
                                           range(games), openspiel_number)
    ends = Counter(state.outcome()["end"] for state in finals)
    print(f"nine men's morris: {games} random games, {steps} steps in {time.perf_counter() - started:.1f}s, all "
          f"agreeing number for number; ends {dict(ends)}")
    assert steps > games * 50 and ends["two_men"] and ends["two_hundred_turns"]


def test_twelve_mens_morris_numbers_its_diagonal_moves_the_same_way():
    # The house rule declares the board again (diagonals linked): its `spaces` line, in the same order, keeps the
    # numbers (`index of s`).
    game = rso.load_game("nine-mens-morris/nine-mens-morris-twelve")
    assert game.num_distinct_actions() == 600 and game.max_game_length() == 220
    assert game.action_to_string(0, 24 + 24 * NUMBER["b6"] + NUMBER["c5"]) == "move b6 to c5 / fly b6 to c5"
    played = 0
    for seed in range(5):
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            number = rng.choice(state.legal_actions())
            assert openspiel_number(state.action_to_string(state.current_player(), number)) == number
            state.apply_action(number)
            played += 1
    assert played > 5 * 50
