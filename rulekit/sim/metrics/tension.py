"""Tension: lead changes, drama, comebacks and decisiveness, from the scores after each turn.

Measured per game (`of_game`, from the scores sampled while it is played) and totalled over the
games (`measure`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..stats import distribution
from ..tally import Tally
from .common import PPM, rate, with_histogram


@dataclass(frozen=True)
class GameTension:
    """The tension figures of one game."""

    lead_changes: int
    contested: bool  # some seats won and some lost: drama and decisiveness apply
    drama_ppm: int = 0  # share of turns after which no eventual winner led
    decisive_ppm: int = 0  # share of turns played before a winner took the lead for good


def leaders(scores: tuple[int, ...], lowest: bool) -> frozenset[int]:
    """The seats with the best score (the lowest if the ruleset's lowest score wins)."""
    best = min(scores) if lowest else max(scores)
    return frozenset(p for p, v in enumerate(scores) if v == best)


def of_game(samples: list[tuple[int, ...]], winners: tuple[int, ...],
            lowest: bool) -> GameTension:
    """Lead changes, drama and decisiveness of a game from its scores after each turn."""
    lead = [leaders(s, lowest) for s in samples]
    changes = sum(1 for a, b in zip(lead, lead[1:], strict=False) if a != b)
    won = frozenset(winners)
    contested = 0 < len(won) < len(samples[-1])
    turns = len(lead) - 1
    if not contested or turns < 1:
        return GameTension(changes, contested)
    ahead = [bool(ls & won) for ls in lead[1:]]  # after turn t, an eventual winner leads
    behind = turns - sum(ahead)
    k = turns  # the turns played before an eventual winner took the lead for good
    while k > 0 and ahead[k - 1]:
        k -= 1
    return GameTension(changes, contested, (PPM * behind + turns // 2) // turns,
                       (PPM * k + turns // 2) // turns)


def measure(t: Tally) -> dict[str, Any]:
    """Lead changes, drama, comebacks and decisiveness, from the scores after each turn."""
    c = t.contested
    return {"games": t.tension_games, "lead_changes": with_histogram(t.lead_changes),
            "contested": c, "comebacks": rate(t.comebacks, c),
            "drama": _fraction(t.drama), "decisiveness": _fraction(t.decisive)}


def _fraction(hist: Counter[int]) -> dict[str, Any]:
    """Mean and spread of per-game fractions stored in parts per million."""
    d = distribution(hist)
    out: dict[str, Any] = {"n": d["n"]}
    for k in ("mean", "sd", "min", "p10", "median", "p90", "max"):
        v = d[k]
        out[k] = None if v is None else v / PPM
    return out
