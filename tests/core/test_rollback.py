"""An action whose rules fail half-way (a rule-file bug met at run time) raises RuleRuntimeError and
leaves the state exactly as it was: apply() plays the state's origin forward by its history (State._undo)."""

import pytest

import rulespec

RULES = '''
game "Rollback" [RB-1]
  id "rollback"
  players 2 to 2 [RB-1]
  at most 20 turns [RB-1]

component chip: colour (red, blue) x 2 [RB-2]
  shown as "{colour} chip"
zone heap: shared, public, holds every component in play [RB-3]
zone pile: shared, public, stacked [RB-3]
zone kept: one per player, public [RB-3]
counter moves starts at 0 [RB-4]

turns go clockwise from player 1, each turn runs turn [RB-4]

choice turn(player: seat) by player [RB-4]:
  option take "take {c}" [RB-4]:
    for c in heap
    add 1 to moves
    move c to kept of player
  option broken "take a chip and the top of the pile" [RB-5]:
    only if heap is not empty
    add 1 to moves
    move any(c in heap) to kept of player
    move top of pile to kept of player

end heap_empty [RB-6]:
  checked after every step
  when heap is empty
'''


def test_a_failing_action_leaves_the_state_as_it_was(tmp_path):
    path = tmp_path / "rollback.rules"
    path.write_text(RULES, encoding="utf-8")
    game = rulespec.load(path)
    state = game.new_game(2)
    state.apply("player 1: take red chip")
    before, legal, history = state.to_json(), state.legal_actions(), list(state.history)
    try:
        state.apply("player 2: take a chip and the top of the pile")
    except rulespec.RuleRuntimeError as error:
        assert "top of an empty zone" in str(error)
    else:
        raise AssertionError("the broken option did not fail")
    assert state.to_json() == before
    assert state.legal_actions() == legal and state.history == history
    assert state == game.from_json(before)
    state.apply("player 2: take blue chip")  # and it plays on
    assert state._counters["moves"] == 2


def test_a_failing_action_puts_every_item_back_where_it_was(tmp_path):
    """The undo puts back item locations too."""
    path = tmp_path / "rollback.rules"
    path.write_text(RULES, encoding="utf-8")
    game = rulespec.load(path)
    state = game.new_game(2)
    state.apply("player 1: take red chip")
    zones, loc = [list(z) for z in state._zones], list(state._loc)
    try:
        state.apply("player 2: take a chip and the top of the pile")  # moves a chip, then fails
    except rulespec.RuleRuntimeError:
        pass
    assert state._zones == zones and state._loc == loc
    assert state._loc == game.from_json(state.to_json())._loc


def test_a_failure_after_a_new_leg_of_a_match_is_undone(monkeypatch):
    """A step that ends a leg replaces every part of the state with the next leg's; if it then fails,
    the state is the one before the step, in the old leg."""
    import random

    from rulespec.runtime.engine import random_step

    game = rulespec.load("shell-we", variants=["two_legged"])
    state, rng = game.new_game(2), random.Random(0)
    while True:  # play on until the next action would start the second leg
        action = random_step(state, rng)
        probe = state.clone()
        probe.apply(action)
        if probe._leg == 1:
            break
        state.apply(action)
    before, start_setup = state.to_json(), type(game)._start_setup

    def failing_setup(self, st):
        start_setup(self, st)
        raise rulespec.RuleRuntimeError("the next leg cannot be set up")

    monkeypatch.setattr(type(game), "_start_setup", failing_setup)
    try:
        state.apply(action)
    except rulespec.RuleRuntimeError as error:
        assert "next leg" in str(error)
    else:
        raise AssertionError("the failing set-up did not raise")
    assert state._leg == 0 and state.to_json() == before and state == game.from_json(before)
    assert state._loc == game.from_json(before)._loc
    monkeypatch.undo()
    state.apply(action)
    assert state._leg == 1


def test_a_failure_after_a_placement_restores_the_board(monkeypatch):
    """A step that fails after a placement on a board is undone: the board, the masks and the locations."""
    import random

    from rulespec.runtime.engine import State, random_step

    game = rulespec.load("shell-we")
    state, rng = game.new_game(3), random.Random(4)
    placed = State._placed
    failures = 0
    for _ in range(200):
        if state.is_terminal():
            break
        action = random_step(state, rng)
        before, loc, masks = state.to_json(), list(state._loc), list(state._masks)
        failing_at = len(state.history)  # (this step's placements only: the undo replays the earlier ones)

        def failing(self, *args):
            placed(self, *args)
            if len(self.history) == failing_at:
                raise rulespec.RuleRuntimeError("the placement is refused")

        monkeypatch.setattr(State, "_placed", failing)
        try:
            state.apply(action)  # a step that places nothing just goes through
        except rulespec.RuleRuntimeError:
            failures += 1
            assert state.to_json() == before and state._loc == loc and state._masks == masks
            monkeypatch.setattr(State, "_placed", placed)
            state.apply(action)  # and then it plays on
        monkeypatch.setattr(State, "_placed", placed)
    assert failures > 10


