"""Issue #39's smaller findings: a definition named with a word a value starts with is refused at its name;
`next turn goes to` in the set-up gives the first turn; words compared by `<` take their order from the one
ordered attribute they can belong to; a direction in an action's text reads as its compass name."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError

HEAD = '''game "G" [G-1]
  id "g"
  players 2 to 3 [G-1]

counter taken per player starts at 0 [G-1]
'''

TURN = '''
turns go clockwise from player 1, each turn runs turn [G-1]

choice turn(player: seat) by player [G-1]:
  option take "take" [G-1]:
    add 1 to taken of player

end done [G-1]:
  checked after every step
  when {end}
'''


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.rules"
    path.write_text(text)
    return path


@pytest.mark.parametrize("word", ["points", "count", "the", "walk"])
@pytest.mark.parametrize("used", [True, False])
def test_a_definition_named_with_a_word_of_the_language_is_refused_at_its_name(tmp_path, word, used):
    text = HEAD + f"\ndefine {word}(p: seat) [G-1]:\n  taken of p * 2\n" + TURN.format(
        end=f"{word}(player 1) > 4" if used else "taken of player 1 > 4")
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(_write(tmp_path, text))
    message = str(caught.value)
    assert f"game.rules:7:8: error: `{word}` is a word of the language that starts a value, so a definition " \
           f"named `{word}` could never be used" in message
    assert "expected" not in message and message.count("error:") == 1


def test_a_definition_named_with_a_word_used_elsewhere_in_the_language_is_kept(tmp_path):
    # `score` and `option` start declarations, not values: a definition may take either name
    text = HEAD + "\ndefine score(p: seat) [G-1]:\n  taken of p * 2\n" + TURN.format(end="score(player 1) > 4")
    assert rulespec.compile_rules(_write(tmp_path, text)).definitions[0].name == "score"


def test_next_turn_in_the_set_up_gives_the_first_turn(tmp_path):
    text = HEAD + "\nsetup [G-1]:\n  next turn goes to player 2\n" + TURN.format(end="taken of player 1 > 4")
    game = rulespec.load(_write(tmp_path, text))
    for players in (2, 3):
        state = game.new_game(players)
        assert state.current_player() == 1
        state.apply("player 2: take")
        assert state.current_player() == 2 % players  # then clockwise from there


ORDERED = '''game "G" [G-1]
  id "g"
  players 2 to 2 [G-1]

component card: rank (two < three < four) x suit (cups, coins) [G-1]
  shown as "{rank} of {suit}"
zone deck: shared, public, holds every component in play [G-1]
zone hand: one per player, public [G-1]

define below(a: word, b: word) [G-1]:
  a < b

turns go clockwise from player 1, each turn runs turn [G-1]

choice turn(player: seat) by player [G-1]:
  option take "take {c}" [G-1]:
    for c in deck
    only if {condition}
    move c to hand of player

end done [G-1]:
  checked after every step
  when deck is empty or below(four, three)
'''


@pytest.mark.parametrize("condition", ["below(rank of c, three)",
                                       "count(v in values of rank where v < rank of c) = 0"])
def test_words_compared_take_the_order_of_the_attribute_they_belong_to(tmp_path, condition):
    game = rulespec.load(_write(tmp_path, ORDERED.replace("{condition}", condition)))
    offered = {action.text for action in game.new_game(2).legal_actions()}
    assert offered == {"take two of cups", "take two of coins"}


def test_words_of_an_unordered_attribute_are_still_refused(tmp_path):
    text = ORDERED.replace("{condition}", "below(rank of c, three)").replace("  when deck is empty or below(four, three)",
                                                                        "  when deck is empty or cups < coins")
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(_write(tmp_path, text))
    assert "`<` compares numbers or the values of an ordered attribute, not words" in str(caught.value)


SLIDE = '''game "G" [G-1]
  id "g"
  players 2 to 2 [G-1]

component stone x 2 [G-1]
zone supply: shared, public, holds every component in play [G-1]
board grid: rows row 1..2, columns col 1..2, adjacency orthogonal [G-1]:
  face plain [G-1]:
    1 . .
    2 . .
fit stone on grid [G-1]

turns go clockwise from player 1, each turn runs turn [G-1]

choice turn(player: seat) by player [G-1]:
  option slide "slide {d} to {neighbour of s towards d}" [G-1]:
    for s in grid, d in directions of grid
    only if row of s = 1 and col of s = 1 and neighbour of s towards d is empty
    place any(c in supply) on neighbour of s towards d

end done [G-1]:
  checked after every step
  when supply is empty
'''


def test_a_direction_in_an_action_reads_as_its_name(tmp_path):
    game = rulespec.load(_write(tmp_path, SLIDE))
    assert sorted(a.text for a in game.new_game(2).legal_actions()) == ["slide east to 1 2", "slide south to 2 1"]
