"""Goofspiel (rulebooks/goofspiel.rules) against OpenSpiel's own goofspiel, in lock step.

OpenSpiel's defaults are the game's: points_order=random (a chance node turns up each prize card) and
returns_type=win_loss (+1 / -1, a draw 0); its num_cards is the rule file's option of the same name.
A bid of card v is OpenSpiel's action v - 1 for that player; turning up prize v is its chance outcome
v - 1. At every node: the same kind of node, the same chance outcomes with the same probabilities,
at a simultaneous node every seat to choose with the same legal actions; at the end the same returns.
The rulespec side is the engine itself (a simultaneous decision: each seat applies its choice, in any
order, and the last one carries them out together).

OpenSpiel plays the last round by itself (one prize left, one card in each hand, nothing to choose);
the rule file, as the rules say, still turns up the last prize and lets each player bid their last
card: there each of those decisions must offer exactly one outcome or one choice per seat."""

import itertools
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec  # noqa: E402
from rulespec.runtime.engine import CHANCE, SIMULTANEOUS  # noqa: E402


def _games(num_cards: int, players: int = 2):
    return (rulespec.load("goofspiel", options={"num_cards": str(num_cards)}),
            pyspiel.load_game("goofspiel", {"num_cards": num_cards, "players": players,
                                            "points_order": "random", "returns_type": "win_loss"}))


def _number(action) -> int:
    """OpenSpiel's number of one of our actions: `bid 5` (of its player) or `turn up 5` is 4."""
    word, value = action.text.rsplit(" ", 1)
    assert word in ("bid", "turn up"), action
    return int(value) - 1


def _forced_last_round(ours) -> int:
    """Play the last round OpenSpiel skips: every decision must have one outcome or one choice per seat."""
    steps = 0
    while not ours.is_terminal():
        if ours.is_chance_node():
            (action, probability), = ours.chance_outcomes()
            assert probability == 1
        else:
            assert ours.current_player() == SIMULTANEOUS
            seat = ours.simultaneous_seats()[0]
            action, = ours.legal_actions(seat)
        ours.apply(action)
        steps += 1
    return steps


def _compare(ours, theirs) -> None:
    """Asserts the two states agree now (after OpenSpiel's own last round, ours plays its forced one)."""
    if theirs.is_terminal():
        assert ours.is_terminal() or _forced_last_round(ours) == 1 + theirs.num_players()
        assert ours.returns() == pytest.approx(theirs.returns(), abs=1e-12)
        return
    assert not ours.is_terminal()
    if theirs.is_chance_node():
        assert ours.current_player() == CHANCE
        mine = {_number(a): float(p) for a, p in ours.chance_outcomes()}
        assert mine == pytest.approx(dict(theirs.chance_outcomes()), abs=1e-12)
        return
    assert theirs.is_simultaneous_node()
    assert ours.current_player() == SIMULTANEOUS
    assert ours.simultaneous_seats() == list(range(theirs.num_players()))
    for seat in range(theirs.num_players()):
        assert sorted(_number(a) for a in ours.legal_actions(seat)) == theirs.legal_actions(seat)


def _by_number(ours, seat=None) -> dict:
    if seat is None:
        return {_number(a): a for a, _ in ours.chance_outcomes()}
    return {_number(a): a for a in ours.legal_actions(seat)}


@pytest.mark.parametrize("players, num_cards, games", [(2, 13, 200), (2, 5, 200), (3, 13, 150), (3, 4, 300)])
def test_seeded_random_games_agree_in_lock_step(players, num_cards, games):
    ours_game, theirs_game = _games(num_cards, players)
    rng = random.Random(20261201 + num_cards + 100 * players)
    steps = orders = 0
    shared_wins = 0
    for _ in range(games):
        ours, theirs = ours_game.new_game(players), theirs_game.new_initial_state()
        while True:
            _compare(ours, theirs)
            if theirs.is_terminal():
                shared_wins += sum(r > 0 for r in theirs.returns()) == 2
                break
            if theirs.is_chance_node():
                numbers, weights = zip(*theirs.chance_outcomes())
                number = rng.choices(numbers, weights)[0]
                ours.apply(_by_number(ours)[number])
                theirs.apply_action(number)
            else:
                joint = [rng.choice(theirs.legal_actions(seat)) for seat in range(players)]
                order = rng.sample(range(players), players)  # who chooses first does not matter
                orders += order[0] != 0
                for seat in order:
                    ours.apply(_by_number(ours, seat)[joint[seat]])
                theirs.apply_actions(joint)
            steps += 1
    assert steps >= games * 2 * (num_cards - 1)  # a prize turned up and a round of bids, but the last round
    assert 0 < orders < steps  # other orders of choosing than seat order were played
    if players == 3:
        assert shared_wins > 0  # some games had two winners sharing the 1 (OpenSpiel's 1/2, 1/2, -1)
    print(f"players={players}, num_cards={num_cards}: {games} random games, {steps} steps in lock step")


def _walk(ours, theirs) -> int:
    """Every position of the whole tree, ours and OpenSpiel's side by side; returns how many."""
    _compare(ours, theirs)
    if theirs.is_terminal():
        return 1
    positions = 1
    if theirs.is_chance_node():
        for number, action in _by_number(ours).items():
            child = ours.clone()
            child.apply(action)
            positions += _walk(child, theirs.child(number))
        return positions
    for joint in itertools.product(*(theirs.legal_actions(seat) for seat in range(theirs.num_players()))):
        child = ours.clone()
        for seat, number in enumerate(joint):
            child.apply(_by_number(child, seat)[number])
        after = theirs.clone()
        after.apply_actions(list(joint))
        positions += _walk(child, after)
    return positions


