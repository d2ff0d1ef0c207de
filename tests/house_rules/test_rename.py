"""A house rule renames a declaration of its base (issue #42): `rename OLD to NEW` makes the base's OLD, and every
use of it in the base, NEW, so that the house rule may declare an OLD of its own; every mistake is told at the
house rule's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.language.errors import RuleError
from rulespec.pipeline import compile_rules, load
from rulespec.pipeline.example_plan import example_plan, run_configuration
from rulespec.runtime.policies import random_game

from test_remove_and_chains import BASE, write

OWN_TOOK_LAST = '''
define took_last(p: seat) [LS-3]:
  emptied of p > 0 and heap = 0
'''

SECOND_END = '''
end sticks_left [LS-3]:
  checked after every step
  for each p in players
  when took_last(p) and emptied_the_heap(p)
  winner p
'''


def problems_of(path: Path):
    with pytest.raises(RuleError) as info:
        compile_rules(path)
    return info.value.diagnostics


@pytest.fixture
def base(tmp_path):
    return write(tmp_path, "base.rules", BASE)


def results_of(path: Path) -> dict:
    plan = example_plan(path)
    return {r.name: r for c in plan.configurations for r in run_configuration(plan, c)}


def test_a_renamed_definition_is_used_by_the_bases_end_and_the_house_rules_own(tmp_path, base):
    house = write(tmp_path, "house.rules", 'extends "base.rules"\n\nrename took_last to emptied_the_heap\n'
                  + OWN_TOOK_LAST + SECOND_END)
    model = compile_rules(house)
    assert sorted(d.name for d in model.definitions) == ["emptied_the_heap", "took_last"]
    renamed = next(d for d in model.definitions if d.name == "emptied_the_heap")
    assert Path(renamed.loc.file) == base  # the base's definition, under its new name
    ends = {e.name: e for e in model.ends}
    assert ends["last_stick"].condition.name == "emptied_the_heap"  # the base's end follows the rename
    assert [o.name for o in ends["sticks_left"].condition.operands] == ["took_last", "emptied_the_heap"]  # the house rule's own took_last
    state = load(house).new_game(players=2)
    for _ in range(4):
        state.apply(state.legal_actions()[-1])
    assert state.is_terminal() and state.outcome()["winners"] == [1]  # 3 + 3 + 3 takes 9, player 2 takes the last
    assert {name: r.passed for name, r in results_of(house).items()} == {"taking_the_last": True}


def test_without_the_rename_the_house_rules_definition_would_replace_the_bases(tmp_path, base):
    house = write(tmp_path, "house.rules", 'extends "base.rules"\n' + OWN_TOOK_LAST)
    [definition] = compile_rules(house).definitions
    assert Path(definition.loc.file) == house


def test_a_counter_renamed_in_the_bases_options_and_examples(tmp_path, base):
    house = write(tmp_path, "house.rules", 'extends "base.rules"\n\nrename heap to sticks\n' '''
example sticks_named "The heap is called sticks here" [LS-2]:
  given 2 players
  given counter sticks is 3
  when "player 1: take 2"
  then sticks = 1
''')
    model = compile_rules(house)
    assert [c.name for c in model.counters] == ["sticks", "emptied"]
    results = results_of(house)
    assert {name: r.passed for name, r in results.items()} == {"taking_the_last": True, "sticks_named": True}


def test_an_end_renamed_and_one_of_its_old_name_declared(tmp_path, base):
    house = write(tmp_path, "house.rules", 'extends "base.rules"\n\nrename last_stick to heap_emptied\n' + '''
end last_stick [LS-3]:
  checked after every step
  when heap = 1
  winner player 2
''')
    ends = {e.name: Path(e.loc.file).name for e in compile_rules(house).ends}
    assert ends == {"heap_emptied": "base.rules", "last_stick": "house.rules"}


@pytest.mark.parametrize("renaming, message, hint", [
    ("rename tooklast to x", "the game this file extends has no `tooklast` to rename", "did you mean `took_last`?"),
    ("rename took_last to heap", "`heap` is already taken: the game this file extends declares it at {base}:6",
     "choose a name the base does not use"),
    ("rename turn to move", "`turn` is a choice: a house rule renames only a definition, step, counter, zone or end",
     "replace choice `turn`"),
    ("rename game to x", "the game this file extends has no `game` to rename", None),
])
def test_a_wrong_rename_is_told_at_its_line(tmp_path, base, renaming, message, hint):
    house = write(tmp_path, "house.rules", f'extends "base.rules"\n\n{renaming}\n')
    [problem] = problems_of(house)
    assert (Path(problem.path), problem.line, problem.column) == (house, 3, 1)
    assert message.format(base=base) in problem.message
    if hint:
        assert hint in problem.hint


def test_renaming_twice_and_to_a_name_this_file_declares(tmp_path, base):
    house = write(tmp_path, "house.rules", 'extends "base.rules"\n\nrename took_last to a\nrename took_last to b\n'
                  'rename heap to a\nrename a to c\nrename emptied to took_last\n' + OWN_TOOK_LAST)
    problems = problems_of(house)
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [
        (4, "`took_last` is renamed twice"), (5, "`a` is already the new name of `took_last`"),
        (6, "`a` is renamed twice"), (7, "`took_last` is declared in this file, at line 9, and is also the new name "
                                          "of `emptied`")]


def test_rename_in_a_file_that_extends_nothing(tmp_path):
    text = BASE + "\nrename took_last to x\n"
    path = write(tmp_path, "alone.rules", text)
    [problem] = problems_of(path)
    assert problem.line == text.count("\n") and "this file extends none" in problem.message


REF_GAMES = Path(__file__).resolve().parents[2] / "rulespec" / "docs" / "ref_games"
LANES_RENAMED = {"pool": "bag", "box": "out_of_play", "reward": "earn", "hand_empty": "emptied_hand",
                 "passes": "passes_in_a_row"}


def test_zones_a_step_an_end_and_a_counter_renamed_play_as_the_base(tmp_path):
    """Every use follows, written-down positions included: the base's examples pass under every variant and
    seeded games end alike, only the end's name changed."""
    lanes = write(tmp_path, "lanes.rules", (REF_GAMES / "lanes.rules").read_text(encoding="utf-8"))
    lines = ['extends "lanes.rules"', ""] + [f"rename {old} to {new}" for old, new in LANES_RENAMED.items()]
    house = write(tmp_path, "house.rules", "\n".join(lines) + "\n")
    model = compile_rules(house)
    assert {"bag", "out_of_play"} <= {z.name for z in model.zones} and "earn" in {s.name for s in model.steps}
    results = results_of(house)
    assert results and [name for name, r in results.items() if not r.passed] == []
    base_game, renamed_game = load(lanes), load(house)
    for seed in range(5):
        expected = dict(random_game(base_game, 2, seed).outcome())
        expected["end"] = LANES_RENAMED.get(expected["end"], expected["end"])
        assert random_game(renamed_game, 2, seed).outcome() == expected
