"""A `then` run at once inside a look-ahead without asking the ends (#40): a look-ahead checks no end between
its steps (runtime/lookahead.py carry_through runs the next `then` whatever holds), so the generated code's
question before running one at once (Engine._quiet_after_step) is answered yes there without checking the ends
after each step. Backgammon's look-ahead over a pair asked them before each second move (its `play` runs `move`
at once). The same games as an engine that asks, in lock step."""

import random

import rulespec

from tests.codegen.lockstep import play_in_lock_step


def test_backgammon_plays_the_same_games_as_an_engine_that_asks():
    engine = rulespec.load("backgammon")
    asked_ahead = []

    class Asking(type(engine)):
        def _quiet_after_step(self, st):
            if st._journal is None:
                return super()._quiet_after_step(st)
            asked_ahead.append(1)
            journal, st._journal = st._journal, None  # (the question as asked outside a look-ahead)
            try:
                return super()._quiet_after_step(st)
            finally:
                st._journal = journal

    asking = Asking(None)
    asking.model = getattr(engine, "model", None)
    for seed in range(3):
        play_in_lock_step(engine.new_game(2), asking.new_game(2), 2, random.Random(seed))
    assert asked_ahead  # (the engine that asks did ask in its look-aheads)
