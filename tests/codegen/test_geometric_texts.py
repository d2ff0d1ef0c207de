"""A text that shows a neighbour on a board whose spaces are the same in every game is a label of the names it
reads (codegen/listing_plans.py, `fixed_geometry`): Checkers' `move {s} to {neighbour of s towards d}` and `jump
{s} over {neighbour of s towards d} to {beyond(s, d)}` (a definition of neighbours) are made once per seat and
binding and kept (`memo_0`), as `{s}` alone was. Checkers and a board whose neighbours may be past the edge (none)
play the same games as the engines generated making every text afresh; a board with a face chosen by an option
keeps none."""

import random
from pathlib import Path

from rulespec.codegen import listing_plans, python as codegen
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
CHECKERS = ROOT / "tests" / "newcomer" / "games" / "checkers.rules"
OFF_BOARD = ROOT / "tests" / "codegen" / "off-board.rules"
AFRESH = ((listing_plans.ListingPlans, "geometric_texts", False),)


def listing_of(source: str, step: str = "turn") -> str:
    return source.split(f"def choices_{step}(", 1)[1].split("\ndef ", 1)[0]


def test_checkers_texts_kept_play_the_same_games():
    source, source_without, engine, engine_without = engines_with_and_without(CHECKERS, AFRESH, "geometric")
    assert "rows.append(memo_0.get((v_s, v_d, )) or kept.make(memo_0, (v_s, v_d, ), (seat, 'move '" in \
        listing_of(source)
    assert "memo_0.get(v_d) or kept.make(memo_0, v_d, (seat, 'jump '" in listing_of(source, "jumping")
    assert "memo_" not in listing_of(source_without)
    for seed in range(10):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, random.Random(seed))


def test_a_neighbour_past_the_edge_shown_plays_the_same_games():
    source, source_without, engine, engine_without = engines_with_and_without(OFF_BOARD, AFRESH, "geometric")
    assert source != source_without
    for seed in range(10):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, random.Random(seed))


def test_a_board_with_a_face_chosen_by_an_option_keeps_no_neighbour_text(tmp_path):
    text = CHECKERS.read_text(encoding="utf-8")
    face = "  face standard [CK-1]:\n"
    assert face in text
    rows = text.split(face, 1)[1].split("\n\n", 1)[0]
    holed = rows.replace("8 . . . . . . . .", "8 - . . . . . . .", 1)
    text = text.replace("fit piece on grid", 'option layout "Board": standard, holed default standard [CK-1]\n\n'
                        "fit piece on grid", 1)
    text = text.replace(face + rows, "  face standard when layout = standard [CK-1]:\n" + rows
                        + "\n  face holed when layout = holed [CK-1]:\n" + holed, 1)
    path = tmp_path / "checkers.rules"
    path.write_text(text, encoding="utf-8")
    assert "memo_" not in listing_of(codegen.generate(compile_rules(path), path.name))
