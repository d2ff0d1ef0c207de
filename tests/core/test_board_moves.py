"""Named sets of directions, rays and jumps on boards (issue #39, item 10): `directions NAME: ...` and
`jump NAME: ...` among a board's items; `orthogonal directions of grid`, `ray from s towards d` and
`knight jumps from s` in the rules; a seat's own set through `each player has`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.docs.english import English
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model import ir
from rulespec.model.checker import check
from rulespec.model.cost import Cost
from rulespec.pipeline.examples import run_examples

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "rulespec" / "docs" / "ref_games"
RAID = (GAMES / "raid.rules").read_text(encoding="utf-8")
HEXES = (GAMES / "hexes.rules").read_text(encoding="utf-8")
TRIANGLES = (GAMES / "triangles.rules").read_text(encoding="utf-8")
KNIGHT = "  jump knight: (1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1) [RAI-4]\n"
WHITE = "  directions white_forward: northwest, northeast [RAI-5]\n"


def _load(tmp_path: Path, text: str, name: str = "raid.rules"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return rulespec.load(path)


def _problems(text: str, name: str = "raid.rules") -> list[str]:
    with pytest.raises(RuleError) as info:
        check(parse_text(text, name))
    return [f"{d.line} {d.message}" + (f" hint: {d.hint}" if d.hint else "") for d in info.value.diagnostics]


def _line_of(text: str, snippet: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if snippet in line)


def test_the_reference_games_pass_their_examples():
    for name in ("raid.rules", "hexes.rules"):
        results = run_examples(rulespec.load(GAMES / name))
        assert results and all(r.passed for r in results), [r.message for r in results]


def _walk_then_stop(state, board: int, cell: int, direction: int) -> tuple[int, ...]:
    """A ray worked out step by step from the neighbour tables: empty spaces, then the first occupied."""
    out, at = [], state._t.toward[board][direction][cell]
    while at is not None:
        out.append(at)
        if state._boards[board][at] >= 0:
            break
        at = state._t.toward[board][direction][at]
    return tuple(out)


def test_a_ray_is_the_empty_spaces_then_the_first_occupied_one(tmp_path):
    # A hole at 3 3 stops rays as the board's edge does.
    holed = RAID.replace("    3 . . . . .", "    3 . . - . .")
    state = _load(tmp_path, holed).new_game(2)
    north, east = ir.COMPASS.index("north"), ir.COMPASS.index("east")
    labels = rulespec.load(GAMES / "raid.rules").BOARDS[0].labels
    at = {label: cell for cell, label in enumerate(labels)}
    assert state._ray(0, at["1 1"], north) == (at["2 1"], at["3 1"], at["4 1"], at["5 1"])  # to the edge
    assert state._ray(0, at["1 1"], east) == (at["1 2"],)  # its own knight: the ray stops on it
    assert state._ray(0, at["4 1"], east) == (at["4 2"], at["4 3"])  # up to black's pawn, included
    assert state._ray(0, at["1 3"], north) == (at["2 3"],)  # white's pawn
    assert state._ray(0, at["3 1"], east) == (at["3 2"],)  # the hole stops it
    assert state._ray(0, at["5 1"], north) == ()
    for cell in state._t.cells_in_use[0]:
        for direction in range(8):
            assert state._ray(0, cell, direction) == _walk_then_stop(state, 0, cell, direction)


def test_jumps_land_on_the_board_only_and_leap_over_pieces(tmp_path):
    holed = RAID.replace("    3 . . . . .", "    3 . . - . .")
    game = _load(tmp_path, holed)
    state = game.new_game(2)
    labels = game.BOARDS[0].labels
    table = state._t.jump_targets[0]["knight"]
    leaps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    for cell in range(25):
        row, column = divmod(cell, 5)
        expected = sorted(r * 5 + c for dr, dc in leaps for r, c in [(row + dr, column + dc)]
                          if 0 <= r < 5 and 0 <= c < 5 and (r, c) != (2, 2))
        assert list(table[cell]) == (expected if cell != 12 else []), labels[cell]
    assert [labels[c] for c in table[0]] == ["4 3", "3 2"]  # a corner: two
    assert "3 3" not in [labels[c] for c in table[labels.index("5 2")]]  # the hole is no space


def test_a_jump_in_compass_steps_is_the_offsets_it_adds_up_to():
    steps = "north north east, north north west, south south east, south south west, east east north, " \
            "east east south, west west north, west west south"
    model = check(parse_text(RAID.replace(KNIGHT, f"  jump knight: {steps} [RAI-4]\n"), "raid.rules"))
    assert sorted(model.boards[0].jumps[0].offsets) == sorted(
        [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)])
    hexes = check(parse_text(HEXES, "hexes.rules"))
    assert hexes.boards[0].jumps[0].offsets == ((-1, 2), (1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1))


def test_named_sets_built_in_own_and_a_seats():
    model = check(parse_text(RAID, "raid.rules"))
    board = model.boards[0]
    assert board.direction_set("orthogonal") == (0, 2, 4, 6) and board.direction_set("diagonal") == (1, 3, 5, 7)
    assert board.direction_set("all") == tuple(range(8))
    assert board.direction_set("white_forward") == (7, 1) and board.direction_set("nothing") is None
    source = generate(model, "raid.rules")
    assert "for v_d in (0, 2, 4, 6):" in source  # the rook's directions, a literal
    assert "((7, 1), (5, 3))[v_p]" in source  # each seat's own set, by seat
    hexes = check(parse_text(HEXES, "hexes.rules")).boards[0]
    assert hexes.direction_set("all") == ir.ADJACENCY_DIRECTIONS["hexagonal"]
    assert hexes.direction_set("orthogonal") is None


def test_a_pawn_goes_its_own_players_way(tmp_path):
    state = rulespec.load(GAMES / "raid.rules").new_game(2)
    assert sorted(a.text for a in state.legal_actions() if a.text.startswith("pawn")) == [
        "pawn 2 3 to 3 2", "pawn 2 3 to 3 4"]
    # Swapped, white's pawn goes southwest and southeast: 1 2 holds its own knight, so 1 4 alone.
    swapped = RAID.replace("each player has a forward: white_forward, black_forward",
                           "each player has a forward: black_forward, white_forward")
    state = _load(tmp_path, swapped).new_game(2)
    assert sorted(a.text for a in state.legal_actions() if a.text.startswith("pawn")) == [
        "pawn 2 3 to 1 4"]


def test_a_rook_lists_exactly_its_ray_moves():
    state = rulespec.load(GAMES / "raid.rules").new_game(2)
    rook = sorted(a.text for a in state.legal_actions() if a.text.startswith("rook"))
    assert rook == ["rook 1 1 to 2 1", "rook 1 1 to 3 1", "rook 1 1 to 4 1", "rook 1 1 to 5 1"]


@pytest.mark.parametrize("change, snippet, message", [
    (("  directions white_forward: northwest, northeast", "  directions white_forward: northwest, norteast"),
     "directions white_forward", "`norteast` is not a direction (did you mean `northeast`?)"),
    (("  directions white_forward: northwest, northeast", "  directions white_forward: northwest, northwest"),
     "directions white_forward", "directions `white_forward` names a direction twice"),
    (("  directions white_forward: northwest, northeast", "  directions diagonal: northwest, northeast"),
     "directions diagonal", "`diagonal` is a set every such board has"),
    (("  directions white_forward: northwest, northeast", "  directions north: northwest, northeast"),
     "directions north", "`north` is a direction"),
    (("  jump knight: (1, 2),", "  jump knight: (0, 0), (1, 2),"), "jump knight",
     "a leap of jump `knight` ends where it starts"),
    (("  jump knight: (1, 2),", "  jump knight: (1, 2), (1, 2),"), "jump knight",
     "jump `knight` lists the leap (1, 2) twice"),
    (("  jump knight: (1, 2),", "  jump knight: north nort east, (1, 2),"), "jump knight",
     "`nort` is not a direction (did you mean `north`?)"),
    (("for s in grid, d in orthogonal directions", "for s in grid, d in orthogonl directions"),
     "for s in grid, d in", "board `grid` has no directions called `orthogonl` hint: did you mean `orthogonal`?"),
    (("for s in grid, d in orthogonal directions of grid", "for s in grid, d in orthogonal directions of player"),
     "for s in grid, d in", "`player` is a player; `orthogonal directions of` names a board"),
    (("t in knight jumps from s", "t in knigt jumps from s"), "for s in grid, t in knig",
     "board `grid` has no jump `knigt` hint: did you mean `knight`?"),
    (("t in knight jumps from s", "t in knight jumps from player"), "for s in grid, t in knight",
     "`player` is a player, but a space of a board is needed here"),
    (("t in ray from s towards d", "t in ray from player towards d"), "for s in grid, d in",
     "`player` is a player, but a space of a board is needed here"),
])
def test_misuses_are_told_at_their_line(change, snippet, message):
    text = RAID.replace(*change)
    assert text != RAID
    problems = _problems(text)
    line = _line_of(text, snippet)
    assert any(p.startswith(f"{line} ") and message in p for p in problems), problems


def test_hexagons_have_no_north_and_triangles_no_jumps():
    text = HEXES.replace("jump bridge: northeast east,", "jump bridge: north east,")
    problems = _problems(text, "hexes.rules")
    assert any("a board of hexagons has no north" in p and p.startswith(f"{_line_of(text, 'jump bridge')} ")
               for p in problems), problems
    text = TRIANGLES.replace("  mark s means star [TRI-4]\n", "  mark s means star [TRI-4]\n  jump hop: (0, 2)\n")
    problems = _problems(text, "triangles.rules")
    assert any("a board of triangles has no jumps" in p and p.startswith(f"{_line_of(text, 'jump hop')} ")
               for p in problems), problems


def test_english_and_work_estimates():
    model = check(parse_text(RAID, "raid.rules"))
    en = English(model)
    board = " ".join(en.declaration(model.boards[0]))
    assert "Its white forward directions are northwest and northeast." in board
    assert "A knight jump leaps from a space to the space 1 south and 2 east" in board
    slide = next(o for s in model.steps for o in s.options if o.name == "slide")
    said = [en.expr(b.domain) for b in slide.bindings]
    assert said[1] == "the orthogonal directions (north, east, south, and west)"
    assert "up to and including the first that holds a component" in said[2]
    leap = next(o for s in model.steps for o in s.options if o.name == "leap")
    assert Cost(model).size(leap.bindings[1].domain) == 8


def test_a_seats_words_that_happen_to_be_built_in_set_names_stay_words(tmp_path):
    # `all` and `diagonal` name sets every grid has; a seat's value of those words is still a word.
    text = RAID.replace("each player has a colour: white, black [RAI-1]",
                        "each player has a colour: white, black [RAI-1]\neach player has a style: all, diagonal [RAI-1]")
    text = text.replace("  then northeast in forward of player 1 and not northeast in forward of player 2",
                        "  then style of player 1 = all and style of player 2 != all and northeast in forward of player 1")
    results = run_examples(_load(tmp_path, text))
    assert len(results) == 3 and all(r.passed for r in results), [r.message for r in results]


def test_a_walk_of_the_board_for_a_jumps_landing_visits_only_the_landings(tmp_path):
    # `for t in grid only if t in knight jumps from s` is written as a look-up of the jump's table
    # (codegen/narrowing.py), and offers exactly what `for t in knight jumps from s` does.
    searched = RAID.replace("""    for s in grid, t in knight jumps from s
    only if moves_as(s, player, knight) and not mine(t, player)""", """    for s in grid, t in grid
    only if moves_as(s, player, knight) and t in knight jumps from s and not mine(t, player)""")
    assert searched != RAID
    source = generate(check(parse_text(searched, "raid.rules")), "raid.rules")
    leap = source[source.index("def options_turn__leap"):source.index("def candidates_turn__leap")]
    assert "for v_t in st._t.jump_targets[0]['knight'][v_s]:" in leap
    assert "for v_t in st._t.cells_in_use[0]" not in leap
    plain = _load(tmp_path, RAID, "plain.rules").new_game(2)
    narrowed = _load(tmp_path, searched, "narrowed.rules").new_game(2)
    rng = random.Random(7)
    for _ in range(30):
        if plain.is_terminal():
            break
        offered = [str(a) for a in plain.legal_actions()]
        assert offered == [str(a) for a in narrowed.legal_actions()]
        text = rng.choice(offered)
        plain.apply(text)
        narrowed.apply(text)
