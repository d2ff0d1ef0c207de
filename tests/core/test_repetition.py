"""`the position has occurred N times` (issue #39, item 6), held to a count of Shuttle's positions kept from
its rulebook (rulespec/docs/ref_games/shuttle.rules), not from the engine: a position is where the two
tokens stand, each player's goals, whether a draw was claimed and who is to move, counted when a turn starts.
Then the record a state keeps: clone, compare, JSON, positions, what the key reads, and the refusals.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.runtime import repetition
from rulespec.runtime.repetition import NOT_POSITION, POSITION, position_key, times_occurred
from rulespec.runtime.state_check import InvalidState

ROOT = Path(__file__).resolve().parents[2]
SHUTTLE = ROOT / "rulespec" / "docs" / "ref_games" / "shuttle.rules"


def rulebook_position(state) -> tuple:
    """Shuttle's position as its rulebook says it (SH-4), read from player 1's observation."""
    view = state.observation(0)
    return (tuple(sorted(view["boards"]["track"].items())), tuple(view["counters"]["goals"]),
            view["counters"]["claimed"], view["turn_player"])


def play_counting(game, seed: int, repeats: int) -> tuple[int, str]:
    """A seeded game, each turn start's position counted from the rulebook and held against the engine:
    the claim is offered exactly from the second time (without the variant), the game ends at turn start
    exactly when a position comes for the ``repeats``-th time. Returns the most a position was seen and the
    end."""
    rng = random.Random(seed)
    state = game.new_game(players=2)
    counts = {rulebook_position(state): 1}
    most = 1
    while not state.is_terminal():
        actions = state.legal_actions()
        claims = [a for a in actions if a.text == "claim a draw"]
        moves = [a for a in actions if a.text != "claim a draw"]
        seen = counts[rulebook_position(state)]
        assert times_occurred(state) == seen
        assert bool(claims) == (repeats == 3 and seen >= 2)
        turn = state.observation(0)["turn"]
        state.apply(claims[0] if claims and rng.random() < 0.1 or not moves else rng.choice(moves))
        if state.observation(0)["turn"] != turn:  # a turn started: its position is seen once more
            here = rulebook_position(state)
            counts[here] = counts.get(here, 0) + 1
            most = max(most, counts[here])
            ended_by_repetition = state.is_terminal() and state.outcome()["end"] in ("repetition", "repeated")
            assert ended_by_repetition == (counts[here] == repeats), (seed, state.history)
    return most, state.outcome()["end"]


@pytest.mark.parametrize("variant, repeats, end", [(None, 3, "repetition"), ("sudden", 2, "repeated")])
def test_the_count_and_the_ends_follow_the_rulebook(variant, repeats, end):
    game = rulespec.load(SHUTTLE, variants=[variant] if variant else [])
    results = [play_counting(game, seed, repeats) for seed in range(60)]
    assert any(found == end for _, found in results)  # the repetition end was reached
    assert any(found != end for _, found in results)  # and the others too
    assert max(most for most, _ in results) == repeats


def shuttled(game, times: int):
    """Player 1 and player 2 step out and back ``times`` times: the opening position comes back each time."""
    state = game.new_game(players=2)
    for _ in range(times):
        for text in ("player 1: move to 2", "player 2: move to 4", "player 1: move to 1", "player 2: move to 5"):
            state.apply(text)
    return state


def written(state) -> list:
    """The state's record as its JSON writes it (the keys written out as digests)."""
    return json.loads(state.to_json())["seen"]


def test_the_record_clones_compares_and_round_trips():
    game = rulespec.load(SHUTTLE)
    state = shuttled(game, 1)
    assert times_occurred(state) == 2
    twin = state.clone()
    assert twin == state and times_occurred(twin) == 2
    record = dict(state._seen)
    twin.apply("player 1: move to 2")  # the position after player 1's first move, seen a second time
    assert times_occurred(twin) == 2 and twin._seen != record
    assert state._seen == record and times_occurred(state) == 2  # the clone's record is its own
    back = game.from_json(state.to_json())
    assert back == state and written(back) == written(state)
    assert written(back)[-1] == [position_key(state), 2]  # the current turn's position stays the last
    back.apply("player 1: move to 2")  # a record read back holds digests: the position is found among them
    assert times_occurred(back) == 2 and written(back) == written(twin)
    assert json.loads(state.to_json())["seen"][-1] == [position_key(state), 2]
    # The same board, reached without the repetition: an equal position, a different record, unequal states.
    fresh = game.new_game(players=2)
    assert position_key(fresh) == position_key(state) and fresh != state


