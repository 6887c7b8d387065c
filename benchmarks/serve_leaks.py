#!/usr/bin/env python3
"""No leak over whole games: every message `rulekit serve` sends a seat, checked (issue 32).

    python benchmarks/serve_leaks.py                                  # 100 games of each game
    python benchmarks/serve_leaks.py --games 5 --rulesets uno,durak --bot easy --json leaks.json

For each game of the server's catalogue (every bundled ruleset, at 4 players where it allows
them, else the nearest count it allows), `--games` whole games are played through the server's
application in-process (Starlette's test client, its WebSockets; nothing else of the server is
bypassed). Every seat but one is held by a browser-like client answering at random; one seat
(which one turns with the game's index) is a `--bot` (a cheap level: `random` or `easy`), so a
person's views also follow the bot's moves. A 2-player game has one client and one bot. A
spectator's link is connected too. Now and then a client asks for its view in another of the
game's languages, or takes back the last step of a move it is putting together (`back`), as the
page lets a person do.

Every message each connection receives is checked:

- the hello carries the table's public description and that connection's own seat, nothing else;
- each view equals the view a seat would get of a world where the cards it cannot see were dealt
  again (rulekit.resample, from the game as it stood when the message was sent): nothing in it
  depends on what that seat may not know. A spectator's view is checked against a world dealt
  again for a seat that turns with each message, so every seat's secrets are moved in turn;
- no message holds any link's token (each is a credential of one seat).

A message that fails is a leak: counted, and the first few differences are printed in full. A game
in which the server stops answering, or answers out of turn, is failed. The check replays the
game once, alongside the messages (the state at each decision, never from the start again but
after a `back`). The log of events is copied as it is by resample: its events are checked as the
engine's own audience rule gives them (an event for others shows no card), not against it.

The bots choose their moves exactly as the server's workers do (the same bot, seed and state),
from a state this script keeps up to date instead of one dealt again and replayed from the seed
for every move (the worker's way, whose cost grows with the game's length: some 0.7 CPU s a move
at decision 1,000 of Gin Rummy); each move's state is checked equal to the document the server
hands its worker, and any that is not is chosen the worker's way and counted (`slow_bot_moves`).

Each game is played whole by one process and depends only on its ruleset, its index and --seed,
so each game's figures are the same for any --workers. `--seconds` stops starting games after
that long: the next game is always of the ruleset that has used the least CPU so far, so the
short games are all played and the long ones as many as the same share of CPU allows.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import anyio
from matchplay import commit, fail, print_table, write_json
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rulekit_cli.serve import thinking
from rulekit_cli.serve.app import create_app, encode
from rulekit_cli.serve.games import GameEntry, catalogue
from rulekit_cli.serve.store import SqliteStore
from starlette.testclient import TestClient

import rulekit
from rulekit import PARAM, Journal
from rulekit.bots import make_bot

PLAYERS = 4  # at every table that allows it (as serve_load.py), else the nearest count allowed
BOTS = ("random", "easy")
WAIT = 120.0  # seconds a client waits for its next message before the game is failed
SHOWN = 3  # leaks kept in full per game (and printed at the end)
LANG_P, BACK_P = 0.03, 0.05  # how often a client asked switches language / takes a step back
MAX_BACKS = 2  # a back replays the whole game on the server: a few a game
WATCH = "watch"  # the spectator's connection among the seats'


@dataclass(frozen=True)
class Task:
    """One game: everything its result depends on."""

    row: int
    index: int
    key: str  # the game's key in the catalogue
    players: int
    seats: tuple[str, ...]  # per seat: human, or the bot's level
    seed: int  # the deal's seed (the bots' seeds come from it, as the server makes them)
    client_seed: str  # the clients' random answers


@dataclass
class Result:
    """What one game's check found."""

    row: int
    index: int
    messages: int = 0  # messages checked, hellos included
    leaks: int = 0
    decisions: int = 0
    slow_bot_moves: int = 0  # bot moves not chosen from the state kept (see Bots): 0 expected
    failed: str | None = None  # why the game could not be played to the end
    examples: list[dict[str, Any]] = field(default_factory=list)
    cpu: float = 0.0


