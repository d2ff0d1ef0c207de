"""Ordered attribute values, max/min, `if ... then ... else`, `p won`, an end's `then` given the end's
`for each` name, and declared zero-sum / constant-sum payoffs (#11: what a rule author had to work around)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
import rulespec.runtime.state
from rulespec.codegen.python import generate
from rulespec.docs.english import English
from rulespec.language.errors import RuleError
from rulespec.model.checker import check
from rulespec.language.parser import parse_text
from rulespec.runtime.engine import RuleRuntimeError
from rulespec.check.verify import verify

ROOT = Path(__file__).resolve().parents[2]
HIGH_CARD = ROOT / "rulespec" / "docs" / "ref_games" / "high-card.rules"
TEXT = HIGH_CARD.read_text(encoding="utf-8")
ORDER = ["two", "three", "four", "five", "six"]


def _errors(text: str) -> list:
    with pytest.raises(RuleError) as caught:
        check(parse_text(text, "t.rules"))
    return caught.value.diagnostics


def _one_error(text: str):
    found = _errors(text)
    assert len(found) == 1, [d.render() for d in found]
    return found[0]


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", range(8))
def test_the_highest_card_in_the_declared_order_wins_and_is_revealed(players, seed):
    """Ranks compare by their place in `two < three < ... < six`, not alphabetically (`six` < `two` as
    words); the end's `then reveal(p)` is given the seat the end held for."""
    game, rng = rulespec.load(HIGH_CARD), random.Random(seed)
    state, dealt = game.new_game(players), None
    while not state.is_terminal():
        if dealt is None and not state.is_chance_node():  # each seat sees its own card
            dealt = {seat: state.observation(seat)["zones"]["hand"][seat]["items"] for seat in range(players)}
        moves = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
        state.apply(rng.choice(moves)[0])
    best = max(dealt, key=lambda seat: ORDER.index(dealt[seat][0]))
    assert ORDER.index(dealt[best][0]) == max(ORDER.index(d[0]) for d in dealt.values())
    assert state.outcome()["winners"] == [best]
    shown = state.observation(0)["zones"]["shown"]["items"]
    assert shown == dealt[best]  # the winner's card, and only it, was moved by `then reveal(p)`
    assert all(state.observation(s)["zones"]["hand"][s]["items"] == dealt[s] for s in range(players) if s != best)
    returns = state.returns()
    stakes = state._counters["staked"]
    assert returns[best] == sum(stakes) - stakes[best]
    assert all(returns[s] == -stakes[s] for s in range(players) if s != best)
    assert sum(returns) == 0


def test_an_ordered_comparison_is_generated_from_the_declared_order():
    source = generate(rulespec.load(HIGH_CARD).model, "high-card.rules")
    assert f"ORDER_rank = {({v: k for k, v in enumerate(ORDER)})!r}" in source
    assert "(ORDER_rank.get(ITEM_ATTRS['rank'][v_a], -1) > ORDER_rank.get(ITEM_ATTRS['rank'][v_b], -1))" in source


def test_a_word_that_is_no_value_of_the_ordered_attribute_is_refused_with_a_did_you_mean():
    d = _one_error(TEXT.replace("rank of a > rank of b", "rank of a > sixx"))
    assert "`sixx`" in d.message and d.hint == "did you mean `six`?"
    d = _one_error(TEXT.replace("component card: rank (two < three < four < five < six) [HC-1]",
                                "component card: rank (two < three < four < five < six) x suit (red, black) [HC-1]")
                   .replace("rank of a > rank of b", "rank of a > red"))
    assert "`red` is not a value of `rank of a`" in d.message and "two, three, four, five, six" in d.hint


def test_comparing_words_of_no_order_is_one_error_that_says_how_to_declare_the_order():
    text = TEXT.replace("rank (two < three < four < five < six)", "rank (two, three, four, five, six)")
    d = _one_error(text)  # four comparisons or maxima of ranks (lines 35, 38, 41, 98): one mistake
    assert d.message == "the values of `rank` have no order, so `max` has no highest to find" and d.line == 35
    assert "`rank (two < three < four < five < six)`" in d.hint and "also used on lines 38, 41, 98" in d.hint


def test_an_attribute_ordered_in_one_component_and_not_in_another_is_refused():
    text = TEXT.replace("  shown as \"{rank}\"\n", "  shown as \"{rank}\"\ncomponent joker: rank (two, six) [HC-1]\n", 1)
    d = _one_error(text)
    assert "ordered in one component and not in another" in d.message


def test_values_joined_by_another_sign_are_a_parse_error_at_the_sign():
    text = TEXT.replace("(two < three < four", "(two < three > four")
    with pytest.raises(RuleError) as caught:
        parse_text(text, "t.rules")
    d = caught.value.diagnostics[0]
    assert "joined by `<`, not `>`" in d.message and d.line == 9 and "(two < three < four" in d.hint


