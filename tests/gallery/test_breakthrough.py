"""Breakthrough (rulebooks/breakthrough.rules) plays exactly as OpenSpiel's `breakthrough` (8 x 8).

OpenSpiel names a move by its squares, `a7a6` (a file letter, a rank counted from 8 at the top, black's
side, down to 1; a capture adds `*`); our "row 2 column 1 to row 3 column 1" is read into the same name
(ruling BT-AMB-2), so the actions are matched by what they do, not by number. Lock step over seeded
random games: the same moves offered, the same player to move, the same end and returns. The house rule
`breakthrough/breakthrough-six-by-six` is checked against OpenSpiel's `rows=6, columns=6` the same way.
"""

import random
import re

import pytest

import rulespec

pyspiel = pytest.importorskip("pyspiel")

MOVE = re.compile(r"row (\d) column (\d) (to|takes) row (\d) column (\d)$")


def openspiels_name(text: str, rows: int = 8) -> str:
    row, column, verb, to_row, to_column = MOVE.fullmatch(text).groups()
    row, column, to_row, to_column = map(int, (row, column, to_row, to_column))
    return (f"{'abcdefgh'[column - 1]}{rows + 1 - row}{'abcdefgh'[to_column - 1]}{rows + 1 - to_row}"
            f"{'*' if verb == 'takes' else ''}")


def assert_same(ours, theirs, rows: int = 8) -> dict[int, object]:
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if theirs.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
        return {}
    seat = theirs.current_player()
    assert ours.current_player() == seat, str(theirs)
    theirs_by_name = {theirs.action_to_string(seat, a): a for a in theirs.legal_actions()}
    ours_by_name = {openspiels_name(a.text, rows): a for a in ours.legal_actions()}
    assert len(ours_by_name) == len(ours.legal_actions()), "two actions for one move"
    assert sorted(ours_by_name) == sorted(theirs_by_name), str(theirs)
    return {theirs_by_name[name]: action for name, action in ours_by_name.items()}


def play_random_games(game, theirs_game, games: int, rows: int) -> tuple[int, int, dict]:
    """Seeded random games in lock step; returns (moves, captures, wins by black's return)."""
    steps, captures, wins = 0, 0, {1.0: 0, -1.0: 0}
    for seed in range(games):
        rng = random.Random(rows * 1000 + seed)
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        while True:
            by_number = assert_same(ours, theirs, rows)
            if theirs.is_terminal():
                break
            number = rng.choice(sorted(by_number))
            captures += theirs.action_to_string(theirs.current_player(), number).endswith("*")
            ours.apply(by_number[number])
            theirs.apply_action(number)
            steps += 1
        wins[theirs.returns()[0]] += 1
    return steps, captures, wins


def test_random_games_agree():
    games = 300
    steps, captures, wins = play_random_games(rulespec.load("breakthrough"), pyspiel.load_game("breakthrough"),
                                              games, rows=8)
    print(f"breakthrough: {games} random games, {steps} moves, {captures} captures (black won {wins[1.0]}, "
          f"white {wins[-1.0]}), all agreeing")
    assert steps > games * 20 and captures > games and wins[1.0] and wins[-1.0]


def test_the_six_by_six_house_rule_agrees_with_openspiels_six_by_six():
    games = 200
    steps, captures, wins = play_random_games(rulespec.load("breakthrough/breakthrough-six-by-six"),
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
