"""`rulespec build`: regenerate the committed engines from the bundled rule files, or check them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .pipeline import bundled_rulebooks, committed_engine_path, compile_rules, generate_source


@dataclass(frozen=True)
class BuildResult:
    rule_file: Path
    engine_file: Path
    up_to_date: bool


def build_all(check_only: bool = False) -> list[BuildResult]:
    """Generate ``engines/<game>.py`` for every bundled rule file (raises RuleError on a bad file)."""
    results = []
    for path in bundled_rulebooks().values():
        model = compile_rules(path)
        source = generate_source(model, path)
        target = committed_engine_path(model.game_id)
        current = target.read_text(encoding="utf-8") if target.exists() else None
        results.append(BuildResult(path, target, current == source))
        if not check_only and current != source:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(source, encoding="utf-8")
    return results
