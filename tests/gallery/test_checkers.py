"""Checkers (rulebooks/checkers.rules) plays exactly as OpenSpiel's `checkers`, with OpenSpiel's action numbers.

OpenSpiel's board is printed as ours is drawn, its row 0 (labelled 8) our row 1 at the top; its player 0
(`o`, white to it) is our player 1, black, moving first from the bottom rows (ruling CHK-AMB-1). Its
action ranks (row, column, direction, kind) in the bases (8, 8, 4, 2): direction 0 is up-left
(northwest), 1 up-right, 2 down-right, 3 down-left; kind 1 a jump. The rule file numbers its actions so
(`actions numbered 0 to 511`, ruling CHK-AMB-4): through the OpenSpiel adapter our legal actions ARE
OpenSpiel's numbers, each number's text is the move this test reads that number as, and the same number
is applied to both sides. Each jump of a turn is an action of its own (ruling CHK-AMB-2). Lock step over
seeded random games: the same moves offered, the same player to move, the same end and returns at every
step.
"""

import random
import re
import time

import pytest

from tests.gallery.lockstep import agree_through_adapter
from tests.long_runs import count

pyspiel = pytest.importorskip("pyspiel")
import rulespec.openspiel as rso  # noqa: E402  (registers the games)

MOVE = re.compile(r"^(\d) (\d) (?:jumps )?to (\d) (\d)$")
DIRECTION = {(-1, -1): 0, (-1, 1): 1, (1, 1): 2, (1, -1): 3}


def openspiel_action(text: str) -> int:
    """OpenSpiel's number for our action "R C to R' C'" (a step) or "R C jumps to R' C'" (a jump)."""
    row, column, to_row, to_column = map(int, MOVE.match(text).groups())
    distance = abs(to_row - row)
    direction = DIRECTION[((to_row - row) // distance, (to_column - column) // distance)]
    return (((row - 1) * 8 + column - 1) * 4 + direction) * 2 + (distance - 1)


def same_number(ours, number: int) -> int:
    """OpenSpiel's number for our action ``number``: the number itself (checked by its text where it is played,
    and for every number without a state)."""
    return number


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
    game, theirs_game = rso.load_game("checkers"), pyspiel.load_game("checkers")
    assert game.num_distinct_actions() == theirs_game.num_distinct_actions() == 512
    for seat in (0, 1):  # every number that names a move names the one OpenSpiel gives that number
        named = [(n, game.action_to_string(seat, n)) for n in range(512)]
        assert all(openspiel_action(text) == n for n, text in named if not text.startswith("(no action"))
    games, steps, continued, crowned = count("CHECKERS_GAMES", 60, 300), 0, 0, 0
    results, started = {1.0: 0, -1.0: 0, 0.0: 0}, time.perf_counter()
    for seed in range(games):
        rng, ours, theirs = random.Random(seed), game.new_initial_state(), theirs_game.new_initial_state()
        while agree_through_adapter(ours, theirs, same_number):  # (our legal actions are OpenSpiel's numbers)
            number = rng.choice(theirs.legal_actions())
            assert openspiel_action(ours.action_to_string(ours.current_player(), number)) == number
            ours.apply_action(number)
            theirs.apply_action(number)
            steps += 1
        results[theirs.returns()[0]] += 1
        more, kings = jumps_continued_and_crownings(theirs_game, theirs.history())
        continued, crowned = continued + more, crowned + kings
    print(f"checkers: {games} random games, {steps} actions, {continued} jumps continued, {crowned} men "
          f"crowned (black won {results[1.0]}, lost {results[-1.0]}, drew {results[0.0]}), all agreeing, "
          f"in {time.perf_counter() - started:.1f}s")
    assert steps > games * 40 and continued > 0 and crowned > 0 and all(results.values())
