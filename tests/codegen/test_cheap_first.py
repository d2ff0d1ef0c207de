"""An `and`'s operands tested cheapest first where none moved can fail (#40, rulespec/codegen/cheap_first.py):
Gomoku's five in a row said as a walk from a stone with the one-space test written last is tested as if
written first, in lock step with the engine generated in the written order; an operand that may fail (a
walk from a neighbour past the edge, guarded by a test before it) stays where it is and nothing crosses it."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.cheap_first import CheapFirst
from rulespec.codegen.python import CodeGenerator

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
GOMOKU = (ROOT / "tests/newcomer/games/gomoku.rules").read_text()
LINE = "count(d in directions of grid where count(t in line of 5 from s towards d where mine(t, p)) = 5) > 0"
WALK = "count(d in directions of grid where size of walk(t from s towards d while mine(t, p)) >= 4) > 0"
FORMS = {
    "walk_after": f"{WALK} and mine(s, p)",  # (tests/codegen/test_walk_ends.py's form: the walk written first)
    "walk_first": f"mine(s, p) and {WALK}",
    # `column of s < 15` guards the walk from the space east of s, which fails (a rule error) past the edge
    "guarded": f"{WALK} and column of s < 15 and size of walk(t from east_of(s) towards east while mine(t, p)) >= 3"
               " and mine(s, p)",
}
EAST_OF = "define east_of(s: grid) [GOM-4]:\n  neighbour of s towards east\n\n"
ONE_SPACE = "(cell_attr_0[board_0[v_s]] == seat_value_0)"  # mine(s, p) in the indexed end's unit test


def form_file(tmp_path: Path, name: str) -> Path:
    assert LINE in GOMOKU
    path = tmp_path / f"gomoku-{name}.rules"
    text = GOMOKU.replace(LINE, FORMS[name])
    path.write_text(text.replace("define five_from", EAST_OF + "define five_from") if "east_of" in text else text)
    return path


def engines(path: Path):
    return engines_with_and_without(path, ((CheapFirst, "cheapest_first", lambda self, operands: list(operands)),),
                                    "cheap_first")


def five_from(source: str) -> str:
    """The body of the generated definition `five_from`."""
    return source.split("def define_five_from(", 1)[1].split("\n\n", 1)[0].split('"""')[-1]


def unit_test(source: str) -> str:
    """The indexed end's test of one (space, direction)."""
    return next(line for line in source.splitlines() if "st._walk(" in line and line.lstrip().startswith("if"))


def test_the_one_space_test_comes_first_whichever_way_it_is_written(tmp_path):
    after, after_without, _, _ = engines(form_file(tmp_path, "walk_after"))
    first, first_without, _, _ = engines(form_file(tmp_path, "walk_first"))
    assert unit_test(after).index(ONE_SPACE) < unit_test(after).index("st._walk(")
    assert unit_test(after_without).index(ONE_SPACE) > unit_test(after_without).index("st._walk(")
    assert unit_test(after) == unit_test(first) and five_from(after) == five_from(first)  # the same code
    assert "return False" in five_from(after) and "return False" not in five_from(after_without)  # (a guard)
    assert first == first_without  # (written first already: nothing moves)
    assert f"`{FORMS['walk_after']}`" in after  # the definition's docstring keeps the written text


def test_an_operand_that_may_fail_stays_where_it_is(tmp_path):
    source, without, _, _ = engines(form_file(tmp_path, "guarded"))
    body, written = five_from(source), five_from(without)
    guard, walk, from_east, mine = (body.index(part) for part in (
        "B_GRID_COLUMN[v_s] < 15", "any(", "st._on_board(", "CELL_ATTRS['colour'][st._boards[0][v_s]] =="))
    assert guard < walk < from_east < mine  # the guard before the walk it was after; past the may-fail: unmoved
    assert written.index("any(") < written.index("B_GRID_COLUMN[v_s] < 15") < written.index("st._on_board(")


@pytest.mark.parametrize("name", sorted(FORMS))
def test_games_agree_with_the_written_order(name, tmp_path):
    _, _, fast, slow = engines(form_file(tmp_path, name))
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_what_cannot_fail(tmp_path):
    model = rulespec.compile_rules(form_file(tmp_path, "guarded"))
    generator = CodeGenerator(model, "gomoku-guarded.rules")
    definition = next(d for d in model.definitions if d.name == "five_from")
    total = {o.text: generator.cannot_fail(o, frozenset(), frozenset()) for o in definition.value.operands}
    assert total == {WALK: True, "column of s < 15": True, "mine(s, p)": True,
                     "size of walk(t from east_of(s) towards east while mine(t, p)) >= 3": False}
    column = definition.value.operands[1]
    assert not generator.cannot_fail(column, frozenset({"s"}), frozenset())  # s may be past the edge there
