"""`the position on B has occurred N times` (issue #39): a board's own positions, held to a count kept from
Pebbles' rulebook (rulespec/docs/ref_games/pebbles.rules, PB-3: the same colours on the same spaces, whichever
stones, whatever the points), not from the engine. Then the record a state keeps per board: clone, compare,
JSON, positions, what the key reads, and the refusals at their file:line.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.runtime.repetition import board_position_key, times_occurred_on
from rulespec.runtime.state_check import InvalidState

ROOT = Path(__file__).resolve().parents[2]
PEBBLES = ROOT / "rulespec" / "docs" / "ref_games" / "pebbles.rules"


def rulebook_row(state) -> tuple:
    """The row as PB-3 reads it: the colour on each space, from player 1's observation."""
    return tuple(sorted(state.observation(0)["boards"]["row"].items()))


def play_counting(game, seed: int) -> str:
    """A seeded game, each turn start's row counted from the rulebook and held against the engine; the game
    ends at a turn start exactly when a row comes a second time. Returns the end."""
    rng = random.Random(seed)
    state = game.new_game(players=2)
    counts = {rulebook_row(state): 1}
    while not state.is_terminal():
        assert times_occurred_on(state, "row") == counts[rulebook_row(state)]
        state.apply(rng.choice(state.legal_actions()))
        here = rulebook_row(state)
        counts[here] = counts.get(here, 0) + 1  # (one move a turn: each move starts a turn)
        assert (state.is_terminal() and state.outcome()["end"] == "row_seen_before") == (counts[here] == 2)
    return state.outcome()["end"]


def test_the_count_and_the_end_follow_the_rulebook():
    game = rulespec.load(PEBBLES)
    assert game.COUNTS_POSITIONS_ON == ("row",) and not game.COUNTS_POSITIONS
    assert {play_counting(game, seed) for seed in range(40)} == {"row_seen_before"}


def played(game, texts):
    state = game.new_game(players=2)
    for text in texts:
        state.apply(text)
    return state


def written(state) -> dict:
    """The state's records as its JSON writes them (the keys written out as digests)."""
    return json.loads(state.to_json())["seen_on"]


AWAY_AND_BACK = ("player 1: put on 1", "player 2: put on 4", "player 1: take back from 1", "player 2: take back from 4")


def test_what_the_key_reads():
    game = rulespec.load(PEBBLES)
    state = played(game, ("player 1: put on 1", "player 2: put on 2", "player 1: put on 3"))
    key = board_position_key(state, "row")
    cells = state._boards[0]
    whites = [item for item in cells if item >= 0 and game.ITEM_ATTRS["colour"][item] == "white"]
    assert len(whites) == 2
    swapped = state.clone()  # the two white stones trade places: which copy stands where does not count
    swapped._boards[0] = [whites[1] if i == whites[0] else whites[0] if i == whites[1] else i for i in cells]
    assert swapped._boards != state._boards and board_position_key(swapped, "row") == key
    other = state.clone()  # nor the rest of the state: points, the player to move, the turn
    other._counters["stones_put"] = [9, 9]
    other._turn_seat, other._turn_number = 1 - state._turn_seat, 40
    assert board_position_key(other, "row") == key
    moved = state.clone()  # another colour on a space is another position
    black = next(item for item in range(len(game.ITEM_KIND)) if game.ITEM_ATTRS["colour"][item] == "black"
                 and item not in cells)
    moved._boards[0] = [black if i == whites[0] else i for i in cells]
    assert board_position_key(moved, "row") != key


def test_the_record_clones_compares_and_round_trips():
    game = rulespec.load(PEBBLES)
    state = played(game, AWAY_AND_BACK[:3])
    assert times_occurred_on(state, "row") == 1
    twin = state.clone()
    record = state._seen_on
    twin.apply(AWAY_AND_BACK[3])
    assert times_occurred_on(twin, "row") == 2 and twin.is_terminal()
    assert state._seen_on == record and times_occurred_on(state, "row") == 1  # the clone's record is its own
    back = game.from_json(state.to_json())
    assert back == state and written(back) == written(state)
    back.apply(AWAY_AND_BACK[3])  # a record read back holds digests: the row seen again is found among them
    assert times_occurred_on(back, "row") == 2 and back.is_terminal() and written(back) == written(twin)
    assert json.loads(state.to_json())["seen_on"]["row"][-1] == [board_position_key(state, "row"), 1]
    assert "seen" not in json.loads(state.to_json())  # (the whole position is not counted in Pebbles)
    fresh = game.new_game(players=2)  # the same row with another past: unequal states
    assert board_position_key(fresh, "row") == board_position_key(twin, "row") and fresh != twin
    for seat in (0, 1):  # the record is never observed
        view = json.dumps(twin.observation(seat))
        assert "seen_on" not in view and board_position_key(twin, "row") not in view


