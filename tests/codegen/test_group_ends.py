"""An end whose test reads its space only as `group of s` and what s holds (rulespec.model.reads: the
footprint term ("group",)) is tested after a step only from the changed spaces and their neighbours: every
group that may have changed holds one of those, and every space of a group answers alike (#40: the
newcomer's game of Y asked its three sides of every stone's group after every step, 450x of C++).

Lock step with the engine generated without it (the end tested in full), and the debug switch that tests
every end in full at every check, also where stones are taken off and groups split (Atari with ends that
read groups of stones and of empty points, and
components of a player's stones and the empty points)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.python import generate
from rulespec.model import reads
from rulespec.pipeline import compile_rules, load_module_from_source
from rulespec.runtime.ends import verify_indexed_ends

from .lockstep import engines_with_and_without, play_in_lock_step
from .test_indexed_ends import play_checked

ROOT = Path(__file__).resolve().parents[2]
Y = ROOT / "tests" / "newcomer" / "games" / "y.rules"
ATARI = ROOT / "rulespec" / "docs" / "ref_games" / "atari.rules"


def without_groups(end, model):
    """board_index as it was before: an end reading `group of` is tested in full."""
    plan = BOARD_INDEX(end, model)
    return None if plan is None or reads.GROUP_MEMBER in plan.footprint else plan


BOARD_INDEX = reads.board_index
SWAPS = ((reads, "board_index", without_groups),)


def plan_of(path: Path, end_name: str):
    model = compile_rules(path)
    return reads.board_index(next(e for e in model.ends if e.name == end_name), model)


def test_the_y_end_is_tested_from_the_changed_spaces_and_their_neighbours():
    plan = plan_of(Y, "y")
    assert plan is not None and reads.GROUP_MEMBER in plan.footprint
    assert plan.unfolded == ()  # (the end's own `there is`; touches_all_sides is read where it is called)


def test_a_test_that_reads_where_its_space_is_is_tested_in_full(tmp_path):
    text = Y.read_text()
    for changed in ("mine(s, p) and touches_all_sides(s) and row of s < 19",  # a space's own row
                    "mine(s, p) and touches_all_sides(s) and s in group of s",  # the space itself as a value
                    "mine(s, p) and touches_all_sides(neighbour of s towards west)"):  # a neighbour's group
        path = tmp_path / "y.rules"
        path.write_text(text.replace("mine(s, p) and touches_all_sides(s)", changed))
        assert plan_of(path, "y") is None, changed


Y_CONNECTED = ROOT / "tests" / "codegen" / "y-connected.rules"  # the win said with `connected ... from t = s`


def y_said_with_connected(tmp_path, test: str) -> Path:
    path = tmp_path / "y-connected.rules"
    path.write_text(Y_CONNECTED.read_text().replace("mine(s, p) and touches_all_sides(s, p)", test))
    return path


def test_a_component_under_a_test_of_what_a_space_holds_is_read_as_a_group(tmp_path):
    plan = plan_of(Y_CONNECTED, "y")
    assert plan is not None and reads.GROUP_MEMBER in plan.footprint
    # the space read otherwise than as the chains' own test: a component's spaces may answer differently
    for test in ("s is occupied and touches_all_sides(s, p)", "touches_all_sides(s, p) and row of s > 1",
                 "mine(s, p) and touches_all_sides(s, p) and size of group of s > 0"):  # (two relations)
        assert plan_of(y_said_with_connected(tmp_path, test), "y") is None, test
    # tested on every stone at every check: every stone's answer from one flood of the board from the goals
    # (runtime/from_each.py); without that, a chain from a stone keeps what it reached, by the stone
    path = y_said_with_connected(tmp_path, "touches_all_sides(s, p) and row of s > 1")
    source = generate(compile_rules(path), path.name)
    assert "connected_from_each(" in source and "st._connected_from(" not in source
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reads, "connected_from_each", lambda e, model: None)
        source = generate(compile_rules(path), path.name)
    assert "st._connected_kept(" in source and "st._connected_from(" not in source


KEPT_FROM_EACH_SPACE = ((reads, "from_a_named_space", lambda e: False),)  # (before: kept, keyed by the space)


@pytest.mark.parametrize("path, swaps, mark, games", [
    (Y, SWAPS, "index_y = EndIndex(", 6),
    (Y_CONNECTED, SWAPS, "index_y = EndIndex(", 3),
    (Y_CONNECTED, KEPT_FROM_EACH_SPACE, "st._connected_from(", 3),
], ids=["group of s", "connected from t = s", "connected from t = s not kept"])
def test_y_plays_in_lock_step_with_the_engine_generated_without_the_lever(path, swaps, mark, games):
    """The end tested in full (and every check of the engine also tested in full); a `connected` from the
    space a name gives filled from it, not kept by that space (reads.connected_kept)."""
    source, source_without, engine, engine_without = engines_with_and_without(path, swaps, "group_ends")
    assert mark in source and mark not in source_without
    verify_indexed_ends(engine)
    rng = random.Random(40)
    for _ in range(games):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, rng)


def test_y_through_clones_json_and_positions_agrees_with_every_end_tested_in_full():
    """States read back or cloned start with no record, or their original's (runtime/ends.py)."""
    for path in (Y, Y_CONNECTED):
        engine = load_module_from_source(generate(compile_rules(path), path.name), f"checked_{path.stem}").GAME(None)
        engine.model = compile_rules(path)
        verify_indexed_ends(engine)
        rng = random.Random(path.stem)
        assert sum(play_checked(engine, 2, rng) for _ in range(2)) == 2


