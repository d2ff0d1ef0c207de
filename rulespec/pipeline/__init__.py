"""The whole pipeline behind one narrow interface: rule file -> checked model -> engine.

``compile_rules`` runs parse and check (``check_rules`` keeps the parsed file and its base beside the
model, for the docs and ``simulate``); ``generate_source`` turns a model into Python;
``load`` gives a ready engine, importing the committed module in ``engines/`` when it was
generated from exactly this rule file and these variants, and generating in memory otherwise.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import linecache
import re
import sys
import types
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence, Union

from ..codegen.version import GENERATOR_VERSION, source_hash
from ..language.collector import collector_paused
from ..language.errors import RuleError, SourceText
from ..language.reading import parsed_text, read_rule_text
from ..resources import engines_dir, house_rules_dir, rulebooks_dir
from .bundled import bundled_house_rules, bundled_name, bundled_rulebooks  # noqa: F401 (the pipeline's names)
from .options import option_texts  # noqa: F401 (the pipeline's names)

if TYPE_CHECKING:  # the compiler (Lark, the checker, the generator) is imported when something is compiled
    from ..language import ast
    from ..model import ir
    from ..runtime.engine import Engine


def parse_file(path):
    from ..language.parser import parse_file
    return parse_file(path)


def check(rule_file, variants, base=None):
    from ..model.checker import check
    return check(rule_file, variants, base=base)


def resolve_path(name_or_path: str | Path) -> Path:
    """A rule file's path: a path as given (a `.rules` file, or anything that exists), else the bundled
    game (``shell-we``) or house rule (``shell-we/three-tiles``) of that name."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".rules" or _is(candidate.exists):
        return candidate
    name = str(name_or_path)
    games = bundled_rulebooks()
    if name in games:
        return games[name]
    house_rules = bundled_house_rules()
    if name in house_rules:
        return house_rules[name]
    from ..lib.suggestions import close_matches
    close = close_matches(name, [*games, *house_rules], n=1)
    if not close:  # a house rule's own name, without its game
        close = [known for known in house_rules if known.rpartition("/")[2] == name.rpartition("/")[2]][:1]
    listing = (f"bundled games: {', '.join(games) or 'none'}; "
               f"bundled house rules: {', '.join(house_rules) or 'none'}")
    hint = f"did you mean `{close[0]}`? {listing}" if close else listing
    raise RuleError([SourceText(name, "").diagnostic(
        1, 1, f"no bundled game, house rule or rule file called {name!r}", hint=hint)])


def _is(test) -> bool:
    """A file-system test that is False, not an OSError, for a path the system cannot even look up
    (a name too long, a path through a file)."""
    try:
        return test()
    except OSError:
        return False


def display_name(path: Path) -> str:
    """How generated code names its source: relative to the checkout for bundled files."""
    try:
        return str(path.resolve().relative_to(rulebooks_dir().resolve().parent))
    except ValueError:
        return path.name


@dataclass(frozen=True)
class CheckedRules:
    """A rule file through parse and check, with what it was made from: the one result the docs and
    ``simulate`` read (the parsed file, the parsed base it extends and that base's path, the model)."""

    path: Path
    variants: tuple[str, ...]
    rule_file: ast.RuleFile
    base: Optional[ast.RuleFile]  # the parsed file this one ``extends``, if any
    base_path: Optional[Path]
    model: ir.Model

    @functools.cached_property
    def merged(self) -> tuple[tuple, tuple[ast.VariantDecl, ...]]:
        """(the declarations as checked: a house rule's merged over its base, the variants applied;
        the variants the file offers), as the checker works them out."""
        from ..model.checker import Checker
        declarations, offered = Checker(self.rule_file, self.base).declarations(list(self.variants))
        return tuple(declarations), tuple(offered)


def check_rules(name_or_path: str | Path, variants: Sequence[str] = ()) -> CheckedRules:
    """Parse and check a rule file (a path or a bundled game's id) with the named variants applied,
    keeping the parsed file and its base beside the model."""
    with collector_paused():  # the whole compile, not each stage (rulespec/language/collector.py)
        return _check_rules(name_or_path, variants)


def _check_rules(name_or_path: str | Path, variants: Sequence[str]) -> CheckedRules:
    path = resolve_path(name_or_path)
    rule_file = parse_file(path)
    base = base_path = None
    extends = [d for d in rule_file.declarations if d.kind == "extends"]
    if extends:
        _extends_placed(rule_file, extends)
        base, base_path = _base_of(rule_file, extends[0], path)
    model = check(rule_file, variants, base=base)
    return CheckedRules(path, tuple(variants), rule_file, base, base_path, model)


