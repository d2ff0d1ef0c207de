"""A name that is a word of the language (`counter count`, `rows line`) is told at the name where it was
given, for every word a value starts with, as the grammar has them (a new keyword is covered as added)."""

from __future__ import annotations

import pytest

from rulespec.language.errors import RuleError
from rulespec.language.grammar import build_expression_lark
from rulespec.language.parser import parse_text
from rulespec.language.taken_words import value_words, word_use

_GAME = """game "Words"
  id "words"
  players 2 to 2

counter {word} starts at 0
turns go clockwise from player 1, each turn runs turn
choice turn(p: player) by the player to move:
  option add "add":
    add 1 to {word}
end over:
  checked after every step
  when {word} = 3
returns:
  win 1, draw 0, loss -1
"""


def test_the_words_are_the_grammars():
    lark = build_expression_lark()
    starting = {lark.get_terminal(t).pattern.value for t in lark.parse_interactive("").accepts()}
    assert set(value_words()) == {w for w in starting if w.isidentifier()}
    assert {"count", "points", "line", "sum", "the"} <= set(value_words())


@pytest.mark.parametrize("word", value_words())
def test_a_counter_named_with_a_word_is_told_at_its_name(word):
    with pytest.raises(RuleError) as info:
        parse_text(_GAME.format(word=word), "words.rules")
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.line, diagnostic.column) == (5, 9), str(info.value)
    assert diagnostic.message.startswith(f"`{word}` is a word of the language ({word_use(word)})"), str(info.value)
    assert "line 12 reads it as the word" in diagnostic.message
    assert f"my_{word}" in diagnostic.hint


def test_the_name_works_where_the_language_takes_it():
    # never read where a value is written: accepted (a score `points` that is only ranked works likewise)
    parse_text(_GAME.format(word="count").replace("  when count = 3", "  when the turn number = 3"), "words.rules")


def test_another_slip_is_not_blamed_on_the_name():
    text = _GAME.format(word="line").replace("when line = 3", "when line of 1 from 2 towards = 3")
    with pytest.raises(RuleError) as info:
        parse_text(text, "words.rules")
    assert "word of the language" not in str(info.value)
