"""The pytest plugin: ``pytest properties/`` checks and verifies your rule files.

Installed with rulespec (a ``pytest11`` entry point), it does nothing until a project names its rule
files. In ``pyproject.toml``::

    [tool.pytest.ini_options]
    rulespec_files = ["my-game.rules"]

(or ``rulespec_files = my-game.rules`` under ``[pytest]`` in ``pytest.ini``). ``pytest properties/``
then collects, for each rule file, these items:

    my-game.rules::check                    it parses and checks (a RuleError fails here, file:line:col)
    my-game.rules::example[opening]         each executable example (given / when / then)
    my-game.rules::properties[2 players]    rulespec.check.verify's properties for one player count
    my-game.rules::properties[3 players, side=B, variants bottles]

A failed property prints the shrunk counterexample as a numbered list of actions and the
``rulespec replay FILE`` command that plays it back. Every key (all optional but ``rulespec_files``):

``rulespec_files``
    Rule files to verify, one glob a line (pyproject: a list), relative to the folder of the
    configuration file (the rootdir when there is none). A line may end with settings for the files it
    matches, the keys below without ``rulespec_`` and without spaces in a value:
    ``big.rules players=2 examples=2 variants=bottles;bottles,two_legged options=side=B``.
``rulespec_testdir``
    The test folder whose collection includes the rule files (default ``properties``): ``pytest
    properties/`` and a plain ``pytest`` verify them, ``pytest tests/`` does not; ``.``: whenever pytest
    collects the configuration's own folder (also when there is no such folder: a plain ``pytest`` then
    verifies them, and a run that collects none of them says so). A ``.rules`` file named on the command
    line (``pytest my-game.rules``) is collected too.
``rulespec_players``
    Player counts to verify: ``2 3``, ``2-4`` or ``all`` (default: every count the game allows).
``rulespec_variants``
    Variant combinations, one a line (``bottles``, ``bottles two_legged``; ``none`` is the game as
    written). Default: the game as written only.
``rulespec_options``
    Option settings, one set a line (``side=B``, ``side=B third_piece=yes``). Default: the defaults.
``rulespec_examples``
    Hypothesis examples per properties item (default by profile: dev 3, ci 4, thorough 100).
``rulespec_steps``
    Steps per Hypothesis example (default 30).
``rulespec_max_steps``
    Step budget of the whole random game that checks termination (default: the runtime's, as
    ``rulespec verify --max-steps``).
``rulespec_max_applies``
    Offered actions tried on copies at each step (default by profile: dev 12, ci 16, thorough ``all``).
``rulespec_fast_forward``
    The longest seeded random jump of one step of the state machine (default: dev and ci 150,
    thorough 300).
``rulespec_seed``
    A fixed Hypothesis seed (default: random in dev, derandomized under CI).
``rulespec_counterexamples``
    Where failed properties save their counterexamples (default ``.hypothesis/counterexamples``).

The profile is ``HYPOTHESIS_PROFILE`` (or ``--hypothesis-profile``) when set, else ``ci`` when the
environment says ``CI=true`` and ``dev`` otherwise. Its Hypothesis settings are used when a profile of
that name is registered (Hypothesis has ``ci`` built in: derandomized, no example database); the
plugin never loads a profile, so other Hypothesis tests are left alone.

Markers: every item carries ``rulespec`` (``pytest -m rulespec`` selects them, ``-m "not rulespec"``
leaves them out; ``-p no:rulespec`` turns the plugin off). A ``rulespec`` marker with keywords, added to items by a conftest hook, overrides
``examples``, ``steps``, ``max_steps``, ``max_applies``, ``fast_forward`` and ``seed`` for them::

    def pytest_collection_modifyitems(items):
        for item in items:
            if item.nodeid.startswith("big-game.rules::properties"):
                item.add_marker(pytest.mark.rulespec(examples=1))

Tests of a project's own take the same files from ``rule_files(config)`` (a list of paths), so that no
test names a rule file that may be renamed.
"""

from __future__ import annotations

