"""Strangers' odd files through the whole pipeline, the generator's levers included (issue #40, round 11).

Mutants of the gallery (`rulebooks/`), newcomer (`tests/newcomer/games/`) and formulation
(`benchmarks/formulations/`) rule files, each run in a forked child under a CPU-time and a memory limit
(resource.setrlimit): parse, check, generate, load, then seeded random games through the API
(legal_actions / apply / chance_outcomes, with a step cap), `state.clone()` and a `to_json` / `from_json`
round trip. A RuleError at `file:line:col`, or the documented run-time rule error (RuleRuntimeError, the
step budget among them), is fine; any other exception, a hang or a memory blow-up is a finding.

With ``--differential`` a mutant that loads is also generated without the generator's levers (every
switch the lock-step tests of `tests/codegen/` use, turned off together), and the two engines play the same
seeded games in lock step (tests/codegen/lockstep.py); a disagreement is a finding of the worst kind.

    nice python benchmarks/hostile_campaign.py --mutants 2000 --seed 1 [--differential] [--out FILE]

One child at a time (the machine's cores are shared); the parent keeps the modules imported and forks.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import resource
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.errors.mutations import KINDS, WORD, mutate  # noqa: E402 (the mutations, shared with the suite)

SOURCES = sorted([*(ROOT / "rulebooks").glob("*.rules"), *(ROOT / "tests" / "newcomer" / "games").glob("*.rules"),
                  *(ROOT / "benchmarks" / "formulations").glob("*.rules")])
GAMES = 20
STEP_CAP = 400
CPU_S = 40
MEMORY = 2_500_000_000


def source_kind(path: Path) -> str:
    return {"rulebooks": "gallery", "games": "newcomer", "formulations": "formulation"}[path.parent.name]


# --- the child: one mutant through the pipeline -----------------------------------------------------------

def lever_switches() -> list:
    """Every (owner, attribute, value) switch the lock-step tests of tests/codegen/ turn a lever off with,
    read from their module-level tuples (WITHOUT, SWAPS, ...)."""
    import importlib
    switches, seen = [], set()
    for path in sorted((ROOT / "tests" / "codegen").glob("test_*.py")):
        try:
            module = importlib.import_module(f"tests.codegen.{path.stem}")
        except Exception:  # noqa: BLE001 (a test module that needs what is not here: skipped)
            continue
        for name, value in vars(module).items():
            if not name.isupper() or not isinstance(value, tuple):
                continue
            for item in value:
                if isinstance(item, tuple) and len(item) == 3 and isinstance(item[1], str) \
                        and hasattr(item[0], item[1]) and (id(item[0]), item[1]) not in seen:
                    seen.add((id(item[0]), item[1]))
                    switches.append(item)
    return switches


def play(engine, players: int, seed: int, clone_every: int = 5) -> None:
    """A seeded random game: every few steps a clone and a JSON round trip, compared with the state."""
    from tests.codegen.lockstep import sampled_action
    rng = random.Random(seed)
    state = engine.new_game(players)
    for step in range(STEP_CAP):
        if state.is_terminal():
            state.returns()
            return
        if step % clone_every == 0:
            copy = state.clone()
            assert copy.to_json() == state.to_json(), "a clone is not the state"
            back = engine.from_json(state.to_json())
            assert back.to_json() == state.to_json(), "from_json(to_json()) is not the state"
            if not state.is_chance_node():
                assert back.legal_actions() == state.legal_actions(), "a state read back lists other actions"
        action = sampled_action(state, rng)
        state.apply(action)


def engine_json_round_trip(engine, state) -> bool:
    back = engine.from_json(state.to_json())
    assert back.to_json() == state.to_json(), "from_json(to_json()) is not the state"
    if not state.is_chance_node() and not state.is_terminal():
        assert back.legal_actions() == state.legal_actions(), "a state read back lists other actions"
    return True


def lock_step(fast, slow, players: int, seed: int) -> None:
    """One seeded game on both engines, step by step; a run-time rule error must come from both alike."""
    from rulespec.runtime.common import RuleRuntimeError
    from tests.codegen.lockstep import sampled_action

    def both(call):
        results = []
        for state in (a, b):
            try:
                results.append(("value", call(state)))
            except RuleRuntimeError as error:
                results.append(("error", error))
        (kind_a, value_a), (kind_b, value_b) = results
        if kind_a == "error" or kind_b == "error":
            assert kind_a == kind_b and type(value_a) is type(value_b), \
                f"one engine raised, the other did not: {value_a!r} / {value_b!r}"
            raise value_a
        return value_a, value_b

    rng = random.Random(seed)
    a, b = fast.new_game(players), slow.new_game(players)
    for step in range(STEP_CAP):
        over_a, over_b = both(lambda s: s.is_terminal())
        assert over_a == over_b, "one engine's game ended, the other's did not"
        if over_a:
            returns_a, returns_b = both(lambda s: s.returns())
            assert returns_a == returns_b, f"returns {returns_a} != {returns_b}"
            return
        chance_a, chance_b = both(lambda s: s.is_chance_node())
        assert chance_a == chance_b, "a chance node in one engine only"
        if chance_a:
            outcomes_a, outcomes_b = both(lambda s: [(str(x), p) for x, p in s.chance_outcomes()])
            assert outcomes_a == outcomes_b, f"chance outcomes differ: {outcomes_a} != {outcomes_b}"
        else:
            actions_a, actions_b = both(lambda s: [str(x) for x in s.legal_actions()])
            assert actions_a == actions_b, f"legal actions differ: {actions_a} != {actions_b}"
        if step % 5 == 0:
            assert a.clone().to_json() == a.to_json() == b.to_json(), "a clone, or the two engines' states, differ"
            assert engine_json_round_trip(fast, a)
        action = sampled_action(a, rng)
        both(lambda s: s.apply(action if s is a else str(action)))
    assert a.to_json() == b.to_json(), "states differ after the step cap"


def run_one(path: Path, differential: bool, switches: list, cpu_s: int = CPU_S) -> dict:
    """What one rule file does through the pipeline: {'result': ok | rule_error | runtime_rule_error |
    finding, ...}."""
    from rulespec.language.errors import RuleError
    from rulespec.runtime.common import RuleRuntimeError
    from rulespec import pipeline
    stage = "check"
    try:
        model = pipeline.compile_rules(path)
        stage = "generate"
        source = pipeline.generate_source(model, path, pipeline.generated_filename("hostile_mutant"))
        stage = "load"
        engine = pipeline.load_module_from_source(source, "hostile_mutant").GAME(None)
        engine.model = model
        stage = "examples"
        from rulespec.pipeline.examples import run_examples
        run_examples(engine)  # (a failing example is a result, not an error)
        players = sorted({engine.MIN_PLAYERS, engine.MAX_PLAYERS})
        slow = None
        if differential:
            stage = "generate without levers"
            import pytest
            patch = pytest.MonkeyPatch()
            try:
                for owner, attribute, value in switches:
                    patch.setattr(owner, attribute, value)
                plain = pipeline.generate_source(model, path, pipeline.generated_filename("hostile_plain"))
            finally:
                patch.undo()
            if plain != source or engine._plain_turns is not None:
                slow = pipeline.load_module_from_source(plain, "hostile_plain").GAME(None)
                slow.model = model
                slow._plain_turns = None  # (the runtime's own lever of an engine: Engine._next_turn's turns)
        # The engine without its levers may be far slower (yacht's, gin rummy's): its lock step stops at half
        # the CPU budget, and the rest of the games are played by the engine alone.
        budget = time.process_time() + cpu_s / 2
        for seed in range(GAMES):
            if slow is not None and time.process_time() < budget:
                stage = "lock step"
                lock_step(engine, slow, players[seed % len(players)], seed)
            else:
                stage = "play"
                play(engine, players[seed % len(players)], seed)
        return {"result": "ok", "lock_step": slow is not None}
    except RuleError as error:
        text = str(error)
        if re.search(rf"{re.escape(path.name)}:\d+:\d+: ", text) and "internal error" not in text:
            return {"result": "rule_error", "stage": stage}
        return {"result": "finding", "stage": stage, "symptom": "RuleError without file:line:col",
                "detail": text[-1500:]}
    except RuleRuntimeError as error:
        return {"result": "runtime_rule_error", "stage": stage, "detail": str(error)[:200]}
    except MemoryError:
        return {"result": "finding", "stage": stage, "symptom": "MemoryError"}
    except RecursionError:
        return {"result": "finding", "stage": stage, "symptom": "RecursionError", "detail": traceback.format_exc()[-1500:]}
    except BaseException as error:  # noqa: BLE001 (the finding)
        return {"result": "finding", "stage": stage, "symptom": f"{type(error).__name__}: {str(error)[:300]}",
                "detail": traceback.format_exc()[-3000:]}


def in_child(path: Path, differential: bool, switches: list, cpu_s: int) -> dict:
    """run_one in a forked child under the limits; a killed child is a hang or a blow-up."""
    read, write = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 5))
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
            result = run_one(path, differential, switches, cpu_s)
        except BaseException as error:  # noqa: BLE001
            result = {"result": "finding", "symptom": f"{type(error).__name__} in the child"}
        with os.fdopen(write, "w") as out:
            out.write(json.dumps(result))
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        text = pipe.read()
    _, status = os.waitpid(pid, 0)
    seconds = time.monotonic() - started
    if text:
        result = json.loads(text)
    elif os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        result = {"result": "finding", "symptom": f"hang: over {cpu_s} s of CPU"}
    else:
        result = {"result": "finding", "symptom": f"child died (status {status}): a memory blow-up?"}
    result["seconds"] = round(seconds, 2)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--differential", action="store_true")
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--sources", default="", help="a comma-separated list of file stems (default: every one)")
    parser.add_argument("--originals", action="store_true", help="the files as written, not mutated (a baseline)")
    parser.add_argument("--skip", default="", help="file stems left out (shogi's plain engine alone takes minutes)")
    parser.add_argument("--most", type=int, default=1, help="up to this many mutations of the kind drawn in a mutant")
    parser.add_argument("--cpu", type=int, default=CPU_S)
    parser.add_argument("--out", default="", help="a JSON-lines file of every mutant's result")
    parser.add_argument("--keep", default="/tmp/hostile-findings", help="a folder the findings' mutants are kept in")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    import rulespec.pipeline  # noqa: F401 (imported once, before the forks)
    from rulespec.codegen import python  # noqa: F401
    import rulespec.model.checker  # noqa: F401
    import rulespec.language.parser  # noqa: F401
    switches = lever_switches() if args.differential else []
    if args.differential:
        print(f"{len(switches)} lever switches", flush=True)
    sources = [p for p in SOURCES if (not args.sources or p.stem in args.sources.split(","))
               and p.stem not in args.skip.split(",")]
    texts = {p: p.read_text(encoding="utf-8") for p in sources}
    words = {p: sorted(set(WORD.findall(t))) for p, t in texts.items()}
    kinds = args.kinds.split(",")
    rng = random.Random(args.seed)
    tally = collections.Counter()
    findings = []
    keep = Path(args.keep)
    keep.mkdir(parents=True, exist_ok=True)
    out = open(args.out, "a", encoding="utf-8") if args.out else None
    with tempfile.TemporaryDirectory() as folder:
        done = 0
        originals = list(sources) if args.originals else None
        while done < (len(originals) if originals is not None else args.mutants):
            if originals is not None:
                source, kind = originals[done], "none"
                text = texts[source]
            else:
                source = rng.choice(sources)
                kind = rng.choice(kinds)
                text = mutate(texts[source], kind, rng, words[source])
                for _ in range(rng.randrange(args.most) if text is not None else 0):  # more of the same kind
                    text = mutate(text, kind, rng, words[source]) or text
            if text is None:
                continue
            done += 1
            path = Path(folder) / source.name
            path.write_text(text, encoding="utf-8")
            result = in_child(path, args.differential, switches, args.cpu)
            tally[(source_kind(source), kind, result["result"])] += 1
            record = {"n": done, "source": str(source.relative_to(ROOT)), "kind": kind, **result}
            if out:
                out.write(json.dumps(record) + "\n")
                out.flush()
            if result["result"] == "finding":
                kept = keep / f"{done:05d}-{source.stem}-{kind}.rules"
                kept.write_text(text, encoding="utf-8")
                record["kept"] = str(kept)
                findings.append(record)
                print(f"FINDING {kept}: {result.get('stage')}: {result.get('symptom')}", flush=True)
            if done % 50 == 0:
                print(f"{done} mutants, {len(findings)} findings", flush=True)
    if out:
        out.close()
    print("\nsource kind, mutation, result: mutants")
    for key, n in sorted(tally.items()):
        print(f"  {key[0]:12} {key[1]:18} {key[2]:18} {n}")
    print(f"\n{len(findings)} findings")
    for record in findings:
        print(f"  {record['kept']}: {record.get('stage')}: {record.get('symptom')}")


if __name__ == "__main__":
    main()
