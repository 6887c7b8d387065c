"""`rulekit resume` without a file: the saved games in the folder of saves, newest first.

Each file is read as `rulekit resume FILE` reads it (every field checked); one that cannot be
resumed is counted, not listed. A person picks a game by its number; without a terminal to
ask on, the list is printed and the command says how to resume one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from .look import say
from .savegame import SaveFileError, SaveGame, read_save, saves_dir

MAX_LISTED = 200  # the newest files read; older ones are only counted


@dataclass
class Entry:
    """One save file that can be read, and when it was last written."""

    path: Path
    save: SaveGame
    mtime: float

    def line(self, number: int) -> str:
        """The entry as the list shows it."""
        s = self.save
        game = s.origin.bundled or Path(s.origin.path).name
        if s.variant:
            game += f" ({s.variant})"
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.mtime))
        state = "finished" if s.over else "in progress"
        if s.match is not None:
            state += f", game {s.match.number} of {s.match.games}"
        moves = f"{len(s.actions)} move{'s' if len(s.actions) != 1 else ''}"
        return (f"{number:>3}. {when}  {game}, seed {s.seed}, seats {','.join(s.seats)}: "
                f"{moves}, {state}\n     {self.path}")


def saved_games(folder: Path) -> tuple[list[Entry], int]:
    """The saves in folder that can be read, newest first, and how many files could not be."""
    try:
        files = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return [], 0
    stamped = []
    for p in files:
        try:
            stamped.append((p.stat().st_mtime, p))
        except OSError:
            continue
    stamped.sort(key=lambda x: (-x[0], x[1].name))
    entries: list[Entry] = []
    bad = len(stamped) - min(len(stamped), MAX_LISTED)
    for mtime, p in stamped[:MAX_LISTED]:
        try:
            entries.append(Entry(p, read_save(p), mtime))
        except SaveFileError:
            bad += 1
    return entries, bad


class NoChoice(SaveFileError):
    """No saved game to resume, or nobody to choose one."""


def choose_save(stdin: TextIO, interactive: bool) -> Path | None:
    """List the saved games, newest first, and ask which one to resume (None: none chosen).

    NoChoice when there is none, or when there is no terminal to ask on."""
    folder = saves_dir()
    entries, bad = saved_games(folder)
    unusable = (f" ({bad} other file{'s' if bad != 1 else ''} there cannot be resumed)"
                if bad else "")
    if not entries:
        raise NoChoice(f"no saved game to resume in {folder}{unusable}; give a save file: "
                       "rulekit resume FILE")
    say(f"Saved games in {folder}, newest first{unusable}:")
    for k, entry in enumerate(entries, 1):
        say(entry.line(k))
    if not interactive:
        raise NoChoice("no terminal to choose a game on; resume one with: rulekit resume FILE")
    while True:
        print(f"Resume which game? (1-{len(entries)}, q: none) ", end="", flush=True)
        line = stdin.readline()
        answer = line.strip().lower()
        if not line or answer in ("q", "quit"):
            say("No game resumed.")
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(entries):
            return entries[int(answer) - 1].path
        say(f"Type a number from 1 to {len(entries)}, or q.")
