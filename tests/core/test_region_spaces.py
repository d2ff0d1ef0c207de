"""`s is a pool space` (issue #42): a space lies in a region of that name, or bears the mark of that name;
the legal moves of a game that asks it are exactly the spaces its map letters, on every face."""

from __future__ import annotations

import pytest

from rulespec.language.errors import RuleError
from rulespec.pipeline import compile_rules, load

GAME = '''game "Pools" [P-1]
  id "pools"
  players 2 to 2 [P-1]
  at most 20 turns [P-1]

option side "Side": one, two default one [P-2]
component stone x 9 [P-1]
zone heap: shared, public, holds every component in play [P-1]

board field: rows row 1..3, columns column 1..3, adjacency orthogonal [P-2]:
  region pool: one per letter [P-2]
  face one when side = one [P-2]:
    1 a a .
    2 . . .
    3 . b .
  face two when side = two [P-2]:
    1 . . .
    2 . a .
    3 . . -

turns go clockwise from player 1, each turn runs turn [P-3]

choice turn(player: seat) by player [P-3]:
  option put "put a stone on {s}" [P-3]:
    for s in field
    only if s is empty and {CONDITION}
    place any(t in heap) on s as regular

end full [P-4]:
  checked after every step
  when count(s in field where s is a pool space and s is empty) = 0
'''


def write(tmp_path, text: str):
    path = tmp_path / "pools.rules"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("side, pool, dry", [
    ("one", {"1 1", "1 2", "3 2"}, {"1 3", "2 1", "2 2", "2 3", "3 1", "3 3"}),
    ("two", {"2 2"}, {"1 1", "1 2", "1 3", "2 1", "2 3", "3 1", "3 2"}),
])
def test_the_offered_spaces_are_the_lettered_ones_on_each_face(tmp_path, side, pool, dry):
    for condition, wanted in (("s is a pool space", pool), ("not s is a pool space", dry)):
        engine = load(write(tmp_path, GAME.replace("{CONDITION}", condition)), options={"side": side})
        state = engine.new_game(players=2)
        offered = {a.text.removeprefix("put a stone on ") for a in state.legal_actions()}
        assert offered == wanted, condition


def test_it_reads_in_english_as_written(tmp_path):
    from rulespec.docs.english import English
    model = compile_rules(write(tmp_path, GAME.replace("{CONDITION}", "s is a pool space")))
    [option] = [o for step in model.steps for o in getattr(step, "options", ())]
    assert [English(model).expr(c) for c in option.conditions][-1] == "*s* is a pool space"


def test_on_a_board_of_triangles_it_is_the_mark_of_that_name():
    from pathlib import Path
    import rulespec.docs.ref_games as ref_games
    path = Path(ref_games.__path__[0]) / "triangles.rules"
    text = path.read_text(encoding="utf-8")
    assert "c is marked star" in text
    marked = compile_rules(path)
    phrased = path.with_name("triangles-phrased.rules")
    try:
        phrased.write_text(text.replace("c is marked star", "c is a star space"), encoding="utf-8")
        said = compile_rules(phrased)
    finally:
        phrased.unlink()
    assert repr(said.triggers).count("IsMarked(") == repr(marked.triggers).count("IsMarked(") == 1
    assert "InRegion(" not in repr(said)


@pytest.mark.parametrize("condition, column, message, hint", [
    ("s is a pol space", 35, "the board field has no region or mark `pol`", "did you mean `pool`?"),
    ("player is a pool space", 28, "`player` is a player, not a space", None),
])
def test_a_wrong_region_is_told_at_its_name(tmp_path, condition, column, message, hint):
    with pytest.raises(RuleError) as info:
        compile_rules(write(tmp_path, GAME.replace("{CONDITION}", condition)))
    [problem] = info.value.diagnostics
    assert (problem.line, problem.column) == (26, column)
    assert message in problem.message
    if hint:
        assert hint in problem.hint


def test_a_region_read_as_a_value_is_refused_at_its_line(tmp_path):
    """`pool of s` names a region, which the rules only test for completeness: compared (to tell which
    lettered region a space lies in) it is refused at its line, not left to fail when the rules run (it was
    an engine's NameError at set-up, #40: found writing Stones and gems)."""
    with pytest.raises(RuleError) as info:
        compile_rules(write(tmp_path, GAME.replace("{CONDITION}", "pool of s = pool of any(t in field)")))
    problems = info.value.diagnostics
    assert [(p.line, p.column) for p in problems] == [(26, 28), (26, 40)]
    assert "`pool of s` is a region, which the rules can only test for completeness" in problems[0].message
    assert "`s is a pool space`" in problems[0].hint
    # the test it is for still reads it
    compile_rules(write(tmp_path, GAME.replace("{CONDITION}", "not pool of s is complete")))
