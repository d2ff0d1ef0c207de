"""A definition used anywhere in a listing's condition (not only a condition tested whole) written out in place,
a few deep, when its value holds a part reading none of the chosen names, and a `max`/`min` reading none of them
kept once (#40, codegen/written_out_for_once.py written_out_nested), in lock step with the engine generated
without it: the same choices in the same order at every step, the same games."""

import random
from pathlib import Path

from rulespec.codegen.written_out_for_once import WrittenOutForOnce

from .lockstep import engines_with_and_without, play_in_lock_step

NEWCOMER = Path(__file__).parents[2] / "tests" / "newcomer" / "games"


def engines(name: str):
    return engines_with_and_without(NEWCOMER / f"{name}.rules", ((WrittenOutForOnce, "nested_in_listing", False),),
                                    "written_out_nested")


def listing(source: str, function: str) -> str:
    return source.split(f"def {function}(", 1)[1].split("\ndef ", 1)[0]


def test_tarok_follow_rules_searched_once_a_listing():
    written, called, fast, slow = engines("tarok")
    # `asked(player, c)` and `negative_ok(player, c)` sit inside an `or`: written out, `can_follow(p)` is kept once
    assert "define_asked(st, v_player, v_c)" in listing(called, "choices_turn")
    assert "define_negative_ok(st, v_player, v_c)" in listing(called, "choices_turn")
    turn = listing(written, "choices_turn")
    assert "define_asked(st, v_player, v_c)" not in turn and "define_negative_ok(" not in turn
    assert "(_n0 := define_can_follow(st, v_player))" in turn
    # the highest bid so far, `max(last_bid of q for q in players)`, kept once for every contract
    assert "st._extreme('max(last_bid of q for q in players)'" in listing(written, "choices_bid")
    assert "_n1 := st._extreme(" in listing(written, "choices_bid")
    for seed in range(40):
        play_in_lock_step(fast.new_game(3), slow.new_game(3), 3, random.Random(seed))


def test_tarok_klop_and_talon_contracts_in_lock_step():
    """Random bids end most games in the high contracts; here the bids are steered to klop, three, two and one
    (passing seven times in ten), where the negative contracts' beat rule and whole hands are played."""
    _, _, fast, slow = engines("tarok")
    for seed in range(20):
        rng = random.Random(seed)
        a, b = fast.new_game(3), slow.new_game(3)
        while not a.is_terminal():
            if a.is_chance_node():
                outcomes = a.chance_outcomes()
                assert [(x.text, p) for x, p in outcomes] == [(x.text, p) for x, p in b.chance_outcomes()]
                pick = rng.choice(outcomes)[0].text
            else:
                texts = [x.text for x in a.legal_actions()]
                assert texts == [x.text for x in b.legal_actions()]
                low = [t for t in texts if t in ("pass", "bid klop", "bid three", "bid two", "bid one")]
                pick = ("pass" if "pass" in low and rng.random() < 0.7 else rng.choice(low)) if low else rng.choice(texts)
            for state in (a, b):
                state.apply(next(x for x in state.legal_actions() if x.text == pick) if not state.is_chance_node()
                            else next(x for x, _ in state.chance_outcomes() if x.text == pick))
        assert b.is_terminal() and a.returns() == b.returns() and a.history == b.history


def test_other_files_in_lock_step():
    backgammon = Path(__file__).with_name("backgammon-one-checker.rules")  # (`bears_off(p, n, d)` written out)
    # (hive's engine changes too; its games are long: tests/newcomer/test_lockstep.py plays it against OpenSpiel)
    for path, players in ((NEWCOMER / "euchre.rules", 4), (backgammon, 2)):
        written, called, fast, slow = engines_with_and_without(path, ((WrittenOutForOnce, "nested_in_listing", False),),
                                                               "written_out_nested")
        assert written != called
        for seed in range(6):
            play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))
