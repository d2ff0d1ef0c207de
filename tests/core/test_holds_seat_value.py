"""`SPACE holds ATTRIBUTE of PLAYER` (#11 item 4): the seat's value names a component (marks.rules) or is
the value of a component attribute (rows.rules, tic-tac-toe, Connect Four)."""

from __future__ import annotations

import random
import sys
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
MARKS = Path(__file__).parent / "fixtures" / "marks.rules"
ROWS = ROOT / "rulespec" / "docs" / "ref_games" / "rows.rules"
TICTACTOE = ROOT / "rulebooks" / "tic-tac-toe.rules"


def _problems(text: str, name: str = "rows.rules") -> list[str]:
    with pytest.raises(RuleError) as info:
        check(parse_text(text, name))
    return [f"{d.line}:{d.column} {d.message} | {d.hint}" for d in info.value.diagnostics]


def _holds(model: ir.Model) -> list[ir.HoldsValue]:
    found = []

    def walk(e):
        if isinstance(e, ir.HoldsValue):
            found.append(e)
        for value in vars(e).values():
            for v in (value if isinstance(value, tuple) else (value,)):
                if isinstance(v, ir.E):
                    walk(v)
    for decl in list(model.definitions) + list(model.ends):
        for v in vars(decl).values():
            if isinstance(v, ir.E):
                walk(v)
    return found


def test_a_seat_value_naming_a_component_asks_for_that_component():
    model = rulespec.compile_rules(MARKS)
    (holds,) = _holds(model)
    assert holds.attribute is None and holds.value.values == ("cross", "nought")
    assert all(r.passed for r in run_examples(rulespec.load(MARKS)))


def test_a_seat_value_of_an_attribute_compares_the_occupants_attribute():
    (holds,) = _holds(rulespec.compile_rules(ROWS))
    assert holds.attribute == "colour"
    assert all(r.passed for r in run_examples(rulespec.load(ROWS)))


def test_marks_ends_exactly_when_a_seat_has_three_of_its_components_on_the_grid():
    """Brute force: in random games the end `count(s in grid where s holds mark of p) >= 3` fires exactly
    when a seat's own component lies on three spaces."""
    game = rulespec.load(MARKS)
    checks = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_game(2)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            cells = state._boards[0]
            owned = [sum(1 for item in cells if item >= 0 and game.ITEM_KIND[item] == kind)
                     for kind in ("cross", "nought")]
            assert state.is_terminal() == (max(owned) >= 3)
            checks += 1
        assert state.returns()[owned.index(3)] > state.returns()[1 - owned.index(3)]
    assert checks > 100


def test_generated_mine_agrees_with_the_board_in_played_tic_tac_toe():
    """Brute force: the generated `mine(s, p)` holds exactly where the occupant has p's symbol."""
    game = rulespec.load(TICTACTOE)
    module = sys.modules[type(game).__module__]
    (holds,) = _holds(rulespec.compile_rules(TICTACTOE))
    assert holds.attribute == "symbol"
    checks = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = game.new_game(2)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            cells = state._boards[0]
            for s, item in enumerate(cells):
                for p in (0, 1):
                    want = item >= 0 and game.ITEM_ATTRS["symbol"][item] == ("cross", "nought")[p]
                    assert module.define_mine(state, s, p) == want
                    checks += 1
    assert checks > 500


def test_english_says_what_the_space_holds():
    rows = rulespec.compile_rules(ROWS)
    mine = next(d for d in rows.definitions if d.name == "mine")
    assert English(rows).declaration(mine)[0] == (
        "*mine* of space *s* and player *p* holds when *s* holds a component whose colour is the colour of *p*.")
    (holds,) = _holds(rulespec.compile_rules(MARKS))
    assert English(rulespec.compile_rules(MARKS)).expr(holds) == "*s* holds the component the mark of *p* names"


