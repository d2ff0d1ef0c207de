"""The public surface of the runtime is pinned: a new public name on State, on a game or on the package
is a decision (add it here and to the engine API page, docs/guide/engine-api.md), never an accident of
the implementation.

What generated code and the runtime's helpers use is private (a leading underscore)."""

import rulespec
from rulespec.runtime.engine import Engine, State

STATE_API = {
    "apply", "chance_outcomes", "clone", "current_player", "fired", "game", "history", "is_chance_node",
    "is_terminal", "legal_actions", "observation", "outcome", "players", "returns", "simultaneous_seats", "standing",
    "to_json",
    "to_position",
}

GAME_API = {
    "from_json", "id", "max_players", "min_players", "model", "name", "new_game", "options", "parse_action", "position",
    "variants",
}

# The generated module's tables (class attributes in capitals): data for the runtime, not documented API.
GENERATED_TABLES = {
    "BOARDS", "CHANGING", "COMPONENTS", "COUNTERS", "COUNTER_WORDS", "COUNTS_POSITIONS", "COUNTS_POSITIONS_ON", "ENDS", "END_CHECKS", "EXAMPLES", "FIRST_SEAT", "FITS", "GAME_ID",
    "INSTEADS", "INVARIANTS", "ITEM_ATTRS", "ITEM_KIND", "ITEM_LABEL", "LEAVE_OUTS", "MATCH", "MAX_AUTO_STEPS",
    "MAX_LOOP_TURNS", "MAX_MOVES", "MAX_PLAYERS", "MAX_TRIGGER_DEPTH", "MAX_TURNS", "MIN_PLAYERS", "OPTIONS", "QUEUES",
    "RANKING", "RETURNS", "RETURNS_SHARED", "RETURNS_SUM", "SCORES", "SETUP", "SHAPES", "SKIP_TURN", "SOURCE", "SPACE_COUNTERS", "STEPS", "TITLE",
    "TRIGGERS",
    "TURN_STEP", "VARIANTS_APPLIED", "VARIANTS_AVAILABLE", "ZONES", "TURN_LIMIT", "DECISION_LIMIT", "ACTION_NUMBERS",
    "CHANCE_NUMBERS", "NOT_POSITION_COUNTERS", "MASKED_BOARDS",
}

PACKAGE_API = {
    "CHANCE", "Action", "IllegalAction", "InvalidPosition", "InvalidState", "RuleError", "RuleRuntimeError", "State",
    "StepBudgetExceeded", "compile_rules", "load", "random_game",
}


def public(names):
    return {name for name in names if not name.startswith("_")}


def test_a_state_shows_the_game_api_only():
    state = rulespec.load("shell-we").new_game(players=3)
    assert public(dir(state)) == STATE_API
    assert public(dir(State)) | public(State.__slots__) == STATE_API


def test_a_game_shows_the_game_api_and_its_generated_tables():
    game = rulespec.load("shell-we")
    names = public(dir(game))
    assert {n for n in names if not n.isupper() and n != "GAME_ID"} == GAME_API
    assert {n for n in names if n.isupper() or n == "GAME_ID"} == GENERATED_TABLES
    assert public(dir(Engine)) <= GAME_API | GENERATED_TABLES


def test_the_package_exports_what_it_documents():
    assert set(rulespec.__all__) == PACKAGE_API
    for name in PACKAGE_API:
        assert getattr(rulespec, name) is not None


def test_every_public_name_of_a_state_works():
    game = rulespec.load("tic-tac-toe")
    state = game.new_game()
    assert state.game is game and state.players == 2 and state.current_player() == 0
    assert not state.is_terminal() and not state.is_chance_node() and state.chance_outcomes() == []
    state.apply(state.legal_actions()[0])
    assert state.history == [str(state.clone().history[0])] and sum(state.fired.values()) >= 1
    assert game.from_json(state.to_json()) == state
    assert state.outcome() is None and state.returns() == [0.0, 0.0]
    assert state.observation(1)["seat"] == 1
