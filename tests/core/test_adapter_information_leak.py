"""verify's ``information_state_leak`` (rulespec/check/information_leak.py, issue #39): through the adapters,
a seat's information state depends only on what it observed, its observations and its own actions.

Phantom tic-tac-toe (fixtures/phantom-marks.rules) hides a seat's failed tries from the other seat; the
adapter's information state once counted them ("player 2 acted" on each), which the observation hides."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import Phase
from hypothesis import settings as Settings

import rulespec
from rulespec.adapters import core
from rulespec.adapters.session import Session, new_session
from rulespec.check.information_leak import information_state_leak
from rulespec.check.verify import Checks, verify
from rulespec.pipeline import bundled_rulebooks

PHANTOM = str(Path(__file__).parent / "fixtures" / "phantom-marks.rules")  # (below the working directory)
FAST = Settings(phases=[Phase.generate], database=None, derandomize=True)


HONEST = Session.information_state_string


def _counting_the_others_moves(session: Session, seat: int) -> str:
    """The leak the adapter had: a line for every move of another seat, seen or not."""
    others = [text for text in session.state.history if not text.startswith(f"player {seat + 1}:")]
    return "\n".join([HONEST(session, seat)] + ["another seat acted"] * len(others))


def test_an_information_state_counting_the_others_hidden_tries_is_caught_with_both_histories(monkeypatch):
    monkeypatch.setattr(Session, "information_state_string", _counting_the_others_moves)
    report = verify(PHANTOM, players=2, max_examples=10, stateful_step_count=10, save_counterexamples=None,
                    settings=FAST)
    failure = next((f for f in report.failures if f.property == "information_state_leak"), None)
    assert failure is not None, report.render()
    assert "observed the same" in failure.message and "the other history (" in failure.message
    rendered = failure.render()
    assert "give it the same information state" in rendered and "player 2:" in rendered  # a hidden try


def test_the_adapter_does_not_count_a_try_the_seat_cannot_see():
    session = new_session(core.game_key(PHANTOM), 2)
    play = lambda text: session.apply(session.table.string_to_action(text))  # noqa: E731
    play("x(1,1)")
    before = session.information_state_string(0), session.rows[0].copy()
    play("x(1,1)")  # player 2 runs into player 1's cell: player 1 sees nothing of it
    assert session.information_state_string(0) == before[0]
    assert session.rows[0] == before[1]  # nor does the tensor's history grow
    assert "you: x(1,1)" in session.information_state_string(1).splitlines()[-1]  # the seat that tried knows
    play("x(2,2)")
    assert session.information_state_string(0).splitlines()[-1].startswith("player 2 acted")  # its turn now


@pytest.mark.parametrize("game_id", sorted(bundled_rulebooks()) + [PHANTOM])
def test_no_bundled_game_leaks_through_the_adapters(game_id):
    game = rulespec.load(game_id)
    checks = Checks(game, game.MIN_PLAYERS, game_id)
    for seed in range(8):
        information_state_leak(checks, seed)  # a leak raises PropertyFailure
    assert checks.information_states.refused is None
    assert checks.counts["information_state_leak"] > 8  # every step of every game compared
    assert len(checks.information_states.seen) < checks.counts["information_state_leak"]  # some seen twice


def test_verify_reports_the_property():
    report = verify(PHANTOM, players=2, max_examples=5, stateful_step_count=5, save_counterexamples=None,
                    settings=FAST)
    assert report.ok, report.render()
    assert report.checks_by_property["information_state_leak"] > 0
