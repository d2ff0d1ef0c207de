"""A Dask scheduler plugin counting how often each task of a simulation starts (rulespec.play.cluster).

A task that starts twice ran on a worker that died: its games were played again elsewhere. The
scheduler's own transition log is too short for this (1,000 entries by default); the plugin counts
every start. It runs in the scheduler, which must therefore have rulespec installed.
"""

from __future__ import annotations

from collections import Counter

from distributed.diagnostics.plugin import SchedulerPlugin


class StartCounter(SchedulerPlugin):
    def __init__(self, prefix: str):
        self.prefix = prefix
        self.starts: Counter = Counter()

    def transition(self, key, start, finish, *args, **kwargs) -> None:
        if finish == "processing" and isinstance(key, str) and key.startswith(self.prefix):
            self.starts[key] += 1
