"""``python -m rulespec.check.estimates FILE...``: the work estimate of every declaration of some rule files and
their variants, largest first (rulespec/model/cost.py makes the estimates; the checker refuses a declaration
whose estimate is over the limit). Here rather than in cost.py: the model stage does not compile files."""

from __future__ import annotations

import sys
from typing import Optional, Sequence

from ..model.cost import estimates
from ..pipeline import compile_rules


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the estimates of the files (the command line's arguments by default), largest first."""
    rows = []
    for path in (sys.argv[1:] if argv is None else argv):
        model = compile_rules(path)
        for variants in [()] + [(name,) for name, _ in model.variants_available]:
            checked = compile_rules(path, variants) if variants else model
            for e in estimates(checked):
                rows.append((e.work, e.rows, path, "+".join(variants), e.what))
    rows.sort(key=lambda row: -row[0])
    print(f"{'estimate':>12} {'choices':>8}  declaration")
    for work, rows_, path, variants, what in rows:
        print(f"{work:>12,} {rows_ or '':>8}  {path}{' [' + variants + ']' if variants else ''}: {what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
