"""What a person types at the `rulespec play` prompt is bounded (issue #37, class 6).

A 5,000-digit answer was an internal error (int() past Python's digit limit), and so were `²` (str.isdigit()
says yes, int() says no), `player 99...9: x` (the runtime's parse_action) and `--reaction ²=1`; a pasted
line of any length was read whole. Each hostile answer must be refused in words and asked again, the game
going on; a line past timed_input.MAX_LINE_CHARS is read a bounded piece at a time and dropped.
"""

from __future__ import annotations

import io

from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.cli.timed_input import MAX_LINE_CHARS, TOO_LONG, TimedLines, bounded_line

runner = CliRunner()
HUGE = "9" * 5_000


def play(input: str, *extra: str):
    return runner.invoke(app, ["play", "tic-tac-toe", "--seed", "1", "--seat", "1", *extra], input=input)


# (what is typed, what the prompt answers)
HOSTILE = [
    (HUGE, "there is no choice 99999999999999999999... (5,000 characters): choose 1 to 9"),
    ("9" * 17, "there is no choice 99999999999999999: choose 1 to 9"),
    ("²", "there is no choice ²: choose 1 to 9"),
    ("٣", "there is no choice ٣: choose 1 to 9"),
    ("10", "there is no choice 10: choose 1 to 9"),
    (f"player {HUGE}: cross on row 1 column 1", "there is no player 99999999999999999999... (5,000 characters)"),
    ("player ²: cross on row 1 column 1", "there is no player ²: players are 1 to 2"),
    ("player 3: cross on row 1 column 1", "there is no player 3: players are 1 to 2"),
    (f"@{HUGE} 1", "not allowed: '@999"),
    ("x" * (MAX_LINE_CHARS * 5), f"that line is longer than {MAX_LINE_CHARS:,} characters: not read"),
]


def test_every_hostile_answer_is_refused_in_words_and_asked_again():
    typed = "".join(f"{answer}\n" for answer, _ in HOSTILE) + "0" * 5_000 + "5\n" + "quit\n"
    result = play(typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "internal error" not in out and "Traceback" not in out
    for answer, said in HOSTILE:
        assert said in out, (answer[:30], out[-3000:])
    assert out.count("player 1> ") >= len(HOSTILE) + 2  # asked again after each
    assert "player 1: cross on row 2 column 2" in out  # 000...05 is choice 5, read however many zeros lead it
    assert "x" * 200 not in out  # the long line is neither echoed nor quoted


def test_a_reaction_seat_in_other_digits_is_a_usage_problem():
    for seat in ("²", HUGE):
        result = play("", "--reaction", f"{seat}=1")
        assert result.exit_code == 2, result.output
        assert "--reaction is [K=]TIME with K a seat 1 to 2" in result.output
        assert "internal error" not in result.output


class _Stream(io.StringIO):
    """A stream that records how much each readline asked for."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.asked: list[int] = []

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        self.asked.append(size)
        return super().readline(size)


def test_a_long_line_is_read_in_bounded_pieces_and_dropped():
    stream = _Stream("a\n" + "x" * (MAX_LINE_CHARS * 20 + 3) + "\n" + "y" * MAX_LINE_CHARS + "\n" + "z" * 20_001)
    lines = []
    while (line := bounded_line(stream)) != "":
        lines.append(line)
    assert lines[0] == "a\n" and lines[1] is TOO_LONG and lines[2] == "y" * MAX_LINE_CHARS + "\n"
    assert lines[3] is TOO_LONG and len(lines) == 4  # (a last line without its newline too)
    assert all(0 < size <= MAX_LINE_CHARS + 1 for size in stream.asked)


def test_timed_lines_read_a_long_line_as_too_long():
    lines = TimedLines(io.StringIO("x" * (MAX_LINE_CHARS + 1) + "\n1\n"))
    assert lines.readline(5) is TOO_LONG
    assert lines.readline(5) == "1\n" and lines.readline(5) == ""


def test_labels_sort_naturally_whatever_digits_they_hold():
    from rulespec.cli.console import _natural
    labels = ["a10", "²", "a2", "²3", "٣", "b 1"]
    assert sorted(labels, key=_natural) == ["٣", "a2", "a10", "b 1", "²", "²3"]  # (² was int()'s ValueError)
