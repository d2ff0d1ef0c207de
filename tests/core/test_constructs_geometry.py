"""Grid geometry and seats' pieces (#11): directions, `neighbour of s towards d` (none past the edge),
`line of N from s towards d`, `adjacency orthogonal | diagonal | all`, gravity written as plain rules,
and `each player has a NAME: values`."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.docs.english import English
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model import ir
from rulespec.model.checker import check
from rulespec.pipeline.examples import run_examples

ROOT = Path(__file__).resolve().parents[2]
ROWS = ROOT / "rulespec" / "docs" / "ref_games" / "rows.rules"
TEXT = ROWS.read_text(encoding="utf-8")


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rows.rules"
    path.write_text(text, encoding="utf-8")
    return path


def _problems(text: str) -> list[str]:
    with pytest.raises(RuleError) as info:
        check(parse_text(text, "rows.rules"))
    return [f"{d.line}:{d.column} {d.message}" for d in info.value.diagnostics]


def test_rows_passes_its_examples():
    results = run_examples(rulespec.load(ROWS))
    assert len(results) == 2 and all(r.passed for r in results), [r.message for r in results]


def test_neighbour_tables_follow_the_compass_and_stop_at_edges_and_holes(tmp_path):
    # A hole (`-`) in the middle of row 2: no neighbour there, and a line is never bridged across it.
    holed = TEXT.replace("    2 . . . .", "    2 . - . .")
    state = rulespec.load(_write(tmp_path, holed)).new_game(2)
    toward = state._t.toward[0]
    north, east, south, west, southeast = (ir.COMPASS.index(d) for d in
                                            ("north", "east", "south", "west", "southeast"))
    assert toward[north][0] is None and toward[west][0] is None  # row 1 column 1: the top left corner
    assert toward[east][0] == 1 and toward[south][0] == 4 and toward[southeast][0] is None  # 5 is the hole
    assert toward[south][1] is None and toward[north][9] is None  # above and below the hole
    assert toward[south][15] is None and toward[east][15] is None
    assert state._line(0, 0, east, 3) == (0, 1, 2)
    assert state._line(0, 2, east, 3) == (2, 3)  # shorter at the edge
    assert state._line(0, 13, north, 4) == (13, 9)  # stopped by the hole


@pytest.mark.parametrize("adjacency, around", [("orthogonal", [1, 4]), ("diagonal", [5]), ("all", [1, 4, 5])])
def test_adjacency_says_which_spaces_are_neighbours(tmp_path, adjacency, around):
    text = TEXT.replace("adjacency all", f"adjacency {adjacency}")
    state = rulespec.load(_write(tmp_path, text)).new_game(2)
    assert list(state._t.neighbours[0][0]) == around
    assert len(state._t.neighbours[0][5]) == {"orthogonal": 4, "diagonal": 4, "all": 8}[adjacency]
    model = check(parse_text(text, "rows.rules"))
    directions = next(e for e in _walk(model.definitions[2].value) if isinstance(e, ir.Directions))
    assert directions.directions == ir.ADJACENCY_DIRECTIONS[adjacency]


def _walk(e):
    yield e
    for value in vars(e).values():
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, ir.E):
                yield from _walk(v)


@pytest.mark.parametrize("seed", range(20))
def test_discs_land_on_the_lowest_empty_space_and_three_in_a_line_ends_the_game(seed):
    rng = random.Random(seed)
    state = rulespec.load(ROWS).new_game(2)
    grid = [[None] * 4 for _ in range(4)]  # rows from the top, as the map draws them
    while not state.is_terminal():
        offered = {int(re.search(r"column (\d)$", a.text).group(1)) for a in state.legal_actions()}
        assert offered == {c for c in range(1, 5) if grid[0][c - 1] is None}
        column = rng.choice(sorted(offered))
        colour = ("red", "yellow")[state.current_player()]
        state.apply(next(a for a in state.legal_actions() if a.text.endswith(f"column {column}")))
        row = max(r for r in range(4) if grid[r][column - 1] is None)
        grid[row][column - 1] = colour
        occupied = [state._boards[0][r * 4 + c] >= 0 for r in range(4) for c in range(4)]
        assert occupied == [grid[r][c] is not None for r in range(4) for c in range(4)]

    def three(colour):
        return any(all(0 <= r + i * dr < 4 and 0 <= c + i * dc < 4 and grid[r + i * dr][c + i * dc] == colour
                       for i in range(3))
                   for r in range(4) for c in range(4) for dr, dc in ir.COMPASS_STEPS)
    outcome = state.outcome()
    if outcome["draw"]:
        assert not three("red") and not three("yellow") and all(all(row) for row in grid)
    else:
        assert three(("red", "yellow")[outcome["winners"][0]])


def test_generated_code_reads_precomputed_tables_not_direction_words():
    source = generate(rulespec.compile_rules(ROWS), "rows.rules")
    assert "st._t.toward[0][4][v_s]" in source  # `neighbour of s towards south`: a table lookup
    assert "(st._t.toward[0][4][v_s] is None)" in source
    # `count(t in line of 3 ...) = 3` asks for a whole line whose spaces all pass: a table of whole lines,
    # the line looked up once and its spaces tested one by one. `mine(t, p)` is one comparison: written out
    # in place, not called. An empty space (-1) reads as None.
    mine = "(CELL_ATTRS['colour'][st._boards[0][line_t[{k}]]] == ('red', 'yellow')[v_p])"
    assert ("(line_t := st._t.full_lines[0, v_d, 3][v_s]) is not None and "
            + " and ".join(mine.format(k=k) for k in range(3)) + ")") in source
    # `count(d in directions ... where ...) > 0`, a definition's whole value, is a loop stopping at the first
    assert "    for v_d in (0, 1, 2, 3, 4, 5, 6, 7):\n        if (" in source and "            return True\n    return False" in source
    mine = "(CELL_ATTRS['colour'][st._boards[0][v_t]] == ('red', 'yellow')[v_p])"
    counted = generate(check(parse_text(TEXT.replace("where mine(t, p)) = 3", "where mine(t, p)) >= 3"),
                                        "rows.rules")), "rows.rules")
    assert f"for v_t in st._t.lines_by_length[0, 3][v_d][v_s] if {mine}" in counted  # any other count counts
    assert "'south'" not in source and "'north'" not in source
    assert "('red', 'yellow')[" in source  # the seats' colours, by seat
    assert "adjacency='all'" in source


def test_seats_pieces_are_per_seat_values(tmp_path):
    state = rulespec.load(ROWS).new_game(2)
    assert [a.text for a in state.legal_actions()][:1] == ["drop red in column 1"]
    state.apply(state.legal_actions()[0])
    assert state.legal_actions()[0].text == "drop yellow in column 1" and state.current_player() == 1


def test_english_says_directions_neighbours_lines_and_seats_pieces():
    model = rulespec.compile_rules(ROWS)
    en = English(model)
    landing, _, three = model.definitions
    assert en.declaration(landing)[0] == (
        "*landing* of space *s* holds when *s* is empty and either the space south of *s* is off the board "
        "(there is none) or the space south of *s* holds a component.")
    assert "the line of 3 spaces starting at *s* and running in direction *d*" in en.declaration(three)[0]
    assert "(north, northeast, east, southeast, south, southwest, west, and northwest)" in en.declaration(three)[0]
    assert en.declaration(model.seat_attributes[0])[0] == "Each player has a colour: player 1's is red and player 2's is yellow."
    assert "the eight spaces around it" in en.declaration(model.boards[0])[0]


def test_mistakes_with_directions_and_seats_pieces_are_reported_where_they_are():
    line_of = TEXT.index("each player has")
    too_few = TEXT.replace("each player has a colour: red, yellow", "each player has a colour: red")
    assert _problems(too_few) == [f"{TEXT[:line_of].count(chr(10)) + 1}:1 `colour` gives 1 value(s) but the game "
                                  f"has up to 2 players"]
    repeated = TEXT.replace("each player has a colour: red, yellow", "each player has a colour: red, red")
    assert [p.split(" ", 1)[1] for p in _problems(repeated)] == ["`colour` repeats a value"]
    wrong_word = TEXT.replace("colour of d = colour of player", "colour of d = colour of player and colour of player != blue")
    assert [p.split(" ", 1)[1] for p in _problems(wrong_word)] == ["unknown name `blue`"]
    not_a_direction = TEXT.replace("neighbour of s towards south is none or", "neighbour of s towards 3 is none or")
    assert [p.split(" ", 1)[1] for p in _problems(not_a_direction)] == [
        "`3` is a number, but a direction is needed here"]
    not_a_space = TEXT.replace("neighbour of s towards south is none or", "neighbour of p towards south is none or")
    assert any("unknown name `p`" in p for p in _problems(not_a_space))
    none_of_a_number = TEXT.replace("neighbour of s towards south is none or", "height of s is none or")
    assert [p.split(" ", 1)[1] for p in _problems(none_of_a_number)] == [
        "`height of s` is a number; only a space (a neighbour past the board's edge) can be none"]
    adjacency = TEXT.replace("adjacency all", "adjacency diagonals")
    problems = _problems(adjacency)
    assert [p.split(" ", 1)[1] for p in problems] == ["unknown adjacency `diagonals`"]


def test_a_wrong_adjacency_suggests_the_right_word():
    with pytest.raises(RuleError) as info:
        check(parse_text(TEXT.replace("adjacency all", "adjacency diagonals"), "rows.rules"))
    assert "did you mean `diagonal`" in str(info.value)


def test_a_walk_goes_while_its_condition_holds_and_stops_at_the_edge(tmp_path):
    model = rulespec.compile_rules(ROWS)
    walks = [e for i in model.invariants for e in _walk(i.condition) if isinstance(e, ir.Walk)]
    assert [(w.var, w.until) for w in walks] == [("t", True), ("t", False)]
    state = rulespec.load(ROWS).new_game(2)
    state.apply(next(a for a in state.legal_actions() if a.text.endswith("column 2")))  # lands on 4 2 (cell 13)
    north = ir.COMPASS.index("north")
    assert state._walk(0, 13, north, lambda t: state._boards[0][t] < 0) == (9, 5, 1)  # up to the top edge
    assert state._walk(0, 1, ir.COMPASS.index("south"), lambda t: state._boards[0][t] < 0) == (5, 9)  # up to the disc
    en = English(model)
    assert ("the spaces after *s* going south, up to the first for which *t* holds a component"
            in en.expr(walks[0]))


def test_the_invariants_catch_a_disc_that_does_not_fall(tmp_path):
    """A broken gravity rule (a disc may go on any empty space) breaks the walking invariants."""
    floating = TEXT.replace("  s is empty and (neighbour of s towards south is none or neighbour of s towards south "
                            "is occupied)", "  s is empty")
    assert floating != TEXT
    state = rulespec.load(_write(tmp_path, floating)).new_game(2)
    state.apply(next(a for a in state.legal_actions() if a.text == "drop red in column 1"))  # lands on row 1
    always = {i.name: i.check(state) for i in state.game.INVARIANTS if i.form == "always"}
    assert always == {"settled": False, "open_top": True}  # a red disc hangs on row 1 over three empty spaces
    fair = rulespec.load(ROWS).new_game(2)
    fair.apply(next(a for a in fair.legal_actions() if a.text == "drop red in column 1"))  # lands on row 4
    assert {i.name: i.check(fair) for i in fair.game.INVARIANTS} == {"settled": True, "open_top": True}


# ---------------------------------------------------------------- hexagons and chains (#11 item 2)
HEXES = ROOT / "rulespec" / "docs" / "ref_games" / "hexes.rules"
HEX_TEXT = HEXES.read_text(encoding="utf-8")


def test_hexes_passes_its_examples():
    results = run_examples(rulespec.load(HEXES))
    assert len(results) == 3 and all(r.passed for r in results), [r.message for r in results]


def test_hexagonal_neighbours_are_the_six_of_the_rhombus():
    state = rulespec.load(HEXES).new_game(2)  # side 4: cell = (row - 1) * 4 + (column - 1)
    toward = state._t.toward[0]
    step = {d: ir.COMPASS.index(d) for d in ir.COMPASS}
    centre = 5  # row 2 column 2
    assert {d: toward[step[d]][centre] for d in ir.COMPASS} == {
        "north": None, "northeast": 2, "east": 6, "southeast": 9, "south": None, "southwest": 8, "west": 4,
        "northwest": 1}
    assert state._t.neighbours[0][centre] == (1, 2, 4, 6, 8, 9)
    assert state._t.neighbours[0][0] == (1, 4)  # a corner of the short diagonal: two neighbours
    assert state._t.neighbours[0][3] == (2, 6, 7)  # a corner of the long diagonal: three
    assert state._line(0, 12, step["northeast"], 4) == (12, 9, 6, 3)


def test_a_board_sized_by_an_option_uses_only_its_first_rows_and_columns():
    small = rulespec.load(HEXES, options={"side": "3"}).new_game(2)
    assert len(small.legal_actions()) == 9 and small._t.in_use[0][3] is False
    assert small._t.neighbours[0][2] == (1, 5, 6)  # row 1 column 3: nothing east, column 4 is not in use
    assert len(rulespec.load(HEXES).new_game(2).legal_actions()) == 16


def test_north_on_hexagons_is_refused_with_the_directions_it_has():
    text = HEX_TEXT.replace("only if s is empty", "only if s is empty and neighbour of s towards north is none")
    problems = _problems(text)
    assert len(problems) == 1 and "a board of hexagons has no north" in problems[0], problems


def test_a_board_extent_must_be_a_numeric_option():
    problems = _problems(HEX_TEXT.replace("columns column 1..side", "columns column 1..sides"))
    assert len(problems) == 1 and "`sides`, which is not a numeric option" in problems[0], problems


@pytest.mark.parametrize("red, joined", [
    (["1 2", "2 1", "3 1"], True),      # southwest then southeast: a chain
    (["1 1", "2 2", "3 3"], False),     # apart on the map's diagonal: no two touch
    (["1 3", "2 2", "3 1"], True),      # the short diagonal of the rhombus
    (["1 1", "2 1"], False),            # not down to the last row
])
def test_connected_follows_the_hexagonal_neighbours(red, joined):
    state = rulespec.load(HEXES, options={"side": "3"}).new_game(2)
    for stone in red:
        row, column = map(int, stone.split())
        cell = (row - 1) * 4 + (column - 1)
        state._boards[0][cell] = next(i for i in state._t.in_play_items if state._engine.ITEM_ATTRS["colour"][i] == "red"
                                      and i not in state._boards[0])
    assert state._connected(0, state._t.cells_in_use[0], lambda c: state._boards[0][c] >= 0,
                            lambda c: c // 4 == 0, lambda c: c // 4 == 2) is joined


def test_connected_needs_the_spaces_of_a_board():
    problems = _problems(HEX_TEXT.replace("connected(s in grid where mine(s, player 1)",
                                          "connected(s in players where mine(s, player 1)"))
    assert problems and "a path runs over the spaces of a board" in problems[0], problems


def test_english_says_what_a_chain_is():
    from rulespec.pipeline import compile_rules
    model = compile_rules(HEXES)
    end = next(e for e in model.ends if e.name == "joined")
    text = English(model).expr(end.condition)
    assert text.startswith("a chain of neighbouring spaces of") and "joins a space where" in text, text


def test_a_hexagonal_board_is_drawn_as_hexagons_of_its_size():
    from rulespec.docs.svg import board_svg, engine_picture
    engine = rulespec.load(HEXES, options={"side": "3"})
    state = engine.new_game(2)
    state.apply("player 1: red on 2 2")
    picture = engine_picture(engine, 0, 2, state)
    assert picture.kind == "hexagons" and picture.columns == (1, 2, 3) and len(picture.cells) == 9
    svg = board_svg(picture)
    assert svg.count("<polygon") == 9 and svg.count("<circle") == 1  # column 4 and row 4 are not drawn
    assert "<title>red stone on 2 2 (turn)</title>" in svg and 'fill="#e53935"' in svg  # a red stone, drawn red


def test_the_terminal_draws_each_row_of_hexagons_half_a_space_further_east():
    from rulespec.cli.views import board_lines
    engine = rulespec.load(HEXES, options={"side": "3"})
    lines = board_lines(engine, 0, {"2 2": engine.ITEM_LABEL[0]}, 2)
    rows = [line for line in lines if line.lstrip()[:1].isdigit()][1:]  # the first is the column ruler
    assert [len(r) - len(r.lstrip()) for r in rows] == [2, 2, 2]  # labels at the left edge
    assert [r.index(".") for r in rows][0] < [r.index(".") for r in rows][2]
    offsets = [r[4:].index(r[4:].lstrip()[0]) for r in rows]
    assert offsets == [1, 3, 5], rows
    assert any("half a hexagon east" in line for line in lines)


# ---------------------------------------------------------------- directions on triangles
TRIANGLES = ROOT / "rulespec" / "docs" / "ref_games" / "triangles.rules"


def _triangles_with(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "triangles.rules"
    path.write_text(TRIANGLES.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return path


STRIPS = '''
define strip_of_three(c: floor) [TRI-5]:
  count(d in directions of floor where size of line of 3 from c towards d = 3) > 0

invariant strips "some triangle starts a strip of three" [TRI-5]:
  always count(c in floor where strip_of_three(c)) > 0 and count(c in floor where neighbour of c towards south is none) > 0
'''


def test_triangles_have_directions_along_rows_and_strips(tmp_path):
    engine = rulespec.load(_triangles_with(tmp_path, STRIPS))
    state = engine.new_game(2)
    step = {d: ir.COMPASS.index(d) for d in ir.COMPASS}
    width = 7
    at = lambda r, c: r * width + c  # noqa: E731
    toward = state._t.toward[0]
    # (1, 1) points up (row + column even): no north; its flat bottom is south.
    assert toward[step["north"]][at(1, 1)] is None and toward[step["south"]][at(1, 1)] == at(2, 1)
    assert toward[step["north"]][at(1, 2)] == at(0, 2) and toward[step["south"]][at(1, 2)] is None
    assert state._line(0, at(1, 1), step["east"], 3) == (at(1, 1), at(1, 2), at(1, 3))
    # a slanting strip alternates: east from an up triangle, then north from the down one
    assert state._line(0, at(1, 1), step["northeast"], 4) == (at(1, 1), at(1, 2), at(0, 2), at(0, 3))
    assert state._line(0, at(0, 3), step["southwest"], 4) == (at(0, 3), at(0, 2), at(1, 2), at(1, 1))
    assert state._line(0, at(1, 1), step["northwest"], 3) == (at(1, 1), at(1, 0))  # then (0, 0): a `-`
    # each triangle's edge neighbours are where one step in some direction leads
    for cell in state._t.cells_in_use[0]:
        stepped = {toward[d][cell] for d in range(8)} - {None}
        assert stepped == set(state._t.neighbours[0][cell]), cell
    assert run_examples(engine) and all(r.passed for r in run_examples(engine))


def test_directions_of_a_board_of_triangles_are_the_six_strip_directions(tmp_path):
    model = rulespec.pipeline.compile_rules(_triangles_with(tmp_path, STRIPS))
    directions = next(e for e in __import__("rulespec.model.cost", fromlist=["walk"]).walk(
        model.definitions[0].value) if isinstance(e, ir.Directions))
    assert [ir.COMPASS[d] for d in directions.directions] == ["northeast", "east", "southeast", "southwest",
                                                              "west", "northwest"]


def test_a_chain_is_estimated_as_every_space_tested_once_and_its_neighbours_looked_at():
    from rulespec.lib.limits import LIMIT
    from rulespec.model.cost import estimates
    from rulespec.pipeline import compile_rules
    work = {e.what: e.work for e in estimates(compile_rules("hex"))}
    chain = work["the condition of end `top_to_bottom`"]
    spaces = 11 * 11  # the largest board_size: the map's spaces
    assert spaces * 8 < chain < spaces * 40 and chain < LIMIT.work
    smaller = {e.what: e.work for e in estimates(compile_rules(HEXES))}["the condition of end `joined`"]
    assert smaller * 4 < chain  # 16 spaces against 121


def test_is_not_none_is_not_is_none():
    """`X is not none` is `not (X is none)`: the same engine, said in English as a space on the board, refused
    at its line for what cannot be none."""
    phrase = "neighbour of s towards south is none or"
    said = TEXT.replace(phrase, "not (neighbour of s towards south is not none) or")
    plain = TEXT.replace(phrase, "not (not (neighbour of s towards south is none)) or")
    model = rulespec.compile_rules(_write_text(said))
    assert _code(generate(model, "rows.rules")) == _code(generate(rulespec.compile_rules(_write_text(plain)), "rows.rules"))
    en = English(model)
    assert "it is not so that the space south of *s* is on the board" in en.declaration(model.definitions[0])[0]
    wrong = TEXT.replace("neighbour of s towards south is not none) = 12", "height of s is not none) = 12")
    line = wrong[:wrong.index("height of s is not none")].count("\n") + 1
    assert _problems(wrong) == [f"{line}:30 `height of s` is a number; only a space (a neighbour past the board's "
                                "edge) can be none"]


def _write_text(text: str) -> Path:
    import tempfile
    folder = Path(tempfile.mkdtemp())
    return _write(folder, text)


def _code(source: str) -> str:
    """The engine's code without its comments and docstrings (which quote the rule text)."""
    return "\n".join(line.split("  #")[0] for line in source.splitlines()
                     if not line.strip().startswith(('"""', "#", "SOURCE_HASH")))


def test_a_seats_compass_words_leave_the_compass_words_directions(tmp_path):
    """`each player has a forward: south, north` makes `forward of p` a direction; the words themselves stay
    directions everywhere else (`forward of p = south`, `towards south`, `if C then north else south`), as
    the language reference says, rather than becoming words of the seats' values."""
    march = ROOT / "rulespec" / "docs" / "ref_games" / "march.rules"
    text = march.read_text(encoding="utf-8")
    anchor = "  then neighbour of space_at(1, 1) towards forward of player 1 = space_at(2, 1)\n"
    assert anchor in text
    extra = ("  then forward of player 1 = south and forward of player 2 != south\n"
             "  then neighbour of space_at(1, 1) towards south = space_at(2, 1)\n"
             "  then neighbour of space_at(2, 1) towards (if home of player 1 = 1 then north else east) = space_at(1, 1)\n")
    path = tmp_path / "march.rules"
    path.write_text(text.replace(anchor, anchor + extra), encoding="utf-8")
    results = run_examples(rulespec.load(path))
    assert results and all(r.passed for r in results), [r.message for r in results]
