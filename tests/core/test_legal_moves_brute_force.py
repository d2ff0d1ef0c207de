"""SHELL-INV-20: the engine's offered placements equal an independent enumeration.

The enumeration below is written from the rulebook and the board ruling (SHELL-AMB-1), not
from the generated engine: lanes red, blue, green, yellow, purple; a shell goes on its own
space; a starfish on any empty space; a regular placement needs an orthogonal neighbour in a
lane in use.
"""

import random

import pytest

import rulespec

LANES = ("red", "blue", "green", "yellow", "purple")
LEFT_OUT = {2: {"red", "purple"}, 3: {"purple"}, 4: set()}


def brute_force_plays(view: dict, players: int) -> set[str]:
    lanes = [lane for lane in LANES if lane not in LEFT_OUT[players]]
    board = {}
    for label, item in view["boards"]["beach"].items():
        lane, value = label.rsplit(" ", 1)
        board[(lane, int(value))] = item

    def neighbours(lane, value):
        index = LANES.index(lane)
        out = [(lane, value - 1), (lane, value + 1)]
        for other in (index - 1, index + 1):
            if 0 <= other < len(LANES) and LANES[other] in lanes:
                out.append((LANES[other], value))
        return [(l, v) for l, v in out if l in lanes and 0 <= v <= 17]

    def open_space(space):
        return space not in board and any(n in board for n in neighbours(*space))

    rack = view["zones"]["rack"][view["seat"]]["items"]
    plays = set()
    for tile in rack:
        if tile == "starfish":
            for lane in lanes:
                for value in range(18):
                    if open_space((lane, value)):
                        plays.add(f"play a starfish on {lane} {value}")
        else:
            lane, value = tile.rsplit(" ", 1)
            if open_space((lane, int(value))):
                plays.add(f"play {tile}")
    return plays


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("side", ["A", "B"])
def test_offered_first_placements_match_brute_force(players, side):
    game = rulespec.load("shell-we", options={"side": side})
    rng = random.Random(players * 10 + ord(side))
    checked = 0
    for seed in range(6):
        state = game.new_game(players=players)
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [a for a, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
                if state._stack[-1][0] == "turn":
                    seat = actions[0].player
                    offered = {a.text for a in actions if a.text.startswith("play ")}
                    assert offered == brute_force_plays(state.observation(seat), players)
                    checked += 1
            state.apply(actions[rng.randrange(len(actions))])
    assert checked > 50
