"""What to write instead, for phrasings a newcomer reaches for that the language spells otherwise (`subtract 1
from x`, `elif`, `leader is player 1`, `by all players`, ...), an option's line out of its place, and a
definition without parameters used with brackets: the hints of language/syntax_errors.py's reports."""

from __future__ import annotations

import re

from .errors import SourceText


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


OPTION_LINES = ("an option's lines come in this order: `for ...`, `numbered ...`, `only when no other option is "
                "offered`, its `only if ...` lines, `only if ... after it`, then its statements")


def _option_header(source: SourceText, line: int) -> str | None:
    """`option` (or `outcome`, for a chance) when line ``line`` is directly in an option's (a chance's) block."""
    indent = _indent_of(source.line(line))
    for number in range(line - 1, 0, -1):
        text = source.line(number)
        if not text.strip() or text.lstrip().startswith("#") or _indent_of(text) >= indent:
            continue
        words = text.split()
        if words[:1] == ["option"] or words[:2] == ["replace", "option"]:
            return "option"
        return "chance" if words[:1] == ["chance"] else None
    return None


def option_line_hint(source: SourceText, line: int, source_line: str, column: int, text: str) -> str | None:
    """A `for`, `numbered` or `only if` line of an option out of its place: the order of an option's lines."""
    before = source_line[:column - 1]
    first = not before.strip()
    text = (text.split() or [""])[0]  # (`c in`: words the lexer took for a board row's)
    misplaced_for = re.fullmatch(r"\s*for\s+", before) and re.fullmatch(r"[A-Za-z_]\w*", text) and text != "each"
    if not (misplaced_for or (first and text in ("numbered", "only"))):
        return None
    header = _option_header(source, line)
    if header == "chance" and text == "numbered":
        return "a chance's `numbered` line comes right after its `outcome` line, before its statements"
    if header != "option":
        return None
    if misplaced_for:
        return (OPTION_LINES + f"; a loop among the statements reads `for each {text} in ...:`")
    return OPTION_LINES


def empty_brackets_hint(source: SourceText, source_line: str, column: int) -> str | None:
    """`worth_holding()`: a definition without parameters is used by its name alone."""
    used = re.search(r"(?<![\w.])([A-Za-z_]\w*)\s*\(\s*$", source_line[:column - 1])
    if used is None or re.match(r"\s*(define|step|choice|chance)\s", source_line):
        return None
    name = used.group(1)
    defined = any(re.match(rf"\s*define\s+{name}\s*(\(\s*\))?\s*(\[|:)", line) for line in source.lines)
    if defined:
        return f"`{name}` is a definition without parameters: it is used by its name alone, `{name}`, not `{name}()`"
    return ("brackets after a name give it values, at least one; a definition without parameters is used by "
            "its name alone (`worth_holding`, not `worth_holding()`)")


_COMPARED_BY_IS = re.compile(r"(?:^|[\s(])([A-Za-z_]\w*(?:\s+of\s+[A-Za-z_]\w*(?:\s+\d+)?)?)?\s*\bis(\s+not)?"
                             r"\s+(player\s+)?$")
_COUNTER_VERBS = ("subtract", "decrease", "increase", "increment", "decrement", "reduce", "raise", "lower")


