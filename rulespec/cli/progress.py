"""Progress of long work (`rulespec verify`, `site`, `simulate`, `build`), shown on stderr.

On a terminal: a rich progress bar per stage, with counts, the time spent and an ETA. Anywhere else
(a CI log, a pipe, a file): no bar and no control sequences, one plain line per stage when it ends,
``verify shrimp: 2 players ... 20 examples, 14 s``. Rich decides what a terminal is: set
``TTY_COMPATIBLE=1`` to force the bar, ``TTY_COMPATIBLE=0`` to force the plain lines.

The work reports through a callback, ``progress(stage, done, total)``: a new ``stage`` name starts a
new stage (ending the one before), ``done`` counts what is finished of ``total``.
"""

from __future__ import annotations

import time
from typing import Callable, Optional

from rich.console import Console
from rich.progress import (BarColumn, Progress, TaskID, TextColumn, TimeElapsedColumn,
                           TimeRemainingColumn)

ProgressCallback = Callable[[str, int, int], None]


class StageProgress:
    """A context manager; call it as ``progress(stage, done, total)`` (see the module's notes).

    ``title`` begins every line (``verify shrimp``), ``unit`` names what is counted (``examples``);
    ``units`` names it for particular stages. A stage of one thing says "done" instead of a count."""

    def __init__(self, console: Console, title: str, unit: str = "", units: Optional[dict[str, str]] = None) -> None:
        self.console = console
        self.title = title
        self.unit = unit
        self.units = dict(units or {})
        self.on_terminal = console.is_terminal
        self._bar: Optional[Progress] = None
        if self.on_terminal:
            self._bar = Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[count]}"),
                                 TimeElapsedColumn(), TextColumn("ETA"),
                                 TimeRemainingColumn(),
                                 console=console, transient=False)
        self._stage: Optional[str] = None
        self._task: Optional[TaskID] = None
        self._done = 0
        self._total = 0
        self._started = 0.0

    def __enter__(self) -> "StageProgress":
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, exc_type, *exc_info) -> None:
        self._end_stage(stopped=exc_type is not None)
        if self._bar is not None:
            self._bar.stop()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage != self._stage:
            self._end_stage()
            self._stage, self._started = stage, time.perf_counter()
            if self._bar is not None:
                self._task = self._bar.add_task(f"{self.title}: {stage}", total=total, count="")
        self._done, self._total = done, total
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=min(done, total) if total else done, total=total,
                             count=self._count(stage, done, total))

    def _count(self, stage: str, done: int, total: int) -> str:
        """The bar's count, ``3/8 examples``; none for a stage of one thing (``mkdocs build``), whose unit
        would be another stage's ("0/1 rule files")."""
        if total <= 1 and done <= 1:
            return ""
        return f"{min(done, total) if total else done}/{total or '?'} {self.units.get(stage, self.unit)}".rstrip()

    def advance(self, stage: str, count: int = 1, total: Optional[int] = None) -> None:
        """Count ``count`` more done in ``stage`` (for work that reports increments)."""
        done = (self._done if stage == self._stage else 0) + count
        self(stage, done, total if total is not None else (self._total if stage == self._stage else 0))

    def _end_stage(self, stopped: bool = False) -> None:
        if self._stage is None:
            return
        if self._bar is None:
            seconds = time.perf_counter() - self._started
            unit = self.units.get(self._stage, self.unit)
            if self._done == 1 and unit.endswith("s"):
                unit = unit[:-1]
            counted = f"{self._done} {unit}".rstrip() if self._total > 1 or self._done > 1 else "done"
            if stopped:
                counted = f"stopped after {self._done} of {self._total} {self.units.get(self._stage, self.unit)}"
            self.console.print(f"{self.title}: {self._stage} ... {counted}, {seconds:.0f} s",
                               highlight=False, markup=False, soft_wrap=True)
        self._stage = self._task = None
        self._done = self._total = 0
