"""Playing an engine in lock step with one generated without a shortcut: shared by the tests of the
generator's fast paths (each builds its pair of engines; this plays them)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen
from rulespec.pipeline import compile_rules, load_module_from_source


def engines_with_and_without(path: Path, swaps: tuple, tag: str) -> tuple:
    """The file's engine generated as it is and with ``swaps`` ((owner, attribute, value) set only while it
    is generated: the generator without its lever), both loaded: (source, source without, engine, engine
    without)."""
    model = compile_rules(path)
    source = codegen.generate(model, path.name)
    patch = pytest.MonkeyPatch()
    try:
        for owner, attribute, value in swaps:
            patch.setattr(owner, attribute, value)
        source_without = codegen.generate(model, path.name)
    finally:
        patch.undo()
    tag = f"{tag}_{path.stem.replace('-', '_')}"
    engine = load_module_from_source(source, f"{tag}_with").GAME(None)
    engine_without = load_module_from_source(source_without, f"{tag}_without").GAME(None)
    engine.model = engine_without.model = model
    return source, source_without, engine, engine_without


def sampled_action(state, rng: random.Random):
    """A random legal action, or a chance outcome sampled by its probability (the benchmark's walk)."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        pick = rng.random()
        for action, probability in outcomes:
            pick -= float(probability)
            if pick < 0:
                return action
        return outcomes[-1][0]
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def play_in_lock_step(fast, slow, players: int, rng: random.Random, also=()) -> None:
    """Play fast's random game on both states, asserting at every step the same choices and chance outcomes
    (with their probabilities), every 7 steps the same observations (and each of ``also``: state -> value),
    and at the end the same history, counts of what fired, outcome, returns and JSON."""
    steps = 0
    while not fast.is_terminal():
        assert not slow.is_terminal()
        if fast.is_chance_node():
            assert [(str(a), p) for a, p in fast.chance_outcomes()] == \
                   [(str(a), p) for a, p in slow.chance_outcomes()]
        else:
            assert fast.legal_actions() == slow.legal_actions()
        if steps % 7 == 0:
            assert all(fast.observation(s) == slow.observation(s) for s in range(players))
            assert all(read(fast) == read(slow) for read in also)
        action = sampled_action(fast, rng)
        fast.apply(action)
        slow.apply(str(action))
        steps += 1
    assert slow.is_terminal()
    assert fast.history == slow.history and fast.fired == slow.fired
    assert fast.outcome() == slow.outcome() and fast.returns() == slow.returns()
    assert fast.to_json() == slow.to_json()
