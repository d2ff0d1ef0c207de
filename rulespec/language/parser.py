"""Rule text -> parse tree -> typed AST.

The grammar lives in ``grammars/rulespec.lark``; this module builds the LALR parser once, turns
Lark's parse tree into :mod:`rulespec.language.ast` nodes and turns Lark's exceptions into
readable :class:`~rulespec.language.errors.RuleError` reports.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Optional

from lark import Tree
from lark.exceptions import UnexpectedInput, VisitError
from lark.indenter import DedentError

from . import ast
from .ast_building import AstProblem
from .brackets import bracket_problem, text_bracket_problem
from .collector import collector_paused
from .errors import Diagnostic, RuleError, SourceText
from .taken_words import name_read_as_a_word, stops_the_parse
from .grammar import (GluedKeyword, IndentProblem, TokenProblem, board_word_problem, build_expression_lark, build_lark, starts_a_value,
                      value_word_problem)
from .input_limits import character_problem, size_problem, too_deeply_nested
from .reading import read_rule_text
from .syntax_errors import dedent_line, diagnose_syntax
from .transform import ToAst


def parse_text(text: str, path: str = "<rules>") -> ast.RuleFile:
    """Parse rule text into a :class:`~rulespec.language.ast.RuleFile`, or raise RuleError."""
    problem = size_problem(text, path) or character_problem(text, path)
    if problem is not None:
        raise RuleError([problem]) from None
    # The parse makes many small objects and no cycles worth collecting: the cyclic collector, run
    # again and again as they pile up, made big files parse in more than linear time.
    with collector_paused():
        return _parse_text(text, path)


def _parse_text(text: str, path: str) -> ast.RuleFile:
    source = SourceText(path, text)
    if not text.endswith("\n"):
        text += "\n"
    tree = _lark_tree(text, source)
    try:
        declarations = _transform_checked(tree, path, source)
    except VisitError as error:
        inner = error.orig_exc
        if isinstance(inner, AstProblem):
            raise RuleError([source.diagnostic(inner.line, inner.column, inner.message, width=inner.width,
                                               hint=inner.hint)]) from None
        raise
    return ast.RuleFile(path=path, text=source_text_of(text), declarations=tuple(declarations))


def _lark_tree(text: str, source: SourceText) -> Tree:
    """The parse tree Lark makes of ``text``, or RuleError saying where and why it is not a rule file."""
    lark = build_lark()
    lark.options.postlex.text = text
    try:
        return lark.parse(text)
    except TokenProblem as problem:
        token = problem.token
        raise RuleError([source.diagnostic(token.line, token.column, problem.message, width=len(token),
                                           hint=problem.hint)]) from None
    except GluedKeyword as glued:
        token = glued.token
        bracket = bracket_problem(source, token.line, token.column, glued.word)
        if bracket is not None:
            raise RuleError([bracket]) from None
        rest = glued.word[len(token.value):]
        raise RuleError([source.diagnostic(
            token.line, token.column, f"`{glued.word}` is not a word of the language here", width=len(glued.word),
            hint=f"did you mean `{token.value}`?" if len(rest) <= 2 and rest.isalpha() else
            f"did you mean `{token.value} {rest}`?" if rest.isalnum() else
            f"`{token.value}` is a keyword; separate it from what follows")]) from None
    except UnexpectedInput as error:
        misnamed = _definition_named_as_a_word(text, source, getattr(error, "line", None)) \
            or _name_read_as_a_word(text, source, getattr(error, "line", None))
        if misnamed is not None:
            raise RuleError([misnamed]) from None
        raise RuleError([diagnose_syntax(error, source)]) from None
    except IndentProblem as problem:
        raise RuleError([source.diagnostic(problem.line, problem.column, problem.message,
                                           hint=problem.hint)]) from None
    except DedentError:
        line = dedent_line(text)
        raise RuleError([source.diagnostic(
            line, 1, "this line's indentation does not match any enclosing block",
            hint="indent the lines of one block by the same number of spaces")]) from None


_BOARD = re.compile(r"(?m)^[ \t]*(?:(?:add|replace)[ \t]+)?board[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*:[ \t]*"
                    r"rows[ \t]+([A-Za-z_][A-Za-z0-9_]*)[^,\n]*,[ \t]*columns[ \t]+([A-Za-z_][A-Za-z0-9_]*)")
_DEFINITION = re.compile(r"(?m)^[ \t]*(?:(?:add|replace)[ \t]+)?define[ \t]+([A-Za-z_][A-Za-z0-9_]*)")


def _definition_named_as_a_word(text: str, source: SourceText, failed_line) -> Optional[Diagnostic]:
    """A definition named with a word a value starts with (`define points(h: hand)`): a use of it does not
    parse (`points(p)` reads as `points of best sets ...`), so the mistake is told at the definition's name
    when the line that failed to parse names it. So for a board's rows or columns named so (`rows line 1..3`:
    `line of s` reads as `line of N from s towards d`), told at the board's declaration; a board that never
    reads them by that name is not refused."""
    lines = text.splitlines()
    if not isinstance(failed_line, int) or not 1 <= failed_line <= len(lines):
        return None
    named = [(m, 1, value_word_problem(m.group(1))) for m in _DEFINITION.finditer(text)]
    named += [(m, group, board_word_problem(m.group(group), ("rows", "columns")[group - 1]))  # `rows line 1..3`
              for m in _BOARD.finditer(text) for group in (1, 2) if m.group(group)]
    for match, group, (message, hint) in named:
        name = match.group(group)
        if starts_a_value(name) and re.search(rf"\b{name}\b", lines[failed_line - 1]) \
                and stops_the_parse(text, name, failed_line):
            line_start = text.rfind("\n", 0, match.start(group)) + 1
            return source.diagnostic(text.count("\n", 0, match.start(group)) + 1,
                                     match.start(group) - line_start + 1, message, width=len(name), hint=hint)
    return None


def _name_read_as_a_word(text: str, source: SourceText, failed_line) -> Optional[Diagnostic]:
    """A counter, score, row, parameter... named with a word of the language (`counter count`, `rows line`):
    told at the name where it was given, when a line that reads it as the word fails to parse."""
    found = name_read_as_a_word(text, failed_line)
    if found is None:
        return None
    given, word, _, message, hint = found
    return source.diagnostic(given.line, given.column, message, width=len(word), hint=hint)


def _transform_checked(tree: Tree, path: str, source: SourceText):
    """The AST of ``tree``, or RuleError at the first place nested too deeply (too_deeply_nested),
    which is reported before any problem the transform finds."""
    _refuse_too_deep(tree, source)
    return ToAst(path).transform(tree)


def _refuse_too_deep(tree: Tree, source: SourceText) -> None:
    too_deep = too_deeply_nested(tree)
    if too_deep is not None:
        meta, message, hint = too_deep
        raise RuleError([source.diagnostic(meta.line, meta.column, message, hint=hint)]) from None


class ValueProblem(Exception):
    """A value in a text's braces that is not an expression of the language, at ``column`` of its line."""

    def __init__(self, column: int, message: str, hint: str | None = None, width: int = 1):
        super().__init__(message)
        self.column, self.message, self.hint, self.width = column, message, hint, width


