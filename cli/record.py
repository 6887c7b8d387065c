"""The record across evenings: each finished game played at the terminal, kept in SQLite.

One row per human seat of each game that reaches its end (a hot-seat game adds a row for each
person; a game between bots adds none): the game, its variant, the other seats' kinds (the
bots' levels, `human` for people), whether that seat won, its score and when. The file is
`record.sqlite3` in rulekit's data folder ($RULEKIT_DATA_DIR, else the platform's per-user
folder, as the saves). SQLite locks the file while a row is written, so two games ending at once
in two terminals both get their rows (each waits up to TIMEOUT seconds for the other).

The record never stops a game: a file SQLite cannot read (damaged, or another program's
database) is set aside under a dated name and a new record begins, said in one warning line; a
record locked for longer than TIMEOUT (busy) or a folder it cannot write to is said too, and
the game is not recorded. `rulekit stats` only reads: it says what is wrong and sets nothing
aside. The file is made readable by its owner only (0600).
"""

from __future__ import annotations

import datetime
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .names import key
from .savegame import data_dir

if TYPE_CHECKING:
    import rulekit
    from rulekit import Outcome

FILE = "record.sqlite3"
TIMEOUT = 10.0  # seconds to wait for another rulekit writing the record
VERSION = 2  # PRAGMA user_version of the record's layout
HUMAN = "human"

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    finished TEXT NOT NULL,     -- when the game ended, UTC, ISO 8601
    game TEXT NOT NULL,         -- the game's name, as the ruleset gives it
    ruleset TEXT NOT NULL,      -- a bundled game's name, or the ruleset file
    variant TEXT NOT NULL,      -- '' for the base game
    players INTEGER NOT NULL,
    seat INTEGER NOT NULL,      -- from 0, as the engine and the saves count
    name TEXT NOT NULL,         -- the seat's name at the table
    opponents TEXT NOT NULL,    -- the other seats' kinds, sorted, joined by '+'
    won INTEGER NOT NULL,       -- 1 or 0
    score INTEGER NOT NULL,
    lower_wins INTEGER NOT NULL,  -- 1 when the ruleset's lowest score wins
    seed TEXT NOT NULL          -- the game's seed, in decimal (any size)
)"""

# layout 1 kept the seed as an INTEGER (a seed of 2**63 or more did not fit)
_FROM_1 = ("ALTER TABLE games RENAME TO games_1", SCHEMA,
           "INSERT INTO games SELECT id, finished, game, ruleset, variant, players, seat, name, "
           "opponents, won, score, lower_wins, CAST(seed AS TEXT) FROM games_1",
           "DROP TABLE games_1")

# SQLite's primary result codes that say the file is fine but cannot be written now (a
# folder without write permission, a full disk): nothing to set aside
_CANNOT_WRITE = {sqlite3.SQLITE_PERM, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR,
                 sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_AUTH}


_Work = Callable[[sqlite3.Connection], None]


def record_path() -> Path:
    """The record's file: record.sqlite3 in rulekit's data folder."""
    return data_dir() / FILE


@dataclass(frozen=True)
class Entry:
    """One human seat's finished game."""

    game: str
    ruleset: str
    variant: str
    players: int
    seat: int
    name: str
    opponents: str
    won: bool
    score: int
    lower_wins: bool
    seed: int


@dataclass(frozen=True)
class Line:
    """The record of one game, variant and opponents: games played and won, the best score."""

    game: str
    variant: str
    opponents: str
    played: int
    won: int
    best: int
    last: str  # when the last of these games ended (UTC, ISO 8601)


def opponents(kinds: list[str], seat: int) -> str:
    """The other seats' kinds as the record groups them: 'medium', 'easy+hard', 'human'."""
    return "+".join(sorted({k for p, k in enumerate(kinds) if p != seat})) or "-"


class RecordError(Exception):
    """The record could not be used; the message is the one warning line to print."""


