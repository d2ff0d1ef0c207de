"""`loser p`: an end that names the seat that loses; every other seat wins (with more than two players they
share the win). Fixture: the reference game potato.rules; the same file with `winner` of the other seat
plays alike with two players."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check
from rulespec.runtime.engine import random_step

POTATO = Path(rulespec.__file__).parent / "docs" / "ref_games" / "potato.rules"
TEXT = POTATO.read_text()


def _play(game, players: int, seed: int):
    state, rng = game.new_game(players), random.Random(seed)
    while not state.is_terminal():
        state.apply(random_step(state, rng))
    return state


def test_the_others_win_and_share_it(tmp_path):
    game = rulespec.load(POTATO)
    assert "st._all_but(" in generate(game.model, "potato.rules")
    for players in (2, 3, 4):
        for seed in range(5):
            state = _play(game, players, seed)
            loser = state._counters["last"]
            outcome = state.outcome()
            assert outcome["end"] == "burnt"
            assert outcome["winners"] == [s for s in range(players) if s != loser]
            assert outcome["ranking"][loser] == players and all(
                outcome["ranking"][s] == 1 for s in range(players) if s != loser)
            returns = state.returns()
            assert returns[loser] == -1 and abs(sum(returns)) < 1e-9



def test_the_others_share_the_win_without_ties_share(tmp_path):
    """The reference says `winner first` ranks the others tied first: a ranking without `ties share` (as
    tests/newcomer/games/social-deduction.rules was first written) still names every other seat a winner, where
    the ties used to be split in seat order (only the first of them won, 1 and the rest -1 with `win 1, loss -1`)."""
    path = tmp_path / "potato.rules"
    path.write_text(TEXT.replace("  winner first\n  ties share\n", "  winner first\n"))
    assert "ties share" not in path.read_text()
    game = rulespec.load(path)
    for players in (3, 4):
        for seed in range(5):
            state = _play(game, players, seed)
            loser = state._counters["last"]
            outcome = state.outcome()
            assert outcome["winners"] == [s for s in range(players) if s != loser]
            assert outcome["ranking"][loser] == players and all(
                outcome["ranking"][s] == 1 for s in range(players) if s != loser)
            assert state.returns()[loser] < 0 and all(state.returns()[s] > 0 for s in range(players) if s != loser)

def test_with_two_players_it_plays_as_winner_of_the_other_seat(tmp_path):
    path = tmp_path / "potato.rules"
    path.write_text(TEXT.replace("  loser last\n", "  winner left of last\n"))
    one, other = rulespec.load(POTATO), rulespec.load(path)
    for seed in range(6):
        a, b = _play(one, 2, seed), _play(other, 2, seed)
        assert a.history == b.history and a.outcome() == b.outcome() and a.returns() == b.returns()


def test_the_english_says_it():
    from rulespec.docs.english import English
    model = rulespec.load(POTATO).model
    end = next(e for e in model.ends if e.name == "burnt")
    said = "\n".join(English(model).declaration(end))
    assert "loses, and every other player wins (they share the win)" in said, said


def test_a_loser_that_is_not_a_seat_is_refused_at_its_line():
    text = TEXT.replace("  loser last\n", "  loser total\n")
    with pytest.raises(RuleError) as caught:
        check(parse_text(text, "potato.rules"))
    errors = caught.value.diagnostics
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row == "  loser total")
    assert [(e.path, e.line) for e in errors] == [("potato.rules", line)], [e.render() for e in errors]
    assert "`total` is a number, but a player is needed here" in errors[0].message, errors[0].message


def test_loser_and_winner_together_do_not_parse_at_the_line():
    text = TEXT.replace("  loser last\n", "  loser last\n  winner last\n")
    with pytest.raises(RuleError) as caught:
        check(parse_text(text, "potato.rules"))
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row == "  winner last")
    assert caught.value.diagnostics[0].line == line
