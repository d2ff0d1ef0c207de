"""How many executable examples rule files have, and how many lines of each kind they use.

    python -m rulespec.check.example_counts                 # every bundled rulebook and its variants
    python -m rulespec.check.example_counts FILE_OR_GAME ... # any rule files

Every example of a file is counted once, wherever it is declared (in the file, in a variant's `add
example`, or a base game's example a house rule keeps); a line is counted by its kind (`given`,
`when`, and each kind of `then` fact, named as in the language reference). A `for every` block is one
line of its example, and the lines under it are counted as lines too; the example counts once, however
many actions or outcomes its block runs.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Iterable

from ..language import ast
from ..pipeline import bundled_rulebooks, resolve_path
from ..language.parser import parse_file

# Each kind of line, as a reader knows it.
KINDS = {
    "players": "given N players", "option": "given option", "items": "given components", "step": "given step",
    "counter": "given counter", "setup": "given set-up", "action": "when", "legal": "then ... is legal",
    "numbered": "then ... is numbered N",
    "illegal": "then ... is not legal", "over": "then game over by", "fact": "then CONDITION",
    "wins": "then ... wins", "draw": "then the game is a draw", "game_over": "then the game is over",
    "not_over": "then the game is not over", "ranking": "then ranking is", "returns": "then returns are",
    "offered_exactly": "then the offered actions are exactly", "offered": "then P is offered",
    "offered_no": "then P is offered no", "decides": "then ... decides", "chance_outcomes": "then the chance outcomes are",
    "chance_even": "then ... equally likely", "sees": "then P sees", "not_sees": "then P does not see",
    "space_empty": "then space ... is empty", "space_holds": "then space ... holds", "turn_number": "then it is turn N",
    "turn_of": "then it is P's turn", "phase": "then the phase is", "leg": "then it is leg N", "ran": "then STEP ran",
    "gained": "then ZONE gained", "lost": "then ZONE lost", "position": "given position",
    "refused": "when ... is refused", "place": "then P is in place N", "chance_read": "then every chance outcome reads",
    "log": "then the log says", "sees_top": "then P sees only the top of",
    "for_every": "for every offered action / chance outcome", "leg_scores": "given leg N scored",
    "match_total": "then the match total of",
}


def examples_of(rule_file: ast.RuleFile) -> list[ast.ExampleDecl]:
    """Every example a parsed file declares: its own and those its variants add."""
    found = []
    for decl in rule_file.declarations:
        if decl.kind == "example":
            found.append(decl)
        elif decl.kind == "variant":
            found += [c.declaration for c in decl.changes
                      if c.action == "add" and c.declaration is not None and c.declaration.kind == "example"]
    return found


def count(names: Iterable[str]) -> tuple[dict[str, int], Counter]:
    per_file: dict[str, int] = {}
    kinds: Counter = Counter()
    for name in names:
        examples = examples_of(parse_file(resolve_path(name)))
        per_file[name] = len(examples)
        for example in examples:
            kinds.update(each.what for line in example.lines for each in (line, *line.body))
            kinds.update("with variant" for _ in example.variants)
            kinds.update("with option" for _ in example.with_options)
    return per_file, kinds


def report(names: Iterable[str]) -> str:
    per_file, kinds = count(names)
    lines = [f"{sum(per_file.values())} examples: " + ", ".join(f"{name} {n}" for name, n in per_file.items()), ""]
    width = max(len(KINDS.get(k, k)) for k in kinds) if kinds else 0
    for kind, n in sorted(kinds.items(), key=lambda item: (-item[1], item[0])):
        lines.append(f"  {KINDS.get(kind, kind):<{width}}  {n}")
    return "\n".join(lines)


if __name__ == "__main__":
    try:
        print(report(sys.argv[1:] or list(bundled_rulebooks())))
    except BrokenPipeError:  # `... | head`: a closed pipe is no problem
        sys.stderr.close()
