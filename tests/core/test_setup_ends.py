"""An end checked after every step is checked once when the set-up's steps are done (none is checked while
they run): a decision of the set-up can end the game before the first turn, as when every bidder passes in
Skat's auction (tests/newcomer/games/skat.rules, OpenSpiel's game over before any card is played)."""

from __future__ import annotations

import pytest

import rulespec

AUCTION = """
game "Auction" [A-1]
  id "auction"
  players 2 to 2 [A-1]
  at most 10 turns [A-1]

component chip x 4 [A-1]

zone pot: shared, public, holds every component in play [A-1]
zone won: one per player, public [A-1]

counter passes starts at 0 [A-1]
counter taker: seat starts at none [A-1]

setup [A-1]:
  then bid(player 1)

choice bid(player: seat) by player [A-1]:
  option pass "pass" [A-1]:
    add 1 to passes
    if passes < 2:
      then bid(left of player)
  option take "take the pot" [A-1]:
    set taker to player

turns go clockwise from player 1, each turn runs turn [A-1]

choice turn(player: seat) by player [A-1]:
  option grab "grab {c}" [A-1]:
    for c in pot
    move c to won of player

end all_passed [A-1]:
  checked after every step
  when passes = 2

end pot_empty [A-1]:
  checked after every step
  when pot is empty

score chips of p [A-1]:
  size of won of p

ranking [A-1]:
  highest chips
  ties share
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("auction") / "auction.rules"
    path.write_text(AUCTION, encoding="utf-8")
    return rulespec.load(path)


def test_every_bidder_passing_in_the_set_up_ends_the_game(game):
    state = game.new_game(2)
    state.apply("player 1: pass")
    state.apply("player 2: pass")
    assert state.is_terminal() and state.outcome()["end"] == "all_passed"


def test_a_bid_taken_goes_on_to_the_first_turn(game):
    state = game.new_game(2)
    state.apply("player 1: pass")
    state.apply("player 2: take the pot")
    assert not state.is_terminal() and state.current_player() == 0
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.outcome()["end"] == "pot_empty"
