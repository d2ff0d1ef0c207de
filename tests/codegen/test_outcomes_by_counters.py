"""A pick's outcomes kept by the values of the counters they read (#40, codegen/outcomes_by_counters.py): Yacht's
roll of the dice marked `rolling` listed 7,776 candidates' texts and chances at every roll; it is now listed once
per marking and shared. In lock step with the engines generated without it (the same choices, chance outcomes
with their probabilities, observations, histories and returns), and left alone where a pick reads more."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.outcomes_by_counters import OutcomesByCounters
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
WITHOUT = ((OutcomesByCounters, "outcome_counters", lambda self, step: None),)


def test_yachts_roll_is_kept_by_the_dice_marked_rolling():
    source, source_without, engine, _ = engines_with_and_without(NEWCOMER / "yacht.rules", WITHOUT, "by_counters_src")
    key = source.split("def outcomes_key_roll(", 1)[1].split("\ndef ", 1)[0]
    assert "return (tuple(st._counters['rolling']),)" in key
    assert "outcomes_key=outcomes_key_roll" in source
    assert "outcomes_key_roll" not in source_without
    state = engine.new_game(2)
    first = state.chance_outcomes()
    assert len(first) == 7776
    state.apply("chance: roll 1 2 3 4 6")
    state.apply("player 1: reroll 0 0 0 0 1")
    assert [a.text for a, _ in state.chance_outcomes()] == [f"roll 0 0 0 0 {n}" for n in range(1, 7)]
    other = engine.new_game(2)
    assert other.chance_outcomes() == first  # another game's first roll: the same marking, the same listing


@pytest.mark.parametrize("name, players, games", [("yacht", 2, 1), ("twenty-forty-eight", 1, 1),
                                                  ("first-sealed-auction", 2, 40)])
def test_it_plays_as_the_engine_without_it(name, players, games):
    _, _, engine, engine_without = engines_with_and_without(NEWCOMER / f"{name}.rules", WITHOUT, "by_counters")
    for seed in range(games):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))


def test_numbered_picks_play_as_without_it():
    """A pick of two names, weighted and numbered, on a board with a space left out (tests/codegen)."""
    _, _, engine, engine_without = engines_with_and_without(ROOT / "tests" / "codegen" / "numbered-picks.rules",
                                                            WITHOUT, "by_counters_np")
    for seed in range(10):
        play_in_lock_step(engine.new_game(1), engine_without.new_game(1), 1, random.Random(seed))


PICKS = """game "Picks" [PK-1]
  id "picks"
  players 2 to 2 [PK-1]
  at most 6 turns [PK-1]

board row: rows r 1..1, columns c 1..3, adjacency orthogonal [PK-1]:
  face plain [PK-1]:
    1 . . .

component stone: colour (grey) x 3 [PK-1]
zone pool: shared, public, holds every component in play [PK-1]
counter mark per space of row starts at 0 [PK-1]

turns go clockwise from player 1, each turn runs turn [PK-1]

step turn(player: seat) [PK-1]:
  then by_mark(player)

chance by_mark(player: seat) [PK-1]:
  outcome "mark {s}" for s picked from row where mark of s = 0
  set mark of s to 1
  then by_stone(player)

chance by_stone(player: seat) [PK-1]:
  outcome "stone {s}" for s picked from row where s is empty and mark of s = 1
  place any(x in pool) on s

end full [PK-1]:
  checked after every turn
  when count(s in row where s is empty) = 0
"""


def test_a_pick_that_reads_more_than_counters_is_listed_as_before(tmp_path):
    path = tmp_path / "picks.rules"
    path.write_text(PICKS, encoding="utf-8")
    model = compile_rules(path)

    class Reader(OutcomesByCounters):
        definitions = {d.name: d for d in model.definitions}
        m = model

        @staticmethod
        def outcomes_listed_once(step):
            return False

    steps = {s.name: s for s in model.steps}
    assert Reader().outcome_counters(steps["by_mark"]) == ("mark",)
    assert Reader().outcome_counters(steps["by_stone"]) is None  # what a space holds
