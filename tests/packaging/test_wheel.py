"""The wheel, not the editable install: build it, install it with its dependencies into a fresh venv
(no system site-packages, so nothing of this checkout leaks in), and run a new user's workflow from a
temporary folder outside the repository.

Each step's wall time is printed (the issue quotes them). A step is a command and what its output
must (and must not) say; add one to STEPS to extend the workflow.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

import pytest

# Both tests use one installed wheel (a module fixture): on one xdist worker, it is built and installed once.
pytestmark = pytest.mark.xdist_group("wheel")

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
INSTALL_TIMEOUT = 600  # a cold resolution from PyPI under load; a warm one takes well under a minute
STEP_TIMEOUT = 300


@dataclass(frozen=True)
class Step:
    """One command of the workflow, run in the user's folder (or a subfolder of it) with the venv's
    `rulespec` and `python` first on PATH."""

    name: str
    command: tuple[str, ...]
    exit_code: int = 0
    says: tuple[str, ...] = ()  # texts the output (stdout and stderr) must contain
    never_says: tuple[str, ...] = ("Traceback", "site-packages")
    folder: str = "."  # relative to the user's folder
    prepare: Optional[Callable[[Path], None]] = None  # makes files in the step's folder first
    needs_docs: bool = False  # installs the docs extra (MkDocs; 30-40 s more to install)


def _user_engines_package(folder: Path) -> None:
    """A user project with its own `engines` package, one module named like a committed engine."""
    (folder / "engines").mkdir(parents=True, exist_ok=True)
    (folder / "engines" / "__init__.py").write_text('"""The user\'s own engines."""\n', encoding="utf-8")
    (folder / "engines" / "shrimp.py").write_text("USERS_OWN = True\nSOURCE_HASH = 'not a rulespec engine'\n",
                                                  encoding="utf-8")


def _starter_with_a_broken_invariant(folder: Path) -> None:
    """A copy of the starter project (written by the `rulespec init` step) whose invariant is false."""
    shutil.copytree(folder.parent / "project", folder, dirs_exist_ok=True)
    rules = folder / "tide-pool.rules"
    text = rules.read_text(encoding="utf-8")
    assert "count(s in beach) = 12" in text, "the starter's invariant changed: update this step"
    rules.write_text(text.replace("count(s in beach) = 12", "count(s in beach) = 11"), encoding="utf-8")


LOAD_SHRIMP_BESIDE_USER_ENGINES = """
import sys
import rulespec
from rulespec import pipeline
game = rulespec.load("shrimp")
module = sys.modules[type(game).__module__]
print("engine module:", module.__name__)
assert module.__name__ == "rulespec._engines.shrimp", module.__name__
assert module.__file__ == str(pipeline.committed_engine_path("shrimp")), module.__file__
assert module.__file__.endswith("/rulespec/_engines/shrimp.py"), module.__file__
assert not module.__file__.startswith("<generated"), "generated in memory, not the committed engine"
import engines.shrimp
assert engines.shrimp.USERS_OWN, "the user's engines package is shadowed"
print("user engines:", engines.shrimp.__name__, "is the user's own")
"""

STARTER_PAGE_NAMES_ITS_GAME = """
import html, pathlib, re
page = pathlib.Path("site/rules/tide-pool/index.html").read_text(encoding="utf-8")
print(html.unescape(re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S).group(1)))
"""

# The site's hand-written pages come from the wheel's copy (rulespec/_data/docs), no checkout in sight.
HANDWRITTEN_PAGES_IN_THE_SITE = """
import pathlib
for page in ("positions", "adapters", "safety", "guide", "guide/engine-api"):
    assert pathlib.Path(f"site/{page}/index.html").is_file(), page
print("hand-written pages: in the site")
"""


STEPS: list[Step] = [
    Step("rulespec --version", ("rulespec", "--version"), says=(f"rulespec {VERSION}",)),
    Step("rulespec check shell-we", ("rulespec", "check", "shell-we"),
         says=("ok shell-we parses and checks", "Shell We? (shell-we) is for")),
    Step("rulespec check shell-we/three-tiles", ("rulespec", "check", "shell-we/three-tiles"),
         says=("ok shell-we/three-tiles parses and checks",)),
    Step("rulespec check shell-we/thre-tiles (a typo)", ("rulespec", "check", "shell-we/thre-tiles"), exit_code=2,
         says=("did you mean `shell-we/three-tiles`?", "bundled house rules: ", "shell-we/cheap-starfish")),
    Step("rulespec build --check (the wheel's engines are its rule files')", ("rulespec", "build", "--check"),
         says=("up to date  rulespec/_engines/shrimp.py (from shrimp)",)),
    Step("rulespec play shell-we/three-tiles --players 2 --watch --seed 1",
         ("rulespec", "play", "shell-we/three-tiles", "--players", "2", "--watch", "--seed", "1"),
         says=("game over",)),
    Step("rulespec.load('shrimp') beside a user's engines/ package", ("python", "-c", LOAD_SHRIMP_BESIDE_USER_ENGINES),
         says=("engine module: rulespec._engines.shrimp", "is the user's own"),
         folder="own-engines", prepare=_user_engines_package),
    Step("rulespec init project", ("rulespec", "init", "project"), says=("wrote a starter project in project",)),
    Step("rulespec check tide-pool.rules (the starter's own game)", ("rulespec", "check", "tide-pool.rules"),
         says=("ok tide-pool.rules parses and checks",), folder="project"),
    Step("pytest properties/ (the plugin verifies the starter's rule file)", ("pytest", "properties/", "-p", "no:cacheprovider"),
         says=(" passed",), never_says=("Traceback", " failed", " error"), folder="project"),
    Step("pytest properties/ with a broken invariant fails with a replay command",
         ("pytest", "properties/", "-p", "no:cacheprovider"), exit_code=1,
         says=("FAILED tide-pool.rules::properties[2 players]", "invariant:every_shell",
               "rulespec replay .hypothesis/counterexamples/tide-pool-2p-"),
         folder="broken", prepare=_starter_with_a_broken_invariant),
    Step("rulespec site --no-bundled (a strict build of the starter's own site)", ("rulespec", "site", "--no-bundled"),
         says=("built site/index.html",), folder="project", needs_docs=True),
    Step("the site has the starter's game page", ("python", "-c", STARTER_PAGE_NAMES_ITS_GAME), says=("Tide Pool",),
         folder="project"),
    Step("the site has the hand-written pages", ("python", "-c", HANDWRITTEN_PAGES_IN_THE_SITE),
         says=("hand-written pages: in the site",), folder="project"),
    Step('python -c "import engines" fails', ("python", "-c", "import engines"), exit_code=1,
         says=("No module named 'engines'",), never_says=()),
]


