"""`a div b`, the quotient rounded down (`a = b * (a div b) + a mod b`), the number of a seat or a
direction (`number of p`) and an attribute value's place among its values (`number of rank of c`): what
newcomers' files could not say (issue #40's probes, helpers gaps and spades)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
import rulespec.runtime.state
from rulespec.codegen.python import generate
from rulespec.docs.english import English
from rulespec.language.parser import parse_text
from rulespec.pipeline.examples import run_examples
from rulespec.runtime.engine import RuleRuntimeError

ROOT = Path(__file__).resolve().parents[2]
MARCH = ROOT / "rulespec" / "docs" / "ref_games" / "march.rules"


def _line(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_div_parses_binds_like_times_and_rounds_down():
    tree = parse_text(MARCH.read_text(encoding="utf-8"), "march.rules")
    half = next(d for d in tree.declarations if getattr(d, "name", None) == "half")
    assert half.body.op == "div" and half.body.left.op == "-"  # `(rank of s - 1) div 2`
    state_div = rulespec.runtime.state.State._div
    for a in range(-9, 10):
        for b in (-4, -3, -1, 1, 2, 3, 5):
            assert a == b * state_div(a, b) + rulespec.runtime.state.State._mod(a, b)
    assert state_div(7, 2) == 3 and state_div(-7, 2) == -4
    with pytest.raises(RuleRuntimeError, match=r"dividing by 0 \(`... div 0`\)"):
        state_div(4, 0)


def test_div_by_a_written_number_is_pythons_own_and_reads_in_english():
    model = rulespec.load(MARCH).model
    source = generate(model, "march.rules")
    assert " // 2)" in source and "st._div(" not in source
    half = next(d for d in model.definitions if d.name == "half")
    said = English(model).expr(half.value)
    assert "divided (rounded down) by 2" in said


def test_dividing_by_zero_names_the_line(tmp_path):
    text = MARCH.read_text(encoding="utf-8")
    text = text.replace("define half(s: grid) [MAR-3]:\n  (rank of s - 1) div 2",
                        "counter none_yet starts at 0 [MAR-3]\n\ndefine half(s: grid) [MAR-3]:\n"
                        "  (rank of s - 1) div none_yet")
    path = tmp_path / "march.rules"
    path.write_text(text, encoding="utf-8")
    game = rulespec.load(path)
    assert "st._div(" in generate(game.model, "march.rules")
    results = {r.name: r for r in run_examples(game)}
    message = results["light_squares"].message
    assert not results["light_squares"].passed
    assert "dividing by 0" in message and f"march.rules:{_line(text, 'define half')}: Definition `half`" in message


MILL = ROOT / "rulespec" / "docs" / "ref_games" / "mill.rules"


def _check_errors(text: str) -> list:
    from rulespec.language.errors import RuleError
    from rulespec.model.checker import check
    with pytest.raises(RuleError) as caught:
        check(parse_text(text, "t.rules"))
    return caught.value.diagnostics


def test_number_of_a_seat_counts_from_one_and_of_a_direction_its_place_on_the_board():
    model = rulespec.load(MARCH).model
    code = next(d for d in model.definitions if d.name == "code")
    numbers = [e for e in _walk(code.value) if e.__class__.__name__ == "NumberOf"]
    assert [n.value.type for n in numbers] == ["seat", "direction"]
    assert numbers[0].table is None and numbers[1].table == (1, 0, 2, 0, 3, 0, 4, 0)  # orthogonal: n, e, s, w
    source = generate(model, "march.rules")
    assert "(1, 0, 2, 0, 3, 0, 4, 0)[" in source
    en = English(model)
    assert "player 1 is 1" in en.expr(numbers[0]) and "among its board's directions" in en.expr(numbers[1])
    assert all(r.passed for r in run_examples(rulespec.load(MARCH)))


def test_number_of_a_graphs_named_direction(tmp_path):
    text = MILL.read_text(encoding="utf-8")
    assert "example placing" in text
    text = text.replace('example placing "Men are placed on the points by name" [MIL-2, MIL-3]:\n',
                        'example placing "Men are placed on the points by name" [MIL-2, MIL-3]:\n'
                        '  then number of around = 1 and number of player 2 = 2\n')
    path = tmp_path / "mill.rules"
    path.write_text(text, encoding="utf-8")
    results = run_examples(rulespec.load(path))
    assert all(r.passed for r in results), [r.message for r in results if not r.passed]


def test_number_of_a_compass_word_is_refused_where_the_boards_list_different_directions():
    text = MARCH.read_text(encoding="utf-8").replace(
        "fit pawn on grid [MAR-1]", "board hexes: rows hr 1..2, columns hc 1..2, adjacency hexagonal [MAR-1]:\n"
        "  face plain [MAR-1]:\n    1 . .\n    2 . .\n\nfit pawn on grid [MAR-1]\nfit pawn on hexes [MAR-1]")
    found = [d for d in _check_errors(text) if "number of d" in d.message]
    assert found, [d.render() for d in _check_errors(text)]
    d = found[0]
    assert d.line == _line(text, "  (number of p - 1) * 4")
    assert "grid: north, east, south, west" in d.message and "hexes: northeast" in d.message and d.hint


def test_number_of_anything_else_is_unknown():
    text = MARCH.read_text(encoding="utf-8").replace("(rank of s - 1) div 2", "number of s")
    d = _check_errors(text)[0]
    assert "`number`" in d.message and d.line == _line(text, "  number of s")


TRICKS = ROOT / "rulespec" / "docs" / "ref_games" / "tricks.rules"


def test_number_of_an_attributes_value_is_its_place_among_the_values():
    model = rulespec.load(TRICKS).model
    card_number = next(d for d in model.definitions if d.name == "card_number")
    numbers = [e for e in _walk(card_number.value) if e.__class__.__name__ == "NumberOf"]
    assert [n.values for n in numbers] == [("clubs", "hearts"), (1, 2)]
    source = generate(model, "tricks.rules")
    # (each attribute's places a module-level table, made once: codegen/expressions.py places_from_tables)
    assert "PLACE_suit = {'clubs': 1, 'hearts': 2, None: 0}" in source and "PLACE_rank = {1: 1, 2: 2, None: 0}" in source
    assert "PLACE_suit[" in source and "PLACE_rank[" in source
    assert English(model).expr(numbers[0]).endswith("among clubs, hearts (the first is 1)")
    results = run_examples(rulespec.load(TRICKS))  # a counter's word, a written word, a number, none: 0
    assert all(r.passed for r in results), [r.message for r in results if not r.passed]


@pytest.mark.parametrize("written, said", [
    ("number of 5", "`5` is not read from an attribute"),
    ("number of count(d in deck)", "is not read from an attribute"),
    ("number of spades", "unknown name `spades`")])
def test_number_of_a_value_no_attribute_has_is_refused_at_its_line(written, said):
    text = TRICKS.read_text(encoding="utf-8").replace(
        "(number of suit of c - 1) * 2 + number of rank of c - 1", written)
    found = _check_errors(text)
    assert found and found[0].line == _line(text, "  " + written), [d.render() for d in found]
    assert said in found[0].message


def _walk(e):
    from rulespec.model.tree import walk
    return walk(e)


def test_number_of_a_name_going_through_an_attributes_values(tmp_path):
    """`for s in values of suit` (an option's, a `for each`'s, a count's or a sum's) and a `let` of such a value
    are values of that attribute: `number of s` is their place among its values, as of `suit of c` (#40, helper
    skat: Skat's bids, OpenSpiel's 32 + the suit's place, had to be written as a chain of `if`s); a `word`
    parameter, which any attribute's word may be given, is still refused."""
    text = TRICKS.read_text(encoding="utf-8").replace(
        "  when count(c in table) = 4\n", "  when count(c in table) = 4\n  then tally(player 1)\n").replace(
        "  count(c in hand of p)\n", "  count(c in hand of p) + 0 * suit_places\n") + (
        "\ndefine suit_places [T-1]:\n"
        "  sum(number of s for s in values of suit) + 10 * count(s in values of suit where number of s = 2)\n"
        "\nstep tally(player: seat) [T-1]:\n"
        "  for each s in values of suit:\n"
        "    let t be s\n"
        "    set facing of player to (if number of s + number of t = 4 then south else north)\n")
    path = tmp_path / "tricks.rules"
    path.write_text(text, encoding="utf-8")
    model = rulespec.load(path).model
    source = generate(model, "tricks.rules")
    assert source.count("PLACE_suit[v_s]") >= 3
    assert "PLACE_suit[v_t]" in source
    namespace: dict = {}
    exec(compile(source, "tricks.py", "exec"), namespace)
    assert namespace["define_suit_places"](None) == 1 + 2 + 10
    word = text + "\ndefine place_of(s: word) [T-1]:\n  number of s\n"
    found = _check_errors(word)
    assert found and "is not read from an attribute" in found[0].message and found[0].line == _line(word, "  number of s")