def test_max_of_words_without_order_and_of_the_wrong_function_are_refused():
    d = _one_error(TEXT.replace("max(rank of c for c in hand of p)", "mean(rank of c for c in hand of p)"))
    assert "`mean(... for c in ...)`" in d.message and "max" in d.hint
    text = TEXT.replace("component card: rank (two < three < four < five < six) [HC-1]",
                        "component card: rank (two < three < four < five < six) x suit (red, black) [HC-1]")
    d = _one_error(text.replace("max(rank of c for c in hand of p)", "max(suit of c for c in hand of p)"))
    assert "the values of `suit` have no order" in d.message and "`suit (red < black)`" in d.hint


def test_max_over_nothing_stops_the_rules_with_a_rule_error():
    state = rulespec.load(HIGH_CARD).new_game(2)
    with pytest.raises(RuleRuntimeError, match="found nothing to compare"):
        state._extreme("max(rank of c for c in hand of p)", True, [])
    assert state._extreme("x", False, [3, 1, 2]) == 1
    assert state._extreme("x", True, ["six", "two"], {"two": 0, "six": 1}) == "six"


def test_the_two_sides_of_a_conditional_must_be_alike():
    d = _one_error(TEXT.replace("if p won then pot else 0", "if p won then pot else p"))
    assert "after `then` is a number" in d.message and "same kind" in d.hint


def test_won_is_false_until_the_game_is_over_and_false_for_the_losers():
    game = rulespec.load(HIGH_CARD)
    state = game.new_game(2)
    state.apply("chance: deal five")
    state.apply("chance: deal two")
    assert not state._won(0) and not state._won(1)
    assert state.returns() == [-1.0, -1.0]  # asked during play: nobody has won yet
    state.apply("player 1: stay")
    state.apply("player 2: stay")
    assert state.is_terminal() and state.outcome()["winners"] == [0]
    assert state._won(0) and not state._won(1) and state.returns() == [1.0, -1.0]


def test_a_score_the_ranking_ranks_by_cannot_ask_who_won():
    text = TEXT.replace("ranking [HC-5]:\n  winner first\n", "ranking [HC-5]:\n  highest takings\n")
    d = _one_error(text)
    assert "`p won` asks who won" in d.message and "score `takings`" in d.message and (d.line, d.column) == (58, 6)


# ----------------------------------------------------------------------------- payoffs that add up

TWO = '''game "T" [T-1]
  id "t"
  players {low} to {high} [T-1]
counter n starts at 0 [T-1]
turns go clockwise from player 1, each turn runs turn [T-1]
choice turn(player: seat) by player [T-1]:
  option tick "tick" [T-1]:
    add 1 to n
end done [T-1]:
  checked after every step
  when n >= 2
  winner player 1
returns [T-1]:
  win {win}, draw {draw}, loss {loss}
  {total}
'''


def test_win_draw_loss_declared_zero_sum_is_proved_at_every_player_count():
    model = check(parse_text(TWO.format(low=2, high=2, win=1, draw=0, loss=-1, total="zero-sum"), "t.rules"))
    assert model.returns.total == 0
    d = _one_error(TWO.format(low=2, high=3, win=1, draw=0, loss=-1, total="zero-sum"))
    assert "declared zero-sum, but when 1 of 3 players win they add up to -1" in d.message
    d = _one_error(TWO.format(low=2, high=2, win=1, draw=1, loss=0, total="constant-sum 1"))
    assert "a draw among 2 players" in d.message and "add up to 2" in d.message
    assert check(parse_text(TWO.format(low=2, high=2, win=3, draw=1, loss=-1, total="constant-sum 2"),
                            "t.rules")).returns.total == 2


def test_payoffs_as_numbers_that_do_not_add_up_fail_verify(tmp_path):
    lying = tmp_path / "lying.rules"
    lying.write_text(TEXT.replace("if p won then pot - staked of p else -staked of p", "if p won then pot else 0"),
                     encoding="utf-8")
    report = verify(lying, players=2, max_examples=5, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert not report.ok and any(f.property == "payoff_sum" for f in report.failures), report.render()
    honest = verify(HIGH_CARD, players=3, max_examples=5, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert honest.ok and honest.checks_by_property.get("payoff_sum", 0) > 0, honest.render()


def test_english_says_the_order_the_winner_and_the_sum():
    model = rulespec.load(HIGH_CARD).model
    en = English(model)
    said = "\n".join(line for d in (model.components + model.definitions + model.scores) for line in en.declaration(d))
    assert "from lowest to highest" in said and "ranks above" in said and "the highest" in said
    assert "won the game" in said
    assert "zero-sum" in "\n".join(en.declaration(model.returns))
    end = "\n".join(en.declaration(model.ends[0]))
    assert "for the p the game ended for" in end.replace("*", "").replace("`", "")


# ----------------------------------------------------------------------------- the adapters read it

def test_openspiel_reads_the_declared_sum_and_checks_it():
    pyspiel = pytest.importorskip("pyspiel")
    import rulespec.openspiel as rso
    game = rso.load_game(HIGH_CARD, players=3)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM and game.utility_sum() == 0.0
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_openspiel_refuses_zero_sum_against_a_declared_constant_sum(tmp_path, monkeypatch):
    pyspiel = pytest.importorskip("pyspiel")
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))  # (a game by path: below an allowed folder)
    import rulespec.openspiel as rso
    path = tmp_path / "const.rules"
    path.write_text(TWO.format(low=2, high=2, win=3, draw=1, loss=-1, total="constant-sum 2"), encoding="utf-8")
    game = rso.load_game(path)
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM and game.utility_sum() == 2.0
    with pytest.raises(ValueError, match="constant-sum 2; zero_sum=True contradicts it"):
        rso.load_game(path, zero_sum=True)


