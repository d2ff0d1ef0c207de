"""What the tree -> AST transform is made of: the problem it raises at a token's place, the reading
of numbers within their limits, locations, the citation and ruling tails of a declaration, and the
base of the transformer classes (``transform``, ``transform_expressions``, ``transform_examples``)."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer_NonRecursive

from . import ast
from ..lib.limits import LIMIT, refusal


class AstProblem(Exception):
    def __init__(self, line: int, column: int, message: str, width: int = 1, hint: str | None = None):
        super().__init__(message)
        self.line, self.column, self.message, self.width, self.hint = line, column, message, width, hint


# ----------------------------------------------------------------------------- tree -> AST


_NUMBER_HINTS = {
    "players": "seats are numbered from 1, and a game seats a few players",
    "copies": "declare as many copies as the game's box holds",
    "max_turns": "`at most N turns` is a safety net against endless games: a few thousand is plenty",
    "lattice_coordinate": "a shape lists its triangles relative to (0, 0): write small row and column numbers",
    "graph_coordinate": "a drawing position is a point on a small grid: `at a1 (0, 0), d1 (3, 0)`",
}


def read_number(token: Token, name: str = "number", hint: str | None = None) -> int:
    """The value of an INT token, refused at its position beyond the documented limit ``name``.

    Every number of a rule file is read here: the digits are counted before they are converted (Python
    refuses to convert 4,301 digits or more, and bigger numbers only make bigger tables)."""
    digits = str(token)
    bound = getattr(LIMIT, name)
    significant = digits.lstrip("0") or "0"
    if len(significant) > len(str(bound)) or int(significant) > bound:
        asked = int(significant) if len(significant) <= 30 else f"a number of {len(significant):,} digits"
        raise AstProblem(token.line, token.column, refusal(name, asked), width=len(digits),
                          hint=hint or _NUMBER_HINTS.get(name, "rule files are about games: use a smaller number"))
    return int(significant)


def check_number(value: int, loc, name: str) -> int:
    """A number already read (a literal of an expression), refused at ``loc`` beyond the limit ``name``."""
    if value > getattr(LIMIT, name):
        raise AstProblem(loc.line, loc.column, refusal(name, value), width=max(loc.end_column - loc.column, 1),
                         hint=_NUMBER_HINTS.get(name, "rule files are about games: use a smaller number"))
    return value


def read_signed_number(token: Token, name: str = "number") -> int:
    """An INT or NEGATIVE_INT token's value (``-3``), bounded like any number of a rule file."""
    if str(token).startswith("-"):
        return -read_number(Token.new_borrow_pos("INT", str(token)[1:], token), name)
    return read_number(token, name)


def option_value(token: Token):
    """An option's value: a word, or a number the rules compute with (kept as the digits written)."""
    return str(read_number(token)) if token.type == "INT" else str(token)


def unquote(token: Token) -> str:
    """A quoted text's words: the quotes taken off, each `""` inside read as one `"`."""
    return str(token)[1:-1].replace('""', '"')


def meta_loc(path: str, meta: Any) -> ast.Loc:
    if getattr(meta, "empty", True):
        return ast.Loc(file=path, line=1, column=1, end_line=1, end_column=1)
    return ast.Loc(file=path, line=meta.line, column=meta.column, end_line=meta.end_line, end_column=meta.end_column)


def token_loc(path: str, token: Token) -> ast.Loc:
    return ast.Loc(file=path, line=token.line, column=token.column, end_line=token.end_line or token.line,
                   end_column=token.end_column or token.column)


def split_tails(children):
    """Separate a node's citation/ruling tails from its other children."""
    cites: list[str] = []
    rulings: list[str] = []
    rest = []
    for child in children:
        if isinstance(child, Cites):
            cites.extend(child.ids)
        elif isinstance(child, Rulings):
            rulings.extend(child.ids)
        else:
            rest.append(child)
    return rest, tuple(cites), tuple(rulings)


class ExampleWith:
    """An example's `with variant ..., option ... = ...` (taken apart in ``example``)."""

    def __init__(self, items: tuple):
        self.items = items


class Cites:
    def __init__(self, ids):
        self.ids = ids


class Rulings:
    def __init__(self, ids):
        self.ids = ids


class Block(list):
    pass


class ValueCount:
    """`pawn 8` in an attribute's list: the value's token, how many components have it, where it is written
    (``count_loc``: where the number is)."""

    def __init__(self, value: Token, count: int, loc: ast.Loc, count_loc: ast.Loc):
        self.value, self.count, self.loc, self.count_loc = value, count, loc, count_loc


def value_token(child) -> Token:
    """An attribute value's token, whether or not a count follows it."""
    return child.value if isinstance(child, ValueCount) else child


def counted(children) -> dict:
    """An attribute's ``counts``, ``counts_loc`` and ``none_made_loc`` (none when no value of ``children`` has
    a count)."""
    written = [c for c in children if isinstance(c, ValueCount)]
    if not written:
        return {}
    return {"counts": tuple(c.count if isinstance(c, ValueCount) else 1 for c in children),
            "counts_loc": written[0].loc,
            "none_made_loc": next((c.count_loc for c in written if c.count == 0), None)}


# Lark's non-recursive Transformer: a tree as deep as the limits allow (400 levels) takes two Python
# frames a level in the recursive one, too close to Python's recursion limit.
class AstBuilder(Transformer_NonRecursive):
    """A transformer making AST nodes of the rule file at ``path``; its subclasses are the constructs."""

    def __init__(self, path: str):
        super().__init__(visit_tokens=False)  # no method here is named after a terminal
        self.path = path

    def _loc(self, meta):
        # (a name with `_`: v_args wraps every other method, to be called with (meta, children))
        return meta_loc(self.path, meta)
