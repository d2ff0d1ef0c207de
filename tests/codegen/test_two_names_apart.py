"""An option whose text shows two chosen names read apart (codegen/two_names_apart.py, #40): Let Them Eat Shrimp!'s
`place {tile} on {where}` (a zone's item, one a copy group, and a placement of its shape) can never list two
choices that read alike, so its step is marked distinct (no set of the texts at each decision). Played in lock
step with the engine generated without it (which checks every listing for two alike): a listing with two alike
would differ there. What breaks the proof is refused: the names shown the other way round or formatted, labels
that change, a stacked zone, two copy groups reading alike, a label with the words between beginning another's,
a second name that is not a placement of one shape or a plain value."""

import dataclasses
import random
import string
from pathlib import Path

from rulespec.codegen import listing_plans
from rulespec.codegen.two_names_apart import two_names_apart
from rulespec.model import ir
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
LTES = ROOT / "rulebooks" / "let-them-eat-shrimp.rules"


def test_the_placement_listing_is_distinct_and_plays_the_same_games():
    without = ((listing_plans, "two_names_apart", lambda *args: False),)
    source, source_without, fast, slow = engines_with_and_without(LTES, without, "two_names")
    assert fast.STEPS["place_a_tile"].distinct and not slow.STEPS["place_a_tile"].distinct
    changed = [line for line in source.splitlines() if line not in source_without.splitlines()]
    assert len(changed) == 1 and "choices=choices_place_a_tile, distinct=True" in changed[0]
    for players in (2, 5):
        for seed in range(5):
            play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))


def _place(model):
    step = next(s for s in model.steps if s.name == "place_a_tile")
    return step.options[0]


def _apart(model, option, changing=False):
    parts = list(string.Formatter().parse(option.template))
    return two_names_apart(model, changing, option, option.bindings, parts)


def test_what_breaks_the_proof_is_refused():
    model = compile_rules(LTES)
    option = _place(model)
    assert _apart(model, option)
    assert _apart(compile_rules(LTES, ["advanced"]), _place(compile_rules(LTES, ["advanced"])))  # (from the mat)
    assert not _apart(model, dataclasses.replace(option, template="place {where} on {tile}"))
    assert not _apart(model, dataclasses.replace(option, template="place {tile!r} on {where}"))
    assert not _apart(model, dataclasses.replace(option, template="place {tile} on {where} {tile}"))
    assert not _apart(model, option, changing=True)
    stacked = dataclasses.replace(model, zones=tuple(dataclasses.replace(z, stacked=z.name == "shield") for z in model.zones))
    assert not _apart(stacked, option)
    alike = dataclasses.replace(model, components=tuple(
        dataclasses.replace(c, shown_as="tile") if c.name == "fish" else c for c in model.components))
    assert not _apart(alike, option)  # (every fish reads "tile")
    # "egg" + "on" begins "egg on toast"'s text: "egg on toast on r1c2" could be either
    toast = dataclasses.replace(model, components=tuple(
        dataclasses.replace(c, shown_as="egg on toast") if c.name == "shrimp" else c for c in model.components))
    assert not _apart(toast, option)
    assert _apart(toast, dataclasses.replace(option, template="place {tile} at {where}"))
    space = dataclasses.replace(option.bindings[1], type=ir.SPACE)
    assert not _apart(model, dataclasses.replace(option, bindings=(option.bindings[0], space)))