@dataclass
class Received:
    """One message as a connection got it, and what the check needs to know about it."""

    conn: int | str  # a seat, or WATCH
    text: str
    data: dict[str, Any]
    lang: str
    version: int  # which list of decisions it follows (a new one after each back)


class Bots(Executor):
    """The server's bot executor, its bots held until the table's connections are open (so the
    clients see the game from its first decision whoever plays first).

    A bot chooses as the server's worker does (`think`: the same bot, seed and state), but from
    a state kept here and brought up to date, checked equal to the document the server sends:
    the worker deals the state again from its seed and replays every decision for each move,
    which makes a long game's bots cost as the square of its length (most of the CPU of a Gin
    Rummy or Ch'ami game, while they send nothing the check looks at)."""

    def __init__(self, inner: Executor):
        self.inner = inner
        self.open = threading.Event()
        self.kept: dict[tuple[Any, ...], tuple[rulekit.State, list[Any]]] = {}
        self.slow = 0  # moves chosen the worker's own way (the state kept was not the server's)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """fn(*args) in the inner executor once the gate is open."""
        chosen = self.think if fn is thinking.think else fn

        def gated() -> Any:
            self.open.wait(WAIT)
            return chosen(*args, **kwargs)
        return self.inner.submit(gated)

    def think(self, path: str, variant: str | None, doc: dict[str, Any], seat: int, kind: str,
              seed: int) -> str:
        """The action the server's worker would choose, from the state kept."""
        game = load(path, variant)
        key = (path, variant, doc["n"], doc["seed"])
        history = doc["history"]
        state, done = self.kept.get(key, (None, []))
        if state is None or done != history[:len(done)]:
            state, done = game.new_state(doc["n"], doc["seed"]), []
        for seat_text in history[len(done):]:
            state.apply(seat_text[1])
        done = list(history)
        self.kept[key] = (state, done)
        if state.to_json() != doc:  # not the server's state after all: its own way
            self.slow += 1
            return thinking.think(path, variant, doc, seat, kind, seed)
        return make_bot(kind, game, seat, seed).choose(state.clone()).text

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Shut the inner executor down."""
        self.open.set()
        self.inner.shutdown(wait=wait, cancel_futures=cancel_futures)


@lru_cache(maxsize=16)
def load(path: str, variant: str | None) -> rulekit.Game:
    """A ruleset's game, compiled once per process."""
    return rulekit.load(path, variant, cached=True)


@lru_cache(maxsize=1)
def games() -> dict[str, GameEntry]:
    """The server's catalogue, compiled once per process."""
    return catalogue()


@contextlib.contextmanager
def serving() -> Iterator[tuple[TestClient, Bots]]:
    """A server on a fresh data folder (SQLite, not waiting for the disk), bots in a thread."""
    with tempfile.TemporaryDirectory(prefix="rulekit-leaks-") as data:
        app = create_app(games(), SqliteStore(data, sync="normal"), bots="thread", workers=1)
        with TestClient(app) as client:
            server = app.state.server
            bots = Bots(server.pool)
            server.pool = bots
            yield client, bots


def receive(ws: Any) -> str:
    """The next text message on ws; TimeoutError after WAIT seconds without one."""
    async def get() -> Any:
        with anyio.fail_after(WAIT):
            return await ws._send_rx.receive()
    rx = getattr(ws, "_send_rx", None)  # the test client's own queue: it has no timeout
    message = ws.portal.call(get) if rx is not None else ws.receive()
    if message.get("type") == "websocket.close" or "text" not in message:
        raise ConnectionError(f"the server closed the connection: {message}")
    return str(message["text"])


