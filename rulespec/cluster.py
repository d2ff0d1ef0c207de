"""Simulations and verification on a Dask distributed cluster (``rulespec simulate|verify --cluster
auto|ADDRESS``).

Dask rather than Ray: it is pure Python and pip-installable everywhere rulespec is (``pip install
'rulespec[cluster]'``), a ``LocalCluster`` on 127.0.0.1 starts in a couple of seconds inside a test,
and its scheduler already reschedules the tasks of a worker that dies on another worker. Each task is
one chunk of seeded games (rulespec.simulate.play_chunk): a game depends only on its seed, so any
backend and any number of workers give the same games. A chunk the scheduler had to run again (its
worker died) is counted in the summary's ``retried``; rulespec.simulate counts every game once.

The rule files are read by path on the workers: on a cluster of several machines they must be at
the same path on each (a shared folder), and rulespec installed in the same version.
"""

from __future__ import annotations

import os
import uuid
from contextlib import ExitStack
from typing import Iterator, Optional, Sequence

INSTALL = "--cluster needs Dask distributed: pip install 'rulespec[cluster]'"


class ClusterUnavailable(ImportError):
    """Dask distributed is not installed (the ``cluster`` extra)."""


def _distributed():
    try:
        import distributed
    except ImportError as error:
        raise ClusterUnavailable(INSTALL) from error
    return distributed


def connect(address: str, workers: int, stack: ExitStack):
    """A client of the cluster at ``address``; "auto": $DASK_SCHEDULER_ADDRESS, else a local cluster
    of ``workers`` processes on 127.0.0.1 (closed with ``stack``)."""
    distributed = _distributed()
    if address == "auto":
        address = os.environ.get("DASK_SCHEDULER_ADDRESS", "")
    if not address:
        cluster = stack.enter_context(distributed.LocalCluster(
            n_workers=max(workers, 1), threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=None))
        return stack.enter_context(distributed.Client(cluster))
    return stack.enter_context(distributed.Client(address))


def run_on_cluster(address: str, tasks: Sequence[tuple], sides: Sequence, workers: int = 2,
                   client=None) -> Iterator[tuple[int, list]]:
    """(side index, records) of each task (``(play_chunk arguments, side index)``) as it completes;
    each side's ``retried`` counts its chunks that ran again after a worker died."""
    from .simulate import play_chunk
    distributed = _distributed()
    from .cluster_plugin import StartCounter
    with ExitStack() as stack:
        client = client or connect(address, workers, stack)
        run = uuid.uuid4().hex[:8]
        prefix = f"rulespec-simulate-{run}-"
        name = f"rulespec-retries-{run}"
        client.register_plugin(StartCounter(prefix), name=name)
        futures, index_of = {}, {}
        for number, (arguments, index) in enumerate(tasks):
            future = client.submit(play_chunk, *arguments, key=f"{prefix}{number}", pure=False)
            futures[future] = index_of[future.key] = index
        try:
            for future in distributed.as_completed(list(futures)):
                index = futures.pop(future)
                records = future.result()
                future.release()  # gathered: not computed again if its worker dies later
                yield index, records
            starts = client.run_on_scheduler(_starts_of, name)
            for key, count in starts.items():
                if count > 1 and key in index_of:
                    sides[index_of[key]].retried += 1
        finally:
            client.cancel(list(futures))
            client.unregister_scheduler_plugin(name)


def _starts_of(name: str, dask_scheduler=None) -> dict:
    return dict(dask_scheduler.plugins[name].starts)


def calls_on_cluster(address: str, function, calls: Sequence[dict], workers: int = 2,
                     client=None) -> Iterator[tuple[int, object]]:
    """(index, result) of ``function(**calls[index])`` for each call, as each completes on the cluster
    (a worker that dies has its calls run again on another one: each result comes once)."""
    distributed = _distributed()
    with ExitStack() as stack:
        client = client or connect(address, workers, stack)
        prefix = f"rulespec-{getattr(function, '__name__', 'call')}-{uuid.uuid4().hex[:8]}-"
        futures = {client.submit(function, key=f"{prefix}{number}", pure=False, **call): number
                   for number, call in enumerate(calls)}
        try:
            for future in distributed.as_completed(list(futures)):
                number = futures.pop(future)
                result = future.result()
                future.release()
                yield number, result
        finally:
            client.cancel(list(futures))
