"""Run-time budgets (issue #10): a game that never ends, or an automatic step that never reaches a
decision, stops with a RuleRuntimeError that says which budget ran out, instead of hanging.

* the step budget of a whole game: random_game, `rulespec play`, `rulespec verify` (termination) and
  `rulespec simulate`; by default STEPS_PER_TURN_PER_PLAYER x (MAX_TURNS + 1) x players (x legs);
* the automatic-step budget of one apply() or new_game(): Engine.MAX_AUTO_STEPS, the state left as it was.
"""

from __future__ import annotations

import time

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.cli.main import app
from rulespec.runtime.engine import (
    DEFAULT_MAX_STEPS, STEPS_PER_TURN_PER_PLAYER, Engine, StepBudgetExceeded, default_max_steps,
)

runner = CliRunner()

# A turn that loops back to itself: `at most 5 turns` never ends it, since the turn never changes.
WAITING = '''
game "Waiting" [W-1]
  id "waiting"
  players 2 to 3 [W-1]
  at most 5 turns [W-1]

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

# Players who pass forever, in a game that declares no turn limit: each pass is a new turn.
PASSING = WAITING.replace("  at most 5 turns [W-1]\n", "").replace("then turn(player)", "nothing")

# Automatic steps that never get back to a decision, or take very many steps to. (The checker allows
# `repeat` at most 1,000 times, and one action at most Engine.MAX_LOOP_TURNS turns of loops; two of
# them queue 120,000 automatic steps, in 120,300 turns of loops.)
SPINNING = '''
game "Spinning" [S-1]
  id "spinning"
  players 2 to 3 [S-1]
  at most 5 turns [S-1]

component chip: colour (red) x 1 [S-2]
zone heap: shared, public, holds every component in play [S-2]
counter ticks starts at 0 [S-3]

turns go clockwise from player 1, each turn runs turn [S-3]

choice turn(player: seat) by player [S-3]:
  option spin "spin" [S-4]:
    then spin()
  option burst "burst" [S-4]:
    then burst()
  option forever "forever" [S-4]:
    then forever()
  option wait "wait" [S-4]:
    then turn(player)

step tick() [S-4]:
  add 1 to ticks

step spin() [S-4]:
  repeat 300 times:
    repeat 400 times:
      then tick()

step burst() [S-4]:
  repeat 600 times:
    then tick()

step forever() [S-4]:
  add 1 to ticks
  then forever()

end never [S-5]:
  checked after every step
  when heap is empty
