#!/usr/bin/env python3
"""`rulekit serve` under load: many tables at once on a real uvicorn on 127.0.0.1.

    python benchmarks/serve_load.py                          # 50 tables for 60 s
    python benchmarks/serve_load.py --tables 50,200 --seconds 90 --json load.json

Each level starts a fresh `rulekit serve` (a subprocess, its own data folder) and keeps
`--tables` tables busy at once: SHAM for four, two seats played by browser-like WebSocket clients
(scripted: after a pause of `--think` seconds on average, they answer the first option, as the
page sends it) and two `easy` bots (the server's process pool). A table whose game ends is
replaced by a new one, so the count stays the same until `--seconds` have passed.

The figure is the time from a person's action (the choice sent) to the next view on that
person's connection, p50 and p95. Bot thinking is excluded by construction, not by subtraction:
the server applies a person's choice, stores it, and sends every seat its new view before it
wakes the table's bots, so the view that follows a choice never waits for a bot of its own
table; the other tables' bots, their results and the server's own work are all in the figure,
as they are for a real player. The clients run on the same machine (an asyncio loop in this
process), so their own reading is in the figure too.

Memory: before the load, `--idle` tables whose seats are all people are made and left alone;
the server's resident memory (VmRSS, /proc: Linux) before and after, divided by their number, is
the memory per idle table. Peak memory is the server process's VmHWM at the end of a level (the
bot workers, separate processes, are reported apart: their resident memory at the end).

The server's CPU time per choice (/proc: user and system, all its threads) is also given: it
holds on a shared machine where the wall-clock figures do not; the load average says how shared
the machine was.

`--db postgresql://USER@HOST/DB` keeps the tables in PostgreSQL instead of SQLite: each level
gets a database of its own, made from that URL's server and dropped at the end (the URL's user
may create databases); PostgreSQL's own CPU is not in the server's figure.

Bounded: at most 400 tables and 600 seconds a level, 2,000 idle tables; 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import websockets

ROOT = Path(__file__).resolve().parent.parent
SERVE = "import sys; from rulekit_cli.main import main; sys.exit(main(sys.argv[1:]))"
MAX_TABLES, MAX_SECONDS, MAX_IDLE = 400, 600, 2000
SEATS = ["human", "easy", "human", "easy"]  # a person, a bot, a person, a bot


def free_port() -> int:
    """A port nothing listens on now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def memory(pid: int) -> dict[str, int]:
    """A process's resident memory now and at its peak, in KiB (Linux's /proc)."""
    out = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                out[line.split(":")[0]] = int(line.split()[1])
    return out


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system), in seconds (Linux's /proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """The processes under pid (the bots' forkserver and workers)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/task/{p}/children", encoding="ascii") as f:
                kids = [int(x) for x in f.read().split()]
        except OSError:
            continue
        found += kids
        todo += kids
    return found


