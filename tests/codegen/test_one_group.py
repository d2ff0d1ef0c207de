"""Whether the spaces holding a value form one group is asked of the first of them (#40, codegen/one_group.py):
Lines of Action's win, `there is s in grid where s holds colour of p and size of group of s = count(t in grid
where t holds colour of p)`, measures the group of p's first piece alone. The same test written the other way
round, or as `not (there is no ...)`, is asked so too; a test that is not that one (another comparison, another
value counted) is written as before. In lock step with the engine generated as before: the same choices,
observations, histories and returns."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.found_loops import FoundLoops
from rulespec.codegen.one_group import OneGroup

from .lockstep import engines_with_and_without, play_in_lock_step

GAME = Path(__file__).parents[2] / "tests" / "newcomer" / "games" / "lines-of-action.rules"
WRITTEN = ("  there is s in grid where s holds colour of p and size of group of s = "
           "count(t in grid where t holds colour of p)\n")
EVERY_GROUP = (OneGroup, "one_group_test", lambda self, count: None)
ASKED_OF_THE_FIRST = "next((len(st._group(0, v_s)) == count_tallied(st, 0, TALLY_TESTS_0, v_p) for v_s in "

VARIANTS = {
    "as written": (WRITTEN, True),
    "the other way round": ("  there is s in grid where count(t in grid where t holds colour of p) = size of group "
                            "of s and s holds colour of p\n", True),
    "there is no": ("  not (there is no s in grid where s holds colour of p and size of group of s = count(t in "
                    "grid where t holds colour of p))\n", True),
    "another comparison": ("  there is s in grid where s holds colour of p and size of group of s >= count(t in "
                           "grid where t holds colour of p)\n", False),
    "another value counted": ("  there is s in grid where s holds colour of p and size of group of s = count(t in "
                              "grid where t holds colour of left of p)\n", False),
}


def engines(tmp_path: Path, name: str):
    text = GAME.read_text(encoding="utf-8")
    assert WRITTEN in text
    path = tmp_path / "lines-of-action.rules"
    path.write_text(text.replace(WRITTEN, VARIANTS[name][0]), encoding="utf-8")
    return engines_with_and_without(path, (EVERY_GROUP,), "one_group")


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_win_is_asked_of_the_first_piece(monkeypatch, tmp_path, name):
    monkeypatch.setattr(FoundLoops, "FOUND_BY_LOOPS", False)  # (its `there is` as any(): found_loops.py aside)
    first, every, fast, slow = engines(tmp_path, name)
    joined = first.split("def define_all_joined(", 1)[1].split("\ndef ", 1)[0]
    if not VARIANTS[name][1]:
        assert first == every
        return
    assert ASKED_OF_THE_FIRST in joined and "any(" not in joined
    assert "any(" in every.split("def define_all_joined(", 1)[1].split("\ndef ", 1)[0]
    play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(len(name)))
