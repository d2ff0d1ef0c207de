"""`connected(...)` with what it reached kept between tests (rulespec.model.reads.connected_kept,
State._connected_kept): where its condition reads the board only at the space it tests and its start and
goal read nothing that changes, a test after a step looks only at the spaces that changed.

The kept path must answer exactly as the plain flood fill (State._connected) does, in any state: the
games below are played twice with the same random choices, once with every kept test replaced by the plain
one, through clones, JSON round trips, refused actions, stones taken back (a reached space that stops
passing) and records handed over from unrelated states."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import connected
from rulespec.codegen.python import generate
from rulespec.model import ir, reads
from rulespec.model.cost import walk
from rulespec.pipeline import compile_rules, load_module_from_source
from rulespec.runtime.common import IllegalAction
from rulespec.runtime.state import State

from .lockstep import play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]

# Two seats, each joining its own home row (a seat attribute: the record is kept per seat) to the last
# column; stones are put down and taken back, so a chain can break.
CHAINS = '''game "Chains" [CH-1]
  id "chains"
  players 2 to 2
  at most 60 turns

option side "Side": 3, 4, 5 default 4 [CH-1]

each player has a colour: red, blue [CH-1]
each player has a home: 1, 2 [CH-1]
component stone: colour (red, blue) x 30 [CH-1]
  shown as "{colour}"
zone supply: shared, public, holds every component in play [CH-1]

board grid: rows row 1..side, columns column 1..side, adjacency hexagonal [CH-1]:
  face plain:
    1 . . . . .
    2 . . . . .
    3 . . . . .
    4 . . . . .
    5 . . . . .

fit stone on grid [CH-1]

define mine(s: grid, p: seat) [CH-1]:
  s holds colour of p

turns go clockwise from player 1, each turn runs turn [CH-1]

choice turn(player: seat) by player [CH-1]:
  option put "{colour of player} on {row of s} {column of s}":
    for s in grid
    only if s is empty
    place any(t in supply where colour of t = colour of player) on s
  option take "take back {row of s} {column of s}":
    for s in grid
    only if s is occupied
    move occupant of s to supply

end joined [CH-1]:
  checked after every step
  for each p in players
  when connected(s in grid where mine(s, p) from row of s = home of p to column of s = side)
  winner p

ranking [CH-1]:
  winner first

returns [CH-1]:
  win 1, draw 0, loss -1
'''


TAKE_BACK = CHAINS[CHAINS.index("  option take"):CHAINS.index("end joined")]


def chains(tmp_path: Path, take: bool = True) -> Path:
    path = tmp_path / "chains.rules"
    path.write_text(CHAINS if take else CHAINS.replace(TAKE_BACK, "\n"))
    return path


def plain(self, board, key, passes, ends):
    """The kept test's answer worked out afresh, by the plain flood fill."""
    return self._connected(board, self._t.cells_in_use[board], passes, *ends(self, *key[1:]))


def play(game, seed: int, side: str, strangers: list) -> tuple:
    """A random game through the public API, the state now and then replaced by its clone or its JSON
    read back, an illegal action tried (and refused), or given the records of an unrelated state."""
    rng = random.Random(seed)
    state = game.new_game(players=2)
    seen = []
    while not state.is_terminal():
        roll = rng.random()
        if roll < 0.1:
            state = state.clone()
        elif roll < 0.15:
            state = game.from_json(state.to_json())
        elif roll < 0.2 and strangers:
            state._reach = rng.choice(strangers)._reach  # a record is true whatever state holds it
        elif roll < 0.25:
            before = state.to_json()
            with pytest.raises(IllegalAction):
                state.apply("player 1: take back 9 9")
            assert state.to_json() == before
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        seen.append(state.returns() if state.is_terminal() else None)
        if rng.random() < 0.3:
            strangers.append(state.clone())
    return state.history, state.outcome(), state.returns(), seen


@pytest.mark.parametrize("side", ["3", "4", "5"])
def test_the_kept_path_answers_as_the_plain_flood_fill(tmp_path, monkeypatch, side):
    game = rulespec.load(chains(tmp_path), options={"side": side})
    assert "st._connected_kept(" in generate(compile_rules(chains(tmp_path)), Path("chains.rules"))
    kept, strangers = [], []
    for seed in range(60):
        kept.append(play(game, seed, side, strangers))
    broken = sum(1 for history, *_ in kept if any("take back" in line for line in history))
    assert broken > 30  # the chains did break: reached spaces stopped passing
    monkeypatch.setattr(State, "_connected_kept", plain)
    strangers = []
    for seed in range(60):
        assert play(game, seed, side, strangers) == kept[seed], seed


def test_the_start_and_goal_are_made_once_per_plan_and_a_local_keeps_them_inline(tmp_path, monkeypatch):
    """A kept `connected`'s start and goal are a module-level REACH_ENDS_ function of the key's values, asked
    for only when the plan is worked out (once per setup and key); a test whose code would read a name of the
    function it is in (here: every name refused) keeps them in a lambda there instead, and plays the same games."""
    source = generate(compile_rules(chains(tmp_path)), Path("chains.rules"))
    assert "def REACH_ENDS_0(st, v_p):" in source and source.count(", REACH_ENDS_0):") == 2
    assert "SOURCE = 'chains.rules'" in source  # (a file name given as a Path is quoted as its text)
    game = rulespec.load(chains(tmp_path), options={"side": "4"})
    module = game.ENDS[0].check.__globals__
    asked, ends = [], module["REACH_ENDS_0"]
    monkeypatch.setitem(module, "REACH_ENDS_0", lambda st, p: asked.append(p) or ends(st, p))
    monkeypatch.setattr(connected, "_module_name", lambda name: False)
    inline = generate(compile_rules(chains(tmp_path)), Path("chains.rules"))
    assert "REACH_ENDS_" not in inline and inline.count("lambda st, *values: (lambda v_s: ") == 2
    other = load_module_from_source(inline, "chains_inline_ends").GAME(None)
    other.model = game.model
    for seed in range(8):
        play_in_lock_step(game.new_game(players=2), other.new_game(players=2), 2, random.Random(seed))
    assert sorted(asked) == [0, 1]  # each seat's plan, once in eight games


