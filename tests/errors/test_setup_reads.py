"""A set-up line that reads what an earlier `then` of the set-up sets is refused (model/then_order.py; the
corpus files broken_semantic/setup_reads_*.rules say where and how); what is not refused: a `then` in one
branch of an `if` and a read in the other, a read before the `then`, and a step's or an option's own lines
after a `then` (a `then`'s arguments are worked out when it is named, by design)."""

from __future__ import annotations

from pathlib import Path

from rulespec.pipeline import compile_rules

GAME = '''game "Deal" [D-1]
  id "deal"
  players 2 to 2 [D-1]
component card: value 1..6 [D-1]
zone deck: shared, hidden, holds every component in play [D-1]
zone hand: one per player, seen by owner [D-1]
counter cards starts at 0 [D-1]
counter first starts at 1 [D-1]
chance choose_cards() [D-1]:
  outcome "deal {n}" for n picked from 1..3
  set cards to n
chance deal(player: seat) [D-1]:
  outcome "give {c}" for c drawn from deck
  move c to hand of player
step deal_all() [D-1]:
  then choose_cards()
  repeat cards + 1 times:
    for each p in players:
      then deal(p)
SETUP
turns go clockwise from player 1, each turn runs play [D-1]
choice play(player: seat) by player [D-1]:
  option discard "discard {c}" [D-1]:
    for c in hand of player
    move c to deck
    then deal(player)
    add size of hand of player to cards
end done [D-1]:
  checked after every step
  when size of deck = 6
'''


def test_a_then_in_one_branch_and_a_read_in_the_other_pass(tmp_path: Path):
    setup = '''setup [D-1]:
  repeat cards times:
    then deal(player 1)
  if first = 1:
    then choose_cards()
  else:
    repeat cards times:
      then deal(player 2)
  then deal_all()'''
    path = tmp_path / "deal.rules"
    path.write_text(GAME.replace("SETUP", setup), encoding="utf-8")
    model = compile_rules(path, ())
    assert model.setup is not None

