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


STRIP = '''game "Strip" [T-1]
  id "strip"
  players 1 to 1 [T-1]
  at most 10 turns [T-1]

component runner: side (a) [T-1]
  shown as "{side}"
zone box: shared, public, holds every component in play [T-1]

board strip: rows row 1..1, columns column 1..3, adjacency orthogonal [T-1]:
  face plain [T-1]:
    1 . . .

fit runner on strip [T-1]

turns go clockwise from player 1, each turn runs run [T-1]

choice run(player: seat) by player [T-1]:
  option east "east" [T-1]:
    only if there is s in strip where s holds a and column of s < 3
    let s be any(s in strip where s holds a)
    place occupant of s on neighbour of s towards east

end far [T-1]:
  checked after every step
  when there is s in strip where s holds a and column of s = 3
  winner player 1

ranking [T-1]:
  winner first

example again "A piece given, moved, and given again" [T-1]:
  given 1 players
  given strip: "a" at "1 1"
  when "player 1: east"
  then space "1 2" holds "a"
  LATER
'''


@pytest.mark.parametrize("later", [
    'given strip: "a" at "1 1"\n  then space "1 2" is empty\n  then space "1 1" holds "a"\n'
    '  when "player 1: east"\n  then space "1 2" holds "a"',
    'given strip: "a" at "1 2"\n  then space "1 2" holds "a"',  # given again where it stands
])
def test_a_piece_given_before_a_when_may_be_given_again_after_it(tmp_path, later):
    """Every copy of a component given (here the one runner), a `given` after a `when` takes one given before that
    `when` again, from where play left it: the position changed since (Capture the flag's raid, helper ctf, gave
    the runner once and could not move it again: `no 'a' is left to give ... or was already given`)."""
    path = tmp_path / "strip.rules"
    path.write_text(STRIP.replace("LATER", later), encoding="utf-8")
    (result,) = run_examples(rulespec.load(path))
    assert result.passed, result.message


def test_a_piece_given_twice_between_two_whens_is_refused(tmp_path):
    path = tmp_path / "strip.rules"
    path.write_text(STRIP.replace("LATER", 'given strip: "a" at "1 1", "a" at "1 3"'), encoding="utf-8")
    (result,) = run_examples(rulespec.load(path))
    assert not result.passed and "every copy was already given since the last `when`" in result.message
