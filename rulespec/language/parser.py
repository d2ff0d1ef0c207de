"""Rule text -> parse tree -> typed AST.

The grammar lives in ``grammars/rulespec.lark``; this module builds the LALR parser once, turns
Lark's parse tree into :mod:`rulespec.language.ast` nodes and turns Lark's exceptions into
readable :class:`~rulespec.language.errors.RuleError` reports.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import unicodedata
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer_NonRecursive, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from lark.indenter import DedentError, Indenter

from . import ast
from .collector import collector_paused
from .errors import Diagnostic, RuleError, SourceText, did_you_mean
from ..lib.limits import LIMIT, refusal
from .reading import read_rule_text
from ..resources import grammar_path

# Terminal names as a person would say them.
FRIENDLY_TERMINALS = {
    "NAME": "a name",
    "INT": "a number",
    "NEGATIVE_INT": "a number",
    "STRING": 'a quoted text ("...")',
    "CLAUSE_ID": "a clause ID such as SHELL-COMP-2",
    "MAP_ROW": "a row of map cells (. or a letter, separated by spaces)",
    "COMPARE": "a comparison (=, !=, <, <=, >, >=)",
    "LOWEST_HIGHEST": "`lowest` or `highest`",
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the indented block",
    "_BY": "`x`",
    "$END": "the end of the file",
    "LSQB": "a citation `[...]`",
    "__ANON_0": "`..`",
}

# What each declaration keyword starts, for "did you mean" hints on the first word of a line.
DECLARATION_KEYWORDS = (
    "game", "ruling", "option", "component", "with", "zone", "board", "counter", "queue", "fit", "setup",
    "turns", "step", "choice", "chance", "trigger", "instead", "end", "score", "ranking", "invariant",
    "example", "variant", "extends", "replace",
)
STATEMENT_KEYWORDS = ("move", "place", "then", "queue", "resolve", "set", "add", "nothing", "if", "for", "repeat")
# Words that continue an expression; when many of them fit, the report says "an operator".
OPERATOR_WORDS = ("and", "or", "is", "in", "fits", "has", "holds", "+", "-", "*", "of", "mod", "won")
# Words that start a value; when these fit, the report says "a value".
VALUE_STARTS = ("NAME", "INT", "LPAR", "MINUS", "NOT", "COUNT", "SUM", "LINE", "NEIGHBOUR", "WALK")

# Characters that are not part of the language, with what the writer probably meant.
CHARACTER_HINTS = {
    "'": 'texts are written in double quotes: "like this"',
    "\u2018": 'texts are written in straight double quotes: "like this"',
    "\u2019": 'texts are written in straight double quotes: "like this"',
    "\u201c": 'use straight double quotes `"`, not curly ones',
    "\u201d": 'use straight double quotes `"`, not curly ones',
    "\u00a0": "this is a no-break space (often pasted from a PDF or a web page); type an ordinary space",
    "\t": "indent with spaces, not tabs",
    "\r": "a stray carriage return; save the file with ordinary line endings",
    "&": "write `and`",
    "|": "write `or`",
    "!": "write `not`, or `!=` for \"is not equal to\"",
    ";": "no `;` is needed: each statement goes on its own line",
    "{": "`{...}` placeholders are only used inside quoted texts",
    "}": "`{...}` placeholders are only used inside quoted texts",
    ".": "numbers are whole numbers, and a range of numbers is written with two dots: `0..17`",
    "/": "there is no division; use `*`, `+` and `-`",
    "\u2013": "write a minus sign as `-`",
    "\u2212": "write a minus sign as `-`",
}

_CLAUSE_ID = re.compile(r"[A-Z][A-Z0-9]*(-[A-Z0-9]+)+")
_CLAUSE_LIKE = re.compile(r"[A-Za-z0-9_]+(?:[-_][A-Za-z0-9]+)*")


class _IndentProblem(DedentError):
    """Bad indentation found by the indenter, with the place to point at."""

    def __init__(self, line: int, column: int, message: str, hint: str | None = None):
        super().__init__(message)
        self.line, self.column, self.message, self.hint = line, column, message, hint


class _TokenProblem(Exception):
    """A token that breaks a documented limit (a name or a text too long)."""

    def __init__(self, token: Token, message: str, hint: str | None = None):
        super().__init__(message)
        self.token, self.message, self.hint = token, message, hint


class _GluedKeyword(Exception):
    def __init__(self, token: Token, word: str):
        super().__init__(word)
        self.token, self.word = token, word


# Terminals a keyword cannot be glued to the front of (they are words, texts or numbers themselves).
_UNGLUED_TOKENS = frozenset({"NAME", "STRING", "CLAUSE_ID", "MAP_ROW", "INT"})


class _RuleIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    text = ""  # the text being parsed, set by parse_text, to check that keywords end where words end

    def process(self, stream):
        self.open_parens: list[Token] = []
        return super().process(self._checked(stream))

    def _checked(self, stream):
        """The lexer's tokens, passed on to Lark's Indenter after checks of ours.

        Remember where each still-open bracket is, to name it when the file goes wrong after it.
        Refuse a keyword glued to more letters (`everystep`): the contextual lexer would otherwise
        read the keyword off the front of a longer word. And refuse a name or a text over its limit.
        """
        text = self.text
        open_parens = self.open_parens
        opening, closing = self.OPEN_PAREN_types, self.CLOSE_PAREN_types
        for token in stream:
            kind = token.type
            if kind in _UNGLUED_TOKENS:
                if kind == "STRING" and len(token) - 2 > LIMIT.string_length:
                    raise _TokenProblem(token, refusal("string_length", len(token) - 2),
                                        hint="split a long text into several quoted lines, or shorten it")
                if kind == "NAME" and len(token) > LIMIT.name_length:
                    raise _TokenProblem(token, refusal("name_length", len(token)), hint="choose a shorter name")
            elif token.value[-1:].isalpha():
                end = token.end_pos
                if end is not None and end < len(text) and (text[end].isalnum() or text[end] == "_"):
                    word = re.match(r"[A-Za-z0-9_]*", text[token.start_pos:]).group(0)
                    raise _GluedKeyword(token, word)
            if kind in opening:
                open_parens.append(token)
            elif kind in closing and open_parens:
                open_parens.pop()
            yield token

    def handle_NL(self, token: Token):
        if self.paren_level == 0:
            indent_str = token.rsplit("\n", 1)[1]
            line = token.end_line or token.line
            if "\t" in indent_str:
                raise _IndentProblem(line, indent_str.index("\t") + 1, "this line is indented with a tab",
                                     hint="indent with spaces only (a tab is not the same width in every editor)")
            indent = len(indent_str)
            if indent < self.indent_level[-1] and indent not in self.indent_level:
                levels = sorted(set(self.indent_level), reverse=True)
                raise _IndentProblem(
                    line, indent + 1,
                    f"this line's indentation ({_spaces(indent)}) does not line up with any enclosing block",
                    hint=f"indent it by {_join_or_words([str(n) for n in levels])} spaces, like a line above")
        yield from super().handle_NL(token)


def _spaces(count: int) -> str:
    return "1 space" if count == 1 else f"{count} spaces"


def _join_or_words(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


@functools.lru_cache(maxsize=None)
def build_lark(strict: bool = False) -> Lark:
    """The LALR parser (contextual lexer). ``strict=True`` makes Lark refuse any conflict."""
    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        postlex=_RuleIndenter(),
        propagate_positions=True,
        maybe_placeholders=True,
        strict=strict,
        # Built in this process, never cached: Lark's cache is a pickle it loads back from a path in
        # the shared temp folder, which another user could have written first.
        cache=False,
    )


def _size_problem(text: str, path: str) -> Diagnostic | None:
    """A file too big to read, refused before it is split into lines or lexed."""
    size = len(text) if len(text) > LIMIT.file_bytes else len(text.encode("utf-8", "surrogatepass"))
    if size > LIMIT.file_bytes:
        return SourceText(path, "").diagnostic(1, 1, refusal("file_bytes", size),
                                               hint="split the game into smaller files, or shorten it")
    lines = text.count("\n") + (0 if text.endswith("\n") else 1)
    if lines > LIMIT.file_lines:
        return SourceText(path, "").diagnostic(1, 1, refusal("file_lines", lines),
                                               hint="split the game into smaller files, or shorten it")
    start = 0
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > LIMIT.line_length:
            source = SourceText(path, text[start:start + len(line)])
            diagnostic = source.diagnostic(1, LIMIT.line_length + 1, refusal("line_length", len(line)),
                                           hint="break the line: inside brackets a line may go on on the next")
            return Diagnostic(path, number, diagnostic.column, diagnostic.message, diagnostic.source_line,
                              1, (), diagnostic.hint)
        start += len(line) + 1
    return None


# Characters a rule file may not hold anywhere (in a text or a comment too): control characters other
# than tab and line feed, a carriage return not followed by a line feed, the Unicode line and paragraph
# separators, the bidirectional controls (which make text read in another order than it has), and lone
# surrogates (not characters at all; a str from the API may hold them). Each could end a line, or hide
# or disguise text, somewhere a person or a program does not expect it.
FORBIDDEN_CHARACTER = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]|\r(?!\n)")


def _character_problem(text: str, path: str) -> Diagnostic | None:
    """The first character that no rule file may hold, with its position."""
    found = FORBIDDEN_CHARACTER.search(text)
    if found is None:
        return None
    at = found.start()
    char = text[at]
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    if char == "\r":
        message, hint = "a carriage return that does not end a line", \
            "save the file with LF or CRLF line endings; a lone CR is not a line break here"
    elif "\u202a" <= char <= "\u202e" or "\u2066" <= char <= "\u2069":
        message, hint = f"the bidirectional control U+{ord(char):04X} cannot be in a rule file", \
            "delete it: it makes text read in another order than the one it has"
    elif "\ud800" <= char <= "\udfff":
        message, hint = f"a lone surrogate (U+{ord(char):04X}) is not a character", \
            "the text was not decoded correctly: read the file as UTF-8"
    else:
        message, hint = f"the control character U+{ord(char):04X} cannot be in a rule file", \
            "delete it: a rule file is plain text, with tabs, spaces and line breaks only"
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    shown = FORBIDDEN_CHARACTER.sub("\ufffd", text[start:end if end >= 0 else len(text)])
    diagnostic = SourceText(path, shown).diagnostic(1, column, message, hint=hint)
    return Diagnostic(path, line, diagnostic.column, diagnostic.message, diagnostic.source_line,
                      1, (), diagnostic.hint)


def parse_text(text: str, path: str = "<rules>") -> ast.RuleFile:
    """Parse rule text into a :class:`~rulespec.language.ast.RuleFile`, or raise RuleError."""
    problem = _size_problem(text, path) or _character_problem(text, path)
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
        if isinstance(inner, _AstProblem):
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
    except _TokenProblem as problem:
        token = problem.token
        raise RuleError([source.diagnostic(token.line, token.column, problem.message, width=len(token),
                                           hint=problem.hint)]) from None
    except _GluedKeyword as glued:
        token = glued.token
        rest = glued.word[len(token.value):]
        raise RuleError([source.diagnostic(
            token.line, token.column, f"`{glued.word}` is not a word of the language here", width=len(glued.word),
            hint=f"did you mean `{token.value}`?" if len(rest) <= 2 and rest.isalpha() else
            f"did you mean `{token.value} {rest}`?" if rest.isalnum() else
            f"`{token.value}` is a keyword; separate it from what follows")]) from None
    except UnexpectedInput as error:
        open_parens = tuple(getattr(lark.options.postlex, "open_parens", ()))
        raise RuleError([_diagnose_syntax(error, source, open_parens)]) from None
    except _IndentProblem as problem:
        raise RuleError([source.diagnostic(problem.line, problem.column, problem.message,
                                           hint=problem.hint)]) from None
    except DedentError:
        line = _dedent_line(text)
        raise RuleError([source.diagnostic(
            line, 1, "this line's indentation does not match any enclosing block",
            hint="indent the lines of one block by the same number of spaces")]) from None


def _transform_checked(tree: Tree, path: str, source: SourceText):
    """The AST of ``tree``, or RuleError at the first place nested too deeply (_too_deeply_nested),
    which is reported before any problem the transform finds."""
    _refuse_too_deep(tree, source)
    return _ToAst(path).transform(tree)


def _refuse_too_deep(tree: Tree, source: SourceText) -> None:
    too_deep = _too_deeply_nested(tree)
    if too_deep is not None:
        meta, message, hint = too_deep
        raise RuleError([source.diagnostic(meta.line, meta.column, message, hint=hint)]) from None


# Deeper than any rule a person writes (the bundled games need 21), shallow enough for every later
# stage, which all walk the tree recursively. A chain `a + b + c` is not nesting: it is bounded by its
# length instead (rulespec.lib.limits).
MAX_NESTING = LIMIT.nesting
MAX_CHAIN_TERMS = LIMIT.chain_terms
_CHAINS = {"plus": "sum", "minus": "sum", "times": "product"}
_FLAT = {"any_of": "`or`", "all_of": "`and`"}


def _chain_terms(node: Tree) -> int:
    """How many terms the left-leaning chain of + and - (or of *) starting at ``node`` has."""
    family = _CHAINS[node.data]
    terms = 1
    while isinstance(node, Tree) and _CHAINS.get(node.data) == family:
        terms += 1
        node = node.children[0]
    return terms


def _too_deeply_nested(tree: Tree):
    """(meta, message, hint) for the first place nested deeper than MAX_NESTING or a chain longer than
    MAX_CHAIN_TERMS, if there is one.

    `a + b + c` parses as ((a + b) + c): the left operand of a + or - that is itself a + or - continues
    the same chain and is not counted as a level of nesting (likewise for *)."""
    stack = [(tree, 1, False, 1)]
    while stack:
        node, depth, continues, levels = stack.pop()
        meta = node.meta
        if depth > MAX_NESTING and not getattr(meta, "empty", True):
            return (meta, f"this is nested too deeply (more than {MAX_NESTING} levels)",
                    "split it up: move part of the expression or of the nested blocks into its own step or score")
        if levels > LIMIT.tree_depth and not getattr(meta, "empty", True):  # chains inside chains
            return (meta, refusal("tree_depth", f"more than {LIMIT.tree_depth:,}"),
                    "split it up: add up part of it in its own score, or use `sum(...)`")
        family = _CHAINS.get(node.data)
        if family is not None and not continues:
            terms = _chain_terms(node)
            if terms > MAX_CHAIN_TERMS and not getattr(meta, "empty", True):
                return (meta, refusal("chain_terms", terms, unit=f"terms in one {family}"),
                        f"split it up: add up part of it in its own score, or use `sum(...)`")
        if node.data in _FLAT and len(node.children) > MAX_CHAIN_TERMS and not getattr(meta, "empty", True):
            return (meta, refusal("chain_terms", len(node.children), unit=f"conditions joined by {_FLAT[node.data]}"),
                    "split it up: name part of the condition in its own step, or test fewer things at once")
        # leftmost child on top, so the report points at the start of the deep part
        children = node.children
        for index in range(len(children) - 1, -1, -1):
            child = children[index]
            if child.__class__ is Tree:
                chained = index == 0 and family is not None and _CHAINS.get(child.data) == family
                stack.append((child, depth if chained else depth + 1, chained, levels + 1))
    return None


@functools.lru_cache(maxsize=None)
def build_expression_lark() -> Lark:
    """The same grammar, started at `expr`: for a value shown in a text (`"hold at {turn_total}"`)."""
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                start="expr", propagate_positions=True, maybe_placeholders=True, cache=False)


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
        too_deep = _too_deeply_nested(tree)
        if too_deep is not None:
            meta, message, hint = too_deep
            raise _AstProblem(1, meta.column, message, hint=hint)
        node = _ToAst(path).transform(tree)
    except UnexpectedInput as error:
        raise ValueProblem(getattr(error, "column", column) or column,
                           f"`{text}` is not a value the rules can work out",
                           "a text shows a chosen value in braces, like {tile}, or a value worked out from the game, "
                           "like {col of c} or {total of player + 1}") from None
    except (_AstProblem, VisitError) as error:
        inner = error.orig_exc if isinstance(error, VisitError) else error
        if not isinstance(inner, _AstProblem):
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


def _dedent_line(text: str) -> int:
    """Best guess at the line whose dedent Lark's indenter refused: the first inconsistent one."""
    stack = [0]
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(raw) - len(stripped)
        if indent > stack[-1]:
            stack.append(indent)
        else:
            while indent < stack[-1]:
                stack.pop()
            if indent != stack[-1]:
                return number
    return max(1, len(text.splitlines()))


