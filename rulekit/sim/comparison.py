"""A/B: each metric of two variants side by side, with the difference and its significance,
corrected for the number of tests, and the games a difference of that size would need.

Proportions use the pooled two-proportion z-test, means Welch's z-test (normal approximation).
Each row keeps its own p and `significant` (p < 0.05); `p_holm` and `significant_holm` are
Holm's correction over the rows that suit the kind of game (`shown`), so that with many rows
a difference is not called a change by chance alone.
"""

from __future__ import annotations

import math
from typing import Any

from .describe import TOGETHER
from .stats import (
    ALPHA,
    detectable,
    games_for_means,
    games_for_proportions,
    holm,
    two_means,
    two_proportions,
)

PROPORTION, MEAN = "two-proportion z", "Welch z"
SHARE, NUMBER = "share", "number"
PLAYERS_WIN = "players win"  # the main figure of a cooperative game
FIRST_WINS = "first player wins"  # the main figure of a game of seats
# the rows that describe seats against each other: left out where the players win together
SEAT_ROWS = ("win rate, seat ", "shared wins", "no winner", "balance", FIRST_WINS, "score, seat ",
             "winning margin", "lead changes per game", "comebacks", "drama", "decisiveness")


def _row(name: str, a: float | None, b: float | None, test: str | None = None,
         z: float | None = None, p: float | None = None, unit: str = NUMBER,
         se: float | None = None, needed: int | None = None) -> dict[str, Any]:
    return {"metric": name, "a": a, "b": b,
            "diff": None if a is None or b is None else b - a,
            "test": test, "z": z, "p": p, "significant": p is not None and p < ALPHA,
            "unit": unit, "se": se, "needed": needed}


def _prop(name: str, ra: dict[str, Any] | None, rb: dict[str, Any] | None) -> dict[str, Any]:
    ra = ra or {"count": 0, "of": 0, "rate": None}
    rb = rb or {"count": 0, "of": 0, "rate": None}
    if not ra["of"] or not rb["of"]:
        return _row(name, ra["rate"], rb["rate"], unit=SHARE)
    z, p = two_proportions(ra["count"], ra["of"], rb["count"], rb["of"])
    pa, pb = ra["rate"], rb["rate"]
    se = math.sqrt(pa * (1 - pa) / ra["of"] + pb * (1 - pb) / rb["of"])
    return _row(name, pa, pb, PROPORTION, z, p, SHARE, se, games_for_proportions(pa, pb))


def _mean(name: str, da: dict[str, Any] | None, db: dict[str, Any] | None,
          mean: str = "mean") -> dict[str, Any]:
    if not da or not db or da.get(mean) is None or db.get(mean) is None:
        return _row(name, (da or {}).get(mean), (db or {}).get(mean))
    na, nb = da.get("n", 0), db.get("n", 0)
    z, p = two_means(da[mean], da["sd"], na, db[mean], db["sd"], nb)
    se = math.sqrt(da["sd"] ** 2 / na + db["sd"] ** 2 / nb) if na and nb else None
    return _row(name, da[mean], db[mean], MEAN, z, p, NUMBER, se,
                games_for_means(da["sd"], db["sd"], db[mean] - da[mean]))


def compare(a: dict[str, Any], b: dict[str, Any], kind: str = "seats",
            texts: dict[str, dict[str, str]] | None = None) -> list[dict[str, Any]]:
    """The comparison rows of two `metrics` objects (B minus A), for a game of that kind
    (describe.kind), labelled with the ruleset's words where texts are given."""
    rows = []
    oa, ob = a["outcome"], b["outcome"]
    for sa, sb in zip(oa["seats"], ob["seats"], strict=True):
        rows.append(_prop(f"win rate, seat {sa['seat']}", sa, sb))
    rows.append(_prop("shared wins", oa["shared_wins"], ob["shared_wins"]))
    rows.append(_prop("no winner", oa["no_winner"], ob["no_winner"]))
    rows.append(_row("balance", oa["balance"], ob["balance"], unit=SHARE))
    rows.append(_prop(FIRST_WINS, oa["first_player"], ob["first_player"]))
    for reason in sorted(set(oa["ends"]) | set(ob["ends"])):
        # an ending never seen in one variant's games ended none of them: 0 of its games
        ra = oa["ends"].get(reason) or _none(a["games"])
        rb = ob["ends"].get(reason) or _none(b["games"])
        rows.append(_prop(f"ended by {reason}", ra, rb) | {"end": reason})
    for k in ("decisions", "turns", "rounds"):
        rows.append(_mean(f"{k} per game", a["length"][k], b["length"][k]))
    for sa, sb in zip(a["scores"]["seats"], b["scores"]["seats"], strict=True):
        rows.append(_mean(f"score, seat {sa['seat']}", sa, sb))
    rows.append(_mean("winning margin", a["scores"]["margin"], b["scores"]["margin"]))
    ca, cb = a["choice"], b["choice"]
    # decisions within a game are not independent: shown without a test
    rows.append(_row("decisions with a choice", ca["multi_option"]["rate"],
                     cb["multi_option"]["rate"], unit=SHARE))
    rows.append(_row("options per decision", ca["mean_options"], cb["mean_options"]))
    ta, tb = a["tension"], b["tension"]
    rows.append(_mean("lead changes per game", ta["lead_changes"], tb["lead_changes"]))
    rows.append(_prop("comebacks", ta["comebacks"], tb["comebacks"]))
    rows.append(_mean("drama", ta["drama"], tb["drama"]) | {"unit": SHARE})
    rows.append(_mean("decisiveness", ta["decisiveness"], tb["decisiveness"]) | {"unit": SHARE})
    ea, eb = a["events"], b["events"]
    na, nb = a["games"], b["games"]
    for key in sorted(set(ea) | set(eb)):
        da = _event(ea.get(key), na)
        db = _event(eb.get(key), nb)
        rows.append(_mean(f"event {key} per game", da, db) | {"event": key})
    rows.append(_prop("failed games", _failed(a), _failed(b)))
    if kind == TOGETHER:
        rows += _together(a, b)
    return finish(rows, kind, texts)