# The docs extra only when a step needs it: it is most of the install's time.
EXTRAS = "[docs]" if any(step.needs_docs for step in STEPS) else ""


@dataclass
class Installed:
    wheel: Path
    venv: Path
    user: Path  # the user's folder, outside the repository
    times: list[tuple[str, float]] = field(default_factory=list)

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "PYTEST_ADDOPTS")}
        env.update(VIRTUAL_ENV=str(self.venv), PATH=f"{self.venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
                   COLUMNS="100", NO_COLOR="1")
        return env


def _run(argv: list[str], *, timeout: float, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL, **kwargs)


def _timed(times: list[tuple[str, float]], name: str, argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    started = time.perf_counter()
    try:
        result = _run(argv, **kwargs)
    except subprocess.TimeoutExpired as expired:
        pytest.fail(f"{name}: no answer in {expired.timeout} s")
    times.append((name, time.perf_counter() - started))
    return result


def _must(result: subprocess.CompletedProcess, what: str) -> None:
    if result.returncode != 0:  # not a skip: a wheel that cannot be built or installed is a failure
        pytest.fail(f"{what} failed (exit {result.returncode}):\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    """The wheel built from this checkout, installed with its dependencies into a fresh venv."""
    base = tmp_path_factory.mktemp("wheel")
    assert ROOT not in base.parents, "the user's folder must be outside the repository"
    times: list[tuple[str, float]] = []
    built = _timed(times, "pip wheel --no-deps .", [sys.executable, "-m", "pip", "wheel", "--no-deps",
                                                    "--disable-pip-version-check", "-q", "-w", str(base / "dist"),
                                                    str(ROOT)], timeout=INSTALL_TIMEOUT)
    _must(built, "building the wheel")
    wheel, = (base / "dist").glob("rulespec-*.whl")
    venv = base / "venv"
    # No pip inside the venv (ensurepip is slow): this interpreter's pip installs into it.
    made = _timed(times, "python -m venv --without-pip", [sys.executable, "-m", "venv", "--without-pip", str(venv)],
                  timeout=INSTALL_TIMEOUT)
    _must(made, "making the venv")
    python = venv / "bin" / "python"
    pip_install = _timed(times, f"pip install rulespec{EXTRAS} (the wheel and its dependencies)",
                         [sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                          "--disable-pip-version-check", "--no-compile",  # each step compiles what it imports
                          f"{wheel}{EXTRAS}"], timeout=INSTALL_TIMEOUT)
    _must(pip_install, "installing the wheel into a fresh venv")
    user = base / "user"
    user.mkdir()
    return Installed(wheel, venv, user, times)


def test_the_wheel_installs_nothing_at_the_top_level_but_rulespec(installed):
    names = zipfile.ZipFile(installed.wheel).namelist()
    top = {name.split("/")[0] for name in names}
    assert top == {"rulespec", f"rulespec-{VERSION}.dist-info"}, sorted(top)
    for shipped in ("rulespec/_engines/shrimp.py", "rulespec/_engines/shell_we.py",
                    "rulespec/_data/house-rules/three-tiles.rules", "rulespec/_data/rulebooks/shell-we.rules",
                    "rulespec/_data/grammars/rulespec.lark", "rulespec/_data/docs/tutorial.md",
                    "rulespec/_data/docs/guide/engine-api.md", "rulespec/_data/docs/assets/rulespec.css"):
        assert shipped in names, f"{shipped} is not in the wheel"
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_a_new_user_workflow_from_the_installed_wheel(installed, capsys):
    env = installed.env()
    times = list(installed.times)
    problems = []
    for step in STEPS:
        folder = installed.user / step.folder
        folder.mkdir(parents=True, exist_ok=True)
        if step.prepare is not None:
            step.prepare(folder)
        program = shutil.which(step.command[0], path=str(installed.venv / "bin"))
        assert program, f"{step.command[0]} is not in the venv"
        result = _timed(times, step.name, [program, *step.command[1:]], timeout=STEP_TIMEOUT, cwd=folder, env=env)
        output = result.stdout + result.stderr
        wrong = ([f"exit {result.returncode}, not {step.exit_code}"] if result.returncode != step.exit_code else []) \
            + [f"does not say {text!r}" for text in step.says if text not in output] \
            + [f"says {text!r}" for text in step.never_says if text in output]
        if wrong:
            problems.append(f"{step.name}: {'; '.join(wrong)}\n{output[-4000:]}")
    with capsys.disabled():
        print(f"\nwheel workflow ({installed.wheel.name}), wall time per step:")
        for name, seconds in times:
            print(f"  {seconds:6.1f} s  {name}")
    assert not problems, "\n\n".join(problems)
