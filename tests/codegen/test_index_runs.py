"""A walk of a board whose condition bounds the walked space's place in board order walks that run of places
alone (#40, model/narrowing.py _index_bound, codegen/narrowing.py places_from_to): `count(s in track where index
of s >= 40 + 4 * quarter(p) and index of s < 44 + 4 * quarter(p) and s is occupied)` (Mensch aergere Dich
nicht, as a newcomer wrote it) visits 4 spaces, not 56; a remainder by a written number and `size of players`
are worked out once before the walk, so `index of t = (n + 10 * quarter(p)) mod 40` is a look-up. The whole
condition is still tested on every space visited. In lock step with the engines generated without it: the same
choices, chance outcomes, observations, histories and returns."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import narrowing as narrowing_code
from rulespec.model import geometric, narrowing
from rulespec.codegen.found_loops import FoundLoops

from .lockstep import engines_with_and_without, play_in_lock_step, sampled_action

ROOT = Path(__file__).parents[2]
MAEDN = ROOT / "tests" / "newcomer" / "games" / "maedn.rules"
NUMBERED_PICKS = Path(__file__).with_name("numbered-picks.rules")
UNBOUNDED = ((narrowing, "_index_bound", lambda *args: None),
             (narrowing, "_by_written_number", lambda e: False),
             (narrowing, "players_count", lambda e: False),
             (narrowing_code.Narrowing, "places_alone", lambda self, fixed: False))

# Every form of a bound: both sides, below 0, past the end, a remainder, the number of players, a look-up.
RUNS = '''game "Runs" [R-1]
  id "runs"
  players 2 to 3 [R-1]
  at most 20 turns [R-1]

each player has a colour: red, blue, green [R-1]
component stone: colour (red, blue, green) x 7 [R-1]
zone pool: shared, public, holds every component in play [R-1]
counter k starts at 0 [R-1]
counter around starts at 0 [R-1]
counter below starts at 0 [R-1]
counter above per player starts at 0 [R-1]
counter between starts at 0 [R-1]

board strip: graph [R-1]:
  spaces a, b, c, d, e, f, g
  links a-b, b-c, c-d, d-e, e-f, f-g

fit stone on strip [R-1]

turns go clockwise from player 1, each turn runs turn [R-1]

choice turn(player: seat) by player [R-1]:
  option place "place on {s}" [R-1]:
    for s in strip
    only if s is empty
    place any(t in pool where colour of t = colour of player) on s
    set k to (k + index of s + 3) mod 9
    set around to count(x in strip where index of x >= k - 3 and index of x < k + 2 and x is occupied)
    set below to count(x in strip where 5 > index of x and index of x > k - 4 and index of x >= 1 and x is occupied)
    set above of player to count(x in strip where index of x > k and x holds colour of player)
    set between to count(x in strip where index of x <= k mod 4 and size of players <= index of x and x is empty)
    if there is x in strip where index of x = (k + 1) mod 7 and x is occupied:
      add 1 to between

end full [R-1]:
  checked after every step
  when there is no x in strip where x is empty
'''


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("runs") / "runs.rules"
    path.write_text(RUNS, encoding="utf-8")
    return path


def test_each_bound_walks_its_run_of_places(runs, monkeypatch):
    monkeypatch.setattr(FoundLoops, "FOUND_BY_LOOPS", False)  # (its `there is` as any(): found_loops.py aside)
    source, source_without, _, _ = engines_with_and_without(runs, UNBOUNDED, "runs_source")
    k = "st._counters['k']"
    for run in (f"[max(0, ({k} - 3)):max(0, ({k} + 2))]", f"[max(0, ({k} - 4 + 1)):5]", f"[max(0, ({k} + 1)):]",
                f"[max(0, st.players):max(0, (({k} % 4) + 1))]"):
        assert f"st._t.cells_in_use[0]{run}" in source, run
    assert f"for v_x in space_numbered(st._t.cells_in_use[0], (({k} + 1) % 7)))" in source
    assert "cells_in_use[0][" not in source_without and "space_numbered" not in source_without
    # A bound the run starts or ends at is not tested again; another (`index of x >= 1`) is, on each space.
    assert f"[max(0, ({k} - 4 + 1)):5] if ((st._t.space_index[0][v_x] >= 1) and st._boards[0][v_x] >= 0)" in source
    assert f"count_occupied(st._boards[0], st._t.cells_in_use[0][max(0, ({k} - 3)):max(0, ({k} + 2))])" in source
    assert f"if (CELL_ATTRS['colour'][st._boards[0][v_x]] == ('red', 'blue', 'green')[v_player])])" in source


def test_the_newcomers_goal_and_field_are_looked_up():
    """Its goal fields, a run (read from a table of the set-up instead where the number of players counts as
    geometry: test_geometric_players.py), and the field n steps on, a look-up."""
    not_geometric = ((geometric, "players_count", lambda e: False),)
    source, source_without, _, _ = engines_with_and_without(MAEDN, not_geometric + UNBOUNDED, "maedn_source")
    _, run, _, _ = engines_with_and_without(MAEDN, not_geometric, "maedn_source_run")
    goal = run.split("def define_goal_full(", 1)[1].split("\ndef ", 1)[0]
    field = source.split("def define_field_at(", 1)[1].split("\ndef ", 1)[0]
    assert "return (count_occupied(st._boards[0], st._t.cells_in_use[0][max(0, (40 + (4 * (2 if ((st.players == 2)" in goal
    assert "return ((st._masks[0] & st._t.related_masks[0, related_1, v_p]).bit_count() == 4)" in source  # (a popcount)
    assert "for v_t in space_numbered(st._t.cells_in_use[0], (((v_n + (10 * " in field
    assert "for v_s in st._t.cells_in_use[0] if " in source_without.split("def define_goal_full(", 1)[1]


@pytest.mark.parametrize("players", [2, 3])
def test_runs_play_as_the_engine_without_the_lever(runs, players):
    """Every counter the bounded counts set compared after every action (the game is 7 actions long)."""
    _, _, engine, engine_without = engines_with_and_without(runs, UNBOUNDED, "runs")
    for seed in range(40):
        rng = random.Random(seed)
        ours, theirs = engine.new_game(players), engine_without.new_game(players)
        while not ours.is_terminal():
            assert ours.legal_actions() == theirs.legal_actions()
            action = sampled_action(ours, rng)
            ours.apply(action)
            theirs.apply(str(action))
            assert ours._counters == theirs._counters
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))


@pytest.mark.parametrize("players, games", [(2, 4), (4, 2)])
def test_the_newcomers_file_plays_as_the_engine_without_the_lever(players, games):
    _, _, engine, engine_without = engines_with_and_without(MAEDN, UNBOUNDED, "maedn")
    for seed in range(games):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))


def test_numbered_picks_plays_as_the_engine_without_the_lever():
    """Its look-up of `index of s = k` on a board with a space left out is no longer wrapped in spaces_among."""
    _, _, engine, engine_without = engines_with_and_without(NUMBERED_PICKS, UNBOUNDED, "numbered_runs")
    for seed in range(30):
        play_in_lock_step(engine.new_game(1), engine_without.new_game(1), 1, random.Random(seed))


def test_a_bound_that_reads_the_walked_space_or_may_fail_narrows_nothing(runs):
    """`index of x < index of x + 1` reads the space walked; `k mod n` may divide by 0 (n a counter)."""
    from rulespec.pipeline import compile_rules
    model = compile_rules(runs)
    board = model.boards[0]
    definitions = {d.name: d for d in model.definitions}
    step = next(s for s in model.steps if s.name == "turn")
    counts = [s.value for s in step.options[0].body if getattr(s, "value", None) is not None
              and type(s.value).__name__ == "Count"]
    fixed = [narrowing.fixed_by("x", board, c.where, definitions) for c in counts]
    assert all(f is not None and f.index_ranges for f in fixed)
    where = counts[0].where
    index = where.operands[0].left
    self_bound = narrowing.ir.Compare(where.type, None, "", "<", index, narrowing._plus(index, 1))
    assert narrowing.fixed_by("x", board, self_bound, definitions) is None
    k = where.operands[0].right.left  # (k - 3: the counter k)
    by_counter = narrowing.ir.Arith(k.type, None, "", "mod", k, k)
    assert not narrowing._stable(by_counter, "x", frozenset())
    assert narrowing._stable(narrowing.ir.Arith(k.type, None, "", "mod", k, narrowing.ir.Const(k.type, None, "4", 4)),
                             "x", frozenset())