import dataclasses
import glob
import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from functools import lru_cache
from typing import Annotated, Any, Iterator, Optional

import pytest

KEYS = ("players", "variants", "options", "examples", "steps", "max_steps", "max_applies", "fast_forward", "seed")
RUN_TIME_KEYS = ("examples", "steps", "max_steps", "max_applies", "fast_forward", "seed")  # the marker's
ALL = "all"


@dataclass(frozen=True)
class ProfileBudget:
    """The verifier's budget per Hypothesis profile (properties/conftest.py uses the same table)."""

    examples: int  # Hypothesis examples per properties item
    max_applies: Optional[int]  # offered actions tried on clones per step; None: all of them
    fast_forward: int  # the longest seeded random jump one rule may make


PROFILE_BUDGETS = {
    "dev": ProfileBudget(examples=3, max_applies=12, fast_forward=150),
    "ci": ProfileBudget(examples=4, max_applies=16, fast_forward=150),
    "thorough": ProfileBudget(examples=100, max_applies=None, fast_forward=300),
}
DEFAULT_STEPS = 30


def profile_name(config: Optional[pytest.Config] = None) -> str:
    """``HYPOTHESIS_PROFILE`` (or ``--hypothesis-profile``), else ``ci`` under CI=true, else ``dev``."""
    chosen = os.environ.get("HYPOTHESIS_PROFILE")
    if config is not None:
        try:
            chosen = config.getoption("hypothesis_profile") or chosen
        except ValueError:  # Hypothesis' own plugin is not loaded
            pass
    if chosen:
        return chosen
    return "ci" if os.environ.get("CI", "").lower() in ("1", "true", "yes") else "dev"


class SettingsProblem(Exception):
    """A key of the configuration that cannot be read."""


@dataclass(frozen=True)
class RuleFileSettings:
    players: Optional[tuple[int, ...]] = None  # None: every count the game allows
    player_range: Optional[tuple[int, int]] = None  # `2-4`
    variants: tuple[tuple[str, ...], ...] = ((),)
    options: tuple[tuple[tuple[str, str], ...], ...] = ((),)
    examples: Optional[int] = None
    steps: Optional[int] = None
    max_steps: Optional[int] = None
    max_applies: Any = None  # None: the profile's; ALL: every offered action
    fast_forward: Optional[int] = None
    seed: Optional[int] = None

    def updated(self, values: dict[str, str], where: str) -> "RuleFileSettings":
        changes: dict[str, Any] = {}
        for key, text in values.items():
            if key not in KEYS:
                raise SettingsProblem(f"{where}: unknown setting {key!r} (known: {', '.join(KEYS)})")
            changes.update(_parse_setting(key, text, where))
        return dataclasses.replace(self, **changes)

    def with_marker(self, keywords: dict[str, Any], where: str) -> "RuleFileSettings":
        unknown = sorted(set(keywords) - set(RUN_TIME_KEYS))
        if unknown:
            raise SettingsProblem(f"{where}: the rulespec marker takes {', '.join(RUN_TIME_KEYS)}, not "
                                  f"{', '.join(unknown)} (players, variants and options are set in the configuration)")
        return self.updated({key: str(value) for key, value in keywords.items()}, where)


MOST_BUDGET = 10**9  # examples, steps, actions tried, a jump: far beyond any run's patience
MOST_SEED = 2**63


@lru_cache(maxsize=None)
def _number_settings():
    """The numeric settings as pydantic checks them (from text: lax ints), made when first read."""
    from pydantic import BaseModel, ConfigDict, Field

    Budget = Annotated[Optional[int], Field(ge=1, le=MOST_BUDGET)]

    class NumberSettings(BaseModel):
        model_config = ConfigDict(extra="forbid")
        players: Budget = None  # (each count of `2 3` or `2-4`)
        examples: Budget = None
        steps: Budget = None
        max_steps: Budget = None
        max_applies: Budget = None
        fast_forward: Budget = None
        seed: Annotated[Optional[int], Field(ge=-MOST_SEED, le=MOST_SEED)] = None

    return NumberSettings


