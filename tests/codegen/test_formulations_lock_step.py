"""Equivalent formulations generate equivalent code (issue #40), and it plays the same games as the code
generated without it:

- a walk of a board whose condition says the space is a neighbour of another in one of some directions
  (`count(d in forward of player where t = neighbour of s towards d) > 0`) or a neighbour of a neighbour
  (`u = neighbour of neighbour of s towards d towards d`) visits only those spaces (codegen/narrowing.py);
- a definition given a plain argument other than a name (`can_move(s, neighbour of s towards d, player)`,
  `left of p`) is written out where it is used and split into its conjuncts, as a name argument was
  (CodeGenerator.plain_argument).

Each engine below is also generated with none of these (no narrowed walk, no conjuncts split, a definition
written out only for names and constants), and the two are played in lock step on seeded random games."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen
from rulespec.codegen.expressions import Expressions
from rulespec.codegen.narrowing import Narrowing
from rulespec.model import ir
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

FORMULATIONS = Path(__file__).parents[2] / "benchmarks" / "formulations"
JUMPS = Path(__file__).parent / "formulations-jumps.rules"
REF_GAMES = Path(__file__).parents[2] / "rulespec" / "docs" / "ref_games"


def _names_only(self, a) -> bool:
    """plain_argument as it was before: a name, a constant or a seat in every game."""
    return isinstance(a, (ir.Var, ir.Const)) or (isinstance(a, ir.SeatConst) and a.index < self.m.min_players)


def _sources(path: Path, monkeypatch) -> tuple[str, str]:
    model = compile_rules(path)
    fast = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(Narrowing, "narrowed_domain", lambda self, *args, **kwargs: None)
        patch.setattr(Narrowing, "conjuncts", lambda self, c, depth=0: [c])
        patch.setattr(Expressions, "plain_argument", _names_only)
        slow = codegen.generate(model, path.name)
    return fast, slow


def _engines(path: Path, monkeypatch):
    fast_source, slow_source = _sources(path, monkeypatch)
    assert fast_source != slow_source
    name = path.stem.replace("-", "_")
    model = compile_rules(path)
    fast = load_module_from_source(fast_source, f"formulated_{name}").GAME(None)
    slow = load_module_from_source(slow_source, f"plain_{name}").GAME(None)
    fast.model = slow.model = model
    return fast, slow


def _listing(source: str) -> str:
    return source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]


# The benchmark's files whose code these change, and every other rule file of the project whose code they
# change (found by generating each with and without them).
@pytest.mark.parametrize("path", [FORMULATIONS / "pairs-inline.rules", FORMULATIONS / "pairs-define.rules",
                                  FORMULATIONS / "piece-define-landing.rules", JUMPS, REF_GAMES / "raid.rules",
                                  REF_GAMES / "flips.rules", Path(__file__).parent / "off-board.rules",
                                  Path(__file__).parents[2] / "rulebooks" / "checkers.rules"])
def test_the_formulation_plays_the_same_games(path, monkeypatch):
    fast, slow = _engines(path, monkeypatch)
    for seed in range(8):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_a_neighbour_in_some_direction_is_looked_up(monkeypatch):
    """`for s in grid, t in grid only if ... count(d in forward of player where t = neighbour of s towards d) > 0`
    visits the neighbours of s towards the player's forward directions, not the 64 spaces."""
    fast, slow = _sources(FORMULATIONS / "pairs-inline.rules", monkeypatch)
    # (each seat's directions written out in board order, the seat's own chosen: steps_in_order.py)
    assert "for v_t in ((st._t.toward[0][5][v_s], st._t.toward[0][4][v_s], st._t.toward[0][3][v_s], ) if " \
           "(v_player == 0) else (st._t.toward[0][7][v_s], st._t.toward[0][0][v_s], st._t.toward[0][1][v_s], ) if " \
           "(v_player == 1) else ())" in _listing(fast)
    assert "for v_t in st._t.cells_in_use[0]" in _listing(slow)


def test_a_neighbours_neighbour_is_looked_up(monkeypatch):
    """A jump's landing, `u = neighbour of neighbour of s towards d towards d`, is looked up none-safe."""
    fast, _ = _sources(JUMPS, monkeypatch)
    assert "for v_u in spaces_among(st._t.in_use[0], (st._neighbour(0, st._t.toward[0][v_d][v_s], v_d), ))" \
        in _listing(fast)


def test_a_definition_given_a_neighbour_is_written_out(monkeypatch):
    """`can_move(s, neighbour of s towards d, player)`: its `s holds colour of p` is tested once a space,
    before the directions, and no call is left, as in the file that writes the condition inline."""
    fast, slow = _sources(FORMULATIONS / "piece-define-landing.rules", monkeypatch)
    listing = _listing(fast)
    assert "define_can_move(" not in listing
    assert listing.index("# s holds colour of p") < listing.index("for v_d in")
    assert "define_can_move(st, v_s, towards_0[v_d][v_s], v_player)" in _listing(slow)  # (direction_tables)
