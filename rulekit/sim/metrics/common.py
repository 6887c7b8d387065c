"""What several metrics share: a rate with its interval, a distribution with its histogram."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..stats import distribution, wilson

PPM = 1_000_000  # per-game fractions are kept as whole parts per million, so sums are exact


def rate(k: int, n: int) -> dict[str, Any]:
    """A proportion with its count, its total and its 95% Wilson interval."""
    lo, hi = wilson(k, n)
    return {"count": k, "of": n, "rate": k / n if n else None, "ci95": [lo, hi]}


def with_histogram(hist: Counter[int]) -> dict[str, Any]:
    """A distribution and its histogram (value -> games, values as JSON keys, ascending)."""
    return distribution(hist) | {"histogram": {str(v): hist[v] for v in sorted(hist)}}
