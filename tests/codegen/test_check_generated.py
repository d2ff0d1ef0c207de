"""check_generated, the backstop behind the quoting: the generated module compiles and binds no top-level
name twice. It reads the names from the compiled module's STORE_NAME instructions; these tests hold it
to the plain ways of finding them (``dis``, and the syntax tree the backstop walked before) on every
committed engine and on modules made to break it."""

from __future__ import annotations

import ast
import dis
from pathlib import Path

import pytest

from rulespec.codegen.python import check_generated, top_level_stores
from rulespec.codegen.quoting import UnsafeText
from rulespec.resources import engines_dir

ENGINES = sorted(p for p in Path(engines_dir()).glob("*.py") if p.name != "__init__.py")


def dis_stores(code) -> list[str]:
    return [i.argval for i in dis.get_instructions(code) if i.opname == "STORE_NAME"]


def tree_check(source: str) -> None:
    """The backstop as it was (a syntax tree of the module): the plain path the compiled one must match."""
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise UnsafeText(f"the generated module does not parse: {error.msg} at line {error.lineno}") from None
    seen: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [n.id for target in node.targets for n in ast.walk(target) if isinstance(n, ast.Name)]
        else:
            continue
        for name in names:
            if name in seen:
                raise UnsafeText(f"two definitions of {name} in the generated module")
            seen.add(name)


def outcome(check, source: str):
    try:
        check(source)
    except UnsafeText as error:
        return str(error)
    return None


def test_there_are_engines():
    assert len(ENGINES) >= 10


@pytest.mark.parametrize("path", ENGINES, ids=lambda p: p.stem)
def test_committed_engines_pass_and_their_names_read_as_dis_reads_them(path):
    source = path.read_text(encoding="utf-8")
    code = compile(source, str(path), "exec")
    stores = top_level_stores(code)
    assert stores == dis_stores(code)
    assert "GAME" in stores and len(stores) == len(set(stores))
    check_generated(source)
    assert outcome(tree_check, source) is None


WIDE = "".join(f"NAME_{n} = {n}\n" for n in range(70000))  # names past 65,535: two EXTENDED_ARGs


def test_names_past_an_extended_argument():
    code = compile(WIDE + "def last(): pass\n", "<wide>", "exec")
    stores = top_level_stores(code)
    assert stores == dis_stores(code)
    assert stores[-1] == "last" and stores[66000] == "NAME_66000"
    assert outcome(check_generated, WIDE + "NAME_69999 = 0\n") == "two definitions of NAME_69999 in the generated module"


BROKEN = {
    "two defs": "def f(st):\n    return 1\n\n\ndef f(st):\n    return 2\n",
    "a class and a def": "class A:\n    pass\n\n\ndef A():\n    pass\n",
    "two assignments": "X = 1\nY = 2\nX = 3\n",
    "a def then an assignment": "def g():\n    pass\n\n\ng = 1\n",
    "a chained assignment": "A = B = 1\nB = 2\n",
    "a tuple assignment": "A, B = 1, 2\nB = 3\n",
    "a decorated def": "def d(f):\n    return f\n\n\n@d\ndef d(): pass\n",
    "a syntax error": "def f(:\n    pass\n",
    "an unclosed text": "X = 'abc\n",
    "an unclosed bracket": "X = (1,\n",
}
FINE = {
    "distinct names": "A = 1\nB = 2\n\n\ndef f(st):\n    x = 1\n    x = 2\n    return x\n\n\nclass C:\n    y = 1\n    y = 2\n",
    "a name read twice": "A = 1\nB = A + A\n",
    "a subscript of a name": "T = {}\nU = T['k']\n",
    "a comprehension's variable": "T = tuple(x for x in range(3))\nU = [x for x in range(3)]\nx = 1\n",
}


@pytest.mark.parametrize("name", BROKEN)
def test_a_broken_module_is_refused_as_the_tree_refused_it(name):
    source = BROKEN[name]
    assert outcome(check_generated, source) is not None
    assert outcome(check_generated, source) == outcome(tree_check, source)


@pytest.mark.parametrize("name", FINE)
def test_a_sound_module_passes(name):
    assert outcome(check_generated, FINE[name]) is None
    assert outcome(tree_check, FINE[name]) is None


def test_a_name_bound_twice_otherwise_is_refused_too():
    """Stricter than the tree's walk, which saw only `def`, `class` and `=` at the top: a rule name that
    became an imported helper's name, or a definition in a branch, is refused as well."""
    assert outcome(check_generated, "from os import path\npath = 1\n") == "two definitions of path in the generated module"
    assert outcome(check_generated, "if X:\n    def f(): pass\nelse:\n    def f(): pass\n") is not None
    assert outcome(check_generated, "return 1\n") is not None  # the compiler refuses it; the parser alone did not


def test_setting_an_attribute_twice_defines_nothing():
    """The tree's walk took the `N` of `N.a = 1` for a definition of N (no engine sets one at the top)."""
    source = "import types\nN = types.SimpleNamespace()\nN.a = 1\nN.b = 2\nT = {}\nT['k'] = 1\n"
    assert outcome(check_generated, source) is None
    assert outcome(tree_check, source) == "two definitions of N in the generated module"


def test_a_module_generated_and_run_is_compiled_once(monkeypatch):
    """Loading a game that has no committed engine (here a variant) generates its module, checks it (a
    compile) and runs it: the run takes the checked code, so the module is compiled once, not twice; and
    what it runs is the module as compiled from its source, under the name it is loaded as."""
    import builtins

    import rulespec
    from rulespec.codegen import python

    compiled = []
    real_compile = builtins.compile

    def counting(source, filename, *args, **kwargs):
        if isinstance(source, str) and "reference engine generated by rulespec" in source:
            compiled.append(filename)
        return real_compile(source, filename, *args, **kwargs)

    monkeypatch.setattr(builtins, "compile", counting)
    engine = rulespec.load("shrimp", ["pictured"])
    assert compiled == ["<generated rulespec_generated_shrimp>"]
    assert type(engine).__module__ == "rulespec_generated_shrimp"
    assert python._CHECKED == {}  # handed over, not kept
    # Source that was not checked under that name is compiled when it is run, as before.
    from rulespec import pipeline
    module = pipeline.load_module_from_source('"""reference engine generated by rulespec"""\nX = 1\n', "plain")
    assert module.X == 1 and compiled[-1] == "<generated plain>" and len(compiled) == 2
