"""The choices an option may list are counted as the generator walks them (issue #40): a walk of a board
whose conditions fix its space (`t = neighbour of s towards d`: model/narrowing.py) visits those spaces
only, so `"{s} over {t} to {u}"` with three walks of Checkers' board is not refused at 64 x 4 x 64 x 64
= 1,048,576 candidates, nor the jump to `t = beyond(s, d)` (a definition whose value is a neighbour of a
neighbour, looked up as that value); a condition the generator cannot look up (beyond as a search of the
board) keeps the whole board in the count, as in the walk."""

from pathlib import Path

from rulespec.model.cost import Cost
from rulespec.pipeline import check_rules, generate_source

ROOT = Path(__file__).resolve().parents[2]
CHECKERS = (ROOT / "rulebooks" / "checkers.rules").read_text(encoding="utf-8")
JUMP = '''  option jump "{s} jumps to {t}" [CHK-4, CHK-5]:
    for s in grid, d in directions of grid, t in grid
    numbered openspiel_move(s, t, 1)
    only if can_jump(s, d, player) and t = beyond(s, d)
    then jump(player, s, d)'''
OVER = '''  option jump "{s} over {t} to {u}" [CHK-4, CHK-5]:
    for s in grid, d in directions of grid, t in grid, u in grid
    numbered openspiel_move(s, u, 1)
    only if can_jump(s, d, player) and t = neighbour of s towards d and u = neighbour of t towards d
    then jump(player, s, d)'''


def _checkers_jumping_over(tmp_path) -> Path:
    assert JUMP in CHECKERS
    path = tmp_path / "checkers-over.rules"
    path.write_text(CHECKERS.replace(JUMP, OVER).split("\nexample ")[0] + "\n", encoding="utf-8")
    return path


def _listed(model, option: str) -> int:
    return next(e.rows for e in Cost(model).estimates() if e.what == f"the listing of option `{option}`")


def test_a_jump_that_names_the_piece_it_jumps_is_counted_as_walked(tmp_path):
    path = _checkers_jumping_over(tmp_path)
    model = check_rules(path).model  # (refused before: 1,048,576 choices, at most 200,000)
    assert _listed(model, "turn.jump") == 32 * 4  # s (the 32 squares in use), d; then t and u each one space, looked up
    assert _listed(model, "turn.step") == 32 * 4  # `t = neighbour of s towards d` in the step too
    source = generate_source(model, path)
    listing = source.split("def options_turn__jump", 1)[1].split("\ndef ", 1)[0]
    assert "for v_t in spaces_among(" in listing and "for v_u in spaces_among(" in listing


def test_a_space_a_definitions_value_fixes_is_counted_as_looked_up():
    path = ROOT / "rulebooks" / "checkers.rules"
    model = check_rules(path).model
    assert _listed(model, "turn.jump") == 32 * 4  # `t = beyond(s, d)`: a neighbour of a neighbour, looked up
    listing = generate_source(model, path).split("def options_turn__jump", 1)[1].split("\ndef ", 1)[0]
    assert "for v_t in spaces_among(" in listing


def test_a_walk_the_generator_does_not_narrow_is_counted_whole(tmp_path):
    path = tmp_path / "checkers-beyond-found.rules"
    said = "define beyond(s: grid, d: direction) [CHK-4]:\n  neighbour of neighbour of s towards d towards d"
    found = "define beyond(s: grid, d: direction) [CHK-4]:\n  any(u in grid where u = neighbour of neighbour of s towards d towards d)"
    assert said in CHECKERS
    path.write_text(CHECKERS.replace(said, found).split("\nexample ")[0] + "\n", encoding="utf-8")
    model = check_rules(path).model
    assert _listed(model, "turn.jump") == 32 * 4 * 32  # `t = beyond(s, d)`, beyond a search: not looked up
    listing = generate_source(model, path).split("def options_turn__jump", 1)[1].split("\ndef ", 1)[0]
    assert "for v_t in st._t.cells_in_use[0]:" in listing
