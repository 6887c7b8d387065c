"""How much a long randomised test tries: a CI run's share, or the whole of it under the "deep"
hypothesis profile (a night's search: HYPOTHESIS_PROFILE=deep, see README.md)."""

from __future__ import annotations

import os

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"


def tries(ci: int, deep: int) -> int:
    """ci examples, games or hands in a CI run; deep under the deep profile."""
    return deep if DEEP else ci
