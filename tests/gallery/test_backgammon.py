"""Backgammon (rulebooks/backgammon.rules) plays exactly as OpenSpiel's `backgammon` with full scoring.

The rule file's player 1 (white) is OpenSpiel's X (player 0), player 2 (black) its O; each numbers the points
from its own side, so white's point n is OpenSpiel's position 24 - n and black's n is n - 1 (25 the bar, 0 off).

Decisions: a decision is OpenSpiel's (ruling BG-AMB-3): the two checker moves of a pair of numbers, one when only
one number can be used, or a pass; a double is two such decisions (BG-AMB-1). The rule file numbers them with
`numbered` as OpenSpiel does, so the rulespec side is played through rulespec.openspiel and, at every decision,
its legal action numbers must be OpenSpiel's and the same number is applied to both; the positions are then
compared.

Chance: the rule file numbers its chance outcomes as OpenSpiel does (`chance outcomes numbered 0 to 35`, ruling
BG-AMB-5): the opening roll's 30 outcomes (who starts, and with which two different numbers; ours the ordered pairs
`player 1 rolls a, player 2 rolls b`) and a later roll's 36 ordered pairs (`roll 2 and 1` is OpenSpiel's 1). At every
chance node our numbers and their probabilities must be OpenSpiel's and each number the same roll; OpenSpiel's
number drawn is applied to both, as OpenSpiel's MCTS draws chance by number.
"""

import random
import re
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")

import rulespec.openspiel as rso  # noqa: E402  (registers the games)
from tests.long_runs import count  # noqa: E402

LABEL = re.compile(r"^(white|black) on (\d+)$")
ROLL = re.compile(r"roll: (\d)(\d)\)")
PASS = 1351  # OpenSpiel's pass: no checker moves, the lower number "first"


def theirs_position(theirs) -> tuple:
    text = str(theirs)
    bar = re.search(r"Bar:(.*)", text).group(1)
    scores = re.search(r"Scores, X: (\d+), O: (\d+)", text).groups()
    return tuple((tuple(theirs.board(p, i) for i in range(24)), bar.count("xo"[p]), int(scores[p])) for p in (0, 1))


def ours_position(ours) -> tuple:
    points = [[0] * 24, [0] * 24]
    bar, off = [0, 0], [0, 0]
    for label in ours.rulespec_state.observation(0)["zones"]["table"]["items"]:
        colour, point = LABEL.match(label).groups()
        p, n = ("white", "black").index(colour), int(point)
        if n == 25:
            bar[p] += 1
        elif n == 0:
            off[p] += 1
        else:
            points[p][24 - n if p == 0 else n - 1] += 1
    return tuple((tuple(points[p]), bar[p], off[p]) for p in (0, 1))


def chance_in_lock_step(ours, theirs, rng: random.Random, opening: bool) -> None:
    """Our chance outcomes are OpenSpiel's: the same numbers with the same probabilities, each number the same
    roll (who starts, at the opening); OpenSpiel's number drawn is applied to both."""
    theirs_odds = dict(theirs.chance_outcomes())
    assert dict(ours.chance_outcomes()) == pytest.approx(theirs_odds, abs=1e-12)
    assert ours.legal_actions() == theirs.legal_actions() == sorted(theirs_odds)
    for number in theirs_odds:
        assert same_roll(ours.action_to_string(pyspiel.PlayerId.CHANCE, number), theirs.action_to_string(number),
                         opening)
    numbers = sorted(theirs_odds)
    number = rng.choices(numbers, [theirs_odds[n] for n in numbers])[0]
    theirs.apply_action(number)
    ours.apply_action(number)


def same_roll(ours: str, theirs: str, opening: bool) -> bool:
    """Whether our outcome's text and OpenSpiel's tell the same roll: at the opening who starts (the higher number)
    and the two numbers; later the two dice in order."""
    a, b = map(int, ROLL.search(theirs).groups())
    if opening:
        x, y = map(int, re.fullmatch(r"player 1 rolls (\d), player 2 rolls (\d)", ours).groups())
        return ("O starts" in theirs) == (y > x) and {a, b} == {x, y}
    return ours == f"roll {a} and {b}"


