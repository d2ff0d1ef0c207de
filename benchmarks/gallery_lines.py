"""How long each gallery rule file is without its examples (issue #11: "quote the lines of each gallery
rule file"): lines that are neither blank nor comments, outside `example` blocks, and the examples' own;
for the gallery's games, their house rules and the newcomer's games (tests/newcomer/games).

    python benchmarks/gallery_lines.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUNDLED_RULEBOOKS = {"shell-we", "shrimp", "let-them-eat-shrimp"}  # the three rulebooks, not the gallery


def counts(path: Path) -> tuple[int, int]:
    """(rule lines, example lines) of one file: an example block runs from `example` at the margin to the
    next line at the margin."""
    rules = examples = 0
    in_example = False
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if not line[0].isspace():
            in_example = text.startswith("example ")
        if in_example:
            examples += 1
        else:
            rules += 1
    return rules, examples


def main() -> None:
    print("| rule file | lines without examples | example lines |")
    print("|---|---:|---:|")
    for folder in ("rulebooks", "house-rules", "tests/newcomer/games"):
        for path in sorted((ROOT / folder).glob("*.rules")):
            base = re.search(r'^extends "([^"]+)"', path.read_text(encoding="utf-8"), re.M)
            if path.stem in BUNDLED_RULEBOOKS or (base and base.group(1) in BUNDLED_RULEBOOKS):
                continue
            rules, examples = counts(path)
            print(f"| {folder}/{path.name} | {rules} | {examples} |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