def _positive(key: str, text: str, where: str) -> int:
    """The whole number ``text`` of setting ``key`` (at least 1, but a seed); SettingsProblem in words if not."""
    from pydantic import ValidationError
    try:
        return getattr(_number_settings().model_validate({key: text}), key)
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        bounds = problem.get("ctx") or {}
        if "ge" in bounds:
            reason = f"must be at least {bounds['ge']:,}, not {text}"
        elif "le" in bounds:
            reason = f"must be at most {bounds['le']:,}, not {text if len(text) <= 30 else text[:30] + '...'}"
        else:
            reason = f"is a whole number, not {text if len(text) <= 30 else text[:30] + '...'!r}"
        raise SettingsProblem(f"{where}: {key} {reason}") from None


def _sets(text: str) -> list[list[str]]:
    """``a,b;c`` or lines of ``a b``: sets separated by `;` or new lines, members by `,`, `+` or spaces."""
    out = []
    for chunk in text.replace("\n", ";").split(";"):
        members = [m for m in chunk.replace(",", " ").replace("+", " ").split() if m]
        if members or chunk.strip():
            out.append(members)
    return out


def _parse_setting(key: str, text: str, where: str) -> dict[str, Any]:
    text = text.strip()
    if key == "players":
        if text.lower() == ALL:
            return {"players": None, "player_range": None}
        if "-" in text and "," not in text and " " not in text:
            low, _, high = text.partition("-")
            low_n, high_n = _positive(key, low, where), _positive(key, high, where)
            if low_n > high_n:
                raise SettingsProblem(f"{where}: players {text!r} runs backwards")
            return {"players": None, "player_range": (low_n, high_n)}
        counts = tuple(_positive(key, part, where) for part in text.replace(",", " ").split())
        if not counts:
            raise SettingsProblem(f"{where}: players is empty")
        return {"players": counts, "player_range": None}
    if key == "variants":
        combos = [tuple(m for m in members if m.lower() not in ("none", "-")) for members in _sets(text)]
        return {"variants": tuple(dict.fromkeys(combos)) or ((),)}
    if key == "options":
        sets = []
        for members in _sets(text):
            pairs = []
            for member in members:
                name, equals, value = member.partition("=")
                if not equals or not name or not value:
                    raise SettingsProblem(f"{where}: an option is NAME=VALUE, not {member!r}")
                pairs.append((name, value))
            sets.append(tuple(sorted(pairs)))
        return {"options": tuple(dict.fromkeys(sets)) or ((),)}
    if key == "max_applies" and text.lower() == ALL:
        return {"max_applies": ALL}
    return {key: _positive(key, text, where)}


# ----------------------------------------------------------------------------- configuration


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("rulespec_files", "rulespec: rule files to verify, one glob a line (relative to the config "
                                    "file), each optionally followed by KEY=VALUE settings", type="linelist")
    parser.addini("rulespec_testdir", "rulespec: the test folder whose collection includes the rule files "
                                      "(default: properties)", default="properties")
    parser.addini("rulespec_players", "rulespec: player counts to verify (`2 3`, `2-4`, `all`)", default="")
    parser.addini("rulespec_variants", "rulespec: variant combinations, one a line (`none`: as written)",
                  type="linelist")
    parser.addini("rulespec_options", "rulespec: option settings, one set a line (`side=B`)", type="linelist")
    for key, meaning in (("examples", "Hypothesis examples per properties item"),
                         ("steps", "steps per Hypothesis example"),
                         ("max_steps", "step budget of the whole random game that checks termination"),
                         ("max_applies", "offered actions tried at each step (a number or `all`)"),
                         ("fast_forward", "the longest random jump of one state machine step"),
                         ("seed", "a fixed Hypothesis seed")):
        parser.addini(f"rulespec_{key}", f"rulespec: {meaning}", default="")
    parser.addini("rulespec_counterexamples", "rulespec: where counterexamples are saved "
                                              "(default: .hypothesis/counterexamples)", default="")


