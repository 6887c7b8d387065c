"""The tables kept in PostgreSQL (psycopg 3): several server processes on one database.

A table is served by one process at a time. The process that makes or restores a table holds a
session-level advisory lock on it (`pg_try_advisory_lock`, its key taken from the table's id)
for as long as its connection lives; another process asked for that table answers that it is
served elsewhere, and takes it over once the lock is free: when the first process stops, or
dies (PostgreSQL ends a dead client's session, and its locks with it). The primary key of a
decision (table, number) is a second fence: two processes can never both write decision n.

Every write is one transaction, committed before the function returns, as with SQLite.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from .errors import StoreError, TableBusyError
from .store import SCHEMA_VERSION, TableRecord

SCHEMES = ("postgresql", "postgres")
EXTRA = "pip install 'rulekit[server-pg]'"
LOCK_SPACE = b"rulekit-serve:"  # what a table's lock key is made from, before its id
SCHEMA_LOCK = 0x524B5356  # "RKSV": held while one process creates the tables
# full: a commit returns once PostgreSQL has it on its disk; normal: once PostgreSQL has it (a
# killed rulekit server loses nothing; a crash of the PostgreSQL machine may lose the last ones)
SYNC = {"full": "on", "normal": "off"}
SCHEMA = """
CREATE TABLE rulekit_serve_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE rulekit_serve_tables (
    id TEXT PRIMARY KEY,
    doc TEXT NOT NULL,         -- the table's settings as JSON (TableRecord)
    made BIGSERIAL UNIQUE      -- the order tables were made in
);
CREATE TABLE rulekit_serve_decisions (
    table_id TEXT NOT NULL REFERENCES rulekit_serve_tables(id),
    n INTEGER NOT NULL,        -- 0 for the game's first decision
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,      -- the action's canonical text, as State.apply takes it
    PRIMARY KEY (table_id, n)
);
"""
Moves = list[tuple[int, str]]


def lock_key(table: str) -> int:
    """A table's advisory lock: 64 bits of the SHA-256 of its id (signed, as bigint is)."""
    digest = hashlib.sha256(LOCK_SPACE + table.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def shown(url: str) -> str:
    """A database URL as it may be printed: no password."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(url)
    except Exception:  # a URL that does not parse is refused before it is shown
        return "postgresql://..."
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host', '')}{port}/{parts.get('dbname', '')}"


def is_url(text: str) -> bool:
    """Whether --db names a PostgreSQL database."""
    return text.split("://", 1)[0].lower() in SCHEMES and "://" in text


class PgStore:
    """A Store in a PostgreSQL database, shared by any number of server processes."""

    inline = False  # each commit is a round trip to PostgreSQL: made in the writer's thread

    def __init__(self, url: str, sync: str = "full"):
        if not is_url(url):
            raise StoreError(f"--db is a PostgreSQL URL (postgresql://USER@HOST:PORT/DBNAME), "
                             f"not {url[:40]!r}")
        if sync not in SYNC:
            raise StoreError(f"sync is one of {', '.join(SYNC)}, not {sync[:20]!r}")
        try:
            import psycopg
            from psycopg.conninfo import conninfo_to_dict
        except ImportError:
            raise StoreError(f"--db {url.split('://')[0]}://... needs PostgreSQL's driver: "
                             f"{EXTRA}") from None
        self.psycopg: Any = psycopg  # imported here: the extra may be missing
        try:
            parts = conninfo_to_dict(url)
        except psycopg.Error as e:
            raise StoreError(f"--db: not a PostgreSQL URL ({_first_line(e)})") from None
        self.sync = sync
        self.path = shown(url)  # what messages name (SqliteStore names its file)
        self.held: set[str] = set()  # the tables this process holds the lock of
        self.busy = 0  # tables found at start that another process serves
        self.mutex = threading.Lock()  # one statement at a time on the one connection
        extra: dict[str, Any] = {"application_name": "rulekit serve"}
        if "connect_timeout" not in parts:
            extra["connect_timeout"] = 10
        try:
            self.db = psycopg.connect(url, autocommit=True, **extra)
        except psycopg.Error as e:
            raise StoreError(f"cannot reach the database {self.path}: {_first_line(e)}. Is "
                             "PostgreSQL running there, and the URL's user, password and "
                             "database right?") from None
        try:
            self.db.execute("SELECT set_config('synchronous_commit', %s, false)", (SYNC[sync],))
            self._schema()
        except psycopg.Error as e:
            self.db.close()
            raise StoreError(f"cannot use the database {self.path}: {_first_line(e)}") from None
        except StoreError:
            self.db.close()
            raise

    def _schema(self) -> None:
        """Create the tables if the database has none of ours; refuse another program's."""
        with self.db.transaction():
            # two servers started at once on a new database: one creates, the other waits
            self.db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            found = {name for (name,) in self.db.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = "
                "current_schema() AND table_name IN ('rulekit_serve_meta', "
                "'rulekit_serve_tables', 'rulekit_serve_decisions')").fetchall()}
            if not found:
                self.db.execute(SCHEMA)  # no parameters: several statements at once
                self.db.execute("INSERT INTO rulekit_serve_meta VALUES ('schema', %s)",
                                (str(SCHEMA_VERSION),))
                return
            if "rulekit_serve_meta" not in found:
                raise self._damaged("it has rulekit_serve_ tables but no rulekit_serve_meta")
            row = self.db.execute(
                "SELECT value FROM rulekit_serve_meta WHERE key = 'schema'").fetchone()
            if row is None or row[0] != str(SCHEMA_VERSION):
                raise StoreError(f"{self.path} was written by another version of rulekit "
                                 f"serve (schema {row[0] if row else 'unknown'}, this one "
                                 f"reads {SCHEMA_VERSION})")

    def _damaged(self, why: str) -> StoreError:
        return StoreError(
            f"{self.path} cannot be read as the tables' database ({why}). Nothing was changed. "
            "Point --db at another database to start with no tables, or restore a backup")

    # ---- ownership -------------------------------------------------------------------------
    def _claim(self, table: str) -> bool:
        """Hold table's lock for this process (True), or find another process holds it."""
        if table in self.held:
            return True
        row = self.db.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(table),)).fetchone()
        if row is None or not row[0]:
            return False
        self.held.add(table)
        return True

    # ---- the Store interface ---------------------------------------------------------------
    def add_table(self, record: TableRecord) -> None:
        """Keep a new table, held by this process (before its links are handed out)."""
        with self._writing():
            if not self._claim(record.id):
                raise StoreError(f"table {record.id} is being made by another server process")
            self.db.execute("INSERT INTO rulekit_serve_tables (id, doc) VALUES (%s, %s)",
                            (record.id, record.to_json()))

    def add_decision(self, table: str, n: int, seat: int, action: str) -> None:
        """Keep decision n of a table; committed when this returns."""
        self.add_decisions([(table, n, seat, action)])

    def add_decisions(self, rows: list[tuple[str, int, int, str]]) -> None:
        """Keep several decisions (table, n, seat, action) in one commit: all or none."""
        with self._writing(), self.db.transaction(), self.db.cursor() as cur:
            cur.executemany("INSERT INTO rulekit_serve_decisions (table_id, n, seat, action) "
                            "VALUES (%s, %s, %s, %s)", rows)

    def remove_decision(self, table: str, n: int) -> None:
        """Forget decision n of a table, its last (a step taken back); committed on return."""
        with self._writing():
            self.db.execute(
                "DELETE FROM rulekit_serve_decisions WHERE table_id = %s AND n = %s AND n = "
                "(SELECT MAX(n) FROM rulekit_serve_decisions WHERE table_id = %s)",
                (table, n, table))

    def tables(self) -> list[tuple[TableRecord, Moves]]:
        """Every table no other process serves, with its decisions; those are held from now."""
        with self._reading():
            rows = self.db.execute(
                "SELECT id, doc FROM rulekit_serve_tables ORDER BY made").fetchall()
            out = []
            self.busy = 0
            for table_id, doc in rows:
                if not self._claim(table_id):
                    self.busy += 1
                    continue
                out.append((self._record(table_id, doc), self._moves(table_id)))
            return out

    def table(self, table_id: str) -> tuple[TableRecord, Moves] | None:
        """One table and its decisions, held from now (None: no such table; TableBusyError:
        another server process serves it)."""
        with self._reading():
            row = self.db.execute("SELECT doc FROM rulekit_serve_tables WHERE id = %s",
                                  (table_id,)).fetchone()
            if row is None:
                return None
            if not self._claim(table_id):
                raise TableBusyError(
                    "this table is served by another rulekit serve process sharing the "
                    "database: open the link on the address that made it (a proxy in front "
                    "of several processes sends each table's links to one of them)")
            return self._record(table_id, row[0]), self._moves(table_id)

    def _record(self, table_id: str, doc: str) -> TableRecord:
        try:
            return TableRecord.from_json(doc)
        except (ValueError, TypeError, KeyError) as e:
            raise self._damaged(f"table {table_id}'s settings cannot be read: {e}") from None

    def _moves(self, table_id: str) -> Moves:
        moves = self.db.execute(
            "SELECT n, seat, action FROM rulekit_serve_decisions WHERE table_id = %s "
            "ORDER BY n", (table_id,)).fetchall()
        if [n for n, _, _ in moves] != list(range(len(moves))):
            raise self._damaged(f"table {table_id} has a gap in its decisions")
        return [(s, a) for _, s, a in moves]

    def close(self) -> None:
        """Close the connection (the tables' locks go with it)."""
        with self.mutex:
            self.db.close()
            self.held.clear()

    # ---- errors ----------------------------------------------------------------------------
    def _writing(self) -> AbstractContextManager[None]:
        return self._using("cannot write to")

    def _reading(self) -> AbstractContextManager[None]:
        return self._using("cannot read")

    @contextmanager
    def _using(self, doing: str) -> Iterator[None]:
        """One use of the connection at a time; a driver's error as a StoreError naming the
        database."""
        with self.mutex:
            try:
                yield
            except self.psycopg.Error as e:
                lost = self.db.closed or isinstance(e, self.psycopg.OperationalError)
                hint = (" (the connection to PostgreSQL was lost: restart the server, which "
                        "restores every table from the database)") if lost else ""
                raise StoreError(f"{doing} {self.path}: {_first_line(e)}{hint}") from None


def _first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0]
