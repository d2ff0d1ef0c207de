"""How long compiling takes, as CPU time: issue #38's target for a `rulespec check` process.

Why: `rulespec check`, `build` and every `load` of a file without a committed engine run the
pipeline (parse -> check -> generate), and a person waits for `rulespec check` after each edit.

- Parse + check + generate every bundled rule file, warm (the parser built, one pass done): the
  median of RUNS passes, CPU time of this process (time.process_time), and the same split by stage.
  No target (issue #15's 0.5 s was retired by #38: a person waits for a whole process, below).
- A whole `python -m rulespec check shell-we` process: CPU time (user + sys) of the child, the
  median of RUNS processes. Target: under 1.5 s (issue #38; the parser is built in the process,
  with Lark's public interface, and cached nowhere). Python writes and reads its bytecode caches as
  usual here (PYTHONDONTWRITEBYTECODE is dropped, the caches go to a temporary folder), as for a
  user's second run; with the variable set every module is compiled from source on every run.
- `import rulespec` in a fresh process, CPU time. Target: under 150 ms.

CPU time, not wall time: on a shared machine the wall clock measures the other processes too.

    python benchmarks/bench_compile.py [--runs N] [--games shell-we,shrimp]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulespec.language.parser import parse_file  # noqa: E402
from rulespec.model.checker import check  # noqa: E402
from rulespec.pipeline import bundled_rulebooks, compile_rules, generate_source  # noqa: E402


def pipeline_pass(paths) -> float:
    started = time.process_time()
    for path in paths:
        generate_source(compile_rules(path), path)
    return time.process_time() - started


def stage_pass(paths) -> tuple[float, float, float]:
    """CPU seconds of parsing, checking and generating every file (one pass, the stages timed apart)."""
    parse_s = check_s = generate_s = 0.0
    for path in paths:
        started = time.process_time()
        rule_file = parse_file(path)
        parsed = time.process_time()
        model = check(rule_file, ())
        checked = time.process_time()
        generate_source(model, path)
        parse_s += parsed - started
        check_s += checked - parsed
        generate_s += time.process_time() - checked
    return parse_s, check_s, generate_s


def child_cpu(command: list[str], env: dict) -> float:
    """CPU seconds (user + sys) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="passes and processes per figure (median; at least 5)")
    parser.add_argument("--games", help="only these bundled rule files in the pipeline figures (ids, comma-separated)")
    arguments = parser.parse_args()
    runs = max(5, arguments.runs)
    print(f"$ python benchmarks/bench_compile.py   (Python {platform.python_version()}, {platform.machine()}; "
          f"CPU time, median of {runs}; load average {os.getloadavg()[0]:.1f})")
    bundled = bundled_rulebooks()
    chosen = arguments.games.split(",") if arguments.games else list(bundled)
    unknown = [name for name in chosen if name not in bundled]
    if unknown:
        parser.error(f"no bundled rule file {', '.join(unknown)}; there are {', '.join(bundled)}")
    paths = [bundled[name] for name in chosen]
    first = pipeline_pass(paths)  # builds the parser, compiles the lexer's expressions
    passes = [pipeline_pass(paths) for _ in range(runs)]
    stages = [stage_pass(paths) for _ in range(runs)]
    total = statistics.median(passes)
    print(f"parse + check + generate {'all ' if len(paths) == len(bundled) else ''}{len(paths)} bundled rule files, warm: {total * 1000:.0f} ms "
          f"(min {min(passes) * 1000:.0f}); "
          f"the first pass in this process {first * 1000:.0f} ms")
    print("  by stage: " + ", ".join(f"{name} {statistics.median(s[i] for s in stages) * 1000:.0f} ms"
                                     for i, name in enumerate(("parse", "check", "generate"))))

    with tempfile.TemporaryDirectory() as caches:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = caches
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
        check_command = [sys.executable, "-m", "rulespec", "check", "shell-we"]
        import_command = [sys.executable, "-c", "import rulespec"]
        bare_command = [sys.executable, "-c", "pass"]
        for command in (check_command, import_command):
            child_cpu(command, env)  # writes the bytecode caches
        checks, imports, bare = [], [], []
        for _ in range(runs):  # interleaved, so a change in load touches each alike
            checks.append(child_cpu(check_command, env))
            imports.append(child_cpu(import_command, env))
            bare.append(child_cpu(bare_command, env))
    check_s, import_s, bare_s = (statistics.median(x) for x in (checks, imports, bare))
    print(f"a whole `python -m rulespec check shell-we` process: {check_s * 1000:.0f} ms "
          f"(min {min(checks) * 1000:.0f}; target under 1500: {'met' if check_s < 1.5 else 'NOT met'}); "
          f"of it, starting Python alone: {bare_s * 1000:.0f} ms")
    print(f"`import rulespec` in a fresh process: {max(0.0, import_s - bare_s) * 1000:.0f} ms more than starting "
          f"Python (target under 150)")


if __name__ == "__main__":
    main()
