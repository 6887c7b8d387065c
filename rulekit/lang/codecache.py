"""Compiled code objects of generated functions, kept between runs in the user's cache.

Compiling a ruleset's generated module is a third of its load time. Each ruleset file has a cache
file (named by the SHA-256 of its path and text, in `codegen/` of rulekit's cache directory) that
maps the SHA-256 of a function's source text to its code object (marshal, in a folder named by
the interpreter's cache tag). A function whose text changed has another key, so an entry is
never stale; the file is kept through `lang.cache` (a checked private directory, a keyed seal),
so one that is damaged or that rulekit did not write is never unmarshalled: it is ignored and
written anew; the oldest files go past cache.MAX_FILES. RULEKIT_CACHE_DIR= (empty) turns it off.
"""

from __future__ import annotations

import marshal
import sys
from types import CodeType

from .cache import Entry, digest, read, ruleset_file, write


class CodeCache:
    """The code objects of one ruleset file's generated functions."""

    def __init__(self, entry: Entry | None):
        self.entry = entry
        self._codes: dict[str, CodeType] = {}
        self._new = False
        self.hits = 0  # functions found compiled
        self.misses = 0  # functions compiled now
        kept = None if entry is None else read(entry)
        if kept is not None:
            try:
                data = marshal.loads(kept)
            except (EOFError, ValueError, TypeError):
                data = None  # written by another Python: compiled again and written anew
            if isinstance(data, dict) and all(isinstance(k, str) and isinstance(v, CodeType)
                                              for k, v in data.items()):
                self._codes = data

    @property
    def path(self) -> str | None:
        """The cache file, or None when caching is off."""
        return None if self.entry is None else self.entry.path

    @classmethod
    def for_ruleset(cls, file: str, text: str) -> CodeCache:
        """The cache of the ruleset file with this text (a cache of nothing when turned off)."""
        return cls(ruleset_file(f"codegen-{sys.implementation.cache_tag}", file, text,
                                ".marshal"))

    def compile(self, text: str, filename: str) -> CodeType:
        """text compiled (mode exec), from the cache when it holds it."""
        key = digest(text)
        code = self._codes.get(key)
        if code is not None and code.co_filename == filename:
            self.hits += 1
            return code
        code = compile(text, filename, "exec")
        self.misses += 1
        self._codes[key] = code
        self._new = True
        return code

    def save(self) -> None:
        """Write the file if it has new entries (atomically: a reader never sees half of it)."""
        if not self._new or self.entry is None:
            return
        self._new = False
        write(self.entry, marshal.dumps(self._codes))