def test_a_record_is_used_again_after_a_step_that_changes_nothing_it_reads(tmp_path):
    game = rulespec.load(chains(tmp_path, take=False), options={"side": "3"})
    state = game.new_game(players=2)
    for text in ("player 1: red on 1 1", "player 2: blue on 3 3", "player 1: red on 1 2"):
        state.apply(text)
    kept = dict(state._reach)
    # per seat, under one expression (the listing's rows are kept there too, under ('listed', ...): State._listed_kept)
    assert {key for key in kept if key[0] != "listed"} == {(0, 0), (0, 1)}
    region = kept[(0, 0)][1]
    assert [c for c in range(9) if region >> c & 1] == [0, 1]  # red's stones on its home row
    state.apply("player 2: blue on 3 2")  # red's record: the same spaces reached
    assert state._reach[(0, 0)][1] == region and state._reach[(0, 0)][0] == state._boards[0]
    state.apply("player 1: red on 2 2")  # joins from row 1 (2 2 touches 1 2), not yet column 3
    assert not state.is_terminal()
    state.apply("player 2: blue on 2 1")
    state.apply("player 1: red on 2 3")
    assert state.is_terminal() and state.outcome()["winners"] == [0]


def test_a_refused_action_leaves_the_records_as_they_were(tmp_path):
    game = rulespec.load(chains(tmp_path), options={"side": "3"})
    state = game.new_game(players=2)
    state.apply("player 1: red on 1 1")
    before = state._reach
    with pytest.raises(IllegalAction):
        state.apply("player 2: blue on 1 1")
    assert state._reach is before


def _connected_of(tmp_path, when: str) -> ir.Connected:
    text = CHAINS.replace(
        "connected(s in grid where mine(s, p) from row of s = home of p to column of s = side)", when)
    path = tmp_path / "variant.rules"
    path.write_text(text)
    model = compile_rules(path)
    end = next(e for e in model.ends if e.name == "joined")
    return next(x for x in walk(end.condition) if isinstance(x, ir.Connected)), model


@pytest.mark.parametrize("when, kept", [
    ("connected(s in grid where mine(s, p) from row of s = home of p to column of s = side)", ("p",)),
    ("connected(s in grid where mine(s, player 1) from row of s = 1 to row of s = side)", ()),
    # the condition reads a neighbour of the space it tests: not kept
    ("connected(s in grid where mine(s, p) and neighbour of s towards east is empty from row of s = 1 "
     "to row of s = side)", None),
    # the start reads the board: not kept
    ("connected(s in grid where mine(s, p) from row of s = 1 and s is occupied to row of s = side)", None),
    # the condition reads a zone (what changes, not at the space): not kept
    ("connected(s in grid where mine(s, p) and count(t in supply) > 3 from row of s = 1 to row of s = side)", None),
])
def test_which_connected_tests_are_kept(tmp_path, when, kept):
    expression, model = _connected_of(tmp_path, when)
    names = reads.connected_kept(expression, model)
    assert (None if names is None else tuple(v.name for v in names)) == kept


def test_the_spaces_changed_since_a_record_are_exact_whatever_the_hint_says(tmp_path):
    game = rulespec.load(chains(tmp_path), options={"side": "4"})
    rng = random.Random(5)
    for _ in range(200):
        state = game.new_game(players=2)
        for _ in range(rng.randrange(6)):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        seen, mark = state._boards[0][:], state._writes()
        if rng.random() < 0.4:
            state = state.clone()  # a copy's hint goes on from its original's writes
        for _ in range(rng.randrange(4)):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])  # written through the primitives: in the hint
        board = state._boards[0]
        if rng.random() < 0.3:  # written behind the hint's back (a test, a position read back)
            cell = rng.choice(state._t.cells_in_use[0])
            board[cell] = -1 if board[cell] >= 0 else 0
        if rng.random() < 0.2:
            state._written = [rng.randrange(16) for _ in range(rng.randrange(4))]  # a hint of another state
        now, changed = state._changed_since(0, seen, mark if rng.random() < 0.8 else rng.randrange(50))
        assert now == board and now is not board
        assert sorted(changed) == [c for c in range(len(board)) if board[c] != seen[c]]


def test_a_copy_goes_on_counting_writes_from_its_original(tmp_path):
    """A clone starts with an empty hint but counts on from its original's writes, so a record its original
    made after its last write (an end check's) reads the clone's own writes, not every space."""
    game = rulespec.load(chains(tmp_path), options={"side": "4"})
    state = game.new_game(players=2)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    copy = state.clone()
    assert copy._written == [] and copy._writes() == state._writes() > 0
    seen, mark = copy._boards[0][:], copy._writes()
    copy.apply(copy.legal_actions()[0])
    written = [at - copy._t.board_base[0] for at in copy._written]
    assert written and copy._writes() == mark + len(written)
    now, changed = copy._changed_since(0, seen, mark)
    assert changed == [c for c in dict.fromkeys(written) if seen[c] != now[c]] and now == copy._boards[0]
    assert state._writes() == mark  # the original's count is its own

