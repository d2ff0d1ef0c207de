"""Dots and boxes (rulebooks/dots-and-boxes.rules) plays exactly as OpenSpiel's `dots_and_boxes` (its
defaults: 2 x 2 boxes, utility_margin false).

OpenSpiel numbers the horizontal lines first, by the row then the column of their left dot, then the
vertical ones by the row and column of their top dot, all from 0; our "line at row 1 column 2" is a
place on the paper's board of 5 x 5 squares (ruling DB-AMB-1) and is read into that number. Lock step
over seeded random games (the same lines offered, the same player to move, a player who completes a box
drawing again, the same returns) and every position of the game, each once. The house rule
`dots-and-boxes/dots-and-boxes-three-by-three` is checked against OpenSpiel's num_rows=3, num_cols=3.
"""

import random
import re

import pytest

import rulespec

from .lockstep import random_game_in_lock_step

pyspiel = pytest.importorskip("pyspiel")

LINE = re.compile(r"line at row (\d) column (\d)$")


def openspiels_number(text: str, boxes: int = 2) -> int:
    """OpenSpiel's number for our line on a sheet of ``boxes`` x ``boxes`` boxes."""
    row, column = map(int, LINE.search(text).groups())
    if row % 2:  # across, between the dots of row (row - 1) / 2
        return (row - 1) // 2 * boxes + column // 2 - 1
    return (boxes + 1) * boxes + (row // 2 - 1) * (boxes + 1) + (column - 1) // 2


def assert_same(ours, theirs, boxes: int = 2) -> dict[int, object]:
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if theirs.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
        return {}
    assert ours.current_player() == theirs.current_player(), str(theirs)
    by_number = {openspiels_number(a.text, boxes): a for a in ours.legal_actions()}
    assert len(by_number) == len(ours.legal_actions()), "two actions for one line"
    assert sorted(by_number) == theirs.legal_actions(), str(theirs)
    return by_number


def test_random_games_agree():
    game, theirs_game = rulespec.load("dots-and-boxes"), pyspiel.load_game("dots_and_boxes")
    games, steps, results = 300, 0, {1.0: 0, -1.0: 0, 0.0: 0}
    for seed in range(games):
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        steps += random_game_in_lock_step(ours, theirs, random.Random(seed), assert_same)
        results[theirs.returns()[0]] += 1
    print(f"dots and boxes: {games} random games, {steps} lines (player 1 won {results[1.0]}, lost "
          f"{results[-1.0]}, drew {results[0.0]}), all agreeing")
    assert steps == games * 12 and all(results.values())


def walk_every_position(ours, theirs, seen: set) -> None:
    """Every position below both states in lock step, each once (OpenSpiel's picture and its player)."""
    key = (str(theirs), theirs.current_player())
    if key in seen:
        return
    seen.add(key)
    for number, action in assert_same(ours, theirs).items():
        child = ours.clone()
        child.apply(action)
        walk_every_position(child, theirs.child(number), seen)


def test_every_position_agrees():
    seen: set = set()
    walk_every_position(rulespec.load("dots-and-boxes").new_game(2),
                        pyspiel.load_game("dots_and_boxes").new_initial_state(), seen)
    print(f"dots and boxes: all {len(seen)} positions agree")
    assert len(seen) == 5547  # as tests/newcomer finds for the same game


def test_the_three_by_three_house_rule_agrees_with_openspiels_three_by_three():
    game = rulespec.load("dots-and-boxes/dots-and-boxes-three-by-three")
    theirs_game = pyspiel.load_game("dots_and_boxes", {"num_rows": 3, "num_cols": 3})
    games, results = 200, {1.0: 0, -1.0: 0, 0.0: 0}
    for seed in range(games):
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        random_game_in_lock_step(ours, theirs, random.Random(3000 + seed),
                                 lambda ours, theirs: assert_same(ours, theirs, boxes=3))
        results[theirs.returns()[0]] += 1
    print(f"dots and boxes 3 x 3: {games} random games (player 1 won {results[1.0]}, lost {results[-1.0]}), "
          f"all agreeing")
    assert results[1.0] and results[-1.0]


def test_the_three_by_three_house_rule_passes_its_examples_and_verifies():
    from rulespec.pipeline.examples import run_examples
    from rulespec.check.verify import verify
    results = run_examples(rulespec.load("dots-and-boxes/dots-and-boxes-three-by-three"))
    assert len(results) == 5 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert verify("dots-and-boxes/dots-and-boxes-three-by-three", players=2, max_examples=2, stateful_step_count=12,
                  seed=1, derandomize=True, save_counterexamples=None).ok