class Record:
    """The record file: rows added as games end, lines read for `rulekit stats`."""

    def __init__(self, path: Path | None = None):
        self.path = path or record_path()

    def add(self, entries: list[Entry]) -> None:
        """Add a game's rows in one transaction; RecordError (its warning) if they could not
        be (a damaged record is set aside first and the rows go to a new one)."""
        if not entries:
            return
        now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        rows = [(now, e.game, e.ruleset, e.variant, e.players, e.seat, e.name, e.opponents,
                 int(e.won), e.score, int(e.lower_wins), str(e.seed)) for e in entries]

        def write(db: sqlite3.Connection) -> None:
            with db:  # one transaction: a game's rows are all there or none is
                db.executemany(
                    "INSERT INTO games (finished, game, ruleset, variant, players, seat, name, "
                    "opponents, won, score, lower_wins, seed) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)

        self._use(write, True, "this game is not recorded")

    def lines(self, name: str | None = None) -> list[Line]:
        """The record grouped by game, variant and opponents (none if there is no record yet),
        only the seats called name if given (as names compare: any case, NFC); RecordError
        (its message) if it cannot be read. Nothing is written nor set aside."""
        if not self.path.exists():
            return []
        found: list[Line] = []

        def read(db: sqlite3.Connection) -> None:
            if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone():
                return  # an empty file: no game recorded yet
            db.create_function("name_key", 1, _name_key, deterministic=True)
            for row in db.execute(
                    "SELECT game, variant, opponents, COUNT(*), SUM(won = 1), MAX(score), "
                    "MIN(score), MAX(lower_wins), MAX(finished) FROM games "
                    "WHERE ? IS NULL OR name_key(name) = ? "
                    "GROUP BY game, variant, opponents ORDER BY game, variant, opponents",
                    (name, None if name is None else key(name))):
                game, variant, against, played, won, high, low, lower, last = row
                found.append(Line(str(game), str(variant), str(against), int(played),
                                  int(won or 0), _whole(low if lower else high), str(last)))

        self._use(read, False, "it cannot be shown")
        return found

    # ---- opening, and setting a damaged record aside ---------------------------------------
    def _use(self, work: _Work, create: bool, failing: str) -> None:
        """Run work on the record (create: writing, else only reading); a record SQLite cannot
        read is set aside when writing and work runs on a new one (said through RecordError
        once work is done). A busy record (another program holds its lock) is never set aside.
        failing: what a failure means."""
        try:
            with self._open(create) as db:
                work(db)
            return
        except sqlite3.DatabaseError as e:
            if _code(e) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise RecordError(f"rulekit: the record {self.path} is busy (another program "
                                  f"has held it for more than {TIMEOUT:g} seconds); "
                                  f"{failing if create else 'try again'}") from None
            if _code(e) in _CANNOT_WRITE:
                raise RecordError(f"rulekit: cannot use the record {self.path} ({e}); "
                                  f"{failing}") from None
            if not create:
                raise RecordError(f"rulekit: the record {self.path} cannot be read ({e}); "
                                  f"{failing}") from None
            why = f"cannot be read ({e})"
        except OSError as e:
            raise RecordError(f"rulekit: cannot use the record {self.path} "
                              f"({e.strerror or e}); {failing}") from None
        aside = self._set_aside("damaged", failing)
        said = (f"rulekit: the record {self.path} {why}; it is set aside as {aside.name} "
                "and a new record begins")
        try:
            with self._open(create) as db:
                work(db)
        except (sqlite3.DatabaseError, OSError) as e:
            raise RecordError(f"{said}, but the new one cannot be used either ({e}); "
                              f"{failing}") from None
        raise RecordError(said)

    @contextmanager
    def _open(self, create: bool) -> Iterator[sqlite3.Connection]:
        if create:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            with suppress(FileExistsError):  # made here, the owner's alone (as SQLite's beside it)
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            where = str(self.path)
        else:
            where = f"{self.path.resolve().as_uri()}?mode=ro"
        with closing(sqlite3.connect(where, timeout=TIMEOUT, uri=not create)) as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]  # reads the header
            if version > VERSION:
                raise OSError(f"written by a newer rulekit: layout {version}, this one "
                              f"reads {VERSION}")
            if version < VERSION and create:
                db.execute("BEGIN IMMEDIATE")  # the layout changed whole or not at all
                try:
                    for step in (_FROM_1 if version == 1 else (SCHEMA,)):
                        db.execute(step)
                    db.execute(f"PRAGMA user_version = {VERSION}")
                except BaseException:
                    db.rollback()
                    raise
                db.commit()
            yield db

    def _set_aside(self, why: str, failing: str) -> Path:
        """Rename the record to record-DATE-TIME.WHY.sqlite3 (a number added if taken)."""
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        for k in range(1, 1000):
            suffix = "" if k == 1 else f"-{k}"
            aside = self.path.with_name(f"record-{stamp}{suffix}.{why}.sqlite3")
            if not aside.exists():
                break
        try:
            self.path.rename(aside)
        except OSError as e:
            raise RecordError(f"rulekit: the record {self.path} cannot be used nor set aside "
                              f"({e.strerror or e}); {failing}") from None
        for extra in ("-journal", "-wal", "-shm"):  # SQLite's own files beside it go with it
            side = self.path.with_name(self.path.name + extra)
            if side.exists():
                side.rename(aside.with_name(aside.name + extra))
        return aside


def _code(e: sqlite3.DatabaseError) -> int:
    return getattr(e, "sqlite_errorcode", 0) & 0xFF  # the primary code of an extended one


def _name_key(name: object) -> str | None:
    return key(name) if isinstance(name, str) else None


def _whole(v: object) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def record_game(game: rulekit.Game, ruleset: str, variant: str | None, kinds: list[str],
                names: list[str], outcome: Outcome, seed: int) -> str | None:
    """Add a finished game's rows, one per human seat; the warning to print, if any."""
    entries = [Entry(game.name, ruleset, variant or "", len(kinds), p, names[p],
                     opponents(kinds, p), p in outcome.winners, outcome.scores[p],
                     game.winners_mode == "lowest", seed)
               for p, kind in enumerate(kinds) if kind == HUMAN]
    try:
        Record().add(entries)
    except RecordError as e:
        return str(e)
    except (sqlite3.Error, OverflowError, ValueError, UnicodeError, OSError) as e:
        return f"rulekit: the record cannot be written ({e}); this game is not recorded"
    return None