def test_mistakes_are_reported_where_they_are_with_a_hint():
    text = ROWS.read_text(encoding="utf-8")
    line = text[:text.index("  s holds colour of p")].count("\n") + 1
    misspelt = _problems(text.replace("s holds colour of p", "s holds color of p"))
    assert misspelt == [f"{line}:3 `color` is not something each player has | did you mean `colour`?"]
    undeclared = _problems(text.replace("s holds colour of p", "s holds shade of p"))
    assert undeclared[0].startswith(f"{line}:3 `shade` is not something each player has | declare what each seat")
    no_attribute = _problems(text.replace("component disc: colour (red, yellow)", "component disc: colour (red, blue)"))
    assert any(f"{line}:3 the values of `colour` (red, yellow) name no component and are not all values of one "
               f"component attribute | give each player a component's name" in p for p in no_attribute)
    not_a_space = _problems(text.replace("s holds colour of p", "p holds colour of p"))
    assert not_a_space == [f"{line}:3 only a space can hold something; `p` is a player | None"]
    not_a_seat = _problems(text.replace("s holds colour of p", "s holds colour of s"))
    assert len(not_a_seat) == 1 and not_a_seat[0].startswith(f"{line}:")


def test_an_odd_attribute_name_reaches_generated_code_only_as_a_literal():
    """The attribute's name from the rule file reaches the engine as a repr() literal."""
    text = ROWS.read_text(encoding="utf-8").replace("colour", "class")
    model = check(parse_text(text, "rows.rules"))
    code = generate(model, "rows.rules")
    assert "CELL_ATTRS['class']" in code
    compile(code, "rows.py", "exec")


CHECKERS = ROOT / "rulebooks" / "checkers.rules"


def test_a_word_of_an_attribute_asks_the_occupants_attribute(tmp_path):
    # checkers' `rank of occupant of s = king` written as the authors first wrote it
    text = CHECKERS.read_text(encoding="utf-8")
    assert "  rank of occupant of s = king or d in forward of p\n" in text
    path = tmp_path / "checkers.rules"
    path.write_text(text.replace("  rank of occupant of s = king or", "  s holds king or"), encoding="utf-8")
    (holds,) = _holds(rulespec.compile_rules(path))
    assert holds.attribute == "rank" and holds.value.value == "king"
    assert "holds a component whose rank is" in English(rulespec.compile_rules(path)).expr(holds)
    mine, theirs = rulespec.load(path), rulespec.load(CHECKERS)
    rng = random.Random(7)
    for _ in range(3):  # the same moves offered, game after game, as with the attribute compared
        a, b = mine.new_game(), theirs.new_game()
        while not b.is_terminal():
            offered = [str(x) for x in b.legal_actions()]
            assert [str(x) for x in a.legal_actions()] == offered
            move = rng.choice(offered)
            a.apply(move)
            b.apply(move)
        assert a.is_terminal()
    assert all(r.passed for r in run_examples(rulespec.load(ROWS)))  # rows.rules: `s holds yellow`


def test_a_word_of_several_attributes_is_refused_where_it_is_written():
    text = ROWS.read_text(encoding="utf-8").replace(
        "component disc: colour (red, yellow) x 8", "component disc: colour (red, yellow) x shade (red, pale) x 4")
    (line,) = [i for i, l in enumerate(text.splitlines(), 1) if "s holds yellow" in l]
    text = text.replace("s holds yellow and height", "s holds red and height")
    problems = _problems(text)
    assert [p for p in problems if p.startswith(f"{line}:") and "`red` is a value of several attributes (colour, "
            "shade): `holds red` does not say which" in p and "`colour of occupant of s = red`" in p], problems


RING_COLOURS = Path(__file__).parent / "fixtures" / "ring_colours.rules"


def test_an_attribute_of_a_component_and_of_a_seat_is_read_by_what_it_is_of():
    holds = _holds(rulespec.compile_rules(RING_COLOURS))
    by_text = {h.text: h for h in holds}
    assert isinstance(by_text["t holds colour of occupant of s"].value, ir.ItemAttr)
    assert isinstance(by_text["s holds colour of p"].value, ir.SeatAttr)
    state = rulespec.load(RING_COLOURS).new_game()
    for move in ("player 1: put on h1", "player 2: put on h4", "player 1: put on h2", "player 2: put on h5",
                 "player 1: put on h3"):
        state.apply(move)
    assert state.is_terminal() and state.returns()[0] > state.returns()[1]
    broken = RING_COLOURS.read_text(encoding="utf-8").replace("colour of occupant of s)", "colour of occupant of zz)")
    problems = _problems(broken, "ring_colours.rules")
    assert len(problems) == 1 and "zz" in problems[0], problems
