"""Two generator levers for the sowing games (#40), each in lock step with the engine generated without it:
(a) a walk narrowed by what the seats decide (codegen/seat_walks.py): `for k in 1..13 where own_pit(p, k) and
...` visits the numbers own_pit lets through for p's value (a SeatWalk table), the rest of the condition
tested on each (Oware's `own(s, p)` reads a graph's marks too); (b) the first of a walk found without a generator (codegen/counts.py _first_found):
`any(x in hand)` is the first of the zone, `any(s in pits where position of s = at and s is empty)` the first
empty space of the row found in the board's contents (first_empty)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import counts, python as codegen, seat_walks
from rulespec.pipeline import compile_rules, load_module_from_source
from rulespec.runtime.helpers import SeatWalk, first_empty

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"

WITHOUT = {
    "seat walks": (seat_walks.SeatWalks, "seat_walk", lambda self, var, domain, parts: None),
    "first found": (counts.Counts, "_first_found", lambda self, e, test, domain: None),
}


def sources(path: Path, model) -> tuple[str, str]:
    """The engine's source with both levers, and without them."""
    fast = codegen.generate(model, path.name)
    patch = pytest.MonkeyPatch()
    try:
        for owner, name, replacement in WITHOUT.values():
            patch.setattr(owner, name, replacement)
        slow = codegen.generate(model, path.name)
    finally:
        patch.undo()
    return fast, slow


def engines(path: Path):
    model = compile_rules(path)
    fast_source, slow_source = sources(path, model)
    fast = load_module_from_source(fast_source, f"seat_walks_{path.stem}")
    slow = load_module_from_source(slow_source, f"whole_walks_{path.stem}")
    fast_engine, slow_engine = fast.GAME(None), slow.GAME(None)
    fast_engine.model = slow_engine.model = model
    return fast_source, slow_source, fast, fast_engine, slow, slow_engine


def test_kalah_with_stones_plays_the_same_games():
    fast_source, slow_source, fast, fast_engine, slow, slow_engine = engines(NEWCOMER / "kalah.rules")
    assert "SEAT_WALK_" in fast_source and "SEAT_WALK_" not in slow_source
    assert "first_empty(st._boards[0], B_PITS_CELLS_BY_ROW.get(st._counters['at'], ()))" in fast_source
    assert "st._first('any(x in hand)', pile_hand)" in fast_source
    assert "first_empty" not in slow_source and "(v_x for v_x in pile_hand)" in slow_source
    # each seat's own pits, worked out once for the seat's value
    side_empty = fast_source.split("def define_side_empty(", 1)[1].split("\ndef ", 1)[0]
    assert "define_own_pit" not in side_empty and ".of(st, v_p)" in side_empty

    def read(module):
        return lambda st: ([module.options_turn__sow(st, seat) for seat in (0, 1)],
                           [module.define_side_empty(st, seat) for seat in (0, 1)])

    for seed in range(12):  # (each seat's listing and side compared every 7 steps, whoever is to move)
        play_in_lock_step(fast_engine.new_game(2), slow_engine.new_game(2), 2, random.Random(seed),
                          also=[lambda st: read(fast)(st) if st._engine is fast_engine else read(slow)(st)])


def test_kalah_with_counters_plays_the_same_games():
    fast_source, slow_source, fast, fast_engine, slow, slow_engine = engines(NEWCOMER / "kalah-counters.rules")
    assert "SEAT_WALK_" in fast_source and "SEAT_WALK_" not in slow_source

    def read(module):
        return lambda st: ([module.options_turn__sow(st, seat) for seat in (0, 1)],
                           [module.score_stones_won(st, seat) for seat in (0, 1)])

    for seed in range(20):
        play_in_lock_step(fast_engine.new_game(2), slow_engine.new_game(2), 2, random.Random(seed),
                          also=[lambda st: read(fast)(st) if st._engine is fast_engine else read(slow)(st)])


@pytest.mark.parametrize("path", [ROOT / "rulebooks" / "oware.rules",
                                  ROOT / "house-rules" / "oware-grand-slam-captures.rules"])
