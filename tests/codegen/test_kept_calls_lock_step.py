"""A definition called in an option's condition with none of the option's chosen names (`not playable(player,
max(die_a, die_b))` inside `for n in 1..25, d in 1..6`) is the same for every candidate: the generator works
it out when first needed and keeps it in a local for the rest of the listing, as it does a count (issue #40),
and the work estimate charges it once (model/cost.py: split), so the formulation an author picks (the count
written inline, or the definition that says it) decides neither the speed nor whether the file is refused.

Each engine is played in lock step with the engine generated without keeping calls (each call made per
candidate, as before) over seeded random games."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen
from rulespec.codegen.expressions import Expressions
from rulespec.lib.limits import describe
from rulespec.model.cost import Cost
from rulespec.pipeline import check_rules, compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
FORMULATIONS = ROOT / "benchmarks" / "formulations"
BACKGAMMON = ROOT / "tests" / "codegen" / "backgammon-one-checker.rules"  # (one checker a decision)
INLINE = "(d = max(die_a, die_b) or count(k in 1..25 where legal(player, k, max(die_a, die_b))) = 0)"
CALLED = "(d = max(die_a, die_b) or not playable(player, max(die_a, die_b)))"


def _backgammon_calling_playable(tmp_path) -> Path:
    """Backgammon with the larger-number rule said as the definition it reads as (as the one-checker file says it)."""
    assert CALLED in BACKGAMMON.read_text(encoding="utf-8")
    return BACKGAMMON


def _backgammon_counting_inline(tmp_path) -> Path:
    """Backgammon with the larger-number rule's count written out where it is used."""
    text = BACKGAMMON.read_text(encoding="utf-8")
    path = tmp_path / "backgammon-inline.rules"
    path.write_text(text.replace(CALLED, INLINE), encoding="utf-8")
    return path


def _sources(path: Path, monkeypatch) -> tuple[str, str]:
    model = compile_rules(path)
    kept = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(Expressions, "kept_call", lambda self, e, code: code)
        called = codegen.generate(model, path.name)
    return kept, called


def _engines(path: Path, monkeypatch):
    kept_source, called_source = _sources(path, monkeypatch)
    assert kept_source != called_source
    name = path.stem.replace("-", "_")
    model = compile_rules(path)
    kept = load_module_from_source(kept_source, f"kept_{name}").GAME(None)
    called = load_module_from_source(called_source, f"called_{name}").GAME(None)
    kept.model = called.model = model
    return kept, called


def _listing_work(model, option: str) -> int:
    return next(e.work for e in Cost(model).estimates() if e.what == f"the listing of option `{option}`")


@pytest.mark.parametrize("name", ["invariant-define", "nine-mens-morris", "oware"])
def test_a_kept_call_plays_the_same_games(name, monkeypatch):
    path = FORMULATIONS / f"{name}.rules" if (FORMULATIONS / f"{name}.rules").exists() \
        else ROOT / "rulebooks" / f"{name}.rules"
    kept, called = _engines(path, monkeypatch)
    for seed in range(6):
        play_in_lock_step(kept.new_game(2), called.new_game(2), 2, random.Random(seed))


def test_backgammon_calling_playable_plays_the_same_games(tmp_path, monkeypatch):
    kept, called = _engines(_backgammon_calling_playable(tmp_path), monkeypatch)
    for seed in range(4):
        play_in_lock_step(kept.new_game(2), called.new_game(2), 2, random.Random(seed))


def test_the_call_is_worked_out_once_a_listing_when_needed(tmp_path, monkeypatch):
    kept, called = _sources(_backgammon_calling_playable(tmp_path), monkeypatch)
    listing = kept.split("def options_lone_move__move", 1)[1].split("\ndef ", 1)[0]
    # (`bears_off(p, n, d)` written out for its `all_home(p)`, kept as _n1: written_out_for_once.py written_out_nested)
    assert "_n0 = _n1 = _n2 = None  # counts and calls that are the same for every candidate, once needed" in listing
    assert "(_n2 if _n2 is not None else (_n2 := define_playable(st, v_player, " in listing
    assert "or (not define_playable(st, v_player, " in called.split("def options_lone_move__move", 1)[1]


def test_the_call_is_charged_once_a_listing(tmp_path):
    """The definition's count is charged once, as the inline count is (it was 11.4M evaluations charged per
    candidate, over the bundled files' work figure)."""
    called = _listing_work(check_rules(_backgammon_calling_playable(tmp_path)).model, "lone_move.move")
    inline = _listing_work(check_rules(_backgammon_counting_inline(tmp_path)).model, "lone_move.move")
    assert called <= describe("work").bundled
    assert abs(called - inline) <= inline // 10


def test_a_call_reading_a_chosen_name_is_still_made_per_candidate(monkeypatch):
    """`on(p, n)` (of `legal(player, n, d)`, written out) reads the chosen n: made for each n; `on(p, 25)` is
    kept."""
    kept, _ = _sources(BACKGAMMON, monkeypatch)
    listing = kept.split("def options_lone_move__move", 1)[1].split("\ndef ", 1)[0]
    assert "if not ((define_on(st, v_player, v_n) > 0)):" in listing
    assert "(_n0 if _n0 is not None else (_n0 := define_on(st, v_player, 25)))" in listing
