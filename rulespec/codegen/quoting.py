"""The one path by which anything from a rule file reaches generated source.

A rule file's texts (titles, templates, conditions' source, clause IDs, its file name) and names
reach the engine module only through these functions: a ``repr()`` literal (:func:`lit`,
:func:`docstring`), a checked identifier (:func:`ident`) or an escaped comment (:func:`comment`).
Generator code never interpolates rule text into source any other way;
``tests/codegen/test_quoting.py`` reads the generator's own source and fails on any f-string field
that does not come through here (or carry ``!r``), and fuzzes these with hostile text.
"""

from __future__ import annotations

import re
from typing import Any

# What `ident` lets through: a Python identifier of ASCII letters, digits and underscores (non-ASCII
# identifiers would be NFKC-normalised by Python, so two different names could become one).
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# Operators the checker produces; anything else is refused rather than written into code.
OPERATORS = frozenset({"+", "-", "*", "//", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or"})
FUNCTIONS = frozenset({"abs", "min", "max"})


class UnsafeText(ValueError):
    """Something that is not a safe identifier or literal was about to become generated code.

    The checker refuses such names first, with a positioned RuleError; reaching this is a bug.
    """


def ident(name: str) -> str:
    """A rule-file name as part of a generated identifier. Generated code always puts it behind a
    prefix (``v_pass``, ``effect_turn__pass``), so a name that is a Python keyword is fine."""
    if not isinstance(name, str) or not _IDENT.match(name):
        raise UnsafeText(f"not a safe name for generated code: {name!r}")
    return name


def operator(op: str) -> str:
    """An operator of the language, as Python writes it."""
    if op not in OPERATORS:
        raise UnsafeText(f"not an operator of the language: {op!r}")
    return op


def function(name: str) -> str:
    """A built-in function of the language (abs, min, max)."""
    if name not in FUNCTIONS:
        raise UnsafeText(f"not a function of the language: {name!r}")
    return name


def _literal_value(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, (tuple, list, frozenset, set)):
        return all(_literal_value(v) for v in value)
    if isinstance(value, dict):
        return all(_literal_value(k) and _literal_value(v) for k, v in value.items())
    return False


def lit(value: Any) -> str:
    """A Python literal for ``value``: its ``repr()``, for plain data only (str, int, bool, None and
    tuples, lists and dicts of them), so the text evaluates back to exactly ``value``."""
    if not _literal_value(value):
        raise UnsafeText(f"not plain data: {type(value).__name__}")
    return repr(value)


def _plain(text: str) -> bool:
    """Text that can stand inside a triple-quoted docstring as it is: lines that are printable (no
    other line break, NUL, lone surrogate or U+2028), no backslash and no double quote."""
    return all(line.isprintable() for line in text.split("\n")) and "\\" not in text and '"' not in text


def docstring(text: str) -> str:
    """A docstring literal for ``text``: ``\"\"\"text\"\"\"`` when that reads as exactly ``text``, else its repr."""
    if not isinstance(text, str):
        raise UnsafeText(f"not a text: {type(text).__name__}")
    return f'"""{text}"""' if _plain(text) else repr(text)


def comment(text: str) -> str:
    """A one-line ``# ...`` comment showing ``text``; text that could end the line (or is not printable)
    is shown escaped, as inside a repr."""
    if not isinstance(text, str):
        raise UnsafeText(f"not a text: {type(text).__name__}")
    shown = text if text.isprintable() else repr(text)[1:-1]
    return f"# {shown}".rstrip()
