"""Language constructs beyond Shell We?: claim windows, stacked zones, knockouts and turn skipping."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.pipeline.examples import run_examples

SNAP = Path(__file__).parent / "fixtures" / "snap.rules"


@pytest.fixture(scope="module")
def snap():
    return rulespec.load(SNAP)


def test_snap_examples_pass(snap):
    results = run_examples(snap)
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]


def _play_to_window(game, seed):
    rng = random.Random(seed)
    state = game.new_game(players=3)
    while not state.is_terminal():
        if state._stack and state._stack[-1][0] == "window" and not state.is_chance_node():
            return state
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return None


def test_a_claim_window_offers_actions_to_several_seats(snap):
    windows = [s for s in (_play_to_window(snap, seed) for seed in range(30)) if s is not None]
    assert windows
    multi = [s for s in windows if len({a.player for a in s.legal_actions()}) > 1]
    assert multi, "no window where several seats could act"
    state = multi[0]
    seats = sorted({a.player for a in state.legal_actions()})
    for seat in range(3):
        view = state.observation(seat)
        assert view["decision"]["player"] == "any"
        mine = sorted(a.text for a in state.legal_actions() if a.player == seat)
        assert sorted(view["decision"].get("choices", [])) == mine
    # An action of one seat offered under another seat's name is refused.
    snapper = next(a for a in state.legal_actions() if a.text == "snap")
    non_flipper = next(s for s in range(3) if rulespec.Action(s, "go on") not in state.legal_actions())
    with pytest.raises(rulespec.IllegalAction, match="go on"):
        state.apply(rulespec.Action(non_flipper, "go on"))
    state.apply(snapper)
    assert state._turn_seat == snapper.player or state._stack[-1][0] == "turn"


def test_stacked_zone_keeps_arrival_order(snap):
    state = snap.new_game(players=2)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    pile = state._t.zone_base["pile"]
    flipped = []
    for _ in range(2):
        flip = next(a for a in state.legal_actions() if a.text.startswith("flip"))
        flipped.append(flip.text[len("flip "):])
        state.apply(flip)
        go_on = next((a for a in state.legal_actions() if a.text == "go on"), None)
        if go_on is None:
            break
        state.apply(go_on)
    labels = [snap.ITEM_LABEL[i] for i in state._zones[pile]]
    assert labels[-len(flipped):] == flipped


@pytest.mark.parametrize("seed", range(20))
def test_knocked_out_players_never_act_again(snap, seed):
    state = rulespec.random_game(snap, players=4, seed=seed)
    out_at = {}
    for index, text in enumerate(state.history):
        if text.endswith(": retire"):
            out_at[text.split(":")[0]] = index
    for index, text in enumerate(state.history):
        who = text.split(":")[0]
        if who in out_at and index > out_at[who]:
            pytest.fail(f"{who} acted after retiring: {text} (step {index})")
    assert state.outcome()["end"] == "last_one_standing" and not state._violations


GEMS = Path(__file__).parent / "fixtures" / "gems.rules"


def test_set_scoring_matches_a_brute_force_and_the_tie_break_chain_orders_players():
    from rulespec.lib.setscore import brute_force_best

    game = rulespec.load(GEMS)
    assert all(r.passed for r in run_examples(game))
    hues = ("red", "green", "blue", "gold")
    for seed in range(25):
        state = rulespec.random_game(game, players=3, seed=seed)
        outcome = state.outcome()
        keys = []
        for seat in range(3):
            hand = [game.ITEM_LABEL[i] for i in state._zones[state._t.zone_base["hand"] + seat]]
            counts = tuple(hand.count(f"{h} gem") for h in hues)
            jokers = hand.count("joker")
            best = brute_force_best(counts, jokers, {2: 1, 3: 3, 4: 5})
            assert outcome["scores"]["set_points"][seat] == best.score
            assert outcome["scores"]["spare"][seat] == best.unused_real
            keys.append((-best.score, -best.unused_real, -jokers))
        for a in range(3):
            for b in range(3):
                if keys[a] < keys[b]:
                    assert outcome["ranking"][a] < outcome["ranking"][b]
                elif keys[a] == keys[b]:
                    assert outcome["ranking"][a] == outcome["ranking"][b]


TILING = Path(__file__).parent / "fixtures" / "tiling.rules"


def _floor_cells(state, board=0):
    info = state.game.BOARDS[board]
    width = len(info.columns)
    occupied = {divmod(c, width) for c, item in enumerate(state._boards[board]) if item >= 0}
    usable = {divmod(c, width) for c in state._t.cells_in_use[board]}
    return usable, occupied


def _cell(label):
    row, col = label[1:].split("c")
    return int(row), int(col)


@pytest.mark.parametrize("players", [2, 3])
def test_polyform_placements_touch_by_a_side_never_overlap_and_match_the_geometry_library(players):
    from rulespec.lib.geometry import TriangularBoard, edge_neighbours

    game = rulespec.load(TILING)
    assert all(r.passed for r in run_examples(game)), [r.message for r in run_examples(game)]
    checked = 0
    for seed in range(8):
        state, rng = game.new_game(players), random.Random(seed)
        while not state.is_terminal():
            if not state.is_chance_node() and state._stack[-1][0] == "turn":
                usable, occupied = _floor_cells(state)
                geometry = TriangularBoard(usable)
                mask = geometry.mask_of(occupied)
                offered: dict[str, set] = {}
                for action in state.legal_actions():
                    if action.text.startswith("lay "):
                        form, _, where = action.text[len("lay "):].partition(" on ")
                        cells = frozenset(_cell(label) for label in where.split())
                        assert not cells & occupied, "overlap"
                        assert any(n in occupied for c in cells for n in edge_neighbours(c)), "no side contact"
                        offered.setdefault(form, set()).add(cells)
                seat = state.legal_actions()[0].player
                for form in set(state.observation(seat)["zones"]["hand"][seat]["items"]):
                    expected = {frozenset(p.cells) for p in geometry.legal_placements(game.SHAPES[form], mask)}
                    assert offered.get(form, set()) == expected
                checked += 1
            actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    assert checked > 20


@pytest.mark.parametrize("seed", range(10))
def test_the_no_room_end_agrees_with_an_independent_search(seed):
    from rulespec.lib.geometry import TriangularBoard

    game = rulespec.load(TILING)
    state = rulespec.random_game(game, players=3, seed=seed)
    usable, occupied = _floor_cells(state)
    geometry = TriangularBoard(usable)
    room = geometry.any_legal_placement(game.SHAPES["hex"], geometry.mask_of(occupied))
    assert (state.outcome()["end"] == "no_room") == (not room)


def test_a_random_starting_placement_is_an_explicit_chance_node():
    from fractions import Fraction

    state = rulespec.load(TILING).new_game(players=2)
    outcomes = state.chance_outcomes()
    assert all(a.text.startswith("start at r") for a, _ in outcomes)
    assert len(outcomes) == len(state._t.cells_in_use[0])  # a single triangle can start on any triangle
    assert sum(p for _, p in outcomes) == Fraction(1)


def test_an_end_at_turn_start_runs_its_closing_step_and_no_turn():
    """`end ... then STEP()` checked at turn start: the step runs, then the game is over; the turn that was
    about to start never does (it used to be pushed above the closing step, so one more turn was played)."""
    import random

    from rulespec.runtime.engine import random_step
    game = rulespec.load("rulespec/docs/ref_games/triangles.rules")
    form = game.ITEM_ATTRS["form"]
    for seed in range(10):
        state = game.new_game(2)
        rng = random.Random(seed)
        while not state.is_terminal():
            if not state.is_chance_node():  # a turn's decision: the end `stuck` did not hold when it started
                hands = [state._zones[state._t.zone_base["hand"] + seat] for seat in range(2)]
                assert state._any_legal_placement(0, "single") and any(hands)
            state.apply(random_step(state, rng))
        assert state.outcome()["end"] == "stuck" and not state._stack
        for seat in range(2):  # keep_hands ran: every form still in a hand has one kept beside it
            hand = {form[i] for i in state._zones[state._t.zone_base["hand"] + seat]}
            kept = {form[i] for i in state._zones[state._t.zone_base["kept"] + seat]}
            assert hand <= kept


def test_the_fast_legal_placement_test_agrees_with_walking_every_placement():
    """`count(w in placements of S on B where w is empty and w has an occupied neighbour) = 0` is generated
    as one shift search; it must say what walking every placement says, the empty board included."""
    import random

    from rulespec.runtime.engine import random_step
    game = rulespec.load("let-them-eat-shrimp")
    for seed in range(3):
        state, rng = game._empty_state(3), random.Random(seed)
        assert not state._any_legal_placement(0, "hexagon")  # nothing on the board: nothing touches
        state = game.new_game(3)
        while not state.is_terminal():
            for shape in ("triangle", "diamond", "trapezoid", "hexagon"):
                walked = any(state._placement_free(0, p) and state._placement_touches(0, p)
                             for p in state._t.placements_of[0][shape])
                assert state._any_legal_placement(0, shape) == walked
                assert bool(state._legal_placements(0, shape)) == walked
            state.apply(random_step(state, rng))