ATARI_ENDS = '''
end edge_to_edge [AT-4]:
  checked after every step
  for each p in players
  when there is s in grid where connected(t in grid where t holds colour of p or t is empty from t = s to row of t = 4) and size of captured > 100
  winner p

end strangled [AT-4]:
  checked after every step
  for each p in players
  when there is s in grid where (s holds colour of p or s is empty) and not connected(t in grid where t holds colour of p or t is empty from t = s to row of t = 4) and not connected(t in grid where t holds colour of p or t is empty from t = s to column of t = 4)
  winner p

end big_group [AT-4]:
  checked after every step
  for each p in players
  when there is s in grid where s holds colour of p and size of group of s >= 3
  winner p

end lonely_point [AT-4]:
  checked after every step
  when there is s in grid where s is empty and size of group of s = 1
  winner the player to move
'''


@pytest.mark.parametrize("seed", range(3))
def test_groups_that_split_when_stones_are_taken_off_are_tested(tmp_path, seed):
    """Atari's captures take stones off (empty regions join, groups of stones vanish) and placements split
    the empty regions: every check also tests every end in full (verify_indexed_ends)."""
    text = ATARI.read_text().replace("\nend capture", ATARI_ENDS + "\nend capture").replace(
        "when size of captured > 0", "when size of captured > 2")
    text = text[:text.index("\nexample ")] + "\n"  # (its examples are about the game as it was)
    path = tmp_path / "atari-groups.rules"
    path.write_text(text)
    model = compile_rules(path)
    assert all(reads.GROUP_MEMBER in reads.board_index(e, model).footprint
               for e in model.ends if e.name in ("lonely_point", "big_group", "strangled"))
    assert reads.board_index(next(e for e in model.ends if e.name == "edge_to_edge"), model) is None  # (a zone)
    engine = load_module_from_source(generate(model, path.name), f"atari_groups_{seed}").GAME(None)
    engine.model = model
    verify_indexed_ends(engine)
    rng = random.Random(seed)
    ended = set()
    for _ in range(60):
        state = engine.new_game(2)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        ended.add(state.outcome()["end"])
    assert {"lonely_point", "big_group", "strangled"} <= ended, ended
