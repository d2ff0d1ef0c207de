"""`python -m rulespec.check.estimates FILE...` prints the work estimate of every declaration of the files and
their variants, largest first (the estimates come from rulespec/model/cost.py, which compiles nothing)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rulespec.check.estimates import main

PEBBLES = Path(__file__).resolve().parent.parent / "core" / "fixtures" / "pebbles.rules"


def _rows(text: str) -> list[str]:
    lines = text.splitlines()
    assert lines[0].split() == ["estimate", "choices", "declaration"]
    return lines[1:]


def test_every_variant_is_estimated_largest_first(capsys):
    assert main([str(PEBBLES)]) == 0
    rows = _rows(capsys.readouterr().out)
    works = [int(row.split()[0].replace(",", "")) for row in rows]
    assert works == sorted(works, reverse=True) and works[0] > 0
    assert any(f"{PEBBLES}: " in row for row in rows)  # the file as written
    assert all(any(f"{PEBBLES} [{variant}]: " in row for row in rows) for variant in ("quick", "lazy", "sudden"))


def test_the_module_runs_from_the_command_line():
    done = subprocess.run([sys.executable, "-m", "rulespec.check.estimates", str(PEBBLES)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(_rows(done.stdout)) > 3


BROKEN = Path(__file__).resolve().parent / "broken_semantic"


def test_a_file_refused_for_its_work_still_has_its_estimates_listed(capsys):
    """The one time the estimates are needed: `rulespec check` refuses the file for work alone (#40, helper
    ginrummy: it used to end in a traceback). The refusal goes to stderr, the estimates to stdout, largest first."""
    path = BROKEN / "work_end_counts_inside_counts.rules"
    assert main([str(path)]) == 0
    out, err = capsys.readouterr()
    rows = _rows(out)
    assert "may walk" in err and "all_dropped" in rows[0] and int(rows[0].split()[0].replace(",", "")) > 50_000_000


def test_a_file_with_another_problem_is_reported_without_a_traceback(capsys):
    path = BROKEN / "unknown_counter.rules"
    assert main([str(path)]) == 1
    out, err = capsys.readouterr()
    assert "error:" in err and "Traceback" not in err and not out