def test_pettingzoo_says_what_the_rewards_add_up_to():
    pytest.importorskip("pettingzoo")
    import rulespec.pettingzoo as rpz
    env = rpz.env(HIGH_CARD, players=2)
    assert env.metadata["payoffs"] == "zero_sum" and env.metadata["payoff_sum"] == 0.0


# ----------------------------------------------------------------------------- `mod`, a seat's direction, faces up to an option

MARCH = ROOT / "rulespec" / "docs" / "ref_games" / "march.rules"
DICE = ROOT / "rulespec" / "docs" / "ref_games" / "dice.rules"


@pytest.mark.parametrize("seed", range(6))
def test_each_seat_walks_its_own_direction_and_light_squares_are_counted_by_mod(seed):
    game, rng = rulespec.load(MARCH), random.Random(seed)
    state = game.new_game(2)
    board = game.BOARDS[0]
    rank_of = {cell: int(board.label(cell).split()[0]) for cell in range(len(board.rows) * len(board.columns))}
    file_of = {cell: int(board.label(cell).split()[1]) for cell in rank_of}
    colour = {"white": 0, "black": 1}
    while not state.is_terminal():
        before = {cell: game.ITEM_LABEL[i] for cell, i in enumerate(state._boards[0]) if i >= 0}
        state.apply(rng.choice(state.legal_actions()))
        after = {cell: game.ITEM_LABEL[i] for cell, i in enumerate(state._boards[0]) if i >= 0}
        for cell in set(after) - set(before):  # the pawn that moved: one rank south for white, north for black
            step = 1 if after[cell] == "white" else -1
            assert before.get(cell - len(board.columns) * step) == after[cell]
    light = [sum(1 for cell, piece in ((c, game.ITEM_LABEL[i]) for c, i in enumerate(state._boards[0]) if i >= 0)
                 if colour[piece] == seat and (rank_of[cell] + file_of[cell]) % 2 == 0) for seat in (0, 1)]
    assert state.outcome()["scores"]["on_light"] == light


def test_mod_is_the_remainder_and_refuses_a_divisor_of_zero():
    assert rulespec.runtime.state.State._mod(-1, 3) == 2 and rulespec.runtime.state.State._mod(7, 3) == 1
    with pytest.raises(RuleRuntimeError, match="dividing by 0"):
        rulespec.runtime.state.State._mod(4, 0)
    source = generate(rulespec.load(MARCH).model, "march.rules")
    assert "% 2) == 0)" in source  # by a written number: Python's own %


def test_a_seat_value_of_words_that_are_not_all_compass_words_is_no_direction():
    text = MARCH.read_text(encoding="utf-8").replace("forward: south, north", "forward: south, up")
    d = _errors(text)[0]
    assert "`forward of p` is a word value, but a direction is needed here" in d.message


def test_dice_faces_up_to_a_numeric_option():
    for sides in ("4", "6"):
        state = rulespec.load(DICE, options={"sides": sides}).new_game(2)
        assert state.is_chance_node() and len(state.chance_outcomes()) == int(sides)
    text = DICE.read_text(encoding="utf-8")
    d = _one_error(text.replace('option sides "Sides of a die": 4, 6 default 6', 'option sides "Sides of a die": d4, d6 default d6')
                   .replace("with option sides = 4", "with option sides = d4"))
    assert "option `sides` has words, not numbers" in d.message
    d = _one_error(text.replace('4, 6 default 6 [DIC-2]', '0, 4, 6 default 6 [DIC-2]'))
    assert "may be 0, below the lowest face 1" in d.message
    d = _one_error(text.replace("dice marker: colour (red, blue, green), 1 shared in tray, public [DIC-5]",
                                "dice marker: colour (red, blue, green), 1 shared in tray, public [DIC-5]\n"
                                "component token: worth 1..sides [DIC-5]\n"
                                "zone bag: shared, hidden, holds every token [DIC-5]"))
    assert "a component's numbers are written out" in d.message and "dice may have faces up to an option" in d.hint


def test_a_seat_value_of_numbers_is_a_number_and_a_definition_may_take_a_direction():
    model = rulespec.load(MARCH).model
    source = generate(model, "march.rules")
    assert "(1, 4)[" in source  # `home of p`: each seat's number
    step_from = next(d for d in model.definitions if d.name == "step_from")
    assert [p.type for p in step_from.params] == ["space:grid", "direction"]
    text = MARCH.read_text(encoding="utf-8")
    d = _errors(text.replace("define step_from(s: grid, d: direction)", "define step_from(s: grid, d: way)"))[0]
    assert "unknown type `way`" in d.message and "direction" in d.hint