class Client:
    """A browser-like connection: its socket, language, and what it received."""

    def __init__(self, conn: int | str, ws: Any, lang: str, log: list[Received],
                 version: Callable[[], int]):
        self.conn, self.ws, self.lang, self.log, self.version = conn, ws, lang, log, version

    def next(self) -> dict[str, Any]:
        """The next message (kept in the log)."""
        text = receive(self.ws)
        data = json.loads(text)
        self.log.append(Received(self.conn, text, data, self.lang, self.version()))
        return data

    def view(self) -> dict[str, Any]:
        """The next message, which must be a view."""
        data = self.next()
        if data.get("type") != "view":
            raise AssertionError(f"{self.conn}: a view was expected, not {str(data)[:300]}")
        return data


def play(task: Task) -> Result:
    """Play one game through the server and check every message its connections receive."""
    started = time.process_time()
    result = Result(task.row, task.index)
    try:
        with serving() as (client, bots):
            made = client.post("/api/tables", json={
                "game": task.key, "players": task.players, "seats": list(task.seats),
                "seed": task.seed})
            if made.status_code != 201:
                raise AssertionError(f"the table was not made: {made.text}")
            table = made.json()
            log: list[Received] = []
            versions: list[list[str]] = []  # the decisions before each back, in order
            server_table = client.app.state.server.tables[table["table"]]  # type: ignore
            tokens = [link.rsplit("/", 1)[1] for link in [*table["links"], table["watch"]]
                      if link is not None]
            links = {s: link for s, link in enumerate(table["links"]) if link is not None}
            links_all: dict[int | str, str] = {**links, WATCH: table["watch"]}
            with contextlib.ExitStack() as stack:
                clients = {conn: Client(conn, stack.enter_context(client.websocket_connect(
                    "/ws" + link[2:])), table["lang"], log, lambda: len(versions))
                    for conn, link in links_all.items()}
                for c in clients.values():
                    c.next()  # the hello
                views = {conn: c.view() for conn, c in clients.items()}
                bots.open.set()
                drive(task, clients, views, versions, server_table)
            history = [text for _, text in server_table.state.history]
            result.decisions = len(history)
            result.slow_bot_moves = bots.slow
            versions.append(history)
            entry = games()[task.key]
            check(task, entry, table, tokens, log, versions, result)
    except Exception as e:  # noqa: BLE001 -- any failure is this game's, reported with it
        result.failed = f"{type(e).__name__}: {e}"[:500]
    result.cpu = time.process_time() - started
    return result


def drive(task: Task, clients: dict[int | str, Client], views: dict[int | str, dict[str, Any]],
          versions: list[list[str]], server_table: Any) -> None:
    """People answer at random until the game ends; every connection gets one view per
    decision (one more after a back, or after its own language switch)."""
    rng = random.Random(task.client_seed)
    people = {conn: c for conn, c in clients.items() if conn != WATCH}
    languages = list(server_table.game.languages)
    while True:
        first = views[WATCH]
        n = first["decisions"]
        for conn, v in views.items():
            if v["decisions"] != n:
                raise AssertionError(f"{conn} is at decision {v['decisions']}, the spectator "
                                     f"at {n}")
        if first["view"]["over"]:
            return
        asked = first["view"]["question"]["asked"]
        if asked not in people:  # a bot's move: everyone gets the next view
            for conn, c in clients.items():
                views[conn] = c.view()
            continue
        me = people[asked]
        if len(languages) > 1 and rng.random() < LANG_P:
            me.lang = rng.choice([x for x in languages if x != me.lang])
            me.ws.send_json({"type": "lang", "lang": me.lang})
            views[asked] = me.view()
            continue
        if views[asked]["back"] and len(versions) < MAX_BACKS and rng.random() < BACK_P:
            # the server is idle (a person is asked): its decisions so far, before one goes
            versions.append([text for _, text in server_table.state.history])
            me.ws.send_json({"type": "back", "decision": n})
        else:
            options = views[asked]["view"]["question"]["options"]
            me.ws.send_json({"type": "choose", "decision": n,
                             "option": rng.randrange(len(options))})
        for conn, c in clients.items():
            views[conn] = c.view()


