"""A house rule's `rename OLD to NEW`: the base's declaration OLD, and every use of it in the base, known as NEW.

The rename is made on the base's parsed declarations before the house rule's are merged over them, through the
AST's dataclass fields (never on the file's text): a field that names something is rewritten where it equals OLD,
a text's `{...}` where it names OLD, an end's `checked after step OLD`, a written-down position's line where its
head names OLD (`counter OLD:`, `OLD of player 1:`, `pending OLD(...)`, `game over: OLD`). Other texts (titles,
actions) are left as written."""

from __future__ import annotations

import dataclasses
import re

from ..language import ast

# Fields that hold text written for people or fixed words, never a name a declaration refers by.
TEXT_FIELDS = frozenset({"loc", "kind", "title", "text", "label", "shown_as", "rulebook", "path", "file",
                         "action", "cites", "values", "value", "position", "letter", "cells", "with_options"})

# The kinds of declaration a house rule may rename, in words.
RENAMABLE = {"define": "definition", "step": "step", "counter": "counter", "zone": "zone", "end": "end"}


def renamed(node, old: str, new: str, is_name: bool = True):
    """``node`` (a declaration, a part of one, or a tuple of them) with every name ``old`` written ``new``; the
    very node where nothing changes. A string is a name only where ``is_name`` (not in a text field, though an
    expression held there, as a score's value, is walked)."""
    if isinstance(node, tuple):
        parts = tuple(renamed(part, old, new, is_name) for part in node)
        return node if all(a is b for a, b in zip(parts, node)) else parts
    if isinstance(node, str):
        return new if is_name and node == old else node
    if not isinstance(node, ast.Node):
        return node
    changes = {}
    for field in dataclasses.fields(node):
        value = getattr(node, field.name)
        if field.name == "template" and isinstance(value, str):
            fresh = _renamed_in_template(value, old, new)
        elif field.name == "timing" and isinstance(value, str):
            fresh = ast.after_named_step(new) if ast.named_step_of(value) == old else value
        elif field.name == "position" and value:
            fresh = _renamed_in_position(value, old, new)
        elif field.name == "loc":
            continue
        else:
            fresh = renamed(value, old, new, field.name not in TEXT_FIELDS)
        if fresh is not value:
            changes[field.name] = fresh
    return dataclasses.replace(node, **changes) if changes else node


def _renamed_in_template(template: str, old: str, new: str) -> str:
    """An action's or outcome's text with ``old`` written ``new`` where a `{...}` names it."""
    word = re.compile(r"(?<![A-Za-z0-9_])" + re.escape(old) + r"(?![A-Za-z0-9_])")
    fresh = re.sub(r"\{[^}]*\}", lambda m: word.sub(new, m.group(0)), template)
    return template if fresh == template else fresh


def _position_heads(old: str) -> tuple[re.Pattern, ...]:
    """Where a position's line names a counter, zone, board, step or end (rulespec/runtime/position.py)."""
    name = re.escape(old)
    return (re.compile(r"^(\s*counter )" + name + r"(?=\s*:)"),  # counter OLD: 3
            re.compile(r"^(\s*)" + name + r"(?=(?: of player \d+)?\s*:)"),  # OLD: ... / OLD of player 1: ...
            re.compile(r"^(\s*pending )" + name + r"(?=\()"),  # pending OLD(player 1)
            re.compile(r"^(\s*game over: )" + name + r"(?=,|\s*$)"),  # game over: OLD, winners ...
            re.compile(r"((?:^\s*queued in \S+:|,) *)" + name + r"(?=\()"))  # queued in Q: OLD(player 1), ...


def _renamed_in_position(lines: tuple, old: str, new: str) -> tuple:
    """A `given position:`'s (text, line, column) lines with ``old`` written ``new`` where a line's head names it."""
    heads = _position_heads(old)
    fresh = []
    for text, line, column in lines:
        for head in heads:
            text = head.sub(lambda m: m.group(1) + new, text)
        fresh.append((text, line, column))
    fresh = tuple(fresh)
    return lines if fresh == lines else fresh
