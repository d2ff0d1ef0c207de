"""What every `rulespec` command shares: the typer app, exit codes, the consoles, the error wrapper and
the readers of a game's name, variants and options.

`rulespec/cli/main.py` and `rulespec/docs/commands.py` both register their commands on :data:`app` here,
so neither imports the other.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from pathlib import Path
from typing import Any, Callable, Optional

import typer
from rich.console import Console
from rich.text import Text

from ..language.errors import RuleError
from ..lib.texts import has_hidden, terminal_safe
from ..output_files import UnsafePath
from ..runtime.state_check import InvalidState

class _App(typer.Typer):
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Click ends a closed pipe outside a command body (`rulespec --help | head -1`) with exit 1;
        a reader that left is no problem: exit 0, as _command does for a command's own output."""
        try:
            return super().__call__(*args, **kwargs)
        except SystemExit as stop:
            # click (or typer's copy of it) and rich exit 1 while handling the BrokenPipeError
            if stop.code == 1 and isinstance(stop.__context__, BrokenPipeError):
                _silence_stdout()
                raise SystemExit(0) from None
            raise


app = _App(
    name="rulespec",
    help="Write a game's rulebook once as a rule file; check it, build its engine, play it and verify it.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_PROBLEM = 1  # the rules (or an engine, an example, a property) have a problem
EXIT_USAGE = 2  # the command line asked for something that does not exist


class UsageProblem(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


class _Stop(Exception):
    """Leave a command with this exit code; the message (if any) has been printed."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


# ----------------------------------------------------------------------------- output


class _Console(Console):
    def on_broken_pipe(self) -> None:
        """Rich exits with 1 on a closed pipe; a reader that left (`| head -1`) is no problem: exit 0."""
        self.quiet = True
        raise BrokenPipeError()  # to _command, which silences stdout and exits 0


class _Io:
    """Consoles made when a command starts, so they write to the streams in force then (tests swap them)."""

    def __init__(self) -> None:
        self.out = _Console(highlight=False, soft_wrap=True, emoji=False)
        self.err = _Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)

    def print(self, text: Any = "", style: Optional[str] = None, end: str = "\n") -> None:
        if isinstance(text, str):
            text = Text(_terminal_safe(text), style=style or "")
        elif isinstance(text, Text) and has_hidden(text.plain):  # (its inner styles are dropped)
            text = Text(_terminal_safe(text.plain), style=text.style)
        self.out.print(text, end=end)

    def error(self, text: str) -> None:
        self.err.print(Text(_terminal_safe(text)), style="red")


def _terminal_safe(text: str) -> str:
    """Text from files (a file name, a counterexample's header, an action's text) may hold control or
    invisible characters: shown escaped (``\\x1b``, ``\\u200b``), never sent to the terminal as they are."""
    return terminal_safe(text)


def _command(function: Callable) -> Callable:
    """Run a command body, turning every expected failure into a message and an exit code."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        io = _Io()
        try:
            try:
                function(io, *args, **kwargs)
            finally:
                sys.stdout.flush()  # a closed pipe shows up here, in the handlers below, not at exit
        except BrokenPipeError:  # the reader left (`rulespec play ... | head -1`): what it read is all it wanted
            _silence_stdout()
            raise typer.Exit(0)
        except _Stop as stop:
            raise typer.Exit(stop.code)
        except (UsageProblem, UnsafePath) as problem:  # UnsafePath: a write that would leave its folder
            io.error(f"error: {problem}")
            raise typer.Exit(EXIT_USAGE)
        except RuleError as error:
            io.error(_rule_error_text(error))
            raise typer.Exit(EXIT_PROBLEM)
        except InvalidState as error:  # a saved state (JSON) its engine cannot read back: a problem in the input
            io.error(f"error: the state cannot be read: {error}")
            raise typer.Exit(EXIT_PROBLEM)
        except KeyboardInterrupt:
            io.error("interrupted")
            raise typer.Exit(130)
        except typer.Exit:
            raise
        except Exception as error:  # an internal bug: one line unless asked for the traceback
            if os.environ.get("RULESPEC_TRACEBACK"):
                raise
            from ..runtime.engine import RuleRuntimeError
            if isinstance(error, RuleRuntimeError):
                io.error(f"the rules asked for something impossible: {error}")
            else:
                io.error(f"internal error: {type(error).__name__}: {error} "
                         f"(set RULESPEC_TRACEBACK=1 to see where)")
            raise typer.Exit(EXIT_PROBLEM)

    # typer reads the signature: hide the injected `io` parameter.
    import inspect
    signature = inspect.signature(function)
    wrapper.__signature__ = signature.replace(parameters=list(signature.parameters.values())[1:])  # type: ignore
    return wrapper


def _rule_error_text(error: RuleError) -> str:
    """The report with each file as the user would type it: an absolute path below the working directory
    (`rulespec site` finds rule files from the folder's absolute path) is shown relative to it."""
    import dataclasses
    here = Path.cwd().resolve()

    def shown(path: str) -> str:
        if not Path(path).is_absolute():
            return path
        try:
            return Path(path).resolve().relative_to(here).as_posix()
        except (ValueError, OSError):
            return path

    return RuleError([dataclasses.replace(d, path=shown(d.path)) for d in error.diagnostics]).render()


def _silence_stdout() -> None:
    """After a broken pipe, point standard output at the null device, so the flush at interpreter exit
    finds nowhere to fail (as Python's notes on SIGPIPE advise)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test's captured stdout)
        pass


def _shown_path(path: Path) -> str:
    """A path relative to the working directory when it is below it; else a bundled game's or house
    rule's name (``shell-we``, ``shell-we/three-tiles``), not where the package is installed."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        pass
    from ..pipeline import bundled_name
    name = bundled_name(path)
    if name is not None:
        return name
    package = Path(__file__).resolve().parents[1]  # the rulespec package (this is rulespec/cli/)
    try:  # another file inside the installed package (a committed engine): from the package on
        return str(package.name / Path(path).resolve().relative_to(package))
    except (ValueError, OSError):
        return str(path)


def _natural(text: str) -> list:
    # (isdecimal: the digits \d matches and int() reads; ² is a digit to isdigit() but not to int())
    return [int(part) if part.isdecimal() else part for part in re.split(r"(\d+)", text)]


# ----------------------------------------------------------------------------- user input


def _resolve(game: str) -> Path:
    """A bundled game's id or a rule file's path; an unknown one is a usage problem."""
    from ..pipeline import resolve_path
    try:
        path = resolve_path(game)
    except RuleError as error:
        diagnostic = error.diagnostics[0]
        hint = f" ({diagnostic.hint})" if diagnostic.hint else ""
        raise UsageProblem(f"{diagnostic.message}{hint}") from None
    try:
        exists, is_file = path.exists(), path.is_file()
    except OSError as error:  # a name too long for the file system, a path through a file...
        raise UsageProblem(f"{path} cannot be a rule file: {error.strerror or error}") from None
    if not exists:
        raise UsageProblem(f"no rule file at {path}")
    if not is_file:
        raise UsageProblem(f"{path} is not a rule file")
    return path


def _parse_options(pairs: Optional[list[str]], path: Optional[Path] = None) -> dict[str, str]:
    """``--option NAME=VALUE`` pairs; a malformed one is refused with an example from the game at ``path``."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise UsageProblem(f"--option takes NAME=VALUE, not {pair!r}" + (_options_hint(path) if path else ""))
        options[name.strip()] = value.strip()
    return options


def _options_hint(path: Path) -> str:
    """The game's own options as examples (`--option sticks=8`), or that it has none."""
    from ..pipeline import compile_rules
    try:
        model = compile_rules(path)
    except RuleError:
        return ""  # (the load that follows reports the file's problem)
    if not model.options:
        return f"; {model.title} has no options"
    return f"; {model.title}'s options: " + ", ".join(
        f"--option {option.name}={option.values[0]} ({' or '.join(option.values)})" if len(option.values) <= 4
        else f"--option {option.name}={option.default} ({option.values[0]} to {option.values[-1]})"
        for option in model.options)


def _load(path: Path, variants: list[str], options: Optional[dict[str, str]] = None):
    """The engine for a rule file: a problem in the file is a RuleError; an unknown variant or option,
    which the person typed, is a usage problem."""
    import rulespec
    try:
        return rulespec.load(path, variants=tuple(variants), options=options or None)
    except RuleError:
        if variants:
            _check_variant_names(path, variants)
        raise
    except ValueError as error:  # an unknown option or value, from the engine
        raise UsageProblem(str(error)) from None


def _check_variant_names(path: Path, variants: list[str]) -> None:
    """After a failed load with variants: if the file is fine without them and a name is unknown, say so."""
    from ..pipeline import compile_rules
    try:
        model = compile_rules(path)
    except RuleError:
        return
    known = [name for name, _ in model.variants_available]
    for name in variants:
        if name not in known:
            from ..lib.suggestions import close_matches
            close = close_matches(name, known, n=1)
            hint = f"did you mean `{close[0]}`?" if close else f"variants: {', '.join(known) or 'none'}"
            raise UsageProblem(f"{model.title} has no variant `{name}` ({hint})")
