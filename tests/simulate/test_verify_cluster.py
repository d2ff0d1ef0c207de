"""`rulespec verify --cluster`: each player count runs on a worker of a Dask cluster started here on
127.0.0.1; with a seed the report (checks, failures and their counterexamples) is the local one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import distributed  # the cluster extra, which the test extra holds: missing, these tests fail
from distributed.security import Security
from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.play.cluster import Cluster
from rulespec.check.verify import verify

NIM = Path(__file__).resolve().parents[1] / "core" / "fixtures" / "nim.rules"
# Every budget given, so that neither side takes the other's from a Hypothesis profile (this process may
# have loaded properties/conftest.py's, which the plain process does not).
BUDGET = {"stateful_step_count": 20, "derandomize": False}


def verified_here(path, **settings) -> dict:
    """What ``verify`` reports in a plain process, as `rulespec verify` runs (under pytest Hypothesis
    draws a little differently, so the reference is not made in this process)."""
    code = ("import json, sys; from rulespec.check.verify import verify; "
            "r = verify(sys.argv[1], save_counterexamples=None, **json.loads(sys.argv[2])); "
            "print(json.dumps({'checks': r.checks_by_property, 'players': r.players, 'failures': "
            "[[f.property, f.players, f.actions, f.message, f.game] for f in r.failures]}))")
    done = subprocess.run([sys.executable, "-c", code, str(path), json.dumps(settings)], capture_output=True,
                          text=True, timeout=600, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def as_dict(report) -> dict:
    return {"checks": report.checks_by_property, "players": report.players,
            "failures": [[f.property, f.players, f.actions, f.message, f.game] for f in report.failures]}


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  protocol="tls://", security=Security.temporary(),
                                  dashboard_address="127.0.0.1:0") as local:
        yield local


def reached(local) -> Cluster:
    """The fixture's cluster, with its credentials."""
    return Cluster(local.scheduler_address, security=local.security)


def test_a_verify_on_the_cluster_is_the_local_one(cluster):
    here = verified_here(NIM, **BUDGET, max_examples=4, seed=7)
    there = verify(str(NIM), **BUDGET, max_examples=4, seed=7, save_counterexamples=None,
                   cluster=reached(cluster))
    assert there.players == [2, 3] and there.checks_run > 0 and there.ok
    assert as_dict(there) == here


def test_a_failure_found_on_the_cluster_is_the_one_found_here(cluster, tmp_path):
    broken = tmp_path / "nim-broken.rules"  # an invariant that fails once a stone is taken
    broken.write_text(NIM.read_text().replace("always stones >= 0 and stones <= heap",
                                              "always stones = heap"), encoding="utf-8")
    here = verified_here(broken, **BUDGET, max_examples=10, seed=1)
    there = verify(str(broken), **BUDGET, max_examples=10, seed=1, save_counterexamples=tmp_path / "cex",
                   cluster=reached(cluster))
    assert here["failures"] and {f[0] for f in here["failures"]} == {"invariant:stones_left"}, here
    assert as_dict(there) == here
    assert all(f.path is not None and f.path.exists() for f in there.failures)  # saved here, by the caller


def test_the_command_verifies_on_the_cluster_it_is_given(cluster, tmp_path):
    flags = []
    for flag, pem in (("--tls-ca-file", cluster.security.tls_ca_file), ("--tls-cert", cluster.security.tls_client_cert),
                      ("--tls-key", cluster.security.tls_client_key)):
        (tmp_path / flag[2:]).write_text(pem, encoding="utf-8")
        flags += [flag, str(tmp_path / flag[2:])]
    result = CliRunner().invoke(app, ["verify", str(NIM), "--players", "2", "--examples", "3", "--seed", "2",
                                      "--cluster", cluster.scheduler_address, *flags])
    assert result.exit_code == 0, result.output
    assert "every property holds" in result.output


def test_verify_without_the_cluster_extra_says_what_to_install(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "distributed", None)  # as if Dask were not installed
    result = CliRunner().invoke(app, ["verify", str(NIM), "--players", "2", "--examples", "1", "--cluster", "auto"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "pip install 'rulespec[cluster]'" in result.output
