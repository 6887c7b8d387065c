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


def list_games(lang: str | None, width: int, long: bool = False) -> tuple[Table, int]:
    """`rulekit list`: a row per bundled game, its description in lang where the game has lang
    (else in its first language); and 0, or 1 when a bundled game cannot be loaded.

    The short form is one line per game, its description cut to fit `width` columns, so that
    the list fits a small terminal; long adds the variants and languages, wrapped."""
    from rich.cells import cell_len
    from rich.table import Table
    from rich.text import Text

    import rulekit

    from .strings import description, t

    want = lang or "en"
    rows: list[list[str]] = []
    status = 0
    for name, path in bundled().items():
        try:
            g = rulekit.load(path, cached=True)
        except rulekit.RulesetError as e:  # a damaged install: say so, list the others
            status = 1
            broken = t("list_broken", want, why=e.diagnostics[0].message)
            rows.append([name, "-", "-", "-", "-", broken] if long else [name, "-", "-", broken])
            continue
        players = (str(g.min_players) if g.min_players == g.max_players
                   else f"{g.min_players}-{g.max_players}")
        if long:
            rows.append([name, g.name, players, ", ".join(g.variants) or "-",
                         ", ".join(g.languages), description(g, want)])
        else:
            rows.append([name, players, g.name, description(g, want)])
    columns = ("name", "game", "players", "variants", "languages", "about") if long else (
        "name", "players", "game", "about")
    heads = [t("list_" + c, want) for c in columns]
    table = Table(box=None, pad_edge=False, show_edge=False)
    for head in heads:
        table.add_column(head, no_wrap=not long)
    # the short form cuts each description itself: rich would squeeze the other columns first
    used = sum(max(cell_len(r[i]) for r in [heads, *rows]) + 2 for i in range(len(heads) - 1))
    for row in rows:
        about = Text(row[-1])
        if not long:
            about.truncate(max(width - used, 1), overflow="ellipsis")
        table.add_row(*row[:-1], about)
    return table, status
