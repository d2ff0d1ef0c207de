"""Checkers (rulebooks/checkers.rules) plays exactly as OpenSpiel's `checkers`.

OpenSpiel's board is printed as ours is drawn, its row 0 (labelled 8) our row 1 at the top; its player 0
(`o`, white to it) is our player 1, black, moving first from the bottom rows (ruling CHK-AMB-1). Its
action ranks (row, column, direction, kind) in the bases (8, 8, 4, 2): direction 0 is up-left
(northwest), 1 up-right, 2 down-right, 3 down-left; kind 1 a jump. Each jump of a turn is an action of its
own (ruling CHK-AMB-2). Lock step over seeded random games: the same moves offered, the same player to
move, the same end and returns at every step.
"""

import random
import re
import time

import pytest

import rulespec
from tests.gallery.lockstep import random_game_in_lock_step

pyspiel = pytest.importorskip("pyspiel")

MOVE = re.compile(r"^(\d) (\d) (?:jumps )?to (\d) (\d)$")
DIRECTION = {(-1, -1): 0, (-1, 1): 1, (1, 1): 2, (1, -1): 3}


def openspiel_action(text: str) -> int:
    """OpenSpiel's number for our action "R C to R' C'" (a step) or "R C jumps to R' C'" (a jump)."""
    row, column, to_row, to_column = map(int, MOVE.match(text).groups())
    distance = abs(to_row - row)
    direction = DIRECTION[((to_row - row) // distance, (to_column - column) // distance)]
    return (((row - 1) * 8 + column - 1) * 4 + direction) * 2 + (distance - 1)


def same(ours, theirs) -> dict[int, object]:
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if theirs.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
        return {}
    assert ours.current_player() == theirs.current_player(), str(theirs)
    by_number = {openspiel_action(action.text): action for action in ours.legal_actions()}
    assert len(by_number) == len(ours.legal_actions()), "two actions for one move"
    assert sorted(by_number) == theirs.legal_actions(), str(theirs)
    return by_number


def jumps_continued_and_crownings(theirs_game, history: list[int]) -> tuple[int, int]:
    """In a game OpenSpiel played: the jumps after which the same player moved again, and the men crowned."""
    state, continued, crowned = theirs_game.new_initial_state(), 0, 0
    for action in history:
        player, kings = state.current_player(), sum(map(str(state).count, "8*"))
        state.apply_action(action)
        continued += action % 2 == 1 and not state.is_terminal() and state.current_player() == player
        crowned += sum(map(str(state).count, "8*")) > kings
    return continued, crowned


def test_random_games_agree():
    game, theirs_game = rulespec.load("checkers"), pyspiel.load_game("checkers")
    games, steps, continued, crowned = 300, 0, 0, 0
    results, started = {1.0: 0, -1.0: 0, 0.0: 0}, time.perf_counter()
    for seed in range(games):
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        steps += random_game_in_lock_step(ours, theirs, random.Random(seed), same)
        results[theirs.returns()[0]] += 1
        more, kings = jumps_continued_and_crownings(theirs_game, theirs.history())
        continued, crowned = continued + more, crowned + kings
    print(f"checkers: {games} random games, {steps} actions, {continued} jumps continued, {crowned} men "
          f"crowned (black won {results[1.0]}, lost {results[-1.0]}, drew {results[0.0]}), all agreeing, "
          f"in {time.perf_counter() - started:.1f}s")
    assert steps > games * 40 and continued > 0 and crowned > 0 and all(results.values())
