"""Positions a person can write down (issue #14, item 5): state.to_position() and game.position(text).

Round trip: for seeded random states of every bundled game, gallery game and reference game (and the
variants that change what a state holds: bottles, a two-legged match, the advanced game), reading a
state's position back gives a state with the same legal actions, chance outcomes, observation for
every seat, outcome and position. Then the notation itself (a tic-tac-toe board as one line, runs and
copies in zones, `the rest`), and refusals at line and column, with nothing built.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as hs

import rulespec
from rulespec.runtime.engine import random_step
from rulespec.runtime.position import InvalidPosition

ROOT = Path(__file__).resolve().parents[2]
REF = ROOT / "rulespec" / "docs" / "ref_games"
GAMES = [("tic-tac-toe", ()), ("kuhn-poker", ()), ("connect-four", ()), ("shell-we", ()), ("shell-we", ("bottles",)),
         ("shell-we", ("two_legged",)), ("let-them-eat-shrimp", ()), ("let-them-eat-shrimp", ("advanced",)),
         ("shrimp", ()), ("shell-we/three-tiles", ()), ("kuhn-poker/kuhn-poker-ante-two", ())] + \
        [(str(p), ()) for p in sorted(REF.glob("*.rules"))]


@functools.lru_cache(maxsize=None)
def game(name: str, variants: tuple = ()):
    return rulespec.load(name, variants=list(variants))


def same_observables(a, b) -> None:
    assert a.to_position() == b.to_position()
    assert a.legal_actions() == b.legal_actions()
    assert a.chance_outcomes() == b.chance_outcomes()
    assert a.outcome() == b.outcome()
    assert a.is_terminal() == b.is_terminal()
    for seat in range(a.players):
        assert a.observation(seat) == b.observation(seat)
        assert a.returns() == b.returns()


def states_of(engine, players: int, seed: int, every: int = 5, limit: int = 400):
    rng, state, steps = random.Random(seed), engine.new_game(players), 0
    while True:
        if steps % every == 0 or state.is_terminal():
            yield state.clone()
        if state.is_terminal() or steps >= limit:
            return
        state.apply(random_step(state, rng))
        steps += 1


@pytest.mark.parametrize("name,variants", GAMES, ids=lambda v: "+".join(v) if isinstance(v, tuple) else Path(v).stem)
def test_every_game_round_trips_through_its_position(name, variants):
    engine = game(name, variants)
    seen = 0
    for players in range(engine.min_players, engine.max_players + 1):
        for state in states_of(engine, players, seed=players):
            text = state.to_position()
            back = engine.position(text)
            same_observables(state, back)
            # and the state read back plays on like the original
            if not state.is_terminal():
                action = state.legal_actions()[0]
                state.apply(action)
                back.apply(action)
                same_observables(state, back)
            seen += 1
    assert seen > 0


@settings(max_examples=25, deadline=None)
@given(case=hs.sampled_from(GAMES[:11]), seed=hs.integers(0, 10_000), steps=hs.integers(0, 300), data=hs.data())
def test_random_states_round_trip(case, seed, steps, data):
    engine = game(*case)
    players = data.draw(hs.integers(engine.min_players, engine.max_players), label="players")
    rng, state = random.Random(seed), engine.new_game(players)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(random_step(state, rng))
    same_observables(state, engine.position(state.to_position()))


def test_a_tic_tac_toe_board_on_one_line():
    ttt = game("tic-tac-toe")
    state = ttt.position("grid: x.o/.x./..o (x = cross, o = nought)\nturn 5 of player 1\n")
    assert state.observation(0)["boards"]["grid"] == {"1 1": "cross", "1 3": "nought", "2 2": "cross",
                                                      "3 3": "nought"}
    assert "player 1: cross on row 3 column 1" in [str(a) for a in state.legal_actions()]
    assert state.observation(0)["zones"]["supply"]["size"] == 6
    written = state.to_position()
    assert "grid: c.n/.c./..n (c = cross, n = nought)" in written  # its own letters, with the key
    state.apply("player 1: cross on row 3 column 1")
    assert not state.is_terminal()
    state.apply("player 2: nought on row 2 column 3")
    assert state.outcome()["winners"] == [1]  # nought: 1 3, 2 3, 3 3


def test_the_diagram_block_reads_like_the_rule_files_map():
    ttt = game("tic-tac-toe")
    block = ttt.position("grid (x = cross, o = nought):\n  1 x . o\n  2 . x .\n  3 . . o\nturn 5 of player 1\n")
    line = ttt.position("grid: x.o/.x./..o (x = cross, o = nought)\nturn 5 of player 1\n")
    assert block == line


def test_zones_take_runs_copies_and_the_rest():
    shell = game("shell-we")
    state = shell.position("""
