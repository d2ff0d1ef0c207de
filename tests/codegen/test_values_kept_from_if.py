"""A definition's value worked out by an `if`'s condition is kept for the branch under it (#40,
codegen/kept_values.py, model/kept_values.py): dots and boxes' `if closed_boxes > completed:` reads its
value twice more under it, worked out once. Kept only where the condition surely works it out (an `and`'s
operands, a comparison's sides; not under an `or`), read only in the branch taken when it holds (not the
`else`), and dropped by a statement that sets a counter it reads or does anything but set counters (a loop, a
move). Each file plays the same games as its engine generated without it."""

import random
import re
from pathlib import Path

from rulespec.codegen import python as codegen
from rulespec.codegen.kept_values import KeptValues
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
HERE = Path(__file__).parent


def sources(path: Path, monkeypatch) -> tuple:
    model = compile_rules(path)
    kept = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(KeptValues, "value_kept", lambda self, e, code: code)
        each = codegen.generate(model, path.name)
    return model, kept, each


def effect(source: str, name: str) -> list[str]:
    return source.split(f"def {name}(", 1)[1].split("\n\n\n", 1)[0].splitlines()


def engines(path: Path, monkeypatch) -> tuple:
    model, kept, each = sources(path, monkeypatch)
    fast = load_module_from_source(kept, f"kept_{path.stem}".replace("-", "_")).GAME(None)
    slow = load_module_from_source(each, f"each_{path.stem}".replace("-", "_")).GAME(None)
    fast.model = slow.model = model
    return fast, slow


def test_what_is_kept_and_what_drops_it(monkeypatch):
    _, kept, each = sources(HERE / "kept-values.rules", monkeypatch)
    lines = effect(kept, "effect_turn__take")
    first = next(k for k, line in enumerate(lines) if line.strip().startswith("if "))
    # in_box and heavy(2), both surely worked out when the condition holds, kept past `set total` (neither
    # reads total); grown, not in the condition, worked out where it is read
    assert "(_k0 := define_in_box(st))" in lines[first] and "(_k1 := define_heavy(st, 2))" in lines[first]
    indent, end = " " * (len(lines[first]) - len(lines[first].lstrip()) + 4), first + 1
    while lines[end].startswith(indent):
        end += 1
    # the branch's three statements (a line marking the after-step ends unchecked aside: codegen/ends_watch.py
    # writes one only where a statement writes what those ends read)
    branch = [line for line in lines[first + 1:end] if "st._ends_clean" not in line]
    assert len(branch) == 3
    assert "(_k0 - st._counters['total'])" in branch[0] and "define_grown(st)" in branch[1]
    assert "(_k0 + _k1)" in branch[2]
    rest = "\n".join(lines[end:])
    assert not re.search(r"_k\d", rest)  # under an `or`, in an `else`, after `set total` (grown reads it), in a loop
    assert rest.count("define_grown(st)") == 4 and rest.count("define_heavy(st, 3)") == 2
    assert not re.search(r"\(_k\d+ :=", each) and effect(each, "effect_turn__take")[first + 1:] != lines[first + 1:]


def test_dots_and_boxes_reads_closed_boxes_once(monkeypatch):
    _, kept, _ = sources(ROOT / "tests" / "newcomer" / "games" / "dots-and-boxes.rules", monkeypatch)
    body = "\n".join(effect(kept, "effect_turn__draw"))
    assert body.count("define_closed_boxes(st)") == 1 and body.count("_k0") == 3


def test_the_same_games_as_without_it(monkeypatch):
    for path, seeds in ((HERE / "kept-values.rules", range(60)),
                        (ROOT / "tests" / "newcomer" / "games" / "dots-and-boxes.rules", range(60))):
        fast, slow = engines(path, monkeypatch)
        for seed in seeds:
            play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                              also=[lambda st: st._counters])
