"""The after-step ends' mark cleared only by a write of what those ends read (codegen/ends_watch.py): an end that
reads zones too is marked clean once it held false, a move clears the mark where the ends read a zone, and a
counter the ends do not read leaves it. Each engine below is played in lock step with the same file's engine
generated without the lever (WATCHED_WRITES off: the mark for counter-only ends, cleared by every counter
written): the same choices and chance outcomes with the same probabilities at every step, the same
observations, and at the end the same history, counts of what fired, outcome, returns and JSON."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import ends_watch

from .lockstep import engines_with_and_without, play_in_lock_step, sampled_action

ROOT = Path(__file__).resolve().parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
OFF = ((ends_watch, "WATCHED_WRITES", False),)
MARKED = "st._ends_clean = True  # (until what they read changes"


def _pair(path: Path):
    return engines_with_and_without(path, OFF, "ends_watch")


def test_it_fires_on_ends_that_read_a_zone_and_leaves_the_votes_alone():
    """Social deduction's ends read the counters `out` and `rounds` and the hidden zone `role`: the check marks
    the state clean; a vote (`add 1 to votes of t`) no longer clears the mark, the count of the votes (`out`,
    `rounds`) and the imposter's card moved to a `role` zone do."""
    source, source_without, _, _ = _pair(NEWCOMER / "social-deduction.rules")
    assert MARKED in source and MARKED not in source_without

    def body(text, name):
        start = text.index(f"def {name}(")
        return text[start:text.index("\ndef ", start + 1)]

    assert "_ends_clean = False" not in body(source, "effect_vote__vote")
    assert "_ends_clean = False" in body(source_without, "effect_vote__vote")
    assert "_ends_clean = False" in body(source, "step_count_votes")
    assert "_ends_clean = False  # what the after-step ends read changes" in body(source, "resolve_assign_roles")
    assert "_ends_clean = False" not in body(source_without, "resolve_assign_roles")


def test_the_mark_is_set_and_kept_through_the_votes():
    _, _, engine, _ = _pair(NEWCOMER / "social-deduction.rules")
    st, rng = engine.new_game(6), random.Random(3)
    while st.is_chance_node():
        st.apply(sampled_action(st, rng))
    while not st.is_terminal() and not any(a.text.startswith("vote for") for a in st.legal_actions()):
        st.apply(sampled_action(st, rng))
    assert st._ends_clean  # the speeches changed nothing the ends read
    st.apply(sampled_action(st, rng))
    assert st._ends_clean  # nor did a vote


@pytest.mark.parametrize("rules, players, games", [
    (NEWCOMER / "social-deduction.rules", 6, 12),
    (NEWCOMER / "go-fish.rules", 2, 4),
    (NEWCOMER / "crazy-eights.rules", 2, 3),
    (NEWCOMER / "battleship.rules", 2, 2),
    (NEWCOMER / "blackjack.rules", 1, 12),
    (ROOT / "rulebooks" / "kuhn-poker.rules", 2, 12),
    (ROOT / "rulebooks" / "liars-dice.rules", 2, 6),
    (ROOT / "rulebooks" / "goofspiel.rules", 2, 4),
    (ROOT / "rulebooks" / "shell-we.rules", 3, 2),
    (ROOT / "rulebooks" / "pig.rules", 2, 6),
    (ROOT / "rulebooks" / "shrimp.rules", 3, 3),
])
def test_the_same_games_with_and_without_it(rules, players, games):
    _, _, engine, engine_without = _pair(rules)
    for seed in range(games):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))

