"""`let NAME be VALUE` inside a step (issue #39, item 8): the value is worked out where the `let` stands, read
by the statements after it in its block and the blocks inside them, not outside; a name already meaning
something there is refused at its place. The game is rulespec/docs/ref_games/hop.rules."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.pipeline.examples import run_examples

ROOT = Path(__file__).resolve().parents[2]
HOP = ROOT / "rulespec" / "docs" / "ref_games" / "hop.rules"

GAME = '''game "Lets" [L-1]
  id "lets"
  players 2 to 2 [L-1]
  at most 10 turns [L-1]
counter total per player starts at 0 [L-1]
counter seen per player starts at 0 [L-1]
define bonus [L-1]:
  2
turns go clockwise from player 1, each turn runs turn [L-1]
choice turn(player: seat) by player [L-1]:
  option add "add {n}" [L-1]:
    for n in 1..3
{body}
end done [L-1]:
  checked after every step
  when total of player 1 >= 5 + bonus
'''


def _load(tmp_path, body: str):
    path = tmp_path / "lets.rules"
    path.write_text(GAME.replace("{body}", body), encoding="utf-8")
    return rulespec.load(path)


def _refused(tmp_path, body: str) -> str:
    with pytest.raises(RuleError) as caught:
        _load(tmp_path, body)
    return str(caught.value)


def test_the_reference_game_passes():
    results = run_examples(rulespec.load(HOP))
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]


def test_a_let_keeps_the_value_it_had_where_it_stands(tmp_path):
    game = _load(tmp_path, '''    let before be total of player
    add n to total of player
    set seen of player to before * 10 + total of player''')
    state = game.new_game(2)
    state.apply("player 1: add 2")
    state.apply("player 2: add 1")
    state.apply("player 1: add 1")
    assert state._counters["seen"] == [23, 1]


def test_a_let_is_read_in_the_blocks_inside_its_block(tmp_path):
    game = _load(tmp_path, '''    let doubled be n * 2
    if n > 1:
      repeat 1 times:
        add doubled to total of player
    else:
      let tripled be doubled + n
      add tripled to seen of player''')
    state = game.new_game(2)
    state.apply("player 1: add 1")
    state.apply("player 2: add 2")
    assert state._counters["seen"] == [3, 0] and state._counters["total"] == [0, 4]


def test_a_let_is_not_read_outside_its_block(tmp_path):
    message = _refused(tmp_path, '''    if n > 1:
      let doubled be n * 2
    add doubled to total of player''')
    assert "lets.rules:15:9: error: unknown name `doubled`" in message


def test_a_let_is_not_read_before_it(tmp_path):
    message = _refused(tmp_path, '''    add later to total of player
    let later be n''')
    assert "lets.rules:13:9: error: unknown name `later`" in message


@pytest.mark.parametrize("name, said", [
    ("n", "lets.rules:13:9: error: `n` is already a name here"),  # a chosen value
    ("player", "lets.rules:13:9: error: `player` is already a name here"),  # the step's parameter
    ("bonus", "lets.rules:13:9: error: `bonus` is already the name of a definition (line 7)"),
    ("total", "lets.rules:13:9: error: `total` is already the name of a counter (line 5)"),
    ("count", "lets.rules:13:9: error: `count` is already a word of the language"),
    ("players", "lets.rules:13:9: error: `players` is already a word of the language"),
    ("min", "lets.rules:13:9: error: `min` is already a word of the language"),
])
def test_a_name_that_means_something_is_refused(tmp_path, name, said):
    message = _refused(tmp_path, f'''    let {name} be n + 1
    add 1 to total of player''')
    assert said in message, message


@pytest.mark.parametrize("word", ["over", "turned", "towards", "mod"])
def test_a_word_no_value_starts_with_may_name_a_value(tmp_path, word):
    """Where a let's name is read only a value may stand, so a word of the language that starts no value
    (`d turned right`'s `turned`: a newcomer's Stones and gems had `let turned be ...` before the word was one)
    is read as the name there."""
    game = _load(tmp_path, f'''    let {word} be n * 2
    add {word} + 1 to seen of player''')
    state = game.new_game(2)
    state.apply("player 1: add 2")
    assert state._counters["seen"] == [5, 0]


def test_a_name_let_twice_in_a_block_is_refused(tmp_path):
    message = _refused(tmp_path, '''    let m be n
    let m be n + 1
    add m to total of player''')
    assert "lets.rules:14:9: error: `m` is already a name here" in message


def test_the_same_name_in_two_blocks_side_by_side(tmp_path):
    game = _load(tmp_path, '''    if n = 1:
      let m be 10
      add m to seen of player
    else:
      let m be 20
      add m to seen of player''')
    state = game.new_game(2)
    state.apply("player 1: add 1")
    state.apply("player 2: add 3")
    assert state._counters["seen"] == [10, 20]


def test_its_type_is_the_values(tmp_path):
    message = _refused(tmp_path, '''    let chooser be player
    add chooser to total of player''')
    assert "lets.rules:14:" in message and "number" in message, message


def test_the_english_says_it():
    from rulespec.docs.english import English
    from rulespec.pipeline import compile_rules
    model = compile_rules(HOP)
    en = English(model, link=lambda kind, name: f"#{name}")
    text = "\n".join(en.declaration(next(s for s in model.steps if s.name == "turn")))
    assert "Let *jumped* be" in text and "Let *landing* be" in text, text


@pytest.mark.parametrize("test", ["beyond is empty", "open(beyond)"])
def test_a_let_of_a_space_past_the_edge_is_tested_as_none(tmp_path, test):
    """`let beyond be ahead(s, player)` at the far end is no space: `beyond is empty` is false, not a crash,
    written in place or asked of a definition given it."""
    text = HOP.read_text(encoding="utf-8").replace(
        "    place occupant of s on ahead(s, player)\n",
        "    let beyond be ahead(ahead(s, player), player)\n"
        f"    if {test}:\n"
        "      add 1 to hops of player\n"
        "    place occupant of s on ahead(s, player)\n")
    text = text.replace("each player has a home: 1, 6", "each player has a home: 5, 2")
    if "open" in test:
        text += "\ndefine open(t: file) [HOP-2]:\n  t is empty\n"
    path = tmp_path / "hop.rules"
    path.write_text(text, encoding="utf-8")
    state = rulespec.load(path).new_game(2)
    state.apply("player 1: step from 5")  # from 5, south: beyond 6 is past the edge
    assert state._counters["hops"] == [0, 0] and state.current_player() == 1
    assert [a.text for a in state.legal_actions()] == ["step from 2"]