@dataclass
class _Plan:
    base: Path  # what the globs are relative to
    testdir: Path
    defaults: RuleFileSettings
    files: dict[Path, RuleFileSettings]  # resolved path -> its settings, in the order of the globs
    counterexamples: Path
    problem: Optional[str] = None
    missing_testdir: Optional[str] = None  # rulespec_testdir as written, when there is no such folder


_PLAN = pytest.StashKey[Optional[_Plan]]()


def _plan(config: pytest.Config) -> Optional[_Plan]:
    """What the configuration asks for (read once per run); None when it names no rule files."""
    if _PLAN in config.stash:
        return config.stash[_PLAN]
    plan = None
    lines = [line for line in config.getini("rulespec_files") if line.strip()]
    base = Path(config.inipath).parent if config.inipath else Path(config.rootpath)
    defaults = RuleFileSettings()
    problem = None
    try:
        values = {key: config.getini(f"rulespec_{key}") for key in KEYS}
        values = {key: "\n".join(v) if isinstance(v, list) else v for key, v in values.items()}
        defaults = defaults.updated({key: v for key, v in values.items() if v.strip()}, "rulespec settings")
    except SettingsProblem as error:
        problem = str(error)
    files: dict[Path, RuleFileSettings] = {}
    for line in lines:
        try:
            words = shlex.split(line)
        except ValueError as error:
            problem = problem or f"rulespec_files: {line!r}: {error}"
            continue
        pattern, extra = words[0], words[1:]
        settings = defaults
        try:
            pairs = {}
            for word in extra:
                key, equals, value = word.partition("=")
                if not equals:
                    raise SettingsProblem(f"rulespec_files: {line!r}: {word!r} is not KEY=VALUE")
                pairs[key] = value
            settings = defaults.updated(pairs, f"rulespec_files: {line!r}")
        except SettingsProblem as error:
            problem = problem or str(error)
        matched = sorted(glob.glob(pattern, root_dir=base, recursive=True))  # (the base's own name is no glob)
        if not matched:
            problem = problem or f"rulespec_files: {pattern!r} matches no file under {base}"
        for name in matched:
            path = (base / name).resolve()
            if path.is_dir():
                continue
            from ..pipeline.rule_paths import RulePathRefused, confined_rule_file
            try:  # (the configuration is the repository's text: its .rules files below its folder only)
                confined_rule_file(name, base, [base], "the configuration's folder", names=False)
            except RulePathRefused as refused:
                problem = problem or (f"rulespec_files: {pattern!r} matches {name!r}, {refused.reason} "
                                      f"({refused.hint})")
                continue
            files.setdefault(path, settings)
    counter_dir = config.getini("rulespec_counterexamples").strip() or ".hypothesis/counterexamples"
    if lines:
        testdir_name = config.getini("rulespec_testdir").strip()
        testdir = (base / testdir_name).resolve()
        missing = None
        if not testdir.is_dir():  # a repository that only named its rule files: a plain `pytest` verifies them
            testdir, missing = base.resolve(), testdir_name
        plan = _Plan(base, testdir, defaults, files, (base / counter_dir).resolve(), problem, missing)
    config.stash[_PLAN] = plan
    return plan


def rule_files(config: pytest.Config) -> list[Path]:
    """The rule files rulespec_files names, resolved as the plugin verifies them: a project's own tests
    take them from here (the starter project's properties/conftest.py), so that they name no file."""
    plan = _plan(config)
    return list(plan.files) if plan is not None else []


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rulespec(examples, steps, max_steps, max_applies, fast_forward, seed): "
                                       "an item of a rule file verified by the rulespec plugin, or settings for it")


