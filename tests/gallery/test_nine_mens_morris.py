"""Nine men's morris (rulebooks/nine-mens-morris.rules) plays exactly as OpenSpiel's `nine_mens_morris`.

OpenSpiel numbers the 24 points row by row from the top left (a7 0, d7 1, ... g1 23), the order the board
declares its spaces in; its player 0 is white. Placing on a point and removing the man on a point are the
point's number; moving or flying a man from s to t is 24 + 24 s + t. Lock step over seeded random games:
the same actions offered, the same player to move, the same end and returns, at every step.
"""

import random
import re
import time

import pytest

import rulespec

from .lockstep import random_game_in_lock_step

pyspiel = pytest.importorskip("pyspiel")

POINTS = ("a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1").split()
NUMBER = {name: n for n, name in enumerate(POINTS)}
AT_A_POINT = re.compile(r": (?:place on|remove) (\w\d)$")
FROM_TO = re.compile(r": (?:move|fly) (\w\d) to (\w\d)$")


def openspiel_number(text: str) -> int:
    point = AT_A_POINT.search(text)
    if point:
        return NUMBER[point.group(1)]
    source, target = FROM_TO.search(text).groups()
    return len(POINTS) + NUMBER[source] * len(POINTS) + NUMBER[target]


def assert_same(ours, theirs) -> dict[int, object]:
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if theirs.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
        return {}
    assert ours.current_player() == theirs.current_player(), str(theirs)
    by_number = {openspiel_number(str(action)): action for action in ours.legal_actions()}
    assert len(by_number) == len(ours.legal_actions()), "two actions for one number"
    assert sorted(by_number) == theirs.legal_actions(), str(theirs)
    return by_number


def test_random_games_agree():
    game, theirs_game = rulespec.load("nine-mens-morris"), pyspiel.load_game("nine_mens_morris")
    games, steps, ends = 300, 0, {}
    started = time.perf_counter()
    for seed in range(games):
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        steps += random_game_in_lock_step(ours, theirs, random.Random(seed), assert_same)
        end = ours.outcome()["end"]
        ends[end] = ends.get(end, 0) + 1
    seconds = time.perf_counter() - started
    print(f"nine men's morris: {games} random games, {steps} steps in {seconds:.1f}s, all agreeing; ends {ends}")
    assert steps > games * 50 and ends.get("two_men") and ends.get("two_hundred_turns")
