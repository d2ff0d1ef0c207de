"""The language reference: every construct of the grammar, each with an example cut from a tiny game.

The constructs are read from the grammar (every rule and every ``-> alias`` that makes a node of the
parse tree). Each entry (in reference_declarations.py and reference_in_play.py) names the constructs it
shows and a snippet, which must be a piece of one of the complete tiny games in ``ref_games/``. ``tests/docs/test_reference.py`` checks that every
construct of the grammar is shown by some entry, that each snippet is really in its game and parses
there into the constructs the entry claims, and that every game checks and passes its examples. So a
construct added to the grammar fails the tests until it has an example here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..resources import grammar_path
from .reference_declarations import DECLARATIONS
from .reference_entry import Entry
from .reference_in_play import IN_PLAY

GAMES = Path(__file__).resolve().parent / "ref_games"

# Every entry, in the order of the reference page: the declarations, then what happens in play.
ENTRIES: tuple[Entry, ...] = DECLARATIONS + IN_PLAY

SKIPPED = ("start",)  # the whole file: every example is one


@lru_cache(maxsize=None)
def grammar_constructs() -> tuple[str, ...]:
    """Every node name the grammar can put in a parse tree (rule names and ``-> alias`` names)."""
    from ..language.grammar import build_lark
    names = set()
    for rule in build_lark().rules:
        origin = str(rule.origin.name)
        if rule.alias:
            names.add(str(rule.alias))
        elif not rule.options.expand1 and not origin.startswith("_"):
            names.add(origin)
    return tuple(sorted(names - set(SKIPPED)))


def grammar_lines() -> dict[str, str]:
    """The grammar's text for each construct: the alternative with ``-> name``, or the rule ``name:``."""
    text = grammar_path().read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.split("//")[0].rstrip()
        alias = re.search(r"->\s*([a-z_]+)\s*$", line)
        if alias:
            body = re.sub(r"^\s*(\??[a-z_]+:|\|)\s*", "", line[:alias.start()]).strip()
            out.setdefault(alias.group(1), body)
            continue
        rule = re.match(r"^\??([a-z_]+):\s*(.*)$", line)
        if rule:
            out.setdefault(rule.group(1), rule.group(2).strip())
    return out


def snippet_lines(entry: Entry) -> tuple[int, int]:
    """The first and last line numbers of an entry's snippet in its game."""
    text = (GAMES / entry.game).read_text(encoding="utf-8")
    start = text.find(entry.snippet)
    if start < 0:
        raise ValueError(f"the snippet of {entry.title!r} is not in {entry.game}")
    first = text.count("\n", 0, start) + 1
    return first, first + entry.snippet.count("\n")


def constructs_in_snippet(entry: Entry) -> set[str]:
    """The parse-tree nodes that start inside the entry's snippet (what the tests hold an entry to)."""
    from ..language.grammar import build_lark
    text = (GAMES / entry.game).read_text(encoding="utf-8")
    lark = build_lark()
    lark.options.postlex.text = text
    tree = lark.parse(text)
    first, last = snippet_lines(entry)
    found = set()
    for node in tree.iter_subtrees():
        meta = node.meta
        if meta.empty:
            continue
        if first <= meta.line <= last:  # it starts in the snippet (a long one may be shown in part)
            found.add(str(node.data))
    return found


def names_section() -> list[str]:
    """Which words of the language no name may be, worked out from the grammar (a new word is listed as added)."""
    from ..language.taken_words import value_words, word_use
    rows = [f"- `{word}`: {word_use(word)}" for word in value_words()]
    return ["## Names that are words of the language", "",
            "A name (a counter, score, definition, parameter, zone, board, its rows and columns, an attribute "
            "or its values, a region, a step, an option...) is a word of your own; a word the language spells "
            "out is read as the language's word wherever the grammar could take either. A value may start with "
            "the words below, so a name read in a value may not be one of them: `counter count` is accepted "
            "where it is declared, but `count of p` reads as `count(`. A file that reads such a name is refused "
            "at the name, where it was given, with the line that reads it as the word. The same holds for any "
            "other word of the language in the places it may stand for a name (`space` after an example's "
            "`then`). The list is the grammar's own (`grammars/rulespec.lark`):", "", *rows, ""]


def reference_page():
    from .escape import fenced, md_code, tab_title
    from .pages import Page
    lines = ["# The rule language", "",
             "Every construct of the grammar (`grammars/rulespec.lark`), with an example. The examples are cut "
             "from small complete games that the test suite checks, so each one compiles as shown. The grammar "
             "line under each title is the construct's production.", ""]
    grammar = grammar_lines()
    sections: dict[str, list[Entry]] = {}
    for entry in ENTRIES:
        sections.setdefault(entry.section, []).append(entry)
    for section, entries in sections.items():
        lines += [f"## {section}", ""]
        for entry in entries:
            lines += [f"### {entry.title}", ""]
            lines += ["Constructs: " + ", ".join(f"`{c}`" for c in entry.constructs) + ".", ""]
            for construct in entry.constructs:
                production = grammar.get(construct)
                if production:
                    lines += [f"- `{construct}`: `{production}`" if "`" not in production
                              else f"- `{construct}`: ``{production}``"]
            lines += ["", entry.text, "", f"From {md_code(entry.game)}:", ""]
            lines += fenced(entry.snippet, "rules")
            lines += [""]
    lines += names_section()
    from ..lib.limits import limits_table_markdown
    lines += ["## Limits", "",
              "A rule file may ask for only so much: every number, size and count below is checked, and a file "
              "that asks for more is refused with a RuleError at the number, naming the limit. The limits are "
              "far above what the bundled games use (`rulespec/lib/limits.py`).", "",
              "### In a rule file", "", limits_table_markdown(),
              (Path(__file__).with_name("runtime_limits.md")).read_text(encoding="utf-8"), ""]
    lines += ["## The example games", "",
              "The complete files the snippets come from.", ""]
    for game in sorted(GAMES.glob("*.rules")):
        lines += [f'??? example "{tab_title(game.name)}"', ""]
        lines += fenced(game.read_text(encoding="utf-8"), "rules", indent="    ")
        lines += [""]
    return Page("reference/language.md", "\n".join(lines), title="The rule language")
