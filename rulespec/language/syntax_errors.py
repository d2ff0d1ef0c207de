"""Lark's exceptions as readable reports: where a rule file stops being one, what was expected
there in words a person knows, and a hint for the usual slips (a glued keyword, an unclosed bracket,
another language's operator, a misspelt declaration keyword, a bad board row)."""

from __future__ import annotations

import functools
import re
import unicodedata

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .brackets import bracket_problem
from .errors import Diagnostic, SourceText, did_you_mean
from .grammar import build_lark
from .phrasing_hints import empty_brackets_hint, option_line_hint, phrasing_hint


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
    "example", "variant", "extends", "replace", "remove", "rename",
)
STATEMENT_KEYWORDS = ("move", "place", "then", "queue", "resolve", "set", "add", "nothing", "if", "for", "repeat",
                      "let", "shuffle")
# Words that continue an expression; when many of them fit, the report says "an operator".
OPERATOR_WORDS = ("and", "or", "is", "in", "fits", "has", "holds", "+", "-", "*", "/", "of", "mod", "div", "won", "turned")
# Words that start a value; when these fit, the report says "a value".
AFTER_A_NAME = ("DIRECTIONS", "JUMPS")  # `orthogonal directions of B`, `knight jumps from s`
VALUE_STARTS = ("NAME", "INT", "LPAR", "MINUS", "NOT", "COUNT", "SUM", "LINE", "NEIGHBOUR", "WALK", "RAY", "GROUP")

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


def dedent_line(text: str) -> int:
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
def declaration_keywords() -> tuple[str, ...]:
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
    if len(names) > len(AFTER_A_NAME):  # `knight jumps from s` may follow a name, but is seldom what was meant
        names -= set(AFTER_A_NAME)
    if "ONLY" in names:  # an option's `numbered` line may come where its `only if` may: seldom what was meant
        names.discard("NUMBERED")
    by_word = {literal[n]: n for n in names if n in literal}
    ranked: list[tuple[int, str]] = []

    def group(words, minimum, label):
        present = [w for w in dict.fromkeys(words) if w in by_word]
        if len(present) >= minimum:
            for w in present:
                names.discard(by_word.pop(w))
            ranked.append((1, label.format(", ".join(f"`{w}`" for w in present[:4]))))

    group(("game", "component", "zone", "step", "choice") + declaration_keywords(), 6, "a declaration ({}, ...)")
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
        if not match or match.group(1) not in declaration_keywords():
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


def diagnose_syntax(error: UnexpectedInput, source: SourceText) -> Diagnostic:
    line = max(getattr(error, "line", 1) if isinstance(getattr(error, "line", None), int) else 1, 1)
    column = max(getattr(error, "column", 1) if isinstance(getattr(error, "column", None), int) else 1, 1)
    bracket = _unpaired_bracket(error, source, line, column)
    if bracket is not None:
        return bracket
    if isinstance(error, UnexpectedToken):
        return _unexpected_token(error, source, line, column)
    if isinstance(error, UnexpectedCharacters):
        return _unexpected_character(error, source, line, column)
    if isinstance(error, UnexpectedEOF):
        line = _last_content_line(source)
        where = _enclosing(source, line, same_line=True)
        return source.diagnostic(line, len(source.line(line)) + 1,
                                 f"the file ends in the middle of {where}" if where else "the file ends too soon",
                                 expected=_expected_words(set(error.expected)))
    return source.diagnostic(line, column, str(error).splitlines()[0])


_QUOTED_TEXT_LEFT_OPEN = re.compile(r'"(?:[^"\n]|"")*$')


def _unpaired_bracket(error: UnexpectedInput, source: SourceText, line: int, column: int) -> Diagnostic | None:
    """A bracket that closes nothing, or is left open, where the parse failed: the true mistake
    (brackets.py), told at the bracket rather than where the parser stumbled."""
    if isinstance(error, UnexpectedCharacters) and _QUOTED_TEXT_LEFT_OPEN.match(source.line(line), column - 1):
        return None  # a quoted text not closed on its line: its own report says so
    token = getattr(error, "token", None)
    kind = getattr(token, "type", None)
    at_end = isinstance(error, UnexpectedEOF) or kind == "$END"
    word = str(token) if isinstance(token, Token) and not at_end else getattr(error, "char", "") or ""
    return bracket_problem(source, line, column, word.strip(), at_end=at_end, at_block_end=kind == "_DEDENT")


