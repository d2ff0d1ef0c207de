"""bench_honest.py again, with the runtime's hot modules and the committed engines compiled by Cython.

Why: the per-step cost the benchmark measures is mostly CPython interpreting the generic step loop
(State._play, Engine._advance, the listings and end checks); trimming what a step does has reached the
floor that its features (undo, rule counts, history) leave. This measures what compiling the same
Python source (Cython's pure Python mode: no change to the code, its annotations not read as C types)
would give, as evidence for packaging compiled modules; nothing in rulespec uses or needs Cython.

    pip install cython                                  # (a build tool for this measurement only)
    python benchmarks/bench_compiled.py                  # every game, 7 rounds; about 2 minutes to compile
    python benchmarks/bench_compiled.py --games kuhn-poker,hex --rounds 7
    python benchmarks/bench_compiled.py --tests          # the test suite on the compiled runtime instead

The files git tracks in the checkout are copied to a temporary directory; the modules in COMPILED and the
committed engines are compiled there in place (an extension module beside each source file, which import
prefers), and bench_honest.py runs on that copy in a new process with the same arguments. rulespec
loads a committed engine from its file by path (rulespec.pipeline.committed_engine), not by import, so
that process replaces that function with one that loads the compiled file beside the engine's source.
With --tests only COMPILED is compiled and the README's test command (`python -m pytest`) runs in the copy
(its engines as they are, loaded from source). runtime/tables.py is left interpreted: compiled, a
generator expression in Tables.__init__ raised IndexError (Cython's and CPython's semantics differ there),
and it runs once per game configuration anyway. Annotations are not read as types (Cython's
`annotation_typing=False`): read as types, a call with an argument of the wrong type raises Cython's own
TypeError before rulespec's check can explain it (tests/core/test_api_inputs.py fails so).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The modules every step runs through (the generic runtime); the generated engines are added to them.
COMPILED = ("rulespec/runtime/state.py", "rulespec/runtime/engine.py", "rulespec/runtime/pending.py",
            "rulespec/runtime/ends.py", "rulespec/runtime/helpers.py", "rulespec/lib/geometry.py")

# Run in the child: committed engines load from the compiled file beside their source.
BOOT = """
import glob, importlib.util, runpy, sys
from importlib.machinery import ExtensionFileLoader
import rulespec.pipeline as pipeline
import rulespec.runtime.state
if not rulespec.runtime.state.__file__.endswith(".so"):
    raise SystemExit(f"the compiled runtime was not loaded: {rulespec.runtime.state.__file__}")

def committed_engine(game_id):
    path = pipeline.committed_engine_path(game_id)
    name = f"{pipeline.COMMITTED_ENGINES}.{pipeline.engine_module_name(game_id)}"
    if name in sys.modules:
        return sys.modules[name]
    built = glob.glob(str(path)[:-3] + ".cpython-*.so")
    if not built:
        raise SystemExit(f"{path} has no compiled file beside it")
    spec = importlib.util.spec_from_file_location(name, built[0], loader=ExtensionFileLoader(name, built[0]))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module

pipeline.committed_engine = committed_engine
sys.argv = [sys.argv[1]] + sys.argv[2:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""

# Run in the child with --tests: the same check that the compiled runtime is the one imported, then pytest.
TESTS = """
import sys
import rulespec.runtime.state
if not rulespec.runtime.state.__file__.endswith(".so"):
    raise SystemExit(f"the compiled runtime was not loaded: {rulespec.runtime.state.__file__}")
import pytest
sys.exit(pytest.main([]))
"""

SETUP = """
from setuptools import setup, Extension
from Cython.Build import cythonize
modules = {modules!r}
extensions = [Extension(m[:-3].replace("/", "."), [m]) for m in modules]
setup(name="rulespec-compiled-bench", py_modules=[], packages=[],
      ext_modules=cythonize(extensions, language_level=3, quiet=True, nthreads={jobs},
                            compiler_directives={{"annotation_typing": False}}))
"""


def copy_checkout(tree: Path) -> None:
    """The files git tracks in the checkout (so no build output, caches or earlier compiled files)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode("utf-8").split("\0")):
        source = ROOT / name
        if source.is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, tree / name)


def compile_in_place(tree: Path, modules: list[str]) -> None:
    """Each module compiled beside its source. pyproject.toml is moved aside meanwhile: setuptools would
    read the project's own build settings from it."""
    jobs = os.cpu_count() or 1
    (tree / "setup_compiled.py").write_text(SETUP.format(modules=modules, jobs=jobs), encoding="utf-8")
    project = tree / "pyproject.toml"
    project.rename(tree / "pyproject.toml.aside")
    try:
        print(f"compiling {len(modules)} modules with Cython ...", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "setup_compiled.py", "build_ext", "--inplace", "-q", "-j", str(jobs)],
                       cwd=tree, check=True, stdout=subprocess.DEVNULL)
    finally:
        (tree / "pyproject.toml.aside").rename(project)
        (tree / "setup_compiled.py").unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="passed on to bench_honest.py")
    parser.add_argument("--rounds", type=int, default=7, help="passed on to bench_honest.py")
    parser.add_argument("--quick", action="store_true", help="passed on to bench_honest.py")
    parser.add_argument("--tests", action="store_true",
                        help="run the test suite (python -m pytest) on the compiled runtime, not the benchmark")
    args = parser.parse_args()
    try:
        import Cython
    except ImportError:
        raise SystemExit("Cython is not installed: pip install cython (this measurement compiles with it)")
    with tempfile.TemporaryDirectory(prefix="rulespec-compiled-") as temp:
        tree = Path(temp)
        copy_checkout(tree)
        engines = [] if args.tests else sorted(
            str(p.relative_to(tree)) for p in (tree / "engines").glob("*.py") if p.name != "__init__.py")
        compile_in_place(tree, list(COMPILED) + engines)
        env = {**os.environ, "PYTHONPATH": str(tree)}
        print(f"$ python benchmarks/bench_compiled.py {' '.join(sys.argv[1:])}".rstrip())
        compiled = ", ".join(COMPILED) + (f" and the {len(engines)} committed engines" if engines else "")
        print(f"(compiled by Cython {Cython.__version__}: {compiled})\n", flush=True)
        if args.tests:
            done = subprocess.run([sys.executable, "-c", TESTS], cwd=tree, env=env, stdin=subprocess.DEVNULL)
            raise SystemExit(done.returncode)
        bench = ["--rounds", str(args.rounds)] + (["--games", args.games] if args.games else []) + (
            ["--quick"] if args.quick else [])
        subprocess.run([sys.executable, "-c", BOOT, str(tree / "benchmarks" / "bench_honest.py"), *bench],
                       cwd=tree, env=env, check=True)


if __name__ == "__main__":
    main()