def _describe_token(token: Token) -> str:
    kind = token.type
    if kind in ("_NL", "_INDENT", "_DEDENT", "$END"):
        return {"_NL": "the end of the line", "_INDENT": "indentation", "_DEDENT": "the end of the indented block",
                "$END": "the end of the file"}[kind]
    text = str(token)
    if len(text) > 30:
        text = text[:27] + "..."
    if kind == "INT":
        return f"number `{text}`"
    if kind == "STRING":
        return f"quoted text `{text}`"
    if kind == "CLAUSE_ID":
        return f"clause ID `{text}`"
    if kind == "MAP_ROW":
        return f"map row `{text}`"
    return f"`{text}`"


@functools.lru_cache(maxsize=None)
def _literal_terminals() -> dict[str, str]:
    """Terminal name -> its fixed text, for the grammar's keywords and punctuation."""
    return {t.name: t.pattern.value for t in build_lark().terminals if t.pattern.type == "str"}


@functools.lru_cache(maxsize=None)
def _declaration_keywords() -> tuple[str, ...]:
    """The words that can start a declaration, read from the grammar (so new declarations are included)."""
    literal = _literal_terminals()
    try:
        accepts = build_lark().parse_interactive("").accepts()
    except Exception:  # the fixed list is a fine fallback
        accepts = set()
    found = tuple(sorted(literal[n] for n in accepts if n in literal and literal[n].isalpha()))
    return tuple(dict.fromkeys(DECLARATION_KEYWORDS + found))


def _expected_words(expected: set[str] | frozenset[str] | tuple[str, ...]) -> tuple[str, ...]:
    """What could have come instead, in words a person knows, short, most specific first."""
    literal = _literal_terminals()
    names = {n for n in expected if n in literal or n in FRIENDLY_TERMINALS}
    by_word = {literal[n]: n for n in names if n in literal}
    ranked: list[tuple[int, str]] = []

    def group(words, minimum, label):
        present = [w for w in dict.fromkeys(words) if w in by_word]
        if len(present) >= minimum:
            for w in present:
                names.discard(by_word.pop(w))
            ranked.append((1, label.format(", ".join(f"`{w}`" for w in present[:4]))))

    group(("game", "component", "zone", "step", "choice") + _declaration_keywords(), 6, "a declaration ({}, ...)")
    group(("move", "place", "set", "then", "if") + STATEMENT_KEYWORDS, 6, "a statement ({}, ...)")
    if {"NAME", "INT", "LPAR"} <= names:
        names -= set(VALUE_STARTS)
        for word in ("-", "not", "count", "sum", "("):
            by_word.pop(word, None)
        ranked.append((1, "a value (a name, a number, `count(...)`, ...)"))
    present = [w for w in OPERATOR_WORDS if w in by_word] + (["="] if "COMPARE" in names else [])
    if len(present) >= 4:
        for w in present:
            names.discard(by_word.pop(w, "COMPARE"))
        ranked.append((1, "an operator ({}, ...)".format(", ".join(f"`{w}`" for w in present[:4]))))
    if "$END" in names:
        names.discard("_NL")  # blank lines are allowed anywhere; saying so here only adds noise
    order = {"LSQB": 2, "RULING": 2, "_INDENT": 3, "_NL": 4, "_DEDENT": 4, "$END": 4}
    for name in names:
        word = FRIENDLY_TERMINALS.get(name) or f"`{literal[name]}`"
        ranked.append((order.get(name, 0), word))
    words = tuple(dict.fromkeys(word for _, word in sorted(ranked, key=lambda r: (r[0], r[1].strip("`")))))
    # Keep the list short: a person cannot use forty alternatives.
    return words if len(words) <= 8 else words[:7] + ("...",)


