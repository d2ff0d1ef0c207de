"""The checked model said in English: one function per IR node type.

Every expression class (``ir.E``), statement class (``ir.S``) and declaration class (``ir.Cited``)
has exactly one renderer in this package, registered with :func:`renders`; ``tests/docs/test_english.py``
introspects :mod:`rulespec.model.ir` and fails when a class has none, so a new construct cannot
reach the language without a way to say itself. Nothing here knows any particular game: every
word that names a thing comes from the model (its zones, boards, components, steps...).

Expressions render to one phrase of Markdown; statements and declarations to Markdown lines (lists
nest with four spaces, as Python-Markdown wants). Examples of output, for a model with a zone
``rack`` per player and a board ``beach``::

    Compare(=)       the colour of the tile is the colour of the space
    Fits             the tile fits the space
    Move             Move the tile to the player's rack (as a *draw*).

The renderers live by construct: words.py (the registry, small words, the :class:`English` that
dispatches), expressions.py, statements.py and declarations.py (with the lines of an example and a
game's overview). Importing this package registers them all.
"""

from __future__ import annotations

from . import expressions, statements  # noqa: F401  (registers their renderers)
from .declarations import example_line, game_overview
from .words import (DECLARATIONS, EXPRESSIONS, STATEMENTS, STEP_KINDS, English, anchor, article, code, human, join,
                    plural, quoted, renders)

__all__ = [
    "DECLARATIONS", "EXPRESSIONS", "STATEMENTS", "STEP_KINDS", "English", "anchor", "article", "code", "example_line",
    "game_overview", "human", "join", "plural", "quoted", "renders",
]
