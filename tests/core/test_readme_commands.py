"""The README's two commands are what CI runs: .ci/run installs what the README's test command installs
and runs the same test command, and every extra the README names exists in pyproject.toml."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _readme_commands() -> tuple[str, str]:
    block = re.search(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S).group(1)
    lines = [line for line in block.splitlines() if line.strip()]
    assert len(lines) == 2, lines
    return lines[0], lines[1]


def _extras(command: str) -> set[str]:
    found = set()
    for part in command.split("&&"):
        words = shlex.split(part)
        if words[:4] == ["python", "-m", "pip", "install"]:
            for word in words:
                match = re.fullmatch(r"\.\[([\w,-]+)\]", word)
                if match:
                    found |= set(match.group(1).split(","))
    return found


def test_ci_runs_the_readme_test_command_after_installing_what_it_installs():
    _, test_command = _readme_commands()
    install, _, run = test_command.partition(" && ")
    assert run.strip() == "python -m pytest"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^python -m pytest\b", ci, re.M), "the test command is not in .ci/run"
    ci_installs = {m for line in ci.splitlines() if "pip install" in line and not line.lstrip().startswith("#")
                   for m in re.findall(r"-e '?\.\[([\w,-]+)\]", line)}
    ci_extras = {extra for group in ci_installs for extra in group.split(",")}
    assert _extras(install) <= ci_extras, (install, ci_extras)


def test_every_extra_the_readme_names_exists_and_test_holds_the_others():
    main_job, test_command = _readme_commands()
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert _extras(main_job) | _extras(test_command) <= set(extras)
    test_extra = " ".join(extras["test"])
    for other in ("docs", "openspiel", "pettingzoo"):
        assert other in re.search(r"rulespec\[([\w,]+)\]", test_extra).group(1).split(","), other
