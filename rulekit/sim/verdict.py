"""The verdict of an A/B comparison in words: which figures changed, by how much and with what
confidence (Holm-corrected), the main figure with its interval, and for the rest the smallest
change these games could show; and whether the verdict is settled (`--until-confident`).

Shares are said as percentages and their differences in points, everywhere in the report.
"""

from __future__ import annotations

import math
from typing import Any

from .describe import TOGETHER
from .stats import ALPHA, POWER, Z95, quantile

__all__ = ["SHARE", "TOGETHER", "about_of", "main_row", "main_series", "seats_sentence", "settled",
           "show", "show_diff", "show_p", "variant_name", "verdict"]

SHARE = "share"
LISTED = 5  # changed figures named in the verdict; the table has the rest


def show(v: float | int | None, unit: str, digits: int = 1) -> str:
    """A value: a share as a percentage, a number with `digits` decimals (whole ones without)."""
    if v is None:
        return "-"
    if unit == SHARE:
        return f"{100 * v:.1f}%"
    if isinstance(v, int) or float(v).is_integer() and abs(v) >= 100:
        return f"{v:,.0f}"
    return f"{v:,.{digits}f}"


def show_diff(d: float | None, unit: str) -> str:
    """A difference, signed: of shares in percentage points."""
    if d is None:
        return "-"
    sign = "+" if d > 0 else "-" if d < 0 else "±"
    if unit == SHARE:
        return f"{sign}{abs(100 * d):.1f} points"
    return f"{sign}{abs(d):,.2f}"


def show_p(p: float | None) -> str:
    """A p-value with three decimals, '< 0.001' below that, '-' for no test."""
    if p is None:
        return "-"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def variant_name(variant: str | None) -> str:
    """A variant as the report names it."""
    return "the base game" if variant is None else variant


