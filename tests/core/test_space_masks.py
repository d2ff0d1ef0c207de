"""Counts over a board of triangles' spaces, generated as bit masks, say what walking every space says.

`count(c in B where ...)` whose condition reads only whether c is empty or occupied and how it is marked
(with and, or, not) is generated as a few big-integer operations on the state's occupied mask and the
tables' marked mask (rulespec/codegen/python.py, _cells_mask). Here the same rule file is generated twice,
once that way and once with the mask path turned off (one test per space), and both are read on the
states of the same random games: every count and every `= 0` / `> 0` test must agree.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen
from rulespec.pipeline import compile_rules, generate_source, load_module_from_source
from rulespec.runtime.engine import random_step

FIXTURE = Path(__file__).parent / "fixtures" / "tiling.rules"

# Scores and an end over the floor's spaces, each a condition the mask path takes.
COUNTS = '''
score open_gems of p [TIL-4]:
  count(c in floor where c is empty and c is marked gem)

score covered_or_plain of p [TIL-4]:
  count(c in floor where not (c is empty) or not (c is marked gem))

score covered of p [TIL-4]:
  count(c in floor where c is occupied)

score plain_open of p [TIL-4]:
  count(c in floor where c is empty and not (c is marked gem or c is marked gem))

score gem_showing of p [TIL-4]:
  min(count(c in floor where c is empty and c is marked gem), 1)

end no_gem_showing [TIL-9]:
  checked at turn start
  when count(c in floor where c is empty and c is marked gem) = 0 and count(c in floor where c is occupied) > 0
'''
SCORES = ("open_gems", "covered_or_plain", "covered", "plain_open", "gem_showing")


@pytest.fixture(scope="module")
def both_modules(tmp_path_factory):
    path = tmp_path_factory.mktemp("masks") / "tiling.rules"
    path.write_text(FIXTURE.read_text(encoding="utf-8").split("\nexample ")[0] + COUNTS, encoding="utf-8")
    model = compile_rules(path)
    masked = generate_source(model, path)
    original = codegen.CodeGenerator._cells_mask
    codegen.CodeGenerator._cells_mask = lambda self, count: None
    try:
        walked = generate_source(model, path)
    finally:
        codegen.CodeGenerator._cells_mask = original
    assert "marked_mask(" in masked and "marked_mask(" not in walked  # the two paths really differ
    return (load_module_from_source(masked, "rulespec_test_masked"),
            load_module_from_source(walked, "rulespec_test_walked"))


@pytest.mark.parametrize("players", [2, 3])
def test_masked_counts_agree_with_walking_every_space(both_modules, players):
    masked, walked = both_modules
    games = [module.GAME(None) for module in both_modules]
    checked = 0
    for seed in range(8):
        states = [game.new_game(players) for game in games]
        rngs = [random.Random(seed), random.Random(seed)]
        while True:
            state = states[0]
            for seat in range(players):
                for score in SCORES:
                    by_mask = getattr(masked, f"score_{score}")(state, seat)
                    by_walk = getattr(walked, f"score_{score}")(state, seat)
                    assert by_mask == by_walk, (score, state.history)
                    checked += 1
            assert masked.end_no_gem_showing(state) == walked.end_no_gem_showing(state)
            if state.is_terminal():
                break
            for st, rng in zip(states, rngs):
                st.apply(random_step(st, rng))
        assert states[0].history == states[1].history and states[0].outcome() == states[1].outcome()
    assert checked > 100


def test_the_ends_of_let_them_eat_shrimp_agree_with_walking_the_sea():
    """The committed engine's `no creature showing` (a mask) against walking every space of the sea."""
    import rulespec

    game = rulespec.load("let-them-eat-shrimp")
    creatures = {"triangle_egg", "diamond_egg", "trapezoid_egg", "hexagon_egg", "shrimp", "starfish"}
    module = __import__("sys").modules[type(game).__module__]
    for seed in range(6):
        state, rng = game.new_game(2), random.Random(seed)
        while True:
            t = state._t
            walked = not any(state._boards[0][c] < 0 and t.mark_of[0][c] in creatures for c in t.cells_in_use[0])
            assert (module.end_no_creature_showing(state) == []) == walked
            if state.is_terminal():
                break
            state.apply(random_step(state, rng))