def test_oware_walks_each_seat_s_own_houses_alike(path):
    fast_source, slow_source, fast, fast_engine, slow, slow_engine = engines(path)
    # `own(s, p)`: a seat and a graph's marks (`s is a south space`), the same in every game (written out)
    assert ("SeatWalk(lambda st, v_s, v_player: (((v_player == 0) and st._t.mark_of[0][v_s] == 'south') or "
            "((v_player == 1) and st._t.mark_of[0][v_s] == 'north')), range(len(B_HOUSES_ROW)))") in fast_source
    assert "SEAT_WALK_" not in slow_source

    def read(module):
        return lambda st: ([module.options_turn__sow(st, seat) for seat in (0, 1)],
                           [module.define_seeds_left(st, seat) for seat in (0, 1)])

    for seed in range(12):
        play_in_lock_step(fast_engine.new_game(2), slow_engine.new_game(2), 2, random.Random(seed),
                          also=[lambda st: read(fast)(st) if st._engine is fast_engine else read(slow)(st)])


def test_othello_takes_the_first_disc_of_the_box_alike():
    fast_source, slow_source, _, fast_engine, _, slow_engine = engines(ROOT / "rulebooks" / "othello.rules")
    assert "st._first('any(c in box)', pile_box)" in fast_source
    assert "(v_c for v_c in pile_box)" in slow_source
    for seed in range(3):
        play_in_lock_step(fast_engine.new_game(2), slow_engine.new_game(2), 2, random.Random(seed))


# A game for two to four: which conjuncts the seats decide, and which they do not.
CASES = """\
game "Seat walks" [SW-1]
  id "seat-walks"
  players 2 to 4 [SW-1]
  at most 20 turns [SW-1]

counter heap per player starts at 3 [SW-1]
counter total starts at 0 [SW-1]

define mine(p: seat, k: number) [SW-1]:
  p = player 1 and k <= 3 or p = player 2 and k >= 4 and k <= 6 or p != player 1 and p != player 2 and k = 7

define taken_after(p: seat, k: number) [SW-1]:
  count(j in 1..7 where heap of p > 0 and mine(p, j) and j < k)

turns go clockwise from player 1, each turn runs turn [SW-1]

choice turn(player: seat) by player [SW-1]:
  option take "take {k}" [SW-1]:
    for k in 1..7
    only if mine(player, k) and heap of player > 0 and taken_after(player, k) >= 0
    add k to total
    add -1 to heap of player
  option third "third {k}" [SW-1]:
    for k in 1..7
    only if total >= k and mine(player, k) and heap of player > 0
    add 1 to total
    add -1 to heap of player
  option pass "pass" [SW-1]:
    only if heap of player = 0
    add 0 to total

end spent [SW-1]:
  checked after every turn
  when total > 40
"""


def test_only_leading_conjuncts_that_read_seats_alone_are_decided(tmp_path):
    path = tmp_path / "seat-walks.rules"
    path.write_text(CASES)
    fast_source, slow_source, _, fast_engine, _, slow_engine = engines(path)
    tables = [line for line in fast_source.splitlines() if line.startswith("SEAT_WALK_")]
    # `mine(player, k)` leads the option `take`; in taken_after and in `third` a counter's test comes first, so
    # nothing is decided there (a value it turns away must still be asked the counter's test first)
    assert len(tables) == 1 and tables[0].endswith("# mine(player, k)")  # (mine written out in it)
    assert "((v_player == 0) and (v_k <= 3))" in tables[0]
    assert "SEAT_WALK" not in fast_source.split("def define_taken_after(", 1)[1].split("\ndef ", 1)[0]
    assert "SEAT_WALK" not in fast_source.split("def options_turn__third(", 1)[1].split("\ndef ", 1)[0]
    assert "SEAT_WALK_0.of(st, v_player)" in fast_source.split("def options_turn__take(", 1)[1].split("\ndef ", 1)[0]
    for players in (2, 3, 4):
        for seed in range(4):
            play_in_lock_step(fast_engine.new_game(players), slow_engine.new_game(players), players,
                              random.Random(seed))