def _keywords_in(expected) -> list[str]:
    literal = _literal_terminals()
    return [literal[n] for n in expected if n in literal and literal[n].isalpha()]


def _accepted(error: UnexpectedInput, fallback) -> set[str]:
    """The terminals the parser would really have taken here (after pending reductions)."""
    parser = getattr(error, "interactive_parser", None)
    if parser is not None:
        try:
            accepts = parser.accepts()
        except Exception:  # the fallback list is less precise but always available
            accepts = None
        if accepts:
            return set(accepts)
    return set(fallback or ())


def _is_blank(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _enclosing(source: SourceText, line: int, same_line: bool = False) -> str | None:
    """`choice turn`: the top-level declaration that line ``line`` belongs to, if any."""
    for number in range(min(line, len(source.lines)), 0, -1):
        text = source.line(number)
        if _is_blank(text) or _indent_of(text) > 0:
            continue
        if number == line and not same_line:
            return None
        match = re.match(r'([a-z]+)(?:[ \t]+([A-Za-z_][A-Za-z0-9_-]*|"[^"\n]*"))?', text)
        if not match or match.group(1) not in _declaration_keywords():
            return None
        keyword, name = match.groups()
        if keyword == "with":
            return None
        return f"`{keyword} {name}`" if name else f"`{keyword}`"
    return None


def _last_content_line(source: SourceText) -> int:
    for number in range(len(source.lines), 0, -1):
        if source.line(number).strip():
            return number
    return 1


def _previous_content_line(source: SourceText, line: int) -> int:
    for number in range(line - 1, 0, -1):
        if not _is_blank(source.line(number)):
            return number
    return line


def _next_content_line(source: SourceText, line: int) -> int | None:
    for number in range(line + 1, len(source.lines) + 1):
        if not _is_blank(source.line(number)):
            return number
    return None


def _describe_char(char: str) -> str:
    if char.isprintable() and not char.isspace():
        return f"`{char}`"
    name = {"\t": "tab", "\r": "carriage return", "\n": "line break"}.get(char) or unicodedata.name(char, "").lower()
    return f"U+{ord(char):04X} ({name})" if name else f"U+{ord(char):04X}"


def _unclosed_hint(open_parens, line: int) -> str | None:
    earlier = [p for p in open_parens if p.line < line]
    if not earlier:
        return None
    paren = earlier[-1]
    closer = ")" if str(paren) == "(" else "]"
    return (f"the `{paren}` on line {paren.line}, column {paren.column} is never closed with `{closer}`, "
            f"so the lines after it are read as part of that line")


def _unclosed_bracket(source: SourceText, open_parens, token: Token) -> Diagnostic | None:
    """When a bracket was left open, the parser only stumbles lines later: point at the bracket instead.

    Applies when the file ends inside the bracket, or when the first word of a later line does not fit
    (a sign that the line above was meant to be finished)."""
    if not open_parens:
        return None
    if token.type in ("$END", "_DEDENT"):
        paren, stumbled = open_parens[-1], "the file ended first"
    else:
        line, column = token.line, token.column
        earlier = [p for p in open_parens if p.line < line]
        if not earlier or column != _indent_of(source.line(line)) + 1:
            return None
        paren, stumbled = earlier[-1], f"the mistake only shows at `{token}` on line {line}"
    closer = ")" if str(paren) == "(" else "]"
    return source.diagnostic(
        paren.line, paren.column, f"this `{paren}` is never closed", expected=(f"`{closer}`",),
        hint=f"add the missing `{closer}`; while a bracket is open, line breaks are ignored, so {stumbled}")


def _diagnose_syntax(error: UnexpectedInput, source: SourceText, open_parens=()) -> Diagnostic:
    line = max(getattr(error, "line", 1) if isinstance(getattr(error, "line", None), int) else 1, 1)
    column = max(getattr(error, "column", 1) if isinstance(getattr(error, "column", None), int) else 1, 1)
    if isinstance(error, UnexpectedToken):
        return _unexpected_token(error, source, line, column, open_parens)
    if isinstance(error, UnexpectedCharacters):
        return _unexpected_character(error, source, line, column, open_parens)
    if isinstance(error, UnexpectedEOF):
        line = _last_content_line(source)
        where = _enclosing(source, line, same_line=True)
        return source.diagnostic(line, len(source.line(line)) + 1,
                                 f"the file ends in the middle of {where}" if where else "the file ends too soon",
                                 expected=_expected_words(set(error.expected)))
    return source.diagnostic(line, column, str(error).splitlines()[0])


def _unexpected_token(error: UnexpectedToken, source: SourceText, line: int, column: int, open_parens) -> Diagnostic:
    token = error.token
    expected = _accepted(error, error.expected)
    words = _expected_words(expected)
    hint = None
    unclosed = _unclosed_hint(open_parens, line)
    bracket = _unclosed_bracket(source, open_parens, token)
    if bracket is not None:
        return bracket

    if token.type == "$END":
        line = _last_content_line(source)
        column = len(source.line(line)) + 1
        where = _enclosing(source, line, same_line=True)
        message = f"the file ends in the middle of {where}" if where else "the file ends too soon"
        if unclosed:
            hint = unclosed
        elif "_INDENT" in expected:
            hint = "a line ending with `:` must be followed by an indented block"
        return source.diagnostic(line, column, message, expected=words, hint=hint)

    if token.type == "_NL":
        following = _next_content_line(source, line)
        if "COLON" in expected and following and _indent_of(source.line(following)) > _indent_of(source.line(line)):
            return source.diagnostic(line, column, "missing `:` at the end of this line", expected=words,
                                     hint="a line that opens an indented block ends with `:`")
        where = _enclosing(source, line)
        message = "this line ends too soon" + (f" (in {where})" if where else "")
        if re.fullmatch(r"\s*given\s+players\s+\d+\s*", source.line(line)):
            hint = "the player count reads `given 2 players`"
        elif "COLON" in expected:
            hint = "a block header ends with `:` and its body is indented on the next lines"
        return source.diagnostic(line, column, message, expected=words, hint=hint)

    if token.type == "_INDENT":
        line = token.end_line or line
        column = token.end_column or column
        hint = ("only a line ending with `:` opens an indented block: line this one up with the line above, "
                "or join the two lines")
        return source.diagnostic(line, column, "this line is indented, but the line above does not open a block",
                                 hint=hint)

    if expected == {"_INDENT"}:
        # A header ended with `:` but the next line is not indented under it.
        header = line if token.type == "_DEDENT" else _previous_content_line(source, line)
        if token.type == "_DEDENT":
            column = len(source.line(line)) + 1
        return source.diagnostic(line, column, f"expected an indented block after line {header}",
                                 width=1 if token.type == "_DEDENT" else max(1, len(str(token))),
                                 hint="a line ending with `:` must be followed by lines indented further than it")

    if token.type == "_DEDENT":
        where = _enclosing(source, line)
        message = "the indented block ends too soon" + (f" (in {where})" if where else "")
        return source.diagnostic(line, column, message, expected=words, hint=unclosed)

    text = str(token)
    width = max(1, len(text.split("\n")[0]))
    source_line = source.line(line)
    looks_like_word = bool(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", text))
    bad_row = _bad_map_row(error, source, line)
    if bad_row is not None:
        return bad_row
    glued = _glued_keyword(source_line, column)
    if glued is not None:
        # `per players`: the keyword `player` was read from the front of a longer word.
        start, word, keyword = glued
        where = _enclosing(source, line)
        return source.diagnostic(line, start, f"unexpected `{word}`" + (f" (in {where})" if where else ""),
                                 width=len(word), expected=_expected_words(_keyword_terminals(keyword)),
                                 hint=f"did you mean `{keyword}`?")
    if "CLAUSE_ID" in expected and token.type in ("NAME", "INT") or (
            token.type not in FRIENDLY_TERMINALS and "CLAUSE_ID" in expected and text.isalpha()):
        written = _CLAUSE_LIKE.match(source_line, column - 1)
        raw = written.group(0) if written else text
        width = len(raw)
        suggestion = raw.upper().replace("_", "-")
        if _CLAUSE_ID.fullmatch(suggestion):
            hint = f"clause IDs are written in capitals: `{suggestion}`"
        else:
            hint = "a clause ID is written in capitals with dashes, like `SHELL-COMP-2`"
        return source.diagnostic(line, column, f"`{raw}` is not a clause ID", width=width, expected=words, hint=hint)
    hint = _phrasing_hint(source_line, column, text)
    if hint is not None and hint.startswith("`by each player`"):
        words = ("`each player`", "`any player`", "a player")  # who chooses, not every token an expression allows
    if hint is None and looks_like_word and text not in _literal_terminals().values():
        hint = did_you_mean(text, _keywords_in(expected), cutoff=0.7)
        if hint is None and column == 1:
            hint = did_you_mean(text, _declaration_keywords(), cutoff=0.7)
    if hint is None and unclosed:
        hint = unclosed
    if hint is None and "MAP_ROW" in expected:
        hint = _MAP_ROW_HINT
    if hint is None and token.type == "STRING" and "NAME" in expected:
        hint = "names are written without quotes"
    if hint is None and token.type == "NAME" and "STRING" in expected:
        hint = 'texts are written in double quotes: "like this"'
    if hint is None and token.type == "COMPARE" and text == "=" and source_line[:column - 1].rstrip().endswith("="):
        hint = "compare with a single `=`"
    if hint is None and text in ("wins", "win", "winner", "loses", "lost"):
        hint = "to ask who won, write `p won` (true once the game is over, for each of its winners)"
    where = _enclosing(source, line)
    message = f"unexpected {_describe_token(token)}" + (f" (in {where})" if where else "")
    return source.diagnostic(line, column, message, width=width, expected=words, hint=hint)


_COUNTER_VERBS = ("subtract", "decrease", "increase", "increment", "decrement", "reduce", "raise", "lower")


def _phrasing_hint(source_line: str, column: int, text: str) -> str | None:
    """What to write instead, for phrasings a newcomer reaches for that the language spells differently
    (`subtract 1 from x`, `elif`, `0 to 5`, `for s, t in grid`, `by all players`, ...)."""
    before = source_line[:column - 1]
    at_start = not before.strip()
    if at_start and text in _COUNTER_VERBS:
        return ("a counter changes with `add N to COUNTER` or `set COUNTER to N`; to take away, add a negative "
                "number: `add -1 to passes`, `add -(bid of p) to coins of p`")
    if at_start and re.match(r"[A-Za-z_]\w*(\s+of\s+[^=]+?)?\s*(\+=|-=|=)", source_line[column - 1:]):
        return "a counter changes with `set COUNTER to N` or `add N to COUNTER` (`add -1 to COUNTER` takes one away)"
    declaration = source_line.split()[0] if source_line.split() else ""
    if re.fullmatch(r"[A-Za-z_]\w*", text) and declaration in ("component", "dice", "counter"):
        if declaration == "counter" and re.search(r"\bstarts\s+at\s*-?\s*$", before):
            return (f"a counter starts at a written number; to start it at `{text}`, set it in `setup`: "
                    f"`set COUNTER to {text}`")
        if re.search(r"\.\.\s*$", before):
            return ("an attribute's values are written out (`1..10`), not read from an option; the rules can still "
                    f"compare them with it (`... <= {text}`)")
    stripped = before.strip()
    if stripped.startswith("then ") and text in ("won", "win", "wins", "lost", "loses") and re.search(r"\bplayer\s+\d+\s*$", before):
        return "the winners read `then player 1 wins` (`then player 1, player 3 win`)"
    if re.fullmatch(r"then\s+(it|this)\s+is\s+a", stripped) and text == "draw":
        return "write `then the game is a draw`"
    if text == "[" and re.search(r"\breturns\s+are\s*$", before):
        return "list the payoffs in seat order without brackets: `then returns are 1, -1`"
    if re.fullmatch(r"(when|then)", stripped) and text != '"' and not text.startswith('"'):
        if re.match(r"(player\s+\d+|chance)\s*:", source_line[column - 1:]):
            return "an action is quoted as the game prints it: `when \"player 1: pass\"`"
    if text == ":" and re.fullmatch(r"(win|draw|loss)", stripped.split(",")[-1].strip()):
        return "write the payoffs without colons: `win 1, draw 0, loss -1`"
    if text == "(" and re.fullmatch(r"score\s+[A-Za-z_]\w*", stripped):
        return "a score is one number per player: `score NAME of p:` and its value on the next line"
    if text == "=" and re.match(r"\s*set\b", before):
        return "write `set COUNTER to N`"
    if text == "elif" or (text == "if" and re.search(r"\belse\s*$", before)):
        return "write `else:` on a line of its own and the next `if ...:` indented under it"
    if text == "to" and re.search(r"\b(in|from)\s+\S.*$", before) and not re.search(r"\b(move|add|set)\b", before):
        return "a range of numbers is written with two dots: `0..N` (`for n in 0..coins of player`)"
    if re.search(r"\bwinner\s+is\s*$", before):
        return "write the winner right after `winner`: `winner p`"
    if re.search(r"\bby\s+(all|every|both|everyone|everybody)\s*$", before) or (
            text in ("every", "both", "everyone", "everybody") and re.search(r"\bby\s*$", before)):
        return ("`by each player` is a choice every player makes at once, in secret; `by any player` a claim "
                "window (whoever acts first); `by player` the step's own player")
    if text == "," and re.search(r"\bfor\s+[A-Za-z_]\w*\s*$", before):
        return "each name gets its own `in`: `for s in grid, t in grid`"
    if text == "where" and re.match(r"\s*for\s+each\b", before):
        return ("`for each` goes through every element: test each one with an `if ...:` inside the loop "
                "(`where` filters in `count(...)`, `sum(...)` and `any(...)`)")
    if text in (")", ",") and re.search(r"\b(define|step|choice|chance)\s+[A-Za-z_]\w*\s*\(([^():]*:[^():,]*,)*\s*[A-Za-z_]\w*\s*$", before):
        return "each parameter has a type: `p: seat` (seat, space, item, number, word or a board's name)"
    return None


def _glued_keyword(source_line: str, column: int):
    """(start column, whole word, keyword) when the parser stopped inside a word whose front is a keyword."""
    index = column - 1
    if not (0 < index < len(source_line)) or not _is_word_char(source_line[index - 1]) \
            or not _is_word_char(source_line[index]):
        return None
    start = index
    while start > 0 and _is_word_char(source_line[start - 1]):
        start -= 1
    end = index
    while end < len(source_line) and _is_word_char(source_line[end]):
        end += 1
    keyword = source_line[start:index]
    if keyword not in _literal_terminals().values():
        return None
    return start + 1, source_line[start:end], keyword


def _is_word_char(char: str) -> bool:
    return char.isascii() and (char.isalnum() or char == "_")


def _keyword_terminals(keyword: str) -> set[str]:
    return {name for name, value in _literal_terminals().items() if value == keyword}


def _map_row_problem(source_line: str, column: int):
    """(column, message) for the first thing in a board row that is not a map cell."""
    cells = source_line[column - 1:].rstrip()
    for offset, char in enumerate(cells):
        if char == "#":
            break
        if offset % 2 == 0 and not (char == "." or "a" <= char <= "z"):
            return column + offset, f"`{char}` cannot be a map cell" if char != " " else "map cells must be separated by single spaces"
        if offset % 2 == 1 and char != " ":
            return column + offset, "map cells must be separated by single spaces"
    return None


def _bad_map_row(error: UnexpectedInput, source: SourceText, line: int) -> Diagnostic | None:
    """A board row read only partly as map cells (`. . A .`): point at the first cell that is wrong."""
    parser = getattr(error, "interactive_parser", None)
    stack = getattr(getattr(parser, "parser_state", None), "value_stack", None) or ()
    last = stack[-1] if stack else None
    if not isinstance(last, Token) or last.type != "MAP_ROW" or last.line != line:
        return None
    problem = _map_row_problem(source.line(line), last.column)
    if problem is None:
        return None
    return source.diagnostic(line, problem[0], problem[1], expected=_expected_words({"MAP_ROW"}), hint=_MAP_ROW_HINT)


_MAP_ROW_HINT = "each cell of a board row is `.` or a small letter naming a region, with one space between cells"


def _unexpected_character(error: UnexpectedCharacters, source: SourceText, line: int, column: int,
                          open_parens) -> Diagnostic:
    source_line = source.line(line)
    char = source_line[column - 1: column] or getattr(error, "char", "") or "?"
    accepted = _accepted(error, error.allowed)
    expected = _expected_words(accepted)
    if "MAP_ROW" in accepted:
        problem = _map_row_problem(source_line, column)
        if problem is not None:
            return source.diagnostic(line, problem[0], problem[1], expected=expected, hint=_MAP_ROW_HINT)
        return source.diagnostic(line, column, "a board row needs at least two cells", expected=expected,
                                 hint=_MAP_ROW_HINT)
    bad_row = _bad_map_row(error, source, line)
    if bad_row is not None:
        return bad_row
    if char == '"':
        return source.diagnostic(line, column, "this quoted text is not closed on its line",
                                 width=max(1, len(source_line) - column + 1),
                                 hint="a quoted text must end on the line where it starts; "
                                      "a long text can be split into several quoted lines")
    hint = CHARACTER_HINTS.get(char)
    if hint is None and char.isalpha():
        hint = "names use only the letters a to z, digits and `_`"
    if hint is None and char.isprintable() and not char.isspace():
        hint = f"`{char}` is not part of the rule language"
    return source.diagnostic(line, column, f"unexpected character {_describe_char(char)}", expected=expected,
                             hint=hint)


class _AstProblem(Exception):
    def __init__(self, line: int, column: int, message: str, width: int = 1, hint: str | None = None):
        super().__init__(message)
        self.line, self.column, self.message, self.width, self.hint = line, column, message, width, hint


# ----------------------------------------------------------------------------- tree -> AST


_NUMBER_HINTS = {
    "players": "seats are numbered from 1, and a game seats a few players",
    "copies": "declare as many copies as the game's box holds",
    "max_turns": "`at most N turns` is a safety net against endless games: a few thousand is plenty",
    "lattice_coordinate": "a shape lists its triangles relative to (0, 0): write small row and column numbers",
}


def _number(token: Token, name: str = "number", hint: str | None = None) -> int:
    """The value of an INT token, refused at its position beyond the documented limit ``name``.

    Every number of a rule file is read here: the digits are counted before they are converted (Python
    refuses to convert 4,301 digits or more, and bigger numbers only make bigger tables)."""
    digits = str(token)
    bound = getattr(LIMIT, name)
    significant = digits.lstrip("0") or "0"
    if len(significant) > len(str(bound)) or int(significant) > bound:
        asked = int(significant) if len(significant) <= 30 else f"a number of {len(significant):,} digits"
        raise _AstProblem(token.line, token.column, refusal(name, asked), width=len(digits),
                          hint=hint or _NUMBER_HINTS.get(name, "rule files are about games: use a smaller number"))
    return int(significant)


def _signed_number(token: Token, name: str = "number") -> int:
    """An INT or NEGATIVE_INT token's value (``-3``), bounded like any number of a rule file."""
    if str(token).startswith("-"):
        return -_number(Token.new_borrow_pos("INT", str(token)[1:], token), name)
    return _number(token, name)


def _option_value(token: Token):
    """An option's value: a word, or a number the rules compute with (kept as the digits written)."""
    return str(_number(token)) if token.type == "INT" else str(token)


def _unquote(token: Token) -> str:
    return str(token)[1:-1]


def _meta_loc(path: str, meta: Any) -> ast.Loc:
    if getattr(meta, "empty", True):
        return ast.Loc(file=path, line=1, column=1, end_line=1, end_column=1)
    return ast.Loc(file=path, line=meta.line, column=meta.column, end_line=meta.end_line, end_column=meta.end_column)


def _token_loc(path: str, token: Token) -> ast.Loc:
    return ast.Loc(file=path, line=token.line, column=token.column, end_line=token.end_line or token.line,
                   end_column=token.end_column or token.column)


class _Tail:
    """Citations and rulings found at the end of a declaration's header line."""

    def __init__(self, cites=(), rulings=()):
        self.cites, self.rulings = tuple(cites), tuple(rulings)


def _split(children):
    """Separate a node's citation/ruling tails from its other children."""
    cites: list[str] = []
    rulings: list[str] = []
    rest = []
    for child in children:
        if isinstance(child, _Cites):
            cites.extend(child.ids)
        elif isinstance(child, _Rulings):
            rulings.extend(child.ids)
        else:
            rest.append(child)
    return rest, tuple(cites), tuple(rulings)


class _ExampleWith:
    """An example's `with variant ..., option ... = ...` (taken apart in ``example``)."""

    def __init__(self, items: tuple):
        self.items = items


class _Cites:
    def __init__(self, ids):
        self.ids = ids


class _Rulings:
    def __init__(self, ids):
        self.ids = ids


class _Block(list):
    pass


# Lark's non-recursive Transformer: a tree as deep as the limits allow (400 levels) takes two Python
# frames a level in the recursive one, too close to Python's recursion limit.
@v_args(meta=True)
class _ToAst(Transformer_NonRecursive):
    def __init__(self, path: str):
        super().__init__(visit_tokens=False)  # no method here is named after a terminal
        self.path = path

    def _loc(self, meta):
        # (a name with `_`: v_args wraps every other method, to be called with (meta, children))
        return _meta_loc(self.path, meta)

    # --- plumbing
    def start(self, meta, children):
        return [c for c in children if c is not None]

    def cite(self, meta, children):
        return _Cites([str(c) for c in children])

    def rulings(self, meta, children):
        return _Rulings([str(c) for c in children])

    # --- game
    def game(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name = _unquote(rest[0])
        fields: dict[str, Any] = {}
        for item in rest[1:]:
            fields.update(item)
        return ast.GameDecl(loc=self._loc(meta), name=name, cites=cites, rulings=rulings, **fields)

    def game_id(self, meta, children):
        return {"id": _unquote(children[0])}

    def game_rulebook(self, meta, children):
        return {"rulebook": _unquote(children[0])}

    def game_players(self, meta, children):
        rest, cites, _ = _split([c for c in children if c is not None])
        return {"min_players": _number(rest[0], "players"), "max_players": _number(rest[1], "players"), "players_loc": self._loc(meta),
                "players_cites": cites}

    def game_max_turns(self, meta, children):
        rest, cites, _ = _split([c for c in children if c is not None])
        return {"max_turns": _number(rest[0], "max_turns"), "max_turns_cites": cites}

    def extends(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        return ast.Extends(loc=self._loc(meta), base=_unquote(rest[0]), cites=cites, rulings=rulings)

    def ruling(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        text = " ".join(_unquote(t) for t in rest[2:])
        return ast.RulingDecl(loc=self._loc(meta), id=str(rest[0]), title=_unquote(rest[1]), text=text,
                              cites=cites, rulings=rulings)

    def option(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, title, *values = rest
        default = values.pop()
        kinds = {v.type == "INT" for v in values + [default]}
        if len(kinds) > 1:
            odd = next(v for v in values + [default] if (v.type == "INT") != (values[0].type == "INT"))
            raise _AstProblem(odd.line, odd.column, f"option `{name}` mixes numbers and words", width=len(odd),
                              hint="an option's values are all words (`plain, marked`) or all numbers (`20, 50, 100`)")
        return ast.OptionDecl(loc=self._loc(meta), name=str(name), title=_unquote(title),
                              values=tuple(_option_value(v) for v in values), default=_option_value(default),
                              numeric=values[0].type == "INT", cites=cites, rulings=rulings)

    # --- components and zones
    def named_values(self, meta, children):
        if len(children) - 1 > LIMIT.attribute_values:
            extra = children[1 + LIMIT.attribute_values]
            raise _AstProblem(extra.line, extra.column, refusal("attribute_values", len(children) - 1),
                              hint="an attribute lists the values components really have")
        return ast.Attribute(loc=self._loc(meta), name=str(children[0]), values=tuple(str(v) for v in children[1:]))

    def ordered_values(self, meta, children):
        values, signs = children[1::2], children[2::2]
        for sign in signs:
            if str(sign) != "<":
                raise _AstProblem(sign.line, sign.column, f"the values of an ordered attribute are joined by `<`, "
                                                          f"not `{sign}`", width=len(str(sign)),
                                  hint=f"list them lowest first: `{children[0]} ({' < '.join(str(v) for v in values)})`")
        if len(values) > LIMIT.attribute_values:
            extra = values[LIMIT.attribute_values]
            raise _AstProblem(extra.line, extra.column, refusal("attribute_values", len(values)),
                              hint="an attribute lists the values components really have")
        return ast.Attribute(loc=self._loc(meta), name=str(children[0]), values=tuple(str(v) for v in values),
                             ordered=True)

    def number_range(self, meta, children):
        name, low, high = children
        first, last = _number(low), _number(high)
        if last < first:
            raise _AstProblem(low.line, low.column, f"the range {low}..{high} is empty",
                              hint="write the smaller number first")
        if last - first + 1 > LIMIT.attribute_values:
            raise _AstProblem(low.line, low.column, refusal("attribute_values", last - first + 1),
                              width=high.end_column - low.column if high.end_column else 1,
                              hint="an attribute lists the values components really have: use a shorter range")
        return ast.Attribute(loc=self._loc(meta), name=str(name), values=tuple(range(first, last + 1)))

    def option_range(self, meta, children):
        name, low, option = children
        # The values up to the option's largest are filled in by the checker, which knows the options.
        return ast.Attribute(loc=self._loc(meta), name=str(name), values=(_number(low),), up_to=str(option))

    def component(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name = str(rest[0])
        attributes = tuple(c for c in rest[1:] if isinstance(c, ast.Attribute))
        copies = next((_number(c, "copies") for c in rest[1:] if isinstance(c, Token) and c.type == "INT"), 1)
        shown = next((_unquote(c) for c in rest[1:] if isinstance(c, Token) and c.type == "STRING"), None)
        return ast.ComponentDecl(loc=self._loc(meta), name=name, attributes=attributes, copies=copies,
                                 shown_as=shown, cites=cites, rulings=rulings)

    def leave_out(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        players, attribute, *values = rest
        return ast.LeaveOut(loc=self._loc(meta), players=_number(players, "players"), attribute=str(attribute),
                            values=tuple(str(v) for v in values), cites=cites, rulings=rulings)

    def leave_out_component(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        return ast.LeaveOut(loc=self._loc(meta), players=0, attribute="", values=(str(rest[0]),), cites=cites,
                            rulings=rulings)

    def zone_scope(self, meta, children):
        return "per_player" if len(children) > 1 else "shared"

    def visibility(self, meta, children):
        word = str(children[0])
        return {"seen": "owner", "only": "top"}.get(word, word)

    def zone_start(self, meta, children):
        last = str(children[-1])
        if last == "play":
            return "in_play"
        if last == "out" and str(children[-2]) == "left":
            return "left_out"
        return ("component", last)

    def zone_stacked(self, meta, children):
        return "stacked"

    def zone_size_unseen(self, meta, children):
        return "size_unseen"

    def zone(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, scope, visibility, *extras = rest
        start = next((e for e in extras if e in ("in_play", "left_out")), None)
        component = next((e[1] for e in extras if isinstance(e, tuple)), None)
        return ast.ZoneDecl(loc=self._loc(meta), name=str(name), per_player=(scope == "per_player"),
                            visibility=visibility, start=start, start_component=component,
                            stacked="stacked" in extras, size_unseen="size_unseen" in extras, cites=cites,
                            rulings=rulings)

    def per_player(self, meta, children):
        return True

    def counter(self, meta, children):
        rest, cites, rulings = _split(children)
        name, per_player, start = rest
        return ast.CounterDecl(loc=self._loc(meta), name=str(name), per_player=bool(per_player), start=_signed_number(start),
                               cites=cites, rulings=rulings)

    def queue(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        return ast.QueueDecl(loc=self._loc(meta), name=str(rest[0]), cites=cites, rulings=rulings)

    def seat_attribute(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, *values = rest
        shown = tuple(str(_signed_number(v)) if v.type in ("INT", "NEGATIVE_INT") else str(v) for v in values)
        return ast.SeatAttributeDecl(loc=self._loc(meta), name=str(name), values=shown, cites=cites, rulings=rulings)

    def dice_scope(self, meta, children):
        return "per_player" if len(children) > 1 else "shared"

    def dice(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, attribute, count, scope, holder, visibility, *lost = rest
        number = _number(count, "dice") if count.type == "INT" else str(count)
        if number == 0:
            raise _AstProblem(count.line, count.column, "there are no dice: the count is 0",
                              hint="write how many dice there are, 1 or more")
        return ast.DiceDecl(loc=self._loc(meta), name=str(name), attribute=attribute, count=number,
                            per_player=(scope == "per_player"), holder=str(holder), visibility=visibility,
                            lost=str(lost[0]) if lost else None, cites=cites, rulings=rulings)

    # --- boards
    def region(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        return ast.RegionDecl(loc=self._loc(meta), name=str(rest[0]), cites=cites, rulings=rulings)

    def map_row(self, meta, children):
        label, row = children
        cells, columns = [], []
        for offset, char in enumerate(str(row)):
            if char != " ":
                cells.append(char)
                columns.append(row.column + offset)
        return ast.MapRow(loc=self._loc(meta), label=str(label), cells=tuple(cells), cell_columns=tuple(columns))

    def face(self, meta, children):
        name, condition, *others = children
        rest, cites, rulings = _split([c for c in others if c is not None])
        return ast.FaceDecl(loc=self._loc(meta), name=str(name), condition=condition, rows=tuple(rest),
                            cites=cites, rulings=rulings)

    def mark(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        letter, name = rest
        if len(str(letter)) != 1 or not str(letter).islower():
            raise _AstProblem(letter.line, letter.column, f"a mark is one small letter, not `{letter}`",
                              hint="write `mark g means gem`")
        return ast.MarkDecl(loc=self._loc(meta), letter=str(letter), name=str(name), cites=cites, rulings=rulings)

    def lattice_board(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, shape_attribute, *items = rest
        return ast.BoardDecl(
            loc=self._loc(meta), name=str(name), lattice="triangles", shape_attribute=str(shape_attribute),
            regions=tuple(i for i in items if isinstance(i, ast.RegionDecl)),
            marks=tuple(i for i in items if isinstance(i, ast.MarkDecl)),
            faces=tuple(i for i in items if isinstance(i, ast.FaceDecl)), cites=cites, rulings=rulings)

    def lattice_cell(self, meta, children):
        return (_number(children[0], "lattice_coordinate"), _number(children[1], "lattice_coordinate"))

    def shape(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, *cells = rest
        return ast.ShapeDecl(loc=self._loc(meta), name=str(name), cells=tuple(cells), cites=cites, rulings=rulings)

    def placements(self, meta, children):
        return ast.Placements(loc=self._loc(meta), subject=children[0], board=str(children[1]))

    def is_marked(self, meta, children):
        return ast.IsMarked(loc=self._loc(meta), subject=children[0], mark=str(children[1]))

    def pick_outcome(self, meta, children):
        template, var, collection, where = children
        return ast.Outcome(loc=self._loc(meta), template=_unquote(template), var=str(var), pick_from=collection,
                           pick_where=where)

    def board(self, meta, children):
        rest, cites, rulings = _split(children)  # the Nones of `rows NAME [INT .. INT]` kept in place
        name, rows, row_low, row_high, columns, low, high, adjacency, *items = rest
        numbered: dict[str, Any] = {}
        if high.type == "NAME":  # `columns column 1..size`: the checker reads the option's largest value
            numbered["column_option"], high = str(high), Token("INT", str(_number(low)), line=high.line,
                                                               column=high.column)
        if row_high is not None and row_high.type == "NAME":
            numbered["row_option"], row_high = str(row_high), Token("INT", str(_number(row_low)),
                                                                    line=row_high.line, column=row_high.column)
        first, last = _number(low), _number(high)
        if row_low is not None:  # `rows row 1..6`: rows numbered, named by no component attribute
            numbered.update(first_row=_number(row_low), last_row=_number(row_high))
            if numbered["last_row"] < numbered["first_row"]:
                raise _AstProblem(row_low.line, row_low.column, f"the rows {row_low}..{row_high} are empty",
                                  hint="write the smaller number first")
            if numbered["last_row"] - numbered["first_row"] + 1 > LIMIT.board_rows:
                raise _AstProblem(row_low.line, row_low.column,
                                  refusal("board_rows", numbered["last_row"] - numbered["first_row"] + 1),
                                  hint="a board's rows are numbered like its spaces: use a shorter range")
        if last - first + 1 > LIMIT.board_columns:
            raise _AstProblem(low.line, low.column, refusal("board_columns", last - first + 1),
                              width=high.end_column - low.column if high.end_column else 1,
                              hint="a board's columns are numbered like its spaces: use a shorter range")
        return ast.BoardDecl(
            loc=self._loc(meta), name=str(name), row_attribute=str(rows), column_attribute=str(columns),
            first_column=first, last_column=last, adjacency=str(adjacency), **numbered,
            regions=tuple(i for i in items if isinstance(i, ast.RegionDecl)),
            marks=tuple(i for i in items if isinstance(i, ast.MarkDecl)),
            faces=tuple(i for i in items if isinstance(i, ast.FaceDecl)), cites=cites, rulings=rulings)

    def fit(self, meta, children):
        component, board, condition, *others = children
        _, cites, rulings = _split([c for c in others if c is not None])
        return ast.FitDecl(loc=self._loc(meta), component=str(component), board=str(board), condition=condition,
                           cites=cites, rulings=rulings)

    # --- flow
    def block(self, meta, children):
        return _Block(c for c in children if c is not None)

    def setup(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        return ast.SetupDecl(loc=self._loc(meta), body=tuple(rest[0]), cites=cites, rulings=rulings)

    def turn_skip(self, meta, children):
        return ("skip", str(children[0]), children[1])

    def turns(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        skip = next((r for r in rest if isinstance(r, tuple)), None)
        return ast.TurnsDecl(loc=self._loc(meta), first_seat=_number(rest[0], "players"), step=str(rest[1]), cites=cites,
                             rulings=rulings, skip_var=skip[1] if skip else None, skip_when=skip[2] if skip else None)

    def any_player(self, meta, children):
        return "any"

    def each_player(self, meta, children):
        return ("each", children[0] if children else None)

    def params(self, meta, children):
        return tuple(c for c in children if c is not None)

    def param(self, meta, children):
        return ast.Param(loc=self._loc(meta), name=str(children[0]), type=str(children[1]))

    def step(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, params, body = rest
        return ast.StepDecl(loc=self._loc(meta), name=str(name), params=params, body=tuple(body), cites=cites,
                            rulings=rulings)

    def binding(self, meta, children):
        pairs = []
        for var, domain in zip(children[0::2], children[1::2]):
            pairs.append(ast.Binding(loc=_token_loc(self.path, var), var=str(var), domain=domain))
        return ("bindings", tuple(pairs))

    def guard(self, meta, children):
        return ("guard", children[0])

    def option_decl(self, meta, children):
        name, template = children[0], children[1]
        rest, cites, rulings = _split([c for c in children[2:] if c is not None])
        bindings, guard, body = (), None, []
        for child in rest:
            if isinstance(child, tuple) and child and child[0] == "bindings":
                bindings = child[1]
            elif isinstance(child, tuple) and child and child[0] == "guard":
                guard = child[1]
            else:
                body.append(child)
        return ast.OptionChoice(loc=self._loc(meta), name=str(name), template=_unquote(template), bindings=bindings,
                                guard=guard, body=tuple(body), cites=cites, rulings=rulings)

    def choice(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, params, by, *options = rest
        together = isinstance(by, tuple) and by[0] == "each"
        where = by[1] if together else None
        by = None if by == "any" or together else by
        return ast.ChoiceDecl(loc=self._loc(meta), name=str(name), params=params, by=by, options=tuple(options),
                              cites=cites, rulings=rulings, together=together, together_where=where)

    def draw_outcome(self, meta, children):
        template, var, zone = children
        return ast.Outcome(loc=self._loc(meta), template=_unquote(template), var=str(var), draw_from=zone)

    def roll_outcome(self, meta, children):
        template, var, *faces = children
        return ast.Outcome(loc=self._loc(meta), template=_unquote(template), var=str(var),
                           faces=tuple(str(f) for f in faces))

    def chance(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, params, outcome, *body = rest
        return ast.ChanceDecl(loc=self._loc(meta), name=str(name), params=params, outcome=outcome, body=tuple(body),
                              cites=cites, rulings=rulings)

    def event(self, meta, children):
        board, *causes = [c for c in children if c is not None]
        return ast.Event(loc=self._loc(meta), board=str(board), causes=tuple(str(c) for c in causes))

    def trigger(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, event, *body = rest
        return ast.TriggerDecl(loc=self._loc(meta), name=str(name), event=event, body=tuple(body), cites=cites,
                               rulings=rulings)

    def instead(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, step, *others = rest
        params = []
        while others and isinstance(others[0], Token) and others[0].type == "NAME":
            params.append(str(others.pop(0)))
        condition, *body = others
        return ast.InsteadDecl(loc=self._loc(meta), name=str(name), step=str(step), params=tuple(params),
                               condition=condition, body=tuple(body), cites=cites, rulings=rulings)

    # --- statements
    def move_stmt(self, meta, children):
        item, to, cause = children
        return ast.Move(loc=self._loc(meta), item=item, to=to, cause=str(cause) if cause else None)

    def place_stmt(self, meta, children):
        item, space, cause = children
        return ast.Place(loc=self._loc(meta), item=item, space=space, cause=str(cause) if cause else None)

    def args(self, meta, children):
        return tuple(c for c in children if c is not None)

    def then_stmt(self, meta, children):
        return ast.Then(loc=self._loc(meta), step=str(children[0]), args=children[1])

    def queue_stmt(self, meta, children):
        return ast.Enqueue(loc=self._loc(meta), step=str(children[0]), args=children[1], queue=str(children[2]))

    def resolve_stmt(self, meta, children):
        return ast.Resolve(loc=self._loc(meta), queue=str(children[0]))

    def target(self, meta, children):
        return (str(children[0]), children[1])

    def set_stmt(self, meta, children):
        (name, seat), value = children
        return ast.SetCounter(loc=self._loc(meta), counter=name, seat=seat, value=value)

    def add_stmt(self, meta, children):
        value, (name, seat) = children
        return ast.AddCounter(loc=self._loc(meta), counter=name, seat=seat, value=value)

    def roll_stmt(self, meta, children):
        return ast.Roll(loc=self._loc(meta), holder=children[0])

    def lose_stmt(self, meta, children):
        die, holder = children
        return ast.Lose(loc=self._loc(meta), die=str(die), holder=holder)

    def next_turn_stmt(self, meta, children):
        return ast.NextTurn(loc=self._loc(meta), seat=children[0])

    def nothing_stmt(self, meta, children):
        return ast.Nothing(loc=self._loc(meta))

    def if_stmt(self, meta, children):
        condition, then, otherwise = children
        return ast.If(loc=self._loc(meta), condition=condition, then=tuple(then),
                      otherwise=tuple(otherwise) if otherwise else ())

    def for_stmt(self, meta, children):
        var, domain, body = children
        return ast.ForEach(loc=self._loc(meta), var=str(var), domain=domain, body=tuple(body))

    def repeat_stmt(self, meta, children):
        times, body = children
        return ast.Repeat(loc=self._loc(meta), times=times, body=tuple(body))

    # --- expressions
    def any_of(self, meta, children):
        if len(children) == 1:  # `?rule -> alias` still builds a node for a single operand
            return children[0]
        return ast.BoolOp(loc=self._loc(meta), op="or", operands=tuple(children))

    def all_of(self, meta, children):
        if len(children) == 1:
            return children[0]
        return ast.BoolOp(loc=self._loc(meta), op="and", operands=tuple(children))

    def negation(self, meta, children):
        return ast.Not(loc=self._loc(meta), operand=children[0])

    def compare(self, meta, children):
        left, op, right = children
        return ast.Compare(loc=self._loc(meta), op=str(op), left=left, right=right)

    def _test(self, meta, children, test):
        return ast.Test(loc=self._loc(meta), test=test, subject=children[0])

    def is_empty(self, meta, children):
        return self._test(meta, children, "empty")

    def is_not_empty(self, meta, children):
        return self._test(meta, children, "not_empty")

    def is_occupied(self, meta, children):
        return self._test(meta, children, "occupied")

    def is_none(self, meta, children):
        return self._test(meta, children, "none")

    def neighbour(self, meta, children):
        return ast.Neighbour(loc=self._loc(meta), space=children[0], direction=children[1])

    def walk(self, meta, children):
        var, space, direction, how, condition = children
        return ast.Walk(loc=self._loc(meta), var=str(var), space=space, direction=direction, until=str(how) == "until",
                        condition=condition)

    def connected(self, meta, children):
        var, domain, condition, start, goal = children
        return ast.Connected(loc=self._loc(meta), var=str(var), domain=domain, condition=condition, start=start,
                             goal=goal)

    def line_of(self, meta, children):
        return ast.LineOf(loc=self._loc(meta), length=children[0], space=children[1], direction=children[2])

    def is_complete(self, meta, children):
        return self._test(meta, children, "complete")

    def has_occupied_neighbour(self, meta, children):
        return self._test(meta, children, "occupied_neighbour")

    def is_kind(self, meta, children):
        return ast.IsKind(loc=self._loc(meta), subject=children[0], component=str(children[1]))

    def holds_kind(self, meta, children):
        return ast.IsKind(loc=self._loc(meta), subject=children[0], component=str(children[1]), holds=True)

    def holds_seat_value(self, meta, children):
        return ast.IsKind(loc=self._loc(meta), subject=children[0], component=str(children[1]), holds=True,
                          seat=children[2])

    def fits(self, meta, children):
        return ast.Fits(loc=self._loc(meta), item=children[0], space=children[1])

    def span(self, meta, children):
        return ast.Span(loc=self._loc(meta), low=children[0], high=children[1])

    def define(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, *rest = rest
        params = rest[0] if len(rest) > 1 else ()
        return ast.DefineDecl(loc=self._loc(meta), name=str(name), params=tuple(params), body=rest[-1],
                              cites=cites, rulings=rulings)

    def member(self, meta, children):
        return ast.Member(loc=self._loc(meta), element=children[0], collection=children[1])

    def plus(self, meta, children):
        return ast.Arith(loc=self._loc(meta), op="+", left=children[0], right=children[1])

    def minus(self, meta, children):
        return ast.Arith(loc=self._loc(meta), op="-", left=children[0], right=children[1])

    def times(self, meta, children):
        return ast.Arith(loc=self._loc(meta), op="*", left=children[0], right=children[1])

    def modulo(self, meta, children):
        return ast.Arith(loc=self._loc(meta), op="mod", left=children[0], right=children[1])

    def negate(self, meta, children):
        return ast.Negate(loc=self._loc(meta), operand=children[0])

    def number(self, meta, children):
        return ast.Num(loc=self._loc(meta), value=_number(children[0]))

    def name(self, meta, children):
        return ast.Name(loc=self._loc(meta), id=str(children[0]))

    def seat_literal(self, meta, children):
        return ast.SeatLiteral(loc=self._loc(meta), word=str(children[0]), number=_number(children[1], "players"))

    def of(self, meta, children):
        return ast.Of(loc=self._loc(meta), attr=str(children[0]), target=children[1])

    def call(self, meta, children):
        return ast.Call(loc=self._loc(meta), func=str(children[0]), args=tuple(children[1:]))

    def extreme(self, meta, children):
        func, value, var, domain, where = children
        return ast.Extreme(loc=self._loc(meta), func=str(func), value=value, var=str(var), domain=domain, where=where)

    def conditional(self, meta, children):
        condition, then, otherwise = children
        return ast.Conditional(loc=self._loc(meta), condition=condition, then=then, otherwise=otherwise)

    def won(self, meta, children):
        return ast.Won(loc=self._loc(meta), seat=children[0])

    def count(self, meta, children):
        var, domain, where = children
        return ast.Count(loc=self._loc(meta), var=str(var), domain=domain, where=where)

    def set_points(self, meta, children):
        return (_number(children[0], "attribute_values"), _number(children[1]))

    def set_table(self, meta, children):
        return tuple(children)

    def _best_sets(self, meta, children, figure):
        attribute, domain, wild, table = children
        return ast.BestSets(loc=self._loc(meta), figure=figure, attribute=str(attribute), domain=domain,
                            wild=wild, table=table)

    def best_points(self, meta, children):
        return self._best_sets(meta, children, "points")

    def best_leftovers(self, meta, children):
        return self._best_sets(meta, children, "leftovers")

    def first(self, meta, children):
        var, domain, where = children
        return ast.First(loc=self._loc(meta), var=str(var), domain=domain, where=where)

    def total(self, meta, children):
        value, var, domain, where = children
        return ast.Total(loc=self._loc(meta), value=value, var=str(var), domain=domain, where=where)

    # --- ends, scores, checks
    def end_timing(self, meta, children):
        return "after_step" if "every" in [str(c) for c in children] else "turn_start"

    def end_each(self, meta, children):
        return ("each", str(children[0]), children[1])

    def end_winner(self, meta, children):
        return ("winner", children[0])

    def end_then(self, meta, children):
        return ("then", str(children[0]), children[1])

    def end(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, timing, *others = rest
        each_var = each_domain = winner = then_step = None
        then_args: tuple = ()
        condition = None
        for child in others:
            if isinstance(child, tuple) and child[0] == "each":
                each_var, each_domain = child[1], child[2]
            elif isinstance(child, tuple) and child[0] == "winner":
                winner = child[1]
            elif isinstance(child, tuple) and child[0] == "then":
                then_step, then_args = child[1], child[2]
            else:
                condition = child
        return ast.EndDecl(loc=self._loc(meta), name=str(name), timing=timing, each_var=each_var,
                           each_domain=each_domain, condition=condition, winner=winner, then_step=then_step,
                           then_args=then_args, cites=cites, rulings=rulings)

    def score(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, var, value = rest
        return ast.ScoreDecl(loc=self._loc(meta), name=str(name), var=str(var), value=value, cites=cites,
                             rulings=rulings)

    def winner_first(self, meta, children):
        return ast.RankingKey(loc=self._loc(meta), key="winner_first")

    def by_score(self, meta, children):
        direction, name = children
        return ast.RankingKey(loc=self._loc(meta), key=str(direction), score=str(name))

    def ties_share(self, meta, children):
        return ast.RankingKey(loc=self._loc(meta), key="ties_share")

    def ties_by_lot(self, meta, children):
        return ast.RankingKey(loc=self._loc(meta), key="lot")

    def ranking(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        return ast.RankingDecl(loc=self._loc(meta), keys=tuple(rest), cites=cites, rulings=rulings)

    def payoff_sum(self, meta, children):
        return ("sum", 0 if str(children[0]) == "zero-sum" else _signed_number(children[1]))

    def payoff_range(self, meta, children):
        return ("range", (_signed_number(children[0]), _signed_number(children[1])), self._loc(meta))

    def returns(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        total = next((c[1] for c in rest if isinstance(c, tuple)), None)
        win, draw, loss = (_signed_number(t) for t in rest if not isinstance(t, tuple))
        return ast.ReturnsDecl(loc=self._loc(meta), form="result", win=win, draw=draw, loss=loss, cites=cites,
                               rulings=rulings, total=total)

    def returns_of(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        total = next((c[1] for c in rest if isinstance(c, tuple) and c[0] == "sum"), None)
        between = next((c for c in rest if isinstance(c, tuple) and c[0] == "range"), None)
        var, value = (c for c in rest if not isinstance(c, tuple))
        return ast.ReturnsDecl(loc=self._loc(meta), form="value", var=str(var), value=value, cites=cites,
                               rulings=rulings, total=total, between=None if between is None else between[1],
                               between_loc=None if between is None else between[2])

    def always(self, meta, children):
        return {"form": "always", "condition": children[0]}

    def on_event(self, meta, children):
        return {"form": "on_event", "event": children[0], "condition": children[1]}

    def never_queue_from(self, meta, children):
        return {"form": "never_queue", "queue": str(children[0]), "causes": tuple(str(c) for c in children[1:])}

    def invariant(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, title, body = rest
        return ast.InvariantDecl(loc=self._loc(meta), name=str(name), title=_unquote(title), cites=cites,
                                 rulings=rulings, **body)

    # --- examples
    def given_players(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="players", number=_number(children[0], "players"))

    def given_option(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="option", name=str(children[0]),
                               value=_option_value(children[1]))

    def item_ref(self, meta, children):
        label, at = children
        return ast.ItemRef(loc=self._loc(meta), label=_unquote(label), at=_unquote(at) if at else None)

    def item_list(self, meta, children):
        return tuple(children)

    def given_items(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="items", expr=children[0], items=children[1])

    def given_step(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="step", name=str(children[0]), args=children[1])

    def given_position(self, meta, children):
        lines = tuple((_unquote(s), s.line, s.column + 1) for s in children)
        return ast.ExampleLine(loc=self._loc(meta), what="position", position=lines)

    def given_counter(self, meta, children):
        name, seat, value = children
        return ast.ExampleLine(loc=self._loc(meta), what="counter", name=str(name), expr=seat, number=_signed_number(value))

    def when_action(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="action", value=_unquote(children[0]))

    def then_legal(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="legal", value=_unquote(children[0]))

    def then_illegal(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="illegal", value=_unquote(children[0]))

    def then_over(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="over", name=str(children[0]))

    def then_fact(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="fact", expr=children[0])

    def with_variant(self, meta, children):
        return ("variant", str(children[0]), None)

    def with_option(self, meta, children):
        name, compare, value = children
        if str(compare) != "=":
            raise _AstProblem(compare.line, compare.column, f"an option of an example is set with `=`, not "
                                                            f"`{compare}`", width=len(compare),
                              hint=f"write `option {name} = {value}`")
        return ("option", str(name), _option_value(value))

    def example_with(self, meta, children):
        return _ExampleWith(tuple(children))

    def example(self, meta, children):
        settings = next((c for c in children if isinstance(c, _ExampleWith)), _ExampleWith(()))
        rest, cites, rulings = _split([c for c in children if c is not None and not isinstance(c, _ExampleWith)])
        name, title, *lines = rest
        return ast.ExampleDecl(loc=self._loc(meta), name=str(name), title=_unquote(title), lines=tuple(lines),
                               cites=cites, rulings=rulings,
                               variants=tuple(n for kind, n, _ in settings.items if kind == "variant"),
                               with_options=tuple((n, v) for kind, n, v in settings.items if kind == "option"))

    # --- the facts and checks of an example (`then ...`)
    def given_setup(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="setup",
                               values=tuple(_unquote(c) for c in children if c is not None))

    def given_setup_first(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="setup", name="first",
                               values=tuple(_unquote(c) for c in children if c is not None))

    def ratio(self, meta, children):
        top, bottom = children
        return (_signed_number(top), _number(bottom) if bottom is not None else 1)

    def chance_odds(self, meta, children):
        return (_unquote(children[0]), children[1])

    def ran_count(self, meta, children):
        word = str(children[0])
        return {"once": 1, "twice": 2, "never": 0}.get(word) if word in ("once", "twice", "never") \
            else _number(children[0])

    def _line(self, meta, what, **fields):
        return ast.ExampleLine(loc=self._loc(meta), what=what, **fields)

    def then_wins(self, meta, children):
        return self._line(meta, "wins", exprs=tuple(children))

    def then_nobody_wins(self, meta, children):
        return self._line(meta, "wins", exprs=())

    def then_draw(self, meta, children):
        return self._line(meta, "draw")

    def then_game_over(self, meta, children):
        return self._line(meta, "game_over")

    def then_not_over(self, meta, children):
        return self._line(meta, "not_over")

    def then_ranking(self, meta, children):
        return self._line(meta, "ranking", exprs=tuple(children))

    def then_returns(self, meta, children):
        return self._line(meta, "returns", ratios=tuple(children))

    def then_offered_exactly(self, meta, children):
        return self._line(meta, "offered_exactly", values=tuple(_unquote(c) for c in children))

    def then_nothing_offered(self, meta, children):
        return self._line(meta, "offered_exactly", values=())

    def then_offered(self, meta, children):
        return self._line(meta, "offered", expr=children[0], values=tuple(_unquote(c) for c in children[1:]))

    def then_offered_no(self, meta, children):
        return self._line(meta, "offered_no", expr=children[0], values=tuple(_unquote(c) for c in children[1:]))

    def then_decides(self, meta, children):
        return self._line(meta, "decides", expr=children[0])

    def then_anyone_decides(self, meta, children):
        return self._line(meta, "decides", name="any")

    def then_chance_decides(self, meta, children):
        return self._line(meta, "decides", name="chance")

    def then_nobody_decides(self, meta, children):
        return self._line(meta, "decides", name="nobody")

    def then_chance_outcomes(self, meta, children):
        return self._line(meta, "chance_outcomes", values=tuple(text for text, _ in children),
                          ratios=tuple(ratio for _, ratio in children))

    def then_chance_even(self, meta, children):
        return self._line(meta, "chance_even", number=_number(children[0]))

    def then_sees(self, meta, children):
        return self._line(meta, "sees", expr=children[0], args=(children[1],))

    def then_does_not_see(self, meta, children):
        return self._line(meta, "not_sees", expr=children[0], args=(children[1],))

    def then_space_empty(self, meta, children):
        label, board = children
        return self._line(meta, "space_empty", value=_unquote(label), name=str(board) if board else None)

    def then_space_holds(self, meta, children):
        label, board, item = children
        return self._line(meta, "space_holds", value=_unquote(label), name=str(board) if board else None,
                          values=(_unquote(item),))

    def then_turn_number(self, meta, children):
        return self._line(meta, "turn_number", number=_number(children[0]))

    def then_turn_of(self, meta, children):
        return self._line(meta, "turn_of", expr=children[0])

    def then_phase(self, meta, children):
        return self._line(meta, "phase", name=str(children[0]))

    def then_leg(self, meta, children):
        return self._line(meta, "leg", number=_number(children[0]))

    def then_ran(self, meta, children):
        return self._line(meta, "ran", name=str(children[0]), number=children[1])

    def _moved(self, meta, what, children):
        target, amount = children
        if isinstance(amount, tuple):
            return self._line(meta, what, expr=target, items=amount)
        return self._line(meta, what, expr=target, number=_number(amount))

    def then_gained(self, meta, children):
        return self._moved(meta, "gained", children)

    def then_lost(self, meta, children):
        return self._moved(meta, "lost", children)

    # --- matches
    def match_leg(self, meta, children):
        return ("leg", str(children[0]), _option_value(children[1]))

    def match_totals(self, meta, children):
        return ("totals", tuple(str(c) for c in children))

    def match(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, title, *lines = rest
        legs = tuple((line[1], line[2]) for line in lines if line[0] == "leg")
        totals = tuple(n for line in lines if line[0] == "totals" for n in line[1])
        return ast.MatchDecl(loc=self._loc(meta), name=str(name), title=_unquote(title), legs=legs, totals=totals,
                             cites=cites, rulings=rulings)

    # --- variants
    def remove_change(self, meta, children):
        target = children[0]
        return ast.Change(loc=self._loc(meta), action="remove",
                          target=_unquote(target) if target.type == "STRING" else str(target))

    def replace_change(self, meta, children):
        decl = children[0]
        return ast.Change(loc=self._loc(meta), action="replace", target=ast.declaration_name(decl), declaration=decl)

    def add_change(self, meta, children):
        decl = children[0]
        return ast.Change(loc=self._loc(meta), action="add", target=ast.declaration_name(decl), declaration=decl)

    def option_replace(self, meta, children):
        choice, *option = children
        return ast.OptionReplace(loc=self._loc(meta), choice=str(choice), option=self.option_decl(meta, option))

    def variant(self, meta, children):
        rest, cites, rulings = _split([c for c in children if c is not None])
        name, title, *changes = rest
        changes = [ast.Change(loc=c.loc, action="replace_option", target=ast.declaration_name(c), declaration=c)
                   if isinstance(c, ast.OptionReplace) else c for c in changes]
        return ast.VariantDecl(loc=self._loc(meta), name=str(name), title=_unquote(title), changes=tuple(changes),
                               cites=cites, rulings=rulings)
