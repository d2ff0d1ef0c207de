"""Run-time bounds found by a red team: triggers that fire one another stop at Engine.MAX_TRIGGER_DEPTH
with a clear error (not Python's RecursionError), and the default step budget of a game is capped
however many turns, players and legs it declares."""

from __future__ import annotations

import sys

import pytest

import rulespec
from rulespec.runtime.engine import (
    DEFAULT_MAX_STEPS, MAX_DEFAULT_STEPS, Engine, RuleRuntimeError, StepBudgetExceeded, default_max_steps,
)

def chain_game(rows: int, columns: int) -> str:
    """A rows x columns board and as many tiles; one action places a tile, and the trigger of each placement
    places the next: rows x columns triggers, each fired from inside the one before."""
    names = ", ".join(f"r{i}" for i in range(1, rows + 1))
    board = "\n".join(f"    r{i}  " + " ".join(["."] * columns) for i in range(1, rows + 1))
    return f'''
game "Chain" [C-1]
  id "chain"
  players 2 to 2 [C-1]
  at most 10 turns [C-1]

component tile: colour ({names}) x number 1..{columns} [C-2]
  shown as "{{colour}} {{number}}"
zone pool: shared, public, holds every component in play [C-2]
counter laid starts at 0 [C-2]

board strip: rows colour, columns number 1..{columns}, adjacency orthogonal [C-3]:
  face plain [C-3]:
{board}

fit tile on strip [C-3]

turns go clockwise from player 1, each turn runs turn [C-4]

choice turn(player: seat) by player [C-4]:
  option start "start" [C-4]:
    only if pool is not empty
    place any(x in pool) on any(s in strip where s is empty) as regular
  option wait "wait" [C-4]:
    nothing

trigger chain [C-5]:
  when placed on strip as regular
  add 1 to laid
  if pool is not empty:
    place any(x in pool) on any(s in strip where s is empty) as regular

end full [C-6]:
  checked after every step
  when pool is empty
'''


CHAIN = chain_game(20, 20)  # 400 tiles: a chain of 400 triggers
SHORT = chain_game(5, 10)  # 50 tiles: within the limit

# The same chain, one step at a time: the trigger `then`s a step that places.
STEPWISE = CHAIN.replace('''  if pool is not empty:
    place any(x in pool) on any(s in strip where s is empty) as regular
''', '''  if pool is not empty:
    then lay()

step lay() [C-5]:
  place any(x in pool) on any(s in strip where s is empty) as regular
''')


def _load(tmp_path, text: str, name: str):
    path = tmp_path / f"{name}.rules"
    path.write_text(text, encoding="utf-8")
    return rulespec.load(path)


# ----------------------------------------------------------------------------- triggers inside triggers


def test_triggers_placing_inside_one_another_stop_at_the_trigger_depth_limit(tmp_path):
    game = _load(tmp_path, CHAIN, "chain")
    state = game.new_game(2)
    before = state.to_json()
    with pytest.raises(RuleRuntimeError) as error:
        state.apply("player 1: start")
    assert str(error.value).startswith(
        "triggers fired inside one another more than 100 deep (`chain` placing on `strip`): ")
    # (and the trigger that fired too deep, at its line: issue #39)
    assert str(error.value).endswith("Engine.MAX_TRIGGER_DEPTH is the limit "
                                     "(at chain.rules:46: When something is placed on strip as regular)")
    assert not isinstance(error.value.__cause__, RecursionError) and "RecursionError" not in str(error.value)
    # The action is undone, as for any RuleRuntimeError; the game goes on.
    assert state.to_json() == before
    assert [a.text for a in state.legal_actions()] == ["start", "wait"]
    state.apply("player 1: wait")
    assert state._turn_seat == 1


def test_the_limit_holds_even_with_a_high_recursion_limit(tmp_path):
    # With Python's limit raised the chain used to go on until the C stack overflowed; now it stops at 100.
    game = _load(tmp_path, CHAIN, "chain")
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(100_000)
    try:
        state = game.new_game(2)
        with pytest.raises(RuleRuntimeError, match="more than 100 deep"):
            state.apply("player 1: start")
    finally:
        sys.setrecursionlimit(old)


def test_the_trigger_depth_limit_is_the_engine_attribute(tmp_path):
    assert Engine.MAX_TRIGGER_DEPTH == 100
    game = _load(tmp_path, SHORT, "short")
    game.MAX_TRIGGER_DEPTH = 5
    state = game.new_game(2)
    with pytest.raises(RuleRuntimeError, match=r"more than 5 deep \(`chain` placing on `strip`\)"):
        state.apply("player 1: start")
    assert state._counters["laid"] == 0 and "trigger chain" not in state.fired


def test_a_chain_within_the_limit_runs_each_trigger_inside_the_one_before(tmp_path):
    game = _load(tmp_path, SHORT, "short")
    state = game.new_game(2)
    state.apply("player 1: start")
    assert state._over is not None and state._over["end"] == "full"
    assert state._counters["laid"] == 50 and state.fired["trigger chain"] == 50