def compile_rules(name_or_path: str | Path, variants: Sequence[str] = ()) -> ir.Model:
    """Parse and check a rule file (a path or a bundled game's id) with the named variants applied."""
    return check_rules(name_or_path, variants).model


def _base_of(rule_file, extends, path: Path, chain: tuple[Path, ...] = ()):
    """The parsed base a house rule extends (with the base that one extends, and so on: ``RuleFile.base``) and
    its path; a base that is unknown or unreadable is reported at the `extends` line that names it, a chain
    that comes back to a file already in it at the `extends` line that closes the circle."""
    source = SourceText(rule_file.path, rule_file.text)
    loc = extends.loc

    def refuse(message: str, hint: Optional[str] = None):
        raise RuleError([source.diagnostic(loc.line, loc.column, message, width=loc.end_column - loc.column,
                                           hint=hint)]) from None

    name = extends.base
    from .rule_paths import RulePathRefused, confined_rule_file
    try:  # (a bundled name, or a .rules file below this file's folder or an allowed one: rulespec/pipeline/rule_paths.py)
        base_path = confined_rule_file(name, path.parent, [path.parent], "this file")
    except RulePathRefused as refused:
        refuse(f"this file extends \"{name}\", {refused.reason}", hint=refused.hint)
    chain = chain + (path.resolve(),)
    if base_path.resolve() == path.resolve():
        refuse("this file extends itself", hint="extend the game this house rule changes")
    if base_path.resolve() in chain:
        circle = " -> ".join(p.name for p in chain[chain.index(base_path.resolve()):] + (base_path.resolve(),))
        refuse(f"this file extends \"{name}\", which extends this file in turn: {circle}",
               hint="a house rule extends a game, or a house rule of one; somewhere the chain must end in a game")
    try:
        base = parse_file(base_path)
    except RuleError as error:
        first = error.diagnostics[0]
        refuse(f"the base \"{name}\" this file extends cannot be read: {first.message}",
               hint=f"at {first.path}:{first.line}:{first.column}; fix the base first")
    base_extends = [d for d in base.declarations if d.kind == "extends"]
    if base_extends:  # a house rule of a house rule: its base's base, and so on (checked as that file would be)
        _extends_placed(base, base_extends)
        grand_base, _ = _base_of(base, base_extends[0], base_path, chain)
        base = dataclasses.replace(base, base=grand_base)
    return base, base_path


def _extends_placed(rule_file, extends) -> None:
    """`extends` comes once, as a file's first declaration; else reported at the one out of place."""
    first = rule_file.declarations[0]
    misplaced = extends[1] if len(extends) > 1 else extends[0] if first is not extends[0] else None
    if misplaced is not None:  # a house rule extends one game, and says so first
        loc = misplaced.loc
        raise RuleError([SourceText(rule_file.path, rule_file.text).diagnostic(
            loc.line, loc.column, "`extends` comes once, as the first declaration of a house rule",
            width=loc.end_column - loc.column if loc.end_line == loc.line else 1,
            hint="put `extends \"GAME\"` on the first line and remove any other")])


def generate_source(model: ir.Model, path: Path, filename: str = "<generated>") -> str:
    """The engine's Python source; ``filename`` is the one the generator's check compiles it under (the
    name ``load_module_from_source`` runs it under, which then runs that compiled code)."""
    from ..codegen.python import generate
    return generate(model, display_name(path), filename)


def engine_module_name(game_id: str) -> str:
    return game_id.replace("-", "_")


def committed_engine_path(game_id: str) -> Path:
    return engines_dir() / f"{engine_module_name(game_id)}.py"


COMMITTED_ENGINES = "rulespec._engines"  # the private package name committed engines load under


def committed_engine(game_id: str) -> types.ModuleType:
    """The committed engine module of a game, loaded from its file (once per process) as
    ``rulespec._engines.<game>``: never through ``import engines...``, so a user's own `engines`
    package neither hides it nor is hidden by it."""
    path = committed_engine_path(game_id)
    name = f"{COMMITTED_ENGINES}.{engine_module_name(game_id)}"
    loaded = sys.modules.get(name)
    if loaded is not None and getattr(loaded, "__file__", None) == str(path):
        return loaded
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import would, so its classes pickle and load once
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def generated_filename(name: str) -> str:
    """The file name the code of a module generated in memory goes by (in tracebacks, ``__file__``)."""
    return f"<generated {name}>"


