"""The simulated players: greedy_step takes an offered action that ranks the acting seat best right after."""

import random

import rulespec
from rulespec.runtime.engine import greedy_step, random_step


def _key(state, action):
    after = state.clone()
    after.apply(action)
    return state.game._rank_keys(after, after._over or {"winners": []})[action.player]


def test_greedy_takes_a_best_ranked_action_and_is_seeded():
    game = rulespec.load("let-them-eat-shrimp")
    rng = random.Random(3)
    state = game.new_game(3)
    decisions = 0
    while not state.is_terminal() and decisions < 12:
        if state.is_chance_node():
            state.apply(random_step(state, rng))
            continue
        actions = state.legal_actions()
        chosen = greedy_step(state, random.Random(decisions), sample=len(actions))
        assert chosen in actions
        assert _key(state, chosen) == min(_key(state, a) for a in actions)
        assert greedy_step(state, random.Random(decisions), sample=len(actions)) == chosen  # same seed, same pick
        state.apply(chosen)
        decisions += 1
    assert decisions == 12


def test_greedy_covers_two_eggs_when_it_can():
    """From the rulebook's Example 2: a hexagon over a diamond egg and a hexagon egg beats every other spot."""
    game = rulespec.load("let-them-eat-shrimp")
    state = game._empty_state(2)
    t = state._t
    start = next(p for p in t.placements_of[0]["triangle"] if t.placement_label[0][p] == "r3c12")
    state._occupy(0, t.placement_cells[0][start], game.ITEM_LABEL.index("triangle"), "given")
    state._zones[t.zone_base["shield"]].append(game.ITEM_LABEL.index("hexagon"))
    state._zones[t.zone_base["supply"]].remove(game.ITEM_LABEL.index("hexagon"))
    state._loc[game.ITEM_LABEL.index("hexagon")] = t.zone_base["shield"]
    state._zones[t.zone_base["supply"]].remove(game.ITEM_LABEL.index("triangle"))
    state._phase, state._turn_number = "play", 1
    state._stack.append((game.TURN_STEP, (0,), 0, "turn", ()))
    game._advance(state)
    chosen = greedy_step(state, random.Random(0), sample=1000)
    assert str(chosen) == "player 1: place hexagon on r3c13 r3c14 r3c15 r4c13 r4c14 r4c15"
