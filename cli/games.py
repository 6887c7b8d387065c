"""The games installed with rulekit: found by name (`rulekit play NAME`) from any directory."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.table import Table

BUNDLE = "rulekit_games"  # the rulesets/ folder, installed as package data
SUFFIXES = (".yaml", ".yml")


def bundled() -> dict[str, Path]:
    """The bundled rulesets by name (the file name without .yaml), sorted by name."""
    # a folder of data, not a package with code: read where the import system would look
    spec = importlib.util.find_spec(BUNDLE)
    folders = [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    found: dict[str, Path] = {}
    for folder in folders:
        if folder.is_dir():
            for entry in sorted(folder.iterdir()):
                if entry.name.endswith(SUFFIXES) and entry.is_file():
                    found.setdefault(entry.name.rsplit(".", 1)[0], entry)
    return dict(sorted(found.items()))


def looks_like_path(text: str) -> bool:
    """Whether a RULESET argument names a file rather than a bundled game."""
    return text.endswith(SUFFIXES) or "/" in text or "\\" in text or Path(text).exists()


class UnknownGame(Exception):
    """RULESET is neither a file nor the name of a bundled game."""

    def __init__(self, name: str, names: list[str]):
        self.name = name
        self.names = names
        listed = ", ".join(names) if names else "(none installed)"
        super().__init__(f"there is no file or bundled game called {name!r}; the bundled "
                         f"games are: {listed} (`rulekit list` describes them; a file is "
                         "named by its path, e.g. rulesets/mygame.yaml)")


def resolve(ruleset: str) -> str:
    """The file a RULESET argument names: a path as given, or a bundled game's file."""
    if looks_like_path(ruleset):
        return ruleset
    games = bundled()
    if ruleset.lower() in games:
        return str(games[ruleset.lower()])
    raise UnknownGame(ruleset, list(games))


def list_games(lang: str | None) -> tuple[Table, int]:
    """`rulekit list`: a row per bundled game, its description in lang where the game has lang
    (else in its first language); and 0, or 1 when a bundled game cannot be loaded."""
    from rich.table import Table

    import rulekit

    from .strings import description, t

    want = lang or "en"
    table = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("name", "game", "players", "variants", "languages", "about"):
        table.add_column(t("list_" + column, want))
    status = 0
    for name, path in bundled().items():
        try:
            g = rulekit.load(path, cached=True)
        except rulekit.RulesetError as e:  # a damaged install: say so, list the others
            status = 1
            table.add_row(name, "-", "-", "-", "-",
                          t("list_broken", want, why=e.diagnostics[0].message))
            continue
        players = (str(g.min_players) if g.min_players == g.max_players
                   else f"{g.min_players}-{g.max_players}")
        table.add_row(name, g.name, players, ", ".join(g.variants) or "-",
                      ", ".join(g.languages), description(g, want))
    return table, status
