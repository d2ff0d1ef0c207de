"""Numbers and definitions (#11): numeric options, numbered board rows, ranges, negative counters,
values worked out in texts, and `define` (checked once, cycles refused, generated as functions)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.docs.english import English
from rulespec.language.errors import RuleError
from rulespec.lib.limits import LIMIT
from rulespec.language.parser import parse_text
from rulespec.model import ir
from rulespec.model.checker import check
from rulespec.runtime.engine import SPAN_LIMIT, RuleRuntimeError, span
from rulespec.pipeline.examples import run_examples

ROOT = Path(__file__).resolve().parents[2]
NIM = ROOT / "tests" / "core" / "fixtures" / "nim.rules"
PIG = ROOT / "rulespec" / "docs" / "ref_games" / "pig.rules"
COLUMNS = ROOT / "rulespec" / "docs" / "ref_games" / "columns.rules"


@pytest.mark.parametrize("path", [NIM, PIG, COLUMNS], ids=lambda p: p.stem)
def test_the_games_pass_their_examples(path):
    results = run_examples(rulespec.load(path))
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]


@pytest.mark.parametrize("heap", ["7", "10", "15"])
def test_a_numeric_option_is_a_number_in_the_rules(heap):
    game = rulespec.load(NIM, options={"heap": heap})
    state = game.new_game(2)
    assert state._counters["stones"] == int(heap)
    assert [a.text for a in state.legal_actions()] == [
        f"take {n} of {heap}, leaving {int(heap) - n}" for n in (1, 2, 3)]
    with pytest.raises(ValueError, match="takes 7, 10, 15"):
        rulespec.load(NIM, options={"heap": "8"})


@pytest.mark.parametrize("seed", range(12))
def test_nim_games_follow_the_rules_of_nim(seed):
    """Every offer takes 1..min(most, stones); the player who takes the last stone wins; taking moves
    stones from one balance to another, so the balances add up to zero (one goes below zero)."""
    most = random.Random(seed).choice(["2", "3"])
    game = rulespec.load(NIM, options={"most": most, "heap": "15"})
    state, rng = game.new_game(players=2 + seed % 2), random.Random(seed)
    while not state.is_terminal():
        offered = sorted(int(a.text.split()[1]) for a in state.legal_actions())
        assert offered == list(range(1, min(int(most), state._counters["stones"]) + 1))
        mover = state.legal_actions()[0].player
        state.apply(rng.choice(state.legal_actions()))
    outcome = state.outcome()
    assert state._counters["stones"] == 0 and outcome["winners"] == [mover]
    assert sum(state._counters["balance"]) == 0
    assert not state._violations


def test_a_counter_goes_below_zero_in_play():
    game = rulespec.load(NIM)
    lowest = [min(rulespec.random_game(game, players=2, seed=seed)._counters["balance"]) for seed in range(10)]
    assert min(lowest) < 0


def test_a_counter_starts_below_zero_and_an_example_gives_one():
    model = rulespec.compile_rules(PIG)
    assert any(line.what == "counter" and line.number == -3 for e in model.examples for line in e.lines)
    text = NIM.read_text(encoding="utf-8").replace("counter stones starts at 0", "counter stones starts at -4")
    assert check(parse_text(text, "nim.rules")).counters[0].start == -4


def test_numbered_rows_are_numbers_and_a_disc_lands_on_the_lowest_empty_space():
    game = rulespec.load(COLUMNS)
    board = game.BOARDS[0]
    assert board.rows == ("1", "2", "3", "4") and game.BOARDS[0].label(4 * 2 + 1) == "3 2"  # labels read as written
    for seed in range(6):
        state, rng = game.new_game(2), random.Random(seed)
        while not state.is_terminal():
            heights = {}
            for cell, item in enumerate(state._boards[0]):
                row, col = divmod(cell, len(board.columns))
                if item >= 0:
                    heights[col] = max(heights.get(col, 0), row + 1)
            for action in state.legal_actions():
                column = int(action.text.rsplit(" ", 1)[1])
                assert heights.get(column - 1, 0) < 4
            columns = sorted({int(a.text.rsplit(" ", 1)[1]) for a in state.legal_actions()})
            assert columns == [c + 1 for c in range(4) if heights.get(c, 0) < 4]
            action = rng.choice(state.legal_actions())
            column = int(action.text.rsplit(" ", 1)[1])
            state.apply(action)
            landed = [cell for cell, item in enumerate(state._boards[0])
                      if item >= 0 and cell % 4 == column - 1]
            assert len(landed) == heights.get(column - 1, 0) + 1  # stacked, no gap
        assert state.outcome()["end"] == "full"


def test_row_of_a_numbered_space_is_a_number_to_compute_with():
    model = rulespec.compile_rules(COLUMNS)
    assert model.boards[0].row_values == (1, 2, 3, 4)
    below = next(d for d in model.definitions if d.name == "below")
    heights = [e for e in _walk(below.value) if isinstance(e, ir.SpaceAttr) and e.attr == "height"]
    assert heights and all(e.type == ir.INT for e in heights)


def _walk(e):
    from rulespec.model.cost import walk
    return list(walk(e))


def test_a_range_walks_numbers_and_a_range_past_the_limit_stops_with_a_clear_error():
    assert SPAN_LIMIT == LIMIT.span
    text = NIM.read_text(encoding="utf-8").replace("for n in 1..can_take", "for n in 1..can_take * 10000")
    game = rulespec.load(_write(text))
    with pytest.raises(RuleRuntimeError, match=r"the range 1\.\.30000 holds 30,000 numbers; a range in the "
                                               r"rules holds at most 10,000"):
        game.new_game(2)  # set-up runs to the first decision, which lists the choices
    assert list(span(3, 5)) == [3, 4, 5] and list(span(1, 0)) == [] and list(span(-2, -1)) == [-2, -1]


def _write(text: str) -> Path:
    import tempfile
    folder = Path(tempfile.mkdtemp())
    path = folder / "nim.rules"
    path.write_text(text, encoding="utf-8")
    return path


def test_definitions_are_generated_as_functions_citing_their_clauses():
    model = rulespec.compile_rules(NIM)
    assert [d.name for d in model.definitions] == ["can_take", "after", "last_move"]
    source = generate(model, "nim.rules")
    assert re.search(r"def define_after\(st, v_n\):\n    \"\"\"Definition `after`: `stones - n`\. "
                     r"\[NIM-3\] \(nim\.rules:\d+\)\"\"\"\n    return \(st\._counters\['stones'\] - v_n\)", source)
    assert "define_after(st, v_n)" in source and "define_can_take(st)" in source
    assert "int(st._options['most'])" in source  # a numeric option read as a number


def test_definitions_say_themselves_in_english():
    model = rulespec.compile_rules(NIM)
    en = English(model)
    after = next(d for d in model.definitions if d.name == "after")
    assert en.declaration(after) == ["*after* of number *n* is the stones count minus *n*.", ""]
    last = next(d for d in model.definitions if d.name == "last_move")
    assert "holds when" in en.declaration(last)[0]
    span = next(b.domain for s in model.steps for o in s.options for b in o.bindings)
    assert en.expr(span) == "the numbers from 1 to can take"


def _problems(text: str) -> list[str]:
    with pytest.raises(RuleError) as info:
        check(parse_text(text, "nim.rules"))
    return [f"{d.line}:{d.column} {d.message}" for d in info.value.diagnostics]


def test_a_definition_that_uses_itself_is_refused_at_the_definition_naming_the_cycle():
    text = NIM.read_text(encoding="utf-8").replace("  stones - n\n", "  stones - n + count(q in 1..2 where "
                                                                     "last_move(q))\n")
    line = text.splitlines().index("define after(n: number) [NIM-3]:") + 1
    assert _problems(text) == [f"{line}:8 definition `after` uses itself: after -> last_move -> after"]
    direct = NIM.read_text(encoding="utf-8").replace("  min(most, stones)", "  min(most, can_take)")
    line = direct.splitlines().index("define can_take [NIM-3]:") + 1
    assert _problems(direct) == [f"{line}:8 definition `can_take` uses itself: can_take -> can_take"]


def test_uses_of_a_definition_are_checked_for_arity_and_types():
    text = NIM.read_text(encoding="utf-8")
    assert _problems(text.replace("if last_move(n):", "if last_move(n, 2):"))[0].endswith(
        "`last_move` takes 1 value(s) (n), not 2")
    assert _problems(text.replace("if last_move(n):", "if last_move(player):"))[0].endswith(
        "`player` is a player, but a number is needed here")
    assert _problems(text.replace("if last_move(n):", "if can_take(n) = 1:"))[0].endswith(
        "`can_take` takes 0 value(s), not 1")
    assert _problems(text.replace("if last_move(n):", "if after(n):"))[0].endswith(
        "`after(n)` is a number, but a condition (true or false) is needed here")
    assert _problems(text.replace("define after(n: number)", "define after(n: number, n: number)"))[0].endswith(
        "parameter `n` appears twice")


def test_a_definition_sees_only_its_parameters():
    text = NIM.read_text(encoding="utf-8").replace("  stones - n\n", "  stones - n - player\n")
    assert any(p.endswith("unknown name `player`") for p in _problems(text))


def test_values_in_texts_are_checked_expressions():
    text = NIM.read_text(encoding="utf-8")
    template = "take {n} of {stones}, leaving {after(n)}"
    line = next(n for n, l in enumerate(text.splitlines(), start=1) if template in l)

    def problems(replacement: str) -> list[str]:
        return _problems(text.replace(template, replacement))

    assert problems("take {n} of {stones.real}") == [
        f'{line}:28 `{{stones.real}}` is not a name or a value in braces in "take {{n}} of {{stones.real}}"']
    assert problems("take {n:>9}") == [f'{line}:21 `{{n:>9}}` is not a name or a value in braces in "take {{n:>9}}"']
    assert problems("take {n} {stones > 1}") == [
        f'{line}:25 `{{stones > 1}}` is not a name or a value in braces in "take {{n}} {{stones > 1}}"']
    assert problems("take {n} of {players}") == [
        f"{line}:29 `players` is the players; a text can show a number, a word, a player, a component or a space"]
    assert problems("take {n} {of n}") == [f'{line}:29 `of n` is not a value the rules can work out in "take {{n}} {{of n}}"']
    assert problems("take {n} {tsones}") == [f'{line}:3 `{{tsones}}` in "take {{n}} {{tsones}}" is not a name known here']


def test_a_match_plays_its_legs_with_numeric_options(tmp_path):
    (tmp_path / NIM.name).write_bytes(NIM.read_bytes())  # an extends reads only below its own folder
    path = tmp_path / "nim-match.rules"
    path.write_text(f'extends "{NIM.name}"\n\ngame "Nim match" [NIM-1]\n  id "nim-match"\n'
                    '  players 2 to 3 [NIM-1]\n  at most 200 turns [NIM-1]\n\n'
                    'match both "A small heap, then a big one" [NIM-6]:\n  leg with option heap is 7\n'
                    '  leg with option heap is 15\n  totals add up kept\n', encoding="utf-8")
    game = rulespec.load(path)
    state = game.new_game(2)
    assert state._counters["stones"] == 7
    final = rulespec.random_game(game, players=2, seed=1)
    assert [leg["options"]["heap"] for leg in final.outcome()["legs"]] == ["7"] and final._options["heap"] == "15"
    bad = path.read_text(encoding="utf-8").replace("heap is 15", "heap is 16")
    with pytest.raises(RuleError, match="`16` is not a value of option `heap`"):
        check(parse_text(bad, str(path)), base=parse_text(NIM.read_text(encoding="utf-8"), str(NIM)))


def test_a_fit_or_a_face_may_use_a_definition_that_reads_only_what_is_fixed():
    text = COLUMNS.read_text(encoding="utf-8")
    fixed = text.replace("fit disc on grid [COL-3]", "fit disc on grid where low_enough(space) [COL-3]").replace(
        "define mine(d: item, p: seat) [COL-2]:", "define low_enough(s: grid) [COL-3]:\n  height of s <= 3 + 1\n\n"
                                                   "define mine(d: item, p: seat) [COL-2]:")
    assert check(parse_text(fixed, "columns.rules")).fits[0].condition.name == "low_enough"
    reads_the_box = fixed.replace("  height of s <= 3 + 1\n", "  height of s <= size of box\n")
    with pytest.raises(RuleError, match=r"the condition of `fit disc on grid` cannot use `size of box`: it is "
                                        r"worked out once"):
        check(parse_text(reads_the_box, "columns.rules"))


def test_an_outcome_text_shows_a_value_worked_out_from_the_game(tmp_path):
    text = PIG.read_text(encoding="utf-8").replace('outcome "roll {n}" for n picked from 1..6',
                                                   'outcome "roll {n} for {at_stake + n}" for n picked from 1..6')
    text = text.replace('"chance: roll 5"', '"chance: roll 5 for 5"').replace('"chance: roll 1"', '"chance: roll 1 for 5"')
    text = text.replace('"chance: roll 2"', '"chance: roll 2 for 2"')
    text = text.replace('likely "roll {n}"', 'likely "roll {n} for {total}"').replace('reads "roll {n}"', 'reads "roll {n} for {total}"')
    text = text.replace('"chance: roll 4"', '"chance: roll 4 for 4"').replace('outcome "roll {n}":', 'outcome "roll {n} for {total}":')
    path = tmp_path / "pig.rules"
    path.write_text(text, encoding="utf-8")
    game = rulespec.load(path)
    assert all(r.passed for r in run_examples(game)), [r.message for r in run_examples(game) if not r.passed]
    state = game.new_game(2)
    state.apply("player 1: roll")
    assert [a.text for a, _ in state.chance_outcomes()] == [f"roll {n} for {n}" for n in range(1, 7)]
    state.apply("chance: roll 4 for 4")
    state.apply("player 1: roll")
    assert [a.text for a, _ in state.chance_outcomes()][-1] == "roll 6 for 10"


@pytest.mark.parametrize("reverse", [False, True], ids=["in_order", "innermost_first"])
def test_definitions_inside_one_another_are_bounded_whatever_their_order(reverse):
    """The bound is the longest chain of uses, not the order in which the checker meets them."""
    def text_with(chain: int) -> str:
        defs = [f"define d{i}(x: number) [NIM-3]:\n  d{i + 1}(x) + 1\n\n" for i in range(chain)]
        defs.append(f"define d{chain}(x: number) [NIM-3]:\n  x\n\n")
        if reverse:
            defs.reverse()
        text = NIM.read_text(encoding="utf-8").replace("  min(most, stones)", f"  min(most, d0(stones) - {chain})")
        return text.replace("setup [NIM-2]:", "".join(defs) + "setup [NIM-2]:")

    deepest = LIMIT.definition_depth - 2  # can_take -> d0 -> ... -> d<deepest>: exactly the limit
    assert len(check(parse_text(text_with(deepest), "nim.rules")).definitions) == deepest + 4
    problems = _problems(text_with(300))
    line = text_with(300).splitlines().index("define can_take [NIM-3]:") + 1
    assert problems == [f"{line}:8 at most {LIMIT.definition_depth} definitions used inside one another (`define`): "
                        f"this file asks for 302 (`can_take -> d0 -> d1 -> d2 -> d3 -> ... -> d300`)"]
