"""Where tables are kept: one small interface, and SQLite behind it (stdlib sqlite3, WAL).

Every decision is written, and committed, before the server sends anyone the view that follows
it, so a server killed at any moment has lost no decision it acknowledged.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .errors import StoreError

DB_NAME = "rulekit-serve.sqlite3"
# full: a commit is on the disk when it returns (a power cut loses nothing acknowledged);
# normal: in the operating system's hands (a killed server loses nothing, a power cut may lose
# the last decisions, never the file): no wait for the disk, which a shared one makes long
SYNC = {"full": "FULL", "normal": "NORMAL"}
SCHEMA_VERSION = 1
APP_ID = 0x524B5356  # "RKSV": this file is ours (PRAGMA application_id)
SCHEMA = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    doc TEXT NOT NULL          -- the table's settings as JSON (TableRecord)
);
CREATE TABLE decisions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,        -- 0 for the game's first decision
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,      -- the action's canonical text, as State.apply takes it
    PRIMARY KEY (table_id, n)
);
"""


@dataclass(frozen=True)
class TableRecord:
    """A table as stored: what deals its game again (the decisions are stored one by one)."""

    id: str
    game: str  # the game's key on this server (a bundled name, or a file's name)
    path: str  # the ruleset file
    sha256: str  # of that file when the table was made (a changed file cannot replay it)
    variant: str | None
    players: int
    seed: int
    lang: str
    seats: tuple[str, ...]  # per seat: human, or a bot's kind (easy, medium, hard...)
    names: tuple[str, ...]
    tokens: tuple[str | None, ...]  # per seat: the SHA-256 of its link's token (None: a bot)
    watch: str  # the SHA-256 of the spectators' token
    created: float

    def to_json(self) -> str:
        """The record as one JSON text."""
        data: dict[str, Any] = dict(self.__dict__)
        return json.dumps(data, ensure_ascii=False, sort_keys=True)

    @staticmethod
    def from_json(text: str) -> TableRecord:
        """A record written by to_json."""
        d = json.loads(text)
        for k in ("seats", "names", "tokens"):
            d[k] = tuple(d[k])
        return TableRecord(**d)


class Store(Protocol):
    """The storage the server needs: tables and their decisions, in order."""

    @property
    def path(self) -> object:
        """What messages name the storage by (a file, a database's URL without password)."""
        ...

    @property
    def busy(self) -> int:
        """How many tables tables() left to another server process sharing the storage."""
        ...

    @property
    def inline(self) -> bool:
        """Whether a commit is quick enough to be made on the event loop."""
        ...

    def add_table(self, record: TableRecord) -> None:
        """Keep a new table (before its links are handed out)."""
        ...

    def add_decision(self, table: str, n: int, seat: int, action: str) -> None:
        """Keep decision n of a table, durably, before the function returns."""
        ...

    def add_decisions(self, rows: list[tuple[str, int, int, str]]) -> None:
        """Keep several decisions (table, n, seat, action) in one commit: all or none."""
        ...

    def remove_decision(self, table: str, n: int) -> None:
        """Forget decision n of a table, its last (a step taken back), durably."""
        ...

    def tables(self) -> list[tuple[TableRecord, list[tuple[int, str]]]]:
        """Every table with its decisions (seat, action) in order (a store shared by several
        processes: those no other process serves, held by this one from now)."""
        ...

    def table(self, table_id: str) -> tuple[TableRecord, list[tuple[int, str]]] | None:
        """One table and its decisions (None: there is none; TableBusyError: another process
        serves it)."""
        ...

    def close(self) -> None:
        """Let go of the storage."""
        ...