def test_a_document_without_a_record_reads_as_none_seen_and_a_wrong_one_is_refused():
    game = rulespec.load(SHUTTLE)
    data = json.loads(shuttled(game, 1).to_json())
    data.pop("seen")
    assert game.from_json(json.dumps(data))._seen == {}
    for seen, said in (([["0" * 32, 1], ["0" * 32, 1]], "each position is listed once"),
                       ([["0" * 32, 50]], "only 5 turns have started"),
                       ([["xyz", 1]], "not a position key"),
                       ([["0" * 32, 0]], "state.seen[0][1]")):
        data["seen"] = seen
        with pytest.raises(InvalidState) as caught:
            game.from_json(json.dumps(data))
        assert said in str(caught.value)
    other = json.loads(rulespec.load(ROOT / "rulespec" / "docs" / "ref_games" / "stranded.rules")
                       .new_game(players=2).to_json())
    assert "seen" not in other  # a game that counts no positions writes no record
    other["seen"] = []
    with pytest.raises(InvalidState) as caught:
        rulespec.load(ROOT / "rulespec" / "docs" / "ref_games" / "stranded.rules").from_json(json.dumps(other))
    assert "counts no positions" in str(caught.value)


def test_a_position_writes_its_record_and_one_written_without_it_has_no_past():
    game = rulespec.load(SHUTTLE)
    state = shuttled(game, 1)
    text = state.to_position()
    assert "positions seen: " in text and f"{position_key(state)} x2" in text
    read = game.position(text)
    assert written(read) == written(state) and written(read)[-1][0] == position_key(state)
    bare = game.position("\n".join(line for line in text.splitlines() if not line.startswith("positions seen:")))
    assert position_key(bare) == position_key(state)
    assert written(bare) == [[position_key(state), 1]] and times_occurred(bare) == 1
    assert "claim a draw" not in [a.text for a in bare.legal_actions()]


def test_what_the_key_reads():
    game = rulespec.load(SHUTTLE)
    state = game.new_game(players=2)
    key = position_key(state)
    # How the game got here is not the position: the same tokens, goals and player to move after a round trip.
    assert position_key(shuttled(game, 1)) == key
    changed = state.clone()
    changed._counters["claimed"] = 1
    assert position_key(changed) != key  # a counter
    changed = state.clone()
    changed._turn_seat = 1
    assert position_key(changed) != key  # the player to move
    changed = state.clone()
    changed._turn_number, changed.history, changed.fired = 9, ["player 1: move to 2"], {"x": 1}
    assert position_key(changed) == key
    included = set(state._to_dict()) - NOT_POSITION
    assert {"zones", "boards", "counters", "turn_seat", "phase", "queues", "next_seat", "leg"} <= included


def test_a_counter_not_part_of_the_position_is_left_out():
    """Shuttle's `counter moves ..., not part of the position` (SH-7): the moves made differ, the position
    does not; the other counters still count, and the engine names the counter it leaves out."""
    game = rulespec.load(SHUTTLE)
    assert game.NOT_POSITION_COUNTERS == ("moves",)
    state = game.new_game(players=2)
    back = shuttled(game, 1)
    assert back._counters["moves"] == 4 and state._counters["moves"] == 0
    assert position_key(back) == position_key(state) and times_occurred(back) == 2
    changed = state.clone()
    changed._counters["moves"] = 99
    assert position_key(changed) == position_key(state)
    changed._counters["claimed"] = 1
    assert position_key(changed) != position_key(state)
    assert rulespec.load(ROOT / "rulebooks" / "tic-tac-toe.rules").NOT_POSITION_COUNTERS == ()


def test_an_attribute_that_changes_is_in_the_position():
    """Flips' discs change colour (State._attrs, the document's `attributes`): a disc turned is another position."""
    game = rulespec.load(ROOT / "rulespec" / "docs" / "ref_games" / "flips.rules")
    state = game.new_game(players=2)
    state.apply("player 1: put black on 1 1")
    assert "attributes" in state._to_dict() and "attributes" not in NOT_POSITION
    turned = state.clone()
    item = next(cell for cell in turned._boards[0] if cell >= 0)
    turned._set_attr("colour", item, "white")
    assert turned._boards == state._boards and position_key(turned) != position_key(state)


@pytest.mark.parametrize("rules", [SHUTTLE, ROOT / "rulespec" / "docs" / "ref_games" / "flips.rules",
                                   ROOT / "rulespec" / "docs" / "ref_games" / "pebbles.rules",
                                   ROOT / "rulebooks" / "chess.rules", ROOT / "rulebooks" / "oware.rules"])
def test_every_part_of_a_state_is_named_the_position_or_not(rules):
    """The key reads the parts named in POSITION: a part a state gains must be named there or in NOT_POSITION,
    or this fails (the document is every part a state holds)."""
    state = rulespec.load(rules).new_game(players=2)
    state.apply(state.legal_actions()[0])
    assert set(state._to_dict()) <= POSITION | NOT_POSITION and not POSITION & NOT_POSITION


def test_a_digest_collision_counts_no_two_positions_as_one(monkeypatch):
    """The record compares exact keys: with every digest alike, the counts still follow the rulebook."""
    monkeypatch.setattr(repetition, "_digest", lambda text: "0" * 32)
    game = rulespec.load(SHUTTLE)
    assert {end for _, end in (play_counting(game, seed, 3) for seed in range(10))} >= {"repetition"}


def test_the_record_is_not_observed():
    game = rulespec.load(SHUTTLE)
    once, twice = game.new_game(players=2), shuttled(game, 1)
    for seat in (0, 1):
        assert once.observation(seat)["boards"] == twice.observation(seat)["boards"]
        assert "seen" not in json.dumps(twice.observation(seat))


