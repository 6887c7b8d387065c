"""Scores: the final score per seat and the winning margin."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..stats import distribution
from ..tally import Tally


def measure(t: Tally) -> dict[str, Any]:
    """Final scores per seat and the winning margin."""
    return {"seats": [distribution(t.seat_scores.get(p, Counter())) | {"seat": p}
                      for p in range(t.players)],
            "margin": distribution(t.margins)}
