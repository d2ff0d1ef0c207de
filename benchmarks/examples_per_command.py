"""How many examples each command runs, for every bundled game and house rule (issue #42's acceptance table).

Each figure is read from the command's own output, not worked out beside it:

- `rulespec check FILE`: the examples run as written and under each variant ("examples with variant V
  (N of M pass)"), and those it lists as not run, with their reason;
- the pytest plugin (`python -m pytest FILE --collect-only`): the `example[...]` items it collects (each
  is run by a plain `pytest`);
- `rulespec docs FILE`: the examples shown with their result on the game's page and on each variant's
  page (its own, and "the N other examples ... also run with the variant").

    python benchmarks/examples_per_command.py [FILE ...]     # default: rulebooks/*.rules and house-rules/*.rules

Prints a Markdown table; exits 1 when a command reports a failing example.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECTION = re.compile(r"^examples (?:as written |with variants? ([\w, ]+) )?\((\d+) of (\d+) pass\)", re.M)
NOT_RUN = re.compile(r"^  not run, ([^:]+):\n((?:    .*\n)+)", re.M)
OTHERS = re.compile(r"The (\d+) other examples? of .* also runs? with the variant; (\d+) of them hold")


def run(*command: str) -> str:
    done = subprocess.run([sys.executable, *command], cwd=ROOT, capture_output=True, text=True, timeout=1800)
    return done.stdout + done.stderr


def check_counts(path: str) -> tuple[dict[str, tuple[int, int]], dict[str, int]]:
    text = run("-m", "rulespec", "check", path)
    sections = {(match[1] or "as written"): (int(match[2]), int(match[3])) for match in SECTION.finditer(text)}
    not_run = {reason: len(lines.splitlines()) for reason, lines in NOT_RUN.findall(text)}
    return sections, not_run


def plugin_count(path: str) -> int:
    listed = run("-m", "pytest", path, "--collect-only", "-n0", "-p", "no:cacheprovider")
    return sum(1 for line in listed.splitlines() if "::example[" in line)


def docs_counts(path: str) -> tuple[int, int, int]:
    """(examples on the game's page, the variants' own, those re-run on variant pages, how many of them hold)."""
    with tempfile.TemporaryDirectory() as folder:
        run("-m", "rulespec", "docs", path, "-o", folder)
        pages = Path(folder, "docs")
        own = len(re.findall(r"\{ #example-", (pages / "index.md").read_text())) if (pages / "index.md").exists() else 0
        variant_own = inherited = holding = 0
        for page in pages.glob("*.md"):
            if page.name in ("index.md", "how-to-play.md"):
                continue
            text = page.read_text()
            variant_own += len(re.findall(r"\{ #example-", text))
            for others, hold in OTHERS.findall(text):
                inherited, holding = inherited + int(others), holding + int(hold)
    return own, variant_own, inherited, holding


def main(paths: list[str]) -> int:
    paths = paths or sorted(str(p.relative_to(ROOT)) for p in [*ROOT.glob("rulebooks/*.rules"),
                                                                *ROOT.glob("house-rules/*.rules")])
    print("| rule file | `check`: as written | `check`: under variants | `check`: not run (why) | pytest plugin "
          "items | `docs`: game page + variant pages (own + re-run) |")
    print("|---|---|---|---|---|---|")
    failing = False
    for path in paths:
        sections, not_run = check_counts(path)
        written = sections.pop("as written", (0, 0))
        variants = ", ".join(f"{name} {passed}/{total}" for name, (passed, total) in sections.items()) or "-"
        failing |= written[0] != written[1] or any(p != t for p, t in sections.values())
        skipped = "; ".join(f"{count} ({reason})" for reason, count in not_run.items()) or "0"
        own, variant_own, inherited, holding = docs_counts(path)
        failing |= holding != inherited
        print(f"| {path} | {written[0]}/{written[1]} | {variants} | {skipped} | {plugin_count(path)} | "
              f"{own} + {variant_own} + {inherited} (hold {holding}) |")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
