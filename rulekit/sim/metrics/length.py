"""Length: decisions, turns and rounds per game."""

from __future__ import annotations

from typing import Any

from ..tally import Tally
from .common import with_histogram


def measure(t: Tally) -> dict[str, Any]:
    """How long games last: decisions, turns and rounds per game."""
    return {"decisions": with_histogram(t.decisions), "turns": with_histogram(t.turns),
            "rounds": with_histogram(t.rounds)}
