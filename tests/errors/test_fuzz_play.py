"""Mutants of the gallery and newcomer files through the whole pipeline and a few steps of play: a file either
ends in a RuleError at its `file:line:col`, or it loads and its random games play (a run-time rule error,
RuleRuntimeError, being the one other way out).

test_fuzz_pipeline.py mutates the small fixtures and stops at the generated code; the generator's levers
(issue #40) recognise forms of the gallery's and the newcomers' files, so these are mutated here, with the
mutations that keep a file valid more often (tests/errors/mutations.py), and the engine is played. The full
campaign, thousands of mutants and a lock step against the engine generated without the levers, is
benchmarks/hostile_campaign.py.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import KINDS, WORD, mutate

from rulespec.language.errors import RuleError
from rulespec.pipeline import compile_rules, generate_source, generated_filename, load_module_from_source
from rulespec.runtime.common import RuleRuntimeError

ROOT = Path(__file__).resolve().parents[2]
# The files whose check and generation take under a second or so (the busiest ones, chess, shogi and the
# like, are left to the campaign).
SOURCES = sorted(p for p in [*(ROOT / "rulebooks").glob("*.rules"), *(ROOT / "tests" / "newcomer" / "games").glob("*.rules")]
                 if len(p.read_text(encoding="utf-8")) < 12_000)
TEXTS = {p: p.read_text(encoding="utf-8") for p in SOURCES}
GAMES, STEPS = 3, 40


@st.composite
def mutant(draw):
    source = draw(st.sampled_from(SOURCES))
    kind = draw(st.sampled_from(KINDS))
    rng = random.Random(draw(st.integers(0, 2 ** 32)))
    text = mutate(TEXTS[source], kind, rng, sorted(set(WORD.findall(TEXTS[source]))))
    return source.name, kind, text if text is not None else TEXTS[source]


def play_a_little(engine, players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = engine.new_game(players)
    for step in range(STEPS):
        if state.is_terminal():
            state.returns()
            return
        if step % 10 == 0:
            assert state.clone().to_json() == state.to_json()
            assert engine.from_json(state.to_json()).to_json() == state.to_json()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            state.apply(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutant())
def test_a_mutant_ends_in_a_rule_error_or_plays(tmp_path_factory, case):
    name, kind, text = case
    path = tmp_path_factory.mktemp("mutant") / name
    path.write_text(text, encoding="utf-8")
    try:
        model = compile_rules(path)
        source = generate_source(model, path, generated_filename("fuzz_play"))
        engine = load_module_from_source(source, "fuzz_play").GAME(None)
        engine.model = model
        for seed in range(GAMES):
            play_a_little(engine, (engine.MIN_PLAYERS, engine.MAX_PLAYERS)[seed % 2], seed)
    except RuleError as error:
        rendered = str(error)
        assert re.search(rf"{re.escape(name)}:\d+:\d+: ", rendered), rendered
        assert "internal error" not in rendered, rendered
    except RuleRuntimeError:
        pass
