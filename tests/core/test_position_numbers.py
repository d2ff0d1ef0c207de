"""Every number a position writes is bounded before it is read and by the game after (issue #37, class 6).

A number past Python's int digit limit (4,300 digits) made game.position() raise a bare ValueError, and
`players ²` one too (str.isdigit() says yes, int() says no). Each numeric place of a position is filled
here with hostile numbers (5,000 digits, 17 digits, leading zeros, negative, other scripts' digits, a
turn past the game's `at most N turns`): each must be InvalidPosition at the number's line and column,
in well under a second, and a well-formed neighbour must still read.
"""

from __future__ import annotations

import functools
import random
import time

import pytest

import rulespec
from rulespec.runtime.engine import random_step
from rulespec.runtime.numbers import NotAWholeNumber, whole_number
from rulespec.runtime.position import InvalidPosition

HUGE = "9" * 5_000  # past sys.get_int_max_str_digits()
HOSTILE = [HUGE, "1" + "0" * 16, "0" * 5_000 + "1" + "0" * 20, "-1", "²", "٣", "1_000", "+1", "0x10", "1e3", "9" * 40]
GRID = "grid: xxx/ooo/... (x = cross, o = nought)"


@functools.lru_cache(maxsize=None)
def game(name: str):
    return rulespec.load(name)




@functools.lru_cache(maxsize=None)
def secret_choice_template() -> tuple[str, str]:
    """A real Goofspiel position with a secret choice, its seat number replaced by {}; and that number."""
    goofspiel, rng = game("goofspiel"), random.Random(0)
    state = goofspiel.new_game(2)
    while not state._chosen:
        state.apply(random_step(state, rng))
    seat = state._chosen[0][0] + 1
    return state.to_position().replace(f"chosen in secret: player {seat}:", "chosen in secret: player {}:"), str(seat)


# (game, a position with {} where the number goes, a well-formed number there)
PLACES = [
    ("tic-tac-toe", "turn {} of player 1", "3"),
    ("tic-tac-toe", "turn 3 of player {}", "2"),
    ("tic-tac-toe", "players {}", "2"),
    ("tic-tac-toe", "supply: cross x{}, the rest", "5"),
    ("tic-tac-toe", "supply: item {}, the rest", "0"),
    ("tic-tac-toe", "pending turn(player {})", "1"),
    ("tic-tac-toe", "pending turn(player 1) x{}", "1"),
    ("tic-tac-toe", GRID + "\ngame over: three, winners player {}", "1"),
    ("shell-we", "leg {}", "1"),
    ("shell-we", "players 2\ncounter pass_streak: {}", "0"),
    ("shell-we", "players 2\nrack of player {}: green 10", "1"),
    ("goofspiel", "chosen in secret: player {}: ...", "2"),
    ("shrimp", "players 3\nphase setup\npool: item {}, the rest", "0"),
]


def _read(name: str, text: str):
    return game(name).position(text)


@pytest.mark.parametrize("name, template, fine", PLACES, ids=[t.split("{}")[0][:24] for _, t, _ in PLACES])
def test_every_hostile_number_is_refused_at_its_place(name, template, fine):
    if template.startswith("chosen in secret"):
        template, fine = secret_choice_template()
    _read(name, template.replace("{}", fine))  # the same place with a number the game takes reads
    line_of_number = template.count("\n", 0, template.index("{}")) + 1
    for number in HOSTILE:
        if number == "-1" and "counter" in template:
            continue  # (a counter may be negative)
        text = template.replace("{}", number)
        started = time.perf_counter()
        with pytest.raises(InvalidPosition) as refused:
            _read(name, text)
        assert time.perf_counter() - started < 1.0
        error = refused.value
        assert error.line == line_of_number, str(error)
        assert 1 <= error.column <= len(text.split("\n")[error.line - 1]), str(error)
        assert "Exceeds the limit" not in str(error) and "invalid literal" not in str(error)


def test_a_turn_past_the_declared_limit_is_refused_at_the_turn_line():
    ttt = game("tic-tac-toe")  # at most 9 turns
    assert ttt.position("turn 9 of player 1")._turn_number == 9
    with pytest.raises(InvalidPosition) as refused:
        ttt.position("players 2\nturn 10 of player 1")
    assert refused.value.line == 2 and "lasts at most 9 turns" in str(refused.value)
    with pytest.raises(InvalidPosition) as refused:
        ttt.position(f"turn {10**20} of player 1")
    assert (refused.value.line, refused.value.column) == (1, 6) and "0 to 10" in str(refused.value)
    over = ttt.position(GRID + "\nturn 10 of player 1\ngame over: turn_limit, no winners")
    assert over._turn_number == 10 and over.is_terminal()  # the turn past the limit only ends the game


def test_players_written_in_other_digits_is_a_positioned_refusal():
    with pytest.raises(InvalidPosition) as refused:
        game("tic-tac-toe").position("players ²")
    assert (refused.value.line, refused.value.column) == (1, 9) and "not a whole number" in str(refused.value)


@pytest.mark.parametrize("text, low, high, value", [
    ("7", 0, 9, 7), ("-12", -20, 0, -12), ("0" * 6_000 + "5", 0, 9, 5), ("9" * 16, 0, 10**16, 10**16 - 1)])
def test_whole_number_reads_what_is_in_range(text, low, high, value):
    assert whole_number(text, low, high) == value


@pytest.mark.parametrize("text, words", [
    (HUGE, "(5,000 characters) is not from 0 to 9"), ("9" * 17, "is not from"), ("10", "10 is not from 0 to 9"),
    ("²", "not a whole number"), ("", "not a whole number"), ("-", "not a whole number"), (" 1", "not a whole number")])
def test_whole_number_refuses_in_words(text, words):
    with pytest.raises(NotAWholeNumber) as refused:
        whole_number(text, 0, 9)
    assert words in str(refused.value) and isinstance(refused.value, ValueError)