def parse_expression(text: str, path: str, line: int, column: int):
    """A value written inside a text's braces, as an expression whose locations are where it stands in
    the rule file (``line``, starting at ``column``). Raises ValueProblem at the first problem."""
    try:
        tree = build_expression_lark().parse(" " * (column - 1) + text)
        too_deep = too_deeply_nested(tree)
        if too_deep is not None:
            meta, message, hint = too_deep
            raise AstProblem(1, meta.column, message, hint=hint)
        node = ToAst(path).transform(tree)
    except UnexpectedInput as error:
        unpaired = text_bracket_problem(text)
        if unpaired is not None:
            offset, message, hint = unpaired
            raise ValueProblem(column + offset, message, hint) from None
        raise ValueProblem(getattr(error, "column", column) or column,
                           f"`{text}` is not a value the rules can work out",
                           "a text shows a chosen value in braces, like {tile}, or a value worked out from the game, "
                           "like {col of c} or {total of player + 1}") from None
    except (AstProblem, VisitError) as error:
        inner = error.orig_exc if isinstance(error, VisitError) else error
        if not isinstance(inner, AstProblem):
            raise
        raise ValueProblem(inner.column, inner.message, inner.hint, inner.width) from None
    return _moved_to_line(node, line)


def _moved_to_line(node, line: int):
    """``node`` (parsed from one line) with every location on ``line`` of its file."""
    if isinstance(node, tuple):
        return tuple(_moved_to_line(n, line) for n in node)
    if not isinstance(node, ast.Node):
        return node
    update = {field.name: _moved_to_line(getattr(node, field.name), line)
              for field in dataclasses.fields(node) if field.name != "loc"}
    update["loc"] = dataclasses.replace(node.loc, line=line, end_line=line)
    return dataclasses.replace(node, **update)


def parse_file(path: str | Path) -> ast.RuleFile:
    return parse_text(read_rule_text(path), str(Path(path)))


def source_text_of(text: str) -> str:
    return text
