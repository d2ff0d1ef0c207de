"""The --cluster options that `rulespec simulate` and `rulespec verify` share (rulespec.play.cluster)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .console import UsageProblem

CLUSTER = typer.Option(
    None, "--cluster", metavar="auto|ADDRESS",
    help="Run on a Dask distributed cluster (with --seed, the same results as here). auto: $DASK_SCHEDULER_ADDRESS, "
         "else a local cluster on 127.0.0.1 over TLS with temporary credentials (no other process can connect). ADDRESS: a "
         "scheduler you trust (results are unpickled from it): tls://host:8786 with --tls-cert and --tls-key; a "
         "plain tcp:// one only with --insecure. Needs pip install 'rulespec\\[cluster]'.")  # (\\[: not Rich markup)
TLS_CA_FILE = typer.Option(None, "--tls-ca-file", metavar="FILE",
                           help="With --cluster tls://...: the authority that signed the scheduler's certificate.")
TLS_CERT = typer.Option(None, "--tls-cert", metavar="FILE",
                        help="With --cluster tls://...: this client's certificate (PEM).")
TLS_KEY = typer.Option(None, "--tls-key", metavar="FILE", help="With --cluster tls://...: this client's key (PEM).")
INSECURE = typer.Option(False, "--insecure",
                        help="Accept a --cluster tcp:// scheduler: no encryption, no authentication; anyone who "
                             "reaches it can run code on its workers and send this process what it unpickles.")
DASHBOARD = typer.Option(False, "--dashboard",
                         help="With --cluster auto: serve Dask's dashboard on 127.0.0.1:8787 (read-only, and "
                              "unauthenticated: any local user can view it).")


def cluster_target(cluster: Optional[str], tls_ca_file: Optional[Path] = None, tls_cert: Optional[Path] = None,
                   tls_key: Optional[Path] = None, insecure: bool = False, dashboard: bool = False):
    """The rulespec.play.cluster.Cluster these options name (None without --cluster), checked before any
    game is played: an address rulespec will not use as given, or a missing file, is a usage problem."""
    given = [flag for flag, value in (("--tls-ca-file", tls_ca_file), ("--tls-cert", tls_cert),
                                      ("--tls-key", tls_key), ("--insecure", insecure),
                                      ("--dashboard", dashboard)) if value]
    if not cluster:
        if given:
            raise UsageProblem(f"{given[0]} goes with --cluster")
        return None
    if dashboard and cluster != "auto":
        raise UsageProblem("--dashboard goes with --cluster auto (a scheduler of yours serves its own)")
    for flag, path in (("--tls-ca-file", tls_ca_file), ("--tls-cert", tls_cert), ("--tls-key", tls_key)):
        if path is not None and not path.is_file():
            raise UsageProblem(f"{flag} {path}: no such file")
    from ..play.cluster import Cluster, ClusterRefused, ClusterUnavailable, checked, credentials
    try:
        security = credentials(*(str(p) if p else None for p in (tls_ca_file, tls_cert, tls_key))) \
            if tls_ca_file or tls_cert or tls_key else None
        return checked(Cluster(cluster, security, insecure, dashboard))
    except (ClusterRefused, ClusterUnavailable) as problem:
        raise UsageProblem(f"--cluster {problem}" if isinstance(problem, ClusterRefused) else str(problem))