def play_in_lock_step(ours, theirs, rng: random.Random) -> Counter:
    """One random game on both sides; returns how many decisions of each kind it took (two moves, one, a pass)."""
    kinds = Counter()
    opening = True
    while True:
        assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
        if theirs.is_terminal():
            assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
            return kinds
        assert ours.is_chance_node() == theirs.is_chance_node(), str(theirs)
        if theirs.is_chance_node():
            chance_in_lock_step(ours, theirs, rng, opening)
            opening = False
            continue
        assert ours.current_player() == theirs.current_player(), str(theirs)
        legal = theirs.legal_actions()
        assert ours.legal_actions() == legal, str(theirs)  # our numbers are OpenSpiel's
        number = rng.choice(legal)
        kinds["pass" if number == PASS else "one" if number % 676 >= 650 else "two"] += 1
        ours.apply_action(number)
        theirs.apply_action(number)
        assert ours_position(ours) == theirs_position(theirs), str(theirs)


def random_games_agree(games: int, ours_name: str = "backgammon",
                       theirs_name: str = "backgammon(scoring_type=full_scoring)") -> tuple[Counter, Counter]:
    game, theirs_game = rso.load_game(ours_name), pyspiel.load_game(theirs_name)
    kinds, results = Counter(), Counter()
    for seed in range(games):
        ours, theirs = game.new_initial_state(), theirs_game.new_initial_state()
        kinds += play_in_lock_step(ours, theirs, random.Random(seed))
        results[abs(theirs.returns()[0])] += 1
    return kinds, results


# A game takes about half a second in lock step, so the suite plays 20; the gallery's 300 with
# RULESPEC_LONG_TESTS=1 or RULESPEC_BACKGAMMON_GAMES=300 (tests/long_runs.py).
GAMES = count("BACKGAMMON_GAMES", suite=20, full=300)


def test_random_games_agree():
    kinds, results = random_games_agree(GAMES)
    print(f"backgammon: {GAMES} random games, {kinds['two']} decisions of two moves, {kinds['one']} of one and "
          f"{kinds['pass']} passes (single {results[1.0]}, gammons {results[2.0]}, backgammons {results[3.0]}), "
          f"every action numbered as OpenSpiel's")
    assert kinds["two"] > GAMES * 40 and kinds["one"] and kinds["pass"]
    assert results[1.0] and results[2.0] and results[3.0]


def test_the_action_space_and_texts_are_openspiels():
    game, theirs_game = rso.load_game("backgammon"), pyspiel.load_game("backgammon(scoring_type=full_scoring)")
    assert game.num_distinct_actions() == theirs_game.num_distinct_actions() == 1352
    assert game.max_chance_outcomes() == theirs_game.max_chance_outcomes() == 36
    assert [game.action_to_string(pyspiel.PlayerId.CHANCE, n) for n in (0, 1, 29, 30, 35)] == \
        ["player 1 rolls 2, player 2 rolls 1 / roll 1 and 2", "player 1 rolls 1, player 2 rolls 2 / roll 2 and 1",
         "player 1 rolls 5, player 2 rolls 6 / roll 6 and 5", "roll 1 and 1", "roll 6 and 6"]
    ours, theirs = game.new_initial_state(), theirs_game.new_initial_state()
    assert ours.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "player 1 rolls 3, player 2 rolls 1"
    assert theirs.action_to_string(2).endswith("X starts, (roll: 13)")
    ours.apply_action(2)
    theirs.apply_action(2)
    assert ours.legal_actions() == theirs.legal_actions()
    # White's 8/5 6/5: OpenSpiel's positions 16 and 18, the 3 first: 16 + 26 * 18.
    assert theirs.action_to_string(0, 16 + 26 * 18) == "484 - 8/5 6/5"
    assert ours.action_to_string(0, 16 + 26 * 18) == "from 8 then 6, the higher number first"
    # Without a state, each seat's own: black's 8 and 6 are OpenSpiel's positions 7 and 5.
    assert game.action_to_string(0, 16 + 26 * 18) == game.action_to_string(1, 7 + 26 * 5) == ours.action_to_string(0, 484)
    assert game.action_to_string(0, 1351) == "pass" and game.action_to_string(1, 24 + 650 + 676) == "from 25 with the lower number"


def test_the_house_rule_without_gammons_agrees_with_win_loss_scoring():
    kinds, results = random_games_agree(5, "backgammon/backgammon-no-gammons", "backgammon")
    assert kinds["two"] > 5 * 40 and set(results) == {1.0}
