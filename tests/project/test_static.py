"""The code stays lint-clean and type-clean (the brief: `ruff` and `mypy` clean)."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import bounded
from paths import ROOT


def _run(*args: str) -> subprocess.CompletedProcess:
    return bounded.run([sys.executable, "-m", *args], cpu_seconds=1200, cwd=ROOT,
                       capture_output=True, text=True)


def test_ruff_finds_nothing():
    r = _run("ruff", "check", "rulekit", "cli", "tests", "benchmarks")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_finds_nothing_in_the_engine():
    r = _run("mypy", "rulekit")  # strict: the configuration below says so
    assert r.returncode == 0, r.stdout + r.stderr


# the modules whose checks may be relaxed, and why: the adapters subclass untyped libraries'
# classes
RELAXED = {"rulekit.envs.spiel", "rulekit.envs.pz"}


def test_the_engine_and_the_driver_are_checked_strictly():
    """`mypy rulekit` and `mypy cli` run with --strict (issue 30): no override relaxes a module
    but the adapters of untyped libraries."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config.get("strict") is True
    for override in config.get("overrides", []):
        modules = override["module"]
        modules = [modules] if isinstance(modules, str) else modules
        relaxes = {k for k, v in override.items() if k != "module" and v is False}
        if relaxes:
            assert set(modules) <= RELAXED, (modules, relaxes)


def test_mypy_finds_nothing_in_the_terminal_driver():
    r = _run("mypy", "cli")
    assert r.returncode == 0, r.stdout + r.stderr
