"""The games a server offers: the bundled ones and the ruleset files named on its command line."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rulekit

from ..games import bundled
from ..savegame import file_hash as _file_hash
from ..strings import description

__all__ = ["GameEntry", "catalogue", "file_hash"]


def file_hash(path: str) -> str:
    """The SHA-256 of a ruleset file and the files it extends (as saved games check it)."""
    return _file_hash(path)


@dataclass
class GameEntry:
    """One game offered: its key in requests, its file, its compiled variants (loaded once)."""

    key: str
    path: str
    _loaded: dict[str | None, rulekit.Game] = field(default_factory=dict, repr=False)

    def load(self, variant: str | None = None) -> rulekit.Game:
        """The game (or a variant of it), compiled once per server."""
        game = self._loaded.get(variant)
        if game is None:
            game = self._loaded[variant] = rulekit.load(self.path, variant, cached=True)
        return game

    def describe(self) -> dict[str, Any]:
        """The game as the page's list shows it."""
        g = self.load()
        return {"key": self.key, "name": g.name, "min_players": g.min_players,
                "max_players": g.max_players, "default_players": g.default_players,
                "variants": list(g.variants), "languages": list(g.languages),
                "about": {lang: description(g, lang) for lang in g.languages}}


def catalogue(rulesets: list[str] | None = None) -> dict[str, GameEntry]:
    """The bundled games, then each ruleset file given (by its file name; a clash numbered).

    A file that cannot be loaded raises its RulesetError: the server does not start with it."""
    out = {name: GameEntry(name, str(path.resolve())) for name, path in bundled().items()}
    for given in rulesets or []:
        path = Path(given).resolve()
        key = base = path.stem.lower()
        k = 2
        while key in out and out[key].path != str(path):
            key, k = f"{base}-{k}", k + 1
        entry = out[key] = GameEntry(key, str(path))
        entry.load()  # a broken file is reported now, not when a table is made
    return out