def pytest_report_header(config: pytest.Config) -> Optional[str]:
    plan = _plan(config)
    if plan is None:
        return None
    budget = PROFILE_BUDGETS.get(profile_name(config), PROFILE_BUDGETS["dev"])
    missing = f", there being no {plan.missing_testdir}/" if plan.missing_testdir else ""
    return (f"rulespec: {len(plan.files)} rule file{'s' if len(plan.files) != 1 else ''} from rulespec_files, "
            f"collected with {_shown(plan.testdir)}/{missing} (profile {profile_name(config)}: "
            f"{plan.defaults.examples or budget.examples} examples per properties item)")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Named rule files that nothing collected, with no test folder of their own, are said to be
    unverified: a run that only shows the project's other tests passing is no proof of them."""
    plan = _plan(session.config)
    if plan is None or not plan.files or not plan.missing_testdir:
        return
    if any(item.getparent(RuleFile) is not None for item in session.items):
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(
            f"rulespec: {len(plan.files)} rule file{'s' if len(plan.files) != 1 else ''} of rulespec_files not "
            f"verified: there is no {plan.missing_testdir}/ folder (rulespec_testdir), so they are collected with "
            f"{_shown(plan.testdir)}/ (run `pytest` there, or make {plan.missing_testdir}/)", yellow=True)


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector):
    """The test folder's collection also yields the configured rule files (they live elsewhere)."""
    report = yield
    if isinstance(collector, pytest.Directory) and report.passed:
        plan = _plan(collector.config)
        if plan is not None and Path(collector.path).resolve() == plan.testdir:
            if plan.problem:
                report.result.append(SettingsError.from_parent(collector, name="rulespec-settings",
                                                               message=plan.problem))
            for path, settings in plan.files.items():
                report.result.append(RuleFile.from_parent(collector, path=path, settings=settings))
    return report


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> Optional[pytest.Collector]:
    """A `.rules` file named on the command line is verified too (with its configured settings)."""
    if file_path.suffix == ".rules" and parent.session.isinitpath(file_path):
        plan = _plan(parent.config)
        settings = RuleFileSettings()
        if plan is not None:
            settings = plan.files.get(file_path.resolve(), plan.defaults)
        return RuleFile.from_parent(parent, path=file_path, settings=settings)
    return None


# ----------------------------------------------------------------------------- nodes


class SettingsError(pytest.Item):
    """A configuration the plugin cannot read: one failing item rather than a crash."""

    def __init__(self, *, message: str, **kwargs):
        super().__init__(**kwargs)
        self.message = message
        self.add_marker("rulespec")

    def runtest(self) -> None:
        raise RuleFileProblem(self.message)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, RuleFileProblem):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, "rulespec settings"


class RuleFileProblem(Exception):
    """What a rule file's item found wrong, already worded for a person: printed as it is."""


