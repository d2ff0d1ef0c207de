"""A state as a JSON document and back: ``state.to_json()`` and ``game.from_json(text)``.

The document names every part of a state (its keys are the paths InvalidState reports, such as
``state.zones[3][1]``). Reading one back checks its shape with pydantic (rulespec/runtime/state_schema.py,
whose JSON Schema the site publishes) and then against the engine (rulespec/runtime/state_check.py).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from .repetition import record_to_list

if TYPE_CHECKING:
    from .engine import Engine
    from .state import State


def state_to_dict(state: "State") -> dict:
    document = {
        "game": state._engine.GAME_ID,
        "variants": list(state._engine.VARIANTS_APPLIED),
        "players": state.players,
        "options": dict(state._options),
        "phase": state._phase,
        "turn_seat": state._turn_seat,
        "turn_number": state._turn_number,
        "next_seat": state._next_seat,
        "leg": state._leg,
        "legs": json.loads(json.dumps(state._legs)) if state._legs else [],  # (nothing shared with the state)
        "zones": [list(z) for z in state._zones],
        "boards": [list(b) for b in state._boards],
        "causes": [list(c) for c in state._causes],
        "counters": {k: (list(v) if isinstance(v, list) else v) for k, v in state._counters.items()},
        "queues": {k: [[e[0], list(e[1]), e[2], e[3], list(e[4])] for e in v] for k, v in state._queues.items()},
        "stack": [[f[0], list(f[1]), f[2], f[3], list(f[4])] for f in state._stack],
        "over": None if state._over is None else json.loads(json.dumps(state._over)),
        "history": list(state.history),
        "violations": list(state._violations),
        "fired": dict(sorted(state.fired.items())),
        "chosen": [list(c) for c in state._chosen],  # a simultaneous decision's secret choices so far
        # each attribute that can change, every item's value now (only in a game that has one)
        **({"attributes": {attr: values[:-1] for attr, values in state._attrs.items()}} if state._attrs else {}),
    }
    if state._engine.COUNTS_POSITIONS:  # (only then: the other games' documents are as they were)
        document["seen"] = record_to_list(state, state._seen)
    if state._engine.COUNTS_POSITIONS_ON:  # (likewise: per board)
        document["seen_on"] = {name: record_to_list(state, seen, board=True) for name, seen in state._seen_on.items()}
    return document


def state_to_json(state: "State") -> str:
    return json.dumps(state_to_dict(state), sort_keys=True, separators=(",", ":"))


def state_from_json(engine: "Engine", text: str) -> "State":
    """The state ``to_json()`` wrote; InvalidState (a ValueError) says what is wrong with any other text."""
    from .state_check import parse_state_json
    return engine._state_from_dict(parse_state_json(text))  # (its shape checked, by pydantic's JSON reader)


def state_from_dict(engine: "Engine", data: dict) -> "State":
    from .state_check import check_state_dict
    shaped = check_state_dict(engine, data)  # InvalidState at the first part this engine cannot read back
    return engine._state_from_checked(shaped)


def state_from_checked(engine: "Engine", data: dict) -> "State":
    """The state of a dict check_state_dict has passed (rulespec/runtime/position.py reads positions to it)."""
    st = engine._empty_state(data["players"], dict(data["options"]))
    st._leg, st._legs = data.get("leg", 0), list(data.get("legs", []))
    st._phase, st._turn_seat, st._turn_number = data["phase"], data["turn_seat"], data["turn_number"]
    st._next_seat = data.get("next_seat")
    st._zones = [list(z) for z in data["zones"]]
    st._boards = [list(b) for b in data["boards"]]
    st._causes = [list(c) for c in data["causes"]]
    st._loc = [-1] * len(engine.ITEM_KIND)
    for z, items in enumerate(st._zones):
        for item in items:
            st._loc[item] = z
    for b, cells in enumerate(st._boards):
        for cell in range(len(cells) - 1, -1, -1):  # an item's location is its first cell
            item = cells[cell]
            if item >= 0:
                st._loc[item] = st._t.board_base[b] + cell
                if st._t.cell_bit[b]:
                    st._masks[b] |= st._t.cell_bit[b][cell]
    # In the engine's order, as a new game has them (not the text's): a state read back shows them in the same
    # order (State.observation, the adapters' logs). check_state_dict has checked the names are exactly these.
    counters, queues = data["counters"], data["queues"]
    st._counters = {k: (list(counters[k]) if isinstance(counters[k], list) else counters[k]) for k in engine.COUNTERS}
    st._ends_clean = False  # (counters of its own: the ends are checked on them)
    st._queues = {k: [[e[0], list(e[1]), e[2], e[3], list(e[4])] for e in queues[k]] for k in engine.QUEUES}
    st._stack = [(f[0], tuple(f[1]), f[2], f[3], tuple(f[4])) for f in data["stack"]]
    st._over = data["over"]
    st.history = list(data["history"])
    st._violations = list(data["violations"])
    st.fired = dict(data.get("fired", {}))
    if engine.CHANGING and "attributes" in data:  # (checked: one value of its list per item, see state_check)
        st._attrs = {attr: list(values) + [None] for attr, values in data["attributes"].items()}
        st._labels = [engine._label_now(st, item) for item in range(len(engine.ITEM_KIND))]
    st._seen = {key: count for key, count in data.get("seen", ())}  # (the current turn's last, as written)
    st._seen_on = {name: {key: count for key, count in seen} for name, seen in data.get("seen_on", {}).items()}
    if data.get("chosen"):
        engine._check_chosen(st, data["chosen"])
        st._chosen = tuple((seat, text) for seat, text in data["chosen"])
    return st
