"""The indexed ends reading the state's journal of writes (#40, rulespec/runtime/ends.py) against the way before,
in one process: each file's engine as loaded, and the same file's engine generated with the record as it was (a
copy of the board and the count of writes, ``st._boards[b][:]`` at every check that found no end) and its
EndIndex comparing that copy with the board (State._changed_since: the journal a hint, checked). The same
seeded games, thread CPU time, nothing but play inside the clock (bench_honest.microseconds_a_step), rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_ends_journal.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import re
import sys
from itertools import chain, compress, count
from operator import ne
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from ab import interleaved, seeds_of, share, spread  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.python import generate  # noqa: E402
from rulespec.pipeline import compile_rules, load_module_from_source, resolve_path  # noqa: E402
from rulespec.runtime.ends import EndIndex  # noqa: E402

FILES = ["tic-tac-toe", "connect-four", "breakthrough"]  # the gallery's files with indexed ends


class ComparingEndIndex(EndIndex):
    """EndIndex as it was: its record a copy of the board, compared with the board now (the journal a hint)."""

    __slots__ = ()

    def units_and_one(self, st):
        every, reach, order = self._by_tables.get(st._t) or self._tables(st._t)
        seen = st._ends_seen.get(self.key)
        if seen is None:
            return every, None
        mark = st._ends_seen.get(self.key + ("written",))
        if mark is None:
            changed = list(compress(count(), map(ne, st._boards[self.board], seen)))
        else:
            changed = st._changed_since(self.board, seen, mark)[1]
        if len(changed) == 1:
            return reach[changed[0]], changed[0]
        if not changed:
            return (), None
        return sorted(set(chain.from_iterable(map(reach.__getitem__, changed))), key=order.__getitem__), None


def comparing(name: str, engine):
    """``name``'s engine generated with the record as it was, loaded in memory."""
    path = resolve_path(name)
    source = generate(compile_rules(path), path)
    source, records = re.subn(r"\(('[a-z_]+'), (\d+)\): st\._writes\(\)",
                              r"(\1, \2): st._boards[\2][:], (\1, \2, 'written'): st._writes()", source)
    assert records, f"{name}: no indexed end"
    module = load_module_from_source(source, f"{name.replace('-', '_')}_comparing")
    for key, index in list(vars(module).items()):
        if isinstance(index, EndIndex):
            old = ComparingEndIndex.__new__(ComparingEndIndex)
            for slot in EndIndex.__slots__:
                setattr(old, slot, getattr(index, slot))
            setattr(module, key, old)
    before = module.GAME(None)
    before.model = engine.model
    return before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=400, help="seeded games a block")
    parser.add_argument("--files", default=",".join(FILES))
    args = parser.parse_args()
    print(f"`python benchmarks/bench_ends_journal.py --rounds {args.rounds} --games {args.games}`: us a step, "
          "medians (min-max)\n")
    print("| file | board copied and compared | journal read | before / now |")
    print("|---|---|---|---|")
    for name in args.files.split(","):
        now = rulespec.load(name)
        now_figures, before = interleaved([[lambda r, e=engine: microseconds_a_step(e, seeds_of(r, args.games))
                                            for engine in (now, comparing(name, now))]], args.rounds)[0]
        print(f"| {name} | {spread(before, 2)} | {spread(now_figures, 2)} | {share(before, now_figures)} |",
              flush=True)


if __name__ == "__main__":
    main()
