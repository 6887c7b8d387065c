"""A/B: each metric of two variants side by side, with the difference and its significance.

Proportions use the pooled two-proportion z-test, means Welch's z-test (normal approximation);
a difference is significant when the two-sided p-value is below 0.05. Each test is on its own:
with many rows, about one in twenty differs "significantly" by chance.
"""

from __future__ import annotations

from typing import Any

from .stats import ALPHA, two_means, two_proportions

PROPORTION, MEAN = "two-proportion z", "Welch z"


def _row(name: str, a: float | None, b: float | None, test: str | None = None,
         z: float | None = None, p: float | None = None) -> dict[str, Any]:
    return {"metric": name, "a": a, "b": b,
            "diff": None if a is None or b is None else b - a,
            "test": test, "z": z, "p": p, "significant": p is not None and p < ALPHA}


def _prop(name: str, ra: dict[str, Any] | None, rb: dict[str, Any] | None) -> dict[str, Any]:
    ra = ra or {"count": 0, "of": 0, "rate": None}
    rb = rb or {"count": 0, "of": 0, "rate": None}
    if not ra["of"] or not rb["of"]:
        return _row(name, ra["rate"], rb["rate"])
    z, p = two_proportions(ra["count"], ra["of"], rb["count"], rb["of"])
    return _row(name, ra["rate"], rb["rate"], PROPORTION, z, p)


def _mean(name: str, da: dict[str, Any] | None, db: dict[str, Any] | None,
          mean: str = "mean") -> dict[str, Any]:
    if not da or not db or da.get(mean) is None or db.get(mean) is None:
        return _row(name, (da or {}).get(mean), (db or {}).get(mean))
    na, nb = da.get("n", 0), db.get("n", 0)
    z, p = two_means(da[mean], da["sd"], na, db[mean], db["sd"], nb)
    return _row(name, da[mean], db[mean], MEAN, z, p)


def compare(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """The comparison rows of two `metrics` objects (B minus A)."""
    rows = []
    oa, ob = a["outcome"], b["outcome"]
    for sa, sb in zip(oa["seats"], ob["seats"], strict=True):
        rows.append(_prop(f"win rate, seat {sa['seat']}", sa, sb))
    rows.append(_prop("shared wins", oa["shared_wins"], ob["shared_wins"]))
    rows.append(_prop("no winner", oa["no_winner"], ob["no_winner"]))
    rows.append(_row("balance", oa["balance"], ob["balance"]))
    rows.append(_prop("first player wins", oa["first_player"], ob["first_player"]))
    for reason in sorted(set(oa["ends"]) | set(ob["ends"])):
        rows.append(_prop(f"ended by {reason}", oa["ends"].get(reason), ob["ends"].get(reason)))
    for k in ("decisions", "turns", "rounds"):
        rows.append(_mean(f"{k} per game", a["length"][k], b["length"][k]))
    for sa, sb in zip(a["scores"]["seats"], b["scores"]["seats"], strict=True):
        rows.append(_mean(f"score, seat {sa['seat']}", sa, sb))
    rows.append(_mean("winning margin", a["scores"]["margin"], b["scores"]["margin"]))
    ca, cb = a["choice"], b["choice"]
    # decisions within a game are not independent: shown without a test
    rows.append(_row("decisions with a choice", ca["multi_option"]["rate"],
                     cb["multi_option"]["rate"]))
    rows.append(_row("options per decision", ca["mean_options"], cb["mean_options"]))
    ta, tb = a["tension"], b["tension"]
    rows.append(_mean("lead changes per game", ta["lead_changes"], tb["lead_changes"]))
    rows.append(_prop("comebacks", ta["comebacks"], tb["comebacks"]))
    rows.append(_mean("drama", ta["drama"], tb["drama"]))
    rows.append(_mean("decisiveness", ta["decisiveness"], tb["decisiveness"]))
    ea, eb = a["events"], b["events"]
    na, nb = a["games"], b["games"]
    for key in sorted(set(ea) | set(eb)):
        da = _event(ea.get(key), na)
        db = _event(eb.get(key), nb)
        rows.append(_mean(f"event {key} per game", da, db))
    rows.append(_prop("failed games", _failed(a), _failed(b)))
    return rows


def _event(e: dict[str, Any] | None, games: int) -> dict[str, Any]:
    if e is None:  # never logged in these games: zero each time
        return {"mean": 0.0 if games else None, "sd": 0.0, "n": games}
    return {"mean": e["per_game"], "sd": e["sd"], "n": games}


def _failed(m: dict[str, Any]) -> dict[str, Any]:
    f = m["failures"]
    return {"count": f["count"], "of": f["of"], "rate": f["count"] / f["of"] if f["of"] else None}
