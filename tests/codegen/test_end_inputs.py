"""An end kept by what it reads (#40, helper battleship: rulespec/model/end_inputs.py, codegen/ends.py
Ends.end_test_kept): an end that reads only counters, zones and attributes that can change, and whose
worst-case work is large, is tested again only when what it reads differs from what it was when it last held
false. The newcomer's Battleship (`fleet_sunk`: a count of every ship's parts, each looked up in the opponent's
hits) is played in lock step with its engine generated without the lever, in random games and in games whose
shots are aimed at the ships (fleets sunk, the end holding); the lever fires there and nowhere it cannot pay."""

import random
import re
from pathlib import Path

import pytest

from rulespec.codegen.ends import Ends
from rulespec.codegen.python import CodeGenerator
from rulespec.model import end_inputs
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step, sampled_action

ROOT = Path(__file__).parents[2]
BATTLESHIP = ROOT / "tests/newcomer/games/battleship.rules"
KEPT = "st._ends_seen.get(('after_step', 'end', 0, v_p))"  # fleet_sunk's record, per player


def engines(path: Path):
    return engines_with_and_without(path, ((Ends, "end_inputs_kept", lambda self, end: None),), "end_inputs")


def kept_ends(path: Path) -> list[str]:
    model = compile_rules(path)
    generator = CodeGenerator.__new__(CodeGenerator)
    generator.m = model
    return [end.name for end in model.ends if Ends.end_inputs_kept(generator, end) is not None]


def test_what_fleet_sunk_reads():
    model = compile_rules(BATTLESHIP)
    ends = {end.name: end for end in model.ends}
    inputs = end_inputs.end_inputs(ends["fleet_sunk"], model)
    assert (inputs.counters, inputs.zones, inputs.attributes) == (("placed",), ("fleet", "hits"), ("ship",))
    assert inputs.beyond_counters() and not inputs.cheap()
    assert end_inputs.end_inputs(ends["out_of_shots"], model).cheap()  # counters alone: the counter skip's


def test_the_lever_fires_after_the_cheap_guard():
    source, without, _, _ = engines(BATTLESHIP)
    assert KEPT in source and KEPT not in without
    check = source.split("def ends_after_step(", 1)[1].split("\n\n", 1)[0]
    # `placed of p = 5` (counters alone) is tested first; the record is looked at only past it
    assert check.index("(counter_placed[v_p] == 5)") < check.index(KEPT) < check.index("define_ships_sunk(st, v_p)")
    assert "st._zones[st._t.zone_base['hits']:st._t.zone_base['hits'] + st.players]" in check
    assert "st._attrs['ship'][:]" in check  # (the attribute that can change is kept too)
    assert "out_of_shots" in check and check.count("st._ends_seen.get(") == 1  # (the cheap end as ever)


@pytest.mark.parametrize("path", [ROOT / "rulebooks/liars-dice.rules", ROOT / "tests/newcomer/games/phantom-ttt.rules",
                                  ROOT / "rulebooks/shell-we.rules", ROOT / "tests/newcomer/games/crazy-eights.rules"])
def test_it_does_not_fire_where_it_cannot_pay(path):
    """Liar's Dice's bid that stood (a count of a few dice, tested once a game) and phantom tic-tac-toe's three
    in a row (a few marks, changed at nearly every move) read zones too, but cost less than a record."""
    assert kept_ends(path) == []


def aimed_action(state, rng: random.Random):
    """Four times in five a shot at an opponent's ship cell not hit yet (as the opponent's own view shows
    its fleet), else a random action: fleets are sunk and the game ends by fleet_sunk."""
    seat = state.current_player()
    actions = state.legal_actions()
    if actions[0].text.startswith("shoot") and rng.random() < 0.8:
        fleet = state.observation(1 - seat)["zones"]["fleet"][1 - seat]["items"]
        hits = {item[len("peg "):] for item in state.observation(seat)["zones"]["hits"][seat].get("items", ())}
        cells = {re.search(r"\(\d, \d\)", part).group() for part in fleet} - hits
        targets = [a for a in actions if a.text[len("shoot at "):] in cells]
        if targets:
            return targets[rng.randrange(len(targets))]
    return sampled_action(state, rng)


def test_random_games_agree_with_the_engine_without_it():
    _, _, fast, slow = engines(BATTLESHIP)
    for seed in range(4):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_games_that_sink_a_fleet_agree_with_the_engine_without_it():
    _, _, fast, slow = engines(BATTLESHIP)
    sunk = 0
    for seed in range(8):
        rng = random.Random(seed)
        ours, theirs = fast.new_game(2), slow.new_game(2)
        while not ours.is_terminal():
            assert ours.legal_actions() == theirs.legal_actions()
            action = aimed_action(ours, rng)
            ours.apply(action)
            theirs.apply(str(action))
            copy = ours.clone()  # (a copy shares the record; its own steps replace it, never change it)
            assert copy.legal_actions() == ours.legal_actions()
        assert theirs.is_terminal() and ours.outcome() == theirs.outcome() and ours.returns() == theirs.returns()
        assert ours.history == theirs.history and ours.to_json() == theirs.to_json()
        sunk += ours.outcome()["end"] == "fleet_sunk"
    assert sunk >= 6


DARK_HEX = ROOT / "tests/newcomer/games/dark-hex.rules"


def test_an_end_reading_one_seats_zone_is_kept_by_it():
    """Dark Hex's `connected(s in grid where holds_cell(player 1, row of s, column of s) ...)` (helper darkhex):
    a `connected` over a board's spaces, their rows and columns, and `stones of p` with `player 1` for p read
    through the definition: it reads only the zone stones, at seat 0 alone, and is kept by that zone alone
    (model/end_inputs.py KEPT_WORK_ONE_SEAT), the other seat's steps leaving it as it was."""
    model = compile_rules(DARK_HEX)
    ends = {end.name: end for end in model.ends}
    top, left = (end_inputs.end_inputs(ends[name], model) for name in ("top_to_bottom", "left_to_right"))
    assert (top.zones, top.one_seat, left.one_seat) == (("stones",), (("stones", 0),), (("stones", 1),))
    assert top.seat_by_seat() and kept_ends(DARK_HEX) == ["top_to_bottom", "left_to_right"]
    whole = ((Ends, "one_seat_records", False),)
    source, without, fast, slow = engines_with_and_without(DARK_HEX, whole, "end_inputs_one_seat")
    assert "!= (st._zones[st._t.zone_base['stones'] + 0], ):" in source
    assert "!= (st._zones[st._t.zone_base['stones'] + 1], ):" in source
    assert "_ends_seen" not in without.split("def ends_after_step(", 1)[1]  # (whole zones: not worth a record)
    for seed in range(150):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
    _, _, every, _ = engines(DARK_HEX)  # and against every end tested after every step
    for seed in range(150):
        play_in_lock_step(fast.new_game(2), every.new_game(2), 2, random.Random(seed))
