"""The house rules of tic-tac-toe (misère: three in a row loses), Connect Four (an 8 x 7 grid), Othello
(anti-Othello: fewer discs win), checkers (men capture backward), oware (the grand slam captures) and nine
men's morris (twelve men's morris): each checks, passes its examples, verifies, and changes its base as it
says."""

import json
from pathlib import Path

import rulespec
from rulespec.pipeline.examples import run_examples
from rulespec.check.verify import verify
from rulespec.play.simulate import comparison_plans, simulate

HOUSE = Path(__file__).resolve().parents[2] / "house-rules"


def test_misere_tic_tac_toe_gives_the_game_to_the_other_player():
    house = rulespec.load("tic-tac-toe/tic-tac-toe-misere")
    results = run_examples(house)
    assert len(results) == 4 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert verify("tic-tac-toe/tic-tac-toe-misere", players=2, max_examples=3, stateful_step_count=10, seed=1,
                  derandomize=True, save_counterexamples=None).ok
    line = ["player 1: cross on row 1 column 1", "player 2: nought on row 3 column 3",
            "player 1: cross on row 1 column 2", "player 2: nought on row 3 column 1",
            "player 1: cross on row 1 column 3"]
    ends = []
    for game in (house, rulespec.load("tic-tac-toe")):
        state = game.new_game(2)
        for action in line:
            state.apply(action)
        ends.append((state.outcome()["end"], state.outcome()["winners"], state.returns()))
    assert ends == [("three", [1], [-1.0, 1.0]), ("three", [0], [1.0, -1.0])]


def test_connect_four_on_eight_by_seven_has_a_bigger_grid_and_more_discs():
    house = rulespec.load("connect-four/connect-four-eight-by-seven")
    results = run_examples(house)
    assert len(results) == 4 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert verify("connect-four/connect-four-eight-by-seven", players=2, max_examples=2, stateful_step_count=8,
                  seed=1, derandomize=True, save_counterexamples=None).ok
    state = house.new_game(2)
    assert len(state.legal_actions()) == 8  # a column each
    assert state.observation(0)["zones"]["supply"]["size"] == 56
    played = rulespec.random_game(house, 2, seed=5)
    assert played.is_terminal() and played._turn_number <= 56


def test_anti_othello_gives_the_game_to_fewer_discs():
    house = rulespec.load("othello/othello-antireversi")
    results = run_examples(house)
    assert len(results) == 4 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert verify("othello/othello-antireversi", players=2, max_examples=2, stateful_step_count=12, seed=1,
                  derandomize=True, save_counterexamples=None).ok
    for seed in range(3):
        outcome = rulespec.random_game(house, 2, seed=seed).outcome()
        discs = outcome["scores"]["discs"]
        assert outcome["end"] == "nobody_can_place"
        assert outcome["draw"] if discs[0] == discs[1] else outcome["winners"] == [discs.index(min(discs))]


def test_king_of_the_hill_ends_chess_when_a_king_reaches_the_centre():
    house = rulespec.load("chess/chess-king-of-the-hill")
    results = run_examples(house)
    assert len(results) == 9 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    hills = 0
    for seed in range(3):
        outcome = rulespec.random_game(house, 2, seed=seed).outcome()
        hills += outcome["end"] == "king_of_the_hill"
        assert outcome["end"] != "king_of_the_hill" or len(outcome["winners"]) == 1
    assert hills > 0


def test_checkers_with_backward_captures_lets_a_man_jump_backward():
    house = rulespec.load("checkers/checkers-backward-captures")
    results = run_examples(house)
    assert len(results) == 9 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert verify("checkers/checkers-backward-captures", players=2, max_examples=2, stateful_step_count=12,
                  seed=1, derandomize=True, save_counterexamples=None).ok
    # a man (white, going south) that only the house rule lets jump: back north over a black man
    position = ("grid: -.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-/-.-.-.-./.-b-.-.-/-.-w-.-./.-.-.-.- "
                "(b = black man, w = white man)\nturn 10 of player 2\n")
    offered = [[a.text for a in game.position(position).legal_actions()]
               for game in (house, rulespec.load("checkers"))]
    assert offered == [["7 4 jumps to 5 2"], ["7 4 to 8 5", "7 4 to 8 3"]]
    base, backward = simulate(comparison_plans(HOUSE / "checkers-backward-captures.rules"), games=6, players=2, seed=3)
    assert not base.errors and not backward.errors
    assert [side.played_count for side in (base, backward)] == [6, 6] and backward.fires["option jump_again.jump"]
    assert set(base.ends) | set(backward.ends) <= {"cannot_move", "forty_moves_without_capture"}


