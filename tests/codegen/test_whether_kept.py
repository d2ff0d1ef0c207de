"""A count compared with 0 in an option's condition that reads none of the names the option binds is kept as
whether one passes (#40, codegen/counts.py whether_kept): any() stopping at the first found, worked out when
first needed and kept for every candidate, not the whole count kept (Mensch aergere Dich nicht's pass, `there
is no s in track where can_move(s, player)`, asked can_move of all 56 fields at every listing). In lock step
with the engines generated without it: the same choices, chance outcomes, observations, histories and returns."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import counts
from rulespec.codegen.found_loops import FoundLoops

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
MAEDN = ROOT / "tests" / "newcomer" / "games" / "maedn.rules"
SHRIMP = ROOT / "rulebooks" / "shrimp.rules"
REFERENCE = ROOT / "rulespec" / "docs" / "ref_games"
COUNTED = (counts.Counts, "whether_kept", lambda self: False)


def test_the_pass_asks_whether_a_piece_can_move_once_and_keeps_the_answer(monkeypatch):
    monkeypatch.setattr(FoundLoops, "FOUND_BY_LOOPS", False)  # (its `there is` as any(): found_loops.py aside)
    source, source_without, _, _ = engines_with_and_without(MAEDN, (COUNTED,), "whether_source")
    listing = source.split("def choices_move(", 1)[1].split("\ndef ", 1)[0]
    assert "(not (_n3 if _n3 is not None else (_n3 := any(define_can_move(st, v_s, v_player) for v_s in " in listing
    assert "(_n3 := len([1 for v_s in st._t.cells_in_use[0] if define_can_move(st, v_s, v_player)]))) == 0" \
        in source_without.split("def choices_move(", 1)[1]


@pytest.mark.parametrize("path, players, games", [(MAEDN, 2, 4), (MAEDN, 4, 2), (SHRIMP, 3, 20),
                                                 (REFERENCE / "lanes.rules", 3, 20), (REFERENCE / "cards.rules", 2, 20)],
                         ids=["maedn-2", "maedn-4", "shrimp-3", "lanes-3", "cards-2"])
def test_it_plays_as_the_engine_without_it(path, players, games):
    _, _, engine, engine_without = engines_with_and_without(path, (COUNTED,), "whether")
    for seed in range(games):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))
