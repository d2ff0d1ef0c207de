"""A `given` line after an example has started (after a `then` or a `when`) changes the position under the
decision pending, and the next lines read the decision listed again from it: `then ... is legal` after
`given counter contract is clubs` sees clubs (it saw the decision listed before the `given`)."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.pipeline.examples import run_examples

GAME = '''game "Strains" [S-1]
  id "strains"
  players 2 to 2 [S-1]
  at most 10 turns [S-1]

component card: suit (clubs, hearts) x rank 1..2 [S-1]
  shown as "{rank} of {suit}"
component bid: strain (clubs, hearts, notrump) [S-1]
zone deck: shared, hidden, holds every component in play [S-1]
zone hand: one per player, seen by owner [S-1]
zone table: shared, public [S-1]
counter contract: strain starts at hearts [S-2]

turns go clockwise from player 1, each turn runs play [S-1]

choice play(player: seat) by player [S-2]:
  option card "play {c}" [S-2]:
    for c in hand of player
    only if suit of c = contract
    move c to table

end empty [S-1]:
  checked after every step
  when hand of player 1 is empty

ranking [S-1]:
  ties share

example later "A given after a then" [S-2]:
  given 2 players
  given hand of player 1: "1 of clubs", "2 of hearts"
  then "player 1: play 2 of hearts" is legal
  LATER
'''


@pytest.mark.parametrize("later", [
    'given counter contract is clubs\n  then "player 1: play 2 of hearts" is not legal\n'
    '  then "player 1: play 1 of clubs" is legal',
    'given hand of player 1: "1 of hearts"\n  then "player 1: play 1 of hearts" is legal',
])
def test_a_given_after_a_then_is_read_by_the_next_lines(tmp_path, later):
    path = tmp_path / "strains.rules"
    path.write_text(GAME.replace("LATER", later), encoding="utf-8")
    (result,) = run_examples(rulespec.load(path))
    assert result.passed, result.message
