"""The cluster is authenticated (issue #37): the automatic local cluster speaks TLS with temporary
credentials, so a client without them is refused; it serves no dashboard and no page; a scheduler
given by address is reached over TLS with credentials, or over plain TCP only with --insecure."""

from __future__ import annotations

import urllib.error
import urllib.request
from contextlib import ExitStack
from pathlib import Path

import pytest

import distributed  # the cluster extra, which the test extra holds: missing, these tests fail
from distributed.security import Security
from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.play.cluster import Cluster, ClusterRefused, checked, connect
from rulespec.play.simulate import comparison_plans, simulate

HOUSE = Path(__file__).resolve().parents[2] / "house-rules"
THREE_TILES = str(HOUSE / "three-tiles.rules")


@pytest.fixture(scope="module")
def auto_cluster():
    with ExitStack() as stack:
        yield connect("auto", 1, stack)


def test_the_automatic_cluster_refuses_a_client_without_its_credentials(auto_cluster):
    address = auto_cluster.scheduler.address
    assert address.startswith("tls://127.0.0.1:")
    assert auto_cluster.submit(sum, [1, 2]).result(timeout=30) == 3  # its own client works
    strangers = [
        lambda: distributed.Client(address.replace("tls://", "tcp://"), timeout=3),  # no TLS at all
        lambda: distributed.Client(address, timeout=3, security=Security.temporary()),  # credentials of its own
    ]
    for stranger in strangers:
        with pytest.raises((OSError, TimeoutError)):
            stranger().close()


def test_the_automatic_cluster_serves_no_dashboard_and_no_page(auto_cluster):
    services = auto_cluster.scheduler_info()["services"]
    assert services and 8787 not in services.values()
    for port in services.values():
        for page in ("/", "/status", "/health", "/json/identity.json", "/info/main/workers.html", "/metrics"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{page}", timeout=5)
            assert refused.value.code == 404, page


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "127.0.0.1:8786", "ws://127.0.0.1:8786",
                                     "ucx://127.0.0.1:8786"])
def test_an_address_without_tls_is_refused_unless_insecure(address):
    with pytest.raises(ClusterRefused, match="--insecure"):
        checked(address)
    assert checked(Cluster(address, insecure=True)).insecure


def test_a_tls_address_needs_a_client_certificate(monkeypatch):
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "tls://127.0.0.1:8786")  # auto takes it, and its rules
    for given in ("tls://127.0.0.1:8786", "auto"):
        with pytest.raises(ClusterRefused, match="--tls-cert"):
            checked(given)
    credentials = Security.temporary()
    assert checked(Cluster("tls://127.0.0.1:8786", security=credentials)).security is credentials


@pytest.mark.parametrize("flags, said", [
    (["--cluster", "tcp://127.0.0.1:9"], "--insecure"),
    (["--cluster", "tls://127.0.0.1:9"], "--tls-cert"),
    (["--insecure"], "--insecure goes with --cluster"),
    (["--cluster", "tcp://127.0.0.1:9", "--insecure", "--dashboard"], "--dashboard goes with --cluster auto"),
    (["--cluster", "tls://127.0.0.1:9", "--tls-cert", "no-such.pem", "--tls-key", "no-such.pem"], "no such file"),
])
def test_the_commands_refuse_a_cluster_they_would_not_trust_before_playing(flags, said, tmp_path):
    for command in (["simulate", THREE_TILES, "-n", "2", "-o", str(tmp_path / "out")],
                    ["verify", THREE_TILES, "--examples", "1"]):
        result = CliRunner().invoke(app, command + flags)
        assert result.exit_code == 2, result.output
        assert said in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out" / "games.jsonl").exists()


def test_help_says_the_address_must_be_trusted():
    for command in ("simulate", "verify"):
        result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "100"})
        text = " ".join(result.output.replace("│", " ").split())
        assert "a scheduler you trust (results are unpickled from it)" in text and "rulespec[cluster]" in text
        assert "you trust" in text and "unpickled" in text and "--insecure" in text and "--tls-cert" in text


def test_insecure_reaches_a_plain_scheduler_knowingly(tmp_path):
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://", host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as plain:
        plans = comparison_plans(Path(THREE_TILES))
        sides = simulate(plans, games=6, players=2, seed=5,
                         cluster=Cluster(plain.scheduler_address, insecure=True))
        assert [s.played_count for s in sides] == [6, 6]
        result = CliRunner().invoke(app, ["simulate", THREE_TILES, "-n", "4", "-o", str(tmp_path),
                                          "--cluster", plain.scheduler_address, "--insecure"])
        assert result.exit_code == 0, result.output
