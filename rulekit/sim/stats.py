"""The statistics of a simulation: Wilson intervals, two-sample z-tests, nearest-rank
percentiles, Holm's correction for many tests and the games a difference needs. Hand-written
(a few lines each; the normal quantiles from the standard library's NormalDist) so the
simulator needs no scientific library.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from statistics import NormalDist

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal distribution
ALPHA = 0.05


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (0..1 each); (0, 1) when n is 0."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # at k = 0 or k = n the bound is exactly 0 or 1; rounding must not push it past the rate
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


def p_two_sided(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportions(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """Pooled two-proportion z-test of k1/n1 against k2/n2: (z, two-sided p)."""
    if n1 == 0 or n2 == 0:
        return (0.0, 1.0)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return (0.0, 1.0)
    z = (k2 / n2 - k1 / n1) / se
    return (z, p_two_sided(z))


def two_means(m1: float, sd1: float, n1: int,
              m2: float, sd2: float, n2: int) -> tuple[float, float]:
    """Welch's z-test of two means (normal approximation, fine for the sample sizes here)."""
    if n1 < 2 or n2 < 2:
        return (0.0, 1.0)
    se = math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    if se == 0:
        return (0.0, 1.0) if m1 == m2 else (math.copysign(math.inf, m2 - m1), 0.0)
    z = (m2 - m1) / se
    return (z, p_two_sided(z))


def percentile(hist: Counter[int], total: int, q: float) -> int | None:
    """The nearest-rank q-th percentile (0 < q <= 100) of values counted in hist."""
    if total == 0:
        return None
    rank = max(1, math.ceil(q / 100 * total))
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= rank:
            return value
    return max(hist)  # pragma: no cover - rank <= total


def distribution(hist: Counter[int]) -> dict[str, float | int | None]:
    """Count, mean, standard deviation, min, 10th/50th/90th percentiles and max of a histogram."""
    n = sum(hist.values())
    if n == 0:
        return {"n": 0, "mean": None, "sd": None, "min": None, "p10": None, "median": None,
                "p90": None, "max": None}
    s = sum(v * c for v, c in hist.items())
    sq = sum(v * v * c for v, c in hist.items())
    return {"n": n, "mean": s / n, "sd": sd_of(s, sq, n), "min": min(hist),
            "p10": percentile(hist, n, 10), "median": percentile(hist, n, 50),
            "p90": percentile(hist, n, 90), "max": max(hist)}


def sd_of(total: int | float, squares: int | float, n: int) -> float:
    """The sample standard deviation from a sum and a sum of squares of n values."""
    if n < 2:
        return 0.0
    var = (squares - total * total / n) / (n - 1)
    return math.sqrt(max(var, 0.0))


# ---- many tests at once, and how many games a difference needs ----------------------------

POWER = 0.8  # the chance of detecting a difference that is there, for the games-needed figures


def holm(ps: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjustment of p-values tested together (None: not a test, kept None).

    A row is significant when its adjusted p is below ALPHA: then the chance that any of the
    tests is a false alarm stays below ALPHA, whatever their number."""
    tested = sorted((p, i) for i, p in enumerate(ps) if p is not None)
    m = len(tested)
    out: list[float | None] = [None] * len(ps)
    running = 0.0
    for rank, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (m - rank) * p))  # adjusted ps never decrease
        out[i] = running
    return out


def quantile(q: float) -> float:
    """The q-th quantile of the standard normal distribution (0 < q < 1)."""
    return NormalDist().inv_cdf(q)


def detectable(se1: float, alpha: float = ALPHA, power: float = POWER) -> float:
    """The smallest difference a two-sided test at alpha detects with the given power, when
    the difference's standard error is se1 (normal approximation)."""
    return (quantile(1 - alpha / 2) + quantile(power)) * se1


def games_for_proportions(p1: float, p2: float, alpha: float = ALPHA,
                          power: float = POWER) -> int | None:
    """Games per variant for a two-proportion z-test to detect p1 against p2 (None: equal)."""
    d = abs(p2 - p1)
    if d == 0:
        return None
    bar = (p1 + p2) / 2
    a = quantile(1 - alpha / 2) * math.sqrt(2 * bar * (1 - bar))
    b = quantile(power) * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    return math.ceil(((a + b) / d) ** 2)


def games_for_means(sd1: float, sd2: float, diff: float, alpha: float = ALPHA,
                    power: float = POWER) -> int | None:
    """Games per variant for Welch's z-test to detect a difference of means diff (None: 0)."""
    if diff == 0:
        return None
    z = quantile(1 - alpha / 2) + quantile(power)
    return max(2, math.ceil(z * z * (sd1 * sd1 + sd2 * sd2) / (diff * diff)))
