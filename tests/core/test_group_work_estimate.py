"""The checker's work estimate of a walk over groups (issue #40: Havannah's fork written `for each p`, refused at
68,061,161 with a hint that did not apply). A walk over a board visits the spaces in use (a map's `-` is no
space), so a board is estimated by those; and a condition over the limit is told by what multiplies up to it,
each walk with its most elements, then what is worked out for each element of the innermost."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.lib.limits import LIMIT
from rulespec.model.checker import check
from rulespec.model.cost import Cost

ROOT = Path(__file__).resolve().parents[2]
HAVANNAH = ROOT / "tests" / "newcomer" / "games" / "havannah.rules"

WRITTEN = '''end fork [HAV-4]:
  checked after every step
  when there is s in grid where mine(s, the player to move) and joins_three_edges(s)
  winner the player to move'''
FOR_EACH = '''end fork [HAV-4]:
  checked after every step
  for each p in players
  when there is s in grid where mine(s, p) and joins_three_edges(s)
  winner p'''


def _fork_for_each_seat() -> str:
    text = HAVANNAH.read_text(encoding="utf-8")
    assert WRITTEN in text
    return text.replace(WRITTEN, FOR_EACH)


def test_a_board_is_estimated_by_its_spaces_in_use():
    model = check(parse_text(HAVANNAH.read_text(encoding="utf-8"), "havannah.rules"))
    assert Cost(model).spaces == {"grid": 169}  # a map of 15 x 15 cells, 56 of them `-`


def test_the_fork_for_each_seat_is_no_longer_refused_and_counts_every_group_walked_from_every_stone():
    model = check(parse_text(_fork_for_each_seat(), "havannah.rules"))
    work = next(e.work for e in Cost(model).estimates() if e.what == "the condition of end `fork`")
    # no looser than the truth: 2 seats x 169 stones s x 6 edges k x a group of s of up to 169 stones, each
    # tested by on_edge (its `or` of six `and`s, each read in full where none holds)
    assert 2 * 169 * 6 * 169 * 100 < work <= LIMIT.work


def _sided(n: int, ends: str) -> str:
    """A Havannah-like game on a hexagon of n hexagons a side, whose end `fork` is written as ``ends``."""
    size = 2 * n - 1
    rows = "\n".join(f"    {r:<2} " + " ".join("-" if r + c < n + 1 or r + c > 3 * n - 1 else "."
                                                   for c in range(1, size + 1)) for r in range(1, size + 1))
    return f'''game "Forks" [F-1]
  id "forks"
  players 2 to 2 [F-1]
  at most {3 * n * (n - 1) + 1} turns [F-1]
each player has a colour: white, black [F-1]
component stone: colour (white, black) x {3 * n * (n - 1) + 1} [F-1]
zone supply: shared, public, holds every component in play [F-1]
board grid: rows row 1..{size}, columns column 1..{size}, adjacency hexagonal [F-1]:
  face hexagon [F-1]:
{rows}
fit stone on grid [F-1]
define mine(s: grid, p: seat) [F-1]:
  s holds colour of p
define on_edge(s: grid, k: number) [F-1]:
  (k = 1 and row of s = 1) or (k = 2 and column of s = {size}) or (k = 3 and row of s + column of s = {3 * n - 1}) or (k = 4 and row of s = {size}) or (k = 5 and column of s = 1) or (k = 6 and row of s + column of s = {n + 1})
define joins_three_edges(s: grid) [F-1]:
  count(k in 1..6 where there is t in group of s where on_edge(t, k)) >= 3
turns go clockwise from player 1, each turn runs turn [F-1]
choice turn(player: seat) by player [F-1]:
  option stone "{{colour of player}} on {{s}}" [F-1]:
    for s in grid
    only if s is empty
    place any(t in supply where colour of t = colour of player) on s
{ends}
'''


def test_a_fork_over_the_limit_is_told_by_its_factors_at_the_walk():
    ends = FOR_EACH.replace("HAV-4", "F-1")
    text = _sided(10, ends)
    assert check(parse_text(_sided(8, ends), "forks.rules"))  # 169 hexagons: under the limit
    with pytest.raises(RuleError) as refused:
        check(parse_text(text, "forks.rules"))
    (problem,) = refused.value.diagnostics
    line = text.split("\n").index("  when there is s in grid where mine(s, p) and joins_three_edges(s)") + 1
    assert (problem.line, problem.column) == (line, 8)
    assert problem.message.startswith("the condition of end `fork` may walk ")
    assert problem.hint.startswith("the estimate is mostly 2 (p in players) x 271 (s in grid) x 6 (k in 1..6) x "
                                   "271 (t in group of s) x "), problem.hint
    assert "(`on_edge(t, k)`, for each): a worst case, where every element may pass a `where`" in problem.hint
    assert "one seat rather than `for each`" in problem.hint
    assert "filter the outer walk" not in problem.hint  # it was filtered (`mine(s, p) and ...`)
    # the seat to move alone, as helper havannah wrote it: half of it, and no `for each` to name
    assert check(parse_text(_sided(10, WRITTEN.replace("HAV-4", "F-1")), "forks.rules"))
    with pytest.raises(RuleError) as refused:
        check(parse_text(_sided(13, WRITTEN.replace("HAV-4", "F-1")), "forks.rules"))
    assert refused.value.diagnostics[0].hint.startswith("the estimate is mostly 469 (s in grid) x 6 (k in 1..6)")
    assert "for each" not in refused.value.diagnostics[0].hint.split(":")[1]
