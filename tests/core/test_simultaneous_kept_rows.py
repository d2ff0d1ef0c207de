"""The last secret choice at a simultaneous decision finds the rows chosen before it kept with the waiting
seats' Pending (state._Secret); a state read from JSON has no such Pending and finds them again by their
texts. Both ways must carry out the same choices: played in lock step over every game with `by each player`
(the first STEPS steps of each game: a long game, Laser tag's 1,000 steps, repeats the same decisions)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import rulespec
from rulespec.runtime.engine import SIMULTANEOUS
from rulespec.runtime.secret_choices import _Secret

ROOT = Path(__file__).resolve().parents[2]
GAMES = [
    ("goofspiel", 2), ("goofspiel", 3),
    (str(ROOT / "rulespec" / "docs" / "ref_games" / "bids.rules"), None),
    *[(str(path), None) for path in sorted((ROOT / "tests" / "newcomer" / "games").glob("*.rules"))
      if re.search(r"^[^#\n]*\bby each player\b", path.read_text(), re.M)],  # (in a rule, not a comment)
]
STEPS = 200


@pytest.mark.parametrize("source, players", GAMES, ids=[Path(g).stem for g, _ in GAMES])
def test_kept_rows_and_rows_found_by_text_carry_out_the_same_choices(source, players):
    engine = rulespec.load(source)
    kept_used = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = engine.new_game(players)
        for _ in range(STEPS):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.randrange(len(outcomes))][0]
            else:
                actions = state.legal_actions()
                action = actions[rng.randrange(len(actions))]
            if state.current_player() == SIMULTANEOUS and state._pending is not None:
                kept_used += state._pending.every.__class__ is _Secret
            read_back = engine.from_json(state.to_json())
            state.apply(action)
            read_back.apply(str(action))
            assert read_back.to_json() == state.to_json()
            assert read_back.history == state.history
    assert kept_used > 0  # the kept rows were taken, not only the lookup by text
