"""Counters that hold a seat, a direction or an attribute's word (`counter led: suit starts at none`): what
Hearts, trick-taking, Laser tag and Euchre newcomers could not say (issue #40's probes, helper gaps). Kept as
the value's index (-1 none), so the position's text, serialisation, repetition and tensors carry it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.adapters.tensors import TensorLayout
from rulespec.codegen.python import generate
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check
from rulespec.runtime import serialise

ROOT = Path(__file__).resolve().parents[2]
TRICKS = ROOT / "rulespec" / "docs" / "ref_games" / "tricks.rules"
TEXT = TRICKS.read_text(encoding="utf-8")


def _errors(text: str) -> list:
    with pytest.raises(RuleError) as caught:
        check(parse_text(text, "t.rules"))
    return caught.value.diagnostics


def _line(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_the_declaration_parses_what_it_holds_and_its_start():
    found = {d.name: d for d in parse_text(TEXT, "tricks.rules").declarations if getattr(d, "kind", "") == "counter"}
    assert found["led"].holds == ("suit", None) and found["led"].start_value == ("none",)
    assert found["leader"].holds == ("seat", None) and found["leader"].start_value == ("seat", "player", 1)
    assert found["facing"].per_player and found["facing"].start_value == ("word", "north")
    model = rulespec.load(TRICKS).model
    kept = {c.name: (c.holds, c.values, c.start) for c in model.counters}
    assert kept["led"] == ("symbol", ("clubs", "hearts"), -1)
    assert kept["leader"] == ("seat", (0, 1), 0)
    assert kept["facing"][0] == "direction" and kept["facing"][2] == 0


def test_generated_code_reads_and_writes_through_the_values():
    source = generate(rulespec.load(TRICKS).model, "tricks.rules")
    assert "('clubs', 'hearts', None)[st._counters['led']]" in source
    assert "{'clubs': 0, 'hearts': 1, None: -1}[" in source
    assert "COUNTER_WORDS = {'led': ('clubs', 'hearts'), 'leader': ('player 1', 'player 2')" in source


@pytest.mark.parametrize("seed", range(6))
def test_play_round_trips_through_the_position_the_dict_and_the_tensor(seed):
    game, rng = rulespec.load(TRICKS), random.Random(seed)
    layout = TensorLayout(game, 2)
    state = game.new_game(2)
    assert state.observation(0)["counters"] == {"led": "none", "leader": "player 1", "facing": ["north", "north"]}
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        text = state.to_position()
        assert "counter led: " in text and "counter leader: player " in text
        back = game.position(text, 2)
        assert back.to_position() == text and back.legal_actions() == state.legal_actions()
        assert serialise.state_from_dict(game, serialise.state_to_dict(state)).to_position() == text
        view = state.observation(0)
        values = layout.values(view, 0)
        at, _ = layout.offsets["counter:led"]
        assert values[at] == (-1 if view["counters"]["led"] == "none" else ("clubs", "hearts").index(view["counters"]["led"]))


def test_a_position_with_a_word_not_among_the_values_is_refused():
    game = rulespec.load(TRICKS)
    text = game.new_game(2).to_position().replace("counter led: none", "counter led: spades")
    with pytest.raises(Exception, match="counter led holds one of clubs, hearts or none"):
        game.position(text, 2)


@pytest.mark.parametrize("old, new, message, hint", [
    ("counter led: suit starts at none", "counter led: colour starts at none",
     "a counter holds a number, a seat, a direction or an attribute's word, not `colour`", "write `: seat`"),
    ("counter led: suit starts at none", "counter led: suit starts at spades",
     "counter `led` holds a suit: `spades` is not one", "clubs, hearts"),
    ("counter led: suit starts at none", "counter led: suit starts at 0",
     "counter `led` holds a suit, not a number", "starts at clubs"),
    ("counter led: suit starts at none", "counter led: rank starts at none",
     "`rank` has numbers for values", "starts at 0"),
    ("counter leader: seat starts at player 1", "counter leader: seat starts at player 3",
     "there is no player 3 in a 2-player game", "player from 1 to 2"),
    ("counter leader: seat starts at player 1", "counter leader: seat starts at north",
     "counter `leader` holds a seat: it starts at `player N` or `none`", "player 1"),
    ("counter facing per player: direction starts at north", "counter facing per player: direction starts at up",
     "counter `facing` holds a direction: `up` is not one", None),
    ("counter leader: seat starts at player 1", "counter leader: direction of grid starts at none",
     "only a graph's directions are held `of` a board", "direction of B"),
])
def test_a_wrong_declaration_is_refused_at_its_line(old, new, message, hint):
    text = TEXT.replace(old, new)
    found = [d for d in _errors(text) if message in d.message]
    assert found, [d.render() for d in _errors(text)]
    assert found[0].line == _line(text, new.split(":")[0])
    if hint:
        assert hint in (found[0].hint or "")


def test_setting_a_value_of_another_kind_or_adding_is_refused_at_the_line():
    text = TEXT.replace("      set leader to player\n", "      set leader to suit of c\n")
    d = next(d for d in _errors(text) if "suit of c" in d.message)
    assert d.line == _line(text, "      set leader to suit of c") and "a player is needed" in d.message
    text = TEXT.replace("      set leader to player\n", "      add 1 to leader\n")
    d = next(d for d in _errors(text) if "nothing adds to it" in d.message)
    assert d.line == _line(text, "      add 1 to leader") and "set leader to" in d.hint


@pytest.mark.parametrize("given, message", [
    ("  given counter led is spades", "counter `led` holds one of clubs, hearts or none, not `spades`"),
    ("  given counter led is 1", "counter `led` holds a seat, a direction or a word: give it one of its values"),
    ("  given counter leader is player 3", "counter `leader` holds one of player 1, player 2 or none"),
])
def test_an_example_gives_a_counter_one_of_its_values_by_name(given, message):
    text = TEXT.replace("  given counter led is none\n", given + "\n")
    d = next((d for d in _errors(text) if message in d.message), None)
    assert d is not None, [d.render() for d in _errors(text)]
    assert d.line == _line(text, given)
