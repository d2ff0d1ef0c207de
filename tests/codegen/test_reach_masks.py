"""Havannah's ring, a `connected` asked from every space, and its bridge and fork, ends that read the seat to
move (#40, helper havannah):

- (a) a count or `there is` over a board's spaces c whose condition is `connected(t in B where C from t = c to
  G)` (or its negation, through definitions, the first space let through by name: `t = c or C`): answered for
  every c at once from one reach of G's side, kept by the runtime (rulespec/codegen/reach_masks.py,
  State._reach_cover), against the engine generated filling from each space;
- (b) an end reading `the player to move` tested only where its board changed, its record kept per seat to
  move (model/reads.py IndexPlan.mover, runtime/ends.py by_seat), against the engine testing it in full;
- (c) a kept reach that loses a space keeps the rest when the space's reached neighbours reach one another
  around it, else loses only what its arcs, flooded to the nearest start, no longer reach (runtime/
  board_reading.py _cut_off), against reaching again from the starts.

- (d) an end reading a space only as its group and what it holds, on a board whose stones are only ever added:
  of a written space's neighbours only the empty ones are tested (runtime/ends.py EndIndex.added_only).

Each in lock step (legal actions, outcomes, returns, JSON) on the newcomer's file as written and on forms of it,
or every indexed check against every unit tested.
"""

import random
import re
import sys
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.codegen.reach_masks import ReachMasks
from rulespec.model import reads
from rulespec.pipeline import load_module_from_source
from rulespec.runtime import board_reading
from rulespec.runtime.ends import verify_indexed_ends

from .lockstep import engines_with_and_without, play_in_lock_step, sampled_action
from .test_indexed_ends import play_checked

ROOT = Path(__file__).parents[2]
HAVANNAH = ROOT / "tests/newcomer/games/havannah.rules"
Y = ROOT / "tests/newcomer/games/y.rules"
RING = "when there is c in grid where ringed(c, the player to move)"
RINGED = "not connected(t in grid where t = c or not mine(t, p) from t = c to on_border(t))"
FORMS = {  # the ring said other ways: a count; c itself passing C; the `connected` written in the end
    "count": ((RING, "when count(c in grid where ringed(c, the player to move)) >= 1"),),
    "passing": ((RINGED, "not connected(t in grid where not mine(t, p) from t = c to on_border(t))"),),
    "written_in": ((RING, "when there is c in grid where not connected(t in grid where c = t or not mine(t, the "
                          "player to move) from c = t to on_border(t))"),
                   (f"define ringed(c: grid, p: seat) [HAV-4]:\n  {RINGED}\n", "")),
}


def form(tmp_path: Path, name: str) -> Path:
    text = HAVANNAH.read_text()
    if name != "as_written":
        for old, new in FORMS[name]:
            assert old in text
            text = text.replace(old, new)
    path = tmp_path / f"havannah-{name.replace('_', '-')}.rules"
    path.write_text(text)
    return path


@pytest.mark.parametrize("name", ["as_written", *sorted(FORMS)])
def test_a_connected_from_every_space_is_one_reach_in_lock_step(name, tmp_path):
    source, without, fast, slow = engines_with_and_without(
        form(tmp_path, name), ((ReachMasks, "reach_mask", lambda self, count: None),), "reach_masks")
    assert "st._reach_cover(" in source and "st._reach_cover(" not in without
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_the_newcomer_s_ring_is_read_from_one_reach():
    code = generate(rulespec.compile_rules(HAVANNAH), HAVANNAH.name)
    ring = code[code.index("def end_ring"):code.index("def end_bridge")]
    # (by name: c itself need not pass; negated: the spaces no chain joins to the border)
    assert "st._reach_cover(0, (" in ring and ", True, True)" in ring and "for v_c in" not in ring


def test_an_end_reading_the_seat_to_move_is_indexed_per_seat(tmp_path):
    model = rulespec.compile_rules(HAVANNAH)
    plans = {end.name: reads.board_index(end, model) for end in model.ends}
    assert plans["bridge"].mover and plans["fork"].mover and plans["full"] is None
    assert plans["bridge"].footprint == (("group",), ("here",))

    def unmoved(end, m):  # board_index before lever (b): an end reading the seat to move tested in full
        plan = BOARD_INDEX(end, m)
        return None if plan is None or plan.mover else plan

    source, without, fast, slow = engines_with_and_without(HAVANNAH, ((reads, "board_index", unmoved),), "by_seat")
    assert "index_fork.units(st, v_the_player_to_move_)" in source and "index_fork" not in without
    assert "('after_step', 0, st._turn_seat): st._writes()" in source
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


BOARD_INDEX = reads.board_index


