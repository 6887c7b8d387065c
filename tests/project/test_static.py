"""The code stays lint-clean and type-clean (the brief: `ruff` and `mypy` clean)."""

from __future__ import annotations

import subprocess
import sys

import bounded
from paths import ROOT


def _run(*args: str) -> subprocess.CompletedProcess:
    return bounded.run([sys.executable, "-m", *args], cpu_seconds=1200, cwd=ROOT,
                       capture_output=True, text=True)


def test_ruff_finds_nothing():
    r = _run("ruff", "check", "rulekit", "cli", "tests", "benchmarks")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_finds_nothing_in_the_engine():
    r = _run("mypy", "rulekit")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_finds_nothing_in_the_terminal_driver():
    r = _run("mypy", "cli")
    assert r.returncode == 0, r.stdout + r.stderr
