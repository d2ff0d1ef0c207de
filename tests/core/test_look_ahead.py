"""A hypothetical move, `only if C after it` (issue #39 item 7), held to an enumeration of Cornered's moves
written from its rulebook (rulespec/docs/ref_games/cornered.rules), not from the engine: a king steps one
square, the rook slides along its row or column over empty squares, either may take a piece of the other
colour, and no move may leave the mover's own king attacked. Checkmate and stalemate are that listing
empty, with the king attacked or not. Every move lands by the automatic step `arrive` its `then` starts, which
the look-ahead runs too. Then what the look-ahead runs through (automatic steps, in the game's order) and what
it cannot (a decision, chance, a replacement), refused at its line.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.docs.english import English
from rulespec.language.errors import RuleError

ROOT = Path(__file__).resolve().parents[2]
CORNERED = ROOT / "rulespec" / "docs" / "ref_games" / "cornered.rules"
COLOURS = ("white", "black")
SQUARES = [(row, col) for row in range(1, 5) for col in range(1, 5)]


def rook_reaches(board: dict, a: tuple, b: tuple) -> bool:
    if a == b or (a[0] != b[0] and a[1] != b[1]):
        return False
    if a[0] == b[0]:
        between = [(a[0], c) for c in range(min(a[1], b[1]) + 1, max(a[1], b[1]))]
    else:
        between = [(r, a[1]) for r in range(min(a[0], b[0]) + 1, max(a[0], b[0]))]
    return not any(square in board for square in between)


def attacked(board: dict, square: tuple, colour: str) -> bool:
    """Whether a piece not of ``colour`` could move onto ``square``."""
    for at, piece in board.items():
        owner, kind = piece.split()
        if owner == colour:
            continue
        if kind == "king" and max(abs(at[0] - square[0]), abs(at[1] - square[1])) == 1:
            return True
        if kind == "rook" and rook_reaches(board, at, square):
            return True
    return False


def in_check(board: dict, colour: str) -> bool:
    return attacked(board, next(at for at, piece in board.items() if piece == f"{colour} king"), colour)


def legal_moves(board: dict, colour: str) -> set[str]:
    """Every move of ``colour`` that does not leave its own king attacked."""
    found = set()
    for at, piece in board.items():
        owner, kind = piece.split()
        if owner != colour:
            continue
        for to in SQUARES:
            reaches = (max(abs(at[0] - to[0]), abs(at[1] - to[1])) == 1 if kind == "king"
                       else rook_reaches(board, at, to))
            if not reaches or board.get(to, "").startswith(colour):
                continue
            after = {k: v for k, v in board.items() if k != at}
            after[to] = piece
            if not in_check(after, colour):
                found.add(f"{kind} {at[0]} {at[1]} to {to[0]} {to[1]}")
    return found


def board_of(state) -> dict:
    return {tuple(map(int, label.split())): piece for label, piece in state.observation(0)["boards"]["grid"].items()}


def test_random_games_match_a_listing_written_from_the_rulebook():
    game = rulespec.load(CORNERED)
    ends: dict[str, int] = {}
    decisions = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_game(2)
        while not state.is_terminal():
            seat = state.current_player()
            board = board_of(state)
            legal = legal_moves(board, COLOURS[seat])
            assert {action.text for action in state.legal_actions()} == legal, f"seed {seed}: {board}"
            assert legal, f"seed {seed}: player {seat + 1} is offered a move with none legal"
            decisions += 1
            state.apply(rng.choice(state.legal_actions()))
        outcome, view = state.outcome(), state.observation(0)
        board, mover = board_of(state), view["turn_player"]
        ends[outcome["end"]] = ends.get(outcome["end"], 0) + 1
        if outcome["end"] in ("checkmate", "stalemate"):
            assert not legal_moves(board, COLOURS[mover])
            assert in_check(board, COLOURS[mover]) == (outcome["end"] == "checkmate")
            assert outcome["winners"] == ([1 - mover] if outcome["end"] == "checkmate" else [])
        else:
            assert outcome["end"] in ("rook_taken", "long_game"), outcome
    assert decisions > 300
    assert ends.get("checkmate", 0) > 0 and ends.get("stalemate", 0) > 0 and ends.get("rook_taken", 0) > 0, ends


def test_the_look_ahead_leaves_the_game_untouched():
    game = rulespec.load(CORNERED)
    state = game.new_game(2)
    state.apply("player 1: rook 2 2 to 2 4")  # black in check: every king move is read ahead
    before, json = state.clone(), state.to_json()
    assert {a.text for a in state.legal_actions()} == {"king 4 4 to 3 3", "king 4 4 to 4 3"}
    assert state == before and state.to_json() == json


def test_a_refused_move_names_the_condition_read_ahead():
    game = rulespec.load(CORNERED)
    state = game.new_game(2)
    state.apply("player 1: rook 2 2 to 2 4")
    with pytest.raises(rulespec.IllegalAction) as caught:
        state.apply("player 2: king 4 4 to 3 4")
    assert "not in_check(player) after it" in str(caught.value)


def test_said_in_english():
    model = rulespec.load(CORNERED).model
    option = next(o for s in model.steps for o in s.options if o.name == "king")
    said = "\n".join(English(model).declaration(next(s for s in model.steps if s.name == "turn")))
    assert option.conditions[-1].text == "not in_check(player) after it"
    assert "in the position this option would leave" in said


# ---------------------------------------------------------------- what cannot be looked ahead through

GAME = '''game "G" [G-1]
  id "g"
  players 2 to 2 [G-1]
  at most 10 turns [G-1]

counter heap starts at 5 [G-1]
{extra}
turns go clockwise from player 1, each turn runs turn [G-1]

choice turn(player: seat) by {chooser} [G-1]:
  option take "take {{n}}" [G-1]:
    for n in 1..3
    only if {condition} after it
    add -n to heap{more}

end empty [G-1]:
  checked after every step
  when heap <= 0
'''


def _checked(tmp_path: Path, extra: str = "", chooser: str = "player", condition: str = "heap != 1", more: str = ""):
    path = tmp_path / "game.rules"
    path.write_text(GAME.format(extra=extra, chooser=chooser, condition=condition, more=more))
    return rulespec.compile_rules(path)


def test_the_only_condition_may_be_read_ahead(tmp_path):
    _checked(tmp_path)
    game = rulespec.load(tmp_path / "game.rules")
    state = game.new_game(2)
    state.apply("player 1: take 1")  # 4 left: taking 3 would leave 1
    assert [a.text for a in state.legal_actions()] == ["take 1", "take 2"]


def test_an_automatic_step_the_option_starts_runs_in_the_look_ahead(tmp_path):
    _checked(tmp_path, extra="step bonus(p: seat) [G-1]:\n  add -1 to heap\n", more="\n    then bonus(player)")
    state = rulespec.load(tmp_path / "game.rules").new_game(2)
    state.apply("player 1: take 1")  # and bonus: 3 left
    assert state.observation(0)["counters"]["heap"] == 3
    # taking 1 leaves 2, then the bonus 1 (refused); 2 leaves 0; 3 leaves -1. Without the bonus read
    # ahead, taking 2 would be refused and taking 1 offered
    assert [a.text for a in state.legal_actions()] == ["take 2", "take 3"]


def test_a_step_that_asks_for_a_decision_is_refused_at_its_line(tmp_path):
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, extra="choice bonus(p: seat) by p [G-1]:\n  option more \"more\" [G-1]:\n    add -1 to heap\n",
                 more="\n    then bonus(player)")
    message = str(caught.value)
    assert "game.rules:18:5: error: this statement starts step `bonus`, a choice (someone must decide there), but " \
           "option `turn.take` asks `only if heap != 1 after it`: the look-ahead runs the option and the automatic " \
           "steps it sets going, and reads the condition in the one position they leave" in message


def test_a_chance_step_reached_through_an_automatic_step_is_refused_at_its_line(tmp_path):
    extra = ("step bonus(p: seat) [G-1]:\n  add -1 to heap\n  then luck(p)\n"
             "chance luck(p: seat) [G-1]:\n  outcome \"luck {n}\" for n picked from 1..2\n  add -n to heap\n")
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, extra=extra, more="\n    then bonus(player)")
    assert "game.rules:9:3: error: this statement starts step `luck`, a chance step (chance must pick there), but " \
           "option `turn.take` asks `only if heap != 1 after it` (reached through step `bonus`)" in str(caught.value)


def test_a_step_a_replacement_may_replace_is_refused(tmp_path):
    extra = ("step bonus(p: seat) [G-1]:\n  add -1 to heap\n"
             "instead calm [G-1]:\n  of bonus(p) if heap < 2\n  nothing\n")
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, extra=extra, more="\n    then bonus(player)")
    assert "this statement starts step `bonus`, which `instead calm` may replace, but option `turn.take`" \
        in str(caught.value)


def test_a_chain_that_comes_back_runs_one_step_at_a_time(tmp_path):
    """Oware's sowing, one seed a step: `drip` starts itself until the hand is empty."""
    extra = "step drip(k: number) [G-1]:\n  add -1 to heap\n  if k > 1:\n    then drip(k - 1)\n"
    path = tmp_path / "game.rules"
    path.write_text(GAME.format(extra=extra, chooser="player", condition="heap != 1",
                                more="\n    add n to heap\n    then drip(n)"))
    state = rulespec.load(path).new_game(2)
    assert [a.text for a in state.legal_actions()] == ["take 1", "take 2", "take 3"]
    state.apply("player 1: take 2")  # 3 left
    assert [a.text for a in state.legal_actions()] == ["take 1", "take 3"]