def test_a_chain_of_steps_is_not_limited_by_the_trigger_depth(tmp_path):
    game = _load(tmp_path, STEPWISE, "stepwise")
    state = game.new_game(2)
    state.apply("player 1: start")
    assert state._over is not None and state._over["end"] == "full"
    assert state._counters["laid"] == 400


def test_the_depth_count_is_back_to_zero_after_an_error(tmp_path):
    game = _load(tmp_path, CHAIN, "chain")
    state = game.new_game(2)
    for _ in range(3):
        with pytest.raises(RuleRuntimeError, match="more than 100 deep"):
            state.apply("player 1: start")
    short = _load(tmp_path, SHORT, "short")
    state = short.new_game(2)
    state.apply("player 1: start")  # the failed chains left no depth behind: 50 deep is allowed
    assert state._counters["laid"] == 50


def test_rulespec_play_reports_the_trigger_depth_error(tmp_path):
    from typer.testing import CliRunner

    from rulespec.cli.main import app

    path = tmp_path / "chain.rules"
    path.write_text(CHAIN, encoding="utf-8")
    result = CliRunner().invoke(app, ["play", str(path), "--players", "2", "--seed", "0", "--watch"])
    assert result.exit_code == 1, result.output
    assert "triggers fired inside one another more than 100 deep" in result.output
    assert "Traceback" not in result.output and "RecursionError" not in result.output


# ----------------------------------------------------------------------------- the step budget of a game


LONG = '''
game "Waiting" [W-1]
  id "waiting"
  players 2 to 100 [W-1]
  at most 100000 turns [W-1]

component chip: colour (red) x 1 [W-2]
zone heap: shared, public, holds every component in play [W-2]

turns go clockwise from player 1, each turn runs turn [W-3]

choice turn(player: seat) by player [W-3]:
  option wait "wait" [W-3]:
    then turn(player)

end never [W-4]:
  checked after every step
  when heap is empty
'''


def test_the_default_step_budget_is_capped(tmp_path):
    game = _load(tmp_path, LONG, "waiting")
    assert MAX_DEFAULT_STEPS == 2_000_000 >= DEFAULT_MAX_STEPS
    # 100 x (100000 + 1) x 100 players would be 1,000,010,000 steps.
    assert default_max_steps(game, 100) == MAX_DEFAULT_STEPS
    assert default_max_steps(game, 2) == MAX_DEFAULT_STEPS
    # The bundled games keep their budgets: all are under the cap.
    for name, variants, players in (("shell-we", ["two_legged"], 4), ("shell-we", [], 4), ("shrimp", [], 6),
                                    ("let-them-eat-shrimp", [], 5)):
        bundled = rulespec.load(name, variants=variants)
        legs = len(bundled.MATCH[0]) if bundled.MATCH is not None else 1
        assert default_max_steps(bundled, players) == 100 * (bundled.MAX_TURNS + 1) * players * legs \
            < MAX_DEFAULT_STEPS, name


def test_a_game_that_never_ends_stops_at_the_capped_budget(tmp_path):
    game = _load(tmp_path, LONG, "waiting")
    with pytest.raises(StepBudgetExceeded, match=r"^no end after 2000000 steps \(the budget for a game of at most "
                                                 r"100000 turns\)"):
        rulespec.random_game(game, players=2, seed=0)


def test_max_steps_still_raises_the_budget_past_the_cap(tmp_path, monkeypatch):
    from rulespec.runtime import policies

    game = _load(tmp_path, LONG, "waiting")
    monkeypatch.setattr(policies, "MAX_DEFAULT_STEPS", 1000)  # a small cap, to play past it quickly
    assert default_max_steps(game, 2) == 1000
    with pytest.raises(StepBudgetExceeded, match="no end after 1000 steps"):
        rulespec.random_game(game, players=2, seed=0)
    with pytest.raises(StepBudgetExceeded, match="no end after 1500 steps"):
        rulespec.random_game(game, players=2, seed=0, max_steps=1500)


# ----------------------------------------------------------------------------- examples that give too much

from pathlib import Path  # noqa: E402

from rulespec.pipeline.examples import ExampleRun, run_examples  # noqa: E402

LANES = (Path(rulespec.__file__).parent / "docs" / "ref_games" / "lanes.rules").read_text(encoding="utf-8")
LANES_GAME = LANES[:LANES.index("example goal")]  # the game without its examples (and variants)


def _example_results(tmp_path, lines: list[str], game: str = LANES_GAME, players: int = 2, model: bool = True):
    """The results of one example (`given N players`, then ``lines``) appended to ``game``, and the line
    number of its last line."""
    text = game + f'example bad "A bad example" [LAN-6]:\n  given {players} players\n' + \
        "".join(f"  {line}\n" for line in lines)
    path = tmp_path / "bad.rules"
    path.write_text(text, encoding="utf-8")
    engine = rulespec.load(path)
    if not model:  # an engine without its checked rule file: the runner's own checks
        engine.model = None
    return run_examples(engine), text.count("\n")


def _failed_at(results, line: int, message: str) -> None:
    (result,) = results
    assert not result.passed, "the example passed"
    assert result.message.startswith(f"bad.rules:{line}: example `bad`: "), result.message
    assert message in result.message, result.message
    assert "internal error" not in result.message


