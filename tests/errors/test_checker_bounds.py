"""Static bounds the checker puts on a model (issue #10, second red team): blocks inside one another,
scores that need themselves, names that hide other names, and the estimated work of a condition, a
listing or a step (rulespec/model/cost.py).

The files are made here from the corpus's small game; each one at a limit must compile, import and
play, and each one over it must be a RuleError at the construct that goes over.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.lib.limits import LIMIT, describe
from rulespec.language.parser import parse_text
from rulespec.model.checker import check
from rulespec.model.cost import estimates
from rulespec.pipeline import compile_rules, load

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
GAME = (HERE / "broken_semantic" / "no_such_player.rules").read_text(encoding="utf-8").split("\n", 1)[1] \
    .replace("from player 4", "from player 1")
BUNDLED = sorted(ROOT.glob("rulebooks/*.rules")) + sorted(ROOT.glob("tests/core/fixtures/*.rules")) + \
    sorted(ROOT.glob("rulespec/docs/ref_games/*.rules")) + sorted(ROOT.glob("house-rules/*.rules"))
BLOCKS = ("if heap is not empty:", "repeat 1 times:", "for each q{i} in players:")


def nested_blocks(depth: int) -> str:
    """The chance step's body with ``depth`` blocks inside one another (if, repeat, for each in turn)."""
    lines = ["  " + "  " * i + BLOCKS[i % 3].format(i=i) for i in range(depth)]
    lines.append("  " + "  " * depth + "add 1 to taken of player")
    return GAME.replace("  add 1 to taken of player\n", "  add 1 to taken of player\n" + "\n".join(lines) + "\n")


def chosen_values(count: int) -> str:
    """A two-player game whose option `drop` chooses ``count`` values, one inside another."""
    names = [f"q{i}" for i in range(count)]
    text = GAME.replace("players 2 to 3", "players 2 to 2")
    return text.replace('  option drop "drop {p}" [PEB-7]:\n    for p in hand of player\n',
                        f'  option drop "drop {{p}} {" ".join("{" + n + "}" for n in names[1:])}" [PEB-7]:\n'
                        f'    for p in hand of player, {", ".join(n + " in players" for n in names[1:])}\n')


def refusal_of(text: str, name: str = "bounds.rules") -> RuleError:
    with pytest.raises(RuleError) as info:
        check(parse_text(text, name))
    return info.value


