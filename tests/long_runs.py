"""The suite's long runs at a short count: a test that plays many seeded games (or runs an algorithm many
times) plays a few in the README's test command, so that every check still runs and can fail there, and
its full count with `RULESPEC_LONG_TESTS=1` (`RULESPEC_<NAME>=N` sets one run's count). The same test at
a bigger count is the long form: docs/guide/testing.md lists them, with their counts and times."""

from __future__ import annotations

import os


def count(name: str, suite: int, full: int) -> int:
    """The count a long run takes: `RULESPEC_<NAME>` when set, else `full` under RULESPEC_LONG_TESTS=1,
    else `suite` (the README's test command)."""
    own = os.environ.get(f"RULESPEC_{name}")
    if own:
        return int(own)
    return full if os.environ.get("RULESPEC_LONG_TESTS") == "1" else suite