players 4
beach:
  red 4: red 4
rack of player 1: red 3, starfish, green 0
rack of player 2: purple 17
rack of player 3: purple 16
rack of player 4: purple 15
bag: green 1..3, starfish x2
box: the rest
""")
    assert state.observation(0)["zones"]["rack"][0]["items"] == ["green 0", "red 3", "starfish"]
    assert state.observation(0)["zones"]["bag"] == {"size": 5}
    assert state.observation(0)["zones"]["box"]["size"] == 105 - 1 - 3 - 3 - 5
    assert state.current_player() == 0 and "player 1: draw two tiles" in [str(a) for a in state.legal_actions()]
    assert "bag: green 1..3, starfish x2" in state.to_position()


def test_what_the_position_leaves_out_goes_where_the_game_starts_it():
    shell = game("shell-we")
    state = shell.position("players 2\nbeach:\n  blue 4: blue 4\nrack of player 1: green 10\nrack of player 2: "
                           "yellow 10\n")
    fresh = shell.new_game(2)
    assert state.observation(0)["zones"]["bag"]["size"] == sum(len(r) for r in fresh._zones) - \
        fresh.observation(0)["zones"]["box"]["size"] - 3  # everything in play but the three written
    assert state.observation(0)["zones"]["box"]["items"] == fresh.observation(0)["zones"]["box"]["items"]


@pytest.mark.parametrize("text,line,column,words", [
    ("grid: x.o/.x./..q (x = cross, o = nought)", 1, 17, "'q' is not in the key"),
    ("grid: x.o/.x. (x = cross, o = nought)", 1, 7, "has 3 rows, not 2"),
    ("grid: x.o/.x./... (x = crosss, o = nought)", 1, 24, "no component shown as 'crosss'"),
    ("turn 1 of player 1\nsuply: cross", 2, 1, "no zone or board 'suply'"),
    ("supply: cross x9", 1, 9, "every 'cross' is written already"),
    ("game shell-we", 1, 6, "not of 'tic-tac-toe'"),
    ("players 2\ncounter goals: 3", 2, 9, "no counter"),
    ("pending turn(player 3)", 1, 14, "no player"),
    ("pending trun(player 1)", 1, 9, "no step 'trun'"),
    ("grid: xxx/ooo/... (x = cross, o = nought)\ngame over: three, winners player 7", 2, 27, "no player 7"),
    ("grid: xxx/ooo/... (x = cross, o = nought)\ngame over: thre, winners player 1", 2, 12, "cannot read"),
    ("grid:\n  1 1: cross\n  1 1: nought", 3, 3, "already holds 'cross'"),
    ("phase lunch", 1, 1, "phase setup"),
])
def test_a_bad_position_is_refused_at_its_line_and_column(text, line, column, words):
    ttt = game("tic-tac-toe")
    with pytest.raises(InvalidPosition) as caught:
        ttt.position(text)
    error = caught.value
    assert words in str(error)
    assert (error.line, error.column) == (line, column), str(error)
    assert isinstance(error, rulespec.InvalidState) and isinstance(error, ValueError)


def test_a_misspelled_label_gets_a_did_you_mean():
    with pytest.raises(InvalidPosition, match="did you mean 'starfish'"):
        game("shell-we").position("players 2\nrack of player 1: starfsh\n")


def test_the_checks_of_from_json_run_on_what_was_read():
    # Every component written, two in one place: the runtime's own check names the part, at the zone's line.
    with pytest.raises(InvalidPosition) as caught:
        game("kuhn-poker").position("players 2\nhand of player 1: jack\nhand of player 2: queen\ndeck: king\n"
                                    "counter staked: 1, 1\npending turn(player 1)\ncounter folded: 2, x\n")
    assert caught.value.line == 7 and "whole numbers" in str(caught.value)
    with pytest.raises(InvalidPosition) as caught:  # a turn step on top that is no decision
        game("kuhn-poker").position("players 2\npending pay_the_pot(player 1)\n")
    assert caught.value.line == 2 and "no decision" in str(caught.value)


def test_a_position_reads_only_text():
    with pytest.raises(TypeError):
        game("tic-tac-toe").position(b"grid: ...")
    with pytest.raises(InvalidPosition, match="at most"):
        game("tic-tac-toe").position("#" * 300_000)


def test_hidden_order_is_written_bottom_first():
    shrimp = game("shrimp")
    state = next(s for s in states_of(shrimp, 3, seed=1, every=1) if any(len(z) > 2 for z in s._zones[1:4]))
    back = shrimp.position(state.to_position())
    assert back._zones == state._zones  # stacked decks keep their order, hidden or not


EXAMPLE = '''extends "tic-tac-toe"

example written "A position on one line" [TTT-4]:
  given 2 players
  given position:
    "# noughts on the right"
    "grid: x.o/.x./..o (x = cross, o = nought)"
    "turn 5 of player 1"
  then "player 1: cross on row 1 column 2" is legal
  when "player 1: cross on row 3 column 1"
  when "player 2: nought on row 2 column 3"
  then game over by three
'''


def test_an_example_starts_from_a_written_position(tmp_path):
    from rulespec.pipeline.examples import run_examples
    path = tmp_path / "written.rules"
    path.write_text(EXAMPLE, encoding="utf-8")
    results = {r.name: r for r in run_examples(rulespec.load(str(path)))}
    assert results["written"].passed, results["written"].message
    # the same example with the last move elsewhere fails: the position is what the game went on from
    path.write_text(EXAMPLE.replace("nought on row 2 column 3", "nought on row 1 column 2"), encoding="utf-8")
    results = {r.name: r for r in run_examples(rulespec.load(str(path)))}
    assert not results["written"].passed and "three" in results["written"].message


def test_a_bad_position_in_an_example_is_a_rule_error_at_its_place(tmp_path):
    path = tmp_path / "bad.rules"
    path.write_text(EXAMPLE.replace("x.o/.x./..o", "x.o/.x./..q"), encoding="utf-8")
    with pytest.raises(rulespec.RuleError) as caught:
        rulespec.load(str(path))
    (diagnostic,) = caught.value.diagnostics
    line = EXAMPLE.splitlines().index('    "grid: x.o/.x./..o (x = cross, o = nought)"') + 1
    assert (diagnostic.line, diagnostic.column) == (line, 6 + len("grid: x.o/.x./..")) and \
        "'q' is not in the key" in diagnostic.message, caught.value.render()
    assert caught.value.render().splitlines()[1].endswith('"grid: x.o/.x./..q (x = cross, o = nought)"')


def test_a_position_for_more_players_than_the_game_seats_is_refused(tmp_path):
    from rulespec.pipeline.examples import run_examples
    path = tmp_path / "players.rules"
    path.write_text(EXAMPLE.replace('"turn 5 of player 1"', '"turn 5 of player 1"\n    "players 3"'),
                    encoding="utf-8")
    with pytest.raises(rulespec.RuleError, match="played by 2 to 2 players, not 3"):
        run_examples(rulespec.load(str(path)))


FRAGMENTS = ["grid:", " x.o/.x./..o", " (x = cross, o = nought)", "(", ")", ":", ",", " ", "  ", "\n", "supply: ",
             "cross", "nought", " x3", " x99999999999", "..", "1..3", "the rest", "empty", "pending ", "turn(",
             "player 1", "player 0", "player -1", "player 99", "counter ", "queued in ", "game over: ", "three",
             ", winners ", "no winners", "{", "}", "[", "]", '"', "turn 3 of player 2", "phase setup", "phase ",
             "option ", " = ", "variant x", "leg 2", "legs played: ", "next seat ", "#", "-", ".", "item 3",
             "item 99", " by player 2", " as ", " replacing ", "1 1: cross", "\t", "\r\n", "é", "\u202e"]


@settings(max_examples=300, deadline=None)
@given(pieces=hs.lists(hs.sampled_from(FRAGMENTS) | hs.text(max_size=6), max_size=30))
def test_any_text_is_read_or_refused_at_a_line_and_column(pieces):
    ttt = game("tic-tac-toe")
    text = "".join(pieces)
    try:
        state = ttt.position(text)
    except InvalidPosition as error:
        assert error.line >= 1 and error.column >= 1 and error.reason
        return
    same_observables(state, ttt.position(state.to_position()))  # what it accepts is a state that reads back


@settings(max_examples=100, deadline=None)
@given(seed=hs.integers(0, 10_000), cut=hs.integers(0, 400), junk=hs.text(max_size=8))
def test_a_damaged_position_is_refused_or_read(seed, cut, junk):
    shell = game("shell-we")
    rng, state = random.Random(seed), shell.new_game(3)
    for _ in range(seed % 40):
        state.apply(random_step(state, rng))
    text = state.to_position()
    cut = cut % max(1, len(text))
    damaged = text[:cut] + junk + text[cut + len(junk):]
    try:
        back = shell.position(damaged)
    except InvalidPosition as error:
        assert error.line >= 1 and error.column >= 1
        return
    same_observables(back, shell.position(back.to_position()))
