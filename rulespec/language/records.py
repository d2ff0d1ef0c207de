"""Frozen dataclasses, made for a fraction of what ``dataclasses.dataclass`` costs to make a class.

The AST (about 90 classes) and the checked model (about 90 more) were ``@dataclass(frozen=True)``;
building them took about 100 ms of every process that compiles a rule file, most of it the
standard decorator compiling six methods and working out a signature for each class. ``frozen_dataclass``
compiles only ``__init__``, ``__eq__`` and ``__hash__`` (fast instances need them), each the first time it is
used, and gives every class the same ``__repr__`` and refusals to assign, closed over the class's
field names.

The classes stay dataclasses to every caller: ``dataclasses.fields``, ``replace``, ``asdict`` and
``is_dataclass`` work on them (real ``dataclasses.Field`` objects), and a class the standard
decorator makes from one of them inherits its fields. A Python whose ``dataclasses`` module is laid
out otherwise gets the standard decorator.
"""

from __future__ import annotations

import dataclasses

# The parts of the dataclasses module this relies on (present from 3.10 to at least 3.13).
_FAST = all(hasattr(dataclasses, name) for name in ("_FIELD", "_FIELDS", "_PARAMS", "_DataclassParams", "MISSING"))
_MISSING = dataclasses.MISSING


def _params(frozen: bool):
    """A ``__dataclass_params__`` as the standard decorator writes it (its signature grew in 3.12)."""
    try:
        return dataclasses._DataclassParams(init=True, repr=True, eq=True, order=False, unsafe_hash=False,
                                            frozen=frozen, match_args=True, kw_only=False, slots=False,
                                            weakref_slot=False)
    except TypeError:
        return dataclasses._DataclassParams(True, True, True, False, False, frozen)


def frozen_dataclass(cls=None, /, *, kw_only: bool = False, convert=None, as_is=frozenset()):
    """``@dataclass(frozen=True)`` (``kw_only`` as there), made cheaply.

    ``convert``, if given, is applied in ``__init__`` to every field value whose class is not in
    ``as_is`` (a set the caller may keep adding to), before it is stored."""
    def wrap(klass):
        if not _FAST:
            if convert is not None and "__post_init__" not in klass.__dict__:
                def __post_init__(self):
                    for field in dataclasses.fields(self):
                        value = getattr(self, field.name)
                        if value.__class__ not in as_is:
                            object.__setattr__(self, field.name, convert(value))
                klass.__post_init__ = __post_init__
            return dataclasses.dataclass(frozen=True, kw_only=kw_only)(klass)
        return _make(klass, kw_only, convert, as_is)
    return wrap if cls is None else wrap(cls)


def _is_class_var(annotation) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _make(cls, kw_only: bool, convert, as_is):
    fields: dict[str, dataclasses.Field] = {}
    for base in cls.__mro__[-1:0:-1]:
        inherited = base.__dict__.get(dataclasses._FIELDS)
        if inherited:
            fields.update(inherited)
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if _is_class_var(annotation):
            continue
        default = cls.__dict__.get(name, _MISSING)
        if isinstance(default, dataclasses.Field):
            field = default
            if field.kw_only is _MISSING:
                field.kw_only = kw_only
        else:
            field = dataclasses.field(default=default, kw_only=kw_only)
        if isinstance(field.default, (list, dict, set)):
            raise ValueError(f"mutable default {type(field.default)} for field {name} is not allowed: use default_factory")
        field.name, field.type, field._field_type = name, annotation, dataclasses._FIELD
        if field.default is _MISSING and name in cls.__dict__:
            delattr(cls, name)  # a Field as the class attribute: the default is the Field's
        elif field.default is not _MISSING:
            setattr(cls, name, field.default)
        fields[name] = field
    names = tuple(fields)
    seen_default = False
    for field in fields.values():  # refused when the class is made, as the standard decorator does
        if not field.kw_only:
            has_default = field.default is not _MISSING or field.default_factory is not _MISSING
            if seen_default and not has_default:
                raise TypeError(f"non-default argument {field.name!r} follows default argument")
            seen_default = seen_default or has_default
    setattr(cls, dataclasses._FIELDS, fields)
    setattr(cls, dataclasses._PARAMS, _params(True))
    cls.__init__ = _init_on_first_call(cls, tuple(fields.values()), convert, as_is)
    _shared_methods(cls, names)
    cls.__match_args__ = tuple(f.name for f in fields.values() if not f.kw_only)
    return cls


