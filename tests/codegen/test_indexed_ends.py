"""End checks indexed by what can change them (rulespec.model.reads, rulespec.runtime.ends).

An end of the form "some space s of a board where phi(s)", phi reading only a fixed neighbourhood of s,
is tested after a step only at the units whose neighbourhood holds a changed space. The debug switch
(verify_indexed_ends) makes every check also test every end in full and raise when they disagree: the
first tests play many random games of every bundled rule file and house rule with it, through clones,
JSON round trips and positions (states with no record of the board before them)."""

import random
import sys
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.model import reads
from rulespec.pipeline import bundled_house_rules, bundled_rulebooks
from rulespec.runtime.ends import verify_indexed_ends

ROOT = Path(__file__).resolve().parents[2]
HOUSE_RULES = sorted(bundled_house_rules())
GAMES = [(game_id, 40 if game_id in ("tic-tac-toe", "connect-four") else 2) for game_id in bundled_rulebooks()]
assert len(HOUSE_RULES) >= 9
GAMES += [(house, 15 if house.split("/")[0] in ("tic-tac-toe", "connect-four") else 1) for house in HOUSE_RULES]
TTT = (ROOT / "rulebooks" / "tic-tac-toe.rules").read_text()


def fresh(game_id: str):
    """An engine of its own (the switch must not reach the engines other tests load)."""
    return type(rulespec.load(game_id))()


def play_checked(game, players: int, rng: random.Random, steps: int = 3000) -> int:
    """Random play through the public API; now and then the state is replaced by its clone, its JSON read
    back or its position read back, so that checks start from states with no record too. The number of
    finished games."""
    state = game.new_game(players=players)
    for step in range(steps):
        if state.is_terminal():
            return 1
        if state.is_chance_node():
            state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
        roll = rng.random()
        if roll < 0.1:
            state = game.from_json(state.to_json())
            assert not state._ends_seen  # read back: nothing known about the board before
        elif roll < 0.2:
            state = state.clone()
        elif roll < 0.25 and not state.is_terminal() and not state._chosen:
            try:
                state = game.position(state.to_position())
            except rulespec.InvalidPosition:
                pass  # not every state of every game reads back as a position (a mid-turn draw)
    return 0


@pytest.mark.parametrize("game_id, games", GAMES, ids=[g for g, _ in GAMES])
def test_indexed_end_checks_agree_with_testing_every_end_in_full(game_id, games):
    game = fresh(game_id)
    verify_indexed_ends(game)  # raises AssertionError at the first check that disagrees
    rng = random.Random(game_id)
    finished = sum(play_checked(game, rng.choice(range(game.min_players, game.max_players + 1)), rng)
                   for _ in range(games))
    assert finished >= 1


def test_the_gallery_grid_games_are_indexed_and_the_others_tested_in_full():
    indexed = {}
    for game_id in bundled_rulebooks():
        model = rulespec.load(game_id).model
        indexed[game_id] = {end.name: reads.board_index(end, model) for end in model.ends}
    three = indexed["tic-tac-toe"]["three"]
    assert (three.board, three.space_var, three.direction_var, three.footprint, three.unfolded) == \
        ("grid", "s", "d", (("line", reads.UNIT, 3),), ("three_from",))
    assert three.requires == (("line", reads.UNIT, 3),)  # a (space, direction) without 3 spaces that way: never
    assert indexed["connect-four"]["four"].footprint == (("line", reads.UNIT, 4),)
    assert indexed["tic-tac-toe"]["full"] is None  # "no space is empty" is no "some space where"
    # Breakthrough: "a pawn of p on p's far row" is a test of one space, looked at where a move changed the board.
    reached = indexed["breakthrough"]["breakthrough"]
    assert (reached.board, reached.footprint, reached.unfolded) == ("grid", (("here",),), ())
    assert indexed["breakthrough"]["wiped_out"] is None  # "no space holds one of p's": every space, not some
    grid_ends = {("tic-tac-toe", "three"), ("connect-four", "four"), ("breakthrough", "breakthrough")}
    assert all(plan is None for game_id, ends in indexed.items() for name, plan in ends.items()
               if (game_id, name) not in grid_ends)  # zones and counters: tested after every step, as before


