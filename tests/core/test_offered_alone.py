"""`only when no other option is offered`: an option (a pass) offered exactly when every option of its choice without
that line offers nothing for the chooser now; several with it do not look at each other. What Hive's and Klondike's
newcomers hand-simulated (issue #40's probes, helper gaps). Checked against an oracle that knows nothing of the
mechanism: the same file with the line taken out (the pass then always offered as its own conditions say), whose
actions less the pass, or the pass alone where nothing else is left, are the file's."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model import ir
from rulespec.model.checker import check

ROOT = Path(__file__).resolve().parents[2]
STUCK = ROOT / "rulespec" / "docs" / "ref_games" / "stuck.rules"
TEXT = STUCK.read_text(encoding="utf-8")
ALONE = "    only when no other option is offered\n"
PASS = '''  option pass "pass" [STK-3]:
    only when no other option is offered
    add 1 to passes
'''
# The look-ahead: a stone may not leave the other player nowhere to place; a pass is allowed once in a row, and
# from turn 5 on a player who cannot place may resign instead (two options offered alone, offered together); an
# end asks who has a legal move (the pass counted where it is offered).
AHEAD = TEXT.replace("    only if open(s, player)\n",
                     "    only if open(s, player)\n    only if there is t in grid where open(t, left of player) after it\n"
                     ).replace(PASS, PASS.replace(ALONE, ALONE + "    only if passes < 1\n")
                               + '''  option resign "resign" [STK-3]:
    only when no other option is offered
    only if the turn number > 4 and passes < 1
    set passes to 2
''').replace("end both_passed", '''end nobody_can [STK-4]:
  checked after every step
  when there is no p in players where p has a legal move

end both_passed''')


# An option before the others whose question their rows answer (later_answers.py: listed as if allowed, its rows
# taken out once theirs are listed): the pass may not read the rows before that.
LOOK = TEXT.replace('  option place "place on {s}" [STK-2]:\n', '''  option look "look at {s}" [STK-2]:
    for s in grid
    only if there is t in grid where open(t, player)
    nothing
  option place "place on {s}" [STK-2]:
''')


def _file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.rules"
    path.write_text(text, encoding="utf-8")
    return path


def _errors(text: str) -> list:
    with pytest.raises(RuleError) as caught:
        check(parse_text(text, "t.rules"))
    return caught.value.diagnostics


def _line(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_it_parses_at_its_line_and_becomes_the_options_first_condition():
    choice = next(d for d in parse_text(TEXT, "stuck.rules").declarations if getattr(d, "kind", "") == "choice")
    place, passing = choice.options
    assert place.alone is None and passing.alone.line == _line(TEXT, ALONE.rstrip("\n"))
    step = next(s for s in rulespec.load(STUCK).model.steps if s.name == "turn")
    place, passing = step.options
    assert not place.alone and passing.alone
    first = passing.conditions[0]
    assert isinstance(first, ir.HasLegalMove) and first.negated and first.among == ("place",)


def test_generated_code_asks_the_rows_listed_before_and_names_the_others():
    source = generate(rulespec.load(STUCK).model, "stuck.rules")
    listing = source[source.index("def choices_turn"):source.index("def others_offered_turn")]
    assert "if (not rows):  # no other option is offered" in listing  # the place rows, listed before it
    assert "others_offered_turn(" not in listing
    assert "def others_offered_turn(st, v_player):" in source
    assert "but pass (offered only when no other option is)" in source
    assert "not others_offered_turn(st, v_player)" in source  # options_turn__pass, first_failing_: asked


def _oracle_play(tmp_path: Path, text: str, seeds: int) -> tuple[int, int]:
    """Random games of ``text`` against the same file with every `only when no other option is offered` taken out:
    at each decision the file offers the other's actions less those options', or those options' alone where nothing
    else is left; the same action applied to both, and the same end and returns. (passes taken, games ended by an
    end asking for legal moves, decisions offering two options offered alone)"""
    alone = rulespec.load(_file(tmp_path, "alone", text))
    always = rulespec.load(_file(tmp_path, "always", text.replace(ALONE, "")))
    names = {o.template for s in alone.model.steps for o in s.options if o.alone}
    passes = ends = together = 0
    for seed in range(seeds):
        pick = random.Random(seed)
        a, b = alone.new_game(2), always.new_game(2)
        while not a.is_terminal():
            assert not b.is_terminal()
            got = [str(x) for x in a.legal_actions()]
            wide = [str(x) for x in b.legal_actions()]
            others = [x for x in wide if x.split(": ", 1)[1] not in names]
            assert got == (others or wide), (seed, got, wide)
            together += len([x for x in got if x.split(": ", 1)[1] in names]) > 1
            text_ = got[pick.randrange(len(got))]
            passes += text_.endswith(": pass")
            a.apply(text_)
            b.apply(text_)
        assert b.is_terminal() and a.returns() == b.returns()
        ends += "nobody_can" in str(a.outcome())
    return passes, ends, together


def test_it_plays_as_the_oracle_says(tmp_path):
    passes, _, _ = _oracle_play(tmp_path, TEXT, 40)
    assert passes  # the pass was offered and taken


def test_it_is_exact_under_a_look_ahead_and_where_an_end_asks_for_a_legal_move(tmp_path):
    passes, ends, together = _oracle_play(tmp_path, AHEAD, 40)
    assert passes and ends and together


def test_it_is_exact_beside_an_option_whose_question_later_rows_answer(tmp_path):
    source = generate(rulespec.load(_file(tmp_path, "look", LOOK)).model, "look.rules")
    listing = source[source.index("def choices_turn"):source.index("def others_offered_turn")]
    assert "del rows[rows_from_0:rows_to_0]" in listing  # (the look's rows taken out where place listed none)
    assert "not others_offered_turn(st, v_player)" in listing
    passes, _, _ = _oracle_play(tmp_path, LOOK, 20)
    assert passes


def test_the_adapter_numbers_it_as_any_option(tmp_path):
    pyspiel = pytest.importorskip("pyspiel")
    import rulespec.openspiel as rso
    game = rso.load_game(str(STUCK))
    for seed in range(10):
        pick, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            texts = [state.action_to_string(state.current_player(), x) for x in legal]
            assert ("pass" in " ".join(texts)) == (len(texts) == 1 and texts[0].endswith("pass")), texts
            mask = state.legal_actions_mask()
            assert [i for i, bit in enumerate(mask) if bit] == legal
            state.apply_action(legal[pick.randrange(len(legal))])
    assert pyspiel is not None


def test_the_english_says_it():
    from rulespec.docs.english import English
    model = rulespec.load(STUCK).model
    step = next(s for s in model.steps if s.name == "turn")
    said = "\n".join(English(model).declaration(step))
    assert ("**pass**, shown as `pass`: allowed only if no other option is offered now (**place** offers nothing "
            "to the player)") in said, said


def test_refused_in_a_choice_any_player_takes_and_where_every_option_has_it():
    every = TEXT.replace("    for s in grid\n    only if open(s, player)\n",
                         "    for s in grid\n" + ALONE + "    only if open(s, player)\n")
    errors = _errors(every)
    assert [e.line for e in errors] == [_line(every, "    for s in grid") + 1]
    assert "every option of `turn` is offered only when no other option is" in errors[0].message
    anyone = TEXT.replace("    add 1 to passes\n", "    add 1 to passes\n    then claim()\n", 1) + '''
choice claim() by any player [STK-3]:
  option take "take" [STK-3]:
    only if passes = 1
    set passes to 0
  option leave "leave" [STK-3]:
    only when no other option is offered
    set passes to 2
'''
    errors = _errors(anyone)
    assert [e.line for e in errors] == [len(anyone.splitlines()) - 1], [e.render() for e in errors]
    assert "is a choice made by any player: whose options would it ask?" in errors[0].message