def test_a_game_that_does_not_ask_records_nothing():
    game = rulespec.load(ROOT / "rulespec" / "docs" / "ref_games" / "stranded.rules")
    state = game.new_game(players=2)
    state.apply(state.legal_actions()[0])
    assert not game.COUNTS_POSITIONS and state._seen == {}


GAME = '''game "G" [G-1]
  id "g"
  players 2 to 2 [G-1]
  at most 20 turns [G-1]

option repeats "Repeats": {values} default {default} [G-1]
counter taken per player starts at 0 [G-1]
{turns}
choice turn(player: seat) by player [G-1]:
  option take "take" [G-1]:
    add 1 to taken of player

end repeated [G-1]:
  checked at turn start
  when the position has occurred {times} times
'''
TURNS = "\nturns go clockwise from player 1, each turn runs turn [G-1]\n"


def _checked(tmp_path, text):
    path = tmp_path / "game.rules"
    path.write_text(text)
    return rulespec.compile_rules(path)


@pytest.mark.parametrize("times, said", [
    ("1", "game.rules:17:34: error: `the position has occurred 1 times` asks for a position seen 1 times, but it "
          "says 1"),
    ("0", "asks for a position seen 0 times"),
    ("repeats", "`repeats` can be 1"),
])
def test_fewer_than_two_times_is_refused_at_its_place(tmp_path, times, said):
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, GAME.format(values="1, 3", default="3", turns=TURNS, times=times))
    message = str(caught.value)
    assert said in message
    assert "the position at a turn start has always occurred at least once" in message


def test_a_numeric_option_of_two_or_more_is_accepted(tmp_path):
    _checked(tmp_path, GAME.format(values="2, 3", default="3", turns=TURNS, times="repeats"))
    game = rulespec.load(tmp_path / "game.rules", options={"repeats": "2"})
    assert game.COUNTS_POSITIONS


def test_a_count_that_is_no_number_is_refused(tmp_path):
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, GAME.format(values="2, 3", default="3", turns=TURNS, times="player 1"))
    assert "game.rules:17:34: error: `player 1` is a player" in str(caught.value)


def test_a_game_without_turns_is_refused(tmp_path):
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, GAME.format(values="2, 3", default="3", turns="", times="2"))
    assert "counts the positions at the start of each turn, but the game has no turns" in str(caught.value)


@pytest.mark.parametrize("timing, said", [("after every step", "after every step"),
                                          ("after every turn", "after every turn")])
def test_an_end_checked_at_another_moment_is_refused(tmp_path, timing, said):
    text = GAME.format(values="2, 3", default="3", turns=TURNS, times="2").replace("checked at turn start",
                                                                                   f"checked {timing}")
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, text)
    message = str(caught.value)
    assert f"game.rules:17:8: error: `the position has occurred 2 times` counts the position at the start of this " \
           f"turn, but end `repeated` is checked {said}" in message
    assert "write `checked at turn start`" in message


def test_two_copies_alike_that_swap_places_leave_the_position_as_it_was():
    """A position is what the pieces show, not which copy stands where (FIDE's and OpenSpiel's repetition: two
    white knights that swap squares repeat the position); a zone that is not stacked is the same in any order."""
    game = rulespec.load(ROOT / "rulebooks" / "chess.rules")
    state = game.new_game(players=2)
    board = state._boards[0]
    knights = [cell for cell, item in enumerate(board) if item >= 0 and "knight" in state._labels[item]
               and state._labels[item] == state._labels[board[cell]]]
    first = next(cell for cell in knights if any(state._labels[board[other]] == state._labels[board[cell]]
                                                 for other in knights if other != cell))
    second = next(other for other in knights if other != first and state._labels[board[other]] == state._labels[board[first]])
    swapped = state.clone()
    swapped._boards[0] = list(board)
    swapped._boards[0][first], swapped._boards[0][second] = board[second], board[first]
    assert swapped._boards != state._boards and position_key(swapped) == position_key(state)
    moved = state.clone()
    moved._boards[0] = list(board)
    moved._boards[0][first], moved._boards[0][first - 1 if board[first - 1] < 0 else first + 8] = -1, board[first]
    assert position_key(moved) != position_key(state)  # a knight elsewhere: another position
    # Chess makes only the pieces it sets up: two of them taken, in either order, are the same position.
    taken = next(number for number, zone in enumerate(game.ZONES) if zone.name == "taken")
    assert taken not in state._t.stacked and not state._zones[taken]
    rook, knight = [cell for cell, item in enumerate(board) if item >= 0][:2]
    assert state._labels[board[rook]] != state._labels[board[knight]]
    orders = []
    for order in ((rook, knight), (knight, rook)):
        taken_so = state.clone()
        taken_so._boards[0] = list(board)
        taken_so._boards[0][rook] = taken_so._boards[0][knight] = -1
        taken_so._zones[taken] = [board[cell] for cell in order]
        orders.append(taken_so)
    assert orders[0]._zones != orders[1]._zones and position_key(orders[0]) == position_key(orders[1])
