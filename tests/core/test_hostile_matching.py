"""Hostile rule files for the example checker's matching and did-you-mean (issue #37, classes 2 and 3):
many fields a template cannot list, long texts, thousands of candidate texts, hundreds of misspelt
lines, all within the documented limits (rulespec/lib/limits.py). Each check, load or examples run
ends in bounded time with a clear, positioned error (before #37: minutes, for the smallest of them)."""

import time
from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.lib.limits import limit
from rulespec.pipeline.examples import run_examples

SECONDS = 10  # the bound for a check or a load of a file within the limits

HEAD = '''game "Hostile" [H-1]
  id "hostile"
  players 2 to 2 [H-1]
  at most 100 turns [H-1]

counter heap starts at 5 [H-1]

turns go clockwise from player 1, each turn runs turn [H-1]

end empty [H-1]:
  checked after every step
  when heap = 0

returns [H-1]:
  win 1, draw 0, loss -1
'''


def _option(name: str, template: str) -> str:
    return f'  option {name} "{template}" [H-1]:\n    add -1 to heap\n'


def _write(tmp_path: Path, options: str, examples: str, head: str = HEAD) -> Path:
    path = tmp_path / "hostile.rules"
    path.write_text(head + "\nchoice turn(player: seat) by player [H-1]:\n" + options + "\n" + examples,
                    encoding="utf-8")
    assert len(path.read_text(encoding="utf-8").encode()) <= limit("file_bytes")
    return path


def _load_refused(path: Path) -> tuple[RuleError, float]:
    started = time.process_time()
    with pytest.raises(RuleError) as refused:
        rulespec.load(path)
    return refused.value, time.process_time() - started


@pytest.mark.parametrize("fields, words", [(12, 40), (40, 120), (70, 240)])
def test_free_fields_and_a_near_miss_text_are_refused_at_once(tmp_path, fields, words):
    """The issue's file: a template of `{heap}`s (a counter: any text) and a text of words that never
    ends as the template does. 10 fields took 7 s, 12 over two minutes."""
    template = " ".join(["{heap}"] * fields) + " end"
    text = " ".join(["1"] * words)
    path = _write(tmp_path, _option("take", template),
                  f'example bad "A text no template reads" [H-1]:\n  given 2 players\n  when "player 1: {text}"\n'
                  f'  then the game is over\n')
    error, seconds = _load_refused(path)
    assert seconds < SECONDS
    assert "no action the game could offer reads" in str(error) and "hostile.rules:" in str(error)


def test_many_near_misses_against_many_templates_are_refused_in_bounded_time(tmp_path):
    """Every template full of free fields and a hundred texts that each nearly fit every template."""
    options = "".join(_option(f"t{k}", " ".join(["{heap}"] * 30) + f" end{k}") for k in range(20))
    lines = "".join(f'  when "player 1: {" ".join(["1"] * 60)} end"\n' for _ in range(100))
    path = _write(tmp_path, options, f'example bad "Near misses" [H-1]:\n  given 2 players\n{lines}')
    error, seconds = _load_refused(path)
    assert seconds < SECONDS
    assert str(error).count("no action the game could offer reads") >= 1


def test_an_offered_no_pattern_against_long_offered_texts_runs_in_bounded_time(tmp_path):
    """`is offered no "..."` at run time: a pattern of a dozen free fields matched against an offered
    action of forty values that never ends as the pattern does (its regex backtracked for minutes)."""
    options = _option("short", " ".join(["{heap}"] * 12) + " end") + \
        _option("long", " ".join(["{heap}"] * 40) + " stop")
    pattern = " ".join(f"{{f{k}}}" for k in range(12)) + " end"
    path = _write(tmp_path, options, f'example none "No action of the short kind" [H-1]:\n  given 2 players\n'
                                     f'  then player 1 is offered no "{pattern}"\n')
    started = time.process_time()
    engine = rulespec.load(path)
    (result,) = run_examples(engine)
    assert time.process_time() - started < SECONDS
    assert not result.passed and "should be offered no" in result.message and "hostile.rules:" in result.message


TILES_HEAD = HEAD.replace("counter heap starts at 5 [H-1]\n", '''counter heap starts at 5 [H-1]
component tile: colour (red, blue, green, gold, pink, grey, teal, plum, rust, jade) x value 1..1000 [H-1]
  shown as "{colour} {value}"
zone box: shared, public, holds every component in play [H-1]
''')


def test_hundreds_of_misspelt_actions_among_ten_thousand_texts_are_refused_in_bounded_time(tmp_path):
    """Did-you-mean: each misspelt action was compared with every one of 10,000 texts (200 lines took over
    three minutes). Now the check's suggestions share a budget; every line is still reported, and the
    first ones still get their suggestion."""
    options = '  option take "take {t}" [H-1]:\n    for t in box\n    add -1 to heap\n'
    lines = "".join(f'  when "player 1: tkae red {n % 1000 + 1}"\n' for n in range(400))
    path = _write(tmp_path, options, f'example bad "Misspelt" [H-1]:\n  given 2 players\n{lines}', head=TILES_HEAD)
    error, seconds = _load_refused(path)
    assert seconds < SECONDS
    assert len(error.diagnostics) == 400
    assert all("no action the game could offer reads \"tkae red" in d.message for d in error.diagnostics)
    assert error.diagnostics[0].hint == 'did you mean "player 1: take red 1"?'
