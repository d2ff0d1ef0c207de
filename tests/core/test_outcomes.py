"""Outcomes (#11): a draw is a draw, `returns` declares each seat's payoff (by result or as a number),
`state.returns()` gives it, and seats are numbered from 0 in the API ("player 1" is seat 0)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.cli.views import format_outcome
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check

ROOT = Path(__file__).resolve().parents[2]
COLUMNS = ROOT / "rulespec" / "docs" / "ref_games" / "columns.rules"
PIG = ROOT / "rulespec" / "docs" / "ref_games" / "pig.rules"
NIM = ROOT / "tests" / "core" / "fixtures" / "nim.rules"
VALUE_RETURNS = "returns of p [COL-6]:\n  2 * on_top of p - count(s in grid where height of s = 4)\n"


def _columns_with(returns: str, tmp_path: Path):
    text = COLUMNS.read_text(encoding="utf-8").replace(VALUE_RETURNS, returns)
    path = tmp_path / "columns.rules"
    path.write_text(text, encoding="utf-8")
    return rulespec.load(path)


def _finished(game, seeds=range(12)):
    return [rulespec.random_game(game, players=2, seed=seed) for seed in seeds]


def test_a_draw_is_a_draw_with_no_winner_and_says_so(tmp_path):
    games = _finished(_columns_with("returns [COL-6]:\n  win 3, draw 1, loss -2\n", tmp_path))
    draws = [s for s in games if s.outcome()["ranking"] == [1, 1]]
    decided = [s for s in games if s.outcome()["ranking"] != [1, 1]]
    assert draws and decided, "the seeds should give both draws and decided games"
    for state in draws:
        outcome = state.outcome()
        assert outcome["draw"] is True and outcome["winners"] == []
        assert state.returns() == [1.0, 1.0]
        assert "a draw: every player ties for first" in format_outcome(state)[0]
        assert "a draw" in str(state) and "share the win" not in "\n".join(format_outcome(state))
    for state in decided:
        outcome = state.outcome()
        assert outcome["draw"] is False and len(outcome["winners"]) == 1
        winner = outcome["winners"][0]
        assert state.returns() == [3.0 if seat == winner else -2.0 for seat in range(2)]


def test_result_returns_are_zero_until_the_game_is_over(tmp_path):
    game = _columns_with("returns [COL-6]:\n  win 3, draw 1, loss -2\n", tmp_path)
    assert game.new_game(2).returns() == [0.0, 0.0]


def test_returns_as_numbers_are_worked_out_from_the_game_during_play_too():
    game = rulespec.load(NIM)
    state = game.new_game(2)
    state.apply(state.legal_actions()[-1])  # player 1 takes 3
    assert state.returns() == [3.0, -3.0] == [float(b) for b in state._counters["balance"]]
    for seed in range(6):
        final = rulespec.random_game(game, players=3, seed=seed)
        assert final.returns() == [float(b) for b in final._counters["balance"]] and sum(final.returns()) == 0


def test_without_returns_payoffs_come_from_the_ranking_zero_sum():
    text = PIG.read_text(encoding="utf-8").replace("returns [PIG-6]:\n  win 1, draw 0, loss -1\n", "")
    model = check(parse_text(text, "pig.rules"))
    assert model.returns is None
    game = rulespec.load("shell-we")
    for seed in range(3):
        state = rulespec.random_game(game, players=3, seed=seed)
        ranks = state.outcome()["ranking"]
        expected = [sum((ranks[o] > ranks[s]) - (ranks[o] < ranks[s]) for o in range(3)) / 2 for s in range(3)]
        assert state.returns() == expected and abs(sum(expected)) < 1e-9


def test_pig_pays_the_winner_by_result():
    game = rulespec.load(PIG)
    for seed in range(4):
        state = rulespec.random_game(game, players=3, seed=seed)
        winner = state.outcome()["winners"]
        assert len(winner) == 1 and state.returns() == [1.0 if s == winner[0] else -1.0 for s in range(3)]


def test_seats_are_numbered_from_zero_in_the_api_and_from_one_in_texts():
    state = rulespec.load(PIG).new_game(2)
    action = state.legal_actions()[0]
    assert action.player == 0 and str(action).startswith("player 1: ")
    with pytest.raises(ValueError, match=r"seat 0 is player 1"):
        state.observation(2)


def test_returns_are_checked():
    text = PIG.read_text(encoding="utf-8")
    with pytest.raises(RuleError, match="`returns` is declared twice"):
        check(parse_text(text + "\nreturns of p [PIG-6]:\n  banked of p\n", "pig.rules"))
    with pytest.raises(RuleError, match=r"`p` is a player, but a number is needed here"):
        check(parse_text(text.replace("returns [PIG-6]:\n  win 1, draw 0, loss -1\n",
                                      "returns of p [PIG-6]:\n  p\n"), "pig.rules"))
    with pytest.raises(RuleError, match="the returns cites no rulebook clause"):
        check(parse_text(text.replace("returns [PIG-6]:", "returns:"), "pig.rules"))


def test_without_a_ranking_the_declared_winner_ranks_first(tmp_path):
    """A file with ends that name winners and no `ranking`: the winner is first, the others share second
    (every seat's key was empty, so player 1 ranked first whoever won)."""
    text = (ROOT / "rulebooks" / "liars-dice.rules").read_text(encoding="utf-8")
    text = text.replace("ranking [LIARS-6]:\n  winner first\n\n", "")
    assert "ranking" not in text.split("example")[0].replace("# ", "")
    path = tmp_path / "no-ranking.rules"
    path.write_text(text, encoding="utf-8")
    game = rulespec.load(path)
    for caller_wins, line in ((True, ["roll 2", "roll 2", "bid 2 x 6", "liar"]),
                              (False, ["roll 6", "roll 6", "bid 2 x 3", "liar"])):
        state = game.new_game(2)
        for text in line:
            state.apply(next(a for a in (state.chance_outcomes() and [a for a, _ in state.chance_outcomes()]
                                         or state.legal_actions()) if a.text == text))
        winner = 1 if caller_wins else 0  # player 2 called
        assert state.outcome()["winners"] == [winner]
        assert state.outcome()["ranking"][winner] == 1 and state.outcome()["ranking"][1 - winner] == 2
        assert state.returns()[winner] == 1.0 and state.returns()[1 - winner] == -1.0


@pytest.mark.parametrize("game_id, players", [("tic-tac-toe", 2), ("hex", 2), ("shell-we", 3), ("shrimp", 3),
                                              ("goofspiel", 2)])
def test_returns_and_standing_at_the_end_read_the_outcome_s_ranking(game_id, players):
    """returns() and standing() of an ended game read the ranking alone (Results._ranks, #40: not the whole outcome
    built to read it): the same as the outcome's ranking, and the returns it gives, in games ranked by result, by
    the lowest and highest score, by lot, and with no `returns` declared."""
    from rulespec.runtime.engine import zero_sum_returns
    game = rulespec.load(game_id)
    for seed in range(6):
        state = rulespec.random_game(game, players=players, seed=seed)
        ranking = state.outcome()["ranking"]
        assert state.standing() == ranking
        if game.RETURNS is None:
            assert state.returns() == zero_sum_returns(ranking, players)
        elif game.RETURNS[0] == "result":
            win, draw, loss = game.RETURNS[1]
            expected = [float(draw)] * players if all(rank == 1 for rank in ranking) else \
                [float(win if rank == 1 else loss) for rank in ranking]
            assert state.returns() == expected