BAD_GIVENS = {
    # a seat beyond the example's player count
    "counter of a seat": (['given counter goals of player 3 is 1'], "there is no player 3: the example has 2 "
                                                                    "players (player 1 to player 2)"),
    "zone of a seat": (['given hand of player 3: "red 1"'], "`hand of player 3` names player 3, but the example "
                                                           "has 2 players"),
    "step for a seat": (['given step reward(player 3)'], "there is no player 3"),
    "fact about a seat": (['then size of hand of player 3 = 0'], "`size of hand of player 3 = 0` names player 3"),
    # a counter given the wrong way
    "shared counter with a seat": (['given counter passes of player 1 is 1'],
                                   "counter `passes` is shared, not one per player"),
    "counter per player without a seat": (['given counter goals is 3'], "counter `goals` is one per player: say whose"),
    # a board space not in use, or taken
    "space not in use": (['given strip: "red 1" at "green 1"'], "green 1 is not in use in a game of 2 players"),
    "space taken": (['given strip: "red 1" at "red 1", "joker" at "red 1"'], "red 1 already holds 'red 1'"),
    "space taken twice": (['given strip: "red 1" at "red 1"', 'given strip: "joker" at "red 1"'],
                          "red 1 already holds 'red 1'"),
}


@pytest.mark.parametrize("case", sorted(BAD_GIVENS))
def test_an_example_that_gives_what_the_game_does_not_have_fails_at_its_line(tmp_path, case):
    lines, message = BAD_GIVENS[case]
    results, line = _example_results(tmp_path, lines + ["then size of pool >= 0"])
    _failed_at(results, line - 1, message)


SEAT_CHECKED_AT_RUN_TIME = {
    "counter of a seat": (['given counter goals of player 3 is 1'], "counter `goals` names player 3, but the "
                                                                    "example has 2 players"),
    "step for a seat": (['given step reward(player 3)'], "the step's `player` names player 3, but the example "
                                                         "has 2 players"),
}


@pytest.mark.parametrize("case", sorted(SEAT_CHECKED_AT_RUN_TIME))
def test_the_runner_checks_seats_itself_for_an_engine_without_its_rule_file(tmp_path, case):
    lines, message = SEAT_CHECKED_AT_RUN_TIME[case]
    results, line = _example_results(tmp_path, lines + ["then size of pool >= 0"], model=False)
    _failed_at(results, line - 1, message)


def test_a_zone_past_the_last_fails_at_its_line(tmp_path):
    # With the per-player zone declared last, `hand of player 3` of 2 players is past the last zone.
    zones = "zone hand: one per player, seen by owner [LAN-4]\n"
    game = LANES_GAME.replace(zones, "").replace("zone box: shared, public, holds every component left out [LAN-4]\n",
                                                 "zone box: shared, public, holds every component left out [LAN-4]\n"
                                                 + zones)
    assert game != LANES_GAME
    results, line = _example_results(tmp_path, ['given hand of player 3: "red 1"', "then size of pool >= 0"],
                                     game=game, model=False)
    _failed_at(results, line - 1, "there is no such zone (hand of player 3?) in a game of 2 players")


def test_rulespec_check_reports_a_bad_example_as_a_failed_example(tmp_path):
    from typer.testing import CliRunner

    from rulespec.cli.main import app

    text = LANES_GAME + 'example bad "A bad example" [LAN-6]:\n  given 2 players\n  given counter goals of player 3 ' \
                        'is 1\n  then goals of player 1 = 0\n'
    path = tmp_path / "bad.rules"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1, result.output
    assert "FAIL bad: A bad example" in result.output
    assert "there is no player 3" in result.output
    assert "internal error" not in result.output and "IndexError" not in result.output


def test_whatever_an_example_function_raises_is_a_failed_example_at_the_line_it_reached(tmp_path):
    path = tmp_path / "lanes.rules"
    path.write_text(LANES, encoding="utf-8")
    engine = rulespec.load(path)

    def boom(run):
        st = run.start(players=2, options={})
        run.put(st, 0, [], line=7)
        raise IndexError("list index out of range")

    def too_many(run):
        run.start(players=9, options={})

    def odd_option(run):
        run.start(players=2, options={"layout": "round"})

    engine.EXAMPLES = (("boom", "Boom", (), boom), ("too_many", "Too many", (), too_many),
                       ("odd_option", "Odd", (), odd_option))
    boom_result, many_result, option_result = run_examples(engine)
    assert not boom_result.passed and boom_result.message == (
        "lanes.rules:7: example `boom`: the example could not run: IndexError: list index out of range")
    assert not many_result.passed and "the game cannot be set up for 9 players" in many_result.message
    assert not option_result.passed and "the game cannot be set up with options" in option_result.message


def test_the_bundled_games_examples_still_pass():
    for name in ("shell-we", "shrimp", "let-them-eat-shrimp"):
        results = run_examples(rulespec.load(name))
        assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]


def test_the_example_runner_is_still_the_docs_runner():
    from rulespec.docs.examples import _Recording

    assert issubclass(_Recording, ExampleRun)