ORDERED = '''game "G" [G-1]
  id "g"
  players 2 to 2 [G-1]
  at most 4 turns [G-1]

counter mark starts at 0 [G-1]

turns go clockwise from player 1, each turn runs turn [G-1]

choice turn(player: seat) by player [G-1]:
  option pick "pick {n}" [G-1]:
    for n in 1..2
    only if mark != 1132 after it
    set mark to n
    then one()
    then two()

step one() [G-1]:
  set mark to mark * 10 + 1
  then three()

step two() [G-1]:
  set mark to mark * 10 + 2

step three() [G-1]:
  set mark to mark * 10 + 3

end long [G-1]:
  checked after every turn
  when mark > 10000
'''


def test_the_steps_run_in_the_order_the_game_runs_them(tmp_path):
    """A step's own `then`s run before the next step of the one that started it: one, three, two."""
    path = tmp_path / "game.rules"
    path.write_text(ORDERED)
    state = rulespec.load(path).new_game(2)
    assert [a.text for a in state.legal_actions()] == ["pick 2"]  # pick 1 would leave 1132
    state.apply("player 1: pick 2")
    assert state.observation(0)["counters"]["mark"] == 2132


def test_the_work_estimate_charges_the_steps_read_ahead(tmp_path):
    from rulespec.model.cost import Cost
    work = {}
    for label, body in (("light", "add -1 to heap"), ("heavy", "for each k in 1..500:\n    add 0 to heap")):
        (tmp_path / label).mkdir()
        path = tmp_path / label / "game.rules"
        path.write_text(GAME.format(extra=f"step bonus(p: seat) [G-1]:\n  {body}\n", chooser="player",
                                    condition="heap != 1", more="\n    then bonus(player)"))
        estimates = Cost(rulespec.compile_rules(path)).estimates()
        work[label] = next(e.work for e in estimates if e.what == "the listing of option `turn.take`")
    # three candidates, each carrying out the step's 500 turns in its copy
    assert work["heavy"] - work["light"] >= 3 * 500


