"""The files of rulekit's per-ruleset caches (compiled code, parsed texts): where one lives and
how it is written, the same for every cache kept in the user's cache directory."""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable
from typing import IO

MAX_FILES = 64  # rulesets kept per cache: the oldest written are dropped past it


def cache_dir() -> str | None:
    """rulekit's directory in the user's own cache (RULEKIT_CACHE_DIR, else
    XDG_CACHE_HOME/rulekit, else ~/.cache/rulekit), made if need be; None when RULEKIT_CACHE_DIR
    is empty (no cache) or the directory cannot be made."""
    chosen = os.environ.get("RULEKIT_CACHE_DIR")
    if chosen == "":
        return None
    if chosen is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        chosen = os.path.join(base, "rulekit")
    try:
        os.makedirs(chosen, mode=0o700, exist_ok=True)
    except OSError:
        return None
    return chosen


def digest(text: str) -> str:
    """The SHA-256 of text, in hex (any text: unpaired surrogates included)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def ruleset_file(folder: str, file: str, text: str, suffix: str) -> str | None:
    """The cache file of the ruleset file with this text in folder of rulekit's cache directory
    (made if need be); None when the cache is turned off or cannot be made."""
    base = cache_dir()
    if base is None:
        return None
    where = os.path.join(base, folder)
    try:
        os.makedirs(where, mode=0o700, exist_ok=True)
    except OSError:
        return None
    return os.path.join(where, digest(f"{file}\0{text}") + suffix)


def write(path: str, dump: Callable[[IO[bytes]], None], failures: tuple = ()) -> None:
    """Write path whole or not at all (a reader never sees half of it), then drop the oldest
    files of its kind in its folder past MAX_FILES. A read-only or crowded cache, or a failure
    of dump among failures, leaves the file as it was: the work is done again next time."""
    folder = os.path.dirname(path)
    suffix = os.path.splitext(path)[1]
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            dump(f)
        os.replace(tmp, path)
        files = sorted((e for e in os.scandir(folder) if e.name.endswith(suffix)),
                       key=lambda e: e.stat().st_mtime)
        for old in files[:-MAX_FILES]:
            os.unlink(old.path)
    except (OSError, *failures):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
