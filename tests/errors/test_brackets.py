"""How the brackets of a rule text pair up (rulespec/language/brackets.py): quoted texts and comments are
not read for brackets, and the bracket that explains a failed parse is chosen as a person would.
The whole files are in broken/ (test_error_corpus.py); these are the pairing's own cases."""

from __future__ import annotations

from rulespec.language.brackets import bracket_problem, brackets_of, pair, text_bracket_problem
from rulespec.language.errors import SourceText


def chars(lines):
    return "".join(b.char for b in brackets_of(lines))


def test_texts_and_comments_hold_no_brackets():
    assert chars(['only if f(x, "a (b") and y   # (not one']) == "()"
    assert chars(['"a "")"" b" (']) == "("  # `""` is a quote inside the text: the `)` stays inside it
    assert chars(['x = "never closed (']) == ""  # an open text runs to the end of its line
    assert chars(["[A-1]", "  g(h[1])"]) == "[]([])"


def test_pairing_finds_the_closer_of_nothing_the_wrong_kind_and_what_stays_open():
    pairing = pair(brackets_of(["f(a))", "g(b]", "h(c"]))
    assert [(c.char, c.line, c.column, o and (o.line, o.column)) for c, o in pairing.unmatched_closers] == [
        (")", 1, 5, None), ("]", 2, 4, (2, 2))]
    assert [(b.line, b.column) for b in pairing.never_closed] == [(2, 2), (3, 2)]


def test_a_bracket_closed_later_is_blamed_only_when_a_new_line_was_meant():
    source = SourceText("x.rules", "a:\n  only if (b\n           and c >> d)\n  set e\n")
    assert bracket_problem(source, 3, 20, ">") is None  # inside the bracket's own continuation line
    source = SourceText("x.rules", "a:\n  only if (b\n  set e to 1)\n")
    problem = bracket_problem(source, 3, 3, "set")
    assert (problem.line, problem.column, problem.message) == (2, 11, "this `(` is never closed")


def test_a_value_in_braces():
    assert text_bracket_problem("count(x in y") == (5, "this `(` is never closed", "add the missing `)`")
    assert text_bracket_problem("a + b)")[:2] == (5, "this `)` closes nothing: there is no `(` before it")
    assert text_bracket_problem("count(x in y)") is None
