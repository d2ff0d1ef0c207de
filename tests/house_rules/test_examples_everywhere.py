"""Every example a house rule declares or inherits runs under every command that runs examples (`rulespec
check`, the pytest plugin, the site), or is reported as not run with the reason (issue #42): a failure is
at the line where the example is written (a base example's in the base file, said as such), and a house
rule that breaks its base's examples under one of the base's variants fails all three."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulespec.docs.reference import GAMES
from rulespec.language.errors import RuleError
from rulespec.pipeline.example_plan import example_plan

LANES = GAMES / "lanes.rules"

# The base's variant big_draws gains an example of its own, about goals.
BIG_DRAWS_EXAMPLE = '''  add example goal_with_big_draws "A goal still earns one reward" [LAN-6, LAN-14]:
    given 2 players
    given option layout is marked
    given strip: "red 2"
    given hand of player 1: "blue 2", "red 1"
    given hand of player 2: "red 4"
    when "player 1: play blue 2 on blue 2"
    then goals of player 1 = 1
'''

# A house rule whose reward is two goals: it restates the base's examples about goals, but not the one the
# base's variant big_draws adds, which then fails under big_draws only.
DOUBLE_REWARD = '''extends "lanes.rules"

step reward(player: seat) [LAN-6]:
  add 2 to goals of player

example goal "Filling a goal earns two" [LAN-6]:
  given 2 players
  given option layout is marked
  given strip: "red 2"
  given hand of player 1: "blue 2", "red 1"
  given hand of player 2: "red 4"
  when "player 1: play blue 2 on blue 2"
  then goals of player 1 = 2

example marked_layout "On the marked layout, blue 2 is part of a goal" [LAN-2, LAN-6] with option layout = marked:
  given 2 players
  given strip: "blue 2"
  given hand of player 1: "red 2", "blue 4"
  given hand of player 2: "red 4"
  when "player 1: play red 2 on red 2"
  then goals of player 1 = 2
'''

# A house rule with three examples of its own, about the game without variants.
THREE_OWN = '''extends "lanes.rules"

''' + "\n".join(f'''example own_{n} "A draw is offered at the start" [LAN-7]:
  given 2 players
  given hand of player 1: "red 1"
  given hand of player 2: "red 4"
  then player 1 is offered "draw"
''' for n in (1, 2, 3))


def _files(tmp_path: Path, house: str) -> Path:
    (tmp_path / "lanes.rules").write_text(LANES.read_text(encoding="utf-8") + BIG_DRAWS_EXAMPLE, encoding="utf-8")
    path = tmp_path / "house.rules"
    path.write_text(house, encoding="utf-8")
    return path


def _check(path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rulespec", "check", path.name, *args], cwd=path.parent,
                          capture_output=True, text=True, timeout=600)


def test_a_house_rules_own_examples_under_a_base_variant_are_reported_not_hidden(tmp_path):
    path = _files(tmp_path, THREE_OWN)
    result = _check(path, "--variant", "short")
    assert result.returncode == 0, result.stdout + result.stderr
    ran = re.search(r"examples with variant short \((\d+) of (\d+) pass\):", result.stdout)
    assert ran and ran.group(1) == ran.group(2)
    assert int(ran.group(2)) == len(re.findall(r"^  pass ", result.stdout, re.M))  # the count is the list's
    assert "examples not run (" in result.stdout
    assert "  not run, written for the game without variant short:" in result.stdout
    for n in (1, 2, 3):
        assert re.search(rf"^    own_{n}: A draw is offered at the start \(house.rules:\d+\)$", result.stdout, re.M)
    # Asked for no variant, the same examples run as written, and the base's under each of its variants.
    plain = _check(path)
    assert plain.returncode == 0, plain.stdout + plain.stderr
    for shown in ("as written", "with variant short", "with variant both_layouts", "with variant big_draws"):
        assert f"examples {shown} (" in plain.stdout
    assert "examples not run" not in plain.stdout


def test_a_base_example_broken_by_a_house_rule_fails_at_the_base_files_line(tmp_path):
    path = _files(tmp_path, DOUBLE_REWARD)
    result = _check(path)
    assert result.returncode == 1
    line = (tmp_path / "lanes.rules").read_text(encoding="utf-8").splitlines().index(
        "    then goals of player 1 = 1") + 1
    assert f"in the base game, lanes.rules:{line}: example `goal_with_big_draws`" in result.stdout
    assert "examples as written (" in result.stdout and "FAIL" not in result.stdout.split("examples with variant")[0]
    assert "1 example failed" in result.stderr


def test_a_house_rule_breaking_a_base_variant_fails_check_the_plugin_and_the_site(tmp_path):
    path = _files(tmp_path, DOUBLE_REWARD)
    plan = example_plan(path)
    assert [c.variants for c in plan.configurations] == [(), ("short",), ("both_layouts",), ("big_draws",)]
    assert "goal_with_big_draws" in {e.name for e in plan.configurations[3].examples}
    # the site: no page publishes the failing example
    from rulespec.docs.site import game_pages
    with pytest.raises(RuleError) as refused:
        game_pages(path, "house-rules", page_name="house")
    assert "example `goal_with_big_draws` fails on the page of" in str(refused.value)
    assert "with variant big_draws" in str(refused.value)
    # the plugin: the example's item under big_draws fails
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\nrulespec_files = ["house.rules"]\n',
                                             encoding="utf-8")
    (tmp_path / "properties").mkdir()
    # (one process: -v names each example item run with its result, as --collect-only would list them)
    run = subprocess.run([sys.executable, "-m", "pytest", "properties/", "-p", "no:cacheprovider", "-k", "example",
                          "-n0", "-v"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert run.returncode == 1, run.stdout
    assert "FAILED house.rules::example[goal_with_big_draws, with variant big_draws]" in run.stdout
    assert "1 failed" in run.stdout and "skipped" not in run.stdout  # (every example runs somewhere)
    items = re.findall(r"^house\.rules::example\[.*\] (?:PASSED|FAILED)", run.stdout, re.M)
    assert len(items) == plan.runs  # as many as `rulespec check` runs