class SqliteStore:
    """A Store in one SQLite file (WAL: readers never wait, a commit survives a SIGKILL)."""

    busy = 0  # one process per file: no table is served elsewhere

    def __init__(self, folder: str | Path, sync: str = "full"):
        if sync not in SYNC:
            raise StoreError(f"sync is one of {', '.join(SYNC)}, not {sync[:20]!r}")
        self.sync = sync
        # a commit that does not wait for the disk takes microseconds: made on the event loop
        self.inline = sync == "normal"
        self.path = Path(folder) / DB_NAME
        try:
            Path(folder).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot create the data folder {folder}: {e.strerror or e}") from None
        existed = self.path.exists() and self.path.stat().st_size > 0
        try:
            # autocommit off by hand: each write below is its own transaction, committed
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            raise StoreError(f"cannot open {self.path}: {e}") from None
        try:
            self._check(existed)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={SYNC[sync]}")
            if not existed:
                self.db.executescript(f"BEGIN; {SCHEMA} PRAGMA application_id={APP_ID}; "
                                      f"PRAGMA user_version={SCHEMA_VERSION}; COMMIT;")
        except sqlite3.Error as e:
            self.db.close()
            raise self._damaged(str(e)) from None
        except StoreError:
            self.db.close()
            raise

    def _check(self, existed: bool) -> None:
        """Refuse a file that is not this server's database, or is damaged (reading only)."""
        if not existed:
            return
        ok = self.db.execute("PRAGMA quick_check").fetchone()
        if ok is None or ok[0] != "ok":
            raise self._damaged(str(ok[0]) if ok else "no answer to the check")
        app = self.db.execute("PRAGMA application_id").fetchone()[0]
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if app != APP_ID:
            raise self._damaged("it is not a rulekit serve database")
        if version != SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by another version of rulekit serve "
                             f"(schema {version}, this one reads {SCHEMA_VERSION})")

    def _damaged(self, why: str) -> StoreError:
        return StoreError(
            f"{self.path} cannot be read as the tables' database ({why}). Nothing was changed. "
            "Move the file aside (with its -wal file, if any) to start with no tables, or "
            "start the server with another --data folder; restore a backup to keep the tables")

    def add_table(self, record: TableRecord) -> None:
        """Keep a new table (before its links are handed out)."""
        self._write("INSERT INTO tables (id, doc) VALUES (?, ?)", (record.id, record.to_json()))

    def add_decision(self, table: str, n: int, seat: int, action: str) -> None:
        """Keep decision n of a table; committed (on disk) when this returns."""
        self.add_decisions([(table, n, seat, action)])

    def add_decisions(self, rows: list[tuple[str, int, int, str]]) -> None:
        """Keep several decisions (table, n, seat, action) in one commit: all or none."""
        self._write("INSERT INTO decisions (table_id, n, seat, action) VALUES (?, ?, ?, ?)",
                    rows, many=True)

    def remove_decision(self, table: str, n: int) -> None:
        """Forget decision n of a table, its last (a step taken back); committed on return."""
        self._write("DELETE FROM decisions WHERE table_id = ? AND n = ? AND n = "
                    "(SELECT MAX(n) FROM decisions WHERE table_id = ?)", (table, n, table))

    def _write(self, sql: str, args: Any, many: bool = False) -> None:
        try:
            with self.db:  # one transaction, committed on leaving
                self.db.execute("BEGIN IMMEDIATE")
                if many:
                    self.db.executemany(sql, args)
                else:
                    self.db.execute(sql, args)
        except sqlite3.Error as e:
            raise StoreError(f"cannot write to {self.path}: {e}") from None

    def tables(self) -> list[tuple[TableRecord, list[tuple[int, str]]]]:
        """Every table with its decisions (seat, action) in order."""
        return self._read("SELECT id, doc FROM tables ORDER BY rowid", ())

    def table(self, table_id: str) -> tuple[TableRecord, list[tuple[int, str]]] | None:
        """One table and its decisions (None: there is none)."""
        found = self._read("SELECT id, doc FROM tables WHERE id = ?", (table_id,))
        return found[0] if found else None

    def _read(self, sql: str, args: tuple[str, ...]
              ) -> list[tuple[TableRecord, list[tuple[int, str]]]]:
        try:
            rows = self.db.execute(sql, args).fetchall()
            out = []
            for table_id, doc in rows:
                moves = self.db.execute(
                    "SELECT n, seat, action FROM decisions WHERE table_id = ? ORDER BY n",
                    (table_id,)).fetchall()
                if [n for n, _, _ in moves] != list(range(len(moves))):
                    raise self._damaged(f"table {table_id} has a gap in its decisions")
                out.append((TableRecord.from_json(doc), [(s, a) for _, s, a in moves]))
            return out
        except sqlite3.Error as e:
            raise self._damaged(str(e)) from None
        except (ValueError, TypeError, KeyError) as e:
            raise self._damaged(f"a table's settings cannot be read: {e}") from None

    def close(self) -> None:
        """Close the file."""
        self.db.close()
