"""Dice lost during play: `dice ..., lost to ZONE` and `lose a die from HOLDER` (a die set aside for good,
never rolled again), in a small game of its own and in the Dudo house rule of Liar's dice."""

from fractions import Fraction
from pathlib import Path

import pytest

import rulespec
from rulespec.docs.english import English

ROOT = Path(__file__).resolve().parents[2]
DUDO = ROOT / "house-rules" / "liars-dice-dudo.rules"

GAME = '''game "Shedding dice" [SHED-1]
  id "shedding-dice"
  players 2 to 3 [SHED-1]
  at most 20 turns [SHED-1]

option dice_each "Dice each": 1, 2, 3 default 3 [SHED-1]
dice die: face 1..6, dice_each per player in cup, seen by owner, lost to spent [SHED-1]
counter shed per player starts at 0 [SHED-2]

turns go clockwise from player 1, each turn runs turn [SHED-2]

choice turn(player: seat) by player [SHED-2]:
  option shed "shed a die" [SHED-2]:
    lose a die from cup of player
    add 1 to shed of player
  option roll "roll" [SHED-2]:
    roll cup of player

end out [SHED-3]:
  checked after every step
  for each p in players
  when shed of p = 4
  winner p
'''


@pytest.fixture()
def game(tmp_path):
    path = tmp_path / "shedding-dice.rules"
    path.write_text(GAME, encoding="utf-8")
    return rulespec.load(path)


def _roll_all(state, face: str) -> int:
    rolls = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert {p for _, p in outcomes} == {Fraction(1, 6)}
        state.apply(next(a for a, _ in outcomes if a.text == f"roll {face}"))
        rolls += 1
    return rolls


def test_a_roll_rolls_only_the_dice_a_player_still_has(game):
    state = game.new_game(2)
    state.apply("player 1: roll")
    assert _roll_all(state, "4") == 3
    state.apply("player 2: shed a die")  # an empty cup: the die comes from those not yet rolled
    state.apply("player 1: shed a die")  # from the cup: it held three dice
    view = state.observation(1)["zones"]
    assert view["cup"][0] == {"size": 2} and view["spent"][0] == {"size": 1} and view["spent"][1] == {"size": 1}
    assert "items" not in view["spent"][1]  # set aside: how many, never their faces, not even to the owner
    state.apply("player 2: roll")
    assert _roll_all(state, "6") == 2  # player 2 lost one of three
    state.apply("player 1: roll")
    assert _roll_all(state, "1") == 2
    assert state.observation(0)["zones"]["cup"][0] == {"size": 2, "items": ["1", "1"]}
    replay = game.from_json(state.to_json())
    assert replay == state and replay.legal_actions() == state.legal_actions()


def test_a_player_without_dice_loses_nothing_more_and_rolls_nothing(game):
    state = game.new_game(2)
    for _ in range(3):
        state.apply("player 1: shed a die")
        state.apply("player 2: roll")
        _roll_all(state, "2")
    assert state.observation(0)["zones"]["spent"][0] == {"size": 3}
    state.apply("player 1: shed a die")  # none left: nothing is lost, and the counter still counts the choice
    assert state.observation(0)["zones"]["spent"][0] == {"size": 3}
    assert state.is_terminal() and state.outcome()["winners"] == [0]
    state = game.new_game(2)
    for _ in range(3):
        state.apply("player 1: shed a die")
        state.apply("player 2: shed a die")
    state.apply("player 1: roll")
    assert not state.is_chance_node() and state.current_player() == 1  # no die left to roll: no chance event


def test_the_rules_read_losing_a_die_in_english(game):
    turn = next(s for s in game.model.steps if s.name == "turn")
    shed = next(o for o in turn.options if o.name == "shed")
    text = " ".join(English(game.model).stmts(shed.body, 0))
    assert "One die of" in text and "set aside for good in spent" in text, text


def test_the_dudo_house_rule_plays_round_after_round_until_one_player_has_dice(tmp_path):
    from rulespec.pipeline.examples import run_examples

    game = rulespec.load(DUDO, options={"numdice": "3"})
    results = run_examples(game)
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]
    rounds_seen = set()
    for seed in range(40):
        state = rulespec.random_game(game, 2, seed=seed)
        assert state.is_terminal()
        spent = [view["size"] for view in state.observation(0)["zones"]["lost_dice"]]
        winner, = state.outcome()["winners"]
        assert spent[winner] < 3 and spent[1 - winner] == 3  # the loser lost every die, the winner not all
        rounds_seen.add(sum(spent))
    assert min(rounds_seen) == 3 and max(rounds_seen) == 5  # 3 to 5 calls: both quick and long games


def test_the_dudo_house_rule_verifies():
    from rulespec.check.verify import verify
    report = verify(DUDO, players=2, max_examples=3, stateful_step_count=15, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert report.ok, report.render()
