"""rulespec verify --exhaustive (issue #14, item 6): every reachable state of a small configuration, checked.

The gallery's tic-tac-toe and Kuhn poker are walked whole and their counts compared with OpenSpiel's own
enumeration of the same games; a house rule (Kuhn poker, ante two) and a shortened Connect Four
(small-connect-four.rules: 3 rows, 4 columns) are walked whole too, the latter's count compared with an
independent enumeration written here. A deliberately broken fixture (nought-in-the-centre.rules) must
come back with the shortest counterexample, which `rulespec replay` plays back; a walk cut short by
--max-states must say so and exit 3.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.check.exhaustive import EXIT_INCOMPLETE, explore, state_key
from rulespec.cli.main import app
from rulespec.pipeline.rule_paths import RULES_PATH_ENV

HERE = Path(__file__).resolve().parent


def rulespec_here(*args: str, cwd: Path, monkeypatch):
    """``rulespec ARGS`` run through the command line in this process, in ``cwd``: the `verify --exhaustive` path
    keeps its process of its own below (test_the_command_line_fails_with_the_counterexample_and_saves_it), `replay`
    its own in properties/test_any_rule_file.py; a process costs about two seconds of start-up."""
    monkeypatch.delenv("RULESPEC_TRACEBACK", raising=False)
    # (--allow-dir adds to RULESPEC_RULES_PATH for the process: put back as it was after the test)
    monkeypatch.setenv(RULES_PATH_ENV, os.environ.get(RULES_PATH_ENV, ""))
    monkeypatch.chdir(cwd)
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result
BROKEN = HERE / "nought-in-the-centre.rules"
SMALL_C4 = HERE / "small-connect-four.rules"


def openspiel_count(name: str) -> tuple[int, int]:
    """(distinct states, terminal ones) of an OpenSpiel game, by its own enumeration (a tic-tac-toe
    state is its board: states are told apart by their text, as OpenSpiel's 5,478 counts them)."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import get_all_states
    states = get_all_states.get_all_states(pyspiel.load_game(name), depth_limit=-1, include_terminals=True,
                                           include_chance_states=True, to_string=str)
    return len(states), sum(1 for s in states.values() if s.is_terminal())


def test_tic_tac_toe_whole_tree_is_openspiels(tmp_path):
    report = explore("tic-tac-toe", 2, save_counterexamples=tmp_path)
    assert report.ok and report.complete, report.render()
    assert (report.distinct, report.terminal) == openspiel_count("tic_tac_toe") == (5478, 958)
    assert report.depth == 9 and report.checked == report.distinct
    assert report.checks_by_property["invariant:alternate"] >= report.distinct  # the rule file's invariant, everywhere
    assert report.checks_by_property["history_replay"] == report.distinct


def test_kuhn_poker_whole_tree_is_openspiels(tmp_path):
    report = explore("kuhn-poker", 2, save_counterexamples=tmp_path)
    assert report.ok, report.render()
    assert (report.distinct, report.terminal) == openspiel_count("kuhn_poker") == (58, 30)
    assert report.checks_by_property.get("hidden_information", 0) > 0  # the hands are hidden: swapped and checked
    assert report.checks_by_property.get("information_state", 0) > 0  # and the deals start histories compared


def test_a_house_rule_whole_tree(tmp_path):
    report = explore("kuhn-poker/kuhn-poker-ante-two", 2, save_counterexamples=tmp_path)
    assert report.ok, report.render()
    assert (report.distinct, report.terminal) == (58, 30)  # the ante changes the stakes, not the tree


def connect_four_positions(rows: int, columns: int) -> tuple[int, int]:
    """An independent count of the positions of Connect Four on a small board: boards reachable by
    dropping discs in turn, a game over at four in a row (across, down, diagonal) or a full board."""
    def four(board, who):
        for r in range(rows):
            for c in range(columns):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(r + k * dr, c + k * dc) for k in range(4)]
                    if all(0 <= rr < rows and 0 <= cc < columns and board[rr][cc] == who for rr, cc in cells):
                        return True
        return False

    start = tuple(tuple("." for _ in range(columns)) for _ in range(rows))
    seen, todo, terminal = {start}, deque([(start, "r")]), 0
    while todo:
        board, who = todo.popleft()
        other = "y" if who == "r" else "r"
        if four(board, other) or all(cell != "." for row in board for cell in row):
            terminal += 1
            continue
        for c in range(columns):
            free = [r for r in range(rows) if board[r][c] == "."]
            if not free:
                continue
            r = free[-1]  # the lowest empty space: row 1 is the top
            child = tuple(tuple(who if (i, j) == (r, c) else board[i][j] for j in range(columns)) for i in range(rows))
            if child not in seen:
                seen.add(child)
                todo.append((child, other))
    return len(seen), terminal


