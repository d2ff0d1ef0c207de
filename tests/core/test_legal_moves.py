"""`p has a legal move`, `the player to move` and `the turn number` (issue #39), held to an enumeration of
Stranded's placements written from its rulebook (rulespec/docs/ref_games/stranded.rules), not from the
engine: a stone goes on an empty space with no neighbour across or up and down holding the other colour,
and in the first two turns not on a corner.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError

ROOT = Path(__file__).resolve().parents[2]
STRANDED = ROOT / "rulespec" / "docs" / "ref_games" / "stranded.rules"
COLOURS = ("black", "white")


def brute_force_placements(view: dict, seat: int) -> set[str]:
    """Every legal placement of ``seat`` in the position ``view`` shows (at ``view["turn"]``)."""
    board = {tuple(map(int, label.split())): item.split()[0] for label, item in view["boards"]["grid"].items()}
    other = COLOURS[1 - seat]
    found = set()
    for row in range(1, 4):
        for col in range(1, 5):
            near = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
            corner = row in (1, 3) and col in (1, 4)
            if (row, col) not in board and all(board.get(n) != other for n in near) \
                    and not (view["turn"] <= 2 and corner):
                found.add(f"place on {row} {col}")
    return found


def has_legal_move(game):
    """The generated test of `p has a legal move` (the function the end and the skipping call)."""
    return next(end.check for end in game.ENDS).__globals__["has_legal_move_turn"]


@pytest.mark.parametrize("variants", [(), ("passing",)])
def test_the_end_and_the_skip_match_a_brute_force_listing(variants):
    game = rulespec.load(STRANDED, variants=list(variants))
    asks = has_legal_move(game)
    stuck_ends = skips = decisions = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_game(2)
        while not state.is_terminal():
            view, seat = state.observation(0), state.current_player()
            assert view["turn_player"] == seat
            legal = brute_force_placements(view, seat)
            # a decision is offered exactly when the player to move has a legal placement, and those are offered
            assert legal, f"seed {seed}: player {seat + 1} is offered a move with none legal"
            assert {action.text for action in state.legal_actions()} == legal
            for other in (0, 1):  # asked of either player, mid-game
                assert asks(state, other) == bool(brute_force_placements(view, other))
            decisions += 1
            state.apply(rng.choice(state.legal_actions()))
            after = state.observation(0)
            if not state.is_terminal() and after["turn_player"] == seat:
                # (passing) the other player was skipped: stuck at the turn that started
                skips += 1
                assert not brute_force_placements(after, 1 - seat)
        outcome, view = state.outcome(), state.observation(0)
        if outcome["end"] == "stranded":  # the player whose turn began could place nowhere, and lost
            stuck_ends += 1
            assert not brute_force_placements(view, view["turn_player"])
            assert outcome["winners"] == [1 - view["turn_player"]]
        else:
            assert outcome["end"] == "nobody_can" and variants
            assert not brute_force_placements(view, 0) and not brute_force_placements(view, 1)
    assert decisions > 300
    assert (stuck_ends == 60) if not variants else (skips > 0)


def _checked(tmp_path: Path, text: str):
    path = tmp_path / "game.rules"
    path.write_text(text)
    return rulespec.compile_rules(path)


GAME = '''game "G" [G-1]
  id "g"
  players 2 to 2 [G-1]

counter taken per player starts at 0 [G-1]

turns go clockwise from player 1, each turn runs turn [G-1]

{turn}

end stuck [G-1]:
  checked at turn start
  when the player to move has no legal move
'''

CHOICE = '''choice turn(player: seat) by player [G-1]:
  option take "take" [G-1]:
    only if taken of player < 3{guard}
    add 1 to taken of player'''


def test_a_choice_by_its_player_is_asked(tmp_path):
    model = _checked(tmp_path, GAME.format(turn=CHOICE.format(guard="")))
    assert model.asks_legal_moves
    game = rulespec.load(tmp_path / "game.rules")
    state = game.new_game(2)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    assert state.outcome()["end"] == "stuck"  # player 1 has taken 3: nothing is offered at turn 7


def test_a_turn_that_is_not_a_choice_is_refused_at_the_question(tmp_path):
    text = GAME.format(turn="step turn(player: seat) [G-1]:\n  add 1 to taken of player")
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, text)
    message = str(caught.value)
    assert "game.rules:14:8: error: `the player to move has no legal move` asks what the choice each turn runs " \
           "would offer, but each turn runs `turn`, a step" in message
    assert "make `turn` a choice by the player whose turn it is" in message


def test_an_option_that_would_ask_itself_is_refused(tmp_path):
    text = GAME.format(turn=CHOICE.format(guard=" and left of player has a legal move"))
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, text)
    message = str(caught.value)
    assert "`left of player has a legal move` asks whether `turn` offers an option, but it is asked in option " \
           "`turn.take`, which it would list: it would ask itself" in message
    assert "game.rules:11:" in message


def test_the_turn_values_are_typed(tmp_path):
    text = GAME.format(turn=CHOICE.format(guard=" and the player to move > 1"))
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, text)
    assert "game.rules:11:37: error: cannot compare a player with a number" in str(caught.value)


def test_an_option_may_ask_it_in_what_it_does(tmp_path):
    # its effect runs after the choice is listed: asking there is not asking itself
    choice = '''choice turn(player: seat) by player [G-1]:
  option take "take" [G-1]:
    only if taken of player < 3 + count(q in players where q = player and player = player 2)
    add 1 to taken of player
    if left of player has no legal move:
      next turn goes to player'''
    game = rulespec.load(_write_game(tmp_path, GAME.format(turn=choice)))
    state = game.new_game(2)
    seats = []
    while not state.is_terminal():
        seats.append(state.current_player())
        state.apply(state.legal_actions()[0])
    # player 1 takes its third at turn 5; player 2, then stuck-free, takes its fourth twice in a row at the end
    assert seats == [0, 1, 0, 1, 0, 1, 1]
    assert state.outcome()["end"] == "stuck"


def _write_game(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.rules"
    path.write_text(text)
    return path