def _init_on_first_call(cls, fields, convert, as_is):
    """An ``__init__`` that compiles the real one the first time the class is instantiated (most
    processes make only some of the classes), puts it in its place and calls it."""
    def __init__(self, *args, **kwargs):
        if cls.__dict__.get("__init__") is __init__:
            cls.__init__ = _init(cls, fields, convert, as_is)
        cls.__init__(self, *args, **kwargs)
    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _init(cls, fields, convert, as_is):
    """``__init__``, compiled for this class's fields (as the standard decorator does)."""
    namespace = {"_MISSING": _MISSING, "_convert": convert, "_as_is": as_is, "_set": object.__setattr__}
    positional, keywords, body = [], [], []
    for field in fields:
        name = field.name
        if field.default is not _MISSING:
            namespace[f"_default_{name}"] = field.default
            parameter = f"{name}=_default_{name}"
        elif field.default_factory is not _MISSING:
            namespace[f"_factory_{name}"] = field.default_factory
            parameter = f"{name}=_MISSING"
            body.append(f"  if {name} is _MISSING: {name} = _factory_{name}()")
        else:
            parameter = name
        if field.kw_only:
            keywords.append(parameter)
        else:
            positional.append(parameter)
        value = name if convert is None else f"{name} if {name}.__class__ in _as_is else _convert({name})"
        body.append(f"  _set(self, {name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("  self.__post_init__()")
    parameters = ", ".join(["self", *positional, *(["*", *keywords] if keywords else [])])
    # object.__setattr__, as the standard decorator: writing through self.__dict__ would make the
    # instance's dict a real one, and every attribute read of it about twice as slow
    source = f"def __init__({parameters}):\n" + "\n".join(body or ["  pass"]) + "\n"
    exec(source, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _compare_and_hash(cls, names: tuple[str, ...]):
    """``__eq__`` and ``__hash__`` as the standard decorator writes them (a tuple of the fields, read
    attribute by attribute: an attrgetter of several names is twice as slow), compiled together."""
    fields = "".join(f"self.{name}," for name in names)
    other = "".join(f"other.{name}," for name in names)
    source = (f"def __eq__(self, other):\n"
              f"  if other.__class__ is self.__class__:\n    return ({fields}) == ({other})\n"
              f"  return NotImplemented\n"
              f"def __hash__(self):\n  return hash(({fields}))\n")
    namespace: dict = {}
    exec(source, namespace)
    return namespace["__eq__"], namespace["__hash__"]


def _shared_methods(cls, names: tuple[str, ...]) -> None:
    def compiled(name):
        """Compile __eq__ and __hash__ the first time either is used, and put them in place."""
        if cls.__dict__.get(name) is placeholders[name]:
            methods = dict(zip(("__eq__", "__hash__"), _compare_and_hash(cls, names)))
            for method_name, method in methods.items():
                if cls.__dict__.get(method_name) is placeholders[method_name]:
                    method.__qualname__ = f"{cls.__qualname__}.{method_name}"
                    setattr(cls, method_name, method)
        return cls.__dict__[name] if cls.__dict__.get(name) is not placeholders[name] else None

    def __eq__(self, other):
        method = compiled("__eq__") or _compare_and_hash(cls, names)[0]
        return method(self, other)

    def __hash__(self):
        method = compiled("__hash__") or _compare_and_hash(cls, names)[1]
        return method(self)

    placeholders = {"__eq__": __eq__, "__hash__": __hash__}

    def __repr__(self):
        return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in names)})"

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    for method in (__eq__, __hash__, __repr__, __setattr__, __delattr__):
        # as the standard decorator: the class's own methods stay (a __hash__ that is None came from
        # defining __eq__ alone, and is replaced)
        if cls.__dict__.get(method.__name__) is None:
            method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
            setattr(cls, method.__name__, method)


def dataclass(cls=None, /, *, frozen: bool = False, kw_only: bool = False):
    """``dataclasses.dataclass`` as a module of records spells it: a frozen class is made by
    ``frozen_dataclass``, anything else by the standard decorator."""
    def wrap(klass):
        if frozen:
            return frozen_dataclass(klass, kw_only=kw_only)
        return dataclasses.dataclass(kw_only=kw_only)(klass)
    return wrap if cls is None else wrap(cls)


field = dataclasses.field
