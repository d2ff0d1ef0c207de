"""The docs generator on files as long and as deep as the limits allow: a `then` chain of 1,500 steps,
blocks and expressions nested to the nesting limit, sums of 150 terms (one inside another). Each page
builds (no RecursionError); the "what a turn can lead to" tree says where it cuts a long chain."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.cli.main import app
from rulespec.docs import page_flow
from rulespec.docs.site import game_pages
from rulespec.language.errors import RuleError

HEAD = '''game "Deep" [D-1]
  id "deep"
  players 2 to 2 [D-1]
  at most 10 turns [D-1]

component chip: colour (red) x 1 [D-2]
zone heap: shared, public, holds every component in play [D-2]
counter t starts at 0 [D-2]

turns go clockwise from player 1, each turn runs turn [D-3]

choice turn(player: seat) by player [D-3]:
  option go "go" [D-3]:
    then s1(player)

end never [D-4]:
  checked after every step
  when heap is empty
'''


def chained(steps: int) -> str:
    """`step sN(player: seat): then sN+1(player)`, ``steps`` of them."""
    return HEAD + "".join(f"\nstep s{i}(player: seat) [D-5]:\n" + (f"  then s{i + 1}(player)\n" if i < steps
                                                                  else "  add 1 to t\n")
                          for i in range(1, steps + 1))


def one_step(body: str) -> str:
    return HEAD + "\nstep s1(player: seat) [D-5]:\n" + body


def blocks(levels: int) -> str:
    return "".join("  " * (i + 1) + "if t >= 0:\n" for i in range(levels)) + "  " * (levels + 1) + "add 1 to t\n"


def counts(levels: int) -> str:
    condition = "t >= 0"
    for k in range(levels):
        condition = f"count(x{k} in heap where\n      {condition}) >= 0"
    return f"  if {condition}:\n    add 1 to t\n"


def _wrapped(terms: list[str], op: str) -> str:
    """Terms joined by ``op``, 20 to a line (inside brackets a line may go on on the next)."""
    return f" {op}\n      ".join(f" {op} ".join(terms[i:i + 20]) for i in range(0, len(terms), 20))


def sums(levels: int, terms: int = 150) -> str:
    """A sum of ``terms`` terms whose first term is such a sum, ``levels`` deep: (((t + ...) + ...) + ...)."""
    expression = "t"
    for _ in range(levels):
        expression = "(" + _wrapped([expression] + ["t"] * (terms - 1), "+") + ")"
    return f"  add {expression} to t\n"


def ands(terms: int = 150) -> str:
    return "  if (" + _wrapped(["t >= 0"] * terms, "and") + "):\n    add 1 to t\n"


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.rules"
    path.write_text(text, encoding="utf-8")
    return path


def _deepest(tmp_path: Path, name: str, make, start: int) -> Path:
    """The file ``make(n)`` for the largest n from ``start`` down that the checker takes: at the nesting limit
    (of expressions, or of blocks inside one another)."""
    for n in range(start, 0, -1):
        path = _write(tmp_path, name, make(n))
        try:
            rulespec.compile_rules(path)
        except RuleError as error:
            assert "nested too deeply" in str(error) or "inside one another" in str(error), str(error)
            continue
        assert n < start, f"{name}: {start} levels are not refused; start higher"
        return path
    raise AssertionError(f"{name}: no depth checks")


def _page(path: Path) -> str:
    (page,) = [p for p in game_pages(path, "deep") if p.path.endswith("index.md")]
    return page.text


# ----------------------------------------------------------------------------- a long `then` chain


def test_a_chain_of_1500_steps_builds_its_page_and_cuts_the_turn_tree(tmp_path):
    path = _write(tmp_path, "chain", chained(1500))
    text = _page(path)
    turn_tree = text.split("What a turn can lead to:", 1)[1].split("### The order in which rules apply", 1)[0]
    cut = [line for line in turn_tree.splitlines() if "the chain continues" in line]
    assert len(cut) == 1, cut
    # The tree indents CALL_TREE_DEPTH levels, then says the chain goes on ...
    assert len(cut[0]) - len(cut[0].lstrip(" ")) == 4 * (page_flow.CALL_TREE_DEPTH + 1)
    shown = re.findall(r"\[s(\d+)\]\(#step-s\d+\) \(step\)$", turn_tree, re.M)
    assert shown == [str(k) for k in range(1, page_flow.CALL_TREE_DEPTH)], shown
    # ... and every step is still described, declaration by declaration.
    assert "{ #step-s1500 }" in text and "{ #step-s750 }" in text


def test_rulespec_docs_builds_the_html_of_a_chain_of_1500_steps(tmp_path):
    path = _write(tmp_path, "chain", chained(1500))
    result = CliRunner().invoke(app, ["docs", str(path), "--out", str(tmp_path / "out"), "--html"])
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.output and "RecursionError" not in result.output
    html = (tmp_path / "out" / "site" / "index.html").read_text(encoding="utf-8")
    assert "the chain continues" in html and "step-s1500" in html


def test_a_chain_that_loops_back_is_described_once(tmp_path):
    text = chained(40).replace("  add 1 to t\n", "  add 1 to t\n  then s1(player)\n")
    page = _page(_write(tmp_path, "loop", text))
    turn_tree = page.split("What a turn can lead to:", 1)[1].split("### The order in which rules apply", 1)[0]
    assert turn_tree.count("described above") + turn_tree.count("the chain continues") == 1


def test_the_bundled_turn_trees_are_within_the_cut(tmp_path):
    for name in ("shell-we", "shrimp", "let-them-eat-shrimp"):
        page = _page(Path(rulespec.compile_rules(name).source_path))
        assert "the chain continues" not in page, name


# ----------------------------------------------------------------------------- deep nesting, long chains


@pytest.mark.parametrize("case", ["blocks", "counts"])
def test_nesting_at_the_limit_builds_its_page(tmp_path, case):
    make = {"blocks": lambda n: one_step(blocks(n)), "counts": lambda n: one_step(counts(n))}[case]
    path = _deepest(tmp_path, case, make, start=60)
    text = _page(path)
    assert "{ #step-s1 }" in text


def test_a_sum_of_150_terms_and_an_and_of_150_builds_its_page(tmp_path):
    text = _page(_write(tmp_path, "sum", one_step(sums(1))))
    assert text.count(" plus ") >= 149
    text = _page(_write(tmp_path, "ands", one_step(ands())))
    assert "{ #step-s1 }" in text


def test_sums_inside_sums_build_their_page(tmp_path):
    # Each sum's first term is the next sum: the English walks a chain in a loop, not a frame per term.
    levels = next(n for n in range(6, 0, -1) if _compiles(_write(tmp_path, "sums", one_step(sums(n)))))
    assert levels >= 2
    text = _page(tmp_path / "sums.rules")
    assert "{ #step-s1 }" in text


def _compiles(path: Path) -> bool:
    try:
        rulespec.compile_rules(path)
    except (RuleError, RecursionError):
        return False
    except Exception as error:  # the parser may wrap a RecursionError (not the docs generator's to fix)
        if "recursion" in str(error).lower():
            return False
        raise
    return True


def test_the_english_of_a_long_sum_reads_as_before_in_one_frame_per_chain():
    # The loop says a chain exactly as the recursion did: leftmost term first, then each operator and term;
    # a chain of 2,000 terms (more than a file may write: sums inside sums) needs no frame per term.
    from rulespec.docs.english import English
    from rulespec.model import ir

    en = English(rulespec.compile_rules("shell-we"))
    terms = [ir.Const(type="number", loc=None, text=str(k), value=k) for k in range(2000)]
    ops = ["+", "-", "*"]
    chain = terms[0]
    for k, term in enumerate(terms[1:]):
        chain = ir.Arith(type="number", loc=None, text="", op=ops[k % 3], left=chain, right=term)
    words = {"+": "plus", "-": "minus", "*": "times"}
    assert en.expr(chain) == "0" + "".join(f" {words[ops[k % 3]]} {k + 1}" for k in range(1999))


def test_walk_statements_visits_in_the_order_of_the_recursion():
    def recursive(body):
        for s in body:
            yield s
            for attr in ("then", "otherwise", "body"):
                inner = getattr(s, attr, None)
                if isinstance(inner, tuple):
                    yield from recursive(inner)

    for name in ("shell-we", "shrimp", "let-them-eat-shrimp"):
        model = rulespec.compile_rules(name)
        bodies = [option.body for step in model.steps for option in step.options] + \
                 [step.body for step in model.steps if getattr(step, "body", None)] + [t.body for t in model.triggers]
        assert bodies
        for body in bodies:
            assert list(page_flow._walk_statements(body)) == list(recursive(body))
