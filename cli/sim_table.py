"""The terminal tables of `rulekit simulate` (from the JSON document, so both always agree)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text


def pct(x: float | None) -> str:
    """A rate as a percentage with one decimal."""
    return "-" if x is None else f"{100 * x:.1f}%"


def num(x: float | int | None, digits: int = 1) -> str:
    """A number, whole numbers without decimals."""
    if x is None:
        return "-"
    if isinstance(x, int):
        return f"{x:,}"
    return f"{x:,.{digits}f}"


def ci(r: dict[str, Any]) -> str:
    """A 95% interval as a percentage range."""
    lo, hi = r["ci95"]
    return f"{100 * lo:.1f}-{100 * hi:.1f}%" if r["of"] else "-"


def _table(title: str, *columns: str) -> Table:
    t = Table(title=Text(title, style="bold"), title_justify="left", box=box.SIMPLE_HEAD,
              show_edge=False, pad_edge=False)
    for i, c in enumerate(columns):
        t.add_column(c, justify="left" if i == 0 else "right")
    return t


def _row(t: Table, *cells: str) -> None:
    t.add_row(*(Text(c) for c in cells))  # plain text: names come from the ruleset


def print_metrics(out: Console, doc: dict[str, Any], run: dict[str, Any]) -> None:
    """Every metric of one run, as a few tables."""
    m = run["metrics"]
    s = doc["settings"]
    variant = f" [{run['variant']}]" if run["variant"] else ""
    partial = " (partial: interrupted)" if doc["partial"] else ""
    out.print(Text(f"{doc['ruleset']['name']}{variant}: {m['games']:,} games ended of "
                   f"{run['games_played']:,} played, {s['players']} players, seats "
                   f"{','.join(s['seats'])}{' rotating' if s['rotate'] else ''}, seeds "
                   f"{s['seed']}..{s['seed'] + s['games'] - 1}{partial}", style="bold"))
    o = m["outcome"]
    t = _table("Outcome", "seat", "wins", "win rate", "95% interval")
    for r in o["seats"]:
        _row(t, str(r["seat"]), num(r["count"]), pct(r["rate"]), ci(r))
    out.print(t)
    if s["rotate"]:
        t = _table("Outcome per player (entry of --seats)", "player", "bot", "wins", "win rate",
                   "95% interval")
        for r in o["players"]:
            _row(t, str(r["player"]), s["seats"][r["player"]], num(r["count"]), pct(r["rate"]),
                 ci(r))
        out.print(t)
    fp = o["first_player"]
    t = _table("Summary", "measure", "value", "95% interval")
    _row(t, "shared wins", pct(o["shared_wins"]["rate"]), ci(o["shared_wins"]))
    _row(t, "no winner", pct(o["no_winner"]["rate"]), ci(o["no_winner"]))
    _row(t, "balance (1 = equal seats)", num(o["balance"], 3), "")
    _row(t, "first player wins", pct(fp["rate"]), ci(fp))
    _row(t, "first-player advantage", pct(fp["advantage"]), "")
    out.print(t)
    t = _table("How games ended", "end", "games", "share", "95% interval")
    for reason, r in o["ends"].items():
        _row(t, reason, num(r["count"]), pct(r["rate"]), ci(r))
    out.print(t)
    t = _table("Length per game", "measure", "mean", "median", "p10", "p90", "max")
    for k, d in m["length"].items():
        _row(t, k, num(d["mean"]), num(d["median"]), num(d["p10"]), num(d["p90"]), num(d["max"]))
    sc = m["scores"]
    for d in sc["seats"]:
        _row(t, f"score, seat {d['seat']}", num(d["mean"]), num(d["median"]), num(d["p10"]),
             num(d["p90"]), num(d["max"]))
    _row(t, "winning margin", num(sc["margin"]["mean"]), num(sc["margin"]["median"]),
         num(sc["margin"]["p10"]), num(sc["margin"]["p90"]), num(sc["margin"]["max"]))
    tn = m["tension"]
    lc = tn["lead_changes"]
    _row(t, "lead changes", num(lc["mean"]), num(lc["median"]), num(lc["p10"]), num(lc["p90"]),
         num(lc["max"]))
    for k in ("drama", "decisiveness"):
        d = tn[k]
        _row(t, k, num(d["mean"], 3), num(d["median"], 3), num(d["p10"], 3), num(d["p90"], 3),
             num(d["max"], 3))
    out.print(t)
    c = m["choice"]
    out.print(Text(f"Choice: {pct(c['multi_option']['rate'])} of decisions offer more than one "
                   f"option; {num(c['mean_options'], 2)} options per decision. Comebacks (the "
                   f"winner was behind after some turn): {pct(tn['comebacks']['rate'])} of "
                   f"{tn['contested']:,} contested games."))
    t = _table("Actions (shares of the decisions where an action could start)", "action",
               "legal", "taken", "taken when legal")
    for name, a in c["actions"].items():
        _row(t, name, pct(a["legal_share"]), pct(a["taken_share"]), pct(a["taken_when_legal"]))
    out.print(t)
    t = _table("Events", "event", "per game", "in games")
    for key, e in m["events"].items():
        _row(t, key, num(e["per_game"], 2), pct(e["games"]["rate"]))
    out.print(t)


def print_comparison(out: Console, doc: dict[str, Any]) -> None:
    """The A/B table: each metric, both variants, the difference and its significance."""
    cmp = doc["comparison"]
    a, b = cmp["a"] or "base", cmp["b"] or "base"
    t = _table(f"A/B: {a} (A) against {b} (B), same seeds and seats", "metric", "A", "B",
               "B - A", "p", "")
    for r in cmp["rows"]:
        rate_like = r["test"] == "two-proportion z" or r["metric"].startswith(
            ("decisions with", "balance"))
        fmt = pct if rate_like and not r["metric"].startswith("balance") else num
        diff = r["diff"]
        _row(t, r["metric"], fmt(r["a"]), fmt(r["b"]),
             "-" if diff is None else ("+" if diff > 0 else "") + fmt(diff),
             "-" if r["p"] is None else f"{r['p']:.3f}", "*" if r["significant"] else "")
    out.print(t)
    out.print(Text("* significant at the 5% level (two-sided; proportions: two-proportion "
                   "z-test; means: Welch's z-test)"))


def print_failures(out: Console, run: dict[str, Any]) -> None:
    """Each failed game: its seed, what failed, and the command that replays it."""
    f = run["metrics"]["failures"]
    if not f["count"]:
        return
    variant = f" [{run['variant']}]" if run["variant"] else ""
    out.print(Text(f"{f['count']} game(s){variant} failed ({f['limit']} hit a limit, "
                   f"{f['rule']} a rule error):", style="bold"))
    for g in f["games"]:
        out.print(Text(f"  game {g['index']}, seed {g['seed']}: {g['error']}"))
        out.print(Text(f"    replay: {g['replay']}"))
    if f["count"] > len(f["games"]):
        out.print(Text(f"  ... and {f['count'] - len(f['games'])} more"))
