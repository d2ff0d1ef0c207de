"""A count or call in a listing that reads one name bound inside another walk is kept by that name's value (#40):
`on(player, m) > 0` under `for n in 1..25, m in 1..25` is worked out once for each m the listing meets, not for
each n and m (codegen/counts.py kept_by_value), in a dict shared by the options of one listing that write the
same call. Backgammon plays the same games as the engine generated without it, each option's listing compared."""

import random
import re
from pathlib import Path

from rulespec.codegen import counts, python as codegen
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]


def function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_backgammon_plays_the_same_games(monkeypatch):
    path = ROOT / "rulebooks" / "backgammon.rules"
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(counts.Counts, "kept_by_value", lambda self, names, code: code)
        slow_source = codegen.generate(model, path.name)
    kept = "(_m0[v_m] if v_m in _m0 else _m0.setdefault(v_m, define_on(st, v_player, v_m)))"
    listing = function(fast_source, "choices_both_numbers")
    assert listing.count("_m0 = {}") == 1 and listing.count(kept) == 2  # (one dict for both options)
    assert "_m0" not in slow_source
    # n is walked outermost: its calls are met once for each value already
    assert "define_legal(st, v_player, v_n, max(" in listing and "_m1" not in listing
    assert "_m0" not in function(fast_source, "choices_one_number")  # (one walk)
    fast = load_module_from_source(fast_source, "by_value_backgammon").GAME(None)
    slow = load_module_from_source(slow_source, "each_backgammon").GAME(None)
    fast.model = slow.model = model

    def listings(st):
        return [info.enumerate(st, seat) for info in type(st._engine).STEPS["both_numbers"].options for seat in (0, 1)]

    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed), also=[listings])


def test_a_call_reading_an_outer_name_is_kept_by_its_value(monkeypatch):
    """Nim's `only if n <= size_of_pile(r)` under `for r in 1..4, n in 1..7`: size_of_pile(r) reads r alone, bound
    outside the walk over n whose condition calls it, so it is worked out once for each r, not for each (r, n)
    (codegen/counts.py met_again: ``outer``). The turn's listing and the option's own listing keep it and change in
    nothing else; seeded games play alike with the engine generated without it."""
    path = ROOT / "tests" / "newcomer" / "games" / "nim.rules"
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(counts.Counts, "met_again", lambda self, var: var in self.repeated)
        slow_source = codegen.generate(model, path.name)
    # size_of_pile(r) as the listing writes it without the lever: the definition called, or its count of a few
    # items written out in place (codegen/passing_items.py: `count_in_zone(..., ITEMS_PASSING_0[v_r], ...)`)
    call = re.search(r"if not \(\(v_n <= (.+)\)\):  # n <= size_of_pile\(r\)",
                     function(slow_source, "choices_turn")).group(1)
    assert call == "define_size_of_pile(st, v_r)" or (call.startswith("count_in_zone(") and "[v_r]" in call)
    kept = f"(_m0[v_r] if v_r in _m0 else _m0.setdefault(v_r, {call}))"
    for name in ("choices_turn", "options_turn__take"):
        listing = function(fast_source, name)
        assert listing.count("_m0 = {}") == 1 and listing.count(kept) == 1, name
        assert "_m0" not in function(slow_source, name)
        assert listing.replace(kept, call).replace(
            "    _m0 = {}  # a count or call by the value of the one chosen name it reads, once each\n", "") == \
            function(slow_source, name)
    # the option's refusal test checks one candidate: nothing kept there
    assert function(fast_source, "first_failing_turn__take") == function(slow_source, "first_failing_turn__take")
    fast = load_module_from_source(fast_source, "outer_kept_nim").GAME(None)
    slow = load_module_from_source(slow_source, "outer_each_nim").GAME(None)
    fast.model = slow.model = model

    def listings(st):
        return [info.enumerate(st, seat) for info in type(st._engine).STEPS["turn"].options for seat in (0, 1)]

    for seed in range(40):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed), also=[listings])
