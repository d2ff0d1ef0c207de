"""A graph's named direction as a parameter, `d: direction of B` (issue #39: a definition or step could take a
compass direction only, so a rule over a graph's direction was written out per direction). The reference game
is rulespec/docs/ref_games/mill.rules (`free_towards(s, around)`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.model import ir
from rulespec.runtime.policies import random_game

MILL = Path(__file__).resolve().parents[2] / "rulespec" / "docs" / "ref_games" / "mill.rules"
DEFINE = "define free_towards(s: morris, d: direction of morris) [MIL-5]:\n"
CALL = "free_towards(s, around)"
INLINE = "neighbour of s towards around is empty"


def _written(tmp_path, *changes: tuple[str, str]) -> Path:
    text = MILL.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "mill.rules"
    path.write_text(text, encoding="utf-8")
    return path


def _line_of(text: str) -> int:
    return MILL.read_text(encoding="utf-8").splitlines().index(text.rstrip("\n")) + 1


def test_the_parameter_is_one_of_the_graphs_directions():
    model = rulespec.compile_rules(MILL)
    define = next(d for d in model.definitions if d.name == "free_towards")
    assert [(p.name, p.type) for p in define.params] == [("s", "space:morris"), ("d", "direction:morris")]


def test_random_games_play_as_with_the_direction_written_in(tmp_path):
    given = rulespec.load(MILL)
    inline = rulespec.load(_written(tmp_path, (CALL, INLINE), (DEFINE + "  neighbour of s towards d is empty\n\n", "")))
    spins = 0
    for seed in range(40):
        a, b = random_game(given, seed=seed), random_game(inline, seed=seed)
        assert [str(x) for x in a.history] == [str(x) for x in b.history]
        assert a.outcome() == b.outcome()
        spins += sum("spin" in str(x) for x in a.history)
    assert spins > 0  # the rule that calls it was played


@pytest.mark.parametrize("param, column, message", [
    ("d: direction of morrs", 32, "error: `morrs` is not a board"),
    ("d: seat of morris", 32, "error: `d: seat of morris`: only a direction is one of a board's"),
])
def test_misuse_is_reported_at_its_line(tmp_path, param, column, message):
    path = _written(tmp_path, ("d: direction of morris", param))
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    assert f"mill.rules:{_line_of(DEFINE)}:{column}: {message}" in str(caught.value)
    assert "1 problem (1 error)" in str(caught.value)  # the call giving it `around` is not blamed too


def test_a_graph_without_named_directions_has_none_to_give(tmp_path):
    path = _written(tmp_path, ("  links around: a1-b1,", "  links a1-b1,"), (CALL, INLINE.replace("around", "d")),
                    ("    place occupant of s on neighbour of s towards around\n", "    place occupant of s on s\n"))
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    assert f"mill.rules:{_line_of(DEFINE)}:32: error: board `morris` is a graph whose links have no named" in \
        str(caught.value)


def test_a_compass_word_is_no_direction_of_a_graph(tmp_path):
    path = _written(tmp_path, (CALL, "free_towards(s, north)"))
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    assert "a direction of morris is needed here" in str(caught.value)


def test_on_a_grid_it_is_a_compass_direction(tmp_path):
    march = MILL.parent / "march.rules"
    text = march.read_text(encoding="utf-8")
    assert "define step_from(s: grid, d: direction) [MAR-2]:" in text
    path = tmp_path / "march.rules"
    path.write_text(text.replace("d: direction)", "d: direction of grid)"), encoding="utf-8")
    define = next(d for d in rulespec.compile_rules(path).definitions if d.name == "step_from")
    assert define.params[1].type == ir.DIRECTION
