"""The documented limits of the rule language: how big a rule file, a number, a board... may be.

A rule file from a stranger must be safe to compile: every number it can ask for is bounded here,
so that no file, however small, makes the parser, the checker, the generator or an engine allocate
a huge table or recurse too deep. Each limit is far above what the bundled games use (measured
on rulebooks/*.rules, tests/core/fixtures/*.rules and the reference's games; the largest use is in
the reason) and is refused with a positioned RuleError naming the limit.

The language reference lists these limits (``limits_table_markdown``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    name: str
    value: int
    what: str  # what is counted, for the table and for messages: "copies of one component"
    reason: str


LIMITS: tuple[Limit, ...] = (
    # ---------------------------------------------------------------- the text
    Limit("file_bytes", 200_000, "bytes in a rule file",
          "four times the biggest bundled rule file (48 KB); the densest file of this size parses in a few seconds"),
    Limit("file_lines", 5_000, "lines in a rule file",
          "the biggest bundled rule file has 873; parsing takes about a second per 5,000 lines"),
    Limit("line_length", 1_000, "characters on one line", "the longest bundled line has 326"),
    Limit("string_length", 500, "characters in one quoted text", "the longest bundled text has 103"),
    Limit("name_length", 64, "characters in one name", "the longest bundled name has 31"),
    Limit("nesting", 100, "levels of nesting (brackets, conditions, blocks)",
          "the bundled games need 21; every later stage walks the tree recursively"),
    Limit("chain_terms", 150, "terms in one chain of + - * or of and / or",
          "a long sum is not nesting (the generated Python writes it flat), but the checker still walks it "
          "term by term, recursively"),
    Limit("tree_depth", 400, "levels of a rule's parse tree, counting each term of a chain as one",
          "sums inside sums: a chain is flat for the limits above, but the parser's tree is as deep as its "
          "terms, and later stages walk it recursively; the bundled games need 21"),
    # ---------------------------------------------------------------- numbers
    Limit("number", 1_000_000, "for any number written in a file",
          "the biggest bundled number is 1200; bigger literals make huge tables or slow arithmetic"),
    Limit("players", 100, "players", "the bundled games seat at most 6; tables are made per seat"),
    Limit("max_turns", 100_000, "turns in `at most N turns`", "the bundled games allow at most 1,200"),
    Limit("repeat", 1_000, "times in `repeat N times`", "the bundled games repeat at most 41 times"),
    Limit("dice", 100, "dice in one holder (`dice ...: N per player in ...`)", "the bundled games roll at most 5"),
    Limit("copies", 10_000, "copies of one component", "the bundled games have at most 35"),
    Limit("span", 10_000, "numbers in a range `low..high` (checked when the rules run)",
          "a range is walked number by number; the bundled games and fixtures walk at most 100"),
    Limit("definition_depth", 50, "definitions used inside one another (`define`)",
          "each use of a definition is a call in the generated engine; the fixtures nest at most 2"),
    Limit("attribute_values", 1_000, "values of one attribute (a list or a range `1..N`)",
          "the bundled games have at most 18; each value is kept in a table"),
    Limit("items", 10_000, "components in all (every copy of every kind)",
          "the bundled games have at most 210; an engine keeps a row per component"),
    Limit("board_columns", 200, "columns of a board", "the bundled boards have at most 25"),
    Limit("board_rows", 200, "rows of a board", "the bundled boards have at most 18"),
    Limit("board_cells", 10_000, "spaces on all boards together", "the bundled boards have at most 450"),
    Limit("shape_cells", 50, "triangles in one shape", "the bundled shapes have at most 6"),
    Limit("lattice_coordinate", 100, "for the row or column of a shape's triangle",
          "the bundled shapes use at most 2"),
    Limit("placements", 20_000, "shapes times spaces on boards of triangles",
          "the bundled games need 1,800; an engine lists every placement of every shape"),
    Limit("item_cells", 1_000_000, "components times spaces on all boards",
          "the bundled games need 94,500; an engine lists where each component fits"),
    # ---------------------------------------------------------------- declarations
    Limit("declarations", 2_000, "declarations in a rule file", "the bundled games have at most 111"),
    Limit("options", 200, "options of one choice", "the bundled choices have at most 5"),
    Limit("block_nesting", 12, "blocks inside one another (`if`, `for each`, `repeat`, and each value an option "
          "chooses)", "the bundled games need 4; the generated Python may nest at most 20 blocks"),
    # ---------------------------------------------------------------- work (rulespec/model/cost.py)
    Limit("work", 50_000_000, "estimated evaluations for one condition, one option's listing or one step",
          "the bundled games need at most 453,834 (listing where a tile can go in Let Them Eat Shrimp's advanced "
          "game); a condition or a listing at the limit takes about half a second (python -m rulespec.model.cost "
          "lists the estimates); a chain (`connected`) counts each space of its board once with its tests and "
          "neighbours (Hex's 11 x 11: 2,907)"),
    Limit("choices", 200_000, "choices one option may list",
          "the bundled options list at most 18,900; each choice listed is kept in memory"),
    Limit("variants", 50, "variants in a rule file",
          "the bundled games have at most 5; each variant is checked on its own"),
)

_BY_NAME = {limit.name: limit for limit in LIMITS}


def limit(name: str) -> int:
    return _BY_NAME[name].value


def describe(name: str) -> Limit:
    return _BY_NAME[name]


def refusal(name: str, asked: int | str, *, unit: str | None = None) -> str:
    """The message for a file that asks for too much: "at most 10,000 copies of one component: this
    file asks for 50,000,000"."""
    entry = _BY_NAME[name]
    what = unit or entry.what
    asked_text = f"{asked:,}" if isinstance(asked, int) else asked
    return f"at most {entry.value:,} {what}: this file asks for {asked_text}"


def limits_table_markdown() -> str:
    """The limits as a Markdown table, for the language reference."""
    rows = ["| limit | at most | why |", "| --- | ---: | --- |"]
    for entry in LIMITS:
        rows.append(f"| {entry.what} | {entry.value:,} | {entry.reason} |")
    return "\n".join(rows) + "\n"


class _Values:
    """``LIMIT.copies`` etc.: the values by name."""

    def __getattr__(self, name: str) -> int:
        try:
            return _BY_NAME[name].value
        except KeyError:
            raise AttributeError(name) from None


LIMIT = _Values()

__all__ = ["LIMITS", "LIMIT", "Limit", "limit", "describe", "refusal", "limits_table_markdown"]