def main_row(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The comparison's main figure (the players' success, or the first player's)."""
    return next((r for r in rows if r.get("main")), None)


def interval(r: dict[str, Any], z: float = Z95) -> tuple[float, float] | None:
    """The 95% interval of a row's difference (normal approximation)."""
    if r["diff"] is None or not r["se"]:
        return None
    return (r["diff"] - z * r["se"], r["diff"] + z * r["se"])


def verdict(rows: list[dict[str, Any]], a: str | None, b: str | None, games: tuple[int, int],
            kind: str, against: str | None) -> list[str]:
    """The verdict's sentences."""
    # each test once: a row repeating another's test (same_as) is not a figure of its own
    tested = [r for r in rows if r["shown"] and r["p_holm"] is not None
              and not r.get("same_as")]
    # the main figure first, then the surest changes
    changed = sorted((r for r in tested if r["significant_holm"]),
                     key=lambda r: (not r.get("main"), r["p_holm"]))
    out = []
    head = f"{variant_name(b)} against {variant_name(a)}, {games[0]:,} and {games[1]:,} games"
    if changed:
        items = [f"{r['label']} {show(r['a'], r['unit'])} -> {show(r['b'], r['unit'])} "
                 f"({show_diff(r['diff'], r['unit'])}, p {show_p(r['p_holm'])})"
                 for r in changed[:LISTED]]
        more = f"; and {len(changed) - LISTED} more (the table below)" \
            if len(changed) > LISTED else ""
        out.append(f"Verdict: {head}: {len(changed)} of {len(tested)} figures changed beyond "
                   f"chance (Holm-corrected over the {len(tested)} tests, 5% level): "
                   + "; ".join(items) + more + ".")
    else:
        out.append(f"Verdict: {head}: no figure changed beyond chance ({len(tested)} figures "
                   "tested, Holm-corrected at the 5% level).")
    m = main_row(rows)
    if m is not None and m["a"] is not None and m["b"] is not None:
        out.append(_main(m, a, b, kind, against, min(games)))
    rest = _detectable(rows, min(games))
    if rest:
        out.append(f"With {min(games):,} games per variant, a change shows {int(POWER * 100)}% "
                   f"of the time only if it is at least: {rest}; smaller changes may be there "
                   "unseen.")
    return out


def _main(m: dict[str, Any], a: str | None, b: str | None, kind: str, against: str | None,
          n: int) -> str:
    u = m["unit"]
    what = (f"The players beat {against} in" if against else "The players win") \
        if kind == TOGETHER else "The first player wins"
    text = (f"{what} {show(m['a'], u)} of games with {variant_name(a)} and {show(m['b'], u)} with "
            f"{variant_name(b)} ({show_diff(m['diff'], u)}")
    ci = interval(m)
    if ci is not None:
        text += f"; 95% interval {show_diff(ci[0], u)} to {show_diff(ci[1], u)}"
    text += f"; p {show_p(m['p'])}, {show_p(m['p_holm'])} corrected)."
    if m["significant_holm"]:
        return text + " A change."
    if m["needed"] is None:
        return text + " The same in both."
    return (text + f" Not settled: about {m['needed']:,} games per variant would show a "
            f"difference this size {int(POWER * 100)}% of the time (now {n:,}).")


def _detectable(rows: list[dict[str, Any]], n: int) -> str:
    picks = [r for r in rows if r["shown"] and r["detectable"] is not None
             and not r["significant_holm"] and not r.get("same_as")
             and (r.get("main") or r["metric"] in ("decisions per game", "turns per game")
                  or "end" in r)]
    picks.sort(key=lambda r: not r.get("main"))
    return ", ".join(f"{r['label']} {show_diff(r['detectable'], r['unit'])[1:]}"
                     for r in picks[:6])


def settled(rows: list[dict[str, Any]], difference: float, looks: int,
            games: tuple[int, int]) -> bool:
    """Whether the main figure's verdict is settled: its difference shown (at ALPHA shared
    among the planned looks), or its interval (likewise widened) inside +-difference.

    The interval adds a won and a lost game to each variant (Agresti and Caffo), so that a
    share of 0% or 100% in a few games is not taken for a certainty."""
    m = main_row(rows)
    if m is None or m["a"] is None or m["b"] is None or min(games) < 1:
        return False
    pa, pb = ((p * n + 1) / (n + 2) for p, n in zip((m["a"], m["b"]), games, strict=True))
    se = math.sqrt(pa * (1 - pa) / (games[0] + 2) + pb * (1 - pb) / (games[1] + 2))
    z = quantile(1 - ALPHA / (2 * max(1, looks)))
    lo, hi = pb - pa - z * se, pb - pa + z * se
    return bool(lo > 0 or hi < 0 or (-difference < lo and hi < difference))


def about_of(doc: dict[str, Any]) -> dict[str, Any]:
    """The document's `about` (a document without one: a game of seats, named by its keys)."""
    return doc.get("about") or {"kind": "seats", "against": None, "changes": None,
                                "texts": {"actions": {}, "ends": {}, "events": {}}}


def seats_sentence(doc: dict[str, Any]) -> str:
    """Which bots played, and what that means for the figures."""
    s = doc["settings"]
    seats = s["seats"]
    rotating = " (rotating between games)" if s["rotate"] else ""
    if all(k == "random" for k in seats):
        return (f"Seats: random in every seat{rotating}, the default: the figures say what the "
                "rules alone allow, not how people play (--seats easy, medium or hard for bots "
                "that play, each a fixed budget of search iterations: the run repeats exactly).")
    return f"Seats: {', '.join(seats)}{rotating}."


def main_series(doc: dict[str, Any], run: dict[str, Any]) -> tuple[str, list[tuple[int, int]]]:
    """The main figure's name and its count at each checkpoint: (games, games it held in)."""
    together = about_of(doc)["kind"] == TOGETHER
    against = about_of(doc)["against"]
    label = (f"the players beat {against}" if against else "the players win") if together \
        else "the first player wins"
    points = run["metrics"].get("convergence", {}).get("points", [])
    key = "won" if together else "first"
    return label, [(p["games"], p[key]) for p in points if p["games"]]
