"""rulespec.language.records makes the AST's and the model's classes: they must behave exactly as the
standard library's frozen dataclasses do, for every caller that uses them as dataclasses."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Optional

import pytest

from rulespec.language import ast, records
from rulespec.model import ir


def _both(body: dict, **options):
    """The same class body made by the standard decorator and by records.frozen_dataclass."""
    standard = dataclasses.dataclass(frozen=True, **options)(type("Sample", (), dict(body)))
    made = records.frozen_dataclass(type("Sample", (), dict(body)), **options)
    return standard, made


BODY = {"__annotations__": {"name": "str", "count": "int", "tags": "tuple[str, ...]", "extra": "Optional[str]"},
        "tags": (), "extra": dataclasses.field(default=None)}


@pytest.mark.parametrize("kw_only", [False, True])
def test_fields_defaults_and_signature_match_the_standard_decorator(kw_only):
    standard, made = _both(BODY, kw_only=kw_only)
    assert [(f.name, f.type, f.default, f.kw_only) for f in dataclasses.fields(made)] == \
        [(f.name, f.type, f.default, f.kw_only) for f in dataclasses.fields(standard)]
    assert dataclasses.is_dataclass(made) and made.__match_args__ == standard.__match_args__
    assert made.tags == () and made.extra is None  # defaults as class attributes, as the standard one leaves them
    if kw_only:
        with pytest.raises(TypeError):
            made("a", 1)
        one, other = standard(name="a", count=1), made(name="a", count=1)
    else:
        one, other = standard("a", 1, ("t",)), made("a", 1, ("t",))
        assert (other.name, other.count, other.tags, other.extra) == ("a", 1, ("t",), None)
    with pytest.raises(TypeError):
        made(name="a")  # count is missing
    with pytest.raises(TypeError):
        made(name="a", count=1, colour="red")  # no such field
    assert repr(other) == repr(one)
    assert dataclasses.asdict(other) == dataclasses.asdict(one)


def test_equality_and_hash_are_by_value_and_class():
    _, made = _both(BODY)
    first, same, different = made("a", 1), made("a", 1), made("a", 2)
    assert first == same and hash(first) == hash(same) and first != different
    assert len({first, same, different}) == 2
    other_class = records.frozen_dataclass(type("Sample", (), dict(BODY)))
    assert first != other_class("a", 1)  # another class with the same fields is not equal


def test_a_record_is_frozen():
    _, made = _both(BODY)
    value = made("a", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.count = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del value.name
    assert value.count == 1


def test_replace_copy_and_pickle_keep_the_values():
    _, made = _both(BODY)
    globals()["Sample"] = made  # pickle finds a class by its module and name
    made.__module__, made.__qualname__ = __name__, "Sample"
    value = made("a", 1, ("x",))
    assert dataclasses.replace(value, count=5) == made("a", 5, ("x",))
    assert copy.deepcopy(value) == value and pickle.loads(pickle.dumps(value)) == value


def test_default_factory_ordering_and_mutable_defaults_are_refused_or_kept_as_there():
    made = records.frozen_dataclass(type("Lists", (), {"__annotations__": {"items": "list"},
                                                        "items": dataclasses.field(default_factory=list)}))
    first, second = made(), made()
    assert first.items == [] and first.items is not second.items
    with pytest.raises(TypeError):  # a field without a default after one with a default
        records.frozen_dataclass(type("Bad", (), {"__annotations__": {"a": "int", "b": "int"}, "a": 0}))
    with pytest.raises(ValueError):
        records.frozen_dataclass(type("Bad", (), {"__annotations__": {"a": "list"}, "a": []}))


def test_inheritance_both_ways():
    base = records.frozen_dataclass(type("Base", (), {"__annotations__": {"a": "int", "b": "int"}, "b": 2}))
    child = records.frozen_dataclass(type("Child", (base,), {"__annotations__": {"c": "int", "b": "int"}, "c": 3, "b": 5}))
    assert [f.name for f in dataclasses.fields(child)] == ["a", "b", "c"]  # a redefined field keeps its place
    assert child(1) == child(1, 5, 3) and child(1).b == 5
    # the standard decorator on a subclass of a record takes the record's fields, and its frozenness
    standard_child = dataclasses.dataclass(frozen=True)(type("StandardChild", (base,), {"__annotations__": {"d": "int"}, "d": 4}))
    assert [f.name for f in dataclasses.fields(standard_child)] == ["a", "b", "d"]
    assert standard_child(1) == standard_child(1, 2, 4)
    with pytest.raises(TypeError):  # cannot inherit non-frozen dataclass from a frozen one
        dataclasses.dataclass(type("Thawed", (base,), {"__annotations__": {"d": "int"}, "d": 4}))


def test_a_class_keeps_the_methods_it_defines():
    def __repr__(self):
        return "mine"
    made = records.frozen_dataclass(type("Own", (), {"__annotations__": {"a": "int"}, "__repr__": __repr__}))
    assert repr(made(1)) == "mine" and made(1) == made(1)


def test_post_init_runs_and_convert_applies_to_values_not_as_is():
    seen = []
    made = records.frozen_dataclass(
        type("Converted", (), {"__annotations__": {"a": "object", "b": "object"},
                               "__post_init__": lambda self: seen.append(self.a)}),
        convert=lambda value: tuple(value), as_is={int})
    value = made(a=[1, 2], b=3)
    assert value.a == (1, 2) and value.b == 3 and seen == [(1, 2)]


def test_the_ast_and_the_model_are_dataclasses_of_records():
    loc = ast.Loc(file="f", line=1, column=2, end_line=1, end_column=3)
    name = ast.Name(loc=loc, id="x")
    assert dataclasses.is_dataclass(name) and [f.name for f in dataclasses.fields(name)] == ["loc", "kind", "id"]
    assert name.model_copy(update={"id": "y"}).id == "y"
    assert ast.Call(loc=loc, func="f", args=[name]).args == (name,)  # a list is kept as a tuple, as before
    const = ir.Const(ir.INT, loc, "3", 3)
    assert const == ir.Const(type=ir.INT, loc=loc, text="3", value=3) and const.__match_args__[:3] == ("type", "loc", "text")
    with pytest.raises(dataclasses.FrozenInstanceError):
        const.value = 4


def _normalised_plainly(value):
    """ast._normalised without its shortcut for a list or tuple whose items are all kept as they are."""
    cls = value.__class__
    if cls is str or cls is int or value is None:
        return value
    if cls is list or cls is tuple:
        items = tuple(_normalised_plainly(v) for v in value)
        return items if cls is list or any(a is not b for a, b in zip(items, value)) else value
    if isinstance(value, str):
        return str(value)
    return value


class _Text(str):
    """A str subclass, as a Lark token is."""


def test_normalised_values_are_the_plain_ones_and_tuples_are_kept_when_nothing_changes():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    loc = ast.Loc(file="f", line=1, column=1, end_line=1, end_column=2)
    leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=3),
                       st.text(max_size=3).map(_Text), st.just(ast.Name(loc=loc, id="x")))
    values = st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                          st.lists(inner, max_size=4).map(tuple)), max_leaves=12)

    @settings(database=None, deadline=None, max_examples=400)
    @given(values)
    def same(value):
        mine, plain = ast._normalised(value), _normalised_plainly(value)
        assert mine == plain and type(mine) is type(plain)
        assert (mine is value) == (plain is value)
        if isinstance(value, (list, tuple)):
            assert all(type(a) is type(b) for a, b in zip(mine, plain))

    same()