def plays(tmp_path: Path, text: str, name: str = "bounds.rules") -> float:
    """Seconds to load the file as an engine and play a random game of it."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    engine = load(path)
    rulespec.random_game(engine, 2, seed=1)
    return time.perf_counter() - start


# ----------------------------------------------------------------------------- blocks inside one another

def test_blocks_at_the_limit_compile_import_and_play(tmp_path):
    plays(tmp_path, nested_blocks(LIMIT.block_nesting))


def test_one_block_more_is_refused_at_that_block():
    text = nested_blocks(LIMIT.block_nesting + 1)
    problem = refusal_of(text).diagnostics[0]
    lines = text.split("\n")
    innermost = "  " + "  " * LIMIT.block_nesting + BLOCKS[LIMIT.block_nesting % 3].format(i=LIMIT.block_nesting)
    assert (problem.line, problem.column) == (lines.index(innermost) + 1, len(innermost) - len(innermost.lstrip()) + 1)
    assert f"at most {LIMIT.block_nesting} blocks inside one another" in problem.message
    assert f"this file asks for {LIMIT.block_nesting + 1}" in problem.message
    assert problem.hint


def test_twenty_one_blocks_are_a_rule_error_not_a_syntax_error():
    for depth in (21, 40):
        problem = refusal_of(nested_blocks(depth)).diagnostics[0]
        assert "blocks inside one another" in problem.message


def test_an_option_choosing_values_up_to_the_limit_compiles_imports_and_plays(tmp_path):
    plays(tmp_path, chosen_values(LIMIT.block_nesting))


def test_an_option_choosing_one_value_more_is_refused_at_that_value():
    text = chosen_values(LIMIT.block_nesting + 1)
    problem = refusal_of(text).diagnostics[0]
    line = text.split("\n")[problem.line - 1]
    assert line.strip().startswith("for p in hand of player")
    last = f"q{LIMIT.block_nesting} in players"
    assert problem.column == line.index(last) + 1
    assert f"value {LIMIT.block_nesting + 1} chosen by option `drop`" in problem.message


# ----------------------------------------------------------------------------- scores that need themselves

def test_three_scores_in_a_cycle_are_named_in_order():
    text = GAME.replace("score kept of p [PEB-10]:\n  taken of p\n",
                        "score kept of p [PEB-10]:\n  taken of p + a of p\n\n"
                        "score a of p [PEB-10]:\n  b of p\n\n"
                        "score b of p [PEB-10]:\n  kept of p - 1\n")
    problems = [d for d in refusal_of(text).diagnostics if "needs itself" in d.message]
    assert len(problems) == 1  # one cycle, reported once
    assert "kept -> a -> b -> kept" in problems[0].message
    assert text.split("\n")[problems[0].line - 1].startswith("score kept of p")


def test_a_score_using_another_score_is_fine():
    text = GAME.replace("score kept of p [PEB-10]:\n  taken of p\n",
                        "score kept of p [PEB-10]:\n  taken of p + bonus of p\n\n"
                        "score bonus of p [PEB-10]:\n  size of hand of p\n")
    check(parse_text(text, "fine.rules"))


# ----------------------------------------------------------------------------- names that hide names

@pytest.mark.parametrize("old, new", [
    ("    then draw_one(player)\n", "    for each player in others of player:\n      nothing\n    then draw_one(player)\n"),
    ("    for p in hand of player\n", "    for p in hand of player\n    only if count(p in hand of player) > 0\n"),
    ("    move p to discard\n", "    move p to discard\n    for each p in hand of player:\n      move p to discard\n"),
    ("  outcome \"{p}\" for p drawn from heap\n  move p to hand of player\n",
     "  outcome \"{player}\" for player drawn from heap\n  move player to hand of player\n"),
])
def test_every_variable_that_hides_a_name_is_refused_with_one_message(old, new):
    assert old in GAME
    text = GAME.replace(old, new)
    problems = [d for d in refusal_of(text).diagnostics if "is already a name here" in d.message]
    assert problems, refusal_of(text)
    line = text.split("\n")[problems[0].line - 1]
    name = problems[0].message.split("`")[1]
    assert line[problems[0].column - 1:].startswith(name + " ")


def test_a_count_inside_an_end_for_each_may_not_reuse_its_name():
    text = GAME.replace("  checked after every step\n  when size of discard = 8",
                        "  checked after every step\n  for each p in players\n"
                        "  when count(p in hand of p) = 8")
    problems = [d for d in refusal_of(text).diagnostics if "is already a name here" in d.message]
    assert problems


# ----------------------------------------------------------------------------- work

def listing_game(a: int, b: int) -> str:
    """An option choosing two components of a zone of a x b, with a count for every candidate."""
    text = GAME.replace("component pebble: colour (black, white) x 4 [PEB-2]",
                        f"component pebble: a 1..{a} x b 1..{b} [PEB-2]")
    text = text.replace('players 2 to 3 [PEB-1]', 'players 2 to 3 [PEB-1]\n  at most 2 turns [PEB-1]')
    return text.replace('  option drop "drop {p}" [PEB-7]:\n    for p in hand of player\n    move p to discard\n',
                        '  option pair "pair {p} with {q}" [PEB-7]:\n    for p in heap, q in heap\n'
                        '    only if count(z in heap where a of z = a of p) > a of q\n    move p to discard\n')


def listing_estimate(text: str) -> int:
    model = check(parse_text(text, "work.rules"))
    return next(e.work for e in estimates(model) if e.what == "the listing of option `turn.pair`")


def test_a_listing_just_under_the_work_limit_checks_and_plays_in_a_few_seconds(tmp_path):
    text = listing_game(13, 13)
    estimate = listing_estimate(text)
    assert LIMIT.work / 2 < estimate <= LIMIT.work
    start = time.perf_counter()
    check(parse_text(text, "work.rules"))
    seconds = time.perf_counter() - start + plays(tmp_path, text, "work.rules")
    assert seconds < 20  # a few seconds here (three listings of half a second each)


def test_the_same_listing_over_the_limit_is_refused_at_the_option():
    text = listing_game(15, 15)
    problem = refusal_of(text, "work.rules").diagnostics[0]
    assert text.split("\n")[problem.line - 1].strip().startswith("option pair")
    assert "may walk" in problem.message and f"at most {LIMIT.work:,} {describe('work').what}" in problem.message
    assert "move a count" in problem.hint


def test_a_count_that_uses_no_chosen_value_is_counted_once():
    text = listing_game(20, 20).replace("a of z = a of p) > a of q", "a of z = 1) > a of q")
    # 400 x 400 candidates and a count of 400: 64,000,000 if counted for each, but it is worked out once
    assert listing_estimate(text) < 2_000_000


def test_the_bundled_games_are_far_below_the_work_limits():
    most = ahead = choices = 0
    for path in BUNDLED:
        model = compile_rules(path)
        for variants in [()] + [(name,) for name, _ in model.variants_available]:
            for estimate in estimates(compile_rules(path, variants) if variants else model):
                if estimate.ahead:  # (reading moves ahead: a limit of its own)
                    ahead = max(ahead, estimate.work)
                else:
                    most = max(most, estimate.work)
                choices = max(choices, estimate.rows)
    assert most * 10 <= LIMIT.work, most
    assert ahead * 5 <= LIMIT.look_ahead_work, ahead
    assert choices * 10 <= LIMIT.choices, choices
    assert f"{most:,}" in describe("work").reason
    assert f"{ahead:,}" in describe("look_ahead_work").reason
    assert f"{choices:,}" in describe("choices").reason
