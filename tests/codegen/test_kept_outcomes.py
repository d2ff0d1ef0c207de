"""A shuffle's orders kept by the components its zone holds (#40, codegen/chance.py outcomes_key,
runtime/kept_outcomes.py), in lock step with the engine generated without it: the same chance outcomes with
the same probabilities, the same choices, the same games; the listing shared by states whose zone holds the
same components, and listed anew when the zone holds others or a label has changed."""

import random
from pathlib import Path

from rulespec.codegen.chance import Chance
from rulespec.runtime import kept_outcomes
from rulespec.runtime.common import CHANCE
from rulespec.runtime.kept_outcomes import KeptOutcomes

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
EINSTEIN = ROOT / "tests" / "newcomer" / "games" / "einstein.rules"

# A bag of three cubes whose colours can change: a turn repaints the top cube red or pulls it, then shuffles
# the bag again (so the bag's orders read other labels, or fewer components, than at the set-up).
REPAINT = '''game "Repaint" [RP-1]
  id "repaint"
  players 1 to 2 [RP-1]
  at most 6 turns [RP-1]

component cube: colour (red, green, blue), colour can change [RP-1]
  shown as "{colour}"
zone bag: shared, public, stacked, holds every component in play [RP-1]
zone drawn: shared, public [RP-1]

setup [RP-1]:
  shuffle bag

turns go clockwise from player 1, each turn runs turn [RP-1]

choice turn(player: seat) by player [RP-1]:
  option repaint "repaint" [RP-1]:
    only if bag is not empty
    set colour of top of bag to red
    shuffle bag
  option pull "pull" [RP-1]:
    only if bag is not empty
    move top of bag to drawn
    shuffle bag
  option wait "wait" [RP-1]:
    nothing

end out_of_turns [RP-1]:
  checked after every step
  when the turn number > 5

ranking [RP-1]:
  ties share
'''


def engines(path: Path, tag: str):
    return engines_with_and_without(path, ((Chance, "outcomes_key", lambda self, step: None),), f"kept_outcomes_{tag}")


def test_einstein_in_lock_step_with_its_shuffles_listed_each_time():
    kept, listed, fast, slow = engines(EINSTEIN, "einstein")
    assert "outcomes_key=outcomes_key_shuffle_hand" in kept and "def outcomes_key_shuffle_hand(" in kept
    assert "outcomes_key" not in listed and "shuffle_key" not in listed
    for seed in range(10):  # (one engine each side: from the second game on, the kept listings are shared)
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_states_whose_zone_holds_the_same_components_share_one_listing():
    _, _, fast, slow = engines(EINSTEIN, "einstein_shared")
    first, second = fast.new_game(2), fast.new_game(2)
    first.chance_outcomes(), second.chance_outcomes()
    assert first._pending is second._pending and first._pending.count == 720  # black's shuffle: one listing
    first.apply(first.chance_outcomes()[5][0])
    second.apply(second.chance_outcomes()[700][0])
    assert first._pending is second._pending  # white's: another zone, its own listing, shared again
    assert first.chance_outcomes()[0][0].text.startswith("shuffle hand: white 1")
    assert [str(a) for a, _ in first.chance_outcomes()] == [str(a) for a, _ in second.chance_outcomes()]
    one, other = slow.new_game(2), slow.new_game(2)
    for state in (one, other):
        state.apply(state.chance_outcomes()[5][0])
        state.chance_outcomes()
    assert one._pending is not other._pending  # without it: white's shuffle listed anew in each game


def test_a_zone_holding_other_components_or_a_changed_label_is_listed_anew(tmp_path):
    path = tmp_path / "repaint.rules"
    path.write_text(REPAINT)
    _, _, fast, slow = engines(path, "repaint")
    for players in (1, 2):
        for seed in range(40):
            play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))
    state = fast.new_game(1)
    state.apply("chance: shuffle bag: blue, green, red")
    state.apply("player 1: pull")  # two cubes left: their orders, not three cubes'
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == ["chance: shuffle bag: blue, green",
                                                                  "chance: shuffle bag: green, blue"]
    state.apply("chance: shuffle bag: green, blue")
    state.apply("player 1: repaint")  # the blue cube on top is red now: read as it is
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == ["chance: shuffle bag: green, red",
                                                                  "chance: shuffle bag: red, green"]


def test_the_kept_listings_are_let_go_past_their_bound(monkeypatch):
    monkeypatch.setattr(kept_outcomes, "OUTCOMES_KEPT", 10)

    class Listing:  # (what KeptOutcomes reads of a Pending: how many outcomes it has)
        def __init__(self, count):
            self.count, self.seat = count, CHANCE

    class State:
        _t = "set-up"

    kept, made = KeptOutcomes(), []

    def list_now(st, count=6):
        made.append(Listing(count))
        return made[-1]

    first = kept.listing(State, "shuffle", (0,), lambda st, seat: ("a", "b"), list_now)
    assert kept.listing(State, "shuffle", (0,), lambda st, seat: ("a", "b"), list_now) is first
    assert kept.listing(State, "shuffle", (1,), lambda st, seat: ("a", "b"), list_now) is not first  # 12 > 10
    assert kept.listing(State, "shuffle", (0,), lambda st, seat: ("a", "b"), list_now) is not first  # let go
    assert kept.listing(State, "shuffle", (0,), lambda st, seat: None, list_now) is not made[-2]  # unsaid: anew
    assert len(made) == 4
