"""Direction arithmetic: `opposite of d`, `d turned right`, `d turned left` (issue #40's probes, helper gaps: Hive's
newcomer wrote `define opposite(d: direction)` as a chain of ifs; a laser turning, a ball bouncing back). A turn is
one step of the board's directions in compass order; a graph's named directions have no opposite nor right and left."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.docs.english import English
from rulespec.language import ast
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model import ir
from rulespec.model.checker import check
from rulespec.model.tree import walk

ROOT = Path(__file__).resolve().parents[2]
ANT = ROOT / "rulespec" / "docs" / "ref_games" / "ant.rules"
TEXT = ANT.read_text(encoding="utf-8")
N, NE, E, SE, S, SW, W, NW = range(8)

# The same turns written out, as a newcomer wrote them before (Hive's `opposite(d)`): the oracle.
BY_HAND = TEXT.replace("facing turned right", "right_of(facing)").replace("facing turned left", "left_of(facing)") \
    .replace("opposite of facing", "back_of(facing)").replace("define ant_at [ANT-2]:", '''define right_of(d: direction) [ANT-2]:
  if d = north then east else (if d = east then south else (if d = south then west else north))

define left_of(d: direction) [ANT-2]:
  if d = north then west else (if d = west then south else (if d = south then east else north))

define back_of(d: direction) [ANT-3]:
  if d = north then south else (if d = south then north else (if d = east then west else east))

define ant_at [ANT-2]:''')


def _turns(model: ir.Model) -> dict[str, tuple]:
    found = {}
    for step in model.steps:
        for e in [e for o in step.options for s in o.body for e in vars(s).values() if isinstance(e, ir.E)] + \
                 [e for s in step.body for e in vars(s).values() if isinstance(e, ir.E)]:
            for node in walk(e):
                if isinstance(node, ir.Turned):
                    found[node.way] = node.table
    return found


def _board(adjacency: str, body: str = "") -> str:
    return f'''game "D" [D-1]
  id "d"
  players 2 to 2 [D-1]
  at most 4 turns [D-1]

board grid: rows row 1..3, columns col 1..3, adjacency {adjacency} [D-1]:
  face plain [D-1]:
    1 . . .
    2 . . .
    3 . . .

counter facing: direction starts at {"north" if adjacency != "hexagonal" and adjacency != "diagonal" else "northeast"} [D-1]

turns go clockwise from player 1, each turn runs turn [D-1]

choice turn(player: seat) by player [D-1]:
  option right "right" [D-1]:
    set facing to facing turned right
  option left "left" [D-1]:
    set facing to facing turned left
  option back "back" [D-1]:
    set facing to opposite of facing
{body}
end over [D-1]:
  checked after every step
  when the turn number > 3
'''


def _errors(text: str) -> list:
    with pytest.raises(RuleError) as caught:
        check(parse_text(text, "t.rules"))
    return caught.value.diagnostics


def _line(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_they_parse_as_a_turn_and_an_of():
    decls = parse_text("define r(d: direction) [X-1]:\n  opposite of d turned right turned left\n", "t.rules").declarations
    e = decls[0].body
    assert isinstance(e, ast.Turned) and e.way == "left"
    assert isinstance(e.direction, ast.Turned) and e.direction.way == "right"
    assert isinstance(e.direction.direction, ast.Of) and e.direction.direction.attr == "opposite"


@pytest.mark.parametrize("adjacency, right", [
    ("orthogonal", {N: E, E: S, S: W, W: N}),
    ("diagonal", {NE: SE, SE: SW, SW: NW, NW: NE}),
    ("all", {N: NE, NE: E, E: SE, SE: S, S: SW, SW: W, W: NW, NW: N}),
    ("hexagonal", {NE: E, E: SE, SE: SW, SW: W, W: NW, NW: NE}),
])
def test_right_is_the_next_of_the_boards_directions_clockwise_left_undoes_it(adjacency, right):
    turns = _turns(check(parse_text(_board(adjacency), "d.rules")))
    assert {d: turns["right"][d] for d in right} == right
    assert all(turns["left"][turns["right"][d]] == d for d in right)
    assert turns["opposite"] == (S, SW, W, NW, N, NE, E, SE)
    assert all(turns["opposite"][d] in right for d in right)  # (each of the board's has its opposite among them)
    if adjacency == "orthogonal":  # a direction the board leaves out: the first of its own met that way
        assert turns["right"][NE] == E and turns["left"][NE] == N


def test_the_reference_game_plays_as_the_turns_written_out(tmp_path):
    (tmp_path / "hand.rules").write_text(BY_HAND, encoding="utf-8")
    built_in, by_hand = rulespec.load(ANT), rulespec.load(tmp_path / "hand.rules")
    faced = set()
    for seed in range(40):
        pick = random.Random(seed)
        a, b = built_in.new_game(2), by_hand.new_game(2)
        while not a.is_terminal():
            actions = [str(x) for x in a.legal_actions()]
            assert actions == [str(x) for x in b.legal_actions()]
            text = actions[pick.randrange(len(actions))]
            a.apply(text)
            b.apply(text)
            assert a.to_position() == b.to_position()
            faced.add(a._counters["facing"])
        assert b.is_terminal() and a.returns() == b.returns()
    assert faced == {N, E, S, W}


def test_generated_code_looks_the_turn_up():
    source = generate(rulespec.load(ANT).model, "ant.rules")
    assert "{0: 2, 1: 2, 2: 4, 3: 4, 4: 6, 5: 6, 6: 0, 7: 0, None: None}[" in source  # turned right, orthogonal
    assert "{0: 4, 1: 5, 2: 6, 3: 7, 4: 0, 5: 1, 6: 2, 7: 3, None: None}[" in source  # opposite


def test_the_english_says_them():
    model = rulespec.load(ANT).model
    en = English(model)
    said = "\n".join(line for step in model.steps for line in en.declaration(step))
    assert "to the facing turned right (the next direction clockwise among north, east, south, and west)." in said
    assert "to the facing turned left (the next direction anticlockwise among north, east, south, and west)." in said
    assert "Set the facing count to the direction opposite the facing." in said


def test_refused_on_a_graph_at_the_line():
    text = '''game "G" [G-1]
  id "g"
  players 2 to 2 [G-1]
  at most 4 turns [G-1]

board ring: graph [G-1]:
  spaces a, b, c
  links around: a-b, b-c, c-a

counter facing: direction of ring starts at around [G-1]

turns go clockwise from player 1, each turn runs turn [G-1]

choice turn(player: seat) by player [G-1]:
  option back "back" [G-1]:
    set facing to opposite of facing
  option right "right" [G-1]:
    set facing to facing turned right

end over [G-1]:
  checked after every step
  when the turn number > 3
'''
    errors = _errors(text)
    assert [e.line for e in errors] == [_line(text, "    set facing to opposite"), _line(text, "    set facing to facing")]
    assert "ring is a graph, whose named directions (around) have no opposite" in errors[0].message
    assert "ring is a graph, whose named directions have no right and left" in errors[1].message


def test_refused_where_the_boards_disagree_and_on_what_is_no_direction():
    text = _board("orthogonal", '''
board hexes: rows r 1..2, columns c 1..2, adjacency hexagonal [D-1]:
  face plain [D-1]:
    1 . .
    2 . .
''').replace('''  option back "back" [D-1]:''', '''  option near "near" [D-1]:
    only if count(s in grid where neighbour of s towards facing turned right is none) > 0
    nothing
  option back "back" [D-1]:''')
    errors = _errors(text)
    lines = [e.line for e in errors]
    right, left = _line(text, "    set facing to facing turned right"), _line(text, "    set facing to facing turned left")
    near = _line(text, "    only if count(s in grid where neighbour")
    assert lines == [right, left, near], [e.render() for e in errors]
    assert "turns among its board's directions, but this file's boards list different directions" in errors[0].message
    assert "is a space of grid" in errors[2].message and "bracket the direction: `towards (facing turned right)`" \
        in errors[2].hint


def test_opposite_of_what_is_no_direction_says_so_and_opposite_stays_a_name():
    text = _board("orthogonal").replace("set facing to opposite of facing", "set facing to opposite of any(s in grid)")
    errors = _errors(text)
    assert [(e.line, e.column) for e in errors] == [(_line(text, "    set facing to opposite"), 31)]
    assert errors[0].message == "`opposite of` turns a direction around, and `any(s in grid)` is a space of grid"
    named = _board("orthogonal").replace("counter facing:", "counter opposite per player starts at 0 [D-1]\ncounter facing:") \
        .replace("    set facing to opposite of facing\n", "    add 1 to opposite of player\n")
    check(parse_text(named, "t.rules"))  # (a counter of that name is read as the counter: a name of the file's first)
    errors = _errors(named.replace("    add 1 to opposite of player\n", "    set facing to opposite of facing\n"))
    assert [e.message for e in errors] == ["`opposite` is not kept per player"]
