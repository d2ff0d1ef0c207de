"""An item's label made once for each of its values of the attributes that can change (#40): State._set_attr
asks Engine._label_now for the label an item reads with its new value; the engine keeps each label it made by
the item and those values. Backgammon (a checker's point) and Othello (a disc's colour, flipped back and forth)
play the same games as engines that make every label afresh, every item's label read alike along the way."""

import random

import pytest

import rulespec
from rulespec.runtime.helpers import item_label

from tests.codegen.lockstep import play_in_lock_step


def afresh(engine):
    """``engine``'s game with every label made afresh, as before."""

    class Afresh(type(engine)):
        def _label_now(self, st, item):
            name, attributes, shown_as = self._item_parts[item]
            attrs = st._attrs
            return item_label(name, {a: (attrs[a][item] if a in attrs else self.ITEM_ATTRS[a][item])
                                     for a in attributes}, shown_as)

    made = Afresh(None)
    made.model = getattr(engine, "model", None)
    return made


@pytest.mark.parametrize("game, seeds", [("backgammon", 3), ("othello", 4)])
def test_the_same_games_as_labels_made_afresh(game, seeds):
    engine = rulespec.load(game)
    slow = afresh(engine)
    for seed in range(seeds):
        play_in_lock_step(engine.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=[lambda st: list(st._labels)])
    assert len(engine._labels_made) > 1


def test_a_state_read_back_reads_its_labels_alike():
    engine = rulespec.load("backgammon")
    state = engine.new_game(2)
    rng = random.Random(5)
    for _ in range(40):
        actions = state.chance_outcomes() if state.is_chance_node() else None
        state.apply(rng.choice([a for a, _ in actions]) if actions else rng.choice(state.legal_actions()))
    again = engine.from_json(state.to_json())
    assert again._labels == state._labels == [afresh(engine)._label_now(state, item)
                                              for item in range(len(engine.ITEM_KIND))]
