"""A `then` the generator runs at once (inline_thens) asks Engine._quiet_after_step first whether an end checked
after every step would be found between the two steps; where the rule file has no such end the answer is
always yes, and the generator writes the call alone (codegen/statements.py ends_after_each_step). Chess,
checkers and Oware play the same games as engines generated asking."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen, statements
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("name, games", [("chess", 2), ("checkers", 3), ("oware", 4)])
def test_the_same_games(monkeypatch, name, games):
    path = ROOT / "rulebooks" / f"{name}.rules"
    model = compile_rules(path)
    assert not any(end.timing == "after_step" for end in model.ends)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(statements.Statements, "ends_after_each_step", lambda self: True)
        slow_source = codegen.generate(model, path.name)
    assert "_quiet_after_step" not in fast_source and "_quiet_after_step" in slow_source
    fast = load_module_from_source(fast_source, f"at_once_{name}").GAME(None)
    slow = load_module_from_source(slow_source, f"asking_{name}").GAME(None)
    fast.model = slow.model = model
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=[lambda st: (st.fired, st._last_cause, st._thens)])


def test_a_file_with_an_end_after_each_step_still_asks():
    path = ROOT / "rulebooks" / "backgammon.rules"
    model = compile_rules(path)
    assert any(end.timing == "after_step" for end in model.ends)
    assert "if st._engine._quiet_after_step(st):" in codegen.generate(model, path.name)
