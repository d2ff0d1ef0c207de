"""What examples can state since issue #42 ("what the example language still cannot state"): a refused action
with the state unchanged, what the log says, a place in the ranking, only the top of a pile seen, chance
outcomes by their form, a `"` inside a quoted text. Each true line of the reference games' examples
(rulespec/docs/ref_games/pig.rules and cards.rules) passes; the same line made false fails that example at that
line, saying what is the case instead; a misuse is refused by the checker at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.docs.reference import GAMES
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.pipeline.examples import run_examples

PIG, CARDS = GAMES / "pig.rules", GAMES / "cards.rules"

# (game, example, a true line of it, the same line made false, what the failure says)
MUTATIONS = [
    (PIG, "a_turn_told", 'when "player 1: hold 0 for 0" is refused', 'when "player 1: roll" is refused',
     "'player 1: roll' was played, not refused"),
    (PIG, "a_turn_told", 'then the log says "player 1: roll", "chance: roll 4"',
     'then the log says "chance: roll 4", "player 1: roll"',
     "the log ends with ['player 1: roll', 'chance: roll 4'], not ['chance: roll 4', 'player 1: roll']"),
    (PIG, "a_turn_told", 'then the log says "player 1: roll", "chance: roll 4"', 'then the log says "chance: roll 5"',
     "the log ends with ['chance: roll 4'], not 'chance: roll 5'"),
    (PIG, "a_turn_told", 'then the chance outcomes are 6 equally likely "roll {n}"',
     'then the chance outcomes are 6 equally likely "roll 1"', "5 chance outcomes read otherwise: ['roll 2', "),
    (PIG, "a_turn_told", 'then every chance outcome reads "roll {n}"', 'then every chance outcome reads "roll 1" or "roll 2"',
     "4 chance outcomes read otherwise: ['roll 3', 'roll 4', 'roll 5', 'roll 6']"),
    (PIG, "places", "then player 2 is second", "then player 2 is third",
     "player 2 is in place 2, not 3; the ranking is player 1 (1.), player 2 (2.), player 3 (3.)"),
    (PIG, "places", "then player 3 is in place 3", "then player 3 is in place 2", "player 3 is in place 3, not 2"),
    (CARDS, "discard_top", "then player 2 sees only the top of discard", "then player 2 sees discard",
     "player 2 sees only the top of discard, not the 1 under it"),
    (CARDS, "discard_top", "then player 1 sees pile", "then player 1 sees hand of player 2",
     "player 1 does not see what hand of player 2 holds"),
]


def _results(path: Path) -> dict:
    return {r.name: r for r in run_examples(rulespec.load(path))}


@pytest.mark.parametrize("path", [PIG, CARDS])
def test_the_true_lines_pass(path):
    results = _results(path)
    for name in {m[1] for m in MUTATIONS if m[0] == path}:
        assert results[name].passed, results[name].message


def _mutated(tmp_path, path: Path, example: str, true: str, false: str) -> tuple[Path, int]:
    text = path.read_text(encoding="utf-8")
    start = text.index(f"example {example} ")
    at = text.index("  " + true + "\n", start)
    mutated = text[:at] + "  " + false + "\n" + text[at + len(true) + 3:]
    written = tmp_path / path.name
    written.write_text(mutated, encoding="utf-8")
    return written, mutated[:at].count("\n") + 1


@pytest.mark.parametrize("path, example, true, false, message", MUTATIONS, ids=[m[3] for m in MUTATIONS])
def test_a_false_line_fails_at_its_line(tmp_path, path, example, true, false, message):
    written, line = _mutated(tmp_path, path, example, true, false)
    result = _results(written)[example]
    assert not result.passed
    assert f"{path.name}:{line}: example `{example}`: {message}" in result.message, result.message


def test_a_refused_action_leaves_the_state_as_it_was_and_the_example_goes_on(tmp_path):
    """The line after the refusal reads the same state: player 1 still decides, nothing was gained."""
    written, _ = _mutated(tmp_path, PIG, "a_turn_told", "then player 1 decides",
                          "then at_stake = 0 and banked of player 1 = 0\n  then player 1 decides")
    assert _results(written)["a_turn_told"].passed


def test_a_refusal_that_changes_the_state_fails():
    from rulespec.pipeline.examples import ExampleFailure, ExampleRun
    game = rulespec.load(PIG)
    run = ExampleRun(game, "a_turn_told")
    state = run.start(2, {})
    original = type(state).apply

    def apply_and_spoil(self, text):
        self._counters["at_stake"] = 9  # a refusal that changed something on its way out
        return original(self, text)
    type(state).apply = apply_and_spoil
    try:
        with pytest.raises(ExampleFailure, match="was refused, but the state changed: counters"):
            run.refused(state, "player 1: hold 0 for 0", line=7)
    finally:
        type(state).apply = original


def test_a_quote_is_written_twice_inside_a_quoted_text():
    example = next(d for d in parse_text(PIG.read_text(encoding="utf-8"), str(PIG)).declarations
                   if getattr(d, "name", None) == "places")
    assert example.title == 'The winner is first, the others "by their points"'


def test_a_lone_quote_still_ends_the_text():
    with pytest.raises(RuleError):
        parse_text('game "A "quoted" word" [G-1]\n', "g.rules")


BASE = '''game "Few" [F-1]
  id "few"
  players 2 to 3 [F-1]
  at most 10 turns [F-1]
component chip x 3 [F-1]
zone bag: shared, hidden, holds every component in play [F-1]
zone heap: shared, public, stacked [F-1]
turns go clockwise from player 1, each turn runs turn [F-1]
choice turn(player: seat) by player [F-1]:
  option take "take it" [F-1]:
    then draw(player)
chance draw(player: seat) [F-1]:
  outcome "draw {c}" for c drawn from bag
  move c to heap
end done [F-1]:
  checked after every step
  when bag is empty
example e "An example" [F-1]:
  given 2 players
'''


@pytest.mark.parametrize("line, said", [
    ("then player 1 sees only the top of heap", "zone `heap` is not `only top seen`"),
    ("then player 1 is in place 3", "there is no place 3 in a ranking of 2 players"),
    ('then every chance outcome reads "roll {n}"', 'no template of the game reads "roll {n}"'),
    ('then the chance outcomes are 3 equally likely "deal {c}"', 'no template of the game reads "deal {c}"'),
    ('then the log says "player 1: give it"', "no action the game could offer reads \"give it\""),
    ('when "player 1: give it" is refused', "no action the game could offer reads \"give it\""),
])
def test_a_misuse_is_refused_at_its_line(tmp_path, line, said):
    path = tmp_path / "few.rules"
    path.write_text(BASE + "  " + line + "\n", encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.load(path)
    assert "few.rules:20:" in str(caught.value) and said in str(caught.value), str(caught.value)
