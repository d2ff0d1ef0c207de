"""Hex (rulebooks/hex.rules) plays exactly as OpenSpiel's `hex`.

OpenSpiel numbers a hexagon row by row from the top left, (row - 1) * board_size + (column - 1), with the
same neighbours as rulespec's hexagonal layout (each row half a hexagon east of the row above); player 0
(x, black) joins the top and bottom rows, player 1 (o, white) the left and right columns. Our action is
read from its text ("black on row 2 column 3"). Lock step over seeded random games at several sizes, and
every position of the 2 x 2 and 3 x 3 boards (each position once, however it was reached). The house rule
`hex/hex-swap` is checked against OpenSpiel's `swap=True` the same way.
"""

import random
import re

import pytest

import rulespec

from .lockstep import random_game_in_lock_step

pyspiel = pytest.importorskip("pyspiel")

HEXAGON = re.compile(r"on row (\d+) column (\d+)$")
SWAP = "swap"


def _games(size: int, name: str = "hex", **theirs):
    return (rulespec.load(name, options={"board_size": str(size)}),
            pyspiel.load_game("hex", {"board_size": size, **theirs}))


def _number(text: str, size: int) -> int:
    """OpenSpiel's action for one of ours: its hexagon's number, or the swap action (board_size squared)."""
    if text.endswith(SWAP):
        return size * size
    row, column = map(int, HEXAGON.search(text).groups())
    return (row - 1) * size + (column - 1)


def same_for(size: int):
    def assert_same(ours, theirs) -> dict[int, object]:
        assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
        if theirs.is_terminal():
            assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
            return {}
        assert ours.current_player() == theirs.current_player(), str(theirs)
        by_number = {_number(a.text, size): a for a in ours.legal_actions()}
        assert len(by_number) == len(ours.legal_actions()), "two actions for one hexagon"
        assert sorted(by_number) == sorted(theirs.legal_actions()), str(theirs)
        return by_number
    return assert_same


@pytest.mark.parametrize("size, games", [(3, 150), (5, 100), (11, 20)])
def test_random_games_agree(size, games):
    game, theirs_game = _games(size)
    steps, wins = 0, {1.0: 0, -1.0: 0}
    for seed in range(games):
        rng = random.Random(size * 1000 + seed)
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        steps += random_game_in_lock_step(ours, theirs, rng, same_for(size))
        wins[theirs.returns()[0]] += 1
    print(f"hex {size}x{size}: {games} random games, {steps} steps (black won {wins[1.0]}, white {wins[-1.0]}), "
          f"all agreeing")
    assert steps >= games * (2 * size - 1) and wins[1.0] and wins[-1.0]


def walk_every_position(ours, theirs, same, seen: set) -> None:
    """Every position below both states in lock step, each once (keyed by OpenSpiel's picture of it)."""
    key = str(theirs)
    if key in seen:
        return
    seen.add(key)
    for number, action in same(ours, theirs).items():
        ours_child, theirs_child = ours.clone(), theirs.child(number)
        ours_child.apply(action)
        walk_every_position(ours_child, theirs_child, same, seen)


@pytest.mark.parametrize("size", [2, 3])
def test_every_position_of_the_small_boards_agrees(size):
    game, theirs_game = _games(size)
    seen: set = set()
    walk_every_position(game.new_game(2), theirs_game.new_initial_state(), same_for(size), seen)
    print(f"hex {size}x{size}: all {len(seen)} positions agree")
    assert len(seen) > 3 ** (size * size) // 4


@pytest.mark.parametrize("size, games", [(3, 100), (5, 60)])
def test_the_swap_rule_agrees_with_openspiels_swap(size, games):
    game, theirs_game = _games(size, "hex/hex-swap", swap=True)
    steps, swaps, same = 0, 0, same_for(size)
    for seed in range(games):
        rng = random.Random(size * 7000 + seed)
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        while True:  # at random, but every other game swaps when it may (one chance in 9 or 25 else)
            by_number = same(ours, theirs)
            if theirs.is_terminal():
                break
            number = size * size if seed % 2 and size * size in by_number else rng.choice(sorted(by_number))
            ours.apply(by_number[number])
            theirs.apply_action(number)
            steps += 1
        swaps += size * size in theirs.history()
    print(f"hex-swap {size}x{size}: {games} random games, {steps} steps, {swaps} with a swap, all agreeing")
    assert swaps >= games // 2


def test_a_chain_from_top_to_bottom_wins_for_black():
    state = rulespec.load("hex", options={"board_size": "3"}).new_game(2)
    for action in ("black on row 1 column 3", "white on row 1 column 1", "black on row 2 column 2",
                   "white on row 2 column 1", "black on row 3 column 1"):
        assert not state.is_terminal()
        state.apply(f"player {1 if action.startswith('black') else 2}: {action}")
    assert state.outcome()["end"] == "top_to_bottom" and state.returns() == [1.0, -1.0]


def test_the_swap_house_rule_passes_its_examples_and_verifies():
    from rulespec.pipeline.examples import run_examples
    from rulespec.check.verify import verify
    house = rulespec.load("hex/hex-swap")
    results = run_examples(house)
    assert len(results) == 4 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert verify("hex/hex-swap", players=2, max_examples=2, stateful_step_count=12, seed=1, derandomize=True,
                  save_counterexamples=None).ok