def test_a_changed_space_names_exactly_the_units_whose_line_holds_it():
    game = fresh("connect-four")
    state = game.new_game(players=2)
    index = sys.modules[type(game).__module__].index_four
    # The set-up's end check (Engine._advance, once the set-up's steps are done) recorded the empty board.
    assert state._ends_seen == {("after_step", 0): 0} and index.units(state) == ()
    state._ends_seen = {}
    every = index.units(state)
    t = state._t
    both_ways = [(s, d) for s in t.cells_in_use[0] for d in range(8) if len(t.lines(0, d, 4)[s]) == 4]
    assert len(both_ways) == 2 * (6 * 4 + 7 * 3 + 2 * 3 * 4)  # across, up and down, both diagonals; both ways
    # Four in a line is the same test from either end of the line (index_four.by_set): one of them, the first.
    whole, sets = [], set()
    for s, d in both_ways:
        if frozenset(t.lines(0, d, 4)[s]) not in sets:
            sets.add(frozenset(t.lines(0, d, 4)[s]))
            whole.append((s, d))
    assert index.by_set and len(whole) == 6 * 4 + 7 * 3 + 2 * 3 * 4
    assert [unit[:2] for unit in every] == whole  # no record: every line of 4, once
    assert all(line == t.lines(0, d, 4)[s] for s, d, line in every)  # each unit comes with its whole line
    state.apply("player 1: drop red in column 4")
    assert state._ends_seen  # every end held false: the board is recorded
    state.apply("player 2: drop yellow in column 1")
    # The record is the count of writes when every end held false; the spaces written since are read from the
    # state's journal of writes. A record one write older: the red disc at row 6, column 4 reads as new.
    changed = 5 * 7 + 3
    assert [at - t.board_base[0] for at in state._written[-2:]] == [changed, 5 * 7] and state._ends_seen[("after_step", 0)] == state._writes()
    state._ends_seen = {**state._ends_seen, ("after_step", 0): state._writes() - 2}
    want = [(s, d) for s, d in whole if changed in t.lines(0, d, 4)[s] or 5 * 7 in t.lines(0, d, 4)[s]]
    assert [unit[:2] for unit in index.units(state)] == want
    state._ends_seen = {**state._ends_seen, ("after_step", 0): state._writes() - 1}
    assert [unit[:2] for unit in index.units(state)] == [(s, d) for s, d in whole if 5 * 7 in t.lines(0, d, 4)[s]]
    state._ends_seen = {**state._ends_seen, ("after_step", 0): state._writes()}
    assert index.units(state) == ()  # nothing written since: no unit to test
    # A record older than the journal the state holds (a clone starts its own at its original's count): every unit.
    state._ends_seen = {**state._ends_seen, ("after_step", 0): state._written_before - 1}
    assert index.units(state) == every
    # The lines of 4 through row 6, column 4: 4 across, 1 up, 1 on each diagonal.
    assert len([(s, d) for s, d in whole if changed in t.lines(0, d, 4)[s]]) == 4 + 1 + 1 + 1


def test_a_state_read_back_is_tested_in_full():
    game = fresh("tic-tac-toe")
    state = game.new_game(players=2)
    for action in ("player 1: cross on row 1 column 1", "player 2: nought on row 2 column 1",
                   "player 1: cross on row 1 column 2", "player 2: nought on row 2 column 2"):
        state.apply(action)
    cross = next(i for i in state._zones[0] if game.ITEM_ATTRS["symbol"][i] == "cross")
    state._place(0, cross, 2, "turn")  # three crosses in row 1, put there behind the check's back
    read_back = game.from_json(state.to_json())
    assert game.END_CHECKS["after_step"](read_back) == (0, [0])  # no record: every unit tested
    # The record trusts the state's journal of writes, which holds that placement: the three are found.
    assert game.END_CHECKS["after_step"](state) == (0, [0])


