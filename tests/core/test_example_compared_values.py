"""A failed `then` fact that compares a value says what the value was beside what it should have been
(issue #42): `then goals of player 1 = 5` failing says `goals of player 1 is 1, not 5`, at the example's
file:line, for every comparison (=, !=, <, >, <=, >=), a value of each kind (a number, a seat, an item)
and a right side that is itself computed."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.docs.reference import GAMES
from rulespec.pipeline.examples import run_examples

LANES = GAMES / "lanes.rules"
# The last line of the reference game's example joker_anywhere: after it, player 1 holds the joker
# alone, player 2 holds "blue 1", and it is player 2's turn.
LAST_LINE = "  then count(s in strip where s holds joker) = 1\n"

# (a false fact, what its failure says after "`fact` does not hold: ")
FALSE_FACTS = [
    ("size of hand of player 1 = 5", "size of hand of player 1 is 1, not 5"),
    ("size of hand of player 1 > 3", "size of hand of player 1 is 1, not more than 3"),
    ("size of hand of player 1 < 1", "size of hand of player 1 is 1, not less than 1"),
    ("size of hand of player 1 >= 2", "size of hand of player 1 is 1, not at least 2"),
    ("size of hand of player 1 <= 0", "size of hand of player 1 is 1, not at most 0"),
    ("size of hand of player 1 != 1", "size of hand of player 1 is 1"),
    ("size of hand of player 1 = size of hand of player 2 + 1",
     "size of hand of player 1 is 1, not size of hand of player 2 + 1 (2)"),
    ("the player to move = player 1", "the player to move is player 2, not player 1"),
    ("any(t in hand of player 1) is tile", "any(t in hand of player 1) is 'joker' (a joker), not a tile"),
]


def _joker_anywhere_with(tmp_path, fact: str):
    text = LANES.read_text(encoding="utf-8")
    assert text.count(LAST_LINE) == 1
    mutated = text.replace(LAST_LINE, LAST_LINE + f"  then {fact}\n")
    path = tmp_path / "lanes.rules"
    path.write_text(mutated, encoding="utf-8")
    line = mutated[:mutated.index(LAST_LINE)].count("\n") + 2
    results = {r.name: r for r in run_examples(rulespec.load(path))}
    return results["joker_anywhere"], line


@pytest.mark.parametrize("fact, said", FALSE_FACTS, ids=[f for f, _ in FALSE_FACTS])
def test_a_false_comparison_says_what_the_value_was(tmp_path, fact, said):
    result, line = _joker_anywhere_with(tmp_path, fact)
    assert not result.passed
    assert result.message.endswith(f"lanes.rules:{line}: example `joker_anywhere`: `{fact}` does not hold: {said}"), \
        result.message


def test_the_same_facts_made_true_pass(tmp_path):
    """The values the failures name are the values: each fact stated with them holds."""
    for fact in ("size of hand of player 1 = 1", "size of hand of player 1 != 2",
                 "size of hand of player 1 = size of hand of player 2", "the player to move = player 2",
                 "any(t in hand of player 1) is joker"):
        result, _ = _joker_anywhere_with(tmp_path, fact)
        assert result.passed, (fact, result.message)
