"""Shared score: where every seat ends with one score (a cooperative game's), its distribution
in the games won and in the games lost: how far from the target the players were."""

from __future__ import annotations

from typing import Any

from ..stats import distribution
from ..tally import Tally


def measure(t: Tally) -> dict[str, Any]:
    """The score the seats share, in games won and in games lost (n 0 where none is shared)."""
    return {"won": distribution(t.shared_won), "lost": distribution(t.shared_lost)}
