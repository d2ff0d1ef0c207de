"""The parser's shortcuts give exactly what Lark's own machinery gives: positions (rulespec/language/
parser.py's _Positions against Lark's PropagatePositions) and the AST (methods bound once against
Lark's lookup and v_args wrapper on every node), over every rule file in the repository."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark, Transformer, Tree

from rulespec.language import parser
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
