"""The rulespec pytest plugin (rulespec/check/pytest_plugin.py), run by pytest's own pytester in temporary
projects: what it collects and when, its ids, its settings, and what a failure shows.

Every test sets CI and HYPOTHESIS_PROFILE itself, so the suite passes the same with and without CI=true.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

GAME = textwrap.dedent('''\
    game "Tide Pool" [TIDE-1]
      id "tide-pool"
      players 2 to 4 [TIDE-1]
      at most 60 turns [TIDE-1]

    component shell: colour (blue, red, gold) x 4 [TIDE-2]
      shown as "{colour} shell"
    zone pool: shared, hidden, holds every component in play [TIDE-3]
    zone hand: one per player, public [TIDE-3]
    zone beach: shared, public [TIDE-3]

    turns go clockwise from player 1, each turn runs turn [TIDE-4]

    choice turn(player: seat) by player [TIDE-4]:
      option fish "fish a shell" [TIDE-5]:
        only if pool is not empty
        then fish(player)
      option throw "throw back {s}" [TIDE-6]:
        for s in hand of player
        move s to beach

    chance fish(player: seat) [TIDE-5]:
      outcome "{s}" for s drawn from pool
      move s to hand of player

    option tide "How far the tide goes out": low, high default low [TIDE-9]

    end pool_empty [TIDE-7]:
      checked after every step
      when pool is empty or (tide = high and size of beach >= 3)

    score haul of p [TIDE-8]:
      count(s in hand of p) + 2 * count(s in hand of p where colour of s = gold)

    ranking [TIDE-8]:
      highest haul
      ties share

    invariant every_shell "all twelve shells are somewhere" [TIDE-2, TIDE-3]:
      always count(s in pool) + sum(count(s in hand of p) for p in players) + count(s in beach) = 12

    example gold_counts_three "A gold shell scores 3, any other 1" [TIDE-8]:
      given 2 players
      given hand of player 1: "gold shell", "blue shell"
      then haul of player 1 = 4

    example thrown_back_stays "A shell thrown back lies on the beach" [TIDE-6]:
      given 2 players
      given hand of player 1: "red shell"
      when "player 1: throw back red shell"
      then size of beach = 1

    variant quick "Three shells on the beach end the game" [TIDE-10]:
      replace end pool_empty [TIDE-10]:
        checked after every step
        when pool is empty or size of beach >= 3
    ''')

# The beach may hold one shell: false as soon as two players have thrown one back.
BROKEN = GAME + textwrap.dedent('''
    invariant small_beach "the beach holds at most one shell" [TIDE-6]:
      always count(s in beach) <= 1
    ''')

PYPROJECT = textwrap.dedent('''\
    [tool.pytest.ini_options]
    rulespec_files = [{files}]
    {extra}
    ''')


@pytest.fixture(autouse=True)
def _dev_profile(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)


def _project(pytester, files: str = '"*.rules"', extra: str = "", games: dict | None = None) -> None:
    pytester.makefile(".toml", pyproject=PYPROJECT.format(files=files, extra=extra))
    pytester.mkdir("properties")
    for name, text in (games if games is not None else {"tide-pool": GAME}).items():
        pytester.makefile(".rules", **{name: text})


def _ids(result) -> list[str]:
    return sorted(line.split(" ")[0] for line in result.outlines if "::" in line and line.split(" ")[0].count("::"))


def test_a_valid_rule_file_is_checked_its_examples_run_and_every_player_count_verified(pytester):
    _project(pytester, extra='rulespec_examples = "2"')
    result = pytester.runpytest("properties/", "-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=8)
    result.stdout.fnmatch_lines([
        "rulespec: 1 rule file from rulespec_files, collected with properties/ *",
        "tide-pool.rules::check PASSED*",
        "tide-pool.rules::example[[]gold_counts_three] PASSED*",
        "tide-pool.rules::example[[]thrown_back_stays] PASSED*",
        "tide-pool.rules::example[[]gold_counts_three, with variant quick] PASSED*",  # as `rulespec check` runs them
        "tide-pool.rules::example[[]thrown_back_stays, with variant quick] PASSED*",
        "tide-pool.rules::properties[[]2 players] PASSED*",
        "tide-pool.rules::properties[[]3 players] PASSED*",
        "tide-pool.rules::properties[[]4 players] PASSED*",
    ])


def test_a_broken_invariant_fails_with_the_trace_and_a_replay_command_that_reproduces_it(pytester):
    _project(pytester, extra='rulespec_players = "2"', games={"tide-pool": BROKEN})
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=5, failed=1)
    output = result.stdout.str()
    assert "Traceback" not in output and "pytest_plugin.py" not in output  # no pytest traceback noise
    result.stdout.fnmatch_lines([
        "*_ properties[[]2 players] _*",
        "property fails: invariant:small_beach",
        "FAILED invariant:small_beach with 2 players, options tide=low",
        "  property: the rule file's invariant small_beach holds",
        "  counterexample (* actions from a new 2-player game):",
        "* 1. player 1: *",  # numbers are right-aligned: a trace of 10 or more steps indents 1 further
        "play a counterexample back step by step, checks re-run at the end:",
        "  rulespec replay .hypothesis/counterexamples/tide-pool-2p-*small-beach-1.txt",
        "FAILED tide-pool.rules::properties[[]2 players] - property fails: *",
    ])
    trace = output.split("counterexample (", 1)[1].split("\n  replay:", 1)[0]
    actions = [line.split(". ", 1)[1] for line in trace.splitlines()[1:]]
    assert actions and all(a.startswith(("player ", "chance: ")) for a in actions)
    assert sum("throw back" in a for a in actions) >= 2 and "throw back" in actions[-1]  # two on the beach

    command = next(line.strip() for line in result.outlines if line.strip().startswith("rulespec replay "))
    argv = shlex.split(command)
    if shutil.which("rulespec") is None:  # the scripts folder is not on PATH: the same command, as a module
        argv = [sys.executable, "-m", "rulespec"] + argv[1:]
    done = subprocess.run(argv, cwd=pytester.path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "fails: invariant:small_beach" in done.stdout
    for number, action in enumerate(actions, 1):
        assert f"{number:>4}. {action}" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_a_syntax_error_is_one_failing_item_at_its_line_and_column(pytester):
    broken = GAME.replace("zone beach: shared, public", "zone beach shared, public")
    _project(pytester, games={"tide-pool": GAME, "broken": broken})
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider", "--co", "-q")
    assert "broken.rules::check" in result.outlines
    assert not [line for line in result.outlines if line.startswith("broken.rules::") and "::check" not in line]
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider", "-k", "broken")
    result.assert_outcomes(failed=1, deselected=8)
    result.stdout.fnmatch_lines([
        "*_ check _*",
        "broken.rules:10:12: error: unexpected `shared`",
        "   10 | zone beach shared, public [[]TIDE-3]",
        "*^^^^^^",
        "FAILED broken.rules::check - broken.rules:10:12: error: unexpected `shared`",
    ])
    assert "Traceback" not in result.stdout.str()


def test_a_candidate_the_adapters_number_out_of_range_fails_the_check_item_at_its_numbered_line(pytester):
    piles = (Path(__file__).resolve().parents[1] / "errors" / "broken_numbering" /
             "action_candidate_never_legal.rules").read_text(encoding="utf-8")
    _project(pytester, games={"piles": piles}, extra='rulespec_players = "2"')
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider", "-k", "check")
    result.assert_outcomes(failed=1, deselected=1)
    result.stdout.fnmatch_lines([
        "piles.rules:19:14: error: option `turn.take` numbers 2 candidates outside 0 to 2 (`actions numbered`): "
        "`take 1 4` (player 1) is 3, `take 1 4` (player 2) is 3",
        "   19 |     numbered c of s - 1",
        "*hint: *add an `only if` that rules it out*",
        "FAILED piles.rules::check - piles.rules:19:14: error: option `turn.take`*",
    ])


def test_nothing_is_collected_unless_rule_files_are_named(pytester):
    pytester.makefile(".toml", pyproject="[tool.pytest.ini_options]\n")
    pytester.mkdir("properties")
    pytester.makefile(".rules", **{"properties/tide-pool": GAME, "properties/broken": "not a rule file"})
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    assert "rulespec:" not in result.stdout.str()


def test_the_rule_files_come_with_the_test_folder_only(pytester):
    _project(pytester, files='"*.rules"', extra='rulespec_players = "2"')
    pytester.mkdir("tests")
    pytester.makepyfile(**{"tests/test_other": "def test_other():\n    pass\n"})
    result = pytester.runpytest("tests/", "-p", "no:cacheprovider", "--co", "-q")
    assert [line for line in result.outlines if "::" in line] == ["tests/test_other.py::test_other"]
    result = pytester.runpytest("-p", "no:cacheprovider", "--co", "-q")  # the whole project: both
    assert "tests/test_other.py::test_other" in result.outlines
    assert "tide-pool.rules::properties[2 players]" in result.outlines
    # a rule file named on the command line is collected wherever it is
    result = pytester.runpytest("tide-pool.rules", "-p", "no:cacheprovider", "--co", "-q")
    assert "tide-pool.rules::properties[2 players]" in result.outlines


def test_players_variants_and_options_from_the_configuration_make_the_items(pytester):
    extra = textwrap.dedent('''\
        rulespec_players = "2 4"
        rulespec_variants = ["none", "quick"]
        rulespec_options = ["tide=low", "tide=high"]
        ''')
    _project(pytester, extra=extra)
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider", "--co", "-q")
    properties = sorted(line for line in result.outlines if "::properties[" in line)
    assert properties == sorted(
        f"tide-pool.rules::properties[{n} players, tide={tide}{', variants quick' if quick else ''}]"
        for n in (2, 4) for tide in ("low", "high") for quick in (False, True))


def test_a_line_of_rulespec_files_sets_its_own_files_settings(pytester):
    files = '"tide-pool.rules players=3 variants=quick", "other.rules"'
    _project(pytester, files=files, extra='rulespec_players = "2"', games={"tide-pool": GAME, "other": GAME})
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider", "--co", "-q")
    properties = sorted(line for line in result.outlines if "::properties[" in line)
    assert properties == ["other.rules::properties[2 players]", "tide-pool.rules::properties[3 players, variants quick]"]


def test_examples_from_the_configuration_and_from_a_marker_are_honoured(pytester):
    _project(pytester, extra='rulespec_players = "2-3"\nrulespec_examples = "4"')
    pytester.makeconftest(textwrap.dedent('''\
        import pytest

        def pytest_collection_modifyitems(items):
            for item in items:
                if item.nodeid.endswith("[3 players]"):
                    item.add_marker(pytest.mark.rulespec(examples=1))
        '''))
    reports = pytester.inline_run("properties/", "-p", "no:cacheprovider", "-k", "players")
    calls = {r.nodeid: dict(r.user_properties) for r in reports.getreports("pytest_runtest_logreport")
             if r.when == "call"}
    assert all(r.passed for r in reports.getreports("pytest_runtest_logreport"))
    two, three = calls["tide-pool.rules::properties[2 players]"], calls["tide-pool.rules::properties[3 players]"]
    assert (two["rulespec_examples"], three["rulespec_examples"]) == (4, 1)
    assert three["rulespec_whole_games"] == 1  # every Hypothesis example plays one whole game
    assert two["rulespec_whole_games"] > 1


def test_a_marker_with_a_tiny_step_budget_makes_termination_fail(pytester):
    _project(pytester, extra='rulespec_players = "2"')
    pytester.makeconftest(textwrap.dedent('''\
        import pytest

        def pytest_collection_modifyitems(items):
            for item in items:
                item.add_marker(pytest.mark.rulespec(max_steps=3, examples=1))
        '''))
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider", "-k", "players")
    result.assert_outcomes(failed=1, deselected=5)
    result.stdout.fnmatch_lines(["property fails: termination", "FAILED termination with 2 players*"])


def test_a_setting_that_cannot_be_read_is_one_failing_item(pytester):
    _project(pytester, extra='rulespec_players = "two"')
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider", "-k", "settings")
    result.assert_outcomes(failed=1, deselected=8)
    result.stdout.fnmatch_lines(["rulespec settings: players is a whole number, not 'two'"])


@pytest.mark.parametrize("environment, expected", [
    ({}, "dev"), ({"CI": "true"}, "ci"), ({"CI": "true", "HYPOTHESIS_PROFILE": "thorough"}, "thorough"),
])
def test_the_profile_follows_ci_and_hypothesis_profile(pytester, monkeypatch, environment, expected):
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    _project(pytester, extra='rulespec_players = "2"\nrulespec_examples = "1"')
    reports = pytester.inline_run("properties/", "-p", "no:cacheprovider", "-k", "players")
    calls = [r for r in reports.getreports("pytest_runtest_logreport") if r.when == "call"]
    assert len(calls) == 1 and calls[0].passed
    assert dict(calls[0].user_properties)["rulespec_profile"] == expected


def test_a_failing_example_is_its_own_failing_item_at_its_line(pytester):
    wrong = GAME.replace("then haul of player 1 = 4", "then haul of player 1 = 5")
    _project(pytester, extra='rulespec_players = "2"', games={"tide-pool": wrong})
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider", "-k", "example")
    result.assert_outcomes(passed=2, failed=2, deselected=2)
    line = wrong.splitlines().index("  then haul of player 1 = 5") + 1
    result.stdout.fnmatch_lines([
        "*_ example[[]gold_counts_three] _*",
        "example `gold_counts_three` (A gold shell scores 3, any other 1) fails:",
        f"tide-pool.rules:{line}: example `gold_counts_three`: *",
        "FAILED tide-pool.rules::example[[]gold_counts_three] - *",
    ])
    assert "Traceback" not in result.stdout.str()


def test_a_glob_that_matches_nothing_is_a_failing_item_not_silence(pytester):
    _project(pytester, files='"*.rules", "rules/*.rules"')
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider", "-k", "settings")
    result.assert_outcomes(failed=1, deselected=8)
    result.stdout.fnmatch_lines(["rulespec_files: 'rules/*.rules' matches no file under *"])


@pytest.mark.parametrize("pattern, why", [
    ("/proc/self/environ", "which is neither a bundled game nor a `.rules` file"),
    ("../outside/*.rules", "which is outside the folders rule files are read from"),
    ("link.rules", "which is outside the folders rule files are read from"),
    ("notes.txt", "which is neither a bundled game nor a `.rules` file"),
])
def test_rulespec_files_name_only_rule_files_below_the_configuration(pytester, pattern, why):
    """A cloned repository's configuration is its text: a file outside its folder, a link out of it or a
    file that is no `.rules` file is refused by name, and none of its text is shown (issue #37)."""
    secret = "s3cretTOKEN4711"
    outside = pytester.path.parent / f"{pytester.path.name}-outside"
    outside.mkdir()
    (outside / "secret.rules").write_text(f"{secret} is my password\n", encoding="utf-8")
    (pytester.path / "link.rules").symlink_to(outside / "secret.rules")
    (pytester.path / "notes.txt").write_text(f"{secret} = 1\n", encoding="utf-8")
    pattern = pattern.replace("../outside", f"../{outside.name}")
    _project(pytester, files=f'"tide-pool.rules", "{pattern}"')
    result = pytester.runpytest("properties/", "-p", "no:cacheprovider", "-k", "settings")
    result.assert_outcomes(failed=1, deselected=8)
    result.stdout.fnmatch_lines([f"*rulespec_files: {pattern!r} matches *, {why}*"])
    assert secret not in result.stdout.str() and "password" not in result.stdout.str()


def test_a_repository_without_the_test_folder_verifies_its_rule_files_with_a_plain_pytest(pytester):
    """The tutorial's "a repository you already have": only rulespec_files added, no properties/. A plain
    `pytest` collected the project's own tests and none of the rule files, and said nothing."""
    pytester.makefile(".toml", pyproject=PYPROJECT.format(files='"*.rules"', extra='rulespec_players = "2"'))
    pytester.makefile(".rules", **{"tide-pool": GAME})
    pytester.mkdir("tests")
    pytester.makepyfile(**{"tests/test_other": "def test_other():\n    pass\n"})
    result = pytester.runpytest("-p", "no:cacheprovider", "--co", "-q")
    assert "tests/test_other.py::test_other" in result.outlines
    assert "tide-pool.rules::properties[2 players]" in result.outlines
    assert "not verified" not in result.stdout.str()
    result = pytester.runpytest("tests/", "-p", "no:cacheprovider", "--co")
    assert not [line for line in result.outlines if line.strip().startswith("<") and ".rules" in line]  # the tree
    shown = " ".join(result.outlines)
    assert "rulespec: 1 rule file of rulespec_files not verified: there is no properties/ folder" in shown, shown
    assert "collected with ./, there being no properties/" in shown, shown
