"""The commands of a rule file's author: `rulespec check` (parse, check, run the examples), `rulespec
build` (regenerate the bundled engines) and `rulespec init` (a starter project)."""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path
from typing import Optional

import typer
from rich.text import Text

from .console import EXIT_PROBLEM, UsageProblem, _command, _Io, _load, _resolve, _shown_path, _Stop


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    return f"{n} {word}s" if not word.endswith("s") else f"{n} {word}es"


def summary(model, path: Path) -> str:
    """One paragraph about a checked rule file."""
    from ..model.counts import KIND_NOUNS, declaration_counts
    counts = declaration_counts(model)  # the numbers a game's page prints too
    parts = ", ".join(_plural(n, KIND_NOUNS[kind]) for kind, n in counts.kinds)
    players = (f"{model.min_players} players" if model.min_players == model.max_players
               else f"{model.min_players} to {model.max_players} players")
    shown = _shown_path(path)
    source = model.game_id if shown == model.game_id else f"{model.game_id}, {shown}"  # a bundled game: once
    text = (f"{model.title} ({source}) is for {players}. It has {counts.total} "
            f"declarations ({parts}); they cite {_plural(counts.clauses, 'clause ID')}"
            + (f" of the rulebook {model.rulebook}" if model.rulebook else "")
            + f"; {_plural(counts.rulings, 'ruling')} say how unclear text is read, and "
            f"{_plural(counts.examples, 'executable example')}.")
    if model.options:
        text += " Options: " + "; ".join(f"{o.name} ({', '.join(o.values)}, default {o.default})"
                                         for o in model.options) + "."
    if model.variants_available:
        text += " Variants: " + ", ".join(name for name, _ in model.variants_available) + "."
    if model.variants_applied:
        text += " Checked with: " + ", ".join(model.variants_applied) + "."
    if model.left_out_of_base:
        text += (" Left out of the base, for player counts this file does not seat: "
                 + ", ".join(model.left_out_of_base) + ".")
    return text


def _not_run_lines(not_run) -> list[str]:
    """The examples a check does not run, grouped by why (each with its file and line)."""
    groups: dict[str, list] = {}
    for example in not_run:
        groups.setdefault(example.reason, []).append(example)
    lines = []
    for reason, examples in groups.items():
        lines.append(f"  not run, {reason}:")
        lines += [f"    {e.name}: {e.title} ({_shown_path(Path(e.loc.file)) if e.loc else '?'}:{e.loc.line if e.loc else 0})"
                  for e in examples]
    return lines


@_command
def check(
    io: _Io,
    rule_file: str = typer.Argument(..., metavar="FILE_OR_GAME", help="A .rules file or a bundled game's id."),
    variant: Optional[list[str]] = typer.Option(
        None, "--variant", metavar="V",
        help="Apply a variant (repeatable): the examples run under exactly these, the others are listed as not "
             "run, with the reason."),
) -> None:
    """Parse and check a rule file, then run its examples as written and under each variant it offers."""
    from ..pipeline.example_plan import example_plan, run_configuration
    path = _resolve(rule_file)
    engine = _load(path, variant or [])
    model = engine.model
    width = min(io.out.width, 100)
    io.print(Text("ok ", style="bold green") + Text(f"{_shown_path(path)} parses and checks"))
    io.print(textwrap.fill(summary(model, path), width=width))
    from ..pipeline.example_positions import position_diagnostics
    problems = position_diagnostics(engine)  # (a committed engine is loaded without them: see pipeline)
    from ..check.candidate_numbers import numbering_diagnostics, unchecked_note
    unchecked: list[str] = []
    problems += numbering_diagnostics(engine, unchecked)  # what the adapters would refuse (a number out of range)
    if unchecked:
        io.print(unchecked_note(unchecked), style="yellow")
    if problems:
        from ..language.errors import RuleError
        raise RuleError(problems)
    plan = example_plan(path, variant or [], model)
    broken = [c for c in plan.configurations if c.problem is not None]
    failed = 0
    for number, configuration in enumerate(plan.configurations):
        if configuration.problem is not None:
            continue
        try:
            results = run_configuration(plan, configuration, engine if number == 0 else None)
        except Exception as error:  # a position of an example that cannot be read under these variants
            from ..language.errors import RuleError
            if not isinstance(error, RuleError):
                raise
            broken.append(dataclasses.replace(configuration, problem=error))
            continue
        bad = [r for r in results if not r.passed]
        failed += len(bad)
        if not results:
            continue
        io.print()
        said = f" {configuration.shown}" if len(plan.configurations) > 1 or variant else ""
        io.print(f"examples{said} ({len(results) - len(bad)} of {len(results)} pass):")
        for result in results:
            mark = Text("  pass ", style="green") if result.passed else Text("  FAIL ", style="bold red")
            cites = f" [{', '.join(result.cites)}]" if result.cites else ""
            io.print(mark + Text(f"{result.name}: {result.title}{cites}"))
            if not result.passed:
                io.print(textwrap.indent(result.message, "         "), style="red")
    if plan.not_run:
        io.print()
        io.print(f"examples not run ({len(plan.not_run)}):")
        for line in _not_run_lines(plan.not_run):
            io.print(line)
    for configuration in broken:  # a variant the file offers under which it does not check: its error, whole
        from .console import _rule_error_text
        io.error(f"{_shown_path(path)} does not check {configuration.shown}:\n{_rule_error_text(configuration.problem)}")
    if failed or broken:
        io.error(", ".join(part for part in (
            f"{_plural(failed, 'example')} failed" if failed else "",
            f"the file does not check {', '.join(c.shown for c in broken)}" if broken else "") if part))
        raise _Stop(EXIT_PROBLEM)


