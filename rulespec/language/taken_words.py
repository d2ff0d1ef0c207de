"""Names that are words of the language: a name given to a counter, score, board's rows, parameter...
that the grammar also reads as one of its own words where a name may stand (`count`, `points`, `line`).

Lark's contextual lexer reads a word as a name wherever only a name may stand (`counter count ...`
parses), but as the language's word wherever both may (`count of p` reads `count(` ...), so the mistake
used to show far from its cause. When a file fails to parse, its tokens are read again up to the
failure: if the failing line holds a word that was read as the language's word where a name could have
stood, and the file gave that word as a name before, the report is the name, at the place it was given.
The words are the grammar's own (its string terminals), found through Lark's public interface, so a new
keyword is covered as it is added.
"""

from __future__ import annotations

import functools
from typing import Optional

from lark import Token
from lark.exceptions import UnexpectedInput

from .grammar import build_expression_lark, build_lark, keywords

_GAP = "…"
_SHOWN = 12  # a construct's words shown at most
_LINE_BREAKS = frozenset({"_NL", "_INDENT", "_DEDENT"})


@functools.lru_cache(maxsize=None)
def _keyword_terminals() -> dict[str, str]:
    """The grammar's words (`count`, `points`...) by the name Lark gives their terminal (`COUNT`)."""
    words = keywords()
    return {t.name: t.pattern.value for t in build_lark().terminals
            if t.pattern.type == "str" and t.pattern.value in words}


@functools.lru_cache(maxsize=None)
def word_use(word: str, before: str = "") -> str:
    """How the language uses ``word``, shown from the grammar: the shortest construct in which it follows the
    word ``before`` (`then space … is empty`), else the shortest it starts (`count(… in …)`, `line of … from
    … towards …`), else the shortest it is part of."""
    lark = build_lark()
    literal = {t.name: t.pattern.value for t in lark.terminals if t.pattern.type == "str"}
    terminal = next((name for name, value in literal.items() if value == word), None)
    if terminal is None:
        return f"`{word}`"
    names = [[getattr(s, "name", "") for s in rule.expansion] for rule in lark.rules]
    holding = [n for n in names if terminal in n]
    after = [n[n.index(terminal) - 1:] for n in holding
             if n.index(terminal) > 0 and literal.get(n[n.index(terminal) - 1]) == before]
    starting = [n for n in holding if n[0] == terminal]
    values = _value_rules()
    in_values = [n for rule, n in zip(lark.rules, names) if n[:1] == [terminal] and rule.origin.name in values]
    best = min(after or in_values or starting or holding, key=len, default=[terminal])
    parts: list[str] = []
    for name in best[:_SHOWN]:
        if name.startswith("_") and name.isupper():  # newlines, indents: the construct's line ends here
            break
        part = literal.get(name, _GAP)
        if not (part == _GAP and parts and parts[-1] == _GAP):
            parts.append(part)
    text = " ".join(parts) + (f" {_GAP}" if len(best) > _SHOWN and parts[-1] != _GAP else "")
    for tight, loose in (("(", " ( "), (")", " )"), (",", " ,")):
        text = text.replace(loose, tight)
    return f"`{text}`"


@functools.lru_cache(maxsize=None)
def _value_rules() -> frozenset[str]:
    """The grammar's rules a value is made of: those `expr` reaches."""
    rules = build_lark().rules
    found, todo = set(), ["expr"]
    while todo:
        origin = todo.pop()
        if origin in found:
            continue
        found.add(origin)
        todo += [s.name for rule in rules if rule.origin.name == origin for s in rule.expansion if not s.is_term]
    return frozenset(found)


@functools.lru_cache(maxsize=None)
def value_words() -> tuple[str, ...]:
    """The words a value may start with (`count`, `points`, `the` ...): no name read in a value may be one."""
    lark = build_expression_lark()
    patterns = (lark.get_terminal(name).pattern for name in lark.parse_interactive("").accepts())
    return tuple(sorted(p.value for p in patterns if p.type == "str" and p.value.isidentifier()))