class Replay:
    """The game replayed alongside the messages: the state after any number of decisions of
    one of the lists the game went through. A back takes back the last decision: the state
    before it is kept, so the game is replayed from the start only if the lists part earlier."""

    def __init__(self, game: rulekit.Game, players: int, seed: int):
        self.game, self.players, self.seed = game, players, seed
        self._fresh()

    def _fresh(self) -> None:
        self.state = self.game.new_state(self.players, self.seed)
        self.journal = rulekit.Journal()
        self.done: list[str] = []
        self.before: tuple[rulekit.State, rulekit.Journal] | None = None  # before done[-1]

    def at(self, decisions: list[str], n: int, same: bool) -> rulekit.State:
        """The state after the first n of decisions (same: the list of the last call)."""
        k = len(self.done)
        if same and k <= n:
            pass  # the same list, further on: nothing to compare
        elif k == n + 1 and self.before is not None and self.done[:n] == decisions[:n]:
            self.state, self.journal = self.before  # a back: the last decision taken back
            self.done.pop()
            self.before = None
        elif k > n or self.done != decisions[:k]:
            self._fresh()
        for text in decisions[len(self.done):n]:
            self.before = (self.state.clone(), Journal(list(self.journal.at),
                           list(self.journal.deciders), list(self.journal.turns)))
            self.journal.apply(self.state, text)
            self.done.append(text)
        return self.state


def check(task: Task, entry: GameEntry, table: dict[str, Any], tokens: list[str],
          log: list[Received], versions: list[list[str]], result: Result) -> None:
    """Check every received message (see the module's docstring), counting leaks."""
    game = entry.load(table["variant"])
    replay = Replay(game, task.players, task.seed)
    public = {k: table[k] for k in ("table", "game", "name", "variant", "players", "lang",
                                    "seats", "names", "languages")}
    k, version = 0, 0
    for m in log:
        result.messages += 1
        problems: list[str] = [f"holds the token of a link ({t[:6]}...)"
                               for t in tokens if t in m.text]
        if m.data.get("type") == "hello":
            expected: dict[str, Any] = {"type": "hello", **public, "decisions": 0, "over": False,
                                        "seat": None if m.conn == WATCH else m.conn}
            if m.data != expected:
                problems += differences(m.data, expected)
        else:
            s = replay.at(versions[m.version], m.data.get("decisions", 0), m.version == version)
            version = m.version
            # written as the server writes a message (the same JSON encoding of the same kind
            # of view): equal texts are equal messages, and the text is all the seat gets
            text = encode(expected_view(s, replay.journal, m, table, task, k))
            k += 1
            if text != m.text and m.data != (want := json.loads(text)):
                problems += differences(m.data, want)
        if problems:
            result.leaks += 1
            if len(result.examples) < SHOWN:
                result.examples.append({"ruleset": task.key, "game": task.index,
                                        "connection": m.conn, "message": m.data.get("type"),
                                        "decisions": m.data.get(
                                            "decisions"), "problems": problems[:20]})


def expected_view(s: rulekit.State, journal: rulekit.Journal, m: Received,
                  table: dict[str, Any], task: Task, k: int) -> dict[str, Any]:
    """The view message m's connection may get: its view of a world dealt again for it."""
    seed = task.seed * 1_000_003 + k
    watching = m.conn == WATCH
    if watching:
        # a spectator's secrets are every seat's: the world is dealt again for each in turn
        world = rulekit.resample(s, (m.data["decisions"] + m.version) % task.players, seed)
        at = journal.at
        since = at[max(0, len(at) - task.players)] if at else 0
        seen = rulekit.seat_view(world, None, lang=m.lang, names=table["names"], since=since,
                                 journal=journal)
        return {"type": "view", "table": table["table"], "decisions": len(world.history),
                "seat": None, "back": False, "view": seen}
    seat = int(m.conn)
    world = rulekit.resample(s, seat, seed)
    seen = rulekit.seat_view(world, seat, lang=m.lang, names=table["names"], journal=journal)
    now = world.pending
    back = (now is not None and now.kind == PARAM and now.decider == seat
            and bool(world.history) and world.history[-1][0] == seat)
    return {"type": "view", "table": table["table"], "decisions": len(world.history),
            "seat": seat, "back": back, "view": seen}


