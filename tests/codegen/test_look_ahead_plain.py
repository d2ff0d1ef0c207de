"""A plain look-ahead keeps only what its statements can write (model/look_ahead_writes.py, runtime/imagining.py
_imagine_plain): chess, Go, backgammon and Cornered play the same games as engines generated with the full
save, an option that can set the next seat keeps the full save, and what is plain is decided from the model.
(tests/core/test_look_ahead_undone.py checks every look-ahead, plain or full, leaves the state as it was.)"""

import random
from pathlib import Path

import pytest

from rulespec.codegen import options, python as codegen
from rulespec.model.look_ahead_writes import plain_writes
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
CORNERED = ROOT / "rulespec" / "docs" / "ref_games" / "cornered.rules"


def full_save(self, option, seat, step, lean=False):
    """Options.imagining without the lever: every look-ahead keeps the whole state."""
    return f"st._imagine({seat}, {step.name!r})", "st._unimagine"


@pytest.mark.parametrize("path, games, players", [
    (ROOT / "rulebooks" / "chess.rules", 2, 2),
    (ROOT / "rulebooks" / "go.rules", 2, 2),
    (ROOT / "rulebooks" / "backgammon.rules", 2, 2),
    (CORNERED, 4, 2),
])
def test_the_same_games_as_with_the_full_save(monkeypatch, path, games, players):
    model = compile_rules(path)
    plain_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(options.Options, "imagining", full_save)
        full_source = codegen.generate(model, path.name)
    assert "st._imagine_plain(" in plain_source and "st._imagine(" not in plain_source
    assert "st._imagine_plain(" not in full_source and "st._imagine(" in full_source
    plain = load_module_from_source(plain_source, f"plain_{path.stem}").GAME(None)
    full = load_module_from_source(full_source, f"full_{path.stem}").GAME(None)
    plain.model = full.model = model
    for seed in range(games):
        play_in_lock_step(plain.new_game(players), full.new_game(players), players, random.Random(seed),
                          also=[lambda st: (st.fired, st._counters, st._last_cause, st._violations)])


def test_the_counters_copied_are_those_the_option_and_its_triggers_can_set(monkeypatch, tmp_path):
    chess = compile_rules(ROOT / "rulebooks" / "chess.rules")
    slide = next(o for step in chess.steps if step.name == "turn" for o in step.options if o.name == "slide")
    assert plain_writes(slide, chess) == ()  # (castling_rights sets kingside and queenside: passed over ahead)
    go = compile_rules(ROOT / "rulebooks" / "go.rules")
    assert {plain_writes(o, go) for step in go.steps for o in step.options
            if any(type(c).__name__ == "AfterIt" for c in o.conditions)} == {()}
    text = CORNERED.read_text()
    text = text.replace("zone taken: shared", "counter moves per player starts at 0 [COR-1]\ncounter plies starts at "
                        "0 [COR-1]\nzone taken: shared", 1)
    text = text.replace("  place occupant of s on t\n", "  place occupant of s on t\n  set moves of player 1 to "
                        "moves of player 1 + 1\n  set plies to plies + 1\n", 1)
    path = tmp_path / "cornered_counted.rules"
    path.write_text(text)
    model = compile_rules(path)
    turn = next(step for step in model.steps if step.name == "turn")
    assert {plain_writes(o, model) for o in turn.options} == {("moves",)}  # (plies, a number: the dict's copy)
    source = codegen.generate(model, path.name)
    assert "st._imagine_plain(v_player, 'turn', ('moves',))" in source
    with monkeypatch.context() as patch:
        patch.setattr(options.Options, "imagining", full_save)
        full_source = codegen.generate(model, path.name)
    plain = load_module_from_source(source, "plain_counted").GAME(None)
    full = load_module_from_source(full_source, "full_counted").GAME(None)
    for seed in range(3):
        play_in_lock_step(plain.new_game(2), full.new_game(2), 2, random.Random(seed),
                          also=[lambda st: (st._counters, st.fired)])


def _cornered_with(tmp_path, old: str, new: str) -> Path:
    text = CORNERED.read_text()
    assert old in text
    path = tmp_path / "cornered_variant.rules"
    path.write_text(text.replace(old, new, 1))
    return path


def test_an_option_that_can_set_the_next_seat_keeps_the_full_save(tmp_path):
    path = _cornered_with(tmp_path, "    then arrive(s, t)\n  option rook",
                          "    then arrive(s, t)\n    next turn goes to left of player\n  option rook")
    model = compile_rules(path)
    turn = next(step for step in model.steps if step.name == "turn")
    king, rook = (next(o for o in turn.options if o.name == name) for name in ("king", "rook"))
    assert plain_writes(king, model) is None and plain_writes(rook, model) == ()
    source = codegen.generate(model, path.name)
    after_king = source[source.index("def after_turn__king"):source.index("def options_turn__rook")]
    after_rook = source[source.index("def after_turn__rook"):]
    assert "st._imagine(" in after_king and "st._unimagine(kept)" in after_king
    assert "st._imagine_plain(" in after_rook.split("\n\n\n")[0]


def test_a_step_set_going_that_is_not_plain_keeps_the_full_save(tmp_path):
    """What `arrive` (run by both options' `then`) can do decides for both."""
    text = CORNERED.read_text()
    start = text.index("step arrive")
    body_end = text.index("\n\n", start)
    path = tmp_path / "cornered_arrive.rules"
    path.write_text(text[:body_end] + "\n  next turn goes to player 1" + text[body_end:])
    model = compile_rules(path)
    turn = next(step for step in model.steps if step.name == "turn")
    assert all(plain_writes(o, model) is None for o in turn.options)
    assert "st._imagine_plain(" not in codegen.generate(model, path.name)
