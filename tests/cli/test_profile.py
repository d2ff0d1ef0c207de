"""`rulespec profile`: seeded games played under cProfile, the time shown per declaration and rule-file line
(rulespec/check/profile.py), with a hint where a formulation is known to be slow."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from rulespec.check.profile import profile
from rulespec.cli.main import app
from rulespec.pipeline import resolve_path

BREAKTHROUGH = Path(__file__).parents[1] / "newcomer" / "games" / "breakthrough.rules"
ATARI = Path(__file__).parents[2] / "rulespec" / "docs" / "ref_games" / "atari.rules"
ROW = re.compile(r"^ *[\d.]+ +[\d.]+% +[\d.]+ +[\d,]+ +(\d+)  .*\((\w+)\)$")


def test_profile_names_declarations_at_lines_of_the_file():
    result = CliRunner().invoke(app, ["profile", "tic-tac-toe", "--games", "30", "--seed", "3"],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "tic-tac-toe.rules: 30 games, " in result.output
    rows = [ROW.match(line) for line in result.output.splitlines()]
    rows = [(int(m.group(1)), m.group(2)) for m in rows if m]
    assert rows, result.output
    lines = Path(resolve_path("tic-tac-toe")).read_text().splitlines()
    # Each function is reported at the line of the declaration it was generated from: the choice `turn`'s
    # listing at `choice turn(...)`, an effect at its `option`, a definition at its `define`.
    for line, function in rows:
        name = re.sub(r"^(choices|options|effect|define|end|step|score)_", "", function).split("__")[-1]
        assert name in lines[line - 1], (function, line, lines[line - 1])
    assert any(function == "choices_turn" for _, function in rows), result.output


def test_profile_gives_a_hint_for_a_move_listed_from_every_pair_of_spaces(tmp_path):
    text = BREAKTHROUGH.read_text().split("example first_moves")[0]
    head, rest = text.split("define straight_step", 1)

    def moves(condition: str) -> str:
        return head + "turns go clockwise" + rest.split("turns go clockwise", 1)[1].replace(
            "only if can_move(s, t, player)", "only if " + condition)

    # A king's step said by arithmetic on ranks and files: read from a table of the spaces it lets through
    # (codegen/related_spaces.py), no hint.
    kings = tmp_path / "kings.rules"
    kings.write_text(moves("s holds colour of player and not t holds colour of player and rank of t > rank of s - 2 "
                           "and rank of t < rank of s + 2 and file of t > file of s - 2 and file of t < file of s + 2"))
    assert profile(str(kings), games=1, seed=0).hints == ()
    # A move to any space the other side holds: t's test reads t alone, so the walk of t is filtered once a
    # listing (codegen/filtered_walks.py) and every pair it leaves is a move: no hint.
    theirs = tmp_path / "theirs.rules"
    theirs.write_text(moves("s holds colour of player and t holds colour of left of player"))
    assert profile(str(theirs), games=1, seed=0).hints == ()
    # A move to any space not holding the moving piece's colour: t's test reads s too and says nothing of
    # which space t is, so every pair is tried.
    slow = moves("s holds colour of player and not (t holds colour of occupant of s)")
    path = tmp_path / "anywhere.rules"
    path.write_text(slow)
    result = profile(str(path), games=1, seed=0)
    line = next(n for n, text in enumerate(slow.splitlines(), 1) if text.strip().startswith("option move"))
    assert [h.line for h in result.hints] == [line]
    assert "every pair of spaces" in result.hints[0].advice and "4,096 candidates" in result.hints[0].advice
    # The newcomer's own file says in the condition which space t is: no hint, the generator looks it up.
    assert profile(str(BREAKTHROUGH), games=1).hints == ()


def test_profile_gives_a_hint_for_a_connected_tested_from_every_space(tmp_path):
    text = ATARI.read_text()
    # "Some group of p's has a liberty": the start names no space and the goal reads the board, so each test
    # tries the start on every point.
    slow = text.replace("from t = s to t is empty", "from t holds colour of p to t is empty")
    assert slow != text
    path = tmp_path / "atari.rules"
    path.write_text(slow)
    result = profile(str(path), games=1, seed=0)
    line = next(n for n, text in enumerate(slow.splitlines(), 1) if "connected(" in text)
    assert [h.line for h in result.hints] == [line]
    assert "tests its start on every space" in result.hints[0].advice and "`from t = s`" in result.hints[0].advice
    # Atari as written starts from the stone placed: no hint.
    assert profile(str(ATARI), games=1).hints == ()


def test_profile_refuses_a_count_of_games_below_one():
    result = CliRunner().invoke(app, ["profile", "tic-tac-toe", "--games", "0"])
    assert result.exit_code == 2 and "--games must be at least 1" in result.output


def test_profile_gives_no_hint_for_pieces_asked_whether_they_form_one_group(tmp_path):
    """Lines of Action's win counts the player's pieces inside a search of the board, but the generator asks it of
    the first piece alone (codegen/one_group.py): no hint. Counting another value there is counted again."""
    from rulespec.check.profile import hints
    from rulespec.pipeline import compile_rules

    game = Path(__file__).parents[1] / "newcomer" / "games" / "lines-of-action.rules"
    line = next(n for n, text in enumerate(game.read_text().splitlines(), 1) if "size of group of s" in text)
    assert not [h for h in hints(compile_rules(game), "") if h.line == line]
    other = tmp_path / "lines-of-action.rules"
    other.write_text(game.read_text().replace("t holds colour of p)\n", "t holds colour of left of p)\n"))
    assert [h for h in hints(compile_rules(other), "") if h.line == line]
