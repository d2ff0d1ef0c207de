"""from_json refuses every state its engine cannot read back (issue #10, parts 5 and 7).

A corpus of tampered states, each made from a real mid-game state of a bundled game: each must be
refused with one InvalidState (a ValueError) whose message names the part (``zones[``) and the reason,
and the state it was made from must not change. Then: every state reachable in seeded play reads
back equal to itself, and ``apply`` takes an Action or its text only.
"""

from __future__ import annotations

import functools
import json
import random

import pytest

import rulespec
from rulespec.runtime import InvalidState as RuntimeInvalidState
from rulespec.runtime.engine import LOTS, RESOLVE, Action, IllegalAction, random_step
from rulespec.runtime.tables import InvariantInfo

InvalidState = rulespec.InvalidState


@functools.lru_cache(maxsize=None)
def game(name: str, variants: tuple = (), options: tuple = ()):
    return rulespec.load(name, variants=list(variants), options=dict(options))


def played(engine, players: int, seed: int, until) -> "rulespec.State":
    """The first state of a seeded game (random_step) for which ``until(state, steps)`` holds."""
    rng, state, steps = random.Random(seed), engine.new_game(players), 0
    while not until(state, steps):
        assert not state.is_terminal(), "the game ended before the state looked for"
        state.apply(random_step(state, rng))
        steps += 1
    return state


def _has_tile(state) -> bool:
    return any(len(state._cells_of(0, item)) > 1 for item in set(state._boards[0]) if item >= 0)


@functools.lru_cache(maxsize=None)
def sample(which: str):
    """A real state of a bundled game, as the tamper corpus needs it."""
    if which == "ltes":  # tiles covering several triangles on the board
        return played(game("let-them-eat-shrimp"), 3, 1, lambda st, n: n >= 20 and _has_tile(st))
    if which == "shrimp":  # stacked zones (dishes, decks) in play, a pending window
        return played(game("shrimp"), 4, 0, lambda st, n: st._phase == "play" and n >= 120)
    if which == "shrimp_replaced":  # a pending step a replacement effect has already replaced
        return played(game("shrimp"), 3, 0, lambda st, n: any(f[4] for f in st._stack))
    if which == "shrimp_over":  # a game won by drawing lots
        state = rulespec.random_game(game("shrimp"), 3, 5)
        assert state._over.get("lot") is not None
        return state
    if which == "shell_queue":  # a bonus waiting in the queue
        return played(game("shell-we"), 3, 0, lambda st, n: st._queues["bonuses"])
    if which == "shell_resolve":  # the runtime resolving the queue
        return played(game("shell-we"), 3, 0, lambda st, n: any(f[0] == RESOLVE for f in st._stack))
    if which == "shell_legs":  # the second leg of a two-legged match, with bottles
        return played(game("shell-we", ("bottles", "two_legged")), 3, 0, lambda st, n: st._leg == 1 and n >= 140)
    if which == "shell_over":
        return rulespec.random_game(game("shell-we"), 2, 1)
    raise KeyError(which)


def engine_of(which: str):
    return sample(which).game


# ----------------------------------------------------------------------------- tampering functions
# Each takes (a state's to_dict(), the state) and changes the dict (or returns a JSON text to read).


def _zone(state, name: str, seat: int = 0) -> int:
    return state._t.zone_base[name] + seat


def _first_full_zone(d, but: int = -1) -> int:
    return next(z for z, items in enumerate(d["zones"]) if items and z != but)


def dup_into_other_zone(d, st):
    z = _first_full_zone(d)
    other = next(k for k in range(len(d["zones"])) if k != z)
    d["zones"][other].append(d["zones"][z][0])


def dup_in_same_stacked_zone(d, st):
    z = _zone(st, "deck", 1)
    d["zones"][z].append(d["zones"][z][0])


def zone_item_onto_board_too(d, st):
    z = _first_full_zone(d)
    cell = next(c for c in st._t.cells_in_use[0] if d["boards"][0][c] < 0)
    d["boards"][0][cell] = d["zones"][z][0]
    d["causes"][0][cell] = "regular"


def board_item_into_zone_too(d, st):
    item = next(i for i in d["boards"][0] if i >= 0)
    d["zones"][0].append(item)