def _shown(path: Path) -> str:
    """A path relative to the working directory when it is below it (as a command would take it)."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve())) or "."
    except ValueError:
        return str(path)


class RuleFile(pytest.File):
    """One rule file: a `check` item, one item per executable example, one per properties run."""

    def __init__(self, *, settings: RuleFileSettings, **kwargs):
        super().__init__(**kwargs)
        self.settings = settings
        self.engine = None
        self._plan = None  # which examples run under which variants (rulespec/pipeline/example_plan.py)
        self._example_results: dict[tuple[str, ...], dict[str, Any]] = {}  # variants -> example -> result

    def collect(self) -> Iterator[pytest.Item]:
        from ..language.errors import RuleError
        from .counterexamples import load_engine
        try:
            self.engine = load_engine(_shown(self.path), (), None)  # the key verify() loads it by
        except RuleError as error:
            yield RuleFileItem.from_parent(self, name="check", problem=str(error),
                                           line=error.diagnostics[0].line if error.diagnostics else None)
            return
        except Exception as error:  # an unreadable file, or a bug of rulespec's: still one failing item
            yield RuleFileItem.from_parent(self, name="check", problem=f"{self.path}: cannot be loaded: "
                                                                      f"{type(error).__name__}: {error}")
            return
        yield self._check_item()
        yield from self._example_items()
        for variants in self.settings.variants:
            low, high = self._players_allowed(variants)
            if self.settings.players is not None:
                counts = self.settings.players
            elif self.settings.player_range is not None:
                counts = tuple(range(self.settings.player_range[0], self.settings.player_range[1] + 1))
            else:
                counts = tuple(range(low, high + 1))
            for options in self.settings.options:
                for players in counts:
                    words = [f"{players} player{'s' if players != 1 else ''}"]
                    words += [f"{k}={v}" for k, v in options]
                    if variants:
                        words.append("variants " + "+".join(variants))
                    yield PropertiesItem.from_parent(self, name=f"properties[{', '.join(words)}]", players=players,
                                                     options=dict(options), variants=variants)

    def _check_item(self) -> pytest.Item:
        """The `check` item: what the adapters would refuse of the file's numbers fails it, as `rulespec check`."""
        from ..language.errors import RuleError
        from .candidate_numbers import numbering_diagnostics, unchecked_note
        unchecked: list[str] = []
        problems = numbering_diagnostics(self.engine, unchecked)
        if unchecked:
            import warnings
            warnings.warn(f"{_shown(self.path)}: {unchecked_note(unchecked)}", stacklevel=1)
        if not problems:
            return RuleFileItem.from_parent(self, name="check")
        return RuleFileItem.from_parent(self, name="check", problem=str(RuleError(problems)), line=problems[0].line)

    def _example_items(self) -> Iterator[pytest.Item]:
        """One item per example and set of variants it runs under, as `rulespec check` runs them (the file as
        written, each variant it offers, each combination an example names); a variant under which the file
        does not check fails its own `check[...]` item; an example run under none is skipped with the reason."""
        from ..pipeline.example_plan import example_plan
        plan = self._plan = example_plan(self.path, (), self.engine.model)
        for configuration in plan.configurations:
            said = f", {configuration.shown}" if configuration.variants else ""
            if configuration.problem is not None:
                yield RuleFileItem.from_parent(self, name=f"check[{configuration.shown}]",
                                               problem=str(configuration.problem),
                                               line=configuration.problem.diagnostics[0].line
                                               if configuration.problem.diagnostics else None)
                continue
            for example in configuration.examples:
                yield ExampleItem.from_parent(self, name=f"example[{example.name}{said}]", example=example.name,
                                              variants=configuration.variants,
                                              line=example.loc.line if example.loc else None)
        for example in plan.not_run:
            yield ExampleItem.from_parent(self, name=f"example[{example.name}]", example=example.name,
                                          not_run=example.reason, line=example.loc.line if example.loc else None)

    def _players_allowed(self, variants: tuple[str, ...]) -> tuple[int, int]:
        engine = self.engine
        if variants:  # a variant may change who plays; when it cannot load, its items say why
            from .counterexamples import load_engine
            try:
                engine = load_engine(_shown(self.path), variants, None)
            except Exception:  # noqa: BLE001 - reported by the items themselves
                engine = self.engine
        return engine.MIN_PLAYERS, engine.MAX_PLAYERS

    def example_results(self, variants: tuple[str, ...] = ()) -> dict[str, Any]:
        """The results of the examples run under ``variants`` (run once, when first asked for)."""
        if variants not in self._example_results:
            from ..pipeline.example_plan import run_configuration
            configuration = next(c for c in self._plan.configurations if c.variants == variants)
            results = run_configuration(self._plan, configuration, None if variants else self.engine)
            self._example_results[variants] = {result.name: result for result in results}
        return self._example_results[variants]


class _RuleFileItemBase(pytest.Item):
    def __init__(self, *, line: Optional[int] = None, **kwargs):
        super().__init__(**kwargs)
        self.line = line
        self.add_marker("rulespec")

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, RuleFileProblem):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, (self.line - 1 if self.line else None), self.name


class RuleFileItem(_RuleFileItemBase):
    """The rule file parses and checks; a RuleError is shown as it is (file:line:col, caret, hint)."""

    def __init__(self, *, problem: Optional[str] = None, **kwargs):
        super().__init__(**kwargs)
        self.problem = problem

    def runtest(self) -> None:
        if self.problem is not None:
            raise RuleFileProblem(self.problem)


