"""Rule files are parsed with Lark through its public interface (issue #38).

rulespec/ imports no private name of Lark or of `re` (a scan of every module's imports and attribute
reads, itself tried on the imports the removed one-loop parser made); building the parser writes and
reads no cache file (Lark's cache is a pickle in the shared temp folder); the deepest tree the nesting
limits allow becomes an AST from an already deep call stack (Lark's non-recursive Transformer); and a
nesting problem is reported before any problem the transform finds, on both sides of every limit.
"""

from __future__ import annotations

import ast as python_ast
import pickle
import sys
from pathlib import Path

import pytest

import rulespec
from rulespec.language import ast, grammar, parser
from rulespec.language.errors import RuleError
from rulespec.lib.limits import LIMIT

PACKAGE = Path(rulespec.__file__).parent
# Lark's documented modules (lark-parser.readthedocs.io, "API Reference"): the package itself, its
# exceptions and its Indenter. Anything else under lark. is its machinery.
PUBLIC_LARK_MODULES = {"lark", "lark.exceptions", "lark.indenter"}


def private_uses(source: str) -> list[str]:
    """Each import of a private module or name of lark or re, and each read of a private attribute
    of `re`, in the Python ``source``."""
    found = []
    for node in python_ast.walk(python_ast.parse(source)):
        if isinstance(node, python_ast.Import):
            modules = [alias.name for alias in node.names]
            names: list[str] = []
        elif isinstance(node, python_ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
            names = [alias.name for alias in node.names]
        elif isinstance(node, python_ast.Attribute) and isinstance(node.value, python_ast.Name):
            if node.value.id == "re" and node.attr.startswith("_"):
                found.append(f"re.{node.attr}")
            continue
        else:
            continue
        for module in modules:
            root = module.split(".")[0]
            if root.startswith("sre_") or module.startswith("re._") or \
                    root == "lark" and module not in PUBLIC_LARK_MODULES:
                found.append(module)
            elif root in ("lark", "re"):
                found += [f"{module}.{name}" for name in names if name.startswith("_")]
    return found


@pytest.mark.parametrize("source", [
    "from lark.parsers.lalr_analysis import Shift",
    "from lark.lexer import UnlessCallback",
    "from re import _parser as regex_parser",
    "import sre_parse",
    "import re\nx = re._parser.parse('a')",
    "from lark.visitors import Discard, _vargs_meta",
    "from lark.parse_tree_builder import ExpandSingleChild",
    "from lark import _private",
])
def test_the_scan_finds_a_private_import(source):
    assert private_uses(source)


@pytest.mark.parametrize("source", [
    "from lark import Lark, Token, Tree, v_args",
    "from lark.exceptions import UnexpectedInput",
    "from lark.indenter import Indenter",
    "import re\nx = re.compile('a')",
    "from .lalr import FastParser",
])
def test_the_scan_passes_public_imports(source):
    assert private_uses(source) == []


def test_rulespec_uses_no_private_name_of_lark_or_re():
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 30
    found = {str(path.relative_to(PACKAGE)): private_uses(path.read_text(encoding="utf-8")) for path in modules}
    assert {path: uses for path, uses in found.items() if uses} == {}


def test_building_the_parser_writes_and_reads_no_cache(tmp_path, monkeypatch):
    """Lark's `cache=True` pickles the built parser into the temp folder and unpickles it from there
    in the next process: a file another user can put there first."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    unpickled = []
    real_load = pickle.load
    monkeypatch.setattr(pickle, "load", lambda *args, **kwargs: unpickled.append(args) or real_load(*args, **kwargs))
    for _ in range(2):  # the second build would read what the first wrote
        built = grammar.build_lark.__wrapped__(), grammar.build_expression_lark.__wrapped__()
        assert all(lark.options.parser == "lalr" for lark in built)
    assert list(tmp_path.iterdir()) == [] and unpickled == []


# ----------------------------------------------------------------------------- deep trees and nesting limits

def _wrapped(parts: list[str], joiner: str, per: int = 20) -> str:
    """``parts`` joined by ``joiner``, ``per`` to a line (inside brackets a line goes on on the next)."""
    lines = [joiner.join(parts[i:i + per]) for i in range(0, len(parts), per)]
    return ("\n    " + joiner.lstrip()).join(lines)


def _game(*bodies: str) -> str:
    return 'game "G" [G-1]\n  id "g"\n  players 2 to 2 [G-1]\n\n' + "".join(bodies)


def _score(expr: str, name: str = "s") -> str:
    return f"score {name} of p [G-1]:\n  {expr}\n\n"


def _sums_in_sums(levels: int, terms: int) -> str:
    """A sum whose first term is a bracketed sum whose first term is ..., ``levels`` deep: each sum's
    chain of ``terms`` terms lies below the one before it in the parse tree."""
    expr = "1"
    for _ in range(levels):
        expr = "(" + _wrapped([expr] + ["1"] * (terms - 1), " + ") + ")"
    return _game(_score(expr))


def _outcome(text: str):
    try:
        return parser.parse_text(text, "g.rules").declarations
    except RuleError as error:
        first = error.diagnostics[0]
        return (first.line, first.column, first.message)


def _deepest_allowed() -> str:
    """The deepest parse tree the tree-depth limit lets through: three sums in sums, with as many terms
    as the limit allows."""
    for terms in range(LIMIT.chain_terms, 1, -1):
        text = _sums_in_sums(3, terms)
        if isinstance(_outcome(text)[0], ast.Node):
            assert terms < LIMIT.chain_terms  # the limit was met: this is the deepest
            return text
    raise AssertionError("no sum in sums passes")


def _from_deep_stack(frames: int, call):
    return call() if frames == 0 else _from_deep_stack(frames - 1, call)


def test_the_deepest_tree_the_limits_allow_parses_from_a_deep_call_stack():
    """The transform walks the tree without recursion: with Lark's recursive Transformer (two frames a
    level) this tree, 200 frames below the caller, ran out of Python's recursion limit."""
    text = _deepest_allowed()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)  # Python's default (a package imported earlier, such as jedi, may raise it)
    try:
        declarations = _from_deep_stack(200, lambda: _outcome(text))
    finally:
        sys.setrecursionlimit(limit)
    assert isinstance(declarations[0], ast.Node)


