"""The work estimate bounds a range with computed ends by what the file declares of them (issue #39): a
loop `for each j in file of s + 1..file of t - 1` on a board of 8 files walks at most 6 numbers, not the
runtime's longest range; a range whose end nothing bounds (a counter) is still refused, and the hint says
what helps (ends the file fixes), not "split the step", which would not."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.lib.limits import LIMIT
from rulespec.model.cost import Cost

GAME = '''\
game "Slide" [SL-1]
  id "slide"
  players 2 to 2 [SL-1]
  at most 40 turns [SL-1]

component stone x 8 [SL-2]
zone box: shared, public, holds every component in play [SL-2]
zone taken: shared, public [SL-2]
fit stone on lane [SL-2]
counter passed per player starts at 0 [SL-2]

board lane: rows rank 1..8, columns file 1..8, adjacency all [SL-2]:
  face plain [SL-2]:
    1 . . . . . . . .
    2 . . . . . . . .
    3 . . . . . . . .
    4 . . . . . . . .
    5 . . . . . . . .
    6 . . . . . . . .
    7 . . . . . . . .
    8 . . . . . . . .

turns go clockwise from player 1, each turn runs turn [SL-3]

choice turn(player: seat) by player [SL-3]:
  option slide "{s} to {t}" [SL-3]:
    for s in lane, t in lane
    only if rank of s = rank of t and file of s < file of t
    for each j in RANGE:
      for each u in lane:
        if rank of u = rank of s and file of u = j and u is occupied and count(v in lane where v is occupied and rank of v = rank of u) > 1:
          move occupant of u to taken
          add 1 to passed of player

end cleared [SL-4]:
  checked after every step
  when size of taken = 8

score taken_count of p [SL-4]:
  passed of p

ranking [SL-4]:
  highest taken_count
  ties share
'''


def _write(tmp_path, loop_range: str):
    path = tmp_path / "slide.rules"
    path.write_text(GAME.replace("RANGE", loop_range), encoding="utf-8")
    return path


def test_a_range_between_two_spaces_files_is_estimated_by_the_boards_files(tmp_path):
    model = rulespec.compile_rules(_write(tmp_path, "file of s + 1..file of t - 1"))  # refused before
    loop = model.steps[0].options[0].body[0]
    cost = Cost(model)
    assert cost.size(loop.domain) == 6  # from the least file + 1 (2) to the most file - 1 (7)
    assert cost.unbounded_range(model.steps[0].options[0].body) is None


@pytest.mark.parametrize("loop_range, size", [
    ("1..8", 8), ("0..abs(file of s - file of t)", 8), ("(if file of s > 4 then 2 else 3)..max(file of t, 5)", 7),
    ("1..the turn number", 40), ("file of s..8 - 1", 7),
])
def test_the_ends_bounds_follow_arithmetic_and_what_the_file_declares(tmp_path, loop_range, size):
    model = rulespec.compile_rules(_write(tmp_path, loop_range))
    loop = model.steps[0].options[0].body[0]
    assert Cost(model).size(loop.domain) == size


def test_a_range_to_a_counter_is_still_refused_with_a_hint_that_helps(tmp_path):
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(_write(tmp_path, "1..passed of player"))
    message = str(caught.value)
    assert "slide.rules:29:5: error: option `turn.slide` may walk" in message
    assert (f"hint: `1..passed of player` is counted as up to {LIMIT.span:,} numbers long: nothing the file declares "
            f"bounds `passed of player` (a counter declares no range); write the range's ends from numbers the file "
            f"fixes") in message
    assert "split it" not in message
