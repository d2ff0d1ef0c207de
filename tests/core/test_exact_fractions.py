"""`a / b`: an exact fraction, a player's return only (`returns of p`); OpenSpiel's Skat returns are
(points - 60) / 120. The engine keeps it a Fraction, State.returns gives it as a float; `/` anywhere else
is refused at its place, and dividing by 0 stops the rules naming the line. Fixture: facing.rules."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check
from rulespec.runtime.common import RuleRuntimeError

FACING = Path(rulespec.__file__).parent / "docs" / "ref_games" / "facing.rules"
TEXT = FACING.read_text()
RETURNS = ("  if rights = 0 or rights = count(q in players) then 0 else if right of p = 1 then 1 / rights "
           "else -1 / (count(q in players) - rights)\n")
assert RETURNS in TEXT


def _play(game, players: int, says: list[str]):
    state = game.new_game(players)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    for p, said in enumerate(says):
        state.apply(next(a for a in state.legal_actions() if a.text == f"say {said}"))
    assert state.is_terminal()
    return state



def _errors(text: str) -> list:
    with pytest.raises(RuleError) as caught:
        check(parse_text(text, "facing.rules"))
    return caught.value.diagnostics


def _line(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_the_returns_are_exact_fractions_in_the_engine_and_floats_through_state_returns():
    game = rulespec.load(FACING)
    assert "st._ratio(1, define_rights(st))" in generate(game.model, "facing.rules")
    for says in (["high", "high", "high"], ["high", "not high", "not high"], ["not high", "high", "high"]):
        state = _play(game, 3, says)
        exact = [game.RETURNS[1](state, seat) for seat in range(3)]
        assert sum(exact) == 0 and all(isinstance(r, (int, Fraction)) for r in exact)
        assert state.returns() == [float(r) for r in exact]
        rights = sum(1 for seat in range(3) if state._counters["right"][seat] == 1)
        if 0 < rights < 3:
            assert sorted(set(exact)) == sorted({Fraction(-1, 3 - rights), Fraction(1, rights)})


def test_a_product_over_a_quotient_stays_exact():
    text = TEXT.replace(RETURNS, "  2 * right of p / 3 - rights / 3 * right of p\n").replace("  zero-sum\n", "")
    model = check(parse_text(text, "facing.rules"))
    source = generate(model, "facing.rules")
    assert " / " not in source.split("def returns_of", 1)[1].split("\n")[2]  # never Python's float division
    assert "st._ratio((2 * st._counters['right'][v_p]), 3)" in source


def test_the_english_says_it():
    from rulespec.docs.english import English
    model = rulespec.load(FACING).model
    said = "\n".join(English(model).declaration(model.returns))
    assert "divided (exactly) by" in said, said


@pytest.mark.parametrize("where, old, new", [
    ("a definition", "  count(q in players where right of q = 1)\n", "  count(q in players where right of q = 1) / 2\n"),
    ("a score", "  right of p\n", "  right of p / 2\n"),
    ("a comparison in the returns", RETURNS, "  if right of p / 2 = 0 then 0 else 1\n"),
    ("a count's condition in the returns", RETURNS, "  count(q in players where right of q / 2 = 0)\n"),
])
def test_a_fraction_anywhere_but_a_return_is_refused_at_its_line(where, old, new):
    assert old in TEXT
    text = TEXT.replace(old, new, 1).replace("  zero-sum\n", "")
    errors = _errors(text)
    assert [(e.path, e.line) for e in errors] == [("facing.rules", _line(text, new.rstrip("\n")))], \
        [e.render() for e in errors]
    assert "is an exact fraction, which only a player's return may be" in errors[0].message
    assert "`div`" in errors[0].hint


def test_dividing_by_zero_stops_the_rules_naming_the_line(tmp_path):
    path = tmp_path / "facing.rules"
    path.write_text(TEXT.replace(RETURNS, "  1 / (rights - rights)\n").replace("  zero-sum\n", "")
                    .replace("  then returns are 1, -1\n", "").replace("  then returns are 1/2, -1, 1/2\n", ""))
    game = rulespec.load(path)
    state = _play(game, 2, ["high", "high"])
    with pytest.raises(RuleRuntimeError) as caught:
        state.returns()
    from rulespec.runtime.blame import located
    where = located(caught.value).where
    assert "divided by 0" in str(caught.value)
    assert f"facing.rules:{_line(path.read_text(), 'returns of p')}" in where, where


def test_a_payoff_range_may_be_fractions_and_verify_and_the_adapters_read_it(tmp_path):
    from rulespec.adapters.core import declared_range
    from rulespec.check.verify import Checks
    path = tmp_path / "facing.rules"
    path.write_text(TEXT.replace("  between -1 and 1\n", "  between -1/2 and 1\n"))
    game = rulespec.load(path)
    assert game.model.returns.between == (Fraction(-1, 2), 1)
    assert declared_range(game) == (-0.5, 1.0)
    checks = Checks(game, 2, str(path))
    state = _play(game, 2, ["high", "not high"])  # one right, one wrong: 1 and -1, below -1/2
    with pytest.raises(Exception, match="outside the declared range between -1/2 and 1"):
        checks.payoff_range(state)
    bad = TEXT.replace("  between -1 and 1\n", "  between -1/0 and 1\n")
    with pytest.raises(RuleError) as caught:
        check(parse_text(bad, "facing.rules"))
    assert caught.value.diagnostics[0].line == _line(bad, "  between -1/0")