def _unexpected_token(error: UnexpectedToken, source: SourceText, line: int, column: int) -> Diagnostic:
    token = error.token
    expected = _accepted(error, error.expected)
    words = _expected_words(expected)
    if token.type in ("$END", "_NL", "_INDENT", "_DEDENT") or expected == {"_INDENT"}:
        return _unexpected_layout(token, expected, words, source, line, column)

    text = str(token)
    width = max(1, len(text.split("\n")[0]))
    source_line = source.line(line)
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
        return _not_a_clause_id(source, line, column, text, words)
    words, hint = _word_hint(token, text, expected, words, source_line, column)
    hint = option_line_hint(source, line, source_line, column, text) or hint
    if hint is None and text == ")":
        hint = empty_brackets_hint(source, source_line, column)
    if hint is None and not source_line[:column - 1].strip():  # the line's first word
        hint = _going_on_hint(source_line)
    where = _enclosing(source, line)
    described = _describe_token(token)
    if token.type == "MAP_ROW" and "MAP_ROW" not in expected:  # (words the lexer took for a face's row: the first)
        text = text.split()[0]
        described, width = f"`{text}`", len(text)
    message = f"unexpected {described}" + (f" (in {where})" if where else "")
    return source.diagnostic(line, column, message, width=width, expected=words, hint=hint)


# A line beginning with one of these goes on with the expression of the line above.
_GOING_ON = re.compile(r"\s*(or|and|mod|div|where|[+*<>=])(\s|$)")  # (not `-`: a board map marks holes so)


def _going_on_hint(source_line: str) -> str | None:
    """The hint for an expression carried on to the next line without brackets (`or B` under `A`)."""
    found = _GOING_ON.match(source_line)
    if found is None:
        return None
    word = found.group(1)
    return (f"an expression stands on one line; to go on with it on the next, bracket it whole (a bracket "
            f"joins its lines): `(A` on the line above, `{word} B)` here")


def _unexpected_layout(token: Token, expected, words, source: SourceText, line: int,
                       column: int) -> Diagnostic:
    """The report when the file, a line or a block ends where it may not, or a block is missing or
    not expected (the indenter's tokens, or a header's `:` followed by no indented line)."""
    if token.type == "$END":
        line = _last_content_line(source)
        column = len(source.line(line)) + 1
        where = _enclosing(source, line, same_line=True)
        message = f"the file ends in the middle of {where}" if where else "the file ends too soon"
        hint = "a line ending with `:` must be followed by an indented block" if "_INDENT" in expected else None
        return source.diagnostic(line, column, message, expected=words, hint=hint)

    if token.type == "_NL":
        following = _next_content_line(source, line)
        if "COLON" in expected and following and _indent_of(source.line(following)) > _indent_of(source.line(line)):
            return source.diagnostic(line, column, "missing `:` at the end of this line", expected=words,
                                     hint="a line that opens an indented block ends with `:`")
        where = _enclosing(source, line)
        message = "this line ends too soon" + (f" (in {where})" if where else "")
        hint = None
        if re.fullmatch(r"\s*given\s+players\s+\d+\s*", source.line(line)):
            hint = "the player count reads `given 2 players`"
        elif "COLON" in expected:
            hint = "a block header ends with `:` and its body is indented on the next lines"
        elif re.search(r"\bif\b", source.line(line)) and (expected & {"ELSE", "THEN"} or re.search(
                r"\b(then|else)\s*(#.*)?$", source.line(line))):
            hint = ("a value `if C then A else B` stands on one line; to write it over several, bracket it whole (a "
                    "bracket joins its lines): `(if C then A` here, `else if D then B` and `else E)` on the lines after")
        return source.diagnostic(line, column, message, expected=words, hint=hint)

    if token.type == "_INDENT":
        line = token.end_line or line
        column = token.end_column or column
        hint = _going_on_hint(source.line(line)) or (
            "only a line ending with `:` opens an indented block: line this one up with the line above, "
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

    where = _enclosing(source, line)  # a _DEDENT
    message = "the indented block ends too soon" + (f" (in {where})" if where else "")
    return source.diagnostic(line, column, message, expected=words)


def _not_a_clause_id(source: SourceText, line: int, column: int, text: str, words) -> Diagnostic:
    """A clause ID written in small letters or underscores (`shell-comp-2`), where one is expected."""
    written = _CLAUSE_LIKE.match(source.line(line), column - 1)
    raw = written.group(0) if written else text
    suggestion = raw.upper().replace("_", "-")
    if _CLAUSE_ID.fullmatch(suggestion):
        hint = f"clause IDs are written in capitals: `{suggestion}`"
    else:
        hint = "a clause ID is written in capitals with dashes, like `SHELL-COMP-2`"
    return source.diagnostic(line, column, f"`{raw}` is not a clause ID", width=len(raw), expected=words, hint=hint)


def _word_hint(token: Token, text: str, expected, words, source_line: str, column: int):
    """(what to say was expected, the hint) for an unexpected word or symbol: the first hint that fits."""
    hint = phrasing_hint(source_line, column, text)
    if hint is not None and hint.startswith("`by each player`"):
        words = ("`each player`", "`any player`", "a player")  # who chooses, not every token an expression allows
    looks_like_word = bool(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", text))
    if hint is None and looks_like_word and text not in _literal_terminals().values():
        hint = did_you_mean(text, _keywords_in(expected), cutoff=0.7)
        if hint is None and column == 1:
            hint = did_you_mean(text, declaration_keywords(), cutoff=0.7)
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
    return words, hint


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


def _unexpected_character(error: UnexpectedCharacters, source: SourceText, line: int, column: int) -> Diagnostic:
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
