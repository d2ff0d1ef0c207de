"""A walk of a board narrowed to the spaces a geometric condition lets through, read from a table made once per
space and set-up (#40, model/geometric.py, codegen/related_spaces.py, runtime/related.py), in lock step with the
engine generated without it (every space of the board tested): the same choices in the same order at every
step, the same games."""

import random
import re
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.related_spaces import SET_UP_VIEW, RelatedSpaces
from rulespec.model import ir
from rulespec.model.geometric import geometric
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
FIXTURE = Path(__file__).with_name("related-spaces.rules")


def engines(path: Path):
    return engines_with_and_without(
        path, ((RelatedSpaces, "related_parts", lambda self, var, domain, parts, outer: None),), "related")


# file -> (a walk read from a table; seeded games played; options)
FILES = {
    "tests/codegen/related-spaces.rules": ("for v_t in st._t.related[related_2, v_s]:", 12, {}),
    "tests/codegen/related-spaces.rules size 4": ("for v_t in st._t.related[related_1, v_s]:", 12, {"size": "4"}),
    "tests/newcomer/games/clobber.rules": ("for v_t in st._t.related[related_1, v_s]:", 12, {}),
    "rulespec/docs/ref_games/cornered.rules": ("for v_t in st._t.related[related_1, v_s]:", 12, {}),
    "rulespec/docs/ref_games/shuttle.rules": ("for v_t in st._t.related[related_1, v_s]:", 12, {}),
    "rulebooks/chess.rules": ("for v_s in st._t.related[related_1, v_shade]", 2, {}),
    "benchmarks/formulations/adjacent-neighbour.rules": ("for v_t in st._t.related[related_1, v_s]:", 12, {}),
}


def test_adjacency_by_arithmetic_or_by_a_neighbour_walks_the_same_table():
    """The two formulations of Clobber's adjacency (benchmarks/formulations/adjacent-*.rules): one table each,
    the same spaces, the walk written the same way."""
    formulations = ROOT / "benchmarks" / "formulations"
    listings = [engines(formulations / f"adjacent-{way}.rules")[0].split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]
                .replace(f"adjacent-{way}.rules", "FILE") for way in ("arithmetic", "neighbour")]
    assert listings[0] == listings[1] and "for v_t in st._t.related[related_1, v_s]:" in listings[0]


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_walk_read_from_the_table_offers_the_same_choices(name):
    walk, games, options = FILES[name]
    source, source_without, related, whole = engines(ROOT / name.split()[0])
    assert walk in source and "related_1" not in source_without
    if options:  # (the same engines, set up with the options)
        related, whole = (type(engine)(options) for engine in (related, whole))
        related.model = whole.model = compile_rules(ROOT / name.split()[0])
    for seed in range(games):  # legal_actions compared at every step, as listed (the order offered)
        play_in_lock_step(related.new_game(2), whole.new_game(2), 2, random.Random(seed))


def test_each_set_up_has_its_own_table():
    """The board's size is an option: a space's neighbours differ on the two boards, each asked once."""
    engine = rulespec.load(FIXTURE, options={"size": "4"})
    small, large = engine.new_game(2), rulespec.load(FIXTURE).new_game(2)
    for state in (small, large):
        state.legal_actions()
    module = type(engine).__module__
    tables = {len(state._t.cells_in_use[0]): state._t.related for state in (small, large)}
    assert set(tables) == {16, 25}
    corner = 0  # (row 1, column 1) on both
    near_small = [key for key in tables[16] if key[1:] == (corner,) and key[0].__name__ == "related_1"]
    assert near_small and module
    assert len(tables[16][near_small[0]]) == 3 and len(tables[25][near_small[0]]) == 3
    far_corner_small, far_corner_large = 3, 4  # row 1, column `size`
    assert tables[16][near_small[0][0], far_corner_small] != tables[25][near_small[0][0], far_corner_large]


def _definitions(path: Path) -> tuple[ir.Model, dict]:
    model = compile_rules(path)
    return model, {d.name: d for d in model.definitions}


def test_what_is_geometric():
    """Rows, columns, arithmetic, abs and the definitions made of them are; what a space holds, a count over
    the board and a row read of a neighbour (which may be past the edge) are not."""
    model, definitions = _definitions(FIXTURE)
    near, jump, boxed = definitions["near"], definitions["jump"], definitions["boxed_in"]
    names = frozenset({"s", "t"})
    assert geometric(near.value, names, definitions) and geometric(jump.value, names, definitions)
    assert not geometric(boxed.value, frozenset({"p"}), definitions)
    option = next(o for s in model.steps if s.name == "turn" for o in s.options if o.name == "step")
    held, near_use, empty = option.conditions
    assert geometric(near_use, names, definitions)
    assert not geometric(held, names | {"player"}, definitions) and not geometric(empty, names, definitions)
    assert not geometric(near_use, frozenset({"s"}), definitions)  # (t is not a name it may read)



def test_a_table_is_made_from_the_set_up_alone():
    """Every related_ function reads of its `st` only what the set-up's view has (its tables, options, player
    count, a neighbour's neighbour: SET_UP_VIEW): a position is never read to make a table. The generator
    declines a table whose code would read more."""
    made = 0
    for name in FILES:
        source = engines(ROOT / name.split()[0])[0]
        for function in re.findall(r"\ndef related_\d+\(st.*?\n\n", source, re.S):
            made += 1
            assert set(re.findall(r"\bst\.(\w+)", function)) <= SET_UP_VIEW, (name, function)
    assert made >= len(FILES)



def test_the_profiler_does_not_hint_at_a_count_read_from_a_table(tmp_path):
    """`boxed_in`'s inner `count(t in grid where near(s, t) and t is empty)` is read from a table: no hint that
    it counts every space again (rulespec profile); the same count asking only what a space holds gets one."""
    from rulespec.check.profile import hints

    def counted_again(path):
        return [h for h in hints(compile_rules(path), engines(path)[0]) if "counts every space" in h.advice]

    assert not counted_again(FIXTURE)
    plain = tmp_path / "related-spaces.rules"
    plain.write_text(FIXTURE.read_text(encoding="utf-8").replace("where near(s, t) and t is empty",
                                                                 "where t is empty"), encoding="utf-8")
    assert counted_again(plain)
