"""Groups (issue #39, Go): `group of s` is s and the spaces joined to it through neighbours holding the same
(the same component kind and attributes, whichever copy; for an empty s, the empty spaces)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.docs.english import English
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model import ir
from rulespec.model.checker import check
from rulespec.model.cost import Cost
from rulespec.pipeline.examples import run_examples

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "rulespec" / "docs" / "ref_games"
ATARI = (GAMES / "atari.rules").read_text(encoding="utf-8")
FLIPS = (GAMES / "flips.rules").read_text(encoding="utf-8")


def _load(tmp_path: Path, text: str, name: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return rulespec.load(path)


def _problems(text: str, name: str) -> list[str]:
    with pytest.raises(RuleError) as info:
        check(parse_text(text, name))
    return [f"{d.line} {d.message}" for d in info.value.diagnostics]


def _flood(state, board: int, cell: int) -> tuple[int, ...]:
    """The group worked out from the rulebook's words, by repeated sweeps: a space joins when it holds what
    the space started from shows (its label, hence kind and attributes) and touches a space already in."""
    contents = state._boards[board]
    shows = (lambda item: state._labels[item] if item >= 0 else None)
    group, grown = {cell}, True
    while grown:
        grown = False
        for c in range(len(contents)):
            if c not in group and shows(contents[c]) == shows(contents[cell]) \
                    and any(n in group for n in state._t.neighbours[board][c]):
                group.add(c)
                grown = True
    return tuple(sorted(group))


def test_atari_passes_its_examples():
    results = run_examples(rulespec.load(GAMES / "atari.rules"))
    assert len(results) == 2 and all(r.passed for r in results), [r.message for r in results]


def test_groups_in_random_games_are_the_flood_fill_of_the_rulebook():
    game = rulespec.load(GAMES / "atari.rules")
    checked = 0
    for seed in range(40):
        state, rng = game.new_game(2), random.Random(seed)
        while not state.is_terminal():
            for cell in state._t.cells_in_use[0]:
                assert state._group(0, cell) == _flood(state, 0, cell)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 2000


def test_a_group_joins_the_same_colour_only_and_an_empty_region_the_empty_spaces():
    game = rulespec.load(GAMES / "atari.rules")
    state = game.position("game atari\nplayers 2\nphase play\nturn 5 of player 1\n"
                          "grid: bb../w.b./..../...w (b = black, w = white)\nbowl: black x5, white x6\n"
                          "captured: empty\npending turn(player 1)\n")
    at = {state._engine.BOARDS[0].label(c): c for c in state._t.cells_in_use[0]}
    group = lambda label: {state._engine.BOARDS[0].label(c) for c in state._group(0, at[label])}
    assert group("1 1") == {"1 1", "1 2"}  # 2 3 touches 1 2 only at a corner: not joined
    assert group("2 3") == {"2 3"}
    assert group("2 1") == {"2 1"}
    assert group("4 4") == {"4 4"}
    assert group("1 3") == set(at) - {"1 1", "1 2", "2 1", "2 3", "4 4"}  # one empty region
    assert list(state._group(0, at["3 3"])) == sorted(state._group(0, at["3 3"]))  # board order


def test_a_colour_that_changes_changes_the_group(tmp_path):
    rules = FLIPS + '''
example groups "A disc turned joins the group of its new colour" [FL-4]:
  given 2 players
  when "player 1: put black on 1 1"
  then size of group of any(s in grid where row of s = 1 and col of s = 1) = 1
  when "player 2: put white on 2 3"
  when "player 1: put black on 4 4"
  then size of group of any(s in grid where row of s = 1 and col of s = 1) = 1
  when "player 2: put white on 1 2"
  then size of group of any(s in grid where row of s = 1 and col of s = 1) = 3
'''
    results = run_examples(_load(tmp_path, rules, "flips.rules"))
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]
    broken = rules.replace("col of s = 1) = 3", "col of s = 1) = 1")
    results = run_examples(_load(tmp_path, broken, "flips.rules"))
    assert [r.name for r in results if not r.passed] == ["groups"]


def test_the_checker_wants_a_space():
    bad = ATARI.replace("        for each u in group of t:", "        for each u in group of player:")
    line = next(n for n, text in enumerate(bad.splitlines(), start=1) if "group of player" in text)
    problems = _problems(bad, "atari.rules")
    assert problems and problems[0].startswith(f"{line} `player` is a player;") and "a space of a board" in problems[0]


def test_ir_cost_english_and_code():
    model = check(parse_text(ATARI, "atari.rules"))
    found = [e for e in _walk(model) if isinstance(e, ir.GroupOf)]
    assert found and found[0].board == "grid" and found[0].type == "spaces:grid"
    cost = Cost(model)
    assert cost.size(found[0]) == 16 and cost.expr(found[0]) >= 16
    assert English(model).expr(found[0]).startswith("the group of *t*: it and every space joined to it")
    assert "st._group(0, " in generate(model, "atari.rules", "<generated>")


def _walk(node, seen=None):
    """Every IR expression anywhere in the model (through dataclass fields, tuples and dicts)."""
    import dataclasses
    seen = set() if seen is None else seen
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, ir.E):
        yield node
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            yield from _walk(getattr(node, f.name), seen)
    elif isinstance(node, (tuple, list)):
        for x in node:
            yield from _walk(x, seen)
    elif isinstance(node, dict):
        for x in node.values():
            yield from _walk(x, seen)