# What a step leaves besides what to_json shows: caches that hold the same values (or none) either way.
_CACHES = {"_reach", "_ends_seen", "_written", "_written_before", "_origin", "_origin_moves"}


BROKEN = "player 2: take a chip and the top of the pile"  # (the pile is empty: the option fails half-way)


def test_a_failing_action_puts_back_every_part(tmp_path):
    """Every part of the state is put back equal (the pending decision: the very object it was), not only
    what to_json shows; and a state that never ran a step (read from JSON) is undone to itself."""
    import copy

    from rulespec.runtime.state import State
    path = tmp_path / "rollback.rules"
    path.write_text(RULES, encoding="utf-8")
    game = rulespec.load(path)
    for state in (game.new_game(2), game.from_json(game.new_game(2).to_json())):
        if not state.history:
            state.apply("player 1: take red chip")
        state.legal_actions()  # (the pending decision listed: one of the parts)
        before = {name: getattr(state, name) for name in State.__slots__ if name not in _CACHES}
        copies = {name: (copy.deepcopy(value) if isinstance(value, (list, dict)) else value)
                  for name, value in before.items()}
        with pytest.raises(rulespec.RuleRuntimeError, match="top of an empty zone"):
            state.apply(BROKEN)
        assert state._pending is before["_pending"]
        changed = [name for name, value in copies.items() if getattr(state, name) != value]
        assert not changed, changed
        state.apply("player 2: take blue chip")
        assert state._counters["moves"] == 2


def test_a_failing_action_is_undone_under_budgets_lowered_since(tmp_path):
    """The undo replays the steps before the failing one without the budgets: they passed them once."""
    path = tmp_path / "rollback.rules"
    path.write_text(RULES, encoding="utf-8")
    game = rulespec.load(path)
    state = game.new_game(2)
    state.apply("player 1: take red chip")
    before = state.to_json()
    game.MAX_LOOP_TURNS = game.MAX_AUTO_STEPS = 0
    try:
        with pytest.raises(rulespec.RuleRuntimeError, match="top of an empty zone"):
            state.apply(BROKEN)
    finally:
        del game.MAX_LOOP_TURNS, game.MAX_AUTO_STEPS
    assert state.to_json() == before


@pytest.mark.parametrize("game_id, players, read_back", [
    ("goofspiel", 2, False), ("goofspiel", 3, True), ("leduc-poker", 2, False), ("liars-dice", 2, True),
    ("shell-we", 3, True), ("hex", 2, True), ("shrimp", 4, False)])
def test_a_step_that_fails_at_any_point_of_a_game_is_undone(game_id, players, read_back, monkeypatch):
    """At every step of random games (secret choices at a simultaneous decision, chance nodes, placements),
    a fault in that step's moves or placements is undone: the state equals what it was, offers the same
    actions and plays on. ``read_back``: each game goes on from a state read back from JSON after its first
    steps, whose origin is a copy made at its first step."""
    import random

    from rulespec.runtime.engine import State, random_step

    game = rulespec.load(game_id)
    rng = random.Random(7)
    move, place = State._move, State._place
    armed = []  # the state whose next move or placement fails (the replay's own state is another)

    def failing_move(self, *args):
        move(self, *args)
        if armed and self is armed[0]:
            raise rulespec.RuleRuntimeError("the move is refused")

    def failing_place(self, *args):
        place(self, *args)
        if armed and self is armed[0]:
            raise ZeroDivisionError("a value the rules cannot use")  # (any error of rule code: undone too)

    monkeypatch.setattr(State, "_move", failing_move)
    monkeypatch.setattr(State, "_place", failing_place)
    failures = steps = 0
    while steps < 150:
        state = game.new_game(players)
        state.apply(random_step(state, rng))
        if read_back:
            state = game.from_json(state.to_json())
        while not state.is_terminal():
            action = random_step(state, rng)
            before, offered = state.to_json(), [str(a) for a in state.legal_actions()]
            armed[:] = [state]
            try:
                state.apply(action)
            except rulespec.RuleRuntimeError:
                failures += 1
                assert state.to_json() == before and [str(a) for a in state.legal_actions()] == offered
                assert state == game.from_json(before)
                armed.clear()
                state.apply(action)  # and it plays on
            armed.clear()
            steps += 1
    assert failures > 20, failures
