"""`any(s in grid where s holds king and mine(s, p))` with both attributes changing (Shogi: a piece taken changes
sides, a promoted one its kind) asks every item whether it is a king, and a king whether it is of p's colour and
on the board (rulespec/model/located.py _held_on_board, runtime/helpers.py first_on_board_also), not every square.
The engine plays the same games as the one generated without it; a count so written is answered alike; one whose
located value is no word (`s holds colour of p` alone: most pieces have it) keeps its walk of the squares."""

import random
from pathlib import Path

from rulespec.model import located
from rulespec.model.located import on_board
from rulespec.pipeline import compile_rules
from rulespec.runtime.helpers import count_on_board_also, first_on_board_also

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
SHOGI = ROOT / "tests" / "newcomer" / "games" / "shogi.rules"
OTHELLO = ROOT / "rulebooks" / "othello.rules"
FOUND = "first_on_board_also(st._loc, st._attrs['kind'], ITEMS_PASSING_0, st._t.board_base[0], st._boards[0], 'king', ((st._attrs['colour'], ('black', 'white')[v_p]), ))"


def test_shogi_finds_its_king_among_the_items_and_plays_the_same_games():
    model = compile_rules(SHOGI)
    definitions = {d.name: d for d in model.definitions}
    parts = on_board(definitions["king_square"].value, model, definitions)
    assert (parts.attr, parts.value.value, parts.fixed, [(a, v.text) for a, v in parts.also]) == \
        ("kind", "king", None, [("colour", "colour of p")])
    source, without, fast, slow = engines_with_and_without(
        SHOGI, ((located, "_held_on_board", lambda parts, e, board, item, model: None),), "held_on_board")
    assert FOUND in source and "first_on_board_also" not in without
    for seed in range(2):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_the_helpers_ask_every_attribute():
    where, kinds, colours = [5, 9, 2, 30], ["king", "king", "pawn", "king"], ["black", "white", "white", "white"]
    cells = [0] * 10  # (a board of ten spaces, locations 0..9)
    assert first_on_board_also(where, kinds, range(4), 0, cells, "king", ((colours, "white"),)) == (9,)
    assert first_on_board_also(where, kinds, range(4), 0, cells, "king", ((colours, "black"),)) == (5,)
    assert first_on_board_also(where, kinds, range(4), 0, cells, "pawn", ((colours, "black"),)) == ()
    assert count_on_board_also(where, kinds, range(4), 0, cells, "king", ((colours, "white"),)) == 1  # (30: off it)


def test_a_count_of_a_seats_colour_alone_keeps_its_walk():
    model = compile_rules(OTHELLO)
    definitions = {d.name: d for d in model.definitions}
    counts = [e for d in model.definitions for e in _counts(d.value)]
    assert counts and all(on_board(e, model, definitions) is None for e in counts)


def _counts(e):
    from rulespec.model import ir
    from rulespec.model.tree import walk
    return [node for node in walk(e) if isinstance(node, (ir.Count, ir.First)) and isinstance(node.domain, ir.BoardRef)]