class Server:
    """`rulekit serve` in a subprocess of its own process group."""

    def __init__(self, folder: Path, sync: str = "full", db: str | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(folder / "serve.log", "wb")  # noqa: SIM115
        store = ["--db", db] if db else ["--data", str(folder / "data")]
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVE, "serve", *store,
             "--port", str(self.port), "--sync", sync], stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True, cwd=folder)
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=5):
                    return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()  # not left running
                    raise SystemExit("serve_load: the server did not start: see "
                                     f"{folder / 'serve.log'}") from None
                time.sleep(0.1)

    def table(self, seats: list[str], seed: int) -> dict[str, Any]:
        """A new SHAM table (its links)."""
        body = json.dumps({"game": "sham", "players": len(seats), "seats": seats,
                           "seed": seed}).encode()
        ask = urllib.request.Request(self.url + "/api/tables", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(ask, timeout=60) as answer:
            return dict(json.loads(answer.read()))

    def stop(self) -> None:
        """End the server and every process it started (its process group)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=20)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.log.close()


@dataclass
class Tally:
    """What the clients measured."""

    waits: list[float] = field(default_factory=list)  # seconds from a choice to the next view
    games: int = 0  # games played to their end
    choices: int = 0
    refused: int = 0  # error messages (a scripted client should get none)
    failed: int = 0  # connections that could not be opened or broke


async def person(url: str, link: str, think: float, rng: random.Random, tally: Tally,
                 deadline: float) -> bool:
    """A browser-like client: reads its views; when asked, pauses, then sends option 0 and
    times the wait for the view that follows. Whether its game ended (else: the deadline)."""
    try:
        return await _person(url, link, think, rng, tally, deadline)
    except (OSError, TimeoutError, websockets.exceptions.WebSocketException):
        tally.failed += 1  # counted and said: a server too busy to answer the handshake
        return False


async def _person(url: str, link: str, think: float, rng: random.Random, tally: Tally,
                  deadline: float) -> bool:
    ws_url = url.replace("http://", "ws://") + link.replace("/t/", "/ws/", 1)
    async with websockets.connect(ws_url, max_size=2**22, open_timeout=120) as ws:
        sent_at: float | None = None
        while True:
            # past the deadline, only the view answering a choice already sent is waited for
            wait = deadline - time.monotonic() + (30 if sent_at is not None else 0)
            if wait <= 0:
                return False
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), wait))
            except TimeoutError:
                return False
            if message["type"] == "error":
                tally.refused += 1
                continue
            if message["type"] != "view":
                continue
            if sent_at is not None:
                tally.waits.append(time.perf_counter() - sent_at)
                sent_at = None
            view = message["view"]
            if view["over"]:
                return True
            q = view["question"]
            if q is None or not q["yours"]:
                continue
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            if time.monotonic() > deadline:
                return False
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "choose", "decision": message["decisions"],
                                      "option": 0}))
            tally.choices += 1


async def slot(server: Server, k: int, think: float, tally: Tally, deadline: float,
               seed: int) -> None:
    """One table kept busy: a game with two clients, then another, until the deadline."""
    rng = random.Random(seed * 7919 + k)
    game = 0
    while time.monotonic() < deadline:
        made = await asyncio.to_thread(server.table, SEATS, seed * 100_003 + k * 1000 + game)
        people = [link for link in made["links"] if link is not None]
        ended = await asyncio.gather(*(person(server.url, link, think, rng, tally, deadline)
                                       for link in people))
        tally.games += any(ended)
        game += 1


async def load(server: Server, tables: int, seconds: float, think: float,
               seed: int) -> Tally:
    """tables busy tables for seconds (the clients stop answering then)."""
    tally = Tally()
    deadline = time.monotonic() + seconds
    await asyncio.gather(*(slot(server, k, think, tally, deadline, seed)
                           for k in range(tables)))
    return tally


@contextlib.contextmanager
def database(url: str | None, tables: int) -> Any:
    """A new PostgreSQL database on url's server for one level (its URL), dropped after; None
    for SQLite."""
    if url is None:
        yield None
        return
    import psycopg

    name = f"rulekit_load_{os.getpid()}_{tables}"
    parts = urlsplit(url)
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name}")
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield urlunsplit(parts._replace(path="/" + name))
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def level(tables: int, seconds: float, think: float, idle: int, seed: int,
          sync: str = "full", db: str | None = None) -> dict[str, Any]:
    """One level: a fresh server, its idle tables' memory, then the load."""
    with tempfile.TemporaryDirectory(prefix="serve-load-") as folder, \
            database(db, tables) as level_db:
        server = Server(Path(folder), sync, level_db)
        try:
            server.table(SEATS, seed)  # the game loaded and the pool warm before measuring
            time.sleep(1.0)
            before = memory(server.proc.pid)["VmRSS"]
            for k in range(idle):
                server.table(["human"] * 4, seed + 1 + k)
            after = memory(server.proc.pid)["VmRSS"]
            started, cpu, load_before = time.monotonic(), cpu_seconds(server.proc.pid), \
                os.getloadavg()[0]
            mine = time.process_time()
            tally = asyncio.run(load(server, tables, seconds, think, seed))
            took = time.monotonic() - started
            cpu = cpu_seconds(server.proc.pid) - cpu
            mine = time.process_time() - mine  # the clients' own work: reading the views
            peak = memory(server.proc.pid)
            kids = [p for p in descendants(server.proc.pid) if os.path.exists(f"/proc/{p}/stat")]
            workers = sum(memory(p).get("VmRSS", 0) for p in kids)
            workers_cpu = sum(cpu_seconds(p) for p in kids)  # the bots' thinking, all of it
        finally:
            server.stop()
    waits = sorted(tally.waits)
    ms = [1000 * w for w in waits]
    return {
        "tables": tables, "seconds": round(took, 1), "think_s": think, "sync": sync,
        "store": "postgresql" if db else "sqlite",
        "choices": tally.choices, "waits": len(waits), "games_ended": tally.games,
        "refused": tally.refused, "failed_connections": tally.failed,
        "server_cpu_s": round(cpu, 1), "workers_cpu_s": round(workers_cpu, 1),
        "clients_cpu_s": round(mine, 1),
        "server_cpu_ms_per_choice": round(1000 * cpu / tally.choices, 2) if tally.choices else None,
        "load_average_before": round(load_before, 1),
        "load_average_after": round(os.getloadavg()[0], 1),
        "p50_ms": round(statistics.median(ms), 1) if ms else None,
        "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 1) if ms else None,
        "max_ms": round(ms[-1], 1) if ms else None,
        "choices_per_s": round(tally.choices / took, 1) if took else None,
        "idle_tables": idle,
        "kib_per_idle_table": round((after - before) / idle, 1) if idle else None,
        "server_peak_mib": round(peak["VmHWM"] / 1024, 1),
        "server_rss_end_mib": round(peak["VmRSS"] / 1024, 1),
        "workers_rss_end_mib": round(workers / 1024, 1),
    }


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None,
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="See the module's docstring (and benchmarks/README.md) "
                                       "for what is measured and how.")
    p.add_argument("--tables", default="50",
                   help=f"tables busy at once, or a comma list of levels (each at most "
                        f"{MAX_TABLES}; default 50)")
    p.add_argument("--seconds", type=float, default=60.0,
                   help=f"how long each level runs (at most {MAX_SECONDS}; default 60)")
    p.add_argument("--think", type=float, default=1.0,
                   help="a person's mean pause before answering, in seconds (default 1.0; "
                        "0 answers at once: a stress test, not people)")
    p.add_argument("--idle", type=int, default=200,
                   help=f"idle tables made to measure memory per table (at most {MAX_IDLE}; "
                        "default 200)")
    p.add_argument("--seed", type=int, default=1, help="the tables' seeds derive from it")
    p.add_argument("--sync", choices=("full", "normal"), default="full",
                   help="the server's --sync: full waits for the disk at each commit")
    p.add_argument("--db", metavar="URL",
                   help="keep the tables in PostgreSQL (a database per level is made on this "
                        "URL's server and dropped after), not SQLite")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = p.parse_args(argv)
    try:
        args.levels = [int(x) for x in args.tables.split(",")]
    except ValueError:
        p.error("--tables is a whole number or a comma list of them (50,200)")
    if not all(1 <= n <= MAX_TABLES for n in args.levels):
        p.error(f"--tables: from 1 to {MAX_TABLES} tables a level")
    if not 1 <= args.seconds <= MAX_SECONDS:
        p.error(f"--seconds: from 1 to {MAX_SECONDS}")
    if not 0 <= args.idle <= MAX_IDLE:
        p.error(f"--idle: from 0 to {MAX_IDLE}")
    if args.think < 0:
        p.error("--think is 0 or more seconds")
    if args.db is not None and urlsplit(args.db).scheme not in ("postgresql", "postgres"):
        p.error("--db is a postgresql:// URL")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if not os.path.exists("/proc/self/status"):
        print("serve_load: memory is read from /proc: Linux only", file=sys.stderr)
        return 2
    rows = []
    print(f"{'tables':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'choices/s':>9} "
          f"{'games':>5} {'KiB/idle table':>14} {'peak MiB':>8} {'workers MiB':>11} "
          f"{'CPU ms/choice':>13} {'load':>5}")
    for n in args.levels:
        row = level(n, args.seconds, args.think, args.idle, args.seed, args.sync, args.db)
        rows.append(row)
        print(f"{row['tables']:>6} {row['p50_ms']!s:>7} {row['p95_ms']!s:>7} "
              f"{row['max_ms']!s:>7} {row['choices_per_s']!s:>9} {row['games_ended']:>5} "
              f"{row['kib_per_idle_table']!s:>14} {row['server_peak_mib']:>8} "
              f"{row['workers_rss_end_mib']:>11} {row['server_cpu_ms_per_choice']!s:>13} "
              f"{row['load_average_after']:>5}", flush=True)
        print(f"  CPU seconds: server {row['server_cpu_s']}, bot workers "
              f"{row['workers_cpu_s']}, clients {row['clients_cpu_s']} in {row['seconds']} s; "
              f"the machine's load average {row['load_average_before']} before, "
              f"{row['load_average_after']} after ({row['store']}, --sync {row['sync']})")
        if row["refused"]:
            print(f"  {row['refused']} choices refused (a scripted client should get none)")
        if row["failed_connections"]:
            print(f"  {row['failed_connections']} connections failed (not opened, or broken)")
    if args.json:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, cwd=ROOT).stdout.strip()
        Path(args.json).write_text(json.dumps({
            "benchmark": "serve_load", "commit": commit, "cpus": os.cpu_count(),
            "date": time.strftime("%Y-%m-%d"), "args": {
                k: getattr(args, k) for k in ("tables", "seconds", "think", "idle", "seed",
                                              "sync")} | {"store": "postgresql" if args.db
                                                          else "sqlite"},
            "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