def tile_split_far(d, st):  # a tile's cell moved far from its others (it is then in two places)
    item = next(i for i in d["boards"][0] if i >= 0 and len(st._cells_of(0, i)) > 1)
    cells = st._cells_of(0, item)
    free = max(c for c in st._t.cells_in_use[0] if d["boards"][0][c] < 0)
    d["boards"][0][cells[-1]], d["causes"][0][cells[-1]] = -1, None
    d["boards"][0][free], d["causes"][0][free] = item, "regular"


def tile_not_a_placement(d, st):  # a tile's cells within its span, but in no shape it has
    item = next(i for i in d["boards"][0] if i >= 0 and len(st._cells_of(0, i)) > 1)
    cells = st._cells_of(0, item)
    for c in cells[1:]:
        d["boards"][0][c], d["causes"][0][c] = -1, None
    last = next(c for c in st._t.cells_in_use[0]
                if c > cells[0] and c - cells[0] < st._t.tile_span[0] and d["boards"][0][c] < 0
                and tuple(sorted((cells[0], c))) not in st._t.placement_cells[0])
    d["boards"][0][last], d["causes"][0][last] = item, "regular"


def negative_item(d, st):
    d["zones"][_first_full_zone(d)].append(-2)


def item_too_big(d, st):
    d["zones"][_first_full_zone(d)].append(len(st.game.ITEM_KIND))


def item_is_a_bool(d, st):
    d["zones"][_first_full_zone(d)].append(True)


def item_is_a_string(d, st):
    d["zones"][_first_full_zone(d)][0] = "7"


def item_dropped(d, st):
    d["zones"][_first_full_zone(d)].pop()


def zone_removed(d, st):
    d["zones"].pop()


def zone_not_a_list(d, st):
    d["zones"][1] = 4


def board_too_long(d, st):
    d["boards"][0].append(-1)


def board_cell_a_string(d, st):
    d["boards"][0][st._t.cells_in_use[0][-1]] = "shark"


def board_cell_not_in_use(d, st):
    z = _first_full_zone(d)
    cell = next(c for c in range(len(d["boards"][0])) if not st._t.in_use[0][c])
    d["boards"][0][cell], d["causes"][0][cell] = d["zones"][z].pop(), "regular"


def cause_missing_under_item(d, st):
    cell = next(c for c, i in enumerate(d["boards"][0]) if i >= 0)
    d["causes"][0][cell] = None


def cause_on_empty_cell(d, st):
    cell = next(c for c, i in enumerate(d["boards"][0]) if i < 0)
    d["causes"][0][cell] = "regular"


def causes_too_short(d, st):
    d["causes"][0].pop()


def turn_seat_out_of_range(d, st):
    d["turn_seat"] = st.players


def turn_seat_negative(d, st):
    d["turn_seat"] = -1


def turn_seat_a_bool(d, st):
    d["turn_seat"] = True


def next_seat_out_of_range(d, st):
    d["next_seat"] = st.players + 2


def frame_actor_out_of_range(d, st):
    d["stack"][0][2] = st.players


def unknown_phase(d, st):
    d["phase"] = "scoring"


def unknown_step(d, st):
    d["stack"][-1][0] = "dance"


def wrong_arity(d, st):
    d["stack"][-1][1].append(1)


def step_arg_a_list(d, st):
    d["stack"][-1][1][0] = [1]


def step_seat_out_of_range(d, st):
    d["stack"][-1][1][0] = st.players + 3


def queued_seat_out_of_range(d, st):
    d["queues"]["bonuses"][0][1][0] = 99


def frame_too_short(d, st):
    d["stack"][-1] = d["stack"][-1][:3]


def unknown_replacement(d, st):
    d["stack"][-1][4].append("never_declared")


def resolve_unknown_queue(d, st):
    frame = next(f for f in d["stack"] if f[0] == RESOLVE)
    frame[1] = ["gifts"]


def lots_between_one_seat(d, st):
    d["stack"].append([LOTS, [0], 0, json.dumps(st._over or {"end": st.game.ENDS[0].name, "winners": [],
                                                                "cites": []}), []])


def unknown_queue(d, st):
    d["queues"]["gifts"] = []


def missing_queue(d, st):
    del d["queues"]["bonuses"]


def queued_unknown_step(d, st):
    d["queues"]["bonuses"][0][0] = "dance"


def queued_wrong_arity(d, st):
    d["queues"]["bonuses"][0][1] = []


def unknown_counter(d, st):
    d["counters"]["luck"] = 0


