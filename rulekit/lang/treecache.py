"""Parsed DSL texts kept between runs: half of a ruleset's load in a new process is parsing.

Each ruleset file has a cache file (named by the SHA-256 of its path and text, as its compiled
code's is) mapping each of its texts, with the rule it was parsed from, to its syntax tree. The
folder is named by the hash of the grammar and of the parsing code, lark's version and this
format's, so a changed grammar or parser never reads an old tree; a file that cannot be read
whole as such a mapping is ignored and written anew; the oldest files go past
cache.MAX_FILES. The compiler makes a ruleset's cache the active one while it compiles, and
`parsing.parse` asks it first. Files are pickles kept through `lang.cache` (a checked private
directory, a keyed seal): one that rulekit did not write is never unpickled.
"""

from __future__ import annotations

import contextlib
import hashlib
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lark import Tree
from lark import __version__ as lark_version

from .cache import Entry, read, ruleset_file, write

FORMAT = 1


class TreeCache:
    """The syntax trees of one ruleset file's texts."""

    def __init__(self, entry: Entry | None):
        self.entry = entry
        self._trees: dict[tuple[str, str], Tree[Any]] = {}
        self._new = False
        if entry is not None:
            self._trees = _read(entry)

    @classmethod
    def for_ruleset(cls, file: str, text: str) -> TreeCache:
        """The cache of the ruleset file with this text (a cache of nothing when turned off)."""
        here = Path(__file__).parent  # the grammar and the code that shapes a parsed tree
        made_by = (here / "grammar.lark").read_bytes() + (here / "parsing.py").read_bytes()
        tag = hashlib.sha256(made_by).hexdigest()[:16]
        return cls(ruleset_file(f"trees-{tag}-lark-{lark_version}-{FORMAT}", file, text,
                                ".pickle"))

    def get(self, text: str, start: str) -> Tree[Any] | None:
        """The tree of text parsed from start in an earlier run, if it is kept."""
        return self._trees.get((text, start))

    def put(self, text: str, start: str, tree: Tree[Any]) -> None:
        """Keep a freshly parsed tree (written by save)."""
        self._trees[(text, start)] = tree
        self._new = True

    def save(self) -> None:
        """Write the file if it has new entries (atomically: a reader never sees half of it)."""
        if not self._new or self.entry is None:
            return
        self._new = False
        try:
            data = pickle.dumps(self._trees, protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, RecursionError):
            return  # parsed again next time
        write(self.entry, data)


def _read(entry: Entry) -> dict[tuple[str, str], Tree[Any]]:
    kept = read(entry)  # None unless rulekit wrote it, sealed: only then unpickled
    if kept is None:
        return {}
    try:
        data: Any = pickle.loads(kept)
    except Exception:  # noqa: BLE001 - written by another lark: parsed again, written anew
        return {}
    if not isinstance(data, dict) or not all(
            isinstance(k, tuple) and len(k) == 2 and isinstance(v, Tree) for k, v in data.items()):
        return {}
    return data


_active: TreeCache | None = None  # the cache of the ruleset being compiled


@contextlib.contextmanager
def active(cache: TreeCache) -> Iterator[TreeCache]:
    """Make cache the one parse() asks while the block runs (a ruleset's compilation)."""
    global _active
    before, _active = _active, cache
    try:
        yield cache
    finally:
        _active = before


def stored(text: str, start: str) -> Tree[Any] | None:
    """The kept tree of text, if the active ruleset's cache holds it."""
    return None if _active is None else _active.get(text, start)


def keep(text: str, start: str, tree: Tree[Any]) -> None:
    """Remember a freshly parsed tree in the active ruleset's cache."""
    if _active is not None:
        _active.put(text, start, tree)
