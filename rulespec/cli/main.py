"""The `rulespec` command: check a rule file, build the engines, play, verify, replay.

Exit codes: 0 success; 1 a problem found in the rules (a RuleError, a failed example, an out-of-date
engine, a failed property); 2 bad input from the person at the keyboard (an unknown game, a malformed
option, a player count the game does not allow); 3 `verify --exhaustive` stopped at --max-states before
it had visited every state (nothing failed in what it saw, but nothing is proven); 130 interrupted. A Python traceback is never shown
for any of these; set ``RULESPEC_TRACEBACK=1`` to see one for an unexpected internal error.

The commands live by purpose: authoring.py (check, build, init), play.py with table.py and views.py
(play: the prompt, the table, what a seat sees), verification.py (verify, replay), and, with the site
generator, rulespec/docs/commands.py (docs, site, simulate). This module registers them on ``app``
in the order ``rulespec --help`` lists them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .. import __version__
from .authoring import build, check, init
from .console import app
from .play import play
from .profiling import profile
from .verification import replay, verify

for _command_function in (check, build, play, verify, replay, profile, init):
    app.command()(_command_function)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rulespec {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
    allow_dir: Optional[list[Path]] = typer.Option(
        None, "--allow-dir", metavar="DIR", exists=True, file_okay=False,
        help="A folder whose .rules files a house rule's `extends`, a counterexample or a game string may "
             "name (besides the file's own folder; repeatable; added to RULESPEC_RULES_PATH)."),
) -> None:
    """Write a game's rulebook once as a rule file; check it, build its engine, play it and verify it."""
    if allow_dir:
        from ..pipeline.rule_paths import allow_in_environment
        allow_in_environment(allow_dir)


# `rulespec docs`, `rulespec site` and `rulespec simulate` live with the site generator.
from ..docs import commands as _docs_commands  # noqa: E402,F401  (registers them on `app`)

if __name__ == "__main__":  # pragma: no cover
    app()