'''

# A set-up that never ends.
ENDLESS_SETUP = SPINNING.replace("turns go", "setup [W-6]:\n  then forever()\n\nturns go")


def _load(tmp_path, text: str, name: str):
    path = tmp_path / f"{name}.rules"
    path.write_text(text, encoding="utf-8")
    return path, rulespec.load(path)


# ----------------------------------------------------------------------------- the step budget of a game


def test_the_default_budget_comes_from_the_declared_turn_limit(tmp_path):
    _, waiting = _load(tmp_path, WAITING, "waiting")
    _, passing = _load(tmp_path, PASSING, "passing")
    assert waiting.MAX_TURNS == 5 and passing.MAX_TURNS is None
    assert default_max_steps(waiting, 2) == STEPS_PER_TURN_PER_PLAYER * 6 * 2 == 1200
    assert default_max_steps(waiting, 3) == 1800
    assert default_max_steps(passing, 2) == DEFAULT_MAX_STEPS
    shell_we = rulespec.load("shell-we")
    match = rulespec.load("shell-we", variants=["two_legged"])
    assert default_max_steps(match, 3) == 2 * default_max_steps(shell_we, 3)  # each leg has the turn limit


def test_random_game_of_a_game_that_never_ends_raises_the_budget_error_quickly(tmp_path):
    _, game = _load(tmp_path, WAITING, "waiting")
    started = time.perf_counter()
    with pytest.raises(StepBudgetExceeded) as error:
        rulespec.random_game(game, players=2, seed=1)
    assert time.perf_counter() - started < 5
    assert str(error.value) == ("no end after 1200 steps (the budget for a game of at most 5 turns); "
                                "raise it with --max-steps")
    assert isinstance(error.value, rulespec.RuleRuntimeError)


def test_random_game_takes_another_budget(tmp_path):
    _, game = _load(tmp_path, PASSING, "passing")
    with pytest.raises(StepBudgetExceeded, match=r"^no end after 300 steps \(the budget for a game that declares "
                                                 r"no turn limit\); raise it with --max-steps$"):
        rulespec.random_game(game, players=3, seed=0, max_steps=300)


def test_a_game_that_ends_on_its_last_allowed_step_is_not_an_error():
    game = rulespec.load("shell-we")
    steps = len(rulespec.random_game(game, players=2, seed=4).history)
    assert rulespec.random_game(game, players=2, seed=4, max_steps=steps).is_terminal()
    with pytest.raises(StepBudgetExceeded, match=f"no end after {steps - 1} steps"):
        rulespec.random_game(game, players=2, seed=4, max_steps=steps - 1)


def test_the_bundled_games_end_well_within_their_default_budget():
    for name in ("shell-we", "shrimp", "let-them-eat-shrimp"):
        game = rulespec.load(name)
        players = game.MAX_PLAYERS
        state = rulespec.random_game(game, players=players, seed=0)
        assert state.is_terminal() and len(state.history) * 10 < default_max_steps(game, players), name


# ----------------------------------------------------------------------------- the commands


def _run(*args: str, input: str | None = None):
    started = time.perf_counter()
    result = runner.invoke(app, list(args), input=input)
    return result, time.perf_counter() - started


def test_play_stops_a_game_that_never_ends_with_exit_code_1(tmp_path):
    path, _ = _load(tmp_path, WAITING, "waiting")
    result, seconds = _run("play", str(path), "--seed", "1", "--watch")
    assert result.exit_code == 1, result.output
    assert "error: no end after 1200 steps (the budget for a game of at most 5 turns); raise it with --max-steps" \
        in result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)  # an exit, not a crash
    assert seconds < 10


def test_play_takes_max_steps_and_bounds_a_human_seat_too(tmp_path):
    path, _ = _load(tmp_path, WAITING, "waiting")
    result, _ = _run("play", str(path), "--seed", "1", "--max-steps", "3", input="1\n" * 10)
    assert result.exit_code == 1, result.output
    assert "no end after 3 steps" in result.output and "Traceback" not in result.output
    assert result.output.count("your choices") == 3  # three decisions were taken, the fourth refused
    result, _ = _run("play", str(path), "--max-steps", "0")
    assert result.exit_code == 2 and "--max-steps must be at least 1" in result.output


def test_play_reports_an_automatic_step_that_never_stops_without_a_traceback(tmp_path):
    path, _ = _load(tmp_path, ENDLESS_SETUP, "endless-setup")
    result, seconds = _run("play", str(path), "--seed", "1", "--watch")
    assert result.exit_code == 1, result.output
    assert "100000 automatic steps ran without reaching a decision" in result.output
    assert "Traceback" not in result.output and seconds < 10


def test_verify_reports_termination_with_the_budget(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # verify writes its counterexamples under .hypothesis/
    path, _ = _load(tmp_path, WAITING, "waiting")
    result, seconds = _run("verify", str(path), "--players", "2", "--examples", "2", "--seed", "3")
    assert result.exit_code == 1, result.output
    assert "FAILED termination with 2 players" in result.output
    assert "no end after 1200 steps (the budget for a game of at most 5 turns); raise it with --max-steps" \
        in result.output
    assert "Traceback" not in result.output and seconds < 20
    result, _ = _run("verify", str(path), "--players", "2", "--examples", "1", "--max-steps", "40")
    assert result.exit_code == 1 and "no end after 40 steps" in result.output, result.output


def test_verify_passes_a_game_that_ends_and_the_budget_is_the_one_asked_for(tmp_path):
    from rulespec.check.verify import state_machine
    machine = state_machine("shell-we", 2)
    assert machine.checks.max_game_steps == default_max_steps(machine.game, 2)
    assert state_machine("shell-we", 2, max_game_steps=77).checks.max_game_steps == 77


def test_simulate_reports_the_games_that_ran_out_of_steps(tmp_path):
    path, _ = _load(tmp_path, WAITING, "waiting")
    out = tmp_path / "sim"
    result, seconds = _run("simulate", str(path), "--games", "3", "--out", str(out))
    assert result.exit_code == 1, result.output
    assert "3 game(s) stopped with an error" in result.output
    assert "no end after 1200 steps (the budget for a game of at most 5 turns); raise it with --max-steps" \
        in result.output
    assert "Traceback" not in result.output and seconds < 20
    result, _ = _run("simulate", str(path), "--games", "1", "--out", str(out), "--max-steps", "25")
    assert result.exit_code == 1 and "no end after 25 steps" in result.output, result.output


def test_simulate_play_one_records_the_budget_error():
    from rulespec.play.simulate import play_one
    game = rulespec.load("shell-we")
    record = play_one(game, 2, seed=0, max_steps=5)
    assert record.error.startswith("no end after 5 steps") and record.actions + record.chance == 5
    assert play_one(game, 2, seed=0).error == ""


# ----------------------------------------------------------------------------- one apply's automatic steps


def test_a_repeat_of_very_many_automatic_steps_trips_the_budget_and_changes_nothing(tmp_path):
    _, game = _load(tmp_path, SPINNING, "spinning")
    state = game.new_game(2)
    state.apply("player 1: wait")
    before, legal, history = state.to_json(), state.legal_actions(), list(state.history)
    started = time.perf_counter()
    with pytest.raises(rulespec.RuleRuntimeError) as error:
        state.apply("player 1: spin")
    assert time.perf_counter() - started < 10
    assert str(error.value).startswith(f"{Engine.MAX_AUTO_STEPS} automatic steps ran without reaching a decision "
                                       f"(the next: `tick`)")
    tick = next(n for n, line in enumerate(SPINNING.splitlines(), 1) if line.startswith("step tick("))
    assert error.value.where.startswith(f"spinning.rules:{tick}: ")  # (the step named: hostile campaign, round 11)
    assert Engine.MAX_AUTO_STEPS == 100_000 < 300 * 400 < Engine.MAX_LOOP_TURNS  # this budget, not the loops
    assert state.to_json() == before and state.legal_actions() == legal and state.history == history
    assert state._counters["ticks"] == 0 and state == game.from_json(before)
    state.apply("player 1: burst")  # and it plays on
    assert state._counters["ticks"] == 600


def test_a_then_chain_that_never_reaches_a_decision_trips_the_budget(tmp_path):
    _, game = _load(tmp_path, SPINNING, "spinning")
    state = game.new_game(2)
    before = state.to_json()
    with pytest.raises(rulespec.RuleRuntimeError, match=r"automatic steps ran without reaching a decision "
                                                        r"\(the next: `forever`\)"):
        state.apply("player 1: forever")
    assert state.to_json() == before


def test_the_budget_is_per_apply_and_can_be_changed(tmp_path):
    _, game = _load(tmp_path, SPINNING, "spinning")
    game.MAX_AUTO_STEPS = 1000
    state = game.new_game(2)
    for turn in range(4):  # 600 automatic steps each: 2400 in all, never more than 1000 in one apply
        state.apply(f"player {turn % 2 + 1}: burst")
    assert state._counters["ticks"] == 2400
    game.MAX_AUTO_STEPS = 500
    with pytest.raises(rulespec.RuleRuntimeError, match="^500 automatic steps"):
        state.apply("player 1: burst")
    assert state._counters["ticks"] == 2400 and not state.is_terminal()


def test_a_set_up_that_never_ends_trips_the_budget(tmp_path):
    _, game = _load(tmp_path, ENDLESS_SETUP, "endless-setup")
    with pytest.raises(rulespec.RuleRuntimeError, match=r"automatic steps ran without reaching a decision "
                                                        r"\(the next: `forever`\)"):
        game.new_game(2)
