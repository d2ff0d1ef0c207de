"""Words compare by the word itself, whatever attribute they come from (the reference's "Comparisons"):
`suit of c = contract` with `contract` a counter of another attribute sharing the suits' words holds when
both are the same word; two values whose words never meet, or a word not among a word counter's, are
refused at the line."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.pipeline.examples import run_examples

GAME = '''game "Strains" [S-1]
  id "strains"
  players 2 to 2 [S-1]
  at most 10 turns [S-1]

component card: suit (clubs, hearts) x rank 1..2 [S-1]
  shown as "{rank} of {suit}"
component bid: strain (clubs, hearts, notrump) [S-1]
component chip: colour (red, black) [S-1]
zone deck: shared, hidden, holds every component in play [S-1]
zone hand: one per player, seen by owner [S-1]
zone table: shared, public [S-1]
counter contract: strain starts at hearts [S-2]
counter shade: colour starts at red [S-2]

turns go clockwise from player 1, each turn runs play [S-1]

choice play(player: seat) by player [S-2]:
  option card "play {c}" [S-2]:
    for c in hand of player
    only if COMPARED and shade != black
    move c to table

end empty [S-1]:
  checked after every step
  when hand of player 1 is empty

ranking [S-1]:
  ties share

example trumps "Only a card of the contract's strain is played" [S-2]:
  given 2 players
  given hand of player 1: "1 of clubs", "2 of hearts"
  then "player 1: play 2 of hearts" is legal
  then "player 1: play 1 of clubs" is not legal

example clubs "A contract in clubs lets clubs be played" [S-2]:
  given 2 players
  given hand of player 1: "1 of clubs", "2 of hearts"
  given counter contract is clubs
  then "player 1: play 2 of hearts" is not legal
  then "player 1: play 1 of clubs" is legal
'''


def _written(tmp_path, compared: str):
    path = tmp_path / "strains.rules"
    path.write_text(GAME.replace("COMPARED", compared), encoding="utf-8")
    return path


def test_words_of_two_attributes_sharing_them_compare_by_the_word(tmp_path):
    results = run_examples(rulespec.load(_written(tmp_path, "suit of c = contract")))
    assert len(results) == 2 and all(r.passed for r in results), [r.message for r in results]


@pytest.mark.parametrize("compared, column, message", [
    ("suit of c = shade", 13, "`suit of c` (clubs, hearts) and `shade` (red, black) have no word in common: "
                              "`=` between them is always false"),
    ("contract != shade", 13, "`contract` (clubs, hearts, notrump) and `shade` (red, black) have no word in "
                              "common: `!=` between them is always true"),
    ("contract = red", 24, "`red` is not a value of `contract`"),
])
def test_words_that_never_meet_are_refused_at_the_line(tmp_path, compared, column, message):
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(_written(tmp_path, compared))
    line = GAME.split("\n").index("    only if COMPARED and shade != black") + 1
    assert f"strains.rules:{line}:{column}: error: {message}" in str(caught.value)
