"""The `given position:` lines of a file's examples read before they run (errors at the line and column of the
position's text), and the Tables cache the examples' engines share (rulespec/pipeline/examples.py runs them)."""

from __future__ import annotations

from ..lib.suggestions import run_budget
from ..runtime.engine import Engine
from ..runtime.position import InvalidPosition, PositionReader


def _position_place(lines: tuple, error: InvalidPosition) -> tuple[int, int]:
    """The rule file's line and column of a position error (``lines``: each position line's text, line, column)."""
    if 1 <= error.line <= len(lines):
        _, line, column = lines[error.line - 1]
        return line, column + error.column - 1
    return (lines[0][1], lines[0][2]) if lines else (0, 0)


def example_tables(engine: Engine) -> dict:
    """The Tables cache of the fresh engines (all of ``type(engine)``) that ``engine``'s examples and
    positions are run on, kept with ``engine`` so that run_examples and position_diagnostics share it;
    never ``engine``'s own cache, which an instance may have filled from constants of its own."""
    tables = engine.__dict__.get("_example_tables")
    if tables is None:
        tables = engine.__dict__["_example_tables"] = {}
    return tables


def position_diagnostics(engine: Engine) -> list:
    """A Diagnostic for each `given position:` of the rule file's examples that cannot be read, at the
    line and column in the rule file of what is wrong: read with the example's players and options; their
    did-you-means share one budget of work (rulespec/lib/suggestions.py)."""
    with run_budget():
        return _position_diagnostics(engine)


def _position_diagnostics(engine: Engine) -> list:
    from ..language.errors import SourceText
    model = getattr(engine, "model", None)
    out = []
    tables = example_tables(engine)
    for example in getattr(model, "examples", ()):
        positions = [line for line in example.lines if line.what == "position"]
        if not positions:
            continue
        players = next((l.number for l in example.lines if l.what == "players"), engine.MIN_PLAYERS)
        options = {l.name: l.value for l in example.lines if l.what == "option"}
        try:
            game = type(engine)(options)
        except ValueError:
            continue  # the runner reports the options at their line
        game._table_cache = tables
        game.MATCH = None  # as the runner plays it: one game, or one leg of a match
        for line in positions:
            try:
                PositionReader(game, "\n".join(text for text, _, _ in line.position), players, advance=False).read()
            except InvalidPosition as error:
                at, column = _position_place(line.position, error)
                path = line.loc.file if line.loc else model.source_path
                out.append(SourceText.of(path, model.source_path, model.source_text).diagnostic(
                    at, column, f"example `{example.name}`: the position cannot be read: {error.reason}",
                    hint=error.hint or "see the Positions page of the language reference"))
    return out
