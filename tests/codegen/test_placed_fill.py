"""`only if C after it` decided on the position as it stands (model/placed_fill.py, runtime/fills.py
placed_reaches): an option that places an item on its chosen space s first and only takes things off after,
with C a fill on integers from s whose goal an empty space is, is carried out only when the fill from s (as if
s held the item) finds no goal now. It must answer exactly as carrying the option out: Go (every size) and
Atari are played in lock step with engines generated without it, Go's look-ahead answered both ways on every
point before every move; the test that does not decide falls back to the look-ahead; an option that writes
a board otherwise, or a fill another shape, keeps the look-ahead alone."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.connected import KeptConnected
from rulespec.codegen.python import generate
from rulespec.pipeline import compile_rules, load_module_from_source
from rulespec.runtime.fills import BLOCKED, PASSES, REACHED, FillTests, placed_reaches

from .lockstep import play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]
GO = ROOT / "rulebooks" / "go.rules"
ATARI = ROOT / "rulespec" / "docs" / "ref_games" / "atari.rules"
SHORTCUT = "(placed_reaches(st, 0, v_s, "


def _without(path: Path, monkeypatch, options=None):
    """The game of ``path`` as generated (the look-ahead asked first of the position as it stands), and
    generated without that (every `after it` carried out)."""
    fast = rulespec.load(path, options=options)
    with monkeypatch.context() as patch:
        patch.setattr(KeptConnected, "placed_fill_first", lambda self, after: None)
        source = generate(compile_rules(path), path)
    assert "placed_reaches" not in source
    slow = load_module_from_source(source, f"carried_out_{path.stem}").GAME(options)
    slow.model = fast.model
    assert "placed_reaches" in fast.ENDS[0].check.__globals__
    return fast, slow


def _decided_everywhere(module: dict, state) -> list:
    """On every empty point, for the player to move: whether placed_reaches decides Go's `has_liberty(s,
    player) after it` on the position as it stands (the listing's test), and what carrying the option out
    says; placed_reaches must never say yes where the look-ahead says no."""
    player = state.current_player()
    bowl = state._zones[state._t.zone_base["bowl"]]
    item = state._first_with("any", bowl, module["ITEM_ATTRS"]["colour"], ("black", "white")[player])
    found = []
    for cell in state._t.cells_in_use[0]:
        if state._boards[0][cell] < 0:
            decided = module["placed_reaches"](state, 0, cell, item, module["FILL_TESTS_0"], player)
            carried_out = module["after_turn__stone"](state, player, cell)
            assert carried_out or not decided
            found.append((decided, carried_out))
    return found


@pytest.mark.parametrize("size", ["5", "7", "9"])
def test_go_plays_alike_without_carrying_out(monkeypatch, size):
    fast, slow = _without(GO, monkeypatch, {"board_size": size})
    fast_module, slow_module = fast.ENDS[0].check.__globals__, slow.ENDS[0].check.__globals__
    refused = decided = 0
    for seed in range(3):
        play_in_lock_step(fast.new_game(players=2), slow.new_game(players=2), 2, random.Random(seed))
        a, b, rng = fast.new_game(players=2), slow.new_game(players=2), random.Random(100 + seed)
        while not a.is_terminal():
            answers = _decided_everywhere(fast_module, a)
            assert [carried_out for _, carried_out in answers] == \
                [slow_module["after_turn__stone"](b, b.current_player(), cell) for cell in b._t.cells_in_use[0]
                 if b._boards[0][cell] < 0]
            refused += answers.count((False, False))
            decided += answers.count((True, True))
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(str(action))
        assert a.to_json() == b.to_json()
    assert refused > 0 and decided > 0  # (suicides met, which the position as it stands does not decide)


INLINE = ("only if breathes(s, player) after it",
          "only if connected(t in grid where t holds colour of player or t is empty from t = s to t is empty) after it")


@pytest.mark.parametrize("inline", [False, True])  # (the fill in the definition C calls, or written in C)
def test_atari_plays_alike_without_carrying_out(monkeypatch, tmp_path, inline):
    path = ATARI
    if inline:
        path = tmp_path / "atari.rules"
        path.write_text(ATARI.read_text(encoding="utf-8").replace(*INLINE), encoding="utf-8")
        assert SHORTCUT in generate(compile_rules(path), path)
    fast, slow = _without(path, monkeypatch)
    for seed in range(30):
        play_in_lock_step(fast.new_game(players=2), slow.new_game(players=2), 2, random.Random(seed))


def test_undecided_falls_back_to_carrying_out():
    """placed_reaches is True only when sure: an occupied space, an item that does not pass, an empty space
    that is no goal, or no path to a goal now leave it to the look-ahead."""
    go = rulespec.load(GO, options={"board_size": "5"})
    state = go.new_game(players=2)
    module = go.ENDS[0].check.__globals__
    colours = module["CELL_ATTRS"]["colour"]
    black = colours.index("black")
    white = colours.index("white")
    liberty = FillTests(lambda content, seat: (REACHED if content < 0 else PASSES)
                        if content < 0 or colours[content] == ("black", "white")[seat] else BLOCKED, len(colours) - 1)
    centre = state._t.cells_in_use[0][12]
    assert placed_reaches(state, 0, centre, black, liberty, 0)  # (empty neighbours)
    assert not placed_reaches(state, 0, centre, white, liberty, 0)  # (the item does not pass)
    no_goal = FillTests(lambda content, seat: PASSES if content < 0 else BLOCKED, len(colours) - 1)
    assert not placed_reaches(state, 0, centre, black, no_goal, 0)  # (an emptied space would not be a goal)
    for n in state._t.neighbours[0][centre]:  # (white all round: no path now, whatever the option takes off)
        state._boards[0][n] = white
    assert not placed_reaches(state, 0, centre, black, liberty, 0)
    state._boards[0][centre] = black
    assert not placed_reaches(state, 0, centre, black, liberty, 0)  # (occupied: placing there would fail)


PLACE = "    place any(c in bowl where colour of c = colour of player) on s\n"
CAPTURE = "          move occupant of u to captured\n"


@pytest.mark.parametrize("change", [
    # a second placement: a space but s may be filled
    lambda text: text.replace(CAPTURE, CAPTURE + "        place any(c in bowl where colour of c = colour of left of "
                                                 "player) on t\n"),
    # the placement not first
    lambda text: text.replace(PLACE, "").replace(CAPTURE, CAPTURE + PLACE),
    # a fill from another space than the one placed on
    lambda text: text.replace("only if breathes(s, player) after it", "only if breathes(neighbour of s towards north, "
                                                                      "player) after it"),
])
def test_other_writes_keep_the_look_ahead(tmp_path, change):
    text = ATARI.read_text(encoding="utf-8")
    assert "placed_reaches" in generate(compile_rules(ATARI), ATARI)
    changed = change(text)
    assert changed != text
    path = tmp_path / "atari.rules"
    path.write_text(changed, encoding="utf-8")
    source = generate(compile_rules(path), path)
    assert "kept, cause = st._imagine" in source and "placed_reaches" not in source


def test_the_item_placed_is_picked_once_for_a_listing():
    """The item the test places reads no name the listing binds: picked when first needed, then kept for the
    listing's other candidates (a local, as a count the same for every candidate); the look-ahead itself and
    the test of one candidate (first_failing_) carry the option out."""
    source = generate(compile_rules(GO), GO)
    pick = ("(_n0 if _n0 is not None else (_n0 := st._first_with('any(c in bowl where colour of c = colour of "
            "player)', pile_bowl, ITEM_ATTRS['colour'], ('black', 'white')[v_player])))")
    assert source.count(f"if not ((placed_reaches(st, 0, v_s, {pick}, FILL_TESTS_0, v_player) or "
                        "after_turn__stone(st, v_player, v_s))):") == 2  # (options_ and choices_)
    assert source.count("    if not (after_turn__stone(st, v_player, v_s)):") == 1  # (first_failing_)
    after = source.split("def after_turn__stone(", 1)[1].split("\ndef ", 1)[0]
    assert "placed_reaches" not in after and "kept, cause = st._imagine" in after