def missing_counter(d, st):
    del d["counters"][next(iter(d["counters"]))]


def counter_a_string(d, st):
    d["counters"]["knockouts"] = "3"


def counter_a_bool(d, st):
    d["counters"]["knockouts"] = True


def per_player_counter_too_short(d, st):
    d["counters"]["tried"].pop()


def per_player_counter_not_a_list(d, st):
    d["counters"]["tried"] = 0


def per_player_counter_a_float(d, st):
    d["counters"]["tried"][1] = 1.5


def option_of_another_value(d, st):
    d["options"]["side"] = "C"


def option_unknown(d, st):
    d["options"]["weather"] = "sunny"


def option_missing(d, st):
    del d["options"]["third_piece"]


def option_not_the_legs(d, st):  # leg 2 of the match is played on side B
    d["options"]["side"] = "A"


def variants_of_another_engine(d, st):
    d["variants"] = ["bottles"]


def variants_missing(d, st):
    d["variants"] = []


def other_game(d, st):
    d["game"] = "chess"


def players_too_many(d, st):
    d["players"] = st.game.MAX_PLAYERS + 1


def players_too_few(d, st):
    d["players"] = 1


def players_changed(d, st):  # within range, but the zones are those of another player count
    d["players"] = st.players + 1


def players_a_float(d, st):
    d["players"] = float(st.players)


def turn_number_negative(d, st):
    d["turn_number"] = -1


def leg_outside_a_match(d, st):
    d["leg"] = 1


def legs_forgotten(d, st):
    d["legs"] = []


def leg_score_missing(d, st):
    del d["legs"][0]["scores"]["penalty"]


def leg_score_of_too_few(d, st):
    d["legs"][0]["scores"]["penalty"].pop()


def over_a_string(d, st):
    d["over"] = "yes"


def over_unknown_end(d, st):
    d["over"]["end"] = "boredom"


def over_missing_winners(d, st):
    del d["over"]["winners"]


def over_winner_out_of_range(d, st):
    d["over"]["winners"] = [st.players]


def over_lot_out_of_range(d, st):
    d["over"]["lot"] = -1


def over_extra_key(d, st):
    d["over"]["mood"] = "happy"


def history_not_strings(d, st):
    d["history"].append(3)


def history_not_a_list(d, st):
    d["history"] = "player 1: start"


def violations_not_strings(d, st):
    d["violations"] = [None]


def fired_negative(d, st):
    d["fired"][next(iter(d["fired"]))] = -1


def fired_a_bool(d, st):
    d["fired"][next(iter(d["fired"]))] = True


def fired_not_an_object(d, st):
    d["fired"] = []


def key_missing(d, st):
    del d["fired"]


def key_extra(d, st):
    d["mood"] = "calm"


def not_json(d, st):
    return "this is not a state"


def json_list(d, st):
    return json.dumps([d])


def json_number(d, st):
    return "42"


