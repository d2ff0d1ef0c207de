"""A long listing found in again is indexed (#40, runtime/listing_index.py): the place it gives is the one a look
along the listing finds, the first time, once indexed, after an entry is replaced, for an Action listed twice;
Yacht's kept rolls (7,776 outcomes shared by every turn) played by their Actions as by their texts."""

import random
from pathlib import Path

import rulespec
from rulespec.runtime import listing_index
from rulespec.runtime.pending import Action

YACHT = Path(__file__).parents[2] / "tests" / "newcomer" / "games" / "yacht.rules"


def test_the_place_is_the_one_a_look_along_finds():
    actions = [Action(-1, f"roll {n}") for n in range(40)]
    actions[30] = actions[5]  # listed twice: the first place, as a look along finds it
    stranger = Action(-1, "roll 3")  # equal to one listed, not itself listed
    for _ in range(3):  # found in once (looked along), then indexed
        assert [listing_index.index_in_listing(actions, a) for a in actions] == \
               [next(i for i, b in enumerate(actions) if b is a) for a in actions]
        assert listing_index.index_in_listing(actions, stranger) is None
    assert listing_index._indexed[id(actions)][0] is actions
    replaced = Action(-1, "roll 7")
    actions[7] = replaced  # an Action handed out set in its entry's place
    assert listing_index.index_in_listing(actions, replaced) == 7


def test_yacht_played_by_its_actions_as_by_their_texts():
    game = rulespec.load(YACHT)
    for seed in range(2):  # (the first 40 steps: the first rolls of six turns, each kept listing found in again)
        rng = random.Random(seed)
        by_action, by_text = game.new_game(2), game.new_game(2)
        for _ in range(40):
            listed = [a for a, _ in by_action.chance_outcomes()] if by_action.is_chance_node() else by_action.legal_actions()
            action = rng.choice(listed)
            by_action.apply(action)
            by_text.apply(str(action))
        assert by_action.history == by_text.history
        assert by_action.to_json() == by_text.to_json()
