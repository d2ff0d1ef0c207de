"""Liar's dice (rulebooks/liars-dice.rules) against OpenSpiel's own liars_dice, in lock step.

Actions are matched by meaning: OpenSpiel's bid b is quantity b // 6 + 1 of face b % 6 + 1, its last
action (number of dice x 6) calls "Liar"; its chance outcome k is a die showing k + 1. At every node
the player to act, the legal actions, the chance outcomes with their probabilities and, at the end,
the returns must be equal. The rulespec side is played through rulespec.openspiel, so the engine, its
dice and its adapter are all under test; numdice is the rule file's option of the same name."""

import random
from fractions import Fraction
import re
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec  # noqa: E402
import rulespec.openspiel as rso  # noqa: E402
from .lockstep import agree_through_adapter, random_games_through_adapter, walk_through_adapter  # noqa: E402

SIDES = 6


def _meaning(state, action, dice: int) -> int:
    """OpenSpiel's number for one of our actions, from its text."""
    text = state.action_to_string(state.current_player(), action)
    if state.is_chance_node():
        return int(re.fullmatch(r"roll (\d)", text).group(1)) - 1
    if text == "liar":
        return dice * SIDES
    quantity, face = re.fullmatch(r"bid (\d+) x (\d)", text).groups()
    return (int(quantity) - 1) * SIDES + int(face) - 1


def _compare(ours, theirs, dice: int) -> dict[int, int]:
    """Asserts the two states agree now; returns OpenSpiel's action for each of ours."""
    return agree_through_adapter(ours, theirs, lambda state, action: _meaning(state, action, dice))


def _games(numdice: int):
    return (rso.load_game("liars-dice", zero_sum=True, options={"numdice": str(numdice)}),
            pyspiel.load_game("liars_dice", {"numdice": numdice}))


GAMES = {1: 200, 2: 200}


@pytest.mark.parametrize("numdice", sorted(GAMES))
def test_seeded_random_games_agree_in_lock_step(numdice):
    ours_game, theirs_game = _games(numdice)
    dice = 2 * numdice
    bids = 0

    def mostly_small_raises(rng, ordered):  # so that games run long and reach the high bids too
        nonlocal bids
        bids += 1
        return ordered[min(int(rng.expovariate(0.5)), len(ordered) - 1)]

    steps = random_games_through_adapter(ours_game, theirs_game, GAMES[numdice], random.Random(20261201 + numdice),
                                         lambda state, action: _meaning(state, action, dice), mostly_small_raises)
    assert steps >= GAMES[numdice] * (dice + 2)  # every die rolled, a bid and a call at least
    print(f"numdice={numdice}: {GAMES[numdice]} random games, {steps} steps ({bids} decisions) in lock step")


def _walk(ours, theirs, dice: int) -> int:
    return walk_through_adapter(ours, theirs, lambda state, action: _meaning(state, action, dice))


def test_the_whole_bidding_tree_of_one_roll_agrees():
    """With one die each, the tree below each roll is every rising sequence of the 12 bids, each perhaps
    followed by a call: 2^12 decisions and 2^12 - 1 calls. Walked whole for two rolls (one where the
    call of any bid of sixes wins, one where a pair stands), both sides in lock step."""
    ours_game, theirs_game = _games(1)
    for first, second in ((0, 5), (3, 3)):  # player 1 rolls a 1 and player 2 a 6; both roll 4s
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        for face in (first, second):
            mapping = _compare(ours, theirs, 2)
            action = next(a for a, b in mapping.items() if b == face)
            ours.apply_action(action)
            theirs.apply_action(face)
        positions = _walk(ours, theirs, 2)
        assert positions == 2 ** 12 + 2 ** 12 - 1
    print(f"{2 * positions} bidding positions agree")


def test_openspiel_conformance():
    for numdice in (1, 2):
        pyspiel.random_sim_test(_games(numdice)[0], num_sims=10, serialize=True, verbose=False)


def test_the_dice_are_rolled_as_chance_events_and_seen_only_by_their_owner():
    game = rulespec.load("liars-dice", options={"numdice": "2"})
    state = game.new_game(2)
    rolls = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [str(a.text) for a, _ in outcomes] == [f"roll {n}" for n in range(1, 7)]
        assert {p for _, p in outcomes} == {Fraction(1, 6)}  # every face, whatever is already rolled
        state.apply(outcomes[[5, 1, 5, 3][rolls]][0])  # steered: sixes and a two, then a four
        rolls += 1
    assert rolls == 4
    mine, theirs = state.observation(0)["zones"]["cup"], state.observation(1)["zones"]["cup"]
    assert mine[0] == {"size": 2, "items": ["2", "6"]} and mine[1] == {"size": 2}
    assert theirs[1] == {"size": 2, "items": ["4", "6"]} and theirs[0] == {"size": 2}
    replay = game.from_json(state.to_json())
    assert replay == state and replay.legal_actions() == state.legal_actions()


# ----------------------------------------------------------------------------- the house rule

FIVES = Path(__file__).resolve().parents[2] / "house-rules" / "liars-dice-no-wilds.rules"


def test_the_no_wilds_house_rule_checks_verifies_and_counts_sixes_as_sixes():
    from rulespec.pipeline.examples import run_examples
    from rulespec.check.verify import verify

    game = rulespec.load(FIVES)
    assert game.GAME_ID == "liars-dice-no-wilds"
    results = run_examples(game)
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]
    report = verify(FIVES, players=2, max_examples=3, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert report.ok, report.render()
    # The same roll and bid: two fours stand on a four and a six in the base game, not without wilds.
    ends = []
    for path in ("liars-dice", FIVES):
        state = rso.load_game(path, zero_sum=True).new_initial_state()
        for text in ("roll 4", "roll 6", "bid 2 x 4", "liar"):
            state.apply_action(state.string_to_action(text))
        assert state.is_terminal()
        ends.append(state.returns())
    assert ends == [[1.0, -1.0], [-1.0, 1.0]]
