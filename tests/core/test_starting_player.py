"""`the starting player` and `for each p in players from X` (issue #42: Shell We?'s leg-2 starting tiles), and
`given set-up of leg N` in examples. The games are rulespec/docs/ref_games/lanes.rules and Shell We?."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.pipeline.examples import run_examples

ROOT = Path(__file__).resolve().parents[2]
LANES = ROOT / "rulespec" / "docs" / "ref_games" / "lanes.rules"

GAME = '''game "Rounds" [R-1]
  id "rounds"
  players 3 to 4 [R-1]
  at most 20 turns [R-1]
option first "First": one, two default one [R-1]
counter order per player starts at 0 [R-1]
counter laid starts at 0 [R-1]
setup [R-1]:
  for each p in players from {start}:
    then lay(p)
step lay(player: seat) [R-1]:
  add 1 to laid
  set order of player to laid
turns go clockwise from player {first}, each turn runs turn [R-1]
choice turn(player: seat) by player [R-1]:
  option wait "wait" [R-1]:
    nothing
end done [R-1]:
  checked after every step
  when the turn number > 2
{extra}'''

MATCH = '''variant twice "Two legs" [R-1]:
  add match legs "Two" [R-1]:
    leg with option first is one
    leg with option first is two
    totals add up laid_score
score laid_score of p [R-1]:
  order of p
'''


def _load(tmp_path, start="the starting player", first=1, extra="", variants=()):
    path = tmp_path / "rounds.rules"
    path.write_text(GAME.format(start=start, first=first, extra=extra), encoding="utf-8")
    return rulespec.load(path, variants=list(variants))


def _refused(tmp_path, **kwargs) -> str:
    with pytest.raises(RuleError) as caught:
        _load(tmp_path, **kwargs)
    return str(caught.value)


def _orders(state) -> list[int]:
    return [state._counters["order"][seat] for seat in range(state.players)]


@pytest.mark.parametrize("start, orders", [("player 1", [1, 2, 3, 4]), ("player 3", [3, 4, 1, 2]),
                                           ("player 4", [2, 3, 4, 1])])
def test_the_seats_go_clockwise_from_the_one_named(tmp_path, start, orders):
    assert _orders(_load(tmp_path, start=start).new_game(4)) == orders


def test_the_starting_player_is_the_seat_turns_go_from(tmp_path):
    state = _load(tmp_path, first=3).new_game(3)
    assert _orders(state) == [2, 3, 1] and state._turn_seat == 2


def test_in_a_match_each_leg_starts_one_seat_on(tmp_path):
    game = _load(tmp_path, extra=MATCH, variants=["twice"])
    state = game.new_game(3)
    assert _orders(state) == [1, 2, 3]
    while state._leg == 0:
        state.apply(state.legal_actions()[0])
    assert _orders(state) == [3, 1, 2] and state._turn_seat == 1


def test_from_walks_only_seats(tmp_path):
    path = tmp_path / "rounds.rules"
    path.write_text(GAME.format(start="player 1", first=1, extra="").replace(
        "    then lay(p)\n", "    then lay(p)\n  for each n in 1..3 from player 1:\n    add n to laid\n"), encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.load(path)
    assert "rounds.rules:11:27:" in str(caught.value)
    assert "`from` starts a walk of the players clockwise, but `1..3` is" in str(caught.value)


def test_the_starting_player_is_a_seat(tmp_path):
    message = _refused(tmp_path, start="the starting player + 1")
    assert "rounds.rules:9:" in message


@pytest.mark.parametrize("variants", [["two_legged"], ["bottles", "two_legged"]])  # (bottles replaces the set-up)
def test_shell_we_leg_two_asks_its_starting_player_for_the_first_starting_tile(variants):
    """SHELL-AMB-27: player 2 starts leg 2; "Beginning with the starting player and proceeding in clockwise
    order, each player places a shell tile on the board." (SHELL-SETUP-11)."""
    game = rulespec.load("shell-we", variants=variants)
    state = game.new_game(players=3)
    rng = random.Random(3)
    while state._leg == 0:
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    asked = []
    while state._phase == "setup":
        if state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
        else:
            asked.append(state.current_player())
            state.apply(state.legal_actions()[0])
    assert asked == [1, 2, 0] and state._turn_seat == 1


def test_the_reference_game_passes_its_leg_two_example():
    game = rulespec.load(LANES, variants=["both_layouts"])
    results = {r.name: r for r in run_examples(game)}
    assert results["second_leg"].passed, results["second_leg"].message


@pytest.mark.parametrize("line, said", [
    ("given set-up of leg 3", "match `legs` has 2 legs, not a leg 3"),
    ("given set-up of leg 0", "legs are numbered from 1"),
])
def test_a_leg_the_match_does_not_have_is_refused_at_its_line(tmp_path, line, said):
    example = f'''example later "A later leg" [R-1] with variant twice:
  given 3 players
  {line}
  then it is leg 2
'''
    message = _refused(tmp_path, extra=MATCH + example)
    assert "rounds.rules:" in message and said in message


def test_a_later_leg_of_a_game_that_is_no_match_is_refused(tmp_path):
    message = _refused(tmp_path, extra='''example later "A later leg" [R-1]:
  given 3 players
  given set-up of leg 2
''')
    assert "rounds.rules:" in message and "no match of several legs" in message


def test_a_later_leg_example_runs_from_that_legs_set_up(tmp_path):
    example = '''example later "Leg two starts one seat on" [R-1] with variant twice:
  given 3 players
  given set-up of leg 2
  then it is leg 2
  then the starting player = player 2
  then order of player 2 = 1
  then player 2 decides
'''
    game = _load(tmp_path, extra=MATCH + example, variants=["twice"])
    results = run_examples(game)
    assert [r.passed for r in results] == [True], [r.message for r in results]
