"""A definition that reads of the state only what a space holds, kept by that and its arguments (#40, helper
shogi2): Shogi's `steps_to(s, t, p)`, `slides`, `slides_back` and `golden` read `s holds V` of the kind, an
attribute that can change, and otherwise only their arguments' fixed values (codegen/content_definitions.py).
In lock step with the engine generated without it."""

import gc
import random
from pathlib import Path

from rulespec.codegen.content_definitions import ContentDefinitions
from rulespec.codegen.python import CodeGenerator
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
SHOGI = ROOT / "tests/newcomer/games/shogi.rules"
WITHOUT = ((ContentDefinitions, "content_keys", lambda self, definition: None),)


def test_shogi_with_its_definitions_kept_plays_the_same_games():
    source, source_without, fast, slow = engines_with_and_without(SHOGI, WITHOUT, "content_definitions")
    assert "KEPT_steps_to = {}" in source and "def worked_steps_to(st, v_s, v_t, v_p):" in source
    assert "KEPT_" not in source_without
    clone_lists = lambda s: s.clone().legal_actions()  # noqa: E731 (a clone lists alike)
    for seed in range(2):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed), also=(clone_lists,))
    module = next(d for d in gc.get_referrers(type(fast)) if isinstance(d, dict) and "KEPT_steps_to" in d)
    assert len(module["KEPT_steps_to"]) > 0  # (it fires: values kept)


def test_which_definitions_are_kept():
    model = compile_rules(SHOGI)
    generator = CodeGenerator(model, SHOGI.name)
    keys = {d.name: generator.content_keys(d) for d in model.definitions}
    assert keys["steps_to"] == (("kind", "s", "grid"),)
    assert keys["slides_back"] == (("kind", "t", "grid"),)
    assert keys["mine"] is None  # (one read: a look-up already)
    assert keys["attacks"] is None and keys["king_square"] is None  # (they walk the board)
    assert keys["ahead"] is None  # (no space's holding read)
