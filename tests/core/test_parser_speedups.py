"""The parser's shortcuts give exactly what Lark's own machinery gives: positions (rulespec/language/
parser.py's _Positions against Lark's PropagatePositions), the AST (methods bound once against
Lark's lookup and v_args wrapper on every node), over every rule file in the repository, and the
nesting limits the transform checks as it goes against the walk over the whole tree it saves."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark, Transformer, Tree
from lark.exceptions import VisitError

from rulespec.language import ast, parser
from rulespec.language.errors import RuleError
from rulespec.language.reading import parsed_text, read_rule_text
from rulespec.resources import grammar_path

ROOT = Path(__file__).resolve().parents[2]
RULE_FILES = sorted(p for p in ROOT.rglob("*.rules") if ".git" not in p.parts)
META = ("empty", "line", "column", "start_pos", "end_line", "end_column", "end_pos", "container_line", "container_column",
        "container_start_pos", "container_end_line", "container_end_column", "container_end_pos")


@pytest.fixture(scope="module")
def larks_own() -> Lark:
    """The same parser as build_lark(), with Lark's own PropagatePositions."""
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                postlex=parser._RuleIndenter(), propagate_positions=True, maybe_placeholders=True, cache=True)


def _parse(lark: Lark, text: str):
    lark.options.postlex.text = text
    try:
        return lark.parse(text)
    except Exception as error:  # a broken file: both must stop at the same place, expecting the same
        return (type(error).__name__, getattr(error, "line", None), getattr(error, "column", None),
                sorted(getattr(error, "expected", None) or ()))


def _shape(node):
    """A tree as nested tuples, with every position attribute of every node."""
    if isinstance(node, Tree):
        meta = node.meta
        return (node.data, tuple(getattr(meta, name, None) for name in META), tuple(_shape(c) for c in node.children))
    return node if not hasattr(node, "type") else (node.type, str(node), node.line, node.column, node.end_line,
                                                     node.end_column)


def test_there_are_rule_files_to_compare():
    assert len(RULE_FILES) > 50


def test_positions_are_larks_on_every_rule_file(larks_own):
    ours = parser.build_lark()
    assert any(isinstance(cb, parser._Positions) for cb in ours.parser.parser.parser.callbacks.values())
    compared = 0
    for path in RULE_FILES:
        try:
            text = parsed_text(read_rule_text(path))
        except Exception:
            continue
        mine, theirs = _parse(ours, text), _parse(larks_own, text)
        assert _shape(mine) == _shape(theirs), path
        compared += isinstance(mine, Tree)
    assert compared > 50


class _LarksDispatch(parser._ToAst):
    """The AST transformer as Lark runs it: each method looked up on every node, through v_args."""

    _call_userfunc = Transformer._call_userfunc

    def __init__(self, path: str):
        super().__init__(path)
        self.__visit_tokens__ = True


def test_the_ast_is_the_one_larks_dispatch_makes(larks_own):
    transformed = 0
    for path in RULE_FILES:
        try:
            text = parsed_text(read_rule_text(path))
        except Exception:
            continue
        tree = _parse(larks_own, text)
        if not isinstance(tree, Tree) or parser._too_deeply_nested(tree) is not None:
            continue
        try:
            theirs = _LarksDispatch(str(path)).transform(tree)
        except Exception as error:
            theirs = repr(error)
        try:
            mine = parser._ToAst(str(path)).transform(tree)
        except Exception as error:
            mine = repr(error)
        assert mine == theirs, path
        transformed += not isinstance(mine, str)
    assert transformed > 50


# ----------------------------------------------------------------------------- the nesting check in the transform

def _wrapped(parts: list[str], joiner: str, per: int = 20) -> str:
    """``parts`` joined by ``joiner``, ``per`` to a line (inside brackets a line goes on on the next)."""
    lines = [joiner.join(parts[i:i + per]) for i in range(0, len(parts), per)]
    return ("\n    " + joiner.lstrip()).join(lines)


def _game(*bodies: str) -> str:
    return 'game "G" [G-1]\n  id "g"\n  players 2 to 2 [G-1]\n\n' + "".join(bodies)


def _score(expr: str, name: str = "s") -> str:
    return f"score {name} of p [G-1]:\n  {expr}\n\n"