def test_backgammon_without_gammons_scores_every_game_one_point():
    house = rulespec.load("backgammon/backgammon-no-gammons")
    results = run_examples(house)
    assert len(results) == 7 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    for seed in range(3):
        played = rulespec.random_game(house, 2, seed=seed)
        assert played.outcome()["end"] == "borne_off" and sorted(played.returns()) == [-1, 1]


def test_oware_grand_slam_captures_everything():
    house, base = rulespec.load("oware/oware-grand-slam-captures"), rulespec.load("oware")
    results = run_examples(house)
    assert len(results) == 7 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert verify("oware/oware-grand-slam-captures", players=2, max_examples=2, stateful_step_count=12, seed=1,
                  derandomize=True, save_counterexamples=None).ok
    slam = "counter seeds: A 1, B 0, C 0, D 0, E 0, F 2, a 1, b 2, c 0, d 0, e 0, f 0\ncounter store: 20, 22\n"
    for game, taken in ((house, 5), (base, 0)):
        st = game.position(f"turn 9 of player 1\n{slam}")
        st.apply("player 1: sow F")
        assert json.loads(st.to_json())["counters"]["store"][0] == 20 + taken


def test_go_on_seven_by_seven_has_a_smaller_board_and_komi_five_and_a_half():
    house = rulespec.load("go/go-seven-by-seven")
    results = run_examples(house)
    # the base's seven examples and the house rule's three, its `capture` (on 7 x 7) in place of the base's
    assert len(results) == 9 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert verify("go/go-seven-by-seven", players=2, max_examples=2, stateful_step_count=12, seed=1,
                  derandomize=True, save_counterexamples=None).ok
    state = house.new_game(2)
    assert len(state.legal_actions()) == 50  # 49 points and the pass
    for seed in range(3):
        outcome = rulespec.random_game(house, 2, seed=seed).outcome()
        total, area = outcome["scores"]["total"], outcome["scores"]["area"]
        assert total == [area[0], area[1] + 5]
        assert outcome["winners"] == ([0] if total[0] > total[1] else [1])


def test_twelve_mens_morris_moves_along_diagonals_with_twelve_men():
    house = rulespec.load("nine-mens-morris/nine-mens-morris-twelve")
    results = run_examples(house)
    assert len(results) == 8 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert verify("nine-mens-morris/nine-mens-morris-twelve", players=2, max_examples=2, stateful_step_count=12,
                  seed=1, derandomize=True, save_counterexamples=None).ok
    # from a7 a man steps to b6 only on the twelve men's board; there each player places twelve men
    position = ("morris:\n  a7: white man\n  e4: white man\n  g4: white man\n  f2: white man\n  a1: black man\n"
                "  d1: black man\n  g1: black man\n  b2: black man\nremoved: the rest\nturn 30 of player 1\n")
    games = (house, rulespec.load("nine-mens-morris"))
    from_a7 = [sorted(a.text for a in game.position(position).legal_actions() if a.text.startswith("move a7"))
               for game in games]
    assert from_a7 == [["move a7 to a4", "move a7 to b6", "move a7 to d7"], ["move a7 to a4", "move a7 to d7"]]
    assert [game.new_game(2).observation(0)["zones"]["hand"]["size"] for game in games] == [24, 18]
    played = rulespec.random_game(house, 2, seed=4)
    assert played.is_terminal() and played.outcome()["end"] in {"two_men", "cannot_move", "two_hundred_turns"}
