"""A range of numbers walked without brackets (issue #40's newcomers): `there is k in 1..6 where ...`, `there is no
...`, `k in 1..6` read as `count(k in 1..6 ...)` always was, wherever a collection is walked or tested, each the
same rules as the form with brackets."""

from __future__ import annotations

import re

import pytest

from rulespec.codegen.python import generate
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check

GAME = '''game "Ranges" [R-1]
  id "ranges"
  players 2 to 2 [R-1]
  at most 12 turns [R-1]
counter c per player starts at 0 [R-1]
turns go clockwise from player 1, each turn runs turn [R-1]
define some(p: seat) [R-1]:
  there is k in WALK where c of p = k * 3
define none_of(p: seat) [R-1]:
  there is no k in WALK where c of p = k * 7
define value(p: seat) [R-1]:
  count(k in WALK where c of p = k) + sum(k for k in WALK where k > 2) + max(k for k in WALK where k > 2) + any(k in WALK where k > c of p)
define inside(p: seat) [R-1]:
  c of p in WALK
choice turn(player: seat) by player [R-1]:
  option add "add {n}" [R-1]:
    for n in WALK
    only if n <= 2 and none_of(player) and value(player) > 0 and (inside(player) or c of player = 0)
    for each k in WALK:
      if k = n:
        add k to c of player
end done [R-1]:
  checked after every step
  for each q in WALK
  when q = 1 and some(player 2) and (there is j in WALK where c of player 2 = j)
  winner player 2
example reach "three wins" [R-1]:
  given 2 players
  when "player 1: add 1"
  when "player 2: add 2"
  when "player 1: add 1"
  then the game is not over
  when "player 2: add 1"
  then player 2 wins
'''


def _engine(walk: str) -> str:
    text = GAME.replace("WALK", walk)
    code = generate(check(parse_text(text, "ranges.rules")), "ranges.rules")
    # the same but for the source's hash and its text quoted in docstrings and messages
    return re.sub(r"SOURCE_HASH = '[0-9a-f]+'", "", code).replace("(1..6)", "1..6")


def test_every_walk_of_a_bare_range_is_the_walk_of_the_bracketed_one():
    assert _engine("1..6") == _engine("(1..6)")
    assert _engine("1..5") != _engine("(1..6)")


@pytest.mark.parametrize("line", ["there is k in 1..6 where k = 2", "there is no k in 1..6 where k = 2",
                                  "there is k in 0..count(p in players) - 1 where k = 1", "3 in 1..6"])
def test_a_bare_range_parses_where_a_condition_walks_or_tests_one(line):
    parse_text(GAME.replace("WALK", "(1..6)").replace("when q = 1 and", f"when ({line}) and"), "ranges.rules")


def test_a_range_still_stands_where_no_collection_is_walked_only_as_before():
    with pytest.raises(RuleError, match="unexpected `..`"):
        parse_text(GAME.replace("WALK", "(1..6)").replace("k * 3", "1..3"), "ranges.rules")


def test_the_bare_ranges_play_their_example(tmp_path):
    import rulespec
    from rulespec.pipeline.examples import run_examples
    path = tmp_path / "ranges.rules"
    path.write_text(GAME.replace("WALK", "1..6"), encoding="utf-8")
    results = run_examples(rulespec.load(path))
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]
