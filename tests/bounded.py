"""Subprocesses bounded by the CPU time they spend, not by the wall clock: a busy machine slows
a child down but does not make it spend more CPU, so a bound that holds on a quiet machine holds
under load too (the brief: no test fails because the machine is busy)."""

from __future__ import annotations

import resource
import subprocess
from collections.abc import Callable
from typing import Any


def cpu_limit(seconds: int) -> Callable[[], None]:
    """A preexec_fn giving the child (and each process it starts) at most seconds of CPU."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))

    return limit


def run(argv: list[str], cpu_seconds: int, **kwargs: Any) -> subprocess.CompletedProcess:
    """subprocess.run of argv, its CPU time bounded; it has no wall-clock timeout, so a run on
    a loaded machine takes longer but never fails for it (a child out of CPU is killed with
    SIGXCPU, exit -24)."""
    return subprocess.run(argv, preexec_fn=cpu_limit(cpu_seconds), check=False, **kwargs)
