"""rulekit serve on PostgreSQL (`--db postgresql://...`): the same storage contract as SQLite,
tables restored exactly after a SIGKILL, and several server processes on one database.

The module starts one throwaway PostgreSQL cluster (initdb in a temporary folder, a free port on
127.0.0.1, trust authentication, as an unprivileged user when run as root, since initdb refuses
root) and gives each test a database of its own. Without a PostgreSQL binary the tests that need
one are skipped with the reason (in CI its absence fails: .ci/run installs it).
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rulekit_cli.serve.app import create_app
from rulekit_cli.serve.errors import StoreError, TableBusyError
from rulekit_cli.serve.games import catalogue
from rulekit_cli.serve.pgstore import PgStore
from rulekit_cli.serve.store import SqliteStore, Store, TableRecord
from starlette.testclient import TestClient

GAMES = catalogue()
SERVE = "import sys; from rulekit_cli.main import main; sys.exit(main(sys.argv[1:]))"


# ---- the throwaway cluster --------------------------------------------------------------------
def pg_binary(name: str) -> str | None:
    """A PostgreSQL program: on PATH, else the distribution's newest (/usr/lib/postgresql)."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                      key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return versions[-1] if versions else None


def free_port() -> int:
    """A port nothing listens on now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A PostgreSQL cluster of the test module's own, on 127.0.0.1."""

    def __init__(self) -> None:
        initdb, pg_ctl = pg_binary("initdb"), pg_binary("pg_ctl")
        if initdb is None or pg_ctl is None:
            message = ("no PostgreSQL server programs (initdb, pg_ctl): install the "
                       "distribution's (apt-get install postgresql)")
            if os.environ.get("CI"):
                pytest.fail(message)  # .ci/run installs it: its absence there is a failure
            pytest.skip(message)
        self.pg_ctl = pg_ctl
        self.port = free_port()
        # initdb refuses root: as root, the cluster belongs to an unprivileged user
        self.user: dict[str, Any] = {}
        self.folder = Path(tempfile.mkdtemp(prefix="rulekit-pg-"))
        if os.geteuid() == 0:
            who = next((u for u in ("postgres", "nobody") if _has_user(u)), None)
            if who is None:
                pytest.skip("running as root with no unprivileged user to run PostgreSQL as")
            entry = pwd.getpwnam(who)
            self.user = {"user": entry.pw_uid, "group": entry.pw_gid}
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self.data = self.folder / "data"
        self._run([initdb, "-D", str(self.data), "-U", "rulekit", "--auth=trust", "-E", "UTF8",
                   "--locale=C", "--no-sync"])
        # fsync off: the tests kill rulekit servers, never PostgreSQL or the machine
        self._run([pg_ctl, "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-t",
                   "120", "-o", f"-p {self.port} -k {self.folder} "
                   "-c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50",
                   "start"])
        self.count = 0

    def _run(self, command: list[str]) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300,
                              cwd=self.folder, **self.user)
        assert done.returncode == 0, done.stdout + done.stderr

    def url(self, db: str = "postgres") -> str:
        """The URL of one of the cluster's databases."""
        return f"postgresql://rulekit@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        self.count += 1
        name = f"t{self.count}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the cluster and delete its files."""
        with contextlib.suppress(Exception):
            self._run([self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    c = Cluster()
    yield c
    c.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """A function opening the test's storage (each call a new connection to the same one)."""
    opened: list[Store] = []
    if request.param == "sqlite":
        def make() -> Store:
            opened.append(SqliteStore(tmp_path / "data"))
            return opened[-1]
    else:
        url = request.getfixturevalue("cluster").new_database()

        def make() -> Store:
            settle(url, 0)  # a store closed just before has left (with its locks)
            opened.append(PgStore(url))
            return opened[-1]
    yield make
    for s in opened:
        with contextlib.suppress(Exception):
            s.close()


def record(table: str, seed: int = 1) -> TableRecord:
    """A stored table of SHAM for three people."""
    path = GAMES["sham"].path
    from rulekit_cli.serve.games import file_hash

    return TableRecord(table, "sham", path, file_hash(path), None, 3, seed, "en",
                       ("human",) * 3, ("A", "B", "C"), ("h0", "h1", "h2"), "w", 1.0)


# ---- the storage contract, on both backends ---------------------------------------------------
def test_a_store_keeps_tables_and_their_decisions_in_order(open_store):
    store = open_store()
    store.add_table(record("first"))
    store.add_table(record("second", seed=2))
    store.add_decisions([("first", 0, 0, "a"), ("second", 0, 1, "x"), ("first", 1, 1, "b")])
    store.add_decision("first", 2, 2, "c")
    assert [(r.id, m) for r, m in store.tables()] == [
        ("first", [(0, "a"), (1, "b"), (2, "c")]), ("second", [(1, "x")])]
    assert store.table("second") == (record("second", seed=2), [(1, "x")])
    assert store.table("nothing") is None
    store.close()
    again = open_store()  # what a server started again reads
    assert [(r, m) for r, m in again.tables()] == [
        (record("first"), [(0, "a"), (1, "b"), (2, "c")]), (record("second", seed=2), [(1, "x")])]


def test_a_group_of_decisions_is_kept_whole_or_not_at_all(open_store):
    store = open_store()
    store.add_table(record("t"))
    store.add_decision("t", 0, 0, "a")
    with pytest.raises(StoreError, match="cannot write"):  # decision 0 again: refused
        store.add_decisions([("t", 1, 1, "b"), ("t", 0, 2, "again")])
    assert store.table("t") == (record("t"), [(0, "a")])  # and decision 1 not kept either
    store.add_decisions([("t", 1, 1, "b")])  # the store is usable after a refusal
    assert store.table("t") == (record("t"), [(0, "a"), (1, "b")])


def test_only_the_last_decision_can_be_taken_back(open_store):
    store = open_store()
    store.add_table(record("t"))
    store.add_decisions([("t", 0, 0, "a"), ("t", 1, 1, "b")])
    store.remove_decision("t", 0)  # not the last: nothing happens
    assert store.table("t") == (record("t"), [(0, "a"), (1, "b")])
    store.remove_decision("t", 1)
    assert store.table("t") == (record("t"), [(0, "a")])


def test_a_server_on_either_store_restores_every_table_exactly(open_store):
    """A server stopped mid-game and started again on the same storage has each table's
    state back, equal to what it was, and plays on."""
    with TestClient(create_app(GAMES, open_store(), bots="thread", workers=1)) as client:
        made = client.post("/api/tables", json={"game": "sham", "seed": 7, "players": 4,
                                                "seats": ["human", "easy", "easy", "easy"]})
        assert made.status_code == 201, made.text
        t, link = made.json()["table"], made.json()["links"][0]
        states = []
        with client.websocket_connect(f"/ws/{t}/{link.rsplit('/', 1)[1]}") as ws:
            view = _next_view(ws)
            for _ in range(6):  # six choices of the person, the bots answering in between
                while view["view"]["question"]["asked"] != 0:
                    view = _next_view(ws)
                ws.send_json({"type": "choose", "decision": view["decisions"], "option": 0})
                view = _next_view(ws)
            while view["view"]["question"]["asked"] != 0:  # the person asked: no bot moves
                view = _next_view(ws)
        server = client.app.state.server  # type: ignore[attr-defined]
        states.append(json.dumps(server.tables[t].state.to_json()))
        decisions = server.tables[t].decisions
    with TestClient(create_app(GAMES, open_store(), bots="thread", workers=1)) as client:
        table = client.app.state.server.tables[t]  # type: ignore[attr-defined]
        assert table.decisions == decisions >= 6
        assert json.dumps(table.state.to_json()) == states[0]


def _next_view(ws: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "view":
            return dict(message)
        assert message["type"] == "hello", message


def eventually(ask: Callable[[], Any]) -> Any:
    """ask()'s answer once it is not TableBusyError: a closed connection's session ends, and
    its locks go, a moment after the client has left (polled, a generous bound)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return ask()
        except TableBusyError:
            assert time.monotonic() < deadline, "the table stayed busy"
            time.sleep(0.05)


def settle(url: str, servers: int) -> None:
    """Wait until `servers` rulekit servers are connected to the database: the session of one
    that stopped or was killed ends (and its locks go) a moment after it has left."""
    import psycopg

    deadline = time.monotonic() + 60
    with psycopg.connect(url, autocommit=True) as db:
        while True:
            row = db.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                             "current_database() AND application_name = 'rulekit serve'"
                             ).fetchone()
            if row is not None and row[0] == servers:
                return
            assert time.monotonic() < deadline, f"{row} rulekit sessions, not {servers}"
            time.sleep(0.05)


# ---- PostgreSQL only: one process per table ---------------------------------------------------
def test_a_table_is_served_by_one_process_at_a_time_and_taken_over_when_it_stops(cluster):
    url = cluster.new_database()
    first, second = PgStore(url), PgStore(url)
    first.add_table(record("t"))
    first.add_decision("t", 0, 0, "a")
    assert second.tables() == [] and second.busy == 1  # the first one serves it
    with pytest.raises(TableBusyError, match="another rulekit serve process"):
        second.table("t")
    second.add_table(record("u"))  # a table made by the second is its own
    assert [r.id for r, _ in first.tables()] == ["t"] and first.busy == 1
    first.close()  # stopped (or killed: PostgreSQL ends its session, and its locks)
    assert eventually(lambda: second.table("t")) == (record("t"), [(0, "a")])
    assert [r.id for r, _ in second.tables()] == ["t", "u"] and second.busy == 0
    second.close()


def test_a_second_server_finds_the_tables_of_the_first_and_refuses_to_play_them_twice(cluster):
    """Two servers (applications) on one database: a link of the first's table opened on the
    second is refused (409) while the first serves it, and works once the first has stopped."""
    url = cluster.new_database()
    with TestClient(create_app(GAMES, PgStore(url), bots="thread", workers=1)) as one:
        made = one.post("/api/tables", json={"game": "sham", "players": 3, "seed": 2,
                                             "seats": ["human", "human", "human"]}).json()
        t, tok = made["table"], made["links"][0].rsplit("/", 1)[1]
        with one.websocket_connect(f"/ws/{t}/{tok}") as ws:
            view = _next_view(ws)
            ws.send_json({"type": "choose", "decision": 0, "option": 0})
            before = _next_view(ws)
        assert before["decisions"] == view["decisions"] + 1
        with TestClient(create_app(GAMES, PgStore(url), bots="thread", workers=1)) as two:
            assert two.app.state.server.tables == {}  # type: ignore[attr-defined]
            busy = two.get(f"/t/{t}/{tok}")
            assert busy.status_code == 409 and "another rulekit serve process" in busy.text
            assert two.get(f"/t/{t}/{'x' * 43}").status_code == 409  # busy before the token
            one_more = two.post("/api/tables", json={"game": "uno", "players": 2,
                                                     "seats": ["human", "human"]})
            assert one_more.status_code == 201
            assert one.get(f"/t/{one_more.json()['table']}/x").status_code == 409
    settle(url, 0)
    with TestClient(create_app(GAMES, PgStore(url), bots="thread", workers=1)) as three:
        # both stopped: the next server restores every table at start
        assert set(three.app.state.server.tables) == {  # type: ignore[attr-defined]
            t, one_more.json()["table"]}
        assert three.get(f"/t/{t}/{tok}").status_code == 200
        assert three.get(f"/t/{t}/{'x' * 43}").status_code == 403
        with three.websocket_connect(f"/ws/{t}/{tok}") as ws:
            assert _next_view(ws) == before  # where the player left it


# ---- the command line -------------------------------------------------------------------------
def _serve(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    from rulekit_cli.main import main

    code = main(["serve", *args])
    return code, capsys.readouterr().err


def test_a_bad_or_unreachable_database_url_is_a_usage_error(capsys, monkeypatch, tmp_path):
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: pytest.fail("served"))
    code, err = _serve(["--db", "mysql://me@localhost/cards"], capsys)
    assert code == 2 and "PostgreSQL URL" in err and "Traceback" not in err
    code, err = _serve(["--db", "postgresql://[::1"], capsys)
    assert code == 2 and "not a PostgreSQL URL" in err
    port = free_port()  # nothing listens there
    code, err = _serve(["--db", f"postgresql://me:secret@127.0.0.1:{port}/cards"], capsys)
    assert code == 2 and "cannot reach the database" in err and f":{port}/cards" in err
    assert "secret" not in err  # the password is never printed
    code, err = _serve(["--db", f"postgresql://127.0.0.1:{port}/x", "--data", str(tmp_path)],
                       capsys)
    assert code == 2 and "not both" in err


def test_without_the_extra_the_message_says_how_to_install_it(capsys, monkeypatch):
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: pytest.fail("served"))
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg fails, as uninstalled
    monkeypatch.setitem(sys.modules, "psycopg.conninfo", None)
    code, err = _serve(["--db", "postgresql://me@127.0.0.1/cards"], capsys)
    assert code == 2 and "pip install 'rulekit[server-pg]'" in err


def test_the_extra_is_declared_and_tested():
    import tomllib

    from paths import ROOT

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    assert any(x.startswith("psycopg[binary]") for x in extras["server-pg"])
    assert any("server-pg" in x for x in extras["test"] if x.startswith("rulekit["))


# ---- real processes: SIGKILL, and two servers on one database ---------------------------------
class Serving:
    """`rulekit serve --db URL` in a subprocess of its own."""

    def __init__(self, url: str, folder: Path):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"serve-{self.port}.log"
        out = open(self.log, "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVE, "serve", "--db", url, "--port", str(self.port)],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        out.close()
        deadline = time.monotonic() + 180
        while True:
            with (contextlib.suppress(OSError),
                  urllib.request.urlopen(self.base + "/api/games", timeout=10)):
                return
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.kill()  # not left behind by a failed test
                pytest.fail("the server did not answer: " + self.log.read_text())
            time.sleep(0.05)

    def table(self, **request: Any) -> dict[str, Any]:
        """Make a table through the API."""
        body = json.dumps({"game": "sham", **request}).encode()
        ask = urllib.request.Request(self.base + "/api/tables", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(ask, timeout=30) as answer:
            return dict(json.loads(answer.read()))

    def status(self, path: str) -> int:
        """The HTTP status of a GET."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=30) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as e:
            return int(e.code)

    def socket(self, table: str, link: str) -> Any:
        """A seat's WebSocket (as the page opens it), a context manager."""
        from websockets.sync.client import connect

        return connect(f"ws://127.0.0.1:{self.port}/ws/{table}/{link.rsplit('/', 1)[1]}",
                       open_timeout=60, close_timeout=1)

    def kill(self) -> None:
        """SIGKILL the server (its whole group: the bot workers too, as a crash of all)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)


def _view(ws: Any) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=60))
        if message["type"] == "view":
            return dict(message)


def test_a_killed_server_started_again_on_the_database_restores_every_table(cluster, tmp_path):
    """Two server processes on one database; the first is killed with SIGKILL right after a
    choice is sent. Its table is refused by the second while the first lives, restored by a
    server started again, exactly where the last acknowledged view left it (the choice sent
    unacknowledged is there or not, never half)."""
    url = cluster.new_database()
    servers: list[Serving] = []
    stack = contextlib.ExitStack()
    try:
        first = Serving(url, tmp_path)
        servers.append(first)
        second = Serving(url, tmp_path)
        servers.append(second)
        made = first.table(players=3, seed=11, seats=["human", "human", "human"])
        other = second.table(game="uno", players=2, seats=["human", "human"])
        t, links = made["table"], made["links"]
        assert second.status(f"/t/{t}/{links[0].rsplit('/', 1)[1]}") == 409
        assert first.status(f"/t/{other['table']}/{other['links'][0].rsplit('/', 1)[1]}") == 409
        sockets = [stack.enter_context(first.socket(t, link)) for link in links]
        views = [_view(ws) for ws in sockets]
        for _ in range(8):  # eight decisions, each acknowledged by the views that follow it
            asked = views[0]["view"]["question"]["asked"]
            sockets[asked].send(json.dumps({"type": "choose", "decision": views[0]["decisions"],
                                            "option": 0}))
            views = [_view(ws) for ws in sockets]
        acknowledged = views
        asked = views[0]["view"]["question"]["asked"]
        sockets[asked].send(json.dumps({"type": "choose", "decision": views[0]["decisions"],
                                        "option": 0}))
        first.kill()  # at once: the choice may or may not have been kept
        settle(url, 1)  # the second server's session only
        again = Serving(url, tmp_path)
        servers.append(again)
        assert again.status(f"/t/{other['table']}/{other['links'][0].rsplit('/', 1)[1]}") == 409
        back = []
        for link in links:
            with again.socket(t, link) as ws:
                back.append(_view(ws))
        n = acknowledged[0]["decisions"]
        assert back[0]["decisions"] in (n, n + 1)
        if back[0]["decisions"] == n:
            assert back == acknowledged  # every seat's view exactly as it was
        # either way, exactly the game the choices made: each seat's view equals the one a
        # table dealt from the same seed and given the same choices shows
        assert back == reference(made, back[0]["decisions"])
        # the second server still serves its own table
        assert second.status(f"/t/{other['table']}/{other['links'][0].rsplit('/', 1)[1]}") == 200
    finally:
        stack.close()
        for s in servers:
            s.kill()


def reference(made: dict[str, Any], decisions: int) -> list[dict[str, Any]]:
    """Each seat's view message of the table made, after its first option was chosen at each
    of its first `decisions` decisions (as the test's players chose), made in this process."""
    from rulekit_cli.serve.app import encode
    from rulekit_cli.serve.tables import Table

    game = GAMES["sham"].load()
    r = record(made["table"], seed=11)
    table = Table(TableRecord(**{**r.__dict__, "names": tuple(made["names"])}), game)
    for _ in range(decisions):
        table.apply(table.state.legal_actions()[0].text, None)
    return [json.loads(encode(table.message_for(seat))) for seat in range(3)]


def test_serve_load_runs_on_postgresql(cluster, tmp_path):
    """benchmarks/serve_load.py --db: a level on a database of its own, dropped after (never
    about time: counts and the figures' presence)."""
    import psycopg
    from paths import ROOT

    out = tmp_path / "load.json"
    p = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "serve_load.py"), "--tables",
                        "2", "--seconds", "4", "--think", "0.2", "--idle", "3", "--db",
                        cluster.url(), "--json", str(out)],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    (row,) = json.loads(out.read_text())["rows"]
    assert row["store"] == "postgresql" and row["choices"] >= 2
    assert row["waits"] == row["choices"] and row["refused"] == row["failed_connections"] == 0
    with psycopg.connect(cluster.url(), autocommit=True) as db:  # the level's database dropped
        left = db.execute("SELECT datname FROM pg_database WHERE datname LIKE 'rulekit_load%'")
        assert left.fetchall() == []
    bad = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "serve_load.py"), "--db",
                          "mysql://x/y"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert bad.returncode == 2 and "postgresql://" in bad.stderr


def test_a_lost_connection_to_postgresql_refuses_the_choice_and_keeps_the_game(cluster):
    """PostgreSQL ends the server's session: a choice is refused with a StoreError saying so,
    to that connection only, and the game in memory stays as the database holds it."""
    import psycopg

    url = cluster.new_database()
    with TestClient(create_app(GAMES, PgStore(url), bots="thread", workers=1)) as client:
        made = client.post("/api/tables", json={"game": "sham", "players": 3, "seed": 4,
                                                "seats": ["human", "human", "human"]}).json()
        t = made["table"]
        table = client.app.state.server.tables[t]  # type: ignore[attr-defined]
        asked = table.state.decider
        before = json.dumps(table.state.to_json())  # text: the document shares the state's lists
        link = made["links"][asked].rsplit("/", 1)[1]
        with client.websocket_connect(f"/ws/{t}/{link}") as ws:
            _next_view(ws)
            with psycopg.connect(url, autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                              "datname = current_database() AND application_name = "
                              "'rulekit serve'")
            ws.send_json({"type": "choose", "decision": 0, "option": 0})
            refused = ws.receive_json()
        assert refused["type"] == "error" and refused["error"] == "StoreError"
        assert "connection to PostgreSQL was lost" in refused["message"]
        assert "Traceback" not in refused["message"]
        assert table.decisions == 0
        assert table.state.decider == asked  # (the flow moves on to the first question lazily)
        assert json.dumps(table.state.to_json()) == before