def _together(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of a cooperative game: the players' success and the score they share."""
    won = [_won(m) for m in (a, b)]
    rows = [_prop(PLAYERS_WIN, *won)]
    sa, sb = a.get("shared_score"), b.get("shared_score")
    if sa and sb:
        rows.append(_mean("shared score, games won", sa["won"], sb["won"]))
        rows.append(_mean("shared score, games lost", sa["lost"], sb["lost"]))
    return rows


def _none(games: int) -> dict[str, Any]:
    return {"count": 0, "of": games, "rate": 0.0 if games else None}


def _won(m: dict[str, Any]) -> dict[str, Any]:
    nw = m["outcome"]["no_winner"]
    k, n = nw["of"] - nw["count"], nw["of"]
    return {"count": k, "of": n, "rate": k / n if n else None}


def finish(rows: list[dict[str, Any]], kind: str,
           texts: dict[str, dict[str, str]] | None = None) -> list[dict[str, Any]]:
    """Mark the rows that suit the kind of game (`shown`), label them in the ruleset's words,
    correct their p-values together (Holm) and give the difference each could detect."""
    texts = texts or {}
    for r in rows:
        r["shown"] = kind != TOGETHER or not r["metric"].startswith(SEAT_ROWS)
        r["label"] = _label(r, texts)
        r["main"] = r["metric"] == (PLAYERS_WIN if kind == TOGETHER else FIRST_WINS)
        # the smallest difference this test would detect 4 times in 5 at these numbers of games
        r["detectable"] = None if r["se"] is None or not r["se"] else detectable(r["se"])
    _same_tests(rows)
    # a figure that never varied in either variant (se 0, no difference) tests nothing, and
    # a test already made (the same shares, or their complements) is not made twice
    adjusted = holm([r["p"] if r["shown"] and (r["se"] or r["diff"]) and not r["same_as"]
                     else None for r in rows])
    for r, ph in zip(rows, adjusted, strict=True):
        r["p_holm"] = ph
    by_label = {r["label"]: r for r in rows if r["same_as"] is None}
    for r in rows:
        if r["same_as"] is not None:  # a repeated test: the correction of the one it repeats
            r["p_holm"] = by_label[r["same_as"]]["p_holm"]
        r["significant_holm"] = r["p_holm"] is not None and r["p_holm"] < ALPHA
    return rows


def _same_tests(rows: list[dict[str, Any]]) -> None:
    """Mark each shown row whose test repeats an earlier one's (`same_as`: its label): the
    same shares in both variants, or one minus them (seats of one team, the players' wins
    and the games they lost), so that the correction counts each test once."""
    made: list[dict[str, Any]] = []
    for r in sorted(rows, key=lambda r: not r["main"]):  # the main figure's test is kept
        r["same_as"] = None
        if not r["shown"] or r["test"] != PROPORTION or not r["se"]:
            continue
        for m in made:
            if (_near(r["a"], m["a"]) and _near(r["b"], m["b"])) or (
                    _near(r["a"], 1 - m["a"]) and _near(r["b"], 1 - m["b"])):
                r["same_as"] = m["label"]
                break
        else:
            made.append(r)


def _near(x: float, y: float) -> bool:
    return abs(x - y) < 1e-12


def _label(r: dict[str, Any], texts: dict[str, dict[str, str]]) -> str:
    if "end" in r:
        return f"ended: {texts.get('ends', {}).get(r['end'], r['end'])}"
    if "event" in r:
        return f"{texts.get('events', {}).get(r['event'], r['event'])} (per game)"
    return str(r["metric"])


def _event(e: dict[str, Any] | None, games: int) -> dict[str, Any]:
    if e is None:  # never logged in these games: zero each time
        return {"mean": 0.0 if games else None, "sd": 0.0, "n": games}
    return {"mean": e["per_game"], "sd": e["sd"], "n": games}


def _failed(m: dict[str, Any]) -> dict[str, Any]:
    f = m["failures"]
    return {"count": f["count"], "of": f["of"], "rate": f["count"] / f["of"] if f["of"] else None}