def test_a_queue_resolved_by_the_option_is_refused(tmp_path):
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, extra="queue later [G-1]\n", more="\n    resolve later")
    assert "game.rules:16:5: error: this statement resolves queue `later`, but option `turn.take`" in str(caught.value)


def test_a_secret_choice_is_refused(tmp_path):
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, chooser="each player")
    message = str(caught.value)
    assert "game.rules:13:13: error: option `turn.take` asks `only if heap != 1 after it`, but `turn` is chosen " \
           "by each player at once, in secret" in message


def test_asking_for_a_legal_move_after_it_in_the_turn_is_refused(tmp_path):
    with pytest.raises(RuleError) as caught:
        _checked(tmp_path, condition="left of player has a legal move")
    assert "it would ask itself" in str(caught.value)


TRIGGERED = '''game "G" [G-1]
  id "g"
  players 2 to 2 [G-1]
  at most 10 turns [G-1]

counter placed starts at 0 [G-1]
component stone: colour (black) x 4 [G-1]
zone box: shared, public, holds every component in play [G-1]
board grid: rows row 1..2, columns col 1..2, adjacency orthogonal [G-1]:
  face plain [G-1]:
    1 . .
    2 . .
fit stone on grid [G-1]

turns go clockwise from player 1, each turn runs turn [G-1]

choice turn(player: seat) by player [G-1]:
  option put "put on {{s}}" [G-1]:
    for s in grid
    only if s is empty
    only if placed < 3 after it
    place any(c in box where c is stone) on s
  option pass "pass" [G-1]:
    nothing

trigger echo [G-1]:
  when placed on grid
  {body}
{extra}
end full [G-1]:
  checked after every step
  when count(t in grid where t is empty) = 0
'''


def test_a_trigger_that_starts_a_choice_is_refused_at_its_then(tmp_path):
    path = tmp_path / "game.rules"
    path.write_text(TRIGGERED.format(body="then note(player 1)", extra=(
        "\nchoice note(p: seat) by p [G-1]:\n  option ok \"ok\" [G-1]:\n    add 1 to placed\n")))
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    assert "game.rules:28:3: error: this statement starts step `note`, a choice (someone must decide there), but " \
           "option `turn.put` asks `only if placed < 3 after it` (reached through trigger `echo`)" in str(caught.value)


def test_a_trigger_that_starts_an_automatic_step_runs_it_in_the_look_ahead(tmp_path):
    path = tmp_path / "game.rules"
    path.write_text(TRIGGERED.format(body="then note(player 1)", extra="\nstep note(p: seat) [G-1]:\n  add 1 to placed\n"))
    state = rulespec.load(path).new_game(2)
    state.apply("player 1: put on 1 1")
    state.apply("player 2: put on 1 2")
    assert state.observation(0)["counters"]["placed"] == 2
    # the trigger's step counts each placement: a third, in the copy, would count 3
    assert [a.text for a in state.legal_actions()] == ["pass"]


def test_a_plain_trigger_runs_in_the_look_ahead(tmp_path):
    path = tmp_path / "game.rules"
    path.write_text(TRIGGERED.format(body="add 1 to placed", extra=""))
    game = rulespec.load(path)
    state = game.new_game(2)
    state.apply("player 1: put on 1 1")
    assert "put on 2 2" in {a.text for a in state.legal_actions()}
    state.apply("player 2: put on 1 2")
    # the trigger counts each placement: a third, in the copy, would count 3
    assert [a.text for a in state.legal_actions()] == ["pass"]
