"""What a rule text may hold before and after Lark parses it: its size and characters (checked on
the raw text) and how deeply its parse tree nests (checked before the tree becomes an AST, so that
no later stage, all of which walk the tree recursively, meets a deeper one)."""

from __future__ import annotations

import re

from lark import Tree

from ..lib.limits import LIMIT, refusal
from .errors import Diagnostic, SourceText


def size_problem(text: str, path: str) -> Diagnostic | None:
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


def character_problem(text: str, path: str) -> Diagnostic | None:
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


def too_deeply_nested(tree: Tree):
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
                        "split it up: add up part of it in its own score, or use `sum(...)`")
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
