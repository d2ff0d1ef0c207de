"""Action texts that show values worked out from what is chosen (issue #39): `x({r - 1},{c - 1})` in
phantom tic-tac-toe, `{s} to {neighbour of s towards d}` and `{s} over {occupant of t} to {u}` in the
fixture Leapfrog. Every rule file that checks is an OpenSpiel game: such a field is numbered over the
values its type allows (rulespec/adapters/field_values.py), and the adapter's legal actions are the
engine's own, in lock step."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402  (registers the games)
from rulespec.adapters import core  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PHANTOM = ROOT / "tests" / "newcomer" / "games" / "phantom-ttt.rules"
LEAPFROG = ROOT / "tests" / "core" / "fixtures" / "leapfrog.rules"


def _lock_step(game, seed: int, games: int) -> int:
    """Random games in which, at every node, the adapter's legal actions say exactly the texts the engine
    offers, each text reads back to its number, and the number applied is the engine's action applied."""
    rng, steps = random.Random(seed), 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert not state.is_chance_node()
            seat, engine_state = state.current_player(), state.rulespec_state
            offered = [a.text for a in engine_state.legal_actions()]
            legal = state.legal_actions()
            assert sorted(state.action_to_string(seat, a) for a in legal) == sorted(offered)
            assert sorted(game.string_to_action(text) for text in offered) == legal
            action = rng.choice(legal)
            expected = engine_state.clone()
            expected.apply(f"player {seat + 1}: {state.action_to_string(seat, action)}")
            state.apply_action(action)
            assert state.rulespec_state == expected
            steps += 1
    return steps


def test_phantom_tic_tac_toe_is_numbered_as_openspiel_numbers_it():
    game = rso.load_game(PHANTOM, players=2)
    theirs = pyspiel.load_game("phantom_ttt")
    start = theirs.new_initial_state()
    assert game.num_distinct_actions() == theirs.num_distinct_actions() == 9
    assert [game.action_to_string(0, a) for a in range(9)] == [start.action_to_string(0, a) for a in range(9)]
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    assert _lock_step(game, seed=39, games=20) > 100


def test_a_neighbour_and_a_components_label_in_a_text_are_numbered_over_their_types():
    game = rso.load_game(LEAPFROG, players=2)
    # a step: 16 spaces x (16 spaces or `none`, past the edge); a jump: 16 x 2 labels x 16
    assert game.num_distinct_actions() == 16 * 17 + 16 * 2 * 16
    texts = [game.action_to_string(0, a) for a in range(game.num_distinct_actions())]
    assert texts[:3] == ["1 1 to 1 1", "1 1 to 1 2", "1 1 to 1 3"] and texts[16] == "1 1 to none"
    assert texts[272:274] == ["1 1 over red man to 1 1", "1 1 over red man to 1 2"]
    assert len(set(texts)) == len(texts)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    assert _lock_step(game, seed=39, games=30) > 100


def test_a_jump_is_offered_with_the_label_of_the_piece_it_jumps():
    game = rso.load_game(LEAPFROG, players=2)
    state = game.new_initial_state()
    for text in ("4 2 to 3 3", "1 3 to 2 2"):  # red steps up, blue steps down beside it
        state.apply_action(game.string_to_action(text))
    jumps = [state.action_to_string(0, a) for a in state.legal_actions() if " over " in state.action_to_string(0, a)]
    assert jumps == ["3 3 over blue man to 1 1"]


def test_the_numbering_of_worked_out_texts_is_the_same_in_every_process():
    program = ("import hashlib, rulespec.openspiel as o; g = o.load_game(%r, players=2); print(hashlib.sha256("
               "'\\n'.join(g.action_to_string(0, a) for a in range(g.num_distinct_actions())).encode()).hexdigest())"
               % str(LEAPFROG))
    runs = {subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=ROOT,
                           env={"PYTHONHASHSEED": seed, "PATH": "", "PYTHONPATH": str(ROOT)}).stdout
            for seed in ("1", "2")}
    assert len(runs) == 1


def test_a_chosen_direction_in_a_text_is_numbered_over_the_compass():
    """EinStein's `{occupant of s} {d}` with `d in forward of player` (a seat's set of compass directions): a
    chosen direction reads its compass word, so the field is numbered over the eight words (12 cubes x 8);
    every text offered reads back to its number, and the number applied is the engine's action applied."""
    game = rso.load_game(ROOT / "tests" / "newcomer" / "games" / "einstein.rules", players=2)
    assert game.num_distinct_actions() == 12 * 8
    texts = [game.action_to_string(0, a) for a in range(game.num_distinct_actions())]
    assert texts[:3] == ["black 1 north", "black 1 northeast", "black 1 east"] and len(set(texts)) == 96
    rng = random.Random(40)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            seat, engine_state = state.current_player(), state.rulespec_state
            offered = [a.text for a in engine_state.legal_actions()]
            assert sorted(state.action_to_string(seat, a) for a in state.legal_actions()) == sorted(offered)
            assert sorted(game.string_to_action(text) for text in offered) == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_remainder_in_a_text_is_numbered_from_0_to_the_divisor_less_1():
    """Ultimate tic-tac-toe's `{(row of s - 1) mod 3}`: a remainder by 3 reads 0, 1 or 2, whatever it divides
    (field_values.py interval), so a cell's row and column within its small board are numbered (9 boards to
    choose, 9 cells, the board played in shown as in play)."""
    game = rso.load_game(ROOT / "tests" / "newcomer" / "games" / "ultimate-tic-tac-toe.rules", players=2)
    texts = [game.action_to_string(0, a) for a in range(game.num_distinct_actions())]
    assert texts[9:12] == ["Local board <forced>: x(0,0)", "Local board <forced>: x(0,1)", "Local board <forced>: x(0,2)"]
    assert len(texts) == 18 and texts[17] == "Local board <forced>: x(2,2)"
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    assert _lock_step(game, seed=40, games=6) > 200


UNBOUNDED = """
game "Unbounded" [U-1]
  id "unbounded"
  players 2 to 2 [U-1]
  at most 10 turns [U-1]

counter stones starts at 10 [U-1]

turns go clockwise from player 1, each turn runs turn [U-1]

choice turn(player: seat) by player [U-1]:
  option take "leave {stones - n}" [U-1]:
    for n in 1..2
    add -n to stones

end none_left [U-1]:
  checked after every step
  when stones <= 0
"""


def test_a_worked_out_number_without_fixed_bounds_is_still_refused(tmp_path, monkeypatch):
    """`{stones - n}` with n chosen and not shown: a counter has no fixed bounds, so its values are no
    fixed list and the actions of one decision could not be told apart."""
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))
    path = tmp_path / "unbounded.rules"
    path.write_text(UNBOUNDED, encoding="utf-8")
    with pytest.raises(core.AdapterError, match=r"`\{stones - n\}` depends on what is chosen"):
        rso.load_game(path, players=2).num_distinct_actions()


def test_a_remainder_by_what_may_be_0_is_still_refused(tmp_path, monkeypatch):
    """`{n mod (n * n - n + 1)}` (n is 1 or 2): the bounds of its parts put the divisor anywhere from 0 to 4
    (1 and 3 in play), so the remainder has no fixed range."""
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))
    path = tmp_path / "unbounded.rules"
    path.write_text(UNBOUNDED.replace("leave {stones - n}", "leave {n mod (n * n - n + 1)}"), encoding="utf-8")
    with pytest.raises(core.AdapterError, match=r"`\{n mod \(n \* n - n \+ 1\)\}` depends on what is chosen"):
        rso.load_game(path, players=2).num_distinct_actions()