def phrasing_hint(source_line: str, column: int, text: str) -> str | None:
    """What to write instead, for phrasings a newcomer reaches for that the language spells differently
    (`subtract 1 from x`, `elif`, `0 to 5`, `for s, t in grid`, `by all players`, ...)."""
    before = source_line[:column - 1]
    at_start = not before.strip()
    if at_start and text in _COUNTER_VERBS:
        return ("a counter changes with `add N to COUNTER` or `set COUNTER to N`; to take away, add a negative "
                "number: `add -1 to passes`, `add -(bid of p) to coins of p`")
    if at_start and re.match(r"[A-Za-z_]\w*(\s+of\s+[^=]+?)?\s*(\+=|-=|=)", source_line[column - 1:]):
        return "a counter changes with `set COUNTER to N` or `add N to COUNTER` (`add -1 to COUNTER` takes one away)"
    declaration = source_line.split()[0] if source_line.split() else ""
    if re.fullmatch(r"[A-Za-z_]\w*", text) and declaration in ("component", "dice", "counter"):
        if declaration == "counter" and re.search(r"\bstarts\s+at\s*-?\s*$", before):
            return (f"a counter starts at a written number; to start it at `{text}`, set it in `setup`: "
                    f"`set COUNTER to {text}`")
        if re.search(r"\.\.\s*$", before):
            return ("an attribute's values are written out (`1..10`), not read from an option; the rules can still "
                    f"compare them with it (`... <= {text}`)")
    stripped = before.strip()
    if stripped.startswith("then ") and text in ("won", "win", "wins", "lost", "loses") and re.search(r"\bplayer\s+\d+\s*$", before):
        return "the winners read `then player 1 wins` (`then player 1, player 3 win`)"
    if re.fullmatch(r"then\s+(it|this)\s+is\s+a", stripped) and text == "draw":
        return "write `then the game is a draw`"
    quoted = re.match(r"\s*then\s+([A-Za-z_]\w*)\s+of\s+space\s*$", before)
    if quoted and text.startswith('"'):  # `then seeds of space "1 3" = 5`, as `then space "1 3" holds` reads
        rest = source_line[column - 1 + len(text):].split("#")[0].strip() or "= N"
        return (f"a count per space is read by the space's quoted label alone: `then {quoted.group(1)} of "
                f"{text} {rest}`, without `space`")
    if text == "[" and re.search(r"\breturns\s+are\s*$", before):
        return "list the payoffs in seat order without brackets: `then returns are 1, -1`"
    if re.fullmatch(r"(when|then)", stripped) and text != '"' and not text.startswith('"'):
        if re.match(r"(player\s+\d+|chance)\s*:", source_line[column - 1:]):
            return "an action is quoted as the game prints it: `when \"player 1: pass\"`"
    if text == ":" and re.fullmatch(r"(win|draw|loss)", stripped.split(",")[-1].strip()):
        return "write the payoffs without colons: `win 1, draw 0, loss -1`"
    if text == "(" and re.fullmatch(r"score\s+[A-Za-z_]\w*", stripped):
        return "a score is one number per player: `score NAME of p:` and its value on the next line"
    if text == "=" and re.match(r"\s*set\b", before):
        return "write `set COUNTER to N`"
    if re.search(r"\b(and|or|not)\s+there\s+is(\s+no)?\s*$", before) or (
            text == "in" and re.search(r"\b(and|or|not)\s+there\s+is(\s+no)?\s+[A-Za-z_]\w*\s*$", before)):
        return ("`there is x in D where C` takes the rest of the condition as its C: bracket it to go on after "
                "`and`, `or` or `not`: `A and (there is no x in D where C)`")
    if text == "when" and re.fullmatch(r"only", stripped):  # (after an `only if` line, or in a step's body)
        return ("`only when no other option is offered` is an option's line, written after its `for` and "
                "`numbered` lines and before its `only if` lines")
    if re.fullmatch(r"only\s+if\s+(no|nothing)", stripped) and text in ("other", "else"):
        return "an option a player takes only when they can take no other reads `only when no other option is offered`"
    if text == "elif" or (text == "if" and re.search(r"\belse\s*$", before)):
        return "write `else if C:` (the Python `elif`, in the language's words)"
    if text == "to" and re.search(r"\b(in|from)\s+\S.*$", before) and not re.search(r"\b(move|add|set)\b", before):
        return "a range of numbers is written with two dots: `0..N` (`for n in 0..coins of player`)"
    if re.search(r"\bwinner\s+is\s*$", before):
        return "write the winner right after `winner`: `winner p`"
    if re.search(r"\bby\s+(all|every|both|everyone|everybody)\s*$", before) or (
            text in ("every", "both", "everyone", "everybody") and re.search(r"\bby\s*$", before)):
        return ("`by each player` is a choice every player makes at once, in secret; `by any player` a claim "
                "window (whoever acts first); `by player` the step's own player; `by leader` the seat a counter "
                "(or any value) gives")
    if text == "," and re.search(r"\bfor\s+[A-Za-z_]\w*\s*$", before):
        return "each name gets its own `in`: `for s in grid, t in grid`"
    if text == "where" and re.match(r"\s*for\s+each\b", before):
        return ("`for each` goes through every element: test each one with an `if ...:` inside the loop "
                "(`where` filters in `count(...)`, `sum(...)` and `any(...)`)")
    compared = _COMPARED_BY_IS.search(before)  # `leader is player 1`, `at_stake is 0`, `leader is not player 2`
    by_number = re.fullmatch(r"-?\d+", text)
    if compared and (by_number or (compared.group(2) and not compared.group(3) and text == "player")):
        seat = re.match(r"player\s+(\d+)", source_line[column - 1:])  # (`is not player 1`, at `player`)
        value = f"player {text}" if compared.group(3) else text if by_number else f"player {seat[1] if seat else 1}"
        left = compared.group(1) or "A"
        sign = "!=" if compared.group(2) else "="
        return (f"a value is compared with `=` (`is not`: `!=`): `{left} {sign} {value}`; `is` tests a state "
                f"(`is none`, `is empty`, `is occupied`), and `given counter ... is` sets a counter")
    if text in (")", ",") and re.search(r"\b(define|step|choice|chance)\s+[A-Za-z_]\w*\s*\(([^():]*:[^():,]*,)*\s*[A-Za-z_]\w*\s*$", before):
        return "each parameter has a type: `p: seat` (seat, space, item, number, word or a board's name)"
    return None
