"""The CLI's layers import one way: rulespec/cli/main.py and rulespec/docs/commands.py both stand on
rulespec/cli/console.py and neither imports the other; `simulate` (and its charts) does not pull in the
docs package. Each import runs in a fresh interpreter, so what earlier tests imported does not count."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import rulespec

PACKAGE = Path(rulespec.__file__).resolve().parent


def _modules_after(statement: str) -> set[str]:
    """The rulespec modules loaded by one import in a fresh interpreter."""
    code = f"import sys\n{statement}\nprint('\\n'.join(m for m in sys.modules if m.startswith('rulespec')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def _imported_names(path: Path, package: str) -> set[str]:
    """Every module a file imports anywhere (at the top or inside a function), made absolute."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = ".".join(parts[:len(parts) - node.level + 1]) if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def test_docs_commands_import_nothing_from_the_cli():
    names = _imported_names(PACKAGE / "docs" / "commands.py", "rulespec.docs")
    assert "rulespec.cli.console" in names  # the shared helpers come from here
    assert not {n for n in names if n == "rulespec.cli.main" or n.startswith("rulespec.cli.main.")}


def test_docs_commands_load_without_the_cli():
    loaded = _modules_after("import rulespec.docs.commands")
    assert "rulespec.docs.commands" in loaded and "rulespec.cli.main" not in loaded


def test_the_cli_loads_first_or_second():
    assert {"rulespec.cli.main", "rulespec.docs.commands"} <= _modules_after("import rulespec.cli.main")
    assert {"rulespec.cli.main", "rulespec.docs.commands"} <= _modules_after(
        "import rulespec.docs.commands\nimport rulespec.cli.main")


def test_simulate_does_not_import_the_docs():
    names = _imported_names(PACKAGE / "play" / "simulate.py", "rulespec.play")
    assert not {n for n in names if n.startswith("rulespec.docs")}
    loaded = _modules_after("import rulespec.play.simulate\nimport rulespec.play.charts")
    assert "rulespec.play.simulate" in loaded
    assert not {m for m in loaded if m.startswith("rulespec.docs")}, sorted(loaded)