def test_a_wrong_record_is_refused():
    game = rulespec.load(PEBBLES)
    data = json.loads(played(game, AWAY_AND_BACK[:2]).to_json())
    for seen_on, said in (({"grid": []}, "counts no positions on 'grid' (boards counted: row)"),
                          ({"row": [["0" * 32, 1], ["0" * 32, 1]]}, "each position is listed once"),
                          ({"row": [["0" * 32, 50]]}, "only 3 turns have started"),
                          ({"row": [["xyz", 1]]}, "not a position key")):
        data["seen_on"] = seen_on
        with pytest.raises(InvalidState) as caught:
            game.from_json(json.dumps(data))
        assert said in str(caught.value)
    shuttle = rulespec.load(ROOT / "rulespec" / "docs" / "ref_games" / "shuttle.rules")
    other = json.loads(shuttle.new_game(players=2).to_json())
    assert "seen_on" not in other  # a game that counts no board's positions writes no such record
    other["seen_on"] = {"track": []}
    with pytest.raises(InvalidState) as caught:
        shuttle.from_json(json.dumps(other))
    assert "counts no positions on 'track' (boards counted: none)" in str(caught.value)


def test_a_position_writes_the_record_and_one_written_without_it_has_no_past():
    game = rulespec.load(PEBBLES)
    state = played(game, AWAY_AND_BACK[:3] + ("player 2: put on 3",))
    text = state.to_position()
    assert f"positions seen on row: " in text and f"{board_position_key(state, 'row')} x1" in text
    read = game.position(text)
    assert written(read) == written(state)
    bare = game.position("\n".join(line for line in text.splitlines() if not line.startswith("positions seen on")))
    assert written(bare) == {"row": [[board_position_key(state, "row"), 1]]}
    broken = text.replace("positions seen on row: ", "positions seen on row: nonsense, ")
    with pytest.raises(ValueError) as caught:
        game.position(broken)
    assert "positions seen are written `KEY xN, ...`" in str(caught.value)


def test_a_game_that_does_not_ask_records_nothing():
    game = rulespec.load(ROOT / "rulebooks" / "tic-tac-toe.rules")
    state = game.new_game(players=2)
    state.apply(state.legal_actions()[0])
    assert game.COUNTS_POSITIONS_ON == () and state._seen_on == {}


COUNTED = '''game "G" [G-1]
  id "g"
  players 2 to 2 [G-1]
  at most 20 turns [G-1]

component stone x 2 [G-1]
zone box: shared, public, holds every component in play [G-1]
counter marks per space of pad starts at 0 [G-1]
board pad: rows r 1..1, columns c 1..2, adjacency orthogonal [G-1]:
  face plain [G-1]:
    1 . .

turns go clockwise from player 1, each turn runs turn [G-1]

choice turn(player: seat) by player [G-1]:
  option mark "mark {{c of s}}" [G-1]:
    for s in pad
    add 1 to marks of s
  option unmark "unmark {{c of s}}" [G-1]:
    for s in pad
    only if marks of s > 0
    add -1 to marks of s

end again [G-1]:
  checked {timing}
  when the position on {board} has occurred 2 times
'''


def _checked(tmp_path, text):
    path = tmp_path / "game.rules"
    path.write_text(text)
    return rulespec.compile_rules(path)


def test_the_counts_on_the_spaces_are_the_position(tmp_path):
    _checked(tmp_path, COUNTED.format(timing="at turn start", board="pad"))
    game = rulespec.load(tmp_path / "game.rules")
    state = played(game, ("player 1: mark 1",))
    assert times_occurred_on(state, "pad") == 1
    state.apply("player 2: unmark 1")  # the counts back to 0 0: seen before
    assert state.is_terminal() and state.outcome()["end"] == "again"


def test_an_unknown_board_is_refused_at_its_place(tmp_path):
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, COUNTED.format(timing="at turn start", board="pads"))
    assert "game.rules:26:24: error: `the position on pads has occurred 2 times` counts what a board's spaces " \
           "show, but there is no board `pads`" in str(caught.value)
    assert "did you mean" in str(caught.value) and "pad" in str(caught.value)


def test_an_end_checked_at_another_moment_is_refused(tmp_path):
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, COUNTED.format(timing="after every step", board="pad"))
    assert "game.rules:26:8: error: `the position on pad has occurred 2 times` counts the position at the start " \
           "of this turn, but end `again` is checked after every step" in str(caught.value)


def test_fewer_than_two_times_is_refused(tmp_path):
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, COUNTED.format(timing="at turn start", board="pad").replace("2 times", "1 times"))
    assert "asks for a position seen 1 times" in str(caught.value)