def differences(got: Any, want: Any, path: str = "$") -> list[str]:
    """Where got differs from want, each place with both values in full."""
    if isinstance(got, dict) and isinstance(want, dict):
        out = []
        for key in sorted(set(got) | set(want), key=str):
            if key not in want:
                out.append(f"{path}.{key}: sent but not in the seat's view: {got[key]!r}")
            elif key not in got:
                out.append(f"{path}.{key}: missing: {want[key]!r}")
            else:
                out += differences(got[key], want[key], f"{path}.{key}")
        return out
    if isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
        return [d for i, (a, b) in enumerate(zip(got, want, strict=True))
                for d in differences(a, b, f"{path}[{i}]")]
    return [] if got == want else [f"{path}: sent {got!r}, the seat's view {want!r}"]


def tasks_of(keys: list[str], games_each: int, seed: int, bot: str,
             players: int | None) -> tuple[list[Task], list[dict[str, Any]]]:
    """Every game to play, and each ruleset's row (its players and seats)."""
    tasks: list[Task] = []
    rows: list[dict[str, Any]] = []
    for row, key in enumerate(keys):
        g = games()[key].load()
        n = players if players is not None else min(max(PLAYERS, g.min_players), g.max_players)
        if not g.min_players <= n <= g.max_players:
            fail(f"{g.name} is played by {g.min_players} to {g.max_players} players, not {n}")
        rows.append({"ruleset": key, "name": g.name, "players": n, "clients": n - 1, "bots": 1,
                     "bot": bot})
        for i in range(games_each):
            seats = ["human"] * n
            seats[i % n] = bot  # the bot's seat turns with the game
            tasks.append(Task(row, i, key, n, tuple(seats), seed * 100_003 + i,
                              f"{seed}:{key}:{i}"))
    return tasks, rows


