"""rulespec's modules import one way (issue #38): the import graph, computed from every module's imports
(at the top and inside functions, relative ones made absolute), has no circle, and the pipeline's stages
never import a later stage or what stands on the pipeline (check, play, adapters, cli, docs).

Imports under `if TYPE_CHECKING:` are left out: they never run, and only name the types a function takes
(a state's codecs in runtime/position.py and serialise.py take the Engine and State that call them)."""

from __future__ import annotations

import ast
from pathlib import Path

import rulespec

PACKAGE = Path(rulespec.__file__).resolve().parent
# Each stage may import its own modules and those of the stages before it; rulespec.resources (where the
# bundled files are) and the package's root (its version) stand below all of them.
STAGES = ["lib", "runtime", "language", "model", "codegen", "pipeline"]
BELOW_ALL = {"rulespec", "rulespec.resources"}


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ["rulespec", *path.relative_to(PACKAGE).with_suffix("").parts]
        is_package = parts[-1] == "__init__"
        if "templates" in parts:
            continue  # a starter project's files, not modules of rulespec
        out[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return out


def _type_only(tree: ast.AST) -> set[int]:
    nodes = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            nodes.update(id(inner) for statement in node.body for inner in ast.walk(statement))
    return nodes


def _imports(name: str, path: Path, is_package: bool, modules) -> set[str]:
    """The rulespec modules one module imports (a name imported from a package counts as its module
    when it is one, else as the package)."""
    package = name if is_package else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_only(tree)
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = ".".join(parts[:len(parts) - node.level + 1]) if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            found.update(f"{module}.{a.name}" if f"{module}.{a.name}" in modules else module for a in node.names)
    out = set()
    for target in found:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            out.add(target)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, is_package, modules) for name, (path, is_package) in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _stage(name: str):
    parts = name.split(".")
    return STAGES.index(parts[1]) if len(parts) > 1 and parts[1] in STAGES else None


def back_arrows(graph: dict[str, set[str]]) -> list[str]:
    out = []
    for name, targets in graph.items():
        stage = _stage(name)
        if stage is None:
            continue
        for target in targets:
            allowed = target in BELOW_ALL or (_stage(target) is not None and _stage(target) <= stage)
            if not allowed:
                out.append(f"{name} -> {target}")
    return sorted(out)


def test_no_import_circle():
    assert circles(import_graph()) == []


def test_a_stage_imports_only_earlier_stages():
    assert back_arrows(import_graph()) == []


def test_the_graph_sees_every_kind_of_import():
    graph = import_graph()
    assert "rulespec.runtime.serialise" in graph["rulespec.runtime.state"]  # from . import serialise
    assert "rulespec.runtime.position" in graph["rulespec.runtime.engine"]  # inside a method
    assert "rulespec.runtime.engine" not in graph["rulespec.runtime.tables"]  # only under TYPE_CHECKING


def test_a_circle_and_a_back_arrow_are_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    assert back_arrows({"rulespec.model.cost": {"rulespec.pipeline", "rulespec.lib.limits"},
                        "rulespec.runtime.numbers": {"rulespec.play.simulate"}}) == [
        "rulespec.model.cost -> rulespec.pipeline", "rulespec.runtime.numbers -> rulespec.play.simulate"]
