"""A look-ahead passes over a trigger that only sets counters nothing read during a look-ahead reads
(rulespec/model/unread_ahead.py; TriggerInfo.unread_ahead): chess's `castling_rights` on every candidate move's
`not in_check(player) after it`. The engine plays the same games as the one generated without it, and a
trigger whose counters a look-ahead may read, or that does more than set counters, still runs."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import engine_class, python as codegen
from rulespec.model.unread_ahead import triggers_unread_ahead
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

CHESS = Path(rulespec.pipeline.resolve_path("chess"))
PLAIN = "    only if not in_check(player) after it\n    then land(s, t)\n  option leap"


def test_chess_passes_over_its_castling_rights_in_a_look_ahead_and_plays_the_same_games(monkeypatch):
    model = compile_rules(CHESS)
    assert triggers_unread_ahead(model) == {"castling_rights"}
    fast_source = codegen.generate(model, CHESS.name)
    with monkeypatch.context() as patch:
        patch.setattr(engine_class, "triggers_unread_ahead", lambda model: frozenset())
        slow_source = codegen.generate(model, CHESS.name)
    assert "trigger_castling_rights, ('CH-7',), unread_ahead=True)" in fast_source
    assert "unread_ahead" not in slow_source
    fast = load_module_from_source(fast_source, "chess_unread_ahead").GAME(None)
    slow = load_module_from_source(slow_source, "chess_every_trigger").GAME(None)
    fast.model = slow.model = model
    for seed in range(2):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=(lambda st: (list(st._counters["kingside"]), list(st._counters["queenside"])),))


def test_a_look_ahead_still_runs_the_trigger_when_it_is_passed_over_nowhere_else():
    """Out of a look-ahead the trigger runs: a king that moves loses its castling rights."""
    game = rulespec.load("chess")
    state = game.new_game(2)
    for move in ("player 1: pawn 2 5 to 4 5", "player 2: pawn 7 5 to 5 5", "player 1: king 1 5 to 2 5"):
        state.apply(move)
    assert state._counters["kingside"] == [0, 1] and state._counters["queenside"] == [0, 1]


def _chess_with(tmp_path, old: str, new: str):
    text = CHESS.read_text()
    assert old in text
    path = tmp_path / "chess.rules"
    path.write_text(text.replace(old, new, 1))
    return compile_rules(path)


@pytest.mark.parametrize("old, new", [
    # a look-ahead's condition reads a counter the trigger sets
    (PLAIN, PLAIN.replace("not in_check(player) after it", "not in_check(player) and kingside of player >= 0 after it")),
    # an automatic step a look-ahead runs through reads it
    ("  else:\n    add 1 to quiet_moves\n", "  else:\n    add kingside of player 1 to quiet_moves\n"),
    # an end checked after every step (asked before a `then` runs at once) reads it
    ("end fifty_moves [CH-15] ruling CH-AMB-1, CH-AMB-5:\n  checked at turn start\n  when quiet_moves >= 100",
     "end fifty_moves [CH-15] ruling CH-AMB-1, CH-AMB-5:\n  checked after every step\n  when quiet_moves >= 100 + queenside of player 1"),
    # the trigger does more than set counters
    ("    if not at_home(p, 1, rook):\n      set queenside of p to 0",
     "    if not at_home(p, 1, rook):\n      set queenside of p to 0\n      then crown(square(1, 1), queen)"),
])
def test_a_trigger_whose_work_a_look_ahead_may_read_runs(tmp_path, old, new):
    model = _chess_with(tmp_path, old, new)
    assert triggers_unread_ahead(model) == frozenset()
    assert "unread_ahead" not in codegen.generate(model, "chess.rules")