def truncated_json(d, st):
    text = json.dumps(d)
    return text[:len(text) // 2]


def nested_too_deep(d, st):
    return "[" * 100_000 + "]" * 100_000


def empty_text(d, st):
    return ""


# (sample, tampering, a substring of the path, a substring of the reason)
CASES = [
    ("shrimp", dup_into_other_zone, "state.zones[", "also in zone"),
    ("shrimp", dup_in_same_stacked_zone, "state.zones[", "is in zone deck of player 2 and also in zone deck of player 2"),
    ("ltes", zone_item_onto_board_too, "state.boards[0][", "also in zone"),
    ("ltes", board_item_into_zone_too, "state.boards[0][", "is also in zone supply (state.zones[0]["),
    ("ltes", tile_split_far, "state.boards[0][", "also in sea"),
    ("ltes", tile_not_a_placement, "state.boards[0][", "not a placement of its shape"),
    ("shell_queue", negative_item, "state.zones[", "item -2 does not exist"),
    ("shrimp", item_too_big, "state.zones[", "does not exist"),
    ("ltes", item_is_a_bool, "state.zones[", "is a boolean (True), not an item"),
    ("shrimp", item_is_a_string, "state.zones[", "not an item"),
    ("shrimp", item_dropped, "state.zones", "is nowhere"),
    ("shell_queue", zone_removed, "state.zones", "entries, not"),
    ("shrimp", zone_not_a_list, "state.zones[1]", "not a list"),
    ("ltes", board_too_long, "state.boards[0]", "spaces"),
    ("shell_queue", board_cell_a_string, "state.boards[0][", "a cell holds -1 (empty) or an item"),
    ("ltes", board_cell_not_in_use, "state.boards[0][", "not in use in this game"),
    ("ltes", cause_missing_under_item, "state.causes[0][", "holds an item"),
    ("shell_queue", cause_on_empty_cell, "state.causes[0][", "is empty"),
    ("ltes", causes_too_short, "state.causes[0]", "entries, not"),
    ("shrimp", turn_seat_out_of_range, "state.turn_seat", "seat 4 is out of range"),
    ("ltes", turn_seat_negative, "state.turn_seat", "out of range"),
    ("shell_queue", turn_seat_a_bool, "state.turn_seat", "not a seat"),
    ("shrimp", next_seat_out_of_range, "state.next_seat", "out of range"),
    ("shell_legs", frame_actor_out_of_range, "state.stack[0][2]", "out of range"),
    ("ltes", unknown_phase, "state.phase", "not one of the phases"),
    ("shrimp", unknown_step, "state.stack[", "'dance' is not a step of Shrimp"),
    ("shrimp", wrong_arity, "state.stack[", "step window takes 1 argument (flipper), not 2"),
    ("ltes", step_arg_a_list, "state.stack[", "a step's argument is an int"),
    ("shrimp", step_seat_out_of_range, "state.stack[", "seat 7 is out of range"),
    ("shell_queue", queued_seat_out_of_range, "state.queues.bonuses[0][1][0]", "seat 99 is out of range"),
    ("shell_queue", frame_too_short, "state.stack[", "has 3 entries, not 5"),
    ("shrimp_replaced", unknown_replacement, "state.stack[", "not a replacement effect"),
    ("shell_resolve", resolve_unknown_queue, "state.stack[", "'gifts' is not a queue"),
    ("shrimp", lots_between_one_seat, "state.stack[", "two or more tied seats"),
    ("shell_queue", unknown_queue, "state.queues.gifts", "not one of the queues"),
    ("shell_queue", missing_queue, "state.queues.bonuses", "is missing"),
    ("shell_queue", queued_unknown_step, "state.queues.bonuses[0][0]", "not a step"),
    ("shell_queue", queued_wrong_arity, "state.queues.bonuses[0][1]", "takes"),
    ("ltes", unknown_counter, "state.counters.luck", "not one of the counters"),
    ("shrimp", missing_counter, "state.counters.tried", "is missing"),
    ("ltes", counter_a_string, "state.counters.knockouts", "not an int"),
    ("ltes", counter_a_bool, "state.counters.knockouts", "a boolean (True), not an int"),
    ("shrimp", per_player_counter_too_short, "state.counters.tried", "3 entries, not 4"),
    ("shrimp", per_player_counter_not_a_list, "state.counters.tried", "not a list"),
    ("shrimp", per_player_counter_a_float, "state.counters.tried[1]", "not an int"),
    ("shell_queue", option_of_another_value, "state.options.side", "takes A, B"),
    ("ltes", option_unknown, "state.options.weather", "not one of the options"),
    ("ltes", option_missing, "state.options.third_piece", "is missing"),
    ("shell_legs", option_not_the_legs, "state.options.side", "leg 2 of the match"),
    ("shell_queue", variants_of_another_engine, "state.variants", "variants bottles"),
    ("shell_legs", variants_missing, "state.variants", "of variants none"),
    ("ltes", other_game, "state.game", "'chess'"),
    ("shrimp", players_too_many, "state.players", "not 7"),
    ("ltes", players_too_few, "state.players", "not 1"),
    ("shell_queue", players_changed, "state.zones", "with 4 players"),
    ("shrimp", players_a_float, "state.players", "not an int"),
    ("ltes", turn_number_negative, "state.turn_number", "below 0"),
    ("shrimp", leg_outside_a_match, "state.leg", "one leg"),
    ("shell_legs", legs_forgotten, "state.legs", "one per leg played"),
    ("shell_legs", leg_score_missing, "state.legs[0].scores.penalty", "is missing"),
    ("shell_legs", leg_score_of_too_few, "state.legs[0].scores.penalty", "one per player"),
    ("shell_over", over_a_string, "state.over", "not an object"),
    ("shell_over", over_unknown_end, "state.over.end", "not an end of"),
    ("shell_over", over_missing_winners, "state.over.winners", "is missing"),
    ("shell_over", over_winner_out_of_range, "state.over.winners[0]", "out of range"),
    ("shrimp_over", over_lot_out_of_range, "state.over.lot", "out of range"),
    ("shell_over", over_extra_key, "state.over.mood", "not one of the parts"),
    ("ltes", history_not_strings, "state.history[", "not a string"),
    ("shrimp", history_not_a_list, "state.history", "not a list"),
    ("shell_queue", violations_not_strings, "state.violations[0]", "not a string"),
    ("ltes", fired_negative, "state.fired", "below 0"),
    ("shrimp", fired_a_bool, "state.fired", "not an int"),
    ("shell_queue", fired_not_an_object, "state.fired", "not an object"),
    ("ltes", key_missing, "state.fired", "is missing"),
    ("shrimp", key_extra, "state.mood", "not one of the parts of a state"),
    ("ltes", not_json, "state", "not JSON"),
    ("shrimp", json_list, "state", "is a list, not an object"),
    ("shell_queue", json_number, "state", "is an int, not an object"),
    ("ltes", truncated_json, "state", "not JSON"),
    ("shrimp", nested_too_deep, "state", "nested too deeply"),
    ("shell_queue", empty_text, "state", "not JSON"),
]


def test_the_corpus_is_big_and_distinct():
    assert len({fn.__name__ for _, fn, _, _ in CASES}) == len(CASES) >= 30


@pytest.mark.parametrize("which, tamper, where, why", CASES, ids=[fn.__name__ for _, fn, _, _ in CASES])
def test_a_tampered_state_is_refused_with_its_place(which, tamper, where, why):
    state = sample(which)
    engine = state.game
    before = state.to_json()
    assert engine.from_json(before) == state  # untampered, it reads back
    data = state._to_dict()
    made = tamper(data, state)
    text = made if isinstance(made, str) else json.dumps(data)
    with pytest.raises(InvalidState) as refused:
        engine.from_json(text)
    error = refused.value
    message = str(error)
    assert isinstance(error, ValueError) and isinstance(error, RuntimeInvalidState)
    assert message == f"{error.path}: {error.reason}"
    assert error.path.startswith(where), message
    assert why in error.reason, message
    assert state.to_json() == before  # the state the tampered copy was made from is unchanged
    if not isinstance(made, str):  # the dict form is refused the same way
        with pytest.raises(InvalidState) as again:
            engine._state_from_dict(json.loads(text))
        assert str(again.value) == message


def test_the_message_names_the_zone_and_the_seat():
    state = sample("shrimp")
    data = state._to_dict()
    deck = _zone(state, "deck", 1)
    pool = _zone(state, "pool")
    assert data["zones"][deck] and data["zones"][pool] is not None
    item = data["zones"][deck][0]
    data["zones"][pool].append(item)
    with pytest.raises(InvalidState) as refused:
        state.game.from_json(json.dumps(data))
    label = state.game.ITEM_LABEL[item]
    first, second = sorted((deck, pool))
    assert refused.value.path.startswith(f"state.zones[{second}][")
    assert f"item {item} ({label})" in refused.value.reason
    assert "zone deck of player 2" in refused.value.reason and "zone pool" in refused.value.reason
    assert f"state.zones[{first}][" in refused.value.reason


def test_a_state_of_other_options_is_refused_by_an_engine_made_with_options():
    state = sample("shell_queue")  # side A, the default
    text = state.to_json()
    on_b = game("shell-we", (), (("side", "B"),))
    with pytest.raises(InvalidState, match=r"state\.options\.side: is 'A'; this engine was made with side=B"):
        on_b.from_json(text)
    assert game("shell-we").from_json(text) == state
    # an engine made without options reads a state of any declared options
    state_b = played(on_b, 3, 2, lambda st, n: n >= 10)
    back = game("shell-we").from_json(state_b.to_json())
    assert back._options == {"side": "B"} and back.to_json() == state_b.to_json()


def test_a_state_of_another_engine_is_refused():
    plain = sample("shell_queue")
    with pytest.raises(InvalidState, match=r"^state\.variants: .*variants bottles, two_legged"):
        game("shell-we", ("bottles", "two_legged")).from_json(plain.to_json())
    with pytest.raises(InvalidState, match=r"^state\.variants: "):
        game("shell-we").from_json(sample("shell_legs").to_json())
    with pytest.raises(InvalidState, match=r"^state\.game: this state is from 'shell-we', not 'shrimp'"):
        game("shrimp").from_json(plain.to_json())


def test_from_json_takes_text():
    with pytest.raises(TypeError, match="from_json"):
        game("shrimp").from_json(None)
    with pytest.raises(TypeError, match="from_json"):
        game("shrimp").from_json({"game": "shrimp"})


# ----------------------------------------------------------------------------- round trips


ROUND_TRIPS = [
    ("shell-we", (), 2, 0), ("shell-we", (), 4, 1), ("shell-we", ("bottles",), 3, 2),
    ("shell-we", ("two_legged",), 2, 3), ("shell-we", ("bottles", "two_legged"), 3, 4),
    ("shrimp", (), 3, 5), ("shrimp", (), 6, 1), ("shrimp", ("pictured",), 2, 2),
    ("let-them-eat-shrimp", (), 2, 0), ("let-them-eat-shrimp", (), 5, 1),
    ("let-them-eat-shrimp", ("advanced",), 3, 2), ("let-them-eat-shrimp", ("advanced", "no_die", "open_play"), 4, 3),
    ("let-them-eat-shrimp", ("egg_for_shark", "starfish_egg"), 2, 4),
]


@pytest.mark.parametrize("name, variants, players, seed", ROUND_TRIPS)
def test_every_state_of_a_seeded_game_reads_back_equal(name, variants, players, seed):
    engine = game(name, variants)
    rng, state, seen = random.Random(seed), engine.new_game(players), 0
    legs = set()
    while True:
        text = state.to_json()
        back = engine.from_json(text)
        assert back == state and back.to_json() == text and back._loc == state._loc and back._masks == state._masks
        seen += 1
        legs.add(state._leg)
        if state.is_terminal():
            break
        state.apply(random_step(state, rng))
    assert seen > 10
    if "two_legged" in variants:
        assert legs == {0, 1}


def test_a_copy_read_back_plays_on_the_same():
    engine = game("let-them-eat-shrimp")
    state = sample("ltes").clone()
    copy = engine.from_json(state.to_json())
    one, two = random.Random(9), random.Random(9)
    for _ in range(30):
        if state.is_terminal():
            break
        state_action, copy_action = random_step(state, one), random_step(copy, two)
        assert str(state_action) == str(copy_action)
        state.apply(state_action)
        copy.apply(copy_action)
        assert state == copy


# ----------------------------------------------------------------------------- apply takes an Action or its text


@pytest.mark.parametrize("which", ["shell_queue", "shrimp", "ltes"])
def test_apply_refuses_what_is_not_an_action(which):
    state = sample(which)
    before = state.to_json()
    offered = [str(a) for a in state.legal_actions()]
    for bad, name in ((None, "NoneType"), (3, "int"), (("a",), "tuple"), (["player 1: pass"], "list"),
                      (b"player 1: pass", "bytes")):
        with pytest.raises(TypeError) as refused:
            state.apply(bad)
        assert str(refused.value) == f"apply() takes an Action or its text, not {name}"
        assert state.to_json() == before and [str(a) for a in state.legal_actions()] == offered
    with pytest.raises(TypeError, match=r"Action\(player: int, text: str\)"):
        state.apply(Action("1", "pass"))
    with pytest.raises(TypeError, match=r"Action\(player: int, text: str\)"):
        state.apply(Action(0, None))
    assert state.to_json() == before


def test_an_action_of_another_seat_or_state_is_illegal():
    state = sample("shell_queue")
    before = state.to_json()
    seat = state.current_player()
    action = state.legal_actions()[0]
    with pytest.raises(IllegalAction, match="decision"):
        state.apply(Action((action.player + 1) % state.players, action.text))
    with pytest.raises(IllegalAction):
        state.apply(Action(seat, "conquer the world"))
    with pytest.raises(IllegalAction):
        state.apply(Action(99, action.text))
    other = sample("shrimp").legal_actions()[0]  # an action of another game's state
    with pytest.raises(IllegalAction):
        state.apply(other)
    assert state.to_json() == before


# ----------------------------------------------------------------------------- the command line


def test_the_cli_reports_an_invalid_state_as_a_problem_in_the_input(capsys, monkeypatch):
    import typer

    from rulespec.cli.console import EXIT_PROBLEM, _command
    monkeypatch.delenv("RULESPEC_TRACEBACK", raising=False)

    @_command
    def reads(io, text):  # what a command reading a saved state does
        game("shrimp").from_json(text)

    with pytest.raises(typer.Exit) as stopped:
        reads("[1, 2]")
    assert stopped.value.exit_code == EXIT_PROBLEM == 1
    err = capsys.readouterr().err
    assert "error: the state cannot be read: state: is a list, not an object" in err
    assert "Traceback" not in err and "internal error" not in err


def test_a_space_argument_off_the_board_is_refused():
    state = sample("shell_queue")
    data = json.loads(state.to_json())
    before = state.to_json()
    data["stack"].append(["consecutive_bonus", [0, 10**6], 0, "regular", []])
    with pytest.raises(rulespec.InvalidState, match=r"state\.stack\[\d+\]\[1\]\[1\]: .*space of board beach"):
        state.game.from_json(json.dumps(data))
    assert state.to_json() == before


# ----------------------------------------------------------------------------- every number and text held to the game (#37)


def _tampered(state, change) -> str:
    data = state._to_dict()
    change(data)
    return json.dumps(data)


def _refused(engine, text: str, where: str, why: str) -> None:
    with pytest.raises(InvalidState) as refused:
        engine.from_json(text)
    assert refused.value.path.startswith(where) and why in refused.value.reason, str(refused.value)


def _set(key, value):
    def change(d):
        d[key] = value
    return change


@pytest.mark.parametrize("change, where, why", [
    (_set("turn_number", 10**30), "state.turn_number", "Shrimp lasts at most 82 turns"),
    (_set("turn_number", 83), "state.turn_number", "at most 82 turns"),  # 83 only ends a game
    (_set("violations", ["anything"]), "state.violations[0]", "not a violation Shrimp records"),
    (_set("violations", ["the game lasted more than its declared 9 turns"]), "state.violations[0]", "not a violation"),
    (_set("history", ["hello"]), "state.history[0]", "`player N: ...`"),
    (_set("history", ["player 9: pass"]), "state.history[0]", "N from 1 to 4"),
    (_set("fired", {"dance": 1}), "state.fired.dance", "is no rule of Shrimp"),
    (_set("fired", {"turn": 10**30}), "state.fired.turn", "no rule fires more than"),
    (lambda d: d["stack"][-1].__setitem__(3, "x" * 100_000), "state.stack[", "a cause is a name"),
    (lambda d: d["stack"][-1].__setitem__(3, "two words"), "state.stack[", "a cause is a name"),
])
def test_a_number_or_text_the_game_cannot_hold_is_refused(change, where, why):
    state = sample("shrimp")
    _refused(state.game, _tampered(state, change), where, why)


def test_a_turn_number_a_game_without_a_limit_cannot_reach_is_refused():
    class Unlimited(type(game("tic-tac-toe"))):
        MAX_TURNS, MAX_MOVES = None, {}
    engine = Unlimited()
    state = engine.new_game(2)
    assert engine.from_json(_tampered(state, _set("turn_number", 10**15))).to_json()
    _refused(engine, _tampered(state, _set("turn_number", 10**15 + 1)), "state.turn_number", "no game plays more")


def test_the_history_is_at_most_the_moves_the_game_takes():
    ttt = game("tic-tac-toe")  # MAX_MOVES {2: 9}
    state = rulespec.random_game(ttt, 2, 0)
    assert ttt.from_json(state.to_json()) == state
    _refused(ttt, _tampered(state, lambda d: d["history"].extend(d["history"][:1] * 9)), "state.history",
             "takes at most 9")


def test_an_over_and_a_legs_record_name_the_games_own_ends_and_citations():
    over = sample("shell_over")
    _refused(over.game, _tampered(over, lambda d: d["over"].__setitem__("cites", ["SHELL-END-1", "FAKE-1"])),
             "state.over.cites", "cites")
    legs = sample("shell_legs")
    _refused(legs.game, _tampered(legs, lambda d: d["legs"][0].__setitem__("end", "boredom")), "state.legs[0].end",
             "not an end of")
    _refused(legs.game, _tampered(legs, lambda d: d["legs"][0]["scores"]["penalty"].__setitem__(0, 10**30)),
             "state.legs[0].scores.penalty[0]", "counter's range")
    ltes = sample("ltes")
    cell = next(c for c, i in enumerate(ltes._boards[0]) if i >= 0)
    _refused(ltes.game, _tampered(ltes, lambda d: d["causes"][0].__setitem__(cell, "x" * 5_000)),
             f"state.causes[0][{cell}]", "a cause is a name")


def test_violations_the_runtime_records_read_back():
    # A turn limit passed, and an invariant checked at each placement failing: what play itself records.
    class Short(type(game("tic-tac-toe"))):
        MAX_TURNS, MAX_MOVES = 3, {}
    short = Short()
    state = rulespec.random_game(short, 2, 0)
    assert state._violations == ["the game lasted more than its declared 3 turns"] and state._turn_number == 4
    assert short.from_json(state.to_json()) == state
    _refused(short, _tampered(state, _set("turn_number", 5)), "state.turn_number", "at most 3 turns")
    shell = type(game("shell-we"))
    always_fails = InvariantInfo("never_placed", "nothing is ever placed", "on_event",
                                 lambda st, item, cell, actor: False, board=0)
    Strict = type("Strict", (shell,), {"INVARIANTS": shell.INVARIANTS + (always_fails,)})
    strict = Strict()
    state = played(strict, 2, 0, lambda st, n: len(st._violations) >= 2)
    assert state._violations[0].startswith("never_placed: nothing is ever placed (")
    assert strict.from_json(state.to_json()) == state
    _refused(strict, _tampered(state, lambda d: d["violations"].append("conservation: every tile is somewhere (x)")),
             f"state.violations[{len(state._violations)}]", "never_placed")  # an `always` invariant is verify's


def test_a_dict_with_an_int_past_the_digit_limit_is_refused_in_words():
    state = sample("shrimp")
    data = state._to_dict()
    data["fired"] = {"turn": 10**5000}  # (no JSON text holds it: str() of it raises)
    with pytest.raises(InvalidState, match=r"^state\.fired\.turn: is a number of about 5,001 digits"):
        state.game._state_from_dict(data)


def test_json_with_a_number_past_the_digit_limit_is_refused():
    state = sample("shell_queue")
    text = state.to_json().replace('"turn_number":', '"turn_number":' + "9" * 5_000 + ",\"x\":", 1)
    _refused(state.game, text, "state", "digits, which no state holds")


# Every scalar of real states of five games, each replaced by hostile values: refused with InvalidState
# (never another exception), except the values a real state may hold there.
FUZZ_VALUES = [10**30, -10**30, 2**63, 1.5, True, None, "x" * 20_000, "no such name", [[[[1]]]], {"a": 1}]
FUZZ_STATES = [("tic-tac-toe", (), 2, 3), ("kuhn-poker", (), 2, 2), ("liars-dice", (), 2, 3), ("shell-we", ("two_legged",), 3, 150)]


def _scalars(value, path=()):
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _scalars(inner, path + (key,))
    elif isinstance(value, list) and value:
        for i, inner in enumerate(value[:3]):
            yield from _scalars(inner, path + (i,))
    else:
        yield path, value


def _may_hold(path, value) -> bool:
    """A value a real state may hold at ``path``: a cause is any name; a frame's word argument any text."""
    return value == "no such name" and path[0] in ("stack", "queues", "causes")


@pytest.mark.parametrize("name, variants, players, steps", FUZZ_STATES, ids=[n for n, *_ in FUZZ_STATES])
def test_every_scalar_of_a_state_is_held_to_the_game(name, variants, players, steps):
    engine = game(name, variants)
    states = [played(engine, players, 0, lambda st, n: n >= steps), rulespec.random_game(engine, players, 1)]
    tried = 0
    for state in states:
        base = state._to_dict()
        for path, original in _scalars(base):
            for value in FUZZ_VALUES:
                data = json.loads(json.dumps(base))
                target = data
                for key in path[:-1]:
                    target = target[key]
                target[path[-1]] = value
                tried += 1
                try:
                    engine.from_json(json.dumps(data))
                except InvalidState:
                    continue
                assert _may_hold(path, value) or value == original, f"{path} = {value!r:.40} was accepted"
    assert tried > 500


def test_an_action_text_naming_a_seat_of_5000_digits_is_illegal_not_a_crash():
    state = sample("shell_queue")
    before = state.to_json()
    for seat in ("9" * 5_000, "0" * 5_000 + "1"):
        with pytest.raises(IllegalAction, match="cannot read"):
            state.apply(f"player {seat}: pass")
    assert state.to_json() == before