def load_module_from_source(source: str, name: str) -> types.ModuleType:
    """A module run from generated source: the code the generator's check compiled from exactly this
    source when there is one (``generate_source(..., filename=generated_filename(name))``), so a pipeline
    pass compiles the module once; compiled here otherwise."""
    from ..codegen.python import checked_code  # (imported already by whatever generated the source)
    module = types.ModuleType(name)
    module.__file__ = generated_filename(name)
    # Its lines readable by name, as a file's are: tracebacks show them, a failure names the condition.
    linecache.cache[module.__file__] = (len(source), None, source.splitlines(True), module.__file__)
    exec(checked_code(source, module.__file__), module.__dict__)  # the generator's output, not rule text
    return module


def load(name_or_path: str | Path, variants: Sequence[str] = (),
         options: Optional[dict[str, Union[str, int]]] = None,
         allowed_dirs: Sequence[str | Path] = ()) -> Engine:
    """A game ready to play: ``rulespec.load("shell-we")`` or ``rulespec.load("my.rules")``; ``options``
    sets the file's options (``{"target": 20}``, see option_texts). A house rule's `extends` may name a
    rule file below its own folder, or below one of ``allowed_dirs`` (rulespec/pipeline/rule_paths.py)."""
    if isinstance(variants, str) or not all(isinstance(v, str) for v in variants):
        raise TypeError(f"variants is a list of variant names, not {variants!r}")
    if isinstance(allowed_dirs, (str, Path)) or not all(isinstance(d, (str, Path)) for d in allowed_dirs):
        raise TypeError(f"allowed_dirs is a list of folders, not {allowed_dirs!r}")
    options = option_texts(options)
    path = resolve_path(name_or_path)
    if not variants:
        engine = _committed_engine_of_text(path, options)
        if engine is not None:
            return engine
    from .rule_paths import allowing
    with allowing(allowed_dirs):
        return engine_for_model(compile_rules(path, variants), path, options)


_EXTENDS_LINE = re.compile(r"^extends\b", re.MULTILINE)


def _committed_engine_of_text(path: Path, options: Optional[dict[str, str]]) -> Optional[Engine]:
    """The committed engine named after the rule file, when its recorded hash is that of exactly this
    text and its generator is this one: then it is what compiling the file would give, so the file is
    not parsed and checked (the engine's ``model`` is worked out on first use). None otherwise, and
    for a house rule (its engine depends on its base's text too)."""
    engine_path = committed_engine_path(path.stem)
    if not engine_path.exists():
        return None
    try:
        text = parsed_text(read_rule_text(path))
    except RuleError:
        return None  # compiling reports it
    if _EXTENDS_LINE.search(text):
        return None
    try:
        module = committed_engine(path.stem)
    except ImportError:  # made for another runtime
        return None
    if (getattr(module, "SOURCE_HASH", None) != source_hash(text + "|")
            or getattr(module, "GENERATOR_VERSION", None) != GENERATOR_VERSION):
        return None
    engine = module.GAME(options)
    engine.model = functools.partial(compile_rules, path)
    return engine


def engine_for_model(model: ir.Model, path: Path, options: Optional[dict[str, str]] = None) -> Engine:
    """The engine of a checked model: the committed module in engines/ when it was generated from exactly
    this rule file and these variants, otherwise one generated in memory."""
    expected = source_hash(model.source_text + "|" + ",".join(model.variants_applied))
    module = None
    if not model.variants_applied and committed_engine_path(model.game_id).exists():
        try:
            candidate = committed_engine(model.game_id)
        except ImportError:  # made for another runtime: generate one instead
            candidate = None
        if (getattr(candidate, "SOURCE_HASH", None) == expected
                and getattr(candidate, "GENERATOR_VERSION", None) == GENERATOR_VERSION):  # and this runtime's
            module = candidate
    if module is None:
        name = f"rulespec_generated_{engine_module_name(model.game_id)}"
        module = load_module_from_source(generate_source(model, path, generated_filename(name)), name)
    engine = module.GAME(options)
    engine.model = model
    from .example_positions import position_diagnostics
    problems = position_diagnostics(engine)  # positions are read against the engine's tables, so here
    if problems:
        raise RuleError(problems)
    return engine
