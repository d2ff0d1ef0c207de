"""Texts shown to players that look like others (issue #37, class 7), and a title that is only text (class 8).

A text players tell actions or components apart by (an option's or outcome's template, a component's
`shown as`) is refused at the offending character when it holds an invisible character, a word mixing
alphabets, a letter written twice over, a stray or stacked combining mark, or a fullwidth or styled
letter; two texts that differ but look alike (rulespec.lib.texts.skeleton) are refused as a pair.
Whole words in Greek or Japanese, and accented Latin, are plain text. The terminal shows what is left
escaped.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec import pipeline
from rulespec.cli.main import app
from rulespec.cli.console import _terminal_safe
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.lib.texts import shown_text_problem, skeleton, terminal_safe
from rulespec.model.checker import check

HOSTILE_GAME = Path(__file__).resolve().parents[1] / "codegen" / "hostile_game.py"
_spec = importlib.util.spec_from_file_location("hostile_game_template", HOSTILE_GAME)
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
game_text = _module.game_text

# The slots of the hostile game whose text players see as an action or a component's label.
SHOWN_SLOTS = ("option_text", "shown_as", "outcome_text", "together_text", "attribute_text")

# (what, the text, the offset of the character that must be reported)
HOSTILE = [
    ("cyrillic a", "tаke", 1),
    ("cyrillic o", "bоx", 1),
    ("cyrillic es", "сlaim", 1),  # the Latin `l` after a Cyrillic first letter is the odd one
    ("greek omicron", "tοken", 1),
    ("greek capital alpha", "Αce", 1),
    ("armenian oh", "frօm", 2),
    ("no-break space", "take\u00a0it", 4),
    ("narrow no-break space", "take\u202fit", 4),
    ("ideographic space", "take\u3000it", 4),
    ("en quad", "take\u2000it", 4),
    ("tab", "take\tit", 4),
    ("zero width space", "take\u200bit", 4),
    ("zero width joiner", "ta\u200dke", 2),
    ("zero width non-joiner", "ta\u200cke", 2),
    ("word joiner", "ta\u2060ke", 2),
    ("soft hyphen", "ta\u00adke", 2),
    ("byte order mark inside", "ta\ufeffke", 2),
    ("variation selector", "ta\ufe0fke", 2),
    ("tag character", "ta\U000e0041ke", 2),
    ("hangul filler", "take\u3164it", 4),
    ("fullwidth letter", "\uff54ake", 0),
    ("fullwidth digit", "take \uff12", 5),
    ("mathematical bold letter", "\U0001d42dake", 0),
    ("decomposed accent", "cafe\u0301", 4),
    ("combining mark with no letter", "take \u0301it", 5),
    ("stacked combining marks", "ta\u0301\u0302\u0303\u0304ke", 2),
]


def _checked(text: str):
    return check(parse_text(text, "hostile.rules"), ())


def _position(text: str, slot_text: str, offset: int) -> tuple[int, int]:
    """Line and column of ``slot_text[offset]`` where the slot is first written (its declaration)."""
    at = text.index(slot_text) + offset
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


@pytest.mark.parametrize("slot", SHOWN_SLOTS)
@pytest.mark.parametrize("what, hostile, offset", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_shown_text_that_could_pass_for_another_is_refused_at_the_character(slot, what, hostile, offset):
    text = game_text(**{slot: hostile})
    with pytest.raises(RuleError) as caught:
        _checked(text)
    problems = caught.value.diagnostics
    assert len(problems) == 1, caught.value.render()  # one mistake, one error
    line, column = _position(text, hostile, offset)
    assert (problems[0].line, problems[0].column) == (line, column), caught.value.render()
    assert problems[0].hint, caught.value.render()
    assert f"U+{ord(hostile[offset]):04X}" in problems[0].message or "marks are stacked" in problems[0].message


@pytest.mark.parametrize("slot", SHOWN_SLOTS)
@pytest.mark.parametrize("plain", ["πάρε", "κουτί", "取る", "カードを引く", "café", "naïve", "Việt", "Tシャツ", "ёлка",
                                   "♠ ace", "m²", "1⃣"])
def test_whole_words_in_any_alphabet_and_accents_are_plain_text(slot, plain):
    _checked(game_text(**{slot: plain}))


def test_a_field_next_to_a_letter_of_another_alphabet_is_a_mixed_word():
    text = game_text().replace('"take {b}"', '"take {b}х"')  # Cyrillic х: `take big box` + `х` reads as `...boxx`
    with pytest.raises(RuleError) as caught:
        _checked(text)
    assert "U+0445 CYRILLIC SMALL LETTER HA" in caught.value.render()
    assert caught.value.diagnostics[0].line == _position(text, '"take {b}х"', 0)[0]


# Pairs of texts each fine on its own that look alike: refused as a pair, once, at the later text.
PAIRS = [
    ("whole-word cyrillic", "cop it", "сор it"),
    ("two spaces", "take it", "take  it"),
    ("ligature", "find it", "\ufb01nd it"),
    ("ideographic full stop made fullwidth", "take it!", "take it\uff01"),
]


DRAW = '  option draw "draw one" [HOS-4]:\n    only if heap is not empty\n    then draw(player)\n'


@pytest.mark.parametrize("what, first, second", PAIRS, ids=[p[0] for p in PAIRS])
def test_two_options_of_a_choice_that_look_alike_are_refused(what, first, second):
    base = game_text()
    text = base.replace(DRAW, DRAW.replace('"draw one"', f'"{first}"') +
                        DRAW.replace('draw "draw one"', f'draw_again "{second}"'))
    with pytest.raises(RuleError) as caught:
        _checked(text)
    problems = caught.value.diagnostics
    assert len(problems) == 1, caught.value.render()
    assert "look alike" in problems[0].message, caught.value.render()
    assert problems[0].hint.startswith("the other is at hostile.rules:%d:%d;" % _position(text, f'"{first}"', 1))
    assert (problems[0].line, problems[0].column) == _position(text, f'"{second}"', 1)


@pytest.mark.parametrize("what, first, second", PAIRS, ids=[p[0] for p in PAIRS])
def test_look_alike_actions_of_two_steps_are_refused(what, first, second):
    text = game_text(option_text=first, together_text=second)
    with pytest.raises(RuleError) as caught:
        _checked(text)
    assert len(caught.value.diagnostics) == 1, caught.value.render()
    assert "look alike" in caught.value.render()
    assert (caught.value.diagnostics[0].line, caught.value.diagnostics[0].column) == _position(text, f'"{second}', 1)


def test_a_look_alike_is_said_by_the_characters_names():
    with pytest.raises(RuleError) as caught:
        _checked(game_text(option_text="cop", together_text="сор"))
    assert "U+0441 CYRILLIC SMALL LETTER ES where the other has U+0063 LATIN SMALL LETTER C" in caught.value.render()


def test_two_options_shown_exactly_alike_are_refused_once_as_before():
    text = game_text().replace(DRAW, DRAW + DRAW.replace("option draw ", "option draw_again "))
    with pytest.raises(RuleError) as caught:
        _checked(text)
    assert len(caught.value.diagnostics) == 1, caught.value.render()
    assert 'are both shown as "draw one"' in caught.value.diagnostics[0].message


def test_component_labels_that_look_alike_are_refused():
    text = game_text(shown_as="A").replace(
        "zone heap:", 'component crate: size (big, small) x 1 [HOS-2]\n  shown as "{size} А"\nzone heap:', 1)
    with pytest.raises(RuleError) as caught:
        _checked(text)
    rendered = caught.value.render()
    assert len(caught.value.diagnostics) == 1, rendered
    assert "component labels" in rendered and "component `crate`" in rendered and "component `box`" in rendered
    assert caught.value.diagnostics[0].line == _position(text, '"{size} А"', 0)[0]


def test_skeleton_is_what_a_player_sees():
    assert skeleton("tаke\u00a0one") == skeleton("take one") == skeleton("ｔａｋｅ\u200b one ")
    assert skeleton("café") == skeleton("cafe\u0301")
    assert skeleton("Take one") != skeleton("take one")
    assert skeleton("Take one", casefold=True) == skeleton("take one", casefold=True)
    assert shown_text_problem("{n} x") is None and shown_text_problem("{n}x") is None


@pytest.mark.parametrize("title", ["Tic__tac", "__import__('os').system('touch PWNED')", "_x_", "a __ b"])
def test_a_title_with_underscores_is_text_not_a_name(tmp_path, title):
    model = _checked(game_text(title=title))
    assert model.title == title
    module = pipeline.load_module_from_source(pipeline.generate_source(model, tmp_path / "hostile.rules"), "titled")
    assert module.GAME().TITLE == title
    assert not (tmp_path / "PWNED").exists()


def test_a_name_with_underscores_is_still_refused():
    with pytest.raises(RuleError, match="cannot be a name: it contains `__`"):
        _checked(game_text().replace("option draw ", "option dr__aw "))


@pytest.mark.parametrize("char, shown", [
    ("\u200b", "\\u200b"), ("\u200d", "\\u200d"), ("\u00a0", "\\xa0"), ("\u00ad", "\\xad"), ("\u2060", "\\u2060"),
    ("\ufeff", "\\ufeff"), ("\ufe0f", "\\ufe0f"), ("\u3000", "\\u3000"), ("\U000e0041", "\\U000e0041"),
    ("\x1b", "\\x1b"), ("\x85", "\\x85"), ("\u061c", "\\u061c"), ("\u3164", "\\u3164")])
def test_the_terminal_shows_invisible_characters_escaped(char, shown):
    assert _terminal_safe(f"a{char}b") == f"a{shown}b" == terminal_safe(f"a{char}b")


def test_the_terminal_shows_visible_text_as_it_is():
    assert _terminal_safe("café τ 取る ♠\tok\n") == "café τ 取る ♠\tok\n"


def test_play_prints_a_title_with_invisible_characters_escaped(tmp_path):
    path = tmp_path / "titled.rules"
    path.write_text(game_text(title="Hostile\u200b \u00a0one"), encoding="utf-8")
    result = CliRunner().invoke(app, ["play", str(path), "--watch", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Hostile\\u200b \\xa0one" in result.output and "\u200b" not in result.output


def test_an_example_text_that_only_looks_like_an_action_says_what_differs():
    text = game_text().replace('then "player 1: take big box" is legal', 'then "player 1: tаke big box" is legal', 1)
    with pytest.raises(RuleError) as caught:
        _checked(text)
    hint = caught.value.diagnostics[0].hint
    assert hint.startswith('did you mean "player 1: take big box"? They look alike')
    assert "U+0430 CYRILLIC SMALL LETTER A where the other has U+0061 LATIN SMALL LETTER A" in hint
