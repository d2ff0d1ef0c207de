"""A question an earlier option's rows answered (codegen/listed_answers.py): Othello's pass, `only if not
can_place_somewhere(player)` (the newcomer's `not can_place(player)`), asks whether some square passes the very
condition `place` lists its squares by; the listing reads it from the rows `place` added (`listed_0`), not by
testing the squares again. Both Othellos play the same games, passes included, as the engines generated without
it; an option whose conditions or domain differ from the question's answers nothing."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import listed_answers, python as codegen
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
GALLERY_OTHELLO = ROOT / "rulebooks" / "othello.rules"
NEWCOMER_OTHELLO = ROOT / "tests" / "newcomer" / "games" / "othello.rules"


def listing_of(source: str, step: str = "turn") -> str:
    return source.split(f"def choices_{step}(", 1)[1].split("\ndef ", 1)[0]


def sources(monkeypatch, path: Path) -> tuple[str, str, object]:
    model = compile_rules(path)
    fast = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(listed_answers.ListedAnswers, "listed_answer", lambda self, e: None)
        slow = codegen.generate(model, path.name)
    return fast, slow, model


@pytest.mark.parametrize("path", [GALLERY_OTHELLO, NEWCOMER_OTHELLO])
def test_a_pass_read_from_the_rows_plays_the_same_games(monkeypatch, path):
    fast_source, slow_source, model = sources(monkeypatch, path)
    listing = listing_of(fast_source)
    assert "    rows_before_0 = len(rows)\n    for v_s in st._t.cells_in_use[0]:\n" in listing
    assert "    listed_0 = len(rows) > rows_before_0  # whether it listed a row" in listing
    assert "    if ((not listed_0)):  # not can_place" in listing and "define_can_place" in listing_of(slow_source)
    tag = path.parent.name
    fast = load_module_from_source(fast_source, f"listed_{tag}").GAME(None)
    slow = load_module_from_source(slow_source, f"asked_{tag}").GAME(None)
    fast.model = slow.model = model
    passes = 0
    for seed in range(12):
        game = fast.new_game(2)
        play_in_lock_step(game, slow.new_game(2), 2, random.Random(seed))
        passes += sum(1 for action in game.history if action.endswith(": pass"))
    assert passes > 0  # (the question answered both ways)


@pytest.mark.parametrize("place, pass_", [
    # place tests one more thing: no row of it does not say that no square can be placed on
    ("only if flanks(s, player)", "only if flanks(s, player)\n    only if row of s > 1"),
    # pass asks about the other player
    ("only if not can_place(player)", "only if not can_place(left of player)"),
])
def test_only_the_same_question_is_answered_by_the_rows(tmp_path, place, pass_):
    text = NEWCOMER_OTHELLO.read_text(encoding="utf-8")
    assert place in text
    path = tmp_path / "othello.rules"
    path.write_text(text.replace(place, pass_, 1), encoding="utf-8")
    listing = listing_of(codegen.generate(compile_rules(path), path.name))
    assert "listed_0" not in listing and "define_can_place(st, " in listing


STRIP_HOPS = """game "Strip hops" [SH-1]
  id "strip-hops"
  players 2 to 2 [SH-1]
  at most 30 turns [SH-1]

each player has a colour: red, blue [SH-1]
each player has a forward: east, west [SH-1]
component marble: colour (red, blue) x 2 [SH-1]
zone box: shared, public, holds every component in play [SH-1]

board grid: rows row 1..2, columns col 1..5, adjacency orthogonal [SH-1]:
  face plain [SH-1]:
    1 . . . . .
    2 . . . . .

fit marble on grid [SH-1]

define mine(s: grid, p: seat) [SH-1]:
  s holds colour of p

define can_step(s: grid, d: direction) [SH-1]:
  neighbour of s towards d is empty

define can_hop(s: grid, d: direction) [SH-1]:
  neighbour of s towards d is occupied and neighbour of (neighbour of s towards d) towards d is empty

setup [SH-1]:
  for each s in grid:
    if col of s = 1:
      place any(m in box where colour of m = red) on s
    if col of s = 5:
      place any(m in box where colour of m = blue) on s

turns go clockwise from player 1, each turn runs turn [SH-1]

choice turn(player: seat) by player [SH-1]:
  option step "step {s} {d}" [SH-1]:
    for s in grid, d in directions of grid
    only if mine(s, player)
    only if d = forward of player
    only if can_step(s, d)
    place occupant of s on neighbour of s towards d
  option hop "hop {s} {d}" [SH-1]:
    for s in grid, d in directions of grid
    only if mine(s, player)
    only if d = forward of player
    only if can_hop(s, d)
    place occupant of s on neighbour of (neighbour of s towards d) towards d
  option pass "pass" [SH-1]:
    only if there is no s in grid where mine(s, player) and (there is d in directions of grid where d = forward of player and (can_step(s, d) or can_hop(s, d)))

end long [SH-1]:
  checked after every turn
  when the turn number >= 20
  the game is a draw
"""


@pytest.mark.parametrize("name", ["strip-hops", "chinese-checkers"])
def test_a_pass_written_out_is_read_from_the_rows_of_a_shared_walk(monkeypatch, tmp_path, name):
    """`only if there is no s in grid where mine(s, player) and (there is d in directions of grid where ... and
    (can_step(s, d) or can_hop(s, d)))`, written in the option (not a definition): each way it holds is the
    conditions of `step` or `hop`, which walk s and d once together (shared_walks.py), so it is whether their
    walk listed a row (`listed_0_1`). Strip hops' marbles reach the far end and pass; Chinese checkers plays its
    thousand turns. The same games as the engines generated without it."""
    if name == "strip-hops":
        path = tmp_path / "strip-hops.rules"
        path.write_text(STRIP_HOPS, encoding="utf-8")
        games = 20
    else:
        path, games = ROOT / "tests" / "newcomer" / "games" / "chinese-checkers.rules", 1
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(listed_answers.ListedAnswers, "listed_answer_inline", lambda self, e: None)
        slow_source = codegen.generate(model, path.name)
    listing = listing_of(fast_source)
    assert "    listed_0_1 = len(rows) > rows_before_0_1  # whether it listed a row" in listing
    assert "    if ((not listed_0_1)):  # there is no s in grid" in listing and "listed_" not in listing_of(slow_source)
    tag = name.replace("-", "_")
    fast = load_module_from_source(fast_source, f"listed_inline_{tag}").GAME(None)
    slow = load_module_from_source(slow_source, f"asked_inline_{tag}").GAME(None)
    fast.model = slow.model = model
    passes = 0
    for seed in range(games):
        game = fast.new_game(2)
        play_in_lock_step(game, slow.new_game(2), 2, random.Random(seed))
        passes += sum(1 for action in game.history if action.endswith(": pass"))
    assert passes > 0 or name == "chinese-checkers"  # (the question answered both ways where passes come)
