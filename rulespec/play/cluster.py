"""Simulations and verification on a Dask distributed cluster (``rulespec simulate|verify --cluster
auto|ADDRESS``).

Dask rather than Ray: it is pure Python and pip-installable everywhere rulespec is (``pip install
'rulespec[cluster]'``), a ``LocalCluster`` on 127.0.0.1 starts in a couple of seconds inside a test,
and its scheduler already reschedules the tasks of a worker that dies on another worker. Each task is
one chunk of seeded games (rulespec.play.simulate.play_chunk): a game depends only on its seed, so any
backend and any number of workers give the same games. A chunk the scheduler had to run again (its
worker died) is counted in the summary's ``retried``; rulespec.play.simulate counts every game once.

The rule files are read by path on the workers: on a cluster of several machines they must be at
the same path on each (a shared folder), and rulespec installed in the same version.

Security is Dask's own (distributed.security.Security). The automatic local cluster speaks TLS on
127.0.0.1 with temporary credentials made for it (Security.temporary()): a connection without them
is refused, so no other local process can run code in its workers or in this process, which hosts
its scheduler. It serves no dashboard unless asked for, and its HTTP servers serve no page. A
scheduler given by address must be one the user trusts, since results are unpickled from it: a
``tls://`` one is reached with the user's credentials, and a plain ``tcp://`` one only when the
user says ``insecure``.
"""

from __future__ import annotations

import os
import uuid
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional, Sequence, Union

INSTALL = "--cluster needs Dask distributed: pip install 'rulespec[cluster]'"
ENCRYPTED = ("tls", "wss")  # Dask's transports with TLS, hence with credentials
IN_PROCESS = ("inproc",)  # no network: nothing outside this process can connect
DASHBOARD = "127.0.0.1:8787"


class ClusterUnavailable(ImportError):
    """Dask distributed is not installed (the ``cluster`` extra)."""


class ClusterRefused(ValueError):
    """A scheduler address rulespec will not connect to as given (no TLS, no credentials)."""


@dataclass(frozen=True)
class Cluster:
    """Where to run: ``address`` ("auto" or a scheduler's), the credentials of a ``tls://`` one
    (``security``, a distributed Security; None: Dask's configuration), ``insecure`` to accept a plain
    ``tcp://`` one, ``dashboard`` to serve the automatic cluster's dashboard on 127.0.0.1:8787."""
    address: str = "auto"
    security: Any = None
    insecure: bool = False
    dashboard: bool = False

    def __str__(self) -> str:
        return self.address


def _distributed():
    try:
        import distributed
    except ImportError as error:
        raise ClusterUnavailable(INSTALL) from error
    return distributed


def credentials(ca_file: Optional[str] = None, cert: Optional[str] = None, key: Optional[str] = None):
    """Dask's Security for a TLS scheduler: these files, else those of Dask's configuration
    (distributed.comm.tls.*); encryption required."""
    _distributed()
    from distributed.security import Security
    given = {name: value for name, value in (("tls_ca_file", ca_file), ("tls_client_cert", cert),
                                             ("tls_client_key", key)) if value}
    return Security(require_encryption=True, **given)


def checked(cluster: Union[str, Cluster]) -> Cluster:
    """``cluster`` with its security resolved, or ClusterRefused: a ``tls://`` address needs a
    client certificate, any other (tcp://, ws://, ucx://, no scheme) ``insecure``."""
    target = cluster if isinstance(cluster, Cluster) else Cluster(str(cluster))
    address = target.address
    if address == "auto":
        address = os.environ.get("DASK_SCHEDULER_ADDRESS", "")
        if not address:
            return target
    _distributed()
    from distributed.comm import parse_address
    scheme, _ = parse_address(address)
    if scheme in IN_PROCESS:
        return Cluster(address, target.security, target.insecure, target.dashboard)
    if scheme in ENCRYPTED:
        security = target.security or credentials()
        if not security.tls_client_cert:
            raise ClusterRefused(
                f"{address}: a TLS scheduler needs a client certificate: --tls-cert FILE and --tls-key FILE "
                f"(and --tls-ca-file FILE, the authority that signed the scheduler's), or Dask's "
                f"distributed.comm.tls settings")
        return Cluster(address, security, target.insecure, target.dashboard)
    if not target.insecure:
        raise ClusterRefused(
            f"{address}: a {scheme}:// scheduler is neither encrypted nor authenticated (anyone who can "
            f"reach it can run code on its workers, and results are unpickled from it): use a tls:// "
            f"address with credentials, or --insecure if you trust every host that can reach it")
    return Cluster(address, target.security, True, target.dashboard)


def _local_cluster(distributed, workers: int, dashboard: bool):
    """A LocalCluster on 127.0.0.1 over TLS with temporary credentials (only this process holds
    them); its HTTP servers serve nothing, on a free port, unless the dashboard is asked for."""
    import dask
    from distributed.security import Security
    quiet = {} if dashboard else {"distributed.scheduler.http.routes": [], "distributed.worker.http.routes": []}
    with dask.config.set(quiet):  # (the nannies copy the configuration their workers start with)
        return distributed.LocalCluster(
            n_workers=max(workers, 1), threads_per_worker=1, processes=True, host="127.0.0.1",
            protocol="tls://", security=Security.temporary(),
            dashboard_address=DASHBOARD if dashboard else "127.0.0.1:0", scheduler_kwargs={"dashboard": dashboard})


def connect(cluster: Union[str, Cluster], workers: int, stack: ExitStack):
    """A client of ``cluster`` (see checked); "auto": $DASK_SCHEDULER_ADDRESS, else a local cluster
    of ``workers`` processes on 127.0.0.1 (closed with ``stack``)."""
    distributed = _distributed()
    target = checked(cluster)
    if target.address == "auto":
        local = stack.enter_context(_local_cluster(distributed, workers, target.dashboard))
        return stack.enter_context(distributed.Client(local))
    return stack.enter_context(distributed.Client(target.address, security=target.security))


def run_on_cluster(cluster: Union[str, Cluster], play_chunk: Callable[..., list], tasks: Sequence[tuple],
                   sides: Sequence, workers: int = 2, client=None) -> Iterator[tuple[int, list]]:
    """(side index, records) of each task (``(play_chunk arguments, side index)``) as it completes;
    each side's ``retried`` counts its chunks that ran again after a worker died. The caller passes its
    chunk player (rulespec.play.simulate.play_chunk), so this backend does not import the simulation."""
    distributed = _distributed()
    from .cluster_plugin import StartCounter
    with ExitStack() as stack:
        client = client or connect(cluster, workers, stack)
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


def calls_on_cluster(cluster: Union[str, Cluster], function, calls: Sequence[dict], workers: int = 2,
                     client=None) -> Iterator[tuple[int, object]]:
    """(index, result) of ``function(**calls[index])`` for each call, as each completes on the cluster
    (a worker that dies has its calls run again on another one: each result comes once)."""
    distributed = _distributed()
    with ExitStack() as stack:
        client = client or connect(cluster, workers, stack)
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
