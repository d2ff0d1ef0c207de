"""Mutations of a rule file that keep it valid more often than random damage does (benchmarks/hostile_campaign.py
and tests/errors/test_fuzz_play.py): a word or a number replaced, a line deleted, duplicated or swapped, and the
forms the generator's levers read: a number moved a little, a comparison or `and`/`or` swapped, a condition line
deleted, a direction swapped, a board's size changed, a `where` clause dropped."""

from __future__ import annotations

import random
import re

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
NUMBER = re.compile(r"(?<![A-Za-z0-9_.-])\d+(?![A-Za-z0-9_])")
COMPARISONS = ["<", "<=", ">", ">=", "=", "!="]
COMPARISON = re.compile(r"(?<=\s)(<=|>=|!=|<|>|=)(?=\s)")
DIRECTIONS = ["north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest"]
DIRECTION = re.compile(r"\b(" + "|".join(sorted(DIRECTIONS, key=len, reverse=True)) + r")\b")
CONDITION = re.compile(r"^\s*(only if|if|unless|while|when|where|and|or)\b")
SIZE_LINE = re.compile(r"\b(rows|columns|board|size|cells|spaces|track|pits|hexagons)\b")
WHERE = re.compile(r" where [^)\]:]*")
KINDS = ["word", "number", "delete", "duplicate", "swap", "small_number", "comparison", "and_or",
         "condition_deleted", "direction", "board_size", "where_dropped"]


def mutate(text: str, kind: str, rng: random.Random, words: list) -> str | None:
    """The text with one mutation of ``kind`` (None when the file offers no place for it)."""
    lines = text.splitlines()
    body = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    if not body:
        return None

    def at(pattern):
        found = [(i, m) for i in body for m in pattern.finditer(lines[i].split("#")[0])]
        return rng.choice(found) if found else (None, None)

    def replaced(i, m, new):
        lines[i] = lines[i][:m.start()] + new + lines[i][m.end():]

    if kind == "word":
        i, m = at(WORD)
        if i is None:
            return None
        replaced(i, m, rng.choice(words))
    elif kind == "number":
        i, m = at(NUMBER)
        if i is None:
            return None
        replaced(i, m, str(rng.randint(0, 40)))
    elif kind == "small_number":
        i, m = at(NUMBER)
        if i is None:
            return None
        replaced(i, m, str(max(0, int(m.group()) + rng.choice([-2, -1, 1, 2]))))
    elif kind == "delete":
        del lines[rng.choice(body)]
    elif kind == "duplicate":
        i = rng.choice(body)
        lines.insert(i, lines[i])
    elif kind == "swap":
        i, j = rng.choice(body), rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "comparison":
        i, m = at(COMPARISON)
        if i is None:
            return None
        replaced(i, m, rng.choice([c for c in COMPARISONS if c != m.group()]))
    elif kind == "and_or":
        i, m = at(re.compile(r"\b(and|or)\b"))
        if i is None:
            return None
        replaced(i, m, "or" if m.group() == "and" else "and")
    elif kind == "condition_deleted":
        found = [i for i in body if CONDITION.match(lines[i])]
        if not found:
            return None
        del lines[rng.choice(found)]
    elif kind == "direction":
        i, m = at(DIRECTION)
        if i is None:
            return None
        replaced(i, m, rng.choice([d for d in DIRECTIONS if d != m.group()]))
    elif kind == "board_size":
        found = [(i, m) for i in body if SIZE_LINE.search(lines[i]) for m in NUMBER.finditer(lines[i].split("#")[0])]
        if not found:
            return None
        i, m = rng.choice(found)
        replaced(i, m, str(max(1, int(m.group()) + rng.choice([-3, -2, -1, 1, 2, 3]))))
    elif kind == "where_dropped":
        i, m = at(WHERE)
        if i is None:
            return None
        replaced(i, m, "")
    new = "\n".join(lines) + "\n"
    return None if new == text else new