class ExampleItem(_RuleFileItemBase):
    """One executable example of the rule file."""

    def __init__(self, *, example: str, variants: tuple[str, ...] = (), not_run: Optional[str] = None, **kwargs):
        super().__init__(**kwargs)
        self.example = example
        self.variants = variants
        self.not_run = not_run  # why the example runs under none of the file's variants (then it is skipped)

    def runtest(self) -> None:
        if self.not_run is not None:
            pytest.skip(f"{_shown(self.path)}: example `{self.example}` is not run: {self.not_run}")
        try:
            result = self.parent.example_results(self.variants).get(self.example)
        except Exception as error:
            from ..language.errors import RuleError
            if isinstance(error, RuleError):  # a position the file gives that these variants cannot read
                raise RuleFileProblem(str(error)) from None
            raise
        if result is None:
            raise RuleFileProblem(f"{_shown(self.path)}: example `{self.example}` did not run")
        if not result.passed:
            raise RuleFileProblem(f"example `{result.name}` ({result.title}) fails:\n{result.message}")


class PropertiesItem(_RuleFileItemBase):
    """rulespec.check.verify for one player count, option set and variant combination."""

    def __init__(self, *, players: int, options: dict[str, str], variants: tuple[str, ...], **kwargs):
        super().__init__(**kwargs)
        self.players = players
        self.options = options
        self.variants = variants

    def settings(self) -> RuleFileSettings:
        settings = self.parent.settings
        for marker in reversed(list(self.iter_markers("rulespec"))):  # the closest marker wins
            if marker.kwargs:
                try:
                    settings = settings.with_marker(dict(marker.kwargs), f"{self.nodeid}: rulespec marker")
                except SettingsProblem as error:
                    raise RuleFileProblem(str(error)) from None
        return settings

    def runtest(self) -> None:
        from hypothesis import settings as Settings
        from hypothesis.errors import InvalidArgument

        from .verify import verify
        settings = self.settings()
        name = profile_name(self.config)
        budget = PROFILE_BUDGETS.get(name, PROFILE_BUDGETS["dev"])
        try:
            base = Settings.get_profile(name)
        except InvalidArgument:  # no such profile registered: Hypothesis' current settings
            base = Settings()
        examples = settings.examples or budget.examples
        max_applies = None if settings.max_applies == ALL else settings.max_applies or budget.max_applies
        plan = _plan(self.config)
        folder = plan.counterexamples if plan is not None else Path.cwd() / ".hypothesis" / "counterexamples"
        game = _shown(self.path)
        try:
            report = verify(game, variants=self.variants, options=self.options or None, players=self.players,
                            max_examples=examples, stateful_step_count=settings.steps or DEFAULT_STEPS,
                            seed=settings.seed, max_game_steps=settings.max_steps, max_applies=max_applies,
                            fast_forward=settings.fast_forward or budget.fast_forward,
                            save_counterexamples=folder, settings=base)
        except (ValueError, TypeError) as error:  # a player count, option or variant the game does not have
            raise RuleFileProblem(f"{game}: cannot verify {self.name}: {error}") from None
        except Exception as error:
            from ..language.errors import RuleError
            if isinstance(error, RuleError):
                raise RuleFileProblem(str(error)) from None
            raise
        checks = report.checks_by_property
        self.user_properties += [("rulespec_profile", name), ("rulespec_examples", examples),
                                 ("rulespec_checks", report.checks_run),
                                 ("rulespec_whole_games", checks.get("termination", 0))]
        if not report.ok:
            for failure in report.failures:
                if failure.path is not None:
                    failure.path = Path(_shown(failure.path))
            commands = [f"  rulespec replay {shlex.quote(str(f.path))}" for f in report.failures if f.path]
            failed = list(dict.fromkeys(f.property for f in report.failures))
            text = f"{'property fails' if len(failed) == 1 else 'properties fail'}: {', '.join(failed)}\n\n{report.render()}"
            if commands:
                text += "\n\nplay a counterexample back step by step, checks re-run at the end:\n" + "\n".join(commands)
            raise RuleFileProblem(text)
        for needed in ("termination", "history_replay"):
            if not checks.get(needed):
                raise RuleFileProblem(f"{game}: {self.name}: the verifier never checked {needed} "
                                      f"(checks run: {checks}); raise rulespec_examples or rulespec_steps")