@pytest.mark.parametrize("num_cards, expected", [(3, 1 + 3 * (1 + 9 * (1 + 2 * (1 + 4)))), (4, None)])
def test_the_whole_game_tree_agrees(num_cards, expected):
    ours_game, theirs_game = _games(num_cards)
    positions = _walk(ours_game.new_game(2), theirs_game.new_initial_state())
    if expected is not None:
        # num_cards=3: the first prize (3 ways), 9 pairs of bids, the second prize (2 ways), 4 pairs of
        # bids, then OpenSpiel's own last round: 1 + 3 x (1 + 9 x (1 + 2 x (1 + 4))).
        assert positions == expected
    else:  # num_cards=4: 1 + 4 x (1 + 16 x (1 + 3 x (1 + 9 x (1 + 2 x (1 + 4)))))
        assert positions == 1 + 4 * (1 + 16 * (1 + 3 * (1 + 9 * (1 + 2 * (1 + 4)))))
    print(f"num_cards={num_cards}: {positions} tree positions agree")


def test_the_whole_three_player_game_tree_agrees():
    ours_game, theirs_game = _games(3, players=3)
    positions = _walk(ours_game.new_game(3), theirs_game.new_initial_state())
    # the first prize (3 ways), 27 triples of bids, the second prize (2 ways), 8 triples, OpenSpiel's last round
    assert positions == 1 + 3 * (1 + 27 * (1 + 2 * (1 + 8)))
    print(f"three players, num_cards=3: {positions} tree positions agree")


def test_the_order_of_choosing_does_not_matter():
    """Bids applied in either order give the same state once both are carried out."""
    game, _ = _games(4)
    rng = random.Random(7)
    for _ in range(30):
        state = game.new_game(2)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(rng.choice(state.chance_outcomes())[0])
                continue
            picks = [rng.choice(state.legal_actions(seat)) for seat in (0, 1)]
            one, other = state.clone(), state.clone()
            one.apply(picks[0])
            one.apply(picks[1])
            other.apply(picks[1])
            other.apply(picks[0])
            assert one._to_dict() | {"history": None} == other._to_dict() | {"history": None}
            state = one


def test_through_the_openspiel_adapter_the_game_is_openspiels():
    """The same lock step through rulespec.openspiel: a simultaneous node there too (apply_actions), its
    actions read back by their strings; OpenSpiel's own last round is a forced one in ours."""
    import rulespec.openspiel as rso
    ours_game = rso.load_game("goofspiel", options={"num_cards": "5"})
    theirs_game = pyspiel.load_game("goofspiel", {"num_cards": 5})
    assert ours_game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    rng = random.Random(11)

    def numbers(state, seat):
        return {int(state.action_to_string(seat, a).rsplit(" ", 1)[1]) - 1: a for a in state.legal_actions(seat)}

    for _ in range(50):
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        while not theirs.is_terminal():
            assert ours.current_player() == theirs.current_player()
            if theirs.is_chance_node():
                mine = {int(ours.action_to_string(-1, a).rsplit(" ", 1)[1]) - 1: (a, p) for a, p in ours.chance_outcomes()}
                assert {k: p for k, (_, p) in mine.items()} == pytest.approx(dict(theirs.chance_outcomes()))
                number = rng.choice(sorted(mine))
                ours.apply_action(mine[number][0])
                theirs.apply_action(number)
                continue
            by_seat = [numbers(ours, seat) for seat in range(2)]
            assert [sorted(b) for b in by_seat] == [theirs.legal_actions(seat) for seat in range(2)]
            joint = [rng.choice(theirs.legal_actions(seat)) for seat in range(2)]
            ours.apply_actions([by_seat[seat][joint[seat]] for seat in range(2)])
            theirs.apply_actions(joint)
        while not ours.is_terminal():  # the last round: one outcome, then one bid each
            if ours.is_chance_node():
                (action, probability), = ours.chance_outcomes()
                ours.apply_action(action)
            else:
                ours.apply_actions([ours.legal_actions(seat)[0] for seat in range(2)])
        assert ours.returns() == pytest.approx(theirs.returns())


# ----------------------------------------------------------------------------- the house rule

def test_the_carry_over_house_rule_checks_verifies_and_keeps_every_prize_in_play():
    from pathlib import Path

    from rulespec.pipeline.examples import run_examples
    from rulespec.check.verify import verify

    path = Path(__file__).resolve().parents[2] / "house-rules" / "goofspiel-carry-over.rules"
    house, base = rulespec.load("goofspiel/goofspiel-carry-over"), rulespec.load("goofspiel")
    assert house.GAME_ID == "goofspiel-carry-over"
    results = run_examples(house)
    assert len(results) == 5 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    report = verify(path, players=2, max_examples=3, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert report.ok, report.render()
    ties = 0
    for seed in range(60):
        ends = {}
        for name, game in (("house", house), ("base", base)):
            state = rulespec.random_game(game, 2, seed=seed)
            view = state.observation(0)["zones"]
            prizes_left = sum(int(label.split()[0]) for label in view["prize"]["items"])
            discarded = sum(int(label.split()[0]) for label in view["discard"]["items"] if label.endswith("diamonds"))
            ends[name] = (sum(state.outcome()["scores"]["takings"]), prizes_left, discarded)
        # All 91 prize points (1 + ... + 13) are somewhere: scored, face up after a last tie, or discarded
        # (the base game's ties); a carried-over prize is never discarded.
        assert sum(ends["house"]) == sum(ends["base"]) == 91 and ends["house"][2] == 0 and ends["base"][1] == 0
        ties += ends["base"][2] > 0
    assert ties > 0  # the seeded games do have ties, so the comparison is not of two equal games
