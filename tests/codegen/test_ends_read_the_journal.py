"""The indexed ends read the spaces written since they last held false from the state's own journal of writes
(State._written), trusted, not checked against a copy of the board (rulespec.runtime.ends): the ends
checked both ways every step (verify_indexed_ends: each check also tests every end in full) over seeded
games where the journal meets everything that could make it lie: a state read back from JSON, a clone, a
position, a step that fails half-way and is undone, a look-ahead that writes and puts back, a record older
than the journal (the journal emptied at WRITTEN_KEPT)."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.runtime import common, state as state_module
from rulespec.runtime.ends import verify_indexed_ends

ROOT = Path(__file__).resolve().parents[2]
TTT = (ROOT / "rulebooks" / "tic-tac-toe.rules").read_text()
RULES_ONLY = TTT[:TTT.index("\nexample ")]  # (the examples are the rulebook's, on its 3 x 3 grid)
MARK = '''    place any(m in supply where symbol of m = symbol of player) on s
'''
FACE = "    1 . . .\n    2 . . .\n    3 . . .\n"


def variant(tmp_path, name: str, *changes: tuple[str, str]):
    text = RULES_ONLY.replace('id "tic-tac-toe"', f'id "{name}"')
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / f"{name}.rules"
    path.write_text(text)
    game = type(rulespec.load(str(path)))()  # (an engine of its own: the switch reaches no other test)
    verify_indexed_ends(game)
    assert game._after_step.__wrapped__ is game.END_CHECKS["after_step"]  # (each check tested both ways)
    return game


# Four in a row on a 7 x 7 board, as gomoku's five on its board: each step changes one space of many lines.
GOMOKU = (("rows row 1..3, columns col 1..3", "rows row 1..7, columns col 1..7"),
          (FACE, "".join(f"    {r}" + " ." * 7 + "\n" for r in range(1, 8))),
          ("x 5", "x 25"), ("at most 9 turns", "at most 49 turns"),
          ("line of 3 from s towards d where mine(t, p)) = 3", "line of 4 from s towards d where mine(t, p)) = 4"))
# A second option that places and then fails (the pile is always empty): apply() undoes the step by replaying.
BROKEN = (("zone supply: shared, public, holds every component in play [TTT-1]\n",
           "zone supply: shared, public, holds every component in play [TTT-1]\nzone pile: shared, public, stacked [TTT-1]\n"),
          (MARK, MARK + '''  option broken "{symbol of player} and the pile's top on row {row of s} column {col of s}" [TTT-3]:
    for s in grid
    only if s is empty
    place any(m in supply where symbol of m = symbol of player) on s
    move top of pile to supply
'''))
# A mark allowed only where the board would still have an empty space or a line after it: a look-ahead places
# and puts back between the checks, for every space listed.
AHEAD = ((MARK, MARK.replace("    place", "    only if count(t in grid where t is empty) < 9 after it\n    place")),)


def play(game, rng: random.Random, games: int) -> tuple[int, int]:
    """Seeded random games through the public API, the state now and then replaced by its JSON read back, its
    clone or its position; a step that fails is undone by apply(). (finished games, steps that failed)."""
    finished = failed = 0
    for _ in range(games):
        state = game.new_game(players=2)
        while not state.is_terminal():
            try:
                state.apply(rng.choice(state.legal_actions()))
            except rulespec.RuleRuntimeError:
                failed += 1
                continue
            roll = rng.random()
            if roll < 0.1:
                state = game.from_json(state.to_json())
            elif roll < 0.2:
                state = state.clone()
            elif roll < 0.25 and not state.is_terminal():
                state = game.position(state.to_position())
        finished += 1
    return finished, failed


def test_four_in_a_row_on_a_large_board_reads_the_journal_exactly(tmp_path):
    game = variant(tmp_path, "gomoku-like", *GOMOKU)
    assert "index_three" in game.END_CHECKS["after_step"].__globals__  # (indexed, as tic-tac-toe's)
    wins = 0
    rng = random.Random(40)
    for _ in range(30):
        state = game.new_game(players=2)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        wins += bool(state.outcome()["winners"])
    assert wins >= 20  # (most games are won by a line: the index is exercised where it holds)
    assert play(game, random.Random(41), 20)[0] == 20


def test_a_step_undone_half_way_leaves_a_journal_the_ends_can_trust(tmp_path):
    game = variant(tmp_path, "tic-tac-toe-broken", *BROKEN)
    finished, failed = play(game, random.Random(42), 60)
    assert finished == 60 and failed >= 20  # (the broken option is half of every listing)


def test_a_look_ahead_s_writes_put_back_leave_the_journal_as_it_was(tmp_path):
    game = variant(tmp_path, "tic-tac-toe-ahead", *AHEAD)
    state = game.new_game(players=2)
    state.apply(state.legal_actions()[0])
    written, mark = list(state._written), state._ends_seen[("after_step", 0)]
    assert len(state.legal_actions()) == 8  # each of them placed and put back by a look-ahead
    assert state._written == written and state._ends_seen[("after_step", 0)] == mark == state._writes()
    assert play(game, random.Random(43), 60)[0] == 60


def test_a_record_older_than_the_journal_tests_every_unit(tmp_path, monkeypatch):
    monkeypatch.setattr(state_module, "WRITTEN_KEPT", 3)  # (the journal emptied every few writes)
    game = variant(tmp_path, "gomoku-like-short-journal", *GOMOKU)
    assert common.WRITTEN_KEPT > 3 and play(game, random.Random(44), 20)[0] == 20
    index = game.END_CHECKS["after_step"].__globals__["index_three"]
    state = game.new_game(players=2)
    # The set-up's end check (Engine._advance, once the set-up's steps are done) recorded the empty board.
    assert state._ends_seen == {("after_step", 0): 0}
    state._ends_seen = {}
    every = index.units(state)  # no record: every unit
    assert every
    for _ in range(4):
        state.apply(state.legal_actions()[0])
        assert index.units(state) == ()  # just checked: nothing written since
    assert state._written_before == 4 and not state._written  # the journal emptied at its fourth write
    state._ends_seen = {("after_step", 0): 3}  # a record of three writes: older than the journal
    assert index.units(state) == every


@pytest.mark.parametrize("game_id, games", [("breakthrough", 6), ("connect-four", 40),
                                            ("breakthrough/breakthrough-six-by-six", 10)])
def test_moves_that_write_several_spaces_read_each_of_them(game_id, games):
    game = type(rulespec.load(game_id))()  # (a move writes where the piece left and where it landed)
    verify_indexed_ends(game)
    assert play(game, random.Random(game_id), games)[0] == games
