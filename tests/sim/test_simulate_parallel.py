"""`rulekit simulate` in several processes and on a Dask cluster: the same figures as in one
process ("the results are identical for any K (each game is seeded by its index)"), and Ctrl-C
keeps what was played.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from cli_helpers import cli
from distributed import LocalCluster
from sim_helpers import FRAGILE, RACE, ROOT, SHAM, metrics, simulate

from rulekit.sim import runner as sim_runner


def test_two_processes_give_the_figures_of_one(tmp_path):
    args = (SHAM, "--players", "3", "--games", "10", "--rotate", "--compare", "base")
    _, one = simulate(tmp_path, *args, "--workers", "1")
    _, two = simulate(tmp_path, *args, "--workers", "2")
    assert one["runs"] == two["runs"]
    assert one["comparison"] == two["comparison"]
    assert metrics(one)["games"] == 10


def test_failed_games_are_the_same_in_any_number_of_processes(tmp_path):
    run1, one = simulate(tmp_path, FRAGILE, "--games", "30", "--workers", "1")
    run3, three = simulate(tmp_path, FRAGILE, "--games", "30", "--workers", "3")
    assert run1.code == run3.code == 1
    assert one["runs"] == three["runs"]


def test_a_local_dask_cluster_gives_the_figures_of_one_process(tmp_path):
    args = (SHAM, "--players", "4", "--games", "8", "--compare", "base")
    _, here = simulate(tmp_path, *args, "--workers", "1")
    with LocalCluster(processes=False, n_workers=1, threads_per_worker=2,
                      dashboard_address=None) as cluster:
        run, there = simulate(tmp_path, *args, "--dask", cluster.scheduler_address)
    assert run.code == 0, run.err
    assert there["runs"] == here["runs"]
    assert there["settings"]["dask"] == cluster.scheduler_address
    assert there["settings"]["workers"] is None


def test_an_unreachable_scheduler_is_a_usage_error_with_no_traceback():
    run = cli("simulate", RACE, "--games", "2", "--dask", "tcp://127.0.0.1:9")
    assert run.code == 2
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in run.err
    assert "Traceback" not in run.err and run.out == ""


def test_ctrl_c_in_one_process_reports_the_games_played_as_partial(tmp_path, monkeypatch):
    real = sim_runner.run_batch
    calls = []

    def interrupted_after_two(job, start, stop):
        calls.append(start)
        if len(calls) > 2:
            raise KeyboardInterrupt
        return real(job, start, stop)

    monkeypatch.setattr(sim_runner, "run_batch", interrupted_after_two)
    report = tmp_path / "r.html"
    run, doc = simulate(tmp_path, RACE, "--games", "100", "-j", "1", "--report", str(report))
    assert run.code == 130
    assert doc["partial"] is True
    played = doc["runs"][0]["games_played"]
    assert 0 < played < 100 and metrics(doc)["games"] == played
    assert "interrupted" in run.err and "partial" in run.out
    assert "Partial results" in report.read_text(encoding="utf-8")


def test_ctrl_c_stops_the_worker_processes_and_keeps_partial_results(tmp_path):
    out = tmp_path / "sim.json"
    code = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
            "from rulekit_cli.main import main; sys.exit(main(sys.argv[1:]))")
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "simulate", str(ROOT / "rulesets" / "chami.yaml"),
         "--games", "5000", "--workers", "2", "--json", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    while not proc.stderr.closed and proc.poll() is None:  # wait until it plays
        time.sleep(0.5)
        if _children(proc.pid):
            break
    time.sleep(1)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["partial"] is True and doc["runs"][0]["games_played"] < 5000
    assert _children(proc.pid) == []


def _children(pid: int) -> list[int]:
    """The live child processes of pid (Linux /proc)."""
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                kids.append(int(entry))
    return kids
