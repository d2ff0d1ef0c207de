"""``python -m rulespec.check.estimates FILE...``: the work estimate of every declaration of some rule files and
their variants, largest first (rulespec/model/cost.py makes the estimates; the checker refuses a declaration
whose estimate is over the limit). Here rather than in cost.py: the model stage does not compile files."""

from __future__ import annotations

import contextlib
import sys
from typing import Iterator, Optional, Sequence

from ..language.errors import RuleError
from ..model.bounds import Bounds
from ..model.cost import estimates
from ..pipeline import compile_rules


@contextlib.contextmanager
def _work_unbounded() -> Iterator[None]:
    """The checker without its work limit while the block runs: a file it refuses for work alone still has its
    estimates listed (the one time they are needed), each over the limit marked by the report before them."""
    bound_work = Bounds.bound_work
    Bounds.bound_work = lambda self, model: None
    try:
        yield
    finally:
        Bounds.bound_work = bound_work


def _compiled(path, variants=()):
    """The checked model; for a file refused only for its work estimates, the model checked without that limit,
    the refusal printed first (on stderr). Any other problem is reported as the checker reports it."""
    try:
        return compile_rules(path, variants)
    except RuleError as refused:
        with _work_unbounded():
            try:
                model = compile_rules(path, variants)
            except RuleError:
                raise refused from None
        print(str(refused), file=sys.stderr)
        return model


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Print the estimates of the files (the command line's arguments by default), largest first."""
    rows = []
    for path in (sys.argv[1:] if argv is None else argv):
        try:
            model = _compiled(path)
        except RuleError as problem:  # (a problem other than work: as `rulespec check` says it, no traceback)
            print(str(problem), file=sys.stderr)
            return 1
        for variants in [()] + [(name,) for name, _ in model.variants_available]:
            checked = _compiled(path, variants) if variants else model
            for e in estimates(checked):
                rows.append((e.work, e.rows, path, "+".join(variants), e.what))
    rows.sort(key=lambda row: -row[0])
    print(f"{'estimate':>12} {'choices':>8}  declaration")
    for work, rows_, path, variants, what in rows:
        print(f"{work:>12,} {rows_ or '':>8}  {path}{' [' + variants + ']' if variants else ''}: {what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