MIXED_OPTION = 'option o "O": a, 1 default a [G-1]\n\n'  # a problem the transform finds
NESTING_TEXTS = {
    **{f"{n} brackets": _game(_score("(" * n + "1" + ")" * n)) for n in (20, 47, 48, 300)},
    **{f"a sum of {n} terms": _game(_score("(" + _wrapped(["1"] * n, " + ") + ")")) for n in (150, 151)},
    "a product of 151 terms": _game(_score("(" + _wrapped(["2"] * 151, " * ") + ")")),
    **{f"{n} conditions joined by {word}": _game(_score("count(q in players where " + _wrapped(["1 = 1"] * n, f" {word} ")
                                                        + ")")) for n in (150, 151) for word in ("or", "and")},
    "too deep, then a problem the transform finds": _game(_score("(" * 60 + "1" + ")" * 60), MIXED_OPTION),
    "a problem the transform finds, then too deep": _game(MIXED_OPTION, _score("(" * 60 + "1" + ")" * 60)),
    "a problem the transform finds, then a long sum": _game(MIXED_OPTION, _score("(" + _wrapped(["1"] * 151, " + ") + ")")),
    "a problem the transform finds, then deep but fine": _game(MIXED_OPTION, _score("(" * 20 + _wrapped(["1"] * 140, " + ") + ")" * 20)),
    "sums in sums, too deep": _sums_in_sums(3, LIMIT.chain_terms - 1),
}


def test_nesting_is_refused_on_both_sides_of_every_limit_before_what_the_transform_finds():
    outcomes = {name: _outcome(text) for name, text in NESTING_TEXTS.items()}
    fine = [name for name, outcome in outcomes.items() if isinstance(outcome[0], ast.Node)]
    assert fine == ["20 brackets", "47 brackets", "a sum of 150 terms"] + \
        [f"150 conditions joined by {word}" for word in ("or", "and")]
    message = {name: outcome[2] for name, outcome in outcomes.items() if name not in fine}
    for name in ("48 brackets", "300 brackets", "too deep, then a problem the transform finds",
                 "a problem the transform finds, then too deep"):
        assert message[name].startswith("this is nested too deeply"), name
    assert "terms in one sum" in message["a sum of 151 terms"]
    assert "terms in one sum" in message["a problem the transform finds, then a long sum"]
    assert "terms in one product" in message["a product of 151 terms"]
    assert "joined by `or`" in message["151 conditions joined by or"]
    assert "joined by `and`" in message["151 conditions joined by and"]
    assert "levels of a rule's parse tree" in message["sums in sums, too deep"]
    assert "mixes numbers and words" in message["a problem the transform finds, then deep but fine"]