HOUSE_VARIANTS = {
    # a zone besides the board: tested in full
    "zone": ("when count(s in grid where three_from(s, p)) > 0\n", "when count(s in grid where three_from(s, p)) > 0"
             " and supply is not empty\n", None),
    # a different line length: a different footprint
    "two": ("count(t in line of 3 from s towards d where mine(t, p)) = 3",
            "count(t in line of 2 from s towards d where mine(t, p)) = 2", (("line", reads.UNIT, 2),)),
    # one fixed direction, and a neighbour: the unit is the space alone
    "east": ("count(d in directions of grid where count(t in line of 3 from s towards d where mine(t, p)) = 3) > 0",
             "count(t in line of 3 from s towards east where mine(t, p)) = 3 and "
             "(neighbour of s towards west is none or neighbour of s towards west is empty)",
             (("line", 2, 3), ("neighbour", 6))),
    # a walk's size compared with a number: true or false by its first K + 1 spaces, the line of K + 2 from s
    "walk": ("count(t in line of 3 from s towards d where mine(t, p)) = 3",
             "size of walk(t from s towards d while mine(t, p)) >= 2 and mine(s, p)",
             (("here",), ("line", reads.UNIT, 4))),
    "walk_equal": ("count(t in line of 3 from s towards d where mine(t, p)) = 3",
                   "mine(s, p) and 1 = size of walk(t from s towards d until not mine(t, p))",
                   (("here",), ("line", reads.UNIT, 3))),
    # a test of the space beside "some direction d": the unit is still the pair (space, direction)
    "beside": ("count(d in directions of grid where count(t in line of 3 from s towards d where mine(t, p)) = 3) > 0",
               "mine(s, p) and count(d in directions of grid where count(t in line of 3 from s towards d "
               "where mine(t, p)) = 3) > 0", (("here",), ("line", reads.UNIT, 3))),
    # a count over the whole board inside the condition: not a fixed neighbourhood
    "board": ("count(t in line of 3 from s towards d where mine(t, p)) = 3",
              "count(t in grid where mine(t, p)) = 3", None),
}


@pytest.mark.parametrize("name", sorted(HOUSE_VARIANTS))
def test_a_changed_rule_file_changes_the_analysis(name, tmp_path):
    old, new, footprint = HOUSE_VARIANTS[name]
    assert old in TTT
    path = tmp_path / "tic-tac-toe.rules"
    path.write_text(TTT.replace(old, new))
    model = rulespec.compile_rules(path)
    plan = reads.board_index(next(e for e in model.ends if e.name == "three"), model)
    assert (plan.footprint if plan else None) == footprint
    source = generate(model, "tic-tac-toe.rules")
    assert ("= index_three.units" in source) == (footprint is not None)
    # the space changed alone is tested first only where each unit needs every space of its line to pass
    assert ("index_three.units_and_one(st)" in source) == (footprint in ((("line", -1, 3),), (("line", -1, 2),)))


def test_an_indexed_house_rule_plays_exactly(tmp_path):
    path = tmp_path / "tic-tac-toe-east.rules"
    path.write_text(TTT.replace(*HOUSE_VARIANTS["east"][:2]).replace('id "tic-tac-toe"', 'id "tic-tac-toe-east"'))
    game = rulespec.load(str(path))
    verify_indexed_ends(game)
    rng = random.Random(3)
    assert sum(play_checked(game, 2, rng) for _ in range(40)) == 40
    assert any(end.name == "three" for end in game.ENDS)


def test_an_end_s_own_line_test_looks_the_line_up_once_and_tests_its_spaces_one_by_one():
    source = (ROOT / "engines" / "connect_four.py").read_text()
    check = source[source.index("def ends_after_step"):]
    assert "units, one_changed = index_four.units_and_one(st)" in check and "for v_s, v_d, unit_line in units:" in check
    # a unit wins only if each space of its line holds the seat's colour, and each unit to test holds the one
    # space changed (when one did): that space is tested first, once per seat, and the seat's colour is read once
    assert ("seat_value_0 = ('red', 'yellow')[v_p]\n"
            "        if one_changed is not None and not (cell_attr_0[board_0[one_changed]] == seat_value_0):\n"
            "            continue") in check
    assert "line=4, by_set=True)" in source  # the index hands each unit its whole line: no look-up, no None test
    assert "board_0 = st._boards[0]" in check and "full_lines" not in check
    assert all(f"board_0[unit_line[{k}]]" in check for k in range(4)) and "unit_line[4]" not in check
    assert "st._ends_seen = {('after_step', 0): st._writes()}" in check and "st._boards[0][:]" not in check  # no copy
    full = source[source.index("def end_four"):source.index("# ---------------------------------------------------------------- end full")]
    assert "index_four" not in full and "line_t" not in full  # the end's own function tests every unit
