"""Breakthrough (rulebooks/breakthrough.rules) plays exactly as OpenSpiel's `breakthrough` (8 x 8), with
OpenSpiel's action numbers.

OpenSpiel names a move by its squares, `a7a6` (a file letter, a rank counted from 8 at the top, black's
side, down to 1; a capture adds `*`); our "row 2 column 1 to row 3 column 1" ("takes" for a capture) is
read into the same name (ruling BT-AMB-1). The rule file numbers its actions as OpenSpiel does
(`actions numbered 0 to 767`, ruling BT-AMB-2): through the OpenSpiel adapter our legal actions ARE
OpenSpiel's numbers, every number names OpenSpiel's move, and the same number is applied to both sides.
Lock step over seeded random games: the same moves offered, the same player to move, the same end and
returns. The house rule `breakthrough/breakthrough-six-by-six` is checked against OpenSpiel's `rows=6,
columns=6` the same way (its numbers 0 to 431, OpenSpiel's).
"""

import random
import re

import pytest

import rulespec
from tests.gallery.lockstep import agree_through_adapter
from tests.long_runs import count

pyspiel = pytest.importorskip("pyspiel")
import rulespec.openspiel as rso  # noqa: E402  (registers the games)

MOVE = re.compile(r"row (\d) column (\d) (to|takes) row (\d) column (\d)$")


def openspiels_name(text: str, rows: int = 8) -> str:
    row, column, verb, to_row, to_column = MOVE.fullmatch(text).groups()
    row, column, to_row, to_column = map(int, (row, column, to_row, to_column))
    return (f"{'abcdefgh'[column - 1]}{rows + 1 - row}{'abcdefgh'[to_column - 1]}{rows + 1 - to_row}"
            f"{'*' if verb == 'takes' else ''}")


def same_number(ours, number: int) -> int:
    """OpenSpiel's number for our action ``number``: the number itself (checked by its name where it is played,
    and for every number at the start)."""
    return number


def play_random_games(game, theirs_game, games: int, rows: int) -> tuple[int, int, dict]:
    """Seeded random games in lock step through the OpenSpiel adapter, the same numbers applied to both sides;
    returns (moves, captures, wins by black's return)."""
    start = theirs_game.new_initial_state()  # (OpenSpiel names a number alike in every state)
    assert game.num_distinct_actions() == theirs_game.num_distinct_actions() == rows * rows * 6 * 2
    for seat in (0, 1):  # every number that names a move of ours names OpenSpiel's move of that number
        named = [(n, game.action_to_string(seat, n)) for n in range(game.num_distinct_actions())]
        assert all(openspiels_name(text, rows) == start.action_to_string(seat, n)
                   for n, text in named if not text.startswith("(no action"))
    steps, captures, wins = 0, 0, {1.0: 0, -1.0: 0}
    for seed in range(games):
        rng = random.Random(rows * 1000 + seed)
        ours, theirs = game.new_initial_state(), theirs_game.new_initial_state()
        while agree_through_adapter(ours, theirs, same_number):  # (our legal actions are OpenSpiel's numbers)
            seat, number = theirs.current_player(), rng.choice(theirs.legal_actions())
            name = theirs.action_to_string(seat, number)
            assert openspiels_name(ours.action_to_string(seat, number), rows) == name
            captures += name.endswith("*")
            ours.apply_action(number)
            theirs.apply_action(number)
            steps += 1
        wins[theirs.returns()[0]] += 1
    return steps, captures, wins


def test_random_games_agree():
    games = count("BREAKTHROUGH_GAMES", 60, 300)
    steps, captures, wins = play_random_games(rso.load_game("breakthrough"), pyspiel.load_game("breakthrough"),
                                              games, rows=8)
    print(f"breakthrough: {games} random games, {steps} moves, {captures} captures (black won {wins[1.0]}, "
          f"white {wins[-1.0]}), all agreeing")
    assert steps > games * 20 and captures > games and wins[1.0] and wins[-1.0]


def test_the_six_by_six_house_rule_agrees_with_openspiels_six_by_six():
    games = count("BREAKTHROUGH_SIX_GAMES", 40, 200)
    steps, captures, wins = play_random_games(rso.load_game("breakthrough/breakthrough-six-by-six"),
                                              pyspiel.load_game("breakthrough", {"rows": 6, "columns": 6}),
                                              games, rows=6)
    print(f"breakthrough 6 x 6: {games} random games, {steps} moves, {captures} captures, all agreeing")
    assert steps > games * 10 and captures > games and wins[1.0] and wins[-1.0]


def test_the_six_by_six_house_rule_passes_its_examples_and_verifies():
    from rulespec.pipeline.examples import run_examples
    from rulespec.check.verify import verify
    results = run_examples(rulespec.load("breakthrough/breakthrough-six-by-six"))
    assert len(results) == 5 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert verify("breakthrough/breakthrough-six-by-six", players=2, max_examples=2, stateful_step_count=12,
                  seed=1, derandomize=True, save_counterexamples=None).ok
