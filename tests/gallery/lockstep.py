"""Playing a rulespec game and OpenSpiel's implementation of the same game side by side."""

from __future__ import annotations

import random
from typing import Callable, Optional

import pytest


def random_game_in_lock_step(ours, theirs, rng: random.Random, same: Callable) -> int:
    """Play one random game on both states at once: ``same(ours, theirs)`` checks they agree and returns our
    legal actions by OpenSpiel's action number; the same number is applied to both. Returns the steps."""
    steps = 0
    while True:
        by_number = same(ours, theirs)
        if theirs.is_terminal():
            return steps
        number = rng.choice(sorted(by_number))
        ours.apply(by_number[number])
        theirs.apply_action(number)
        steps += 1


def random_games_by_number(ours_game, theirs_game, seeds, openspiel_number: Callable[[str], int]) -> tuple[int, list]:
    """For each seed, one random game through the OpenSpiel adapter (a game whose rule file numbers its actions,
    `numbered EXPR`) and OpenSpiel's own at once: at every decision our legal action numbers ARE OpenSpiel's, and
    the move our state makes of the number played names the action OpenSpiel numbers so (``openspiel_number(text)``
    of its text as the history writes it, read there at no cost);
    the same number is applied to both. Returns the decisions played and each game's last rulespec state."""
    steps, finals = 0, []
    for seed in seeds:
        rng = random.Random(seed)
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        while not theirs.is_terminal():
            assert not ours.is_terminal() and ours.current_player() == theirs.current_player(), str(theirs)
            legal = ours.legal_actions()
            assert legal == theirs.legal_actions(), str(theirs)
            number, played = rng.choice(legal), len(ours.rulespec_state.history)
            ours.apply_action(number)
            theirs.apply_action(number)
            text = ours.rulespec_state.history[played]  # the move our state made of the number: "player 1: ..."
            assert openspiel_number(text.split(": ", 1)[1]) == number, (text, number, str(theirs))
            steps += 1
        assert ours.is_terminal() and ours.returns() == pytest.approx(theirs.returns()), str(theirs)
        finals.append(ours.rulespec_state)
    return steps, finals


# Through the OpenSpiel adapter: both sides are pyspiel states, and ``meaning(state, action)`` gives
# OpenSpiel's action number for one of our action numbers (read from our action's text).

def agree_through_adapter(ours, theirs, meaning: Callable) -> dict[int, int]:
    """Asserts that our adapter state and OpenSpiel's agree now (terminal, returns, chance, the player to
    move, chance outcomes with their probabilities, the legal actions); returns OpenSpiel's action for
    each of ours."""
    assert ours.is_terminal() == theirs.is_terminal()
    if ours.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns(), abs=1e-12)
        return {}
    assert ours.is_chance_node() == theirs.is_chance_node()
    assert ours.current_player() == theirs.current_player()
    if ours.is_chance_node():
        mine = {meaning(ours, a): p for a, p in ours.chance_outcomes()}
        assert mine == pytest.approx(dict(theirs.chance_outcomes()), abs=1e-12)
        return {a: meaning(ours, a) for a, _ in ours.chance_outcomes()}
    mapping = {a: meaning(ours, a) for a in ours.legal_actions()}
    assert sorted(mapping.values()) == theirs.legal_actions()
    return mapping


def walk_through_adapter(ours, theirs, meaning: Callable) -> int:
    """Walks the whole tree below both states in lock step; returns the positions visited."""
    mapping = agree_through_adapter(ours, theirs, meaning)
    return 1 + sum(walk_through_adapter(ours.child(action), theirs.child(theirs_action), meaning)
                   for action, theirs_action in mapping.items())


def random_games_through_adapter(ours_game, theirs_game, games: int, rng: random.Random, meaning: Callable,
                                 choose: Optional[Callable] = None) -> int:
    """Plays ``games`` seeded random games on both sides in lock step (chance by its odds; a decision
    uniformly, or by ``choose(rng, ours_actions_in_openspiel_order)``); returns the steps played."""
    steps = 0
    for _ in range(games):
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        while True:
            mapping = agree_through_adapter(ours, theirs, meaning)
            if ours.is_terminal():
                break
            if ours.is_chance_node():
                actions, weights = zip(*ours.chance_outcomes())
                action = rng.choices(actions, weights)[0]
            elif choose is not None:
                action = choose(rng, sorted(mapping, key=mapping.get))
            else:
                action = rng.choice(sorted(mapping))
            ours.apply_action(action)
            theirs.apply_action(mapping[action])
            steps += 1
    return steps


def exploitability_side_by_side(ours_game, theirs_game, ours_solver, theirs_solver, iterations) -> list[tuple]:
    """Runs both CFR solvers (open_spiel.python.algorithms.cfr) in step; after each count of ``iterations``
    (rising), the pair (ours, OpenSpiel's) of their average policies' exploitability."""
    from open_spiel.python.algorithms import exploitability
    done, pairs = 0, []
    for count in iterations:
        while done < count:
            ours_solver.evaluate_and_update_policy()
            theirs_solver.evaluate_and_update_policy()
            done += 1
        pairs.append((exploitability.exploitability(ours_game, ours_solver.average_policy()),
                      exploitability.exploitability(theirs_game, theirs_solver.average_policy())))
    return pairs


def policies_agree_through_adapter(ours, theirs, meaning: Callable, ours_policies, theirs_policies,
                                   seen: Optional[dict] = None) -> dict[str, str]:
    """Walks the whole tree below both states in lock step; at each decision the probabilities each pair
    of policies (open_spiel.python.policy objects, ours and OpenSpiel's) gives each action must be equal,
    and each of our information states must stand for one of OpenSpiel's (the partitions are the same).
    Returns our information state -> OpenSpiel's."""
    seen = {} if seen is None else seen
    mapping = agree_through_adapter(ours, theirs, meaning)
    if mapping and not ours.is_chance_node():
        mine, its = ours.information_state_string(), theirs.information_state_string()
        assert seen.setdefault(mine, its) == its, (mine, its)
        for our_policy, their_policy in zip(ours_policies, theirs_policies):
            expected = their_policy.action_probabilities(theirs)
            got = {mapping[action]: p for action, p in our_policy.action_probabilities(ours).items()}
            assert got == pytest.approx(expected, abs=1e-12), mine
    for action, theirs_action in mapping.items():
        policies_agree_through_adapter(ours.child(action), theirs.child(theirs_action), meaning,
                                       ours_policies, theirs_policies, seen)
    return seen
