"""Plain turns (rulespec/runtime/plain_turns.py): after a step that ends a turn, a game whose turn's step is
a choice listed by its choices function, replaced by nothing, with nothing between turns but the seat
passing on, goes the short way to the next turn's choice.
Each game below is played with it and without it (the same engine with ``_plain_turns`` switched off: the
generic path of State._play, _offer_next_choice and Engine._advance) in lock step: at every step the same
player to act, choices, chance outcomes with their probabilities and JSON; at the end the same history,
counts of what fired, outcome and returns; a step that fails fails alike and leaves both states alike."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.runtime.common import RuleRuntimeError

from tests.codegen.lockstep import sampled_action

NEWCOMER_GAMES = Path(__file__).parents[1] / "newcomer" / "games"
# Bundled and newcomer files whose turns are plain (_pair asks each is), with their seat counts: choices
# listed anew, listed once for their arguments (Kuhn poker, Catch), with rows that may read alike (Liar's
# dice, Othello, Shell We), chance steps, and a `next turn goes to` (dots and boxes).
PLAIN = [("tic-tac-toe", 2), ("connect-four", 2), ("hex", 2), ("breakthrough", 2), ("dots-and-boxes", 2),
         ("leduc-poker", 2), ("pig", 2), ("pig", 4), ("kuhn-poker", 2), ("liars-dice", 2), ("othello", 2),
         ("shell-we", 3)]
NEWCOMER = ["nim", "phantom-ttt", "kalah", "tiny-hanabi", "matrix-mp", "catch", "othello", "dots-and-boxes",
            "breakthrough"]

# Turns that pass with nothing to choose (a seat that has tapped twice), a seat named for the next turn
# (`again`), an end, the turn limit, and (when every seat has tapped twice first) a step that fails.
PASS_ALONG = """
game "Pass Along" [PA-1]
  id "pass-along"
  players 2 to 3 [PA-1]
  at most 9 turns [PA-1]

counter taps per player starts at 0 [PA-2]
counter total starts at 0 [PA-2]

turns go clockwise from player 1, each turn runs turn [PA-2]

choice turn(player: seat) by player [PA-2]:
  option tap "tap" [PA-2]:
    only if taps of player < 2
    set taps of player to taps of player + 1
    set total to total + 1
  option again "again" [PA-3]:
    only if taps of player = 1
    set total to total + 2
    next turn goes to player

end many [PA-4]:
  checked after every step
  when total >= 7
  winner player 1

ranking [PA-4]:
  winner first
"""


def _pair(engine_of):
    """Two engines of one game: plain turns on, and switched off."""
    fast, slow = engine_of(), engine_of()
    assert fast._plain_turns is not None  # (else the lock step compares the generic path with itself)
    slow._plain_turns = None
    return fast, slow


def _same(fast, slow) -> None:
    assert fast.current_player() == slow.current_player()
    if fast.is_chance_node():
        assert [(str(a), p) for a, p in fast.chance_outcomes()] == [(str(a), p) for a, p in slow.chance_outcomes()]
    else:
        assert fast.legal_actions() == slow.legal_actions()
    assert fast.to_json() == slow.to_json()


def play_both(fast, slow, rng: random.Random) -> list[str]:
    """A random game of ``fast`` played on both, compared at every step; the errors of failing steps."""
    failures = []
    _same(fast, slow)
    while not fast.is_terminal():
        action = sampled_action(fast, rng)
        try:
            fast.apply(action)
        except RuleRuntimeError as failed:
            with pytest.raises(RuleRuntimeError) as also:
                slow.apply(str(action))
            assert str(also.value) == str(failed)
            failures.append(str(failed))
            _same(fast, slow)
            break
        slow.apply(str(action))
        _same(fast, slow)
    assert fast.history == slow.history and fast.fired == slow.fired
    assert fast.outcome() == slow.outcome()
    if fast.is_terminal():
        assert fast.returns() == slow.returns()
    return failures


@pytest.mark.parametrize("game_id, players", PLAIN)
def test_bundled_games_play_alike_with_plain_turns(game_id, players):
    fast, slow = _pair(lambda: rulespec.load(game_id))
    for seed in range(12):
        play_both(fast.new_game(players), slow.new_game(players), random.Random(seed))


@pytest.mark.parametrize("name", NEWCOMER)
def test_newcomer_games_play_alike_with_plain_turns(name):
    fast, slow = _pair(lambda: rulespec.load(NEWCOMER_GAMES / f"{name}.rules"))
    for seed in range(12):
        play_both(fast.new_game(), slow.new_game(), random.Random(seed))


@pytest.mark.parametrize("players, inline", [(2, True), (3, True), (2, False)])
def test_skipped_turns_named_seats_the_turn_limit_and_a_failing_step_play_alike(players, inline, tmp_path):
    """inline False: the turn's choice offered through Engine._offer_listed_choice, as for a choice listed
    once or with rows that may read alike (its way of skipping a turn with nothing to choose)."""
    path = tmp_path / "pass-along.rules"
    path.write_text(PASS_ALONG, encoding="utf-8")
    fast, slow = _pair(lambda: rulespec.load(str(path)))
    assert fast._plain_turns.inline
    fast._plain_turns.inline = inline
    ends, failures, again = set(), [], 0
    for seed in range(60):
        a, b = fast.new_game(players), slow.new_game(players)
        failures += play_both(a, b, random.Random(seed))
        ends.add(a.outcome()["end"] if a.is_terminal() else "failed")
        again += sum(entry.endswith(": again") for entry in a.history)
    assert again and {"many", "turn_limit"} <= ends  # (a seat named, and both ways of ending, met)
    assert all("nothing to decide" in f for f in failures)
    assert failures or players == 3  # (two seats that have tapped twice: a step that fails, met)


def test_which_engines_have_plain_turns():
    """Decided from the engine's tables: the turn's step a choice listed by its choices function, nothing
    replacing it, no end check waiting for a named step, nothing Engine._next_turn does but pass the seat on."""
    assert rulespec.load("tic-tac-toe")._plain_turns is not None
    assert rulespec.load("let-them-eat-shrimp")._plain_turns is None  # the turn's step is an automatic step
    assert rulespec.load("shrimp")._plain_turns is None  # a replacement of the turn's step
    assert rulespec.load("backgammon")._plain_turns is None  # an end checked after a named step
    assert rulespec.load("chess")._plain_turns is None  # positions counted at each turn's start
    assert rulespec.load("go")._plain_turns is None  # an end checked at a turn's start
    assert rulespec.load(NEWCOMER_GAMES / "kalah-counters.rules")._plain_turns is None  # and after a turn

    class Overridden(type(rulespec.load("tic-tac-toe"))):
        def _next_turn(self, st):
            super()._next_turn(st)

    assert Overridden()._plain_turns is None  # (an engine that changes how a turn begins is asked each time)