def _tokens_to_failure(text: str) -> list[tuple[Token, bool]]:
    """The tokens of ``text`` up to where its parse fails, each with whether the parser would have taken a
    name in its place (a word of the language read as that word where a name could stand)."""
    lark = build_lark()
    lark.options.postlex.text = text
    words = _keyword_terminals()
    read: list[tuple[Token, bool]] = []
    parser = lark.parse_interactive(text)
    try:
        for token in parser.iter_parse():
            choices = parser.choices()
            read.append((token, token.type in words and token.type in choices and "NAME" in choices))
    except UnexpectedInput:  # (the token refused is the last read)
        pass
    except Exception:  # any other refusal is told by the parse itself
        return []
    return read


def _parses_past(text: str, tokens: list[Token], failed_line: int) -> bool:
    """Whether ``text`` parses past ``failed_line`` once the words ``tokens`` are written as a name of
    their length instead (`_ount` for `count`): the name, not some other slip, is what stops the parse."""
    for token in sorted(tokens, key=lambda t: t.start_pos, reverse=True):
        text = text[:token.start_pos] + "_" + token.value[1:] + text[token.end_pos:]
    lark = build_lark()
    lark.options.postlex.text = text
    try:
        lark.parse(text)
    except UnexpectedInput as error:
        return isinstance(getattr(error, "line", None), int) and error.line > failed_line
    except Exception:  # a refusal of the indenter's: not this mistake
        return False
    return True


def name_read_as_a_word(text: str, failed_line) -> Optional[tuple[Token, str, int, str, str]]:
    """When the parse fails on line ``failed_line`` because a name given earlier is a word of the language
    read as that word in the failing line (or the bracketed lines it ends): (the name where it was given, the word, the line reading it, message, hint)."""
    if not isinstance(failed_line, int):
        return None
    try:
        return _name_read_as_a_word(text, failed_line)
    finally:
        build_lark().options.postlex.text = text


def stops_the_parse(text: str, word: str, failed_line) -> bool:
    """Whether ``word``, read as the language's word where a name could stand in the failing line, is what
    stops the parse there (written as a name instead, the parse goes past that line)."""
    if not isinstance(failed_line, int):
        return False
    try:
        read = _tokens_to_failure(text)
        same_word = [read[i][0] for i in _failing_line(read) if read[i][0].value == word]
        return bool(same_word) and _parses_past(text, same_word, failed_line)
    finally:
        build_lark().options.postlex.text = text


def _failing_line(read: list[tuple[Token, bool]]) -> list[int]:
    """The places, in the failing logical line (back to the last line break the parser was given: none
    inside brackets), of the words read as the language's where a name could stand."""
    start = next((i + 1 for i in range(len(read) - 2, -1, -1) if read[i][0].type in _LINE_BREAKS), 0)
    return [i for i in range(start, len(read)) if read[i][1]]


def _name_read_as_a_word(text: str, failed_line: int) -> Optional[tuple[Token, str, int, str, str]]:
    read = _tokens_to_failure(text)
    words = _keyword_terminals()
    on_line = _failing_line(read)
    for index in on_line:
        token = read[index][0]
        word = words.get(token.type, token.value)
        given = next((t for t, _ in read[:index] if t.type == "NAME" and t.value == word), None)
        same_word = [read[i][0] for i in on_line if read[i][0].value == word]
        if given is None or not _parses_past(text, same_word, failed_line):
            continue
        before = read[index - 1][0].value if index and read[index - 1][0].line == token.line else ""
        message = (f"`{word}` is a word of the language ({word_use(word, before)}), so the name `{word}` given "
                   f"here cannot be read where that word may stand: line {token.line} reads it as the word")
        hint = (f"pick another name for it (`my_{word}`, say); the language reference lists the words "
                f"taken, under \"Names that are words of the language\"")
        return given, word, token.line, message, hint
    return None