@pytest.mark.parametrize("path", [HAVANNAH, Y], ids=["havannah", "y"])
def test_each_check_agrees_with_every_unit_tested(path):
    """Per seat to move (Havannah), and (d) on a board whose stones are only ever added, of a written space's
    neighbours only the empty ones tested (Havannah's bridge and fork, Y's three sides: runtime/ends.py
    EndIndex.added_only)."""
    source = generate(rulespec.compile_rules(path), path.name)
    assert "added_only=True)" in source
    game = type(rulespec.load(str(path)))()  # (an engine of its own for the switch)
    verify_indexed_ends(game)  # raises AssertionError at the first check that disagrees
    rng = random.Random(7)
    assert sum(play_checked(game, 2, rng) for _ in range(4)) == 4


def reached(state, module, seat: int) -> int:
    """The ring's region for ``seat`` worked out here: the spaces without seat's stones that a chain of such
    spaces joins to one on the board's border."""
    colour = ("white", "black")[seat]
    passes = [module.CELL_ATTRS["colour"][item] != colour for item in state._boards[0]]
    frontier = [c for c in state._t.cells_in_use[0] if module.define_on_border(state, c) and passes[c]]
    region = set(frontier)
    while frontier:
        for n in state._t.neighbours[0][frontier.pop()]:
            if n not in region and passes[n]:
                region.add(n)
                frontier.append(n)
    return sum(1 << c for c in region)


def reached_again(near, neighbours, cell, region, start_mask):
    """runtime/board_reading.py _cut_off as it was first: what the starts reach again through the region."""
    reached = region & start_mask
    frontier = [c for c in range(region.bit_length()) if reached >> c & 1]
    while frontier:
        for n in neighbours[frontier.pop()]:
            if region >> n & 1 and not reached >> n & 1:
                reached |= 1 << n
                frontier.append(n)
    return reached


def test_a_reach_that_loses_a_space_keeps_the_rest_exactly():
    """After every step of seeded games the region kept for the seat that moved is the region reached afresh,
    and the games played reaching again from the starts at every loss are the same games; most losses keep
    the rest at once (the lost space's reached neighbours reach one another around it)."""
    source = generate(rulespec.compile_rules(HAVANNAH), HAVANNAH.name)
    module = load_module_from_source(source, "reach_masks_kept_rest")
    game = module.GAME(None)
    number = int(re.search(r"_reach_cover\(0, \((\d+), ", source).group(1))
    kept_rest = []
    joined = board_reading._joined_around

    def counted(near, cell, region):
        kept_rest.append(joined(near, cell, region))
        return kept_rest[-1]

    for seed in range(4):
        rng = random.Random(seed)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(board_reading, "_joined_around", counted)
            state, played, offered = game.new_game(2), [], []
            while not state.is_terminal():
                offered.append([str(a) for a in state.legal_actions()])
                seat = state.current_player()
                action = sampled_action(state, rng)
                played.append(str(action))
                state.apply(action)
                assert state._reach[number, seat][1] == reached(state, module, seat)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(board_reading, "_cut_off", reached_again)
            again = game.new_game(2)
            for text, texts in zip(played, offered):
                assert [str(a) for a in again.legal_actions()] == texts
                again.apply(text)
        assert again.to_json() == state.to_json() and again.returns() == state.returns()
    assert sum(kept_rest) > len(kept_rest) / 2


def test_a_reach_that_loses_several_spaces_at_once_keeps_the_rest_exactly():
    """A record far from the board it is asked about (another game's, as a state may hold: a record is true
    whatever state holds it) loses several reached spaces at once; the region kept after it is still the
    region reached afresh (each lost space cut from the region the ones before it left: a neighbour reached
    only through another lost space is not joined around the first). Hex's two kept `connected` ends."""
    engine = rulespec.load("hex", options={"board_size": "8"})
    module = sys.modules[type(engine).__module__]
    ends = [getattr(module, name) for name in dir(module) if name.startswith("end_")]
    rng = random.Random(7)
    strangers, checked, several = [], 0, 0
    for _ in range(6):
        state = engine.new_game(2)
        while not state.is_terminal():
            action = sampled_action(state, rng)
            for stranger in strangers[-2:]:
                twin = state.clone()
                before = {key: record[1] for key, record in stranger._reach.items() if len(record) == 3}
                twin._reach, twin._pending = stranger._reach, None
                twin.apply(action)
                afresh = twin.clone()
                afresh._reach = {}
                assert [end(afresh) for end in ends] == [end(twin) for end in ends]  # (each reach brought up to date)
                for key, record in twin._reach.items():
                    if key in before and record[0] == twin._boards[0]:
                        assert record[1] == afresh._reach[key][1]
                        checked += 1
                        several += bin(before[key] & ~record[1]).count("1") > 1
            state.apply(action)
        strangers.append(state)
    assert checked > 100 and several > 10
