"""A choice `by each player` whose rows the model cannot read apart keeps them per seat (#40,
rulespec/codegen/choices.py seats_kept_apart): each seat's rows made once, their texts seen as they are made,
so the engine offers the rows as listed (StepInfo.distinct) and the listing itself keeps the first of each text
of a seat once one repeats. Engines with it play in lock step with the engines generated without it (rows made
every time, the engine looking for two alike)."""

import random
from pathlib import Path

from rulespec.codegen.choices import Choices

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]
WITHOUT = ((Choices, "seats_kept_apart", lambda self, step: False),)
TWIN_BIDS = Path(__file__).with_name("twin-bids.rules")


def test_goofspiel_with_rows_kept_per_seat_agrees_with_rows_made_each_time():
    source, source_without, engine, engine_without = engines_with_and_without(
        ROOT / "rulebooks" / "goofspiel.rules", WITHOUT, "rows_per_seat")
    assert "ROWS_bids = KeptRows(1)" in source and "ROWS_bids" not in source_without
    assert engine.STEPS["bids"].distinct and not engine_without.STEPS["bids"].distinct
    for players, games in ((2, 12), (3, 6)):
        for seed in range(games):
            play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))


def test_texts_repeated_within_a_seat_are_offered_once_and_each_seat_keeps_its_own():
    """Every hand holds two cards of each value: a seat is offered `bid 1` and `bid 2` once each (the first card
    of each, as the engine would keep them), and both seats are offered both."""
    _, _, engine, engine_without = engines_with_and_without(TWIN_BIDS, WITHOUT, "rows_per_seat")
    st = engine.new_game(2)
    listed = [(a.player, a.text) for a in st.legal_actions()]
    assert listed == [(0, "bid 1"), (0, "bid 2"), (1, "bid 1"), (1, "bid 2")]
    assert listed == [(a.player, a.text) for a in engine_without.new_game(2).legal_actions()]
    for seed in range(30):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, random.Random(seed))
