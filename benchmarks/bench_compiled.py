"""bench_vs_openspiel.py again, with the runtime's hot modules and the committed engines compiled by Cython.

Why: the per-step cost the benchmark measures is mostly CPython interpreting the generic step loop
(State._play, Engine._advance, the listings and end checks); trimming what a step does has reached the
floor that its features (undo, rule counts, history) leave. This measures what compiling the same
Python source (Cython's pure Python mode: no annotations, no change to the code) would give, as
evidence for packaging compiled modules; nothing in rulespec uses or needs Cython.

    pip install cython                                  # (a build tool for this measurement only)
    python benchmarks/bench_compiled.py                  # every game, 5 runs; about 2 minutes to compile
    python benchmarks/bench_compiled.py --games kuhn-poker,hex --runs 7

The checkout's rulespec/, engines/, rulebooks/, house-rules/, grammars/, benchmarks/, tests/shrimp/ and
pyproject.toml are copied to a temporary directory; the modules in COMPILED and the committed engines are
compiled there in place (an extension module beside each source file, which import prefers), and
bench_vs_openspiel.py runs on that copy in a new process with the same arguments. Committed engines are loaded from their file by path (rulespec.pipeline.committed_engine),
so that process loads the compiled file beside each engine's source instead. runtime/tables.py is left
interpreted: compiled, a generator expression in Tables.__init__ raised IndexError (Cython's and CPython's
semantics differ there) and it runs once per game configuration anyway. Prints figures only.
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
COPIED = ("rulespec", "engines", "rulebooks", "house-rules", "grammars", "benchmarks", "tests/shrimp")
# The modules every step runs through (generic runtime) and the generated engines.
COMPILED = ("rulespec/runtime/state.py", "rulespec/runtime/engine.py", "rulespec/runtime/pending.py",
            "rulespec/runtime/ends.py", "rulespec/runtime/helpers.py", "rulespec/lib/geometry.py")

# Run in the child: committed engines load from the compiled file beside their source when there is one.
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

SETUP = """
from setuptools import setup, Extension
from Cython.Build import cythonize
modules = {modules!r}
extensions = [Extension(m[:-3].replace("/", "."), [m]) for m in modules]
setup(name="rulespec-compiled-bench", py_modules=[], packages=[],
      ext_modules=cythonize(extensions, language_level=3, quiet=True, nthreads={jobs}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="passed on to bench_vs_openspiel.py")
    parser.add_argument("--runs", type=int, default=5, help="passed on to bench_vs_openspiel.py")
    parser.add_argument("--quick", action="store_true", help="passed on to bench_vs_openspiel.py")
    args = parser.parse_args()
    try:
        import Cython
    except ImportError:
        raise SystemExit("Cython is not installed: pip install cython (this measurement compiles with it)")
    with tempfile.TemporaryDirectory(prefix="rulespec-compiled-") as temp:
        tree = Path(temp)
        for part in COPIED:
            shutil.copytree(ROOT / part, tree / part,
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
        engines = sorted(str(p.relative_to(tree)) for p in (tree / "engines").glob("*.py") if p.name != "__init__.py")
        modules = list(COMPILED) + engines
        (tree / "setup_compiled.py").write_text(SETUP.format(modules=modules, jobs=os.cpu_count() or 1))
        print(f"compiling {len(modules)} modules with Cython ...", file=sys.stderr)
        subprocess.run([sys.executable, "setup_compiled.py", "build_ext", "--inplace", "-q",
                        "-j", str(os.cpu_count() or 1)], cwd=tree, check=True,
                       stdout=subprocess.DEVNULL)
        # (after the build, which would read it: the copy is a checkout, so rulespec.resources reads its folders)
        shutil.copy(ROOT / "pyproject.toml", tree)
        bench = ["--runs", str(args.runs)] + (["--games", args.games] if args.games else []) + (
            ["--quick"] if args.quick else [])
        env = {**os.environ, "PYTHONPATH": str(tree)}
        print(f"$ python benchmarks/bench_compiled.py {' '.join(sys.argv[1:])}".rstrip())
        print(f"(compiled by Cython {Cython.__version__}: {', '.join(COMPILED)} and the {len(engines)} "
              "committed engines; then bench_vs_openspiel.py on that copy)\n", flush=True)
        subprocess.run([sys.executable, "-c", BOOT, str(tree / "benchmarks" / "bench_vs_openspiel.py"), *bench],
                       cwd=tree, env=env, check=True)


if __name__ == "__main__":
    main()
