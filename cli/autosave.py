"""Every decision saved: a game's save file rewritten after its decisions, atomically.

The save on disk is always a whole save (write_save: a temporary file, fsync, rename), so a
closed terminal, a SIGKILL or a power cut loses at most the decision being made. A person's
decision is saved at once, and so is everything before a person is asked; quick bot moves in a
row are saved at most every SAVE_EVERY seconds, so that bots playing fast do not wait on the
disk (a bot that thinks longer than that is saved after each move).
"""

from __future__ import annotations

import time
from pathlib import Path

from rulekit import EventLog, fill

from .savegame import MatchInfo, Origin, SaveGame, create_new, write_save

SAVE_EVERY = 0.25  # seconds between two saves while only quick bot moves happen

STRINGS: dict[str, dict[str, str]] = {
    "stopped": {
        "en": "Game saved: {path} (resume it with: rulekit resume {path})",
        "fr": "Partie sauvegardée : {path} (reprenez-la avec : rulekit resume {path})",
        "es": "Partida guardada: {path} (continúala con: rulekit resume {path})",
    },
}


def said(key: str, lang: str, **args: object) -> str:
    """One of STRINGS in lang (English when lang lacks it), placeholders filled."""
    entry = STRINGS[key]
    return fill(entry.get(lang) or entry["en"], {k: str(v) for k, v in args.items()}, lang)


class Autosave:
    """Writes one game's save file whenever its completed decisions have changed.

    fresh: the file is new (a default name): it is created exclusively (create_new), so it
    never replaces another game's save; otherwise it is the file named or resumed."""

    def __init__(self, origin: Origin, variant: str | None, kinds: list[str], seed: int,
                 lang: str, match: MatchInfo | None, path: Path, fresh: bool,
                 names: list[str] | None = None):
        self.head = (origin, variant, list(kinds), seed, lang)
        self.names = list(names) if names is not None else None  # per seat, as shown
        self.match = match
        self.path = path
        self.fresh = fresh
        self.history = EventLog()  # the decisions completed (a copy: O(1), never written)
        self.over = False
        self.written: tuple[int, bool] | None = None  # (decisions, over) on disk
        self.last = 0.0  # time.monotonic() of the last write
        self.error: str | None = None  # why the last write failed

    def done(self, history: EventLog, over: bool) -> None:
        """Note the game as it stands after a completed decision (nothing is written yet)."""
        self.history, self.over = history.copy(), over

    @property
    def current(self) -> bool:
        """Whether the file holds every completed decision."""
        return self.written == (len(self.history), self.over)

    def save(self, now: bool = True) -> bool:
        """Write the completed decisions if they changed (now=False: only if SAVE_EVERY has
        passed since the last write); whether the file is current. OSError: error is set."""
        if self.current:
            return True
        if not now and time.monotonic() - self.last < SAVE_EVERY:
            return False
        origin, variant, kinds, seed, lang = self.head
        save = SaveGame(origin, variant, kinds, seed, lang,
                        [text for _, text in self.history], self.over, self.match, self.names)
        try:
            if self.fresh:
                self.path = create_new(self.path)
                self.fresh = False
            write_save(save, self.path)
        except OSError as e:
            self.error = str(e.strerror or e)
            return False
        self.written = (len(self.history), self.over)
        self.last = time.monotonic()
        self.error = None
        return True
