"""A house rule removes declarations of its base, and extends another house rule (issue #42): every mistake
is told at the house rule's own file and line, never inside the base."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.language.errors import RuleError
from rulespec.pipeline import compile_rules, load
from rulespec.pipeline.example_plan import example_plan, run_configuration

BASE = '''game "Last stick" [LS-1]
  id "last-stick"
  players 2 to 2 [LS-1]
  at most 100 turns [LS-1]

counter heap starts at 10 [LS-2]
counter emptied per player starts at 0 [LS-3]

define took_last(p: seat) [LS-3]:
  emptied of p > 0

turns go clockwise from player 1, each turn runs turn [LS-2]

choice turn(player: seat) by player [LS-2]:
  option take "take {n}" [LS-2]:
    for n in 1..min(3, heap)
    add -n to heap
    if heap = 0:
      add 1 to emptied of player

end last_stick [LS-3]:
  checked after every step
  for each p in players
  when took_last(p)
  winner p

example taking_the_last "Who takes the last stick wins" [LS-3]:
  given 2 players
  given counter heap is 2
  when "player 1: take 2"
  then player 1 wins
'''

NEW_END = '''
end last_stick [LS-3]:
  checked after every step
  for each p in players
  when emptied of p > 0
  winner p
'''


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path: Path):
    with pytest.raises(RuleError) as info:
        compile_rules(path)
    return info.value.diagnostics


@pytest.fixture
def base(tmp_path):
    return write(tmp_path, "base.rules", BASE)


def test_an_end_replaced_leaves_the_definition_unused_told_at_the_replacement(tmp_path, base):
    house = write(tmp_path, "house.rules", 'extends "base.rules"\n' + NEW_END)
    [problem] = problems_of(house)
    assert (Path(problem.path), problem.line) == (house, 3)
    assert "definition `took_last` is never used once this file's end `last_stick` replaces" in problem.message
    assert f"{base}:9" in problem.message
    assert "`remove took_last`" in problem.hint


def test_remove_takes_the_unused_definition_out(tmp_path, base):
    house = write(tmp_path, "house.rules", 'extends "base.rules"\n' + NEW_END + "\nremove took_last\n")
    model = compile_rules(house)
    assert [d.name for d in model.definitions] == []
    state = load(house).new_game(players=2)
    for _ in range(4):
        state.apply(state.legal_actions()[-1])
    assert state.is_terminal() and state.outcome()["winners"] == [1]  # 3 + 3 + 3 takes 9, player 2 takes the last


def test_remove_a_base_example_and_a_phrase_named_declaration(tmp_path, base):
    house = write(tmp_path, "house.rules", 'extends "base.rules"\n\nremove taking_the_last\n')
    assert [e.name for e in compile_rules(house).examples] == []


@pytest.mark.parametrize("removal, line_text, message, hint", [
    ("remove tooklast", "remove tooklast", "the game this file extends has no `tooklast` to remove",
     "did you mean `took_last`?"),
    ("remove heap", "remove heap", "`heap` cannot be removed: choice `turn` still uses it, at {base}:16, "
     "in the game this file extends", "remove or replace choice `turn` in this file too"),
    ("remove took_last", "remove took_last", "`took_last` cannot be removed: end `last_stick` still uses it, "
     "at {base}:24", "or keep `took_last`"),
    ("remove last_stick", "remove last_stick", "without end `last_stick` the game never ends",
     "declare an end of this file's own"),
    ("remove game", "remove game", "the game this file extends has no `game` to remove", None),
])
def test_a_wrong_removal_is_told_at_its_line(tmp_path, base, removal, line_text, message, hint):
    house = write(tmp_path, "house.rules", f'extends "base.rules"\n\n{removal}\n')
    [problem] = problems_of(house)
    assert (Path(problem.path), problem.line, problem.column) == (house, 3, 1)
    assert message.format(base=base) in problem.message
    if hint:
        assert hint in problem.hint


def test_removing_what_is_used_lists_its_other_users(tmp_path, base):
    house = write(tmp_path, "house.rules", 'extends "base.rules"\n\nremove heap\n')
    [problem] = problems_of(house)
    assert f"it is also used on lines 17, 18, 29 of {base}" in problem.hint


def test_remove_in_a_file_that_extends_nothing(tmp_path):
    text = BASE + "\nremove took_last\n"
    path = write(tmp_path, "alone.rules", text)
    [problem] = problems_of(path)
    assert problem.line == text.count("\n") and "this file extends none" in problem.message


def test_removing_twice_and_removing_what_the_file_declares(tmp_path, base):
    house = write(tmp_path, "house.rules", 'extends "base.rules"\n' + NEW_END +
                  "\nremove took_last\nremove took_last\nremove last_stick\n")
    problems = problems_of(house)
    assert [(p.line, p.message.split(",")[0]) for p in problems] == [
        (10, "`took_last` is removed twice"), (11, "`last_stick` is declared in this file")]


EXAMPLE = '''
example {name} "{title}" [LS-3]:
  given 2 players
  given counter heap is 1
  when "player 1: take 1"
  then player {winner} wins
'''


def test_a_house_rule_of_a_house_rule_runs_every_files_examples_at_their_lines(tmp_path, base):
    write(tmp_path, "middle.rules", 'extends "base.rules"\n' + NEW_END + "\nremove took_last\n" +
          EXAMPLE.format(name="middle_one", title="The middle file's", winner=1))
    top = write(tmp_path, "top.rules", 'extends "middle.rules"\n' +
                EXAMPLE.format(name="top_one", title="The top file's", winner=1) +
                EXAMPLE.format(name="top_wrong", title="A wrong one", winner=2))
    model = compile_rules(top)
    assert model.definitions == ()
    where = {e.name: (Path(e.loc.file).name, e.loc.line) for e in model.examples}
    assert where == {"taking_the_last": ("base.rules", 27), "middle_one": ("middle.rules", 11),
                     "top_one": ("top.rules", 3), "top_wrong": ("top.rules", 9)}
    plan = example_plan(top)
    results = {r.name: r for c in plan.configurations for r in run_configuration(plan, c)}
    assert [name for name, r in results.items() if not r.passed] == ["top_wrong"]
    assert "top.rules:13" in results["top_wrong"].message


def test_a_chain_that_comes_back_is_told_where_it_closes(tmp_path):
    one = write(tmp_path, "one.rules", 'extends "two.rules"\n')
    two = write(tmp_path, "two.rules", '# the second\nextends "one.rules"\n')
    [problem] = problems_of(one)
    assert (Path(problem.path), problem.line) == (two, 2)
    assert "which extends this file in turn: one.rules -> two.rules -> one.rules" in problem.message


def test_a_bundled_house_rule_is_a_base_by_its_name(tmp_path):
    house = write(tmp_path, "house.rules", 'extends "shell-we/three-tiles"\n\nremove third_tile\n')
    problems = problems_of(house)  # the second tile's replaced options still run it
    assert [(Path(p.path), p.line) for p in problems] == [(house, 3)]
    assert "option `second_tile.play_shell` still uses it" in problems[0].message