MIXED_OPTION = 'option o "O": a, 1 default a [G-1]\n\n'  # a problem the transform finds
NESTING_TEXTS = {
    **{f"{n} brackets": _game(_score("(" * n + "1" + ")" * n)) for n in (20, 46, 47, 48, 49, 60, 300)},
    **{f"a sum of {n} terms": _game(_score("(" + _wrapped(["1"] * n, " + ") + ")")) for n in (99, 100, 101, 149, 150, 151)},
    "a product of 151 terms": _game(_score("(" + _wrapped(["2"] * 151, " * ") + ")")),
    "a sum in brackets deeper than the shortcut goes": _game(_score("(" * 20 + _wrapped(["1"] * 140, " + ") + ")" * 20)),
    "a sum of products": _game(_score("(" + _wrapped(["2 * 3"] * 120, " + ") + ")")),
    "products in a sum": _game(_score("(" * 5 + _wrapped(["(" + _wrapped(["2"] * 100, " * ") + ")"] * 5, " + ") + ")" * 5)),
    **{f"{n} conditions joined by {word}": _game(_score("count(q in players where " + _wrapped(["1 = 1"] * n, f" {word} ")
                                                        + ")")) for n in (150, 151) for word in ("or", "and")},
    "too deep, then a problem the transform finds": _game(_score("(" * 60 + "1" + ")" * 60), MIXED_OPTION),
    "a problem the transform finds, then too deep": _game(MIXED_OPTION, _score("(" * 60 + "1" + ")" * 60)),
    "a problem the transform finds, then a long sum": _game(MIXED_OPTION, _score("(" + _wrapped(["1"] * 151, " + ") + ")")),
    "a problem the transform finds, then deep but fine": _game(MIXED_OPTION, _score("(" * 20 + _wrapped(["1"] * 140, " + ") + ")" * 20)),
    "several deep scores": _game(*(_score("(" * 45 + "1" + ")" * 45, f"s{i}") for i in range(3))),
}


def _outcome_as_it_was(text: str, path: str):
    """The AST, or (line, column, message) of the first problem, with the nesting walked over the whole
    tree before the transform (the plain path _transform_checked skips when it can)."""
    tree = _parse(parser.build_lark(), text)
    too_deep = parser._too_deeply_nested(tree)
    if too_deep is not None:
        meta, message, _ = too_deep
        return (meta.line, meta.column, message)
    try:
        return tuple(parser._ToAst(path).transform(tree))
    except VisitError as error:
        inner = error.orig_exc
        return (inner.line, inner.column, inner.message)


def _outcome(text: str, path: str):
    try:
        return parser.parse_text(text, path).declarations
    except RuleError as error:
        first = error.diagnostics[0]
        return (first.line, first.column, first.message)


@pytest.mark.parametrize("name", NESTING_TEXTS)
def test_nesting_is_refused_as_the_walk_before_the_transform_refused_it(name):
    text = NESTING_TEXTS[name]
    assert parser._size_problem(text, "g.rules") is None
    assert isinstance(_parse(parser.build_lark(), text), Tree)
    assert _outcome(text, "g.rules") == _outcome_as_it_was(text, "g.rules")


def test_the_texts_reach_both_sides_of_every_limit():
    outcomes = {name: _outcome(text, "g.rules") for name, text in NESTING_TEXTS.items()}
    messages = " | ".join(o[2] for o in outcomes.values() if len(o) == 3 and isinstance(o[2], str))
    for words in ("nested too deeply", "terms in one sum", "terms in one product", "joined by `or`",
                  "joined by `and`", "mixes numbers and words"):
        assert words in messages
    assert isinstance(outcomes["47 brackets"], tuple) and isinstance(outcomes["47 brackets"][0], ast.Node)
    assert outcomes["48 brackets"][2].startswith("this is nested too deeply")
    fine = outcomes["a sum in brackets deeper than the shortcut goes"]
    assert isinstance(fine[0], ast.Node)  # past the shortcut's depth, yet within every limit


def test_every_rule_file_parses_as_with_the_walk_first():
    compared = 0
    for path in RULE_FILES:
        try:
            text = parsed_text(read_rule_text(path))
        except Exception:
            continue
        if parser._size_problem(text, str(path)) or parser._character_problem(text, str(path)):
            continue
        if not isinstance(_parse(parser.build_lark(), text if text.endswith("\n") else text + "\n"), Tree):
            continue
        text = text if text.endswith("\n") else text + "\n"
        assert _outcome(text, str(path)) == _outcome_as_it_was(text, str(path)), path
        compared += 1
    assert compared > 150


def test_the_bundled_games_are_not_walked_twice(monkeypatch):
    """Their trees are shallow: the transform's own count of the depth is the whole check."""
    from rulespec.pipeline import bundled_rulebooks

    def walked(tree):
        raise AssertionError("walked")

    monkeypatch.setattr(parser, "_too_deeply_nested", walked)
    for path in bundled_rulebooks().values():
        parser.parse_file(path)
    with pytest.raises(AssertionError, match="walked"):
        parser.parse_text(NESTING_TEXTS["a sum of 151 terms"], "g.rules")
