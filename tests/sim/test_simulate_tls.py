"""`rulekit simulate --dask tls://...` with the client's certificate from Dask's own settings
(issue 28, point 5): a Dask scheduler runs the code any connected client sends, so docs/simulate.md
shows one bound to 127.0.0.1, or one requiring mutual TLS. rulekit passes no security object;
the environment variables DASK_DISTRIBUTED__COMM__TLS__... give the client its certificate.

The scheduler and its worker run in this process, bound to 127.0.0.1; the command runs in a
child process, so Dask reads the variables as it would for a user. The certificate is made by
`openssl` (one self-signed certificate serves as the CA and as every party's certificate).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from distributed import LocalCluster
from distributed.security import Security
from sim_helpers import RACE, ROOT, simulate

SETTINGS = "DASK_DISTRIBUTED__COMM__"


def certificate(folder: Path, name: str) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key, made by openssl."""
    cert, key = folder / f"{name}.pem", folder / f"{name}-key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={name}",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True)
    return cert, key


@pytest.fixture(scope="module")
def tls_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, Path]]:
    """A scheduler on 127.0.0.1 that takes only TLS connections with its CA's certificates."""
    cert, key = certificate(tmp_path_factory.mktemp("tls"), "cluster")
    security = Security(tls_ca_file=str(cert), tls_scheduler_cert=str(cert),
                        tls_scheduler_key=str(key), tls_worker_cert=str(cert),
                        tls_worker_key=str(key), tls_client_cert=str(cert),
                        tls_client_key=str(key), require_encryption=True)
    with LocalCluster(processes=False, n_workers=1, threads_per_worker=2, protocol="tls",
                      host="127.0.0.1", security=security, dashboard_address=None) as cluster:
        yield cluster.scheduler_address, cert, key


def rulekit(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """`rulekit args...` in a child process with Dask's settings from env alone."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DASK_")}
    return subprocess.run([sys.executable, "-m", "rulekit_cli.main", *args], cwd=ROOT,
                          env={**clean, **env}, capture_output=True, text=True, timeout=300,
                          check=False)


def client_settings(cert: Path, key: Path, ca: Path) -> dict[str, str]:
    return {f"{SETTINGS}REQUIRE_ENCRYPTION": "True", f"{SETTINGS}TLS__CA_FILE": str(ca),
            f"{SETTINGS}TLS__CLIENT__CERT": str(cert), f"{SETTINGS}TLS__CLIENT__KEY": str(key)}


def test_the_scheduler_listens_on_the_loopback_address_only(tls_cluster):
    address, _, _ = tls_cluster
    assert address.startswith("tls://127.0.0.1:")


def test_games_over_tls_give_the_figures_of_one_process(tls_cluster, tmp_path):
    address, cert, key = tls_cluster
    args = (RACE, "--games", "6", "--seed", "3")
    _, here = simulate(tmp_path, *args, "--workers", "1")
    out = tmp_path / "tls.json"
    run = rulekit("simulate", *args, "--dask", address, "--json", str(out),
                  env=client_settings(cert, key, cert))
    assert run.returncode == 0, run.stderr
    there = json.loads(out.read_text(encoding="utf-8"))
    assert there["runs"] == here["runs"]
    assert there["settings"]["dask"] == address


def test_a_tls_address_without_a_client_certificate_is_a_usage_error(tls_cluster):
    address, _, _ = tls_cluster
    run = rulekit("simulate", RACE, "--games", "2", "--dask", address, env={})
    assert run.returncode == 2 and run.stdout == ""
    assert "Traceback" not in run.stderr
    assert (f"rulekit: the address {address!r} asks for TLS, and no client certificate is "
            f"configured: set {SETTINGS}TLS__CA_FILE, {SETTINGS}TLS__CLIENT__CERT, "
            f"{SETTINGS}TLS__CLIENT__KEY") in run.stderr


def test_a_certificate_the_cluster_does_not_trust_is_refused(tls_cluster, tmp_path):
    address, ca, _ = tls_cluster
    cert, key = certificate(tmp_path, "stranger")
    run = rulekit("simulate", RACE, "--games", "2", "--dask", address,
                  env=client_settings(cert, key, ca))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"rulekit: cannot reach the Dask scheduler at {address!r}" in run.stderr


def test_a_plain_connection_to_a_tls_scheduler_is_refused(tls_cluster):
    address, _, _ = tls_cluster
    plain = address.replace("tls://", "tcp://")
    run = rulekit("simulate", RACE, "--games", "2", "--dask", plain, env={})
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"rulekit: cannot reach the Dask scheduler at {plain!r}" in run.stderr
