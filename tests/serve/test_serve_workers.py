"""A server killed with SIGKILL leaves no bot worker behind: each worker watches its server.

`rulekit serve` runs in a subprocess with bot seats; once its bots have thought (so its pool of
worker processes and the forkserver that made them exist), it is killed with SIGKILL, and every
process it had started must be gone within a generous bound (polled, never a fixed sleep).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads processes from /proc (Linux)")

SERVE = "import sys; from rulekit_cli.main import main; sys.exit(main(sys.argv[1:]))"


def free_port() -> int:
    """A port nothing listens on now, on 127.0.0.1."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def parent_and_state(pid: int) -> tuple[int, str] | None:
    """A process's parent and state letter (None: gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2:].split()  # the name may hold spaces and brackets
    return int(fields[1]), fields[0]


def descendants(root: int) -> set[int]:
    """Every living process under root (children, their children...)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            got = parent_and_state(int(entry.name))
            if got is not None:
                children.setdefault(got[0], []).append(int(entry.name))
    out: set[int] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in out:
                out.add(child)
                todo.append(child)
    return out


def grandchildren(root: int) -> set[int]:
    """The processes under root's children: the pool's workers, forked by the forkserver."""
    return {p for p in descendants(root) if (parent_and_state(p) or (0, ""))[0] != root}


def alive(pid: int) -> bool:
    """Whether pid runs (a zombie waiting to be reaped has ended)."""
    got = parent_and_state(pid)
    return got is not None and got[1] not in ("Z", "X")


def get(url: str) -> object:
    """A JSON answer from the server."""
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def test_the_bots_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(tmp_path / "serve.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--data", str(tmp_path / "d"),
                             "--port", str(port)],
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    started: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        while True:
            with contextlib.suppress(OSError):
                get(url + "/api/games")
                break
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.05)
        # three bots and a person: the bots play until the person is asked
        body = json.dumps({"game": "sham", "players": 4, "seed": 3,
                           "seats": ["easy", "easy", "easy", "human"]}).encode()
        ask = urllib.request.Request(url + "/api/tables", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(ask, timeout=30) as answer:
            assert answer.status == 201
        # the pool's workers exist once a bot has thought: wait for them (they are the
        # server's grandchildren, under its forkserver)
        deadline = time.monotonic() + 120
        while not grandchildren(proc.pid):
            assert time.monotonic() < deadline, "no bot worker was started"
            time.sleep(0.1)
        started = descendants(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        deadline = time.monotonic() + 30  # generous: the machine may be busy
        while any(alive(p) for p in started):
            assert time.monotonic() < deadline, (
                f"left behind after the server was killed: "
                f"{sorted(p for p in started if alive(p))}")
            time.sleep(0.1)
    finally:
        for pid in [proc.pid, *started]:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)
        proc.wait(timeout=30)
