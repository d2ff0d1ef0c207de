"""Simulations on a Dask cluster started here on 127.0.0.1 over TLS: the same seeds give the same games
as a local run, and a worker killed mid-run has its games played again elsewhere, each counted once."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

import distributed  # the cluster extra, which the test extra holds: missing, these tests fail
from distributed.security import Security
from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.play.cluster import Cluster
from rulespec.play.simulate import GAMES_FILE, comparison_plans, simulate
from tests.long_runs import count

HOUSE = Path(__file__).resolve().parents[2] / "house-rules"
PLANS = comparison_plans(HOUSE / "three-tiles.rules")
GAMES = count("CLUSTER_GAMES", 100, 300)  # a side: chunks of 25 (of 10 where a worker is killed) on two workers


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  protocol="tls://", security=Security.temporary(), dashboard_address="127.0.0.1:0"
                                  ) as local, distributed.Client(local) as client:
        yield local, client


def reached(local) -> Cluster:
    """The fixture's cluster, with its credentials."""
    return Cluster(local.scheduler_address, security=local.security)


def credential_flags(local, folder: Path) -> list[str]:
    """--tls-* flags naming the fixture's credentials, written to files in ``folder``."""
    flags = []
    for flag, pem in (("--tls-ca-file", local.security.tls_ca_file), ("--tls-cert", local.security.tls_client_cert),
                      ("--tls-key", local.security.tls_client_key)):
        (folder / flag[2:]).write_text(pem, encoding="utf-8")
        flags += [flag, str(folder / flag[2:])]
    return flags


def games(sides):
    return [[(r.seed, r.actions, r.chance, r.turns, r.end, r.winners, r.scores, r.fires) for r in side.records]
            for side in sides]


def test_a_cluster_run_is_the_local_run_game_by_game(cluster, tmp_path):
    local, _ = cluster
    on_cluster = simulate(PLANS, games=GAMES, players=2, seed=11, cluster=reached(local), chunk=25)
    here = simulate(PLANS, games=GAMES, players=2, seed=11)
    assert games(on_cluster) == games(here)
    assert [s.played_count for s in on_cluster] == [GAMES, GAMES]
    streamed = simulate(PLANS, games=GAMES, players=2, seed=11, cluster=reached(local), chunk=25,
                        out=tmp_path)
    assert [s.summary(2) for s in streamed] == [s.summary(2) for s in here]
    assert len((tmp_path / GAMES_FILE).read_text().splitlines()) == 2 * GAMES


def test_a_worker_killed_mid_run_has_its_games_retried_and_each_counted_once(cluster, tmp_path):
    local, client = cluster
    client.wait_for_workers(2, timeout=30)
    pids = list(client.run(os.getpid).values())
    seen = []

    def kill_one_worker(played: int) -> None:
        seen.append(played)
        if sum(seen) >= 60 and pids:
            os.kill(pids.pop(), signal.SIGKILL)

    sides = simulate(PLANS, games=GAMES, players=2, seed=3, cluster=reached(local), chunk=10,
                     progress=kill_one_worker, out=tmp_path)
    assert not pids  # the kill happened mid-run
    assert sum(s.retried for s in sides) >= 1
    rows = [json.loads(line) for line in (tmp_path / GAMES_FILE).read_text().splitlines()]
    assert sorted((row["side"], row["seed"]) for row in rows) == [(i, 3 + n) for i in (0, 1) for n in range(GAMES)]
    here = simulate(PLANS, games=GAMES, players=2, seed=3)
    strip = lambda summary: {k: v for k, v in summary.items() if k != "retried"}  # noqa: E731
    assert [strip(s.summary(2)) for s in sides] == [strip(s.summary(2)) for s in here]


def test_the_command_plays_on_the_cluster_it_is_given(cluster, tmp_path):
    local, _ = cluster
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["simulate", str(HOUSE / "three-tiles.rules"), "-n", "20", "-o", str(out),
                                      "--cluster", local.scheduler_address, *credential_flags(local, tmp_path)])
    assert result.exit_code == 0, result.output
    assert f"cluster {local.scheduler_address}" in result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["run"]["backend"] == f"dask {local.scheduler_address}"
    assert [side["games"] for side in summary["sides"]] == [20, 20]


def test_without_the_cluster_extra_the_command_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(__import__("sys").modules, "distributed", None)  # as if Dask were not installed
    result = CliRunner().invoke(app, ["simulate", str(HOUSE / "three-tiles.rules"), "-n", "2", "-o", str(tmp_path),
                                      "--cluster", "auto"])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "pip install 'rulespec[cluster]'" in result.output


def test_auto_is_the_scheduler_in_the_environment(cluster, monkeypatch):
    local, _ = cluster
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", local.scheduler_address)
    addresses = []
    real_client = distributed.Client

    def recording_client(address, *args, **kwargs):
        addresses.append(address)
        return real_client(address, *args, **kwargs)

    monkeypatch.setattr(distributed, "Client", recording_client)
    sides = simulate(PLANS[:1], games=10, players=2, seed=1, cluster=Cluster("auto", security=local.security))
    assert addresses == [local.scheduler_address]
    assert games(sides) == games(simulate(PLANS[:1], games=10, players=2, seed=1))