@_command
def build(
    io: _Io,
    check_only: bool = typer.Option(False, "--check", help="Write nothing; exit 1 if an engine is out of date."),
) -> None:
    """Regenerate engines/*.py from every bundled rule file."""
    from .build import build_all
    from .progress import StageProgress
    with StageProgress(io.err, "build --check" if check_only else "build", "engines") as progress:
        results = build_all(check_only=check_only, progress=progress)
    if not results:
        io.print("no bundled rule files: nothing to build")
        return
    stale = [r for r in results if not r.up_to_date]
    for result in results:
        source, target = _shown_path(result.rule_file), _shown_path(result.engine_file)
        if result.up_to_date:
            io.print(Text("up to date  ", style="green") + Text(f"{target} (from {source})"))
        elif check_only:
            io.print(Text("OUT OF DATE ", style="bold red") + Text(f"{target} (from {source})"))
        else:
            io.print(Text("wrote       ", style="yellow") + Text(f"{target} (from {source})"))
    if check_only and stale:
        io.error(f"{_plural(len(stale), 'engine')} out of date: "
                 f"{', '.join(_shown_path(r.engine_file) for r in stale)}; run `rulespec build` to regenerate")
        raise _Stop(EXIT_PROBLEM)
    if not check_only:
        io.print(f"{len(stale)} written, {len(results) - len(stale)} already up to date")


@_command
def init(
    io: _Io,
    folder: Path = typer.Argument(Path("."), metavar="DIR", help="Where to write the project (default: here)."),
    force: bool = typer.Option(False, "--force", help="Overwrite the files that are already there."),
    extends: Optional[str] = typer.Option(None, "--extends", metavar="GAME",
                                          help="Start from a house rule of this bundled game, not a game of its own."),
) -> None:
    """Write a starter project: a rule file, properties/ for pytest, mkdocs.yml, a CI workflow, a README."""
    from .init_project import ExistingFiles, UnknownGame, init_project
    try:
        written = init_project(folder, force=force, extends=extends)
    except UnknownGame as error:
        raise UsageProblem(str(error)) from None
    except ExistingFiles as error:
        raise UsageProblem(f"{_shown_path(folder)} already has {', '.join(p.as_posix() for p in error.paths)}: "
                           f"nothing written (--force overwrites them)") from None
    except OSError as error:
        raise UsageProblem(f"cannot write a project into {folder}: {error.strerror or error}") from None
    io.print(Text("wrote ", style="green") + Text(f"a starter project in {_shown_path(folder)}:"))
    for path in written.files:
        io.print(f"  {path.as_posix()}")
    settings = written.pytest_settings
    if settings is not None:  # a pytest.ini would have replaced it, and the project's own tests with it
        io.print(Text("kept ", style="yellow") + Text(
            f"your pytest settings in {settings.file} (no pytest.ini: it would replace them); add under "
            f"{settings.section} there:"))
        for line in settings.lines:
            io.print(f"  {line}")
    io.print("next:" + (f" cd {_shown_path(folder)}, then" if Path(folder).resolve() != Path.cwd().resolve() else ""))
    steps = [(f"rulespec check {written.rule_file.name}", "parse, check, run the examples"),
             ("pytest properties/", "verify it, as CI will"), ("rulespec site", "the rules site, in site/")]
    width = max(len(command) for command, _ in steps)
    for command, what in steps:
        io.print(f"  {command:<{width}}    # {what}")