def run(tasks: list[Task], workers: int, console: Console, seconds: float | None) -> list[Result]:
    """Play every task on `workers` processes (1: here), a progress bar on a terminal.

    The next game is always one of the ruleset that has used the least CPU so far (its games
    under way counted at its mean), so a run stopped after `seconds` (no game started after
    that; those under way end) has given each ruleset about the same CPU: the short games all
    played, the long ones as many as that share allowed (the table says how many)."""
    results: list[Result] = []
    queues: dict[int, list[Task]] = {}
    for t in sorted(tasks, key=lambda t: (t.row, t.index)):
        queues.setdefault(t.row, []).append(t)
    used = dict.fromkeys(queues, 0.0)
    count = dict.fromkeys(queues, 0)
    running = dict.fromkeys(queues, 0)
    end = None if seconds is None else time.monotonic() + seconds

    def next_task() -> Task | None:
        if end is not None and time.monotonic() > end:
            return None
        left = [r for r, q in queues.items() if q]
        if not left:
            return None
        def share(r: int) -> float:
            mean = used[r] / count[r] if count[r] else 0.0
            return used[r] + running[r] * mean
        row = min(left, key=lambda r: (share(r), r))
        running[row] += 1
        return queues[row].pop(0)

    def done(r: Result) -> None:
        results.append(r)
        used[r.row] += r.cpu
        count[r.row] += 1
        running[r.row] -= 1
        progress.advance(bar)

    progress = Progress(TextColumn("serve leaks"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TextColumn("elapsed,"), TimeRemainingColumn(),
                        TextColumn("left"), console=console, disable=not console.is_terminal)
    with progress:
        bar = progress.add_task("serve leaks", total=len(tasks))
        if workers <= 1 or len(tasks) <= 1:
            while (task := next_task()) is not None:
                done(play(task))
        else:
            with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
                pending: set[Future[Result]] = set()
                try:
                    while True:
                        while len(pending) < workers and (task := next_task()) is not None:
                            pending.add(pool.submit(play, task))
                        if not pending:
                            break
                        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for fut in finished:
                            done(fut.result())
                except BaseException:  # Ctrl-C or a failure: no more games
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise
    return sorted(results, key=lambda r: (r.row, r.index))


def figures(rows: list[dict[str, Any]], results: list[Result]) -> list[dict[str, Any]]:
    """Each ruleset's counts: games, messages checked, leaks, failed games, CPU seconds."""
    out = []
    for k, row in enumerate(rows):
        mine = [r for r in results if r.row == k]
        out.append({**row, "games": len(mine), "decisions": sum(r.decisions for r in mine),
                    "messages": sum(r.messages for r in mine),
                    "leaks": sum(r.leaks for r in mine),
                    "failed": sum(1 for r in mine if r.failed is not None),
                    "slow_bot_moves": sum(r.slow_bot_moves for r in mine),
                    "cpu_s": round(sum(r.cpu for r in mine), 1)})
    return out


def leaks_of(results: list[Result]) -> list[dict[str, Any]]:
    """The first few leaks found, in full, and why games failed."""
    shown = [e for r in results for e in r.examples][:SHOWN]
    failed = [{"game": r.index, "row": r.row, "why": r.failed} for r in results if r.failed]
    return shown + failed[:SHOWN]


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play and check the games, print the table (and write the JSON)."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per ruleset (default 100)")
    parser.add_argument("--rulesets", help="comma-separated keys of the server's catalogue "
                        "(default: all of them)")
    parser.add_argument("--players", type=int, help=f"players at every table (default: "
                        f"{PLAYERS} where the game allows it, else the nearest count it allows)")
    parser.add_argument("--bot", default="random", choices=BOTS,
                        help="the bot seat's level (default random)")
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt from a seed made "
                        "of this and i (default 0)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes playing games (default: the number of CPUs)")
    parser.add_argument("--seconds", type=float, help="start no game after this many seconds "
                        "(each ruleset's games are started so that each uses about as much CPU "
                        "as the others: the table says how many were played)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    parser.add_argument("--markdown", action="store_true",
                        help="print the table in Markdown (for benchmarks/README.md)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        fail("--games and --workers are whole numbers from 1")
    known = list(games())
    keys = known if args.rulesets is None else [
        k.strip() for k in args.rulesets.split(",") if k.strip()]
    for key in keys:
        if key not in known:
            fail(f"{key!r} is not in the server's catalogue ({', '.join(known)})")
    if not keys:
        fail("no ruleset given")
    tasks, rows = tasks_of(keys, args.games, args.seed, args.bot, args.players)
    console = Console(stderr=True)
    wall = time.perf_counter()
    results = run(tasks, args.workers, console, args.seconds)
    wall = time.perf_counter() - wall
    table = figures(rows, results)
    found = leaks_of(results)
    show(table, found, args.markdown)
    at = commit()
    cpu = sum(r.cpu for r in results)
    print(f"{len(results)} games in {wall:.0f} s on {args.workers} worker(s), {cpu:.0f} CPU s; "
          f"rulekit at {at or 'an unknown commit'}")
    write_json(args.json, {"benchmark": "serve_leaks", "commit": at,
                           "settings": {"games": args.games, "seed": args.seed, "bot": args.bot,
                                        "rulesets": keys, "seconds": args.seconds},
                           "rows": [{k: v for k, v in r.items() if k != "cpu_s"} for r in table],
                           "leaks": found})
    return 1 if any(r["leaks"] or r["failed"] for r in table) else 0


def show(table: list[dict[str, Any]], found: list[dict[str, Any]], markdown: bool) -> None:
    """The table of counts, then the first leaks and failures in full."""
    cells = [[r["ruleset"], str(r["players"]), f"{r['clients']}/{r['bots']} {r['bot']}",
              str(r["games"]), str(r["decisions"]), str(r["messages"]), str(r["leaks"]),
              str(r["failed"]), f"{r['cpu_s']:.0f}"] for r in table]
    print_table("Messages holding what their seat may not know (rulekit serve)",
                ["ruleset", "players", "seats (clients/bots)", "games", "decisions",
                 "messages checked", "leaks", "failed", "CPU s"], cells, markdown)
    for item in found:
        print(json.dumps(item, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    sys.exit(main())
