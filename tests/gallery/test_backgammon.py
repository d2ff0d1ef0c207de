"""Backgammon (rulebooks/backgammon.rules) plays exactly as OpenSpiel's `backgammon` with full scoring.

The rule file's player 1 (white) is OpenSpiel's X (player 0), player 2 (black) its O; each numbers the points
from its own side, so white's point n is OpenSpiel's position 24 - n and black's n is n - 1 (25 the bar, 0 off).

Decisions: a decision is OpenSpiel's (ruling BG-AMB-3): the two checker moves of a pair of numbers, one when only
one number can be used, or a pass; a double is two such decisions (BG-AMB-1). The rule file numbers them with
`numbered` as OpenSpiel does, so the rulespec side is played through rulespec.openspiel and, at every decision,
its legal action numbers must be OpenSpiel's and the same number is applied to both; the positions are then
compared.

Chance: OpenSpiel's opening roll is 30 equally likely outcomes (who starts, and with which two different numbers),
ours the 30 ordered pairs `player 1 rolls a, player 2 rolls b`. A later roll is 36 equally likely ordered pairs in
OpenSpiel and 21 unordered ones in the rule file (`roll 1 and 2`, 1/18); the pairs are compared by the two numbers,
their probabilities added up.
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
    theirs_odds, by_key = Counter(), {}
    for action, p in theirs.chance_outcomes():
        text = theirs.action_to_string(action)
        a, b = map(int, ROLL.search(text).groups())
        key = ("O starts" in text, min(a, b), max(a, b)) if opening else (min(a, b), max(a, b))
        theirs_odds[key] += p
        by_key.setdefault(key, action)
    ours_odds, ours_by_key = {}, {}
    for action, p in ours.chance_outcomes():
        text = ours.action_to_string(pyspiel.PlayerId.CHANCE, action)
        a, b = map(int, re.fullmatch(r"player 1 rolls (\d), player 2 rolls (\d)|roll (\d) and (\d)",
                                     text).group(*((1, 2) if opening else (3, 4))))
        key = (b > a, min(a, b), max(a, b)) if opening else (a, b)  # (black starts when player 2 rolls higher)
        ours_odds[key], ours_by_key[key] = p, action
    assert ours_odds == pytest.approx(dict(theirs_odds), abs=1e-12)
    key = rng.choices(sorted(theirs_odds), [theirs_odds[k] for k in sorted(theirs_odds)])[0]
    theirs.apply_action(by_key[key])
    ours.apply_action(ours_by_key[key])


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
    ours, theirs = game.new_initial_state(), theirs_game.new_initial_state()
    ours.apply_action(next(a for a, _ in ours.chance_outcomes()
                           if ours.action_to_string(pyspiel.PlayerId.CHANCE, a) == "player 1 rolls 3, player 2 rolls 1"))
    theirs.apply_action(next(a for a, _ in theirs.chance_outcomes()
                             if theirs.action_to_string(a).endswith("X starts, (roll: 13)")))
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
