"""Which examples a rule file's commands run, and under which variants: one plan that `rulespec check`, the
pytest plugin and the site all follow, so that each runs every example the file declares (its base's and
their variants' too) or says why one does not run.

Asked for no variant, a file is checked as written and under each variant it offers (a house rule under
each variant it inherits from its base: its changes may break the base's examples there), and under each
combination of variants an example names (`with variant a, b`). Asked for variants, under exactly those;
every other example is listed as not run, with the reason (``ir.ExampleElsewhere``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from ..language.errors import RuleError

if TYPE_CHECKING:
    from ..model import ir
    from ..runtime.engine import Engine
    from .examples import ExampleResult


@dataclass(frozen=True)
class Configuration:
    """One set of variants the file's examples run under, and the examples that run there."""

    variants: tuple[str, ...]
    model: Optional["ir.Model"]  # None: the file does not check with these variants (``problem`` says why)
    problem: Optional[RuleError] = None

    @property
    def examples(self) -> tuple:
        return self.model.examples if self.model is not None else ()

    @property
    def shown(self) -> str:
        """`as written`, or `with variant bottles`."""
        if not self.variants:
            return "as written"
        return f"with variant{'s' if len(self.variants) > 1 else ''} {', '.join(self.variants)}"


@dataclass(frozen=True)
class ExamplePlan:
    path: Path
    configurations: tuple[Configuration, ...]
    not_run: tuple["ir.ExampleElsewhere", ...]  # declared, run under none of the configurations

    @property
    def runs(self) -> int:
        """How many example runs the plan makes (an example of the game runs once per configuration)."""
        return sum(len(c.examples) for c in self.configurations)

    @property
    def broken(self) -> tuple[Configuration, ...]:
        """The configurations under which the file does not check."""
        return tuple(c for c in self.configurations if c.problem is not None)


def example_plan(path: str | Path, variants: Sequence[str] = (), model: Optional["ir.Model"] = None) -> ExamplePlan:
    """The plan for the rule file ``path`` asked for with ``variants`` (``model``: its model with them, when
    the caller has it). A RuleError of the file with ``variants`` is raised; one with a variant it offers
    (asked for none) is kept in that configuration's ``problem``: the file is broken there."""
    from . import compile_rules
    path = Path(path)
    first = Configuration(tuple(variants), model if model is not None else compile_rules(path, variants))
    if variants:
        return ExamplePlan(path, (first,), first.model.examples_elsewhere)
    configurations = [first]
    wanted = [(name,) for name, _ in first.model.variants_available]
    wanted += [e.variants for e in first.model.examples_elsewhere if e.variants]
    for combination in dict.fromkeys(wanted):
        try:
            configurations.append(Configuration(combination, compile_rules(path, combination)))
        except RuleError as error:
            configurations.append(Configuration(combination, None, error))
    ran = {(e.name, _where(e.loc)) for c in configurations for e in c.examples}
    not_run = tuple(e for e in first.model.examples_elsewhere if (e.name, _where(e.loc)) not in ran
                    and not any(c.problem is not None and c.variants == e.variants for c in configurations))
    return ExamplePlan(path, tuple(configurations), not_run)


def _where(loc) -> tuple:
    """Where an example is written, whichever way its file was named (the plugin's model and a variant's
    may be read by a relative and an absolute path)."""
    return (Path(loc.file).resolve(), loc.line) if loc is not None else ()


def engine_of(plan: ExamplePlan, configuration: Configuration, engine: Optional["Engine"] = None) -> "Engine":
    """The engine a configuration's examples run on (``engine``: one the caller loaded with its variants)."""
    from . import engine_for_model
    if engine is not None:
        return engine
    return engine_for_model(configuration.model, plan.path)


def run_configuration(plan: ExamplePlan, configuration: Configuration,
                      engine: Optional["Engine"] = None) -> list["ExampleResult"]:
    """Every example of one configuration, run (each result names the configuration's variants)."""
    import dataclasses
    from .examples import run_examples
    results = run_examples(engine_of(plan, configuration, engine))
    return [dataclasses.replace(r, variants=configuration.variants) for r in results]
