"""The documented limits of the rule language: how big a rule file, a number, a board... may be.

A rule file from a stranger must be safe to compile: every number it can ask for is bounded here,
so that no file, however small, makes the parser, the checker, the generator or an engine allocate
a huge table or recurse too deep. Each limit is far above what the bundled rule files use and is
refused with a positioned RuleError naming the limit. A limit's ``bundled`` is the most those files
use (rulebooks/*.rules, house-rules/*.rules, the reference's games and tests/core/fixtures/*.rules,
with every variant), as the parser and the checker count it; its reason quotes it, and
tests/errors/test_limits.py checks it exact: under a limit of ``bundled`` every one of them compiles,
under one less one is refused.

The language reference lists these limits (``limits_table_markdown``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Limit:
    name: str
    value: int
    what: str  # what is counted, for the table and for messages: "copies of one component"
    reason: str  # why this value; "{bundled}" in it stands for the bundled figure
    bundled: Optional[int] = None  # the most the bundled rule files use (see the module's docstring)

    def __post_init__(self) -> None:
        if self.bundled is not None and "{bundled}" in self.reason:
            object.__setattr__(self, "reason", self.reason.replace("{bundled}", f"{self.bundled:,}"))


LIMITS: tuple[Limit, ...] = (
    # ---------------------------------------------------------------- the text
    Limit("file_bytes", 200_000, "bytes in a rule file",
          "the biggest bundled rule file has {bundled}; the densest file of this size parses in a few seconds",
          bundled=57_296),
    Limit("file_lines", 5_000, "lines in a rule file",
          "the biggest bundled rule file has {bundled}; parsing takes about a second per 5,000 lines",
          bundled=1_146),
    Limit("line_length", 1_000, "characters on one line", "the longest bundled line has {bundled}", bundled=326),
    Limit("string_length", 500, "characters in one quoted text", "the longest bundled text has {bundled}",
          bundled=118),
    Limit("name_length", 64, "characters in one name", "the longest bundled name has {bundled}", bundled=31),
    Limit("nesting", 100, "levels of nesting (brackets, conditions, blocks)",
          "the bundled games need {bundled}; every later stage walks the tree recursively", bundled=21),
    Limit("chain_terms", 150, "terms in one chain of + - * or of and / or",
          "a long sum is not nesting (the generated Python writes it flat), but the checker still walks it "
          "term by term, recursively; the bundled games need {bundled}", bundled=8),
    Limit("tree_depth", 400, "levels of a rule's parse tree, counting each term of a chain as one",
          "sums inside sums: a chain is flat for the limits above, but the parser's tree is as deep as its "
          "terms, and later stages walk it recursively; the bundled games need {bundled}", bundled=21),
    # ---------------------------------------------------------------- numbers
    Limit("number", 1_000_000, "for any number written in a file",
          "the biggest bundled number is {bundled}; bigger literals make huge tables or slow arithmetic",
          bundled=17_695),
    Limit("players", 100, "players", "the bundled games seat at most {bundled}; tables are made per seat",
          bundled=10),
    Limit("max_turns", 100_000, "turns in `at most N turns`", "the bundled games allow at most {bundled} (chess, as OpenSpiel's)",
          bundled=17_695),
    Limit("max_decisions", 1_000_000, "decisions in `at most N decisions`",
          "the bundled games allow at most {bundled} (backgammon's, as OpenSpiel's)", bundled=1_500),
    Limit("action_numbers", 100_000, "action numbers in `actions numbered 0 to N`",
          "the adapters make one text per number and seat (OpenSpiel's chess numbers 4,672)"),
    Limit("numbered_candidates", 1_000_000, "candidates of numbered options or chance steps, listed without a state "
          "for one player count (checked when the numbers are checked or an adapter loads the game)",
          "each is listed, its number worked out and its text kept, for every value of its step's parameters "
          "(chess lists 5,024 for its 4,674 numbers in 5 ms, Lines of Action 7,872 in 6 ms: a million takes about a "
          "second); `rulespec check` checks configurations while those listed stay under it in all"),
    Limit("repeat", 1_000, "times in `repeat N times`", "the bundled games repeat at most {bundled} times",
          bundled=41),
    Limit("dice", 100, "dice in one holder (`dice ...: N per player in ...`)",
          "the bundled games roll at most {bundled}", bundled=5),
    Limit("copies", 10_000, "copies of one component", "the bundled games have at most {bundled}", bundled=81),
    Limit("span", 10_000, "numbers in a range `low..high` (checked when the rules run)",
          "a range is walked number by number, while the rules run (so no bundled figure is checked here)"),
    Limit("shuffle_orders", 40_320, "orders of a zone one `shuffle` may put it in (checked when the rules run)",
          "a shuffle is one chance node listing every distinct order (8 different components: 40,320); "
          "shuffle fewer components, or draw them one by one"),
    Limit("definition_depth", 50, "definitions used inside one another (`define`)",
          "each use of a definition is a call in the generated engine; the bundled games nest at most {bundled}",
          bundled=5),
    Limit("attribute_values", 1_000, "values of one attribute (a list or a range `1..N`)",
          "the bundled games have at most {bundled}; each value is kept in a table", bundled=26),
    Limit("items", 10_000, "components in all (every copy of every kind)",
          "the bundled games have at most {bundled}; an engine keeps a row per component", bundled=211),
    Limit("board_columns", 200, "columns of a board", "the bundled boards have at most {bundled}", bundled=25),
    Limit("board_rows", 200, "rows of a board", "the bundled boards have at most {bundled}", bundled=24),
    Limit("board_cells", 10_000, "spaces on all boards together", "the bundled boards have at most {bundled}",
          bundled=450),
    Limit("shape_cells", 50, "triangles in one shape", "the bundled shapes have at most {bundled}", bundled=6),
    Limit("lattice_coordinate", 100, "for the row or column of a shape's triangle",
          "the bundled shapes use at most {bundled}", bundled=2),
    Limit("graph_coordinate", 1_000, "for a coordinate of a space in the drawing of a board declared as a graph",
          "the bundled graphs use at most {bundled}", bundled=6),
    Limit("placements", 20_000, "shapes times spaces on boards of triangles",
          "the bundled games need {bundled}; an engine lists every placement of every shape", bundled=1_800),
    Limit("item_cells", 1_000_000, "components times spaces on all boards",
          "the bundled games need {bundled}; an engine lists where each component fits", bundled=94_950),
    # ---------------------------------------------------------------- declarations
    Limit("declarations", 2_000, "declarations in a rule file", "the bundled games have at most {bundled}",
          bundled=113),
    Limit("options", 200, "options of one choice", "the bundled choices have at most {bundled} (chess's moves)", bundled=10),
    Limit("block_nesting", 12, "blocks inside one another (`if`, `for each`, `repeat`, and each value an option "
          "chooses)", "the bundled games need {bundled}; the generated Python may nest at most 20 blocks", bundled=4),
    # ---------------------------------------------------------------- work (rulespec/model/cost.py)
    Limit("work", 50_000_000, "estimated evaluations for one condition, one option's listing or one step",
          "the bundled games need at most {bundled} (the sowing of the reference's tiny game `sowing`; "
          "what reads moves ahead has a limit of its own, look_ahead_work); a condition or a listing at the limit takes about half a second (python -m rulespec.check.estimates FILE "
          "lists the estimates); a chain (`connected`) counts each space of its board once with its tests and "
          "neighbours (Hex's 11 x 11: 2,907)", bundled=2_430_370),
    Limit("look_ahead_work", 500_000_000, "estimated evaluations for a listing that reads moves ahead (`only if "
          "... after it`) or a condition that asks for a legal move through one",
          "the bundled games need at most {bundled} (chess's checkmate: no legal move, every move read ahead); the "
          "estimate charges a copy of the state, the move and the condition read after it to every candidate the "
          "walks could produce, most of which a cheap test turns away first: that checkmate takes about a "
          "millisecond", bundled=14_546_051),
    Limit("choices", 200_000, "choices one option may list",
          "the bundled options list at most {bundled}; each choice listed is kept in memory", bundled=17_388),
    Limit("variants", 50, "variants in a rule file",
          "the bundled games have at most {bundled}; each variant is checked on its own", bundled=5),
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
