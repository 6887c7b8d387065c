"""The metrics of `rulekit simulate`, one function per family, from a Tally of games.

Each metric is defined once, in docs/simulate.md; the names of the keys returned here are the
JSON schema's. Rates come with 95% Wilson intervals.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .sim_stats import distribution, sd_of, wilson
from .sim_tally import Tally

PPM = 1_000_000


def rate(k: int, n: int) -> dict[str, Any]:
    """A proportion with its count, its total and its 95% Wilson interval."""
    lo, hi = wilson(k, n)
    return {"count": k, "of": n, "rate": k / n if n else None, "ci95": [lo, hi]}


def outcome(t: Tally) -> dict[str, Any]:
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


def with_histogram(hist: Counter[int]) -> dict[str, Any]:
    """A distribution and its histogram (value -> games, values as JSON keys, ascending)."""
    return distribution(hist) | {"histogram": {str(v): hist[v] for v in sorted(hist)}}


def length(t: Tally) -> dict[str, Any]:
    """How long games last: decisions, turns and rounds per game."""
    return {"decisions": with_histogram(t.decisions), "turns": with_histogram(t.turns),
            "rounds": with_histogram(t.rounds)}


def failures(t: Tally) -> dict[str, Any]:
    """Games that stopped on an error: how many, of which kind, and the first ones in full."""
    total = t.games + t.failed
    return {"count": t.failed, "of": total, "limit": t.failure_kinds["limit"],
            "rule": t.failure_kinds["rule"], "games": list(t.failures)}


def scores(t: Tally) -> dict[str, Any]:
    """Final scores per seat and the winning margin."""
    return {"seats": [distribution(t.seat_scores.get(p, Counter())) | {"seat": p}
                      for p in range(t.players)],
            "margin": distribution(t.margins)}


def choice(t: Tally) -> dict[str, Any]:
    """How much choosing there is: real choices, options per decision, and each action's use."""
    d = sum(v * c for v, c in t.decisions.items())
    s = t.start_decisions
    actions = {}
    for name in sorted(t.legal):
        legal, taken = t.legal[name], t.taken[name]
        actions[name] = {"legal": legal, "taken": taken,
                         "legal_share": legal / s if s else None,
                         "taken_share": taken / s if s else None,
                         "taken_when_legal": taken / legal if legal else None}
    return {"decisions": d, "multi_option": rate(t.multi, d),
            "mean_options": t.options / d if d else None,
            "action_decisions": s, "actions": actions}


def tension(t: Tally) -> dict[str, Any]:
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


def events(t: Tally) -> dict[str, Any]:
    """How often each logged event happens per game, and in what share of games."""
    n = t.games
    return {key: {"total": t.events[key], "per_game": t.events[key] / n if n else None,
                  "sd": sd_of(t.events[key], t.events_sq[key], n),
                  "games": rate(t.events_games[key], n)}
            for key in sorted(t.events)}


def all_metrics(t: Tally) -> dict[str, Any]:
    """Every metric family of one tally, as the JSON schema's `metrics` object."""
    return {"games": t.games, "outcome": outcome(t), "length": length(t), "scores": scores(t),
            "choice": choice(t), "tension": tension(t), "events": events(t),
            "failures": failures(t)}
