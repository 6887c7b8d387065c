"""The record across evenings: each finished game played at the terminal, kept in SQLite.

One row per human seat of each game that reaches its end (a hot-seat game adds a row for each
person; a game between bots adds none): the game, its variant, the other seats' kinds (the
bots' levels, `human` for people), whether that seat won, its score and when. The file is
`record.sqlite3` in rulekit's data folder ($RULEKIT_DATA_DIR, else the platform's per-user
folder, as the saves). SQLite locks the file while a row is written, so two games ending at once
in two terminals both get their rows (each waits up to TIMEOUT seconds for the other).

The record never stops a game: a file SQLite cannot read (damaged, foreign, or locked for
longer than TIMEOUT) is set aside under a dated name and a new record begins, said in one
warning line; a folder it cannot write to is said too, and the game is not recorded.
"""

from __future__ import annotations

import datetime
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .savegame import data_dir

if TYPE_CHECKING:
    import rulekit
    from rulekit.runtime.frames import Outcome

FILE = "record.sqlite3"
TIMEOUT = 10.0  # seconds to wait for another rulekit writing the record
VERSION = 1  # PRAGMA user_version of the record's layout
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
    seed INTEGER NOT NULL
)"""

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
                 int(e.won), e.score, int(e.lower_wins), e.seed) for e in entries]

        def write(db: sqlite3.Connection) -> None:
            with db:  # one transaction: a game's rows are all there or none is
                db.executemany(
                    "INSERT INTO games (finished, game, ruleset, variant, players, seat, name, "
                    "opponents, won, score, lower_wins, seed) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)

        self._use(write, True, "this game is not recorded")

    def lines(self, name: str | None = None) -> list[Line]:
        """The record grouped by game, variant and opponents (none if there is no record yet),
        only the seats called name if given (any case); RecordError (its warning) if it had
        to be set aside."""
        if not self.path.exists():
            return []
        found: list[Line] = []

        def read(db: sqlite3.Connection) -> None:
            found.clear()
            for row in db.execute(
                    "SELECT game, variant, opponents, COUNT(*), SUM(won = 1), MAX(score), "
                    "MIN(score), MAX(lower_wins), MAX(finished) FROM games "
                    "WHERE ? IS NULL OR name = ? COLLATE NOCASE "
                    "GROUP BY game, variant, opponents ORDER BY game, variant, opponents",
                    (name, name)):
                game, variant, against, played, won, high, low, lower, last = row
                found.append(Line(str(game), str(variant), str(against), int(played),
                                  int(won or 0), _whole(low if lower else high), str(last)))

        self._use(read, False, "it cannot be shown")
        return found

    # ---- opening, and setting a damaged record aside ---------------------------------------
    def _use(self, work: _Work, create: bool, failing: str) -> None:
        """Run work on the record; a record SQLite cannot use is set aside and work runs on a
        new one (said through RecordError once work is done). failing: what a failure means."""
        try:
            with self._open(create) as db:
                work(db)
            return
        except sqlite3.DatabaseError as e:
            if _code(e) in _CANNOT_WRITE:
                raise RecordError(f"rulekit: cannot use the record {self.path} ({e}); "
                                  f"{failing}") from None
            locked = _code(e) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
            why = (f"stayed locked for more than {TIMEOUT:g} seconds" if locked else
                   f"cannot be read ({e})")
        except OSError as e:
            raise RecordError(f"rulekit: cannot use the record {self.path} "
                              f"({e.strerror or e}); {failing}") from None
        aside = self._set_aside("locked" if locked else "damaged", failing)
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
        with closing(sqlite3.connect(self.path, timeout=TIMEOUT)) as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]  # reads the header
            if version > VERSION:
                raise OSError(f"written by a newer rulekit: layout {version}, this one "
                              f"reads {VERSION}")
            if version < VERSION:
                with db:
                    db.execute(SCHEMA)
                    db.execute(f"PRAGMA user_version = {VERSION}")
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
    return None
