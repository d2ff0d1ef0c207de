"""Run one executable example and keep the position before its first action and at its end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..pipeline.examples import ExampleFailure, ExampleRun


class _Recording(ExampleRun):
    """The examples runner, remembering the position as it stood when the first action came."""

    before = None

    def _begin(self, st, line: int = 0) -> None:
        if not self.started:
            self.before = st.clone()
        super()._begin(st, line)

    def setup(self, *args, **kwargs):
        st = super().setup(*args, **kwargs)
        self.before = st.clone()  # the position the set-up left, before the example's first action
        return st


@dataclass
class ExampleOutcome:
    name: str
    passed: bool
    message: str
    engine: object
    before: Optional[object]  # State before the first `when` (or the given position)
    after: Optional[object]  # State at the end


def run_example(engine, name: str) -> Optional[ExampleOutcome]:
    """Run the example called ``name`` of ``engine``; None when the engine has no such example."""
    for example_name, _title, _cites, function in engine.EXAMPLES:
        if example_name != name:
            continue
        run = _Recording(engine, name)
        try:
            after = function(run)
            passed, message = True, ""
        except ExampleFailure as failure:
            after, passed, message = None, False, str(failure)
        except Exception as error:  # e.g. a variant under which the base game's example no longer plays
            after, passed, message = None, False, f"{type(error).__name__}: {error}"
        before = run.before
        if before is None and after is not None:
            before = after
        return ExampleOutcome(name, passed, message, run.engine, before, after if after is not None else before)
    return None
