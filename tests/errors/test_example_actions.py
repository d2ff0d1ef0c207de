"""No check that cannot fail: an example's action text that no template of the game could ever produce
(a misspelt action is never legal, so `is not legal` would pass) is a RuleError at its position, with a
did-you-mean from the templates."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.language.errors import RuleError
from rulespec.pipeline import bundled_rulebooks, compile_rules


def with_example(tmp_path: Path, game: str, lines: str) -> tuple[Path, int]:
    """The bundled ``game``'s rule file with one more example; the line number of its first given line."""
    text = bundled_rulebooks()[game].read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    first = text.count("\n") + 2
    text += 'example typo "An action with a typo" [' + {"shell-we": "SHELL-TURN-4", "shrimp": "SHRIMP-PLAY-9",
                                                        "let-them-eat-shrimp": "LTES-PLACE-8"}[game] + "]:\n" + lines
    path = tmp_path / f"{game}.rules"
    path.write_text(text, encoding="utf-8")
    return path, first


def problems_of(path: Path):
    with pytest.raises(RuleError) as info:
        compile_rules(path)
    assert "Traceback" not in str(info.value)
    return info.value.diagnostics


def test_the_acceptance_case_plya_is_refused_at_its_position(tmp_path):
    path, first = with_example(tmp_path, "shell-we", '  given 2 players\n  given rack of player 1: "blue 3"\n'
                                                     '  then "player 1: plya blue 3" is not legal\n')
    problems = problems_of(path)
    assert len(problems) == 1, problems
    problem = problems[0]
    assert (Path(problem.path), problem.line, problem.column) == (path, first + 2, 8)
    assert 'no action the game could offer reads "plya blue 3"' in problem.message
    assert problem.hint == 'did you mean "player 1: play blue 3"?'
    assert '"play {tile}"' in problem.expected
    assert problem.source_line.strip() == 'then "player 1: plya blue 3" is not legal'


def test_the_same_text_spelt_right_checks(tmp_path):
    path, _ = with_example(tmp_path, "shell-we", '  given 2 players\n  given rack of player 1: "blue 3"\n'
                                                 '  then "player 1: play blue 3" is not legal\n')
    assert compile_rules(path).examples[-1].name == "typo"


@pytest.mark.parametrize("game, line, hint", [
    ("shell-we", '  when "player 1: play blue 30"', 'did you mean "player 1: play blue 3"?'),
    ("shell-we", '  then "player 1: play a starfish on blue 3 to" is legal', 'did you mean "player 1: play a starfish on blue 3 too"?'),
    ("shell-we", '  then "chance: draw blue 99" is not legal', 'did you mean "chance: draw blue 9"?'),
    ("let-them-eat-shrimp", '  then "player 1: place trapezoid on r3c9 r3c10 r99c11" is not legal', None),
])
def test_misspelt_actions_of_the_bundled_games_are_refused(tmp_path, game, line, hint):
    path, first = with_example(tmp_path, game, "  given 2 players\n" + line + "\n")
    problems = problems_of(path)
    assert [(p.line, p.column) for p in problems] == [(first + 1, line.index('"') + 1)]
    if hint:
        assert problems[0].hint == hint


def test_a_player_the_example_does_not_seat_is_refused(tmp_path):
    path, first = with_example(tmp_path, "shell-we", '  given 2 players\n  then "player 3: pass" is not legal\n')
    problems = problems_of(path)
    assert [(p.line, p.column) for p in problems] == [(first + 1, 8)]
    assert "names player 3, but the example has 2 players" in problems[0].message


def test_a_seat_in_a_text_reads_as_its_name(tmp_path):
    """`"p{player}a{n}"` shows `pplayer 1a0`: an example that writes `p1a0` is told what `{player}` shows."""
    path = tmp_path / "signals.rules"
    path.write_text('game "Signals" [SIG-1]\n  id "signals"\n  players 2 to 2 [SIG-1]\n  at most 2 turns [SIG-1]\n'
                    'counter signal per player starts at -1 [SIG-1]\n'
                    'turns go clockwise from player 1, each turn runs turn [SIG-1]\n'
                    'choice turn(player: seat) by player [SIG-1]:\n  option act "p{player}a{n}" [SIG-1]:\n'
                    '    for n in 0..2\n    set signal of player to n\n'
                    'end both [SIG-1]:\n  checked after every step\n  when signal of player 2 >= 0\n'
                    'example signalling "A signal" [SIG-1]:\n  given 2 players\n  when "player 1: p1a0"\n',
                    encoding="utf-8")
    problems = problems_of(path)
    assert len(problems) == 1, problems
    assert (problems[0].line, problems[0].column) == (16, 8)
    assert 'no action the game could offer reads "p1a0"' in problems[0].message
    assert problems[0].hint == "a player in a text reads as its name: `{player}` shows `player 1`, not `1`"
