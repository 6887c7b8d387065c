"""Outcome: who wins, per seat and per player; shared wins, no winner, balance, first player,
and how games ended."""

from __future__ import annotations

from typing import Any

from ..tally import Tally
from .common import rate


def measure(t: Tally) -> dict[str, Any]:
    """Who wins: per seat and per player, shared wins, no winner, balance, first player, ends."""
    n = t.games
    seats = [rate(t.seat_wins[p], n) | {"seat": p} for p in range(t.players)]
    players = [rate(t.player_wins[q], n) | {"player": q} for q in range(t.players)]
    rates = [s["rate"] for s in seats if s["rate"] is not None]
    fair = t.winner_slots / (n * t.players) if n else None
    first = rate(t.first_wins, n)
    return {
        "seats": seats,
        "players": players,
        "shared_wins": rate(t.shared, n),
        "no_winner": rate(t.no_winner, n),
        "balance": 1 - (max(rates) - min(rates)) if rates else None,
        "fair_share": fair,
        "first_player": first | {
            "advantage": None if fair is None else first["rate"] - fair,
            "seats": {str(p): c for p, c in sorted(t.first_seat.items())}},
        "ends": {reason: rate(c, n) for reason, c in sorted(t.reasons.items())},
    }