def test_the_runtime_helpers():
    table = SeatWalk(lambda st, k, p: (k % 2 == p), range(1, 8))
    assert table.of(None, 0) == (2, 4, 6) and table.of(None, 1) == (1, 3, 5, 7)
    assert table == {(0,): (2, 4, 6), (1,): (1, 3, 5, 7)}  # (made once for each seat's value)
    contents = [3, -1, 4, -1, 5, 6]
    assert first_empty(contents, (2, 3, 4)) == (3,)  # a run: searched in C
    assert first_empty(contents, (0, 2, 3)) == (3,) and first_empty(contents, (0, 2, 5)) == ()
    assert first_empty(contents, (4, 5)) == () and first_empty(contents, ()) == ()


def test_capture_the_flag_reads_its_bases_from_a_seat_walk_alike():
    """(a) reading a board's regions where every game lays the same face (SeatWalks.same_regions, helper ctf):
    Capture the flag's `base_of(p)`, `any(s in field where s is a base space and home_ground(p, s))`, is each seat's
    base from a SeatWalk table, not a walk of the field testing each space; in lock step with the engine without."""
    path = NEWCOMER / "capture-the-flag.rules"
    source, source_without, engine, engine_without = engines_with_and_without(
        path, ((seat_walks.SeatWalks, "same_regions", lambda self, board: False),), "regions")
    base_of = source.split("def define_base_of(", 1)[1].split("\ndef ", 1)[0]
    assert "for v_s in SEAT_WALK_0.of(st, v_p):" in base_of and "region_of" not in base_of
    assert "st._t.region_of[0][v_s] >= 0 and" in source.split("SEAT_WALK_0 = SeatWalk(", 1)[1].split("\n", 1)[0]
    assert "SEAT_WALK_" not in source_without
    for seed in range(6):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, random.Random(seed))


REGIONS = """\
game "Regions" [RG-1]
  id "regions"
  players 2 to 2 [RG-1]
  at most 20 turns [RG-1]

option layout "Where the goals are": outer, inner default outer [RG-1]

board strip: rows row 1..1, columns column 1..4, adjacency orthogonal [RG-1]:
  region goal: one per letter [RG-1]
  face outer when layout = outer [RG-1]:
    1 g . . g
  FACE

counter reached per player starts at 0 [RG-1]

define goal_of(p: seat) [RG-1]:
  any(s in strip where s is a goal space and (p = player 1 and column of s <= 2 or p = player 2 and column of s >= 3))

turns go clockwise from player 1, each turn runs turn [RG-1]

choice turn(player: seat) by player [RG-1]:
  option reach "reach {goal_of(player)}" [RG-1]:
    add column of goal_of(player) to reached of player

end spent [RG-1]:
  checked after every turn
  when reached of player 2 > 10
"""


@pytest.mark.parametrize("face, tabled", [
    ("face inner when layout = inner [RG-1]:\n    1 . g g .", False),  # which spaces are goals: the option's
    ("face inner when layout = inner [RG-1]:\n    1 g . . g", True),  # the same goals in every game
])
def test_regions_are_read_by_a_seat_walk_only_where_every_face_marks_them_alike(tmp_path, face, tabled):
    path = tmp_path / "regions.rules"
    path.write_text(REGIONS.replace("FACE", face))
    source, _, engine, engine_without = engines_with_and_without(
        path, ((seat_walks.SeatWalks, "same_regions", lambda self, board: False),), "regions_faces")
    assert ("SEAT_WALK_0.of(st, v_p)" in source.split("def define_goal_of(", 1)[1].split("\ndef ", 1)[0]) == tabled
    for layout in ("outer", "inner"):
        ours, theirs = type(engine)({"layout": layout}), type(engine_without)({"layout": layout})
        ours.model = theirs.model = engine.model
        play_in_lock_step(ours.new_game(2), theirs.new_game(2), 2, random.Random(1))
