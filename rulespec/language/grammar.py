"""The Lark parser of rule files: the grammar (``grammars/rulespec.lark``) built once as an LALR
parser, and the indenter that turns indentation into blocks and refuses, at their place, a tab, a
dedent to no enclosing block, a keyword glued to a word and a name or text over its limit."""

from __future__ import annotations

import functools
import re

from lark import Lark, Token
from lark.indenter import DedentError, Indenter

from ..lib.limits import LIMIT, refusal
from ..resources import grammar_path


class IndentProblem(DedentError):
    """Bad indentation found by the indenter, with the place to point at."""

    def __init__(self, line: int, column: int, message: str, hint: str | None = None):
        super().__init__(message)
        self.line, self.column, self.message, self.hint = line, column, message, hint


class TokenProblem(Exception):
    """A token that breaks a documented limit (a name or a text too long)."""

    def __init__(self, token: Token, message: str, hint: str | None = None):
        super().__init__(message)
        self.token, self.message, self.hint = token, message, hint


class GluedKeyword(Exception):
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
        return super().process(self._checked(stream))

    def _checked(self, stream):
        """The lexer's tokens, passed on to Lark's Indenter after checks of ours.

        Refuse a keyword glued to more letters (`everystep`): the contextual lexer would otherwise
        read the keyword off the front of a longer word. And refuse a name or a text over its limit.
        """
        text = self.text
        for token in stream:
            kind = token.type
            if kind in _UNGLUED_TOKENS:
                if kind == "STRING" and len(token) - 2 > LIMIT.string_length:
                    raise TokenProblem(token, refusal("string_length", len(token) - 2),
                                        hint="split a long text into several quoted lines, or shorten it")
                if kind == "NAME" and len(token) > LIMIT.name_length:
                    raise TokenProblem(token, refusal("name_length", len(token)), hint="choose a shorter name")
            elif token.value[-1:].isalpha():
                end = token.end_pos
                if end is not None and end < len(text) and (text[end].isalnum() or text[end] == "_"):
                    word = re.match(r"[A-Za-z0-9_]*", text[token.start_pos:]).group(0)
                    raise GluedKeyword(token, word)
            yield token

    def handle_NL(self, token: Token):
        if self.paren_level == 0:
            indent_str = token.rsplit("\n", 1)[1]
            line = token.end_line or token.line
            if "\t" in indent_str:
                raise IndentProblem(line, indent_str.index("\t") + 1, "this line is indented with a tab",
                                     hint="indent with spaces only (a tab is not the same width in every editor)")
            indent = len(indent_str)
            if indent < self.indent_level[-1] and indent not in self.indent_level:
                levels = sorted(set(self.indent_level), reverse=True)
                raise IndentProblem(
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


@functools.lru_cache(maxsize=None)
def keywords() -> frozenset[str]:
    """Every word the grammar spells out (`define`, `count`, `points`...)."""
    return frozenset(t.pattern.value for t in build_lark().terminals
                     if t.pattern.type == "str" and t.pattern.value.isidentifier())


def starts_a_value(word: str) -> bool:
    """Whether a value may start with the word of the language ``word`` (`count`, `points`, `the`): wherever
    a value is written, the lexer reads it as that word, so no definition can be named so (it could never
    be used). Worked out from the grammar, and only for the grammar's own words."""
    return word in keywords() and word in _value_starting_words()


@functools.lru_cache(maxsize=None)
def _value_starting_words() -> frozenset[str]:
    lark = build_expression_lark()
    patterns = (lark.get_terminal(name).pattern for name in lark.parse_interactive("").accepts())
    return frozenset(p.value for p in patterns if p.type == "str" and p.value.isidentifier())


def value_word_problem(word: str) -> tuple[str, str]:
    """What to say of a definition named with a word a value starts with: (message, hint)."""
    return (f"`{word}` is a word of the language that starts a value, so a definition named `{word}` could "
            f"never be used: wherever a value is written, `{word}` is read as that word",
            f"give the definition another name (`{word}_value`, say)")


def board_word_problem(word: str, what: str) -> tuple[str, str]:
    """What to say of a board whose rows or columns (``what``) are named with a word a value starts with."""
    return (f"`{word}` is a word of the language that starts a value, so {what} named `{word}` could never be "
            f"read: `{word} of s` is read as that word",
            f"name the {what} another way (`{what} {word}_number 1..N`, or `{what} {what[:-1]} 1..N`)")


@functools.lru_cache(maxsize=None)
def build_expression_lark() -> Lark:
    """The same grammar, started at `expr`: for a value shown in a text (`"hold at {turn_total}"`)."""
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                start="expr", propagate_positions=True, maybe_placeholders=True, cache=False)
