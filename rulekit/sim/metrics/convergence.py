"""Convergence: the outcome counted again at checkpoints as the games accumulate (game 0 on),
so a report can show whether a figure has settled."""

from __future__ import annotations

from typing import Any

from ..tally import Tally


def measure(t: Tally) -> dict[str, Any]:
    """At each checkpoint, the totals of the games up to it: ended, failed, with a winner,
    won by the first player, each seat's wins and each ending's games."""
    at = sorted({cp for cp, _ in t.progress})
    totals: dict[str, int] = {}
    points = []
    for cp in at:
        for (c, what), n in t.progress.items():
            if c == cp:
                totals[what] = totals.get(what, 0) + n
        points.append({
            "at": cp, "games": totals.get("games", 0), "failed": totals.get("failed", 0),
            "won": totals.get("won", 0), "first": totals.get("first", 0),
            "seats": [totals.get(f"seat:{p}", 0) for p in range(t.players)],
            "ends": {k[4:]: v for k, v in sorted(totals.items()) if k.startswith("end:")}})
    return {"points": points}
