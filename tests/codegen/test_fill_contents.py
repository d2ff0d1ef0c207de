"""`connected(t in B where C from t = s to G)` whose C and G read the space only through what it holds (`t is
empty`, `t holds colour of p` with an attribute that never changes) is filled on integers: the tests are a
table by content (rulespec/runtime/fills.py), not called space by space. It must answer exactly as the fill
calling the tests does: Go and Atari are played in lock step with engines generated without it (Go's liberty
and area tests read on every point along the way), the runtime's fill is compared with the rule worked out
whole on random boards, a test is asked only of the contents the fill meets, and a `connected` that reads
more of its space, or an attribute that can change, keeps the tests called space by space."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.connected import KeptConnected
from rulespec.codegen.python import generate
from rulespec.pipeline import compile_rules, load_module_from_source
from rulespec.runtime.fills import BLOCKED, PASSES, REACHED, FillTests, connected_from_space, connected_on_contents

from .lockstep import play_in_lock_step
from .test_connected_from import play_alike_asking_every_test, reference

ROOT = Path(__file__).resolve().parents[2]
GO = ROOT / "rulebooks" / "go.rules"
ATARI = ROOT / "rulespec" / "docs" / "ref_games" / "atari.rules"


def _called(path: Path, monkeypatch, options=None):
    """The game of ``path`` generated with every fill's tests called space by space, and with fills on
    contents (the generator as it is)."""
    fast = rulespec.load(path, options=options)
    with monkeypatch.context() as patch:
        patch.setattr(KeptConnected, "fill_tests", lambda self, e, args=None: None)
        source = generate(compile_rules(path), path)
    assert "fills import" not in source and "st._connected_from(" in source
    slow = load_module_from_source(source, f"called_{path.stem}").GAME(options)
    slow.model = fast.model
    return fast, slow


@pytest.mark.parametrize("size", ["5", "7"])
def test_go_plays_alike_on_contents(monkeypatch, size):
    fast, slow = _called(GO, monkeypatch, {"board_size": size})
    fast_module, slow_module = fast.ENDS[0].check.__globals__, slow.ENDS[0].check.__globals__
    assert "connected_from_space" in fast_module and "connected_from_space" not in slow_module
    play_alike_asking_every_test(fast, slow, fast_module, slow_module, games=3)


LIBERTY = "connected(t in grid where t holds colour of p or t is empty from t = s to t is empty)"
# (a start fixing the spaces next to s: the fill starts from several)
NEXT_TO = LIBERTY.replace("from t = s", "from count(d in directions of grid where t = neighbour of s towards d) > 0")


@pytest.mark.parametrize("start, call", [(LIBERTY, "connected_from_space(st, 0, v_s, FILL_TESTS_0, v_p)"),
                                         (NEXT_TO, "connected_on_contents(st, 0, spaces_among(")])
def test_atari_plays_alike_on_contents(monkeypatch, tmp_path, start, call):
    path = tmp_path / "atari.rules"
    path.write_text(ATARI.read_text(encoding="utf-8").replace(LIBERTY, start), encoding="utf-8")
    assert call in generate(compile_rules(path), path)
    fast, slow = _called(path, monkeypatch)
    for seed in range(20):
        play_in_lock_step(fast.new_game(players=2), slow.new_game(players=2), 2, random.Random(seed))


@pytest.mark.parametrize("old, new, on_contents", [
    (LIBERTY, LIBERTY, True),
    # the goal reads the space's row, not only what it holds
    (LIBERTY, LIBERTY.replace("to t is empty", "to t is empty and row of t > 1"), False),
    # a colour that can change is read from the state
    ("x 8 [AT-1]", "x 8, colour can change [AT-1]", False),
    # a count of the board is not a test of the space
    (LIBERTY, LIBERTY.replace("to t is empty", "to t is empty and count(u in grid where u is empty) > 1"), False),
])
def test_only_a_test_of_what_the_space_holds_is_filled_on_contents(tmp_path, old, new, on_contents):
    text = ATARI.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "atari.rules"
    path.write_text(text.replace(old, new), encoding="utf-8")
    source = generate(compile_rules(path), path)
    assert ("connected_from_space(st, 0, " in source) == on_contents
    assert ("st._connected_from(0, " in source) != on_contents


def test_the_fill_on_contents_answers_as_the_rule_on_random_boards():
    """Random Go boards of black, white and empty points; passing and goal contents drawn at random per
    board; random starts: the fill on contents against the rule worked out whole."""
    state = rulespec.load(GO, options={"board_size": "7"}).new_game(players=2)
    cells, neighbours = state._t.cells_in_use[0], state._t.neighbours[0]
    stones = {0: [], 1: []}
    for item, colour in state._engine.ITEM_ATTRS["colour"].items():
        stones[("black", "white").index(colour)].append(item)
    board = state._boards[0]
    rng = random.Random(11)
    agreed = {True: 0, False: 0}
    for _ in range(300):
        for c in cells:
            colour = rng.choice((None, None, 0, 1))
            board[c] = -1 if colour is None else stones[colour][c % len(stones[colour])]
        colour_of = {c: None if board[c] < 0 else ("black", "white").index(state._engine.ITEM_ATTRS["colour"][board[c]])
                     for c in cells}
        passing = set(rng.sample([None, 0, 1], rng.choice((1, 2, 2, 3))))
        goal_colours = set(rng.sample([None, 0, 1], rng.choice((0, 1, 1, 2))))
        asked = []

        def test(content, wanted):
            asked.append(content)
            colour = None if content < 0 else ("black", "white").index(state._engine.ITEM_ATTRS["colour"][content])
            assert wanted == "w"
            return (REACHED if colour in goal_colours else PASSES) if colour in passing else BLOCKED

        tests = FillTests(test, len(state._engine.ITEM_KIND))
        starts = sorted(rng.sample(cells, rng.choice((1, 1, 2))))
        expected = reference(neighbours, set(cells), lambda c: colour_of[c] in passing, lambda c: c in starts,
                             lambda c: colour_of[c] in goal_colours)
        assert connected_on_contents(state, 0, starts, tests, "w") == expected
        if len(starts) == 1:
            assert connected_from_space(state, 0, starts[0], tests, "w") == expected
        assert len(asked) == len(set(asked))  # (each content asked once, then read from the table)
        assert set(asked) <= {board[c] for c in cells}
        agreed[expected] += 1
    assert min(agreed.values()) > 50  # both answers were met often


def test_a_content_the_fill_does_not_meet_is_not_asked():
    """A test that cannot be asked of some content (here: it fails) fails only where the fill meets it, as the
    test called space by space would."""
    state = rulespec.load(GO, options={"board_size": "5"}).new_game(players=2)
    board, items = state._boards[0], len(state._engine.ITEM_KIND)
    board[0], board[6] = 3, 4  # (row 1 column 1 and row 2 column 2: 3 is walled in by 4's row and column)
    board[1], board[5] = 4, 4

    def test(content):
        if content == 3:
            raise ZeroDivisionError("asked of 3")
        return PASSES if content < 0 else BLOCKED

    assert connected_on_contents(state, 0, [24], FillTests(test, items)) is False
    with pytest.raises(ZeroDivisionError):
        connected_on_contents(state, 0, [0], FillTests(test, items))


def test_a_fill_from_none_or_a_space_not_in_use_reaches_nothing():
    state = rulespec.load(GO, options={"board_size": "5"}).new_game(players=2)
    tests = FillTests(lambda content: REACHED, len(state._engine.ITEM_KIND))  # (every space is a goal)
    not_in_use = next(c for c, use in enumerate(state._t.in_use[0]) if not use)
    assert connected_from_space(state, 0, 0, tests) is True
    assert connected_from_space(state, 0, None, tests) is False
    assert connected_from_space(state, 0, not_in_use, tests) is False
