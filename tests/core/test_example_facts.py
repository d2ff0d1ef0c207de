"""Every fact and check an example can state holds where it should and fails where it should not: each
true line of the reference game's examples (rulespec/docs/ref_games/lanes.rules) passes, and the same
line made false fails that example at that line, with a message saying what is the case instead."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.docs.reference import GAMES
from rulespec.pipeline.examples import run_examples

LANES = GAMES / "lanes.rules"

# (example, a true line of it, the same line made false, what the failure says)
MUTATIONS = [
    ("results", "then it is turn 1", "then it is turn 2", "it is turn 1, not turn 2"),
    ("results", "then it is player 1's turn", "then it is player 2's turn", "it is player 1's turn, not player 2's"),
    ("results", "then the phase is play", "then the phase is setup", "the phase is play, not setup"),
    ("results", "then player 1 decides", "then player 2 decides", "expected player 2 to decide, but player 1 decides"),
    ("results", 'then player 1 is offered "play red 2 on red 2"', 'then player 1 is offered "play blue 1 on blue 1"',
     "player 1 is not offered 'play blue 1 on blue 1'"),
    ("results", 'then player 1 is offered no "draw", "play {t} on blue 2"', 'then player 1 is offered no "play {t} on red 2"',
     "player 1 is offered 'play red 2 on red 2', but should be offered no 'play {t} on red 2'"),
    ("results", "then player 1 sees hand of player 1", "then player 1 sees hand of player 2",
     "player 1 does not see what hand of player 2 holds"),
    ("results", "then player 2 does not see hand of player 1", "then player 2 does not see hand of player 2",
     "player 2 sees what hand of player 2 holds"),
    ("results", 'then space "red 2" holds "red 2"', 'then space "red 2" holds "joker"', "red 2 holds 'red 2', not 'joker'"),
    ("results", 'then space "red 3" on strip is empty', 'then space "red 1" on strip is empty', "red 1 holds 'red 1'"),
    ("results", 'then hand of player 1 lost "red 2"', 'then hand of player 1 lost "blue 1"',
     "it lost ['red 2'] since the last action, not ['blue 1']"),
    ("results", "then strip gained 1", "then strip gained 2", "it gained 1 since the last action, not 2"),
    ("results", "then reward ran never", "then turn ran never", "`turn` ran 1 times since the last action, not 0"),
    ("results", "then player 1 wins", "then player 2 wins", "expected player 2 to win, but the winners are player 1"),
    ("results", "then ranking is player 1, player 2", "then ranking is player 2, player 1",
     "expected the ranking player 2, player 1, but it is player 1 (1.), player 2 (2.)"),
    ("results", "then returns are 1, -1", "then returns are 1/2, -1/2", "expected the returns 1/2, -1/2, but they are 1, -1"),
    ("results", "then nobody decides", "then player 1 decides", "expected player 1 to decide, but nobody (the game is over) decides"),
    ("results", "then no action is offered", 'then the offered actions are exactly "player 2: draw"',
     "the offered actions differ: not offered: ['player 2: draw']"),
    ("results", "then the game is over", "then the game is not over", "expected the game to go on, but it is over by `hand_empty`"),
    ("stalemate", "then the game is not over", "then the game is over", "expected the game to be over, but it goes on"),
    ("stalemate", 'then the offered actions are exactly "player 1: pass"', 'then the offered actions are exactly "player 1: draw"',
     "the offered actions differ: not offered: ['player 1: draw']; offered too: ['player 1: pass']"),
    ("stalemate", "then the game is a draw", "then player 1 wins", "expected player 1 to win, but the game is a draw"),
    ("stalemate", "then nobody wins", "then player 2 wins", "expected player 2 to win, but the game is a draw"),
    ("odds", 'then the chance outcomes are "deal red 1" 1/3, "deal joker" 2/3',
     'then the chance outcomes are "deal red 1" 1/2, "deal joker" 1/2', "the chance outcomes are 'deal red 1' 1/3, 'deal joker' 2/3"),
    ("odds", "then chance decides", "then any player decides", "expected any player to decide, but chance decides"),
    ("odds", "then deal ran once", "then deal ran twice", "`deal` ran 1 times since the last action, not 2"),
    ("odds", "then pool lost 1", "then pool lost 0", "it lost 1 since the last action, not 0: joker"),
    ("dealing", "then the chance outcomes are 8 equally likely", "then the chance outcomes are 9 equally likely",
     "expected 9 equally likely outcomes, but there are 8"),
    ("dealing", 'then hand of player 1 gained "red 1", "joker"', 'then hand of player 1 gained "red 1"',
     "it gained ['joker', 'red 1'] since the last action, not ['red 1']"),
    ("after_setup", "then size of pool = 4", "then size of pool = 5",
     "`size of pool = 5` does not hold: size of pool is 4, not 5"),
    ("first_leg", "then it is leg 1", "then it is leg 2", "it is leg 1, not leg 2"),
]


def _results(path: Path, variants=()) -> dict:
    game = rulespec.load(path, variants=list(variants))
    return {r.name: r for r in run_examples(game)}


def test_the_true_lines_pass():
    results = _results(LANES) | _results(LANES, ["both_layouts"])
    for name in {m[0] for m in MUTATIONS}:
        assert results[name].passed, results[name].message


@pytest.mark.parametrize("example, true, false, message", MUTATIONS, ids=[m[2] for m in MUTATIONS])
def test_a_false_line_fails_at_its_line(tmp_path, example, true, false, message):
    text = LANES.read_text(encoding="utf-8")
    start = text.index(f"example {example} ")
    at = text.index("  " + true + "\n", start)
    mutated = text[:at] + "  " + false + "\n" + text[at + len(true) + 3:]
    path = tmp_path / "lanes.rules"
    path.write_text(mutated, encoding="utf-8")
    line = mutated[:at].count("\n") + 1
    result = _results(path, ["both_layouts"] if example == "first_leg" else ())[example]
    assert not result.passed
    assert f"lanes.rules:{line}: example `{example}`: {message}" in result.message, result.message