def test_a_shortened_connect_four_whole_tree(tmp_path):
    report = explore(str(SMALL_C4), 2, save_counterexamples=tmp_path)
    assert report.ok, report.render()
    assert (report.distinct, report.terminal) == connect_four_positions(3, 4)


def test_the_broken_fixture_gives_the_shortest_counterexample(tmp_path, monkeypatch):
    report = explore(str(BROKEN), 2, save_counterexamples=tmp_path)
    assert not report.ok and len(report.failures) == 1
    failure = report.failures[0]
    assert failure.property == "invariant:centre_free_of_noughts"
    assert len(failure.actions) == 2  # a cross anywhere, then a nought in the centre: nothing shorter fails
    assert failure.actions[1] == "player 2: nought on row 2 column 2"
    game = rulespec.load(str(BROKEN))
    state = game.new_game(2)
    for action in failure.actions:
        state.apply(action)
    inv = next(i for i in game.INVARIANTS if i.name == "centre_free_of_noughts")
    assert not inv.check(state)  # the path really reaches a state that breaks it
    # and it replays from its file, through the command line
    assert failure.path is not None and failure.path.parent == tmp_path
    # (the game is outside the counterexample's folder and the working directory: its folder is allowed)
    replayed = rulespec_here("--allow-dir", str(HERE), "replay", str(failure.path), cwd=tmp_path,
                             monkeypatch=monkeypatch)
    assert replayed.exit_code == 1 and "centre_free_of_noughts" in replayed.stdout, replayed.output
    assert "Traceback" not in replayed.output


def test_the_command_line_fails_with_the_counterexample_and_saves_it(tmp_path):
    saved = tmp_path / "cex.txt"
    run = subprocess.run([sys.executable, "-m", "rulespec", "verify", str(BROKEN), "--exhaustive", "--save",
                          str(saved)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "the shortest counterexample has 2 actions" in run.stdout
    assert saved.read_text(encoding="utf-8").splitlines()[-1] == "player 2: nought on row 2 column 2"


def test_a_walk_cut_short_says_so_and_exits_3(tmp_path, monkeypatch):
    report = explore(str(SMALL_C4), 2, max_states=200, save_counterexamples=None)
    assert not report.complete and not report.failures and not report.ok
    assert report.distinct == 200 and "INCOMPLETE" in report.render()
    run = rulespec_here("verify", str(SMALL_C4), "--exhaustive", "--max-states", "200", cwd=tmp_path,
                        monkeypatch=monkeypatch)
    assert run.exit_code == EXIT_INCOMPLETE == 3, run.output
    assert "INCOMPLETE: stopped at --max-states 200" in run.stdout


@pytest.mark.parametrize("args,words", [
    (["--max-states", "10"], "--max-states goes with --exhaustive"),
    (["--exhaustive", "--examples", "3"], "--examples is for random walks"),
    (["--exhaustive", "--max-states", "0"], "--max-states must be at least 1"),
])
def test_the_command_line_refuses_what_does_not_go_together(tmp_path, monkeypatch, args, words):
    run = rulespec_here("verify", "tic-tac-toe", *args, cwd=tmp_path, monkeypatch=monkeypatch)
    assert run.exit_code == 2 and words in run.stderr, run.output


def test_the_key_is_the_position():
    # two orders of the same moves meet in one state; a different board does not
    ttt = rulespec.load("tic-tac-toe")
    a, b, c = ttt.new_game(2), ttt.new_game(2), ttt.new_game(2)
    for state, moves in ((a, ("1 1", "2 2", "3 3")), (b, ("3 3", "2 2", "1 1")), (c, ("1 1", "2 2", "3 2"))):
        for n, at in enumerate(moves):
            row, col = at.split()
            state.apply(f"player {n % 2 + 1}: {'cross' if n % 2 == 0 else 'nought'} on row {row} column {col}")
    assert state_key(a) == state_key(b) != state_key(c)
    assert a.history != b.history
