"""A pick of one space of a whole board, every one as likely, its text the space's label and its parameters'
(codegen/chance.py Chance.picked_as_draw, StepInfo.pick), listed as a draw of those spaces (#40, helper
coingame: Coin game's players and coins put on empty squares), in lock step with the engine generated without
it: the same chance outcomes with the same probabilities, the same choices, the same games; and where it does
not fire (a text that shows a value worked out from the space, whose outcomes may read alike)."""

import random
from pathlib import Path

from rulespec.codegen.chance import Chance

from .lockstep import engines_with_and_without, play_in_lock_step, sampled_action

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
WITHOUT = ((Chance, "picked_as_draw", lambda self, step: False),)


def test_it_fires_on_coin_games_picks_of_empty_squares_and_plays_in_lock_step():
    source, source_without, engine, engine_without = engines_with_and_without(
        NEWCOMER / "coin-game.rules", WITHOUT, "picked_as_draw")
    assert "pick=pick_deploy, text=text_deploy, text_static=True" in source
    assert "pick=pick_drop, text=text_drop, text_static=True" in source
    assert "pick=" not in source_without
    for seed in range(12):
        rng = random.Random(seed)
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, rng)
    state = engine.new_game(2)
    assert state._offer().items is not None and state._offer().rows is None  # (listed as a draw: its spaces)


def test_laser_tags_spawn_and_markov_soccers_kick_off_in_lock_step():
    for name, games in (("laser-tag", 1), ("markov-soccer", 8)):
        source, _, engine, engine_without = engines_with_and_without(NEWCOMER / f"{name}.rules", WITHOUT,
                                                                     "picked_as_draw")
        assert ", pick=pick_" in source
        for seed in range(games):
            fast, slow = engine.new_game(2), engine_without.new_game(2)
            rng = random.Random(seed)
            for _ in range(300):  # (laser tag's horizon is long: its first steps suffice)
                if fast.is_terminal():
                    break
                if fast.is_chance_node():
                    assert [(str(a), p) for a, p in fast.chance_outcomes()] == \
                           [(str(a), p) for a, p in slow.chance_outcomes()]
                else:
                    assert fast.legal_actions() == slow.legal_actions()
                action = sampled_action(fast, rng)
                fast.apply(action)
                slow.apply(str(action))
            assert fast.history == slow.history and fast.returns() == slow.returns()


def test_it_does_not_fire_where_a_text_shows_a_value_worked_out_from_the_space(tmp_path):
    text = (NEWCOMER / "coin-game.rules").read_text(encoding="utf-8")
    assert 'outcome "{k} coin at {s}"' in text
    path = tmp_path / "coin-game.rules"
    text = text[:text.index("\nexample ")]  # (its examples read the texts as written)
    path.write_text(text.replace('outcome "{k} coin at {s}"', 'outcome "{k} coin on row {row of s} at {s}"'),
                    encoding="utf-8")
    source, _, engine, engine_without = engines_with_and_without(path, WITHOUT, "picked_as_draw_shown")
    assert "pick=pick_deploy" in source and "pick=pick_drop" not in source
    for seed in range(3):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, random.Random(seed))
