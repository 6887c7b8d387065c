"""Events: how often each logged event happens per game, and in what share of games."""

from __future__ import annotations

from typing import Any

from ..stats import sd_of
from ..tally import Tally
from .common import rate


def measure(t: Tally) -> dict[str, Any]:
    """How often each logged event happens per game, and in what share of games."""
    n = t.games
    return {key: {"total": t.events[key], "per_game": t.events[key] / n if n else None,
                  "sd": sd_of(t.events[key], t.events_sq[key], n),
                  "games": rate(t.events_games[key], n)}
            for key in sorted(t.events)}
