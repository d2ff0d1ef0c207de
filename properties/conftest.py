"""Hypothesis profiles for the property suite, and the budget of the engine state machines.

    python -m pytest properties                              # dev: fast (the default)
    CI=true python -m pytest properties                      # ci: what CI runs, deterministic
    HYPOTHESIS_PROFILE=thorough python -m pytest properties  # deep runs: many long games, every action tried

HYPOTHESIS_PROFILE wins over CI. The profile sets Hypothesis' own knobs (examples, steps per
example); ``BUDGETS`` the verifier's (how many offered actions are tried on clones at each step,
how far one fast-forward may jump). Every rule file in pyproject.toml's ``rulespec_files`` (the bundled
games, the core tests' small games) is checked, its examples run and verified by the rulespec pytest
plugin (rulespec/check/pytest_plugin.py) with the same profiles and budgets.
"""

from __future__ import annotations

import gc
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.errors import InvalidArgument

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `pytest properties` without an installed checkout
    sys.path.insert(0, str(ROOT))

from rulespec.check.pytest_plugin import PROFILE_BUDGETS, profile_name  # noqa: E402

_SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large]

# The suite's pace, not what it checks: a test process holds a million objects and more (engines, tables, models),
# and with the collector's default thresholds (700, 10, 10) it walked them all some 150 times in tests/adapters and
# tests/benchmarks alone (23 s of the 170 s of CPU they took in one process; 3 s with these thresholds, 138 s in all,
# its peak memory 9% higher). Collected less often, not less: what rulespec compiles runs with the collector paused
# anyway (rulespec/language/collector.py), and the tests that watch the collector set it themselves.
gc.set_threshold(50_000, 20, 100)

try:
    _BUILT_IN_CI = settings.get_profile("ci")  # derandomized, no example database, prints blobs
except InvalidArgument:  # a Hypothesis older than its built-in ci profile
    _BUILT_IN_CI = settings(derandomize=True, database=None, print_blob=True)

settings.register_profile(
    "ci", _BUILT_IN_CI,
    max_examples=10, stateful_step_count=50, deadline=None,
    suppress_health_check=_SLOW_IS_FINE,
)
settings.register_profile(
    "dev", max_examples=5, stateful_step_count=30, deadline=None, suppress_health_check=_SLOW_IS_FINE,
)
settings.register_profile(
    "thorough", max_examples=150, stateful_step_count=200, deadline=None, suppress_health_check=_SLOW_IS_FINE,
)


PROFILE = profile_name()  # the plugin's rule: HYPOTHESIS_PROFILE, else ci under CI=true, else dev
settings.load_profile(PROFILE)


@dataclass(frozen=True)
class Budget:
    """What the verifier does at each step, per profile (see rulespec.check.verify.state_machine)."""

    max_applies: Optional[int]  # offered actions tried on clones per step; None: all of them
    fast_forward: int  # the longest seeded random jump one rule may make
    any_rule_file_examples: int  # examples per player count when a whole rule file is verified


# The pytest plugin's table (it verifies every rule file in pyproject.toml's rulespec_files), so a
# rule file verified by the plugin and a game verified by the tests here get the same budget.
BUDGETS = {
    name: Budget(max_applies=budget.max_applies, fast_forward=budget.fast_forward,
                 any_rule_file_examples=budget.examples)
    for name, budget in PROFILE_BUDGETS.items()
}


@pytest.fixture(scope="session")
def budget() -> Budget:
    return BUDGETS.get(PROFILE, BUDGETS["dev"])


def pytest_report_header(config) -> str:
    return f"hypothesis profile: {PROFILE} ({settings.get_profile(PROFILE).show_changed()})"


# The three rulebooks' own property tests here (test_shell_we.py, test_shrimp.py, test_let_them_eat_shrimp.py) run
# the verifier's state machine at every player count with the profile's examples and assert that every check
# ran; the plugin's properties items for the same files would repeat them with fewer examples, so they run one
# example each (the plugin's path through these files stays checked: a whole game, its replay, every property).
CHECKED_DEEPER_HERE = ("rulebooks/shell-we.rules", "rulebooks/shrimp.rules", "rulebooks/let-them-eat-shrimp.rules")


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        path, _, name = item.nodeid.partition("::")
        if path in CHECKED_DEEPER_HERE and name.startswith("properties["):
            item.add_marker(pytest.mark.rulespec(examples=1))
