"""'Did you mean' hints: the nearest known name to a misspelt one."""

from __future__ import annotations

import difflib
from typing import Any

MAX_SUGGESTION_POOL = 200  # names compared per 'did you mean'; a large enum is narrowed first


def did_you_mean(name: str, options: Any) -> str:
    """A 'did you mean' hint for a misspelt name, or ''."""
    name = str(name)
    pool = [str(o) for o in options] if len(options) <= MAX_SUGGESTION_POOL else \
        _nearest_lengths(name, options)
    close = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


_BY_LENGTH: dict[int, tuple[Any, dict[int, list[str]]]] = {}


def _nearest_lengths(name: str, options: Any) -> list[str]:
    """The options closest in length to name, at most MAX_SUGGESTION_POOL of them.

    A large enum is indexed by length once (the index is kept with the options object, so a
    later call with the same object is cheap): each hint costs the same whatever the enum's size."""
    hit = _BY_LENGTH.get(id(options))
    if hit is None or hit[0] is not options:
        index: dict[int, list[str]] = {}
        for o in options:
            index.setdefault(len(str(o)), []).append(str(o))
        if len(_BY_LENGTH) > 16:
            _BY_LENGTH.clear()
        hit = _BY_LENGTH[id(options)] = (options, index)
    index = hit[1]
    pool: list[str] = []
    for d in range(max(index) + len(name) + 1):
        for n in {len(name) - d, len(name) + d}:
            pool.extend(index.get(n, ())[:MAX_SUGGESTION_POOL - len(pool)])
        if len(pool) >= MAX_SUGGESTION_POOL:
            break
    return pool
