"""`rulespec build`: regenerate the committed engines from the bundled rule files, or check them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from ..output_files import OutputFolder
from ..pipeline import bundled_rulebooks, committed_engine_path, compile_rules, generate_source


@dataclass(frozen=True)
class BuildResult:
    rule_file: Path
    engine_file: Path
    up_to_date: bool


def build_all(check_only: bool = False,
              progress: Optional[Callable[[str, int, int], None]] = None) -> list[BuildResult]:
    """Generate ``engines/<game>.py`` for every bundled rule file (raises RuleError on a bad file);
    ``progress("engines", done, total)`` hears of each one finished."""
    results = []
    paths = list(bundled_rulebooks().values())
    for path in paths:
        if progress is not None:
            progress("engines", len(results), len(paths))
        model = compile_rules(path)
        source = generate_source(model, path)
        target = committed_engine_path(model.game_id)
        current = target.read_text(encoding="utf-8") if target.exists() else None
        results.append(BuildResult(path, target, current == source))
        if not check_only and current != source:  # never through a link (rulespec/output_files.py)
            OutputFolder(target.parent).write_text(target.name, source)
    if progress is not None and paths:
        progress("engines", len(results), len(paths))
    return results
