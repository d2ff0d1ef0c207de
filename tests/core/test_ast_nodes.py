"""The AST is plain standard dataclasses (issue #38): frozen, keyword-only, copied with
``dataclasses.replace`` and walked with ``dataclasses.fields``, imitating no other library; a node
holds tuples and plain str, never a list or a Lark token, whatever the parser hands it."""

from __future__ import annotations

import dataclasses
import inspect

import pytest
from lark import Token

from rulespec.language import ast
from rulespec.language.parser import parse_file
from rulespec.resources import rulebooks_dir

LOC = ast.Loc(file="f.rules", line=1, column=1, end_line=1, end_column=2)
NODE_CLASSES = [cls for cls in vars(ast).values()
                if inspect.isclass(cls) and cls.__module__.startswith(ast.__name__ + ".")
                and dataclasses.is_dataclass(cls)]


def test_every_node_class_is_a_standard_frozen_keyword_only_dataclass():
    assert len(NODE_CLASSES) > 80
    for cls in NODE_CLASSES:
        assert all(field.kw_only for field in dataclasses.fields(cls)), cls
        assert not {"model_copy", "model_fields", "__iter__"} & set(dir(cls)), cls
    name = ast.Name(loc=LOC, id="x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        name.id = "y"  # type: ignore[misc]
    with pytest.raises(TypeError):
        ast.Name(LOC, "name", "x")  # type: ignore[misc]
    assert [field.name for field in dataclasses.fields(name)] == ["loc", "kind", "id"]
    assert name == ast.Name(loc=LOC, id="x") and hash(name) == hash(ast.Name(loc=LOC, id="x"))
    assert repr(name) == f"Name(loc={LOC!r}, kind='name', id='x')"


def test_lists_become_tuples_and_tokens_plain_str_also_through_replace():
    token = Token("NAME", "x")
    name = ast.Name(loc=LOC, id=token)
    assert type(name.id) is str and name.id == "x"
    call = ast.Call(loc=LOC, func=Token("NAME", "f"), args=[name, [Token("NAME", "y"), 2]])
    assert call.args == (name, ("y", 2)) and type(call.args) is tuple and type(call.args[1][0]) is str
    assert type(call.func) is str
    kept = (name,)
    assert ast.Call(loc=LOC, func="f", args=kept).args is kept  # nothing to change: the same tuple
    changed = dataclasses.replace(call, args=[Token("NAME", "z")])
    assert changed.args == ("z",) and type(changed.args[0]) is str and changed.func == "f"


def _plain_values(value, where: str):
    """Each place below ``value`` holding a list or a str subclass (a node should hold neither)."""
    if isinstance(value, list) or isinstance(value, str) and type(value) is not str:
        yield where
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _plain_values(item, f"{where}[{index}]")
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from _plain_values(getattr(value, field.name), f"{where}.{field.name}")


@pytest.mark.parametrize("rulebook", ["shell-we.rules", "kuhn-poker.rules"])
def test_a_parsed_rule_file_holds_only_tuples_and_plain_str(rulebook):
    path = rulebooks_dir() / rulebook
    if not path.exists():
        pytest.fail(f"{path} is gone: name another bundled rulebook here")
    rule_file = parse_file(path)
    assert rule_file.declarations
    assert list(_plain_values(rule_file, "file")) == []
    hash(rule_file)  # every value in the tree is hashable
