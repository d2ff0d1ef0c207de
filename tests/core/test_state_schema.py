"""A state's JSON crosses into the program through pydantic (rulespec/runtime/state_schema.py, issue #38):
its shape is pydantic's, its errors are rulespec's positioned refusals, and pydantic is imported only
when a state or a position is read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import rulespec
from rulespec.runtime.state_schema import StateDocument, state_adapter, state_json_schema


def _modules_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nprint(' '.join(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic' or m.startswith('rulespec.runtime.state_schema'))))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                          cwd=Path(rulespec.__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_playing_a_game_imports_no_pydantic():
    assert _modules_after("import rulespec; g = rulespec.load('tic-tac-toe'); s = g.new_game(2); "
                          "s.apply(s.legal_actions()[0]); s.to_json()") == set()


@pytest.mark.parametrize("reads", ["g.from_json(s.to_json())", "g.position(s.to_position())"])
def test_reading_a_state_or_a_position_goes_through_the_schema(reads):
    found = _modules_after(f"import rulespec; g = rulespec.load('tic-tac-toe'); s = g.new_game(2); {reads}")
    assert {"pydantic", "rulespec.runtime.state_schema"} <= found


def test_the_schema_is_the_shape_to_json_writes():
    state = rulespec.random_game(rulespec.load("shell-we", variants=["two_legged"]), 3, 0)
    data = state._to_dict()
    schema = state_json_schema()
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert list(schema["properties"]) == list(StateDocument.__annotations__)
    # (`attributes` only in a game with an attribute that can change, `seen` in one counting positions, `seen_on`
    # in one counting a board's)
    assert set(schema["properties"]) == set(data) | {"attributes", "seen", "seen_on"}
    assert set(schema["required"]) == set(data)
    counting = rulespec.load(Path(__file__).resolve().parents[2] / "rulespec/docs/ref_games/shuttle.rules")
    assert state_adapter().validate_json(counting.new_game(2).to_json())["seen"][0][1] == 1
    by_board = rulespec.load(Path(__file__).resolve().parents[2] / "rulespec/docs/ref_games/pebbles.rules")
    assert state_adapter().validate_json(by_board.new_game(2).to_json())["seen_on"]["row"][0][1] == 1
    assert state_adapter().validate_json(state.to_json())["zones"] == data["zones"]
    json.dumps(schema)  # (the site prints it as JSON)


@pytest.mark.parametrize("change, said", [
    (lambda d: d["zones"][0].__setitem__(0, True), "state.zones[0][0]: is a boolean (True), not an item"),
    (lambda d: d["counters"].__setitem__("x", "3"), "state.counters.x: is a string ('3'), not an int"),
    (lambda d: d["stack"][0][1].__setitem__(0, [1]), "state.stack[0][1][0]: is a list ([1]), not an argument"),
    (lambda d: d["stack"][0].pop(), "state.stack[0]: has 4 entries, not 5 (step, arguments, actor, cause, "
                                    "replacements applied)"),
    (lambda d: d["stack"][0].append(0), "state.stack[0]: has 6 entries, not 5"),
    (lambda d: d["fired"].__setitem__("turn", 10**16), "state.fired.turn: is 10,000,000,000,000,000; no rule fires"),
    (lambda d: d["chosen"].append([0]), "state.chosen[0]: has 1 entries, not 2 (seat, the text it chose)"),
    (lambda d: d.__setitem__("over", {"end": "x", "winners": [-1], "cites": []}),
     "state.over.winners[0]: seat -1 is out of range"),
    (lambda d: d.__setitem__("over", {"end": "two words", "winners": [], "cites": []}),
     "state.over.end: is 'two words': not a name of the rule language"),
    (lambda d: d.__setitem__("variants", ["v"] * 51), "state.variants: has 51 entries, more than 50"),
    (lambda d: d.__setitem__("phase", 3), "state.phase: is 3: not one of the phases setup, play"),
    (lambda d: d["options"].__setitem__("a b", "x"), "state.options: has the key 'a b': not a name of the rule language"),
])
def test_a_shape_error_is_one_positioned_refusal(change, said):
    game = rulespec.load("tic-tac-toe")
    state = game.new_game(2)
    data = state._to_dict()
    change(data)
    for read in (lambda: game.from_json(json.dumps(data)), lambda: game._state_from_dict(data)):
        with pytest.raises(rulespec.InvalidState) as refused:
            read()
        assert str(refused.value).startswith(said), str(refused.value)


def test_a_dict_key_of_another_type_is_refused_in_words():
    game = rulespec.load("tic-tac-toe")
    data = game.new_game(2)._to_dict()
    data["fired"][5] = 1
    with pytest.raises(rulespec.InvalidState, match=r"^state\.fired: has the key 5, not a string$"):
        game._state_from_dict(data)
