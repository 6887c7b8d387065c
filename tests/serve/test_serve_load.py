"""benchmarks/serve_load.py runs and writes the figures it promises (never about time: a table
for a few seconds, checked for its counts and the figures' presence)."""

from __future__ import annotations

import json
import subprocess
import sys

from paths import ROOT

SCRIPT = ROOT / "benchmarks" / "serve_load.py"


def test_serve_load_reports_latency_memory_and_cpu_for_a_small_level(tmp_path):
    out = tmp_path / "load.json"
    p = subprocess.run([sys.executable, str(SCRIPT), "--tables", "2", "--seconds", "4",
                        "--think", "0.2", "--idle", "5", "--json", str(out)],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr
    data = json.loads(out.read_text())
    assert data["benchmark"] == "serve_load"
    (row,) = data["rows"]
    assert row["tables"] == 2 and row["idle_tables"] == 5
    assert row["choices"] >= 2 and row["waits"] == row["choices"]  # each choice got its view
    assert row["refused"] == 0 and row["failed_connections"] == 0
    assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["max_ms"]
    assert row["kib_per_idle_table"] is not None and row["server_peak_mib"] > 0
    assert row["server_cpu_ms_per_choice"] > 0
    assert "p95 ms" in p.stdout


def test_serve_load_is_bounded():
    for args, words in ((["--tables", "401"], "from 1 to 400"), (["--seconds", "601"], "600"),
                        (["--idle", "2001"], "2000"), (["--tables", "x"], "comma list")):
        p = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                           text=True, timeout=60, cwd=ROOT)
        assert p.returncode == 2 and words in p.stderr, (args, p.stderr)
    p = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True,
                       timeout=60, cwd=ROOT)
    assert p.returncode == 0 and "--tables" in p.stdout and "--seconds" in p.stdout
