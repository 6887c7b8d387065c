"""The terminal tables of `rulekit simulate` (from the JSON document, so both always agree).

A comparison opens with its verdict and what the variant changes; the figures are those that
suit the kind of game (a cooperative game: the players' success and their shared score, no
seat balance); endings, events and actions are named in the ruleset's words; every share is a
percentage.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from rulekit.sim import (
    SHARE,
    TOGETHER,
    about_of,
    main_series,
    seats_sentence,
    show,
    show_diff,
    show_p,
    variant_name,
)

SPARKS = "▁▂▃▄▅▆▇█"
SPARK_WIDTH = 40


def pct(x: float | None) -> str:
    """A rate as a percentage with one decimal."""
    return show(x, SHARE)


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


def _about(doc: dict[str, Any]) -> dict[str, Any]:
    return about_of(doc)


def print_header(out: Console, doc: dict[str, Any]) -> None:
    """What was played: the game, the variants, the games, the seats."""
    s = doc["settings"]
    variants = " against ".join(variant_name(r["variant"]) for r in doc["runs"][::-1])
    partial = " (partial: interrupted)" if doc["partial"] else ""
    per = " per variant" if len(doc["runs"]) > 1 else ""
    out.print(Text(f"{doc['ruleset']['name']}: {variants}, {s['games']:,} games{per} "
                   f"(seeds {s['seed']}..{s['seed'] + s['games'] - 1}), {s['players']} players"
                   f"{partial}", style="bold"))
    out.print(Text(seats_sentence(doc)))
    until = doc.get("until_confident")
    if until:
        state = "settled" if until["settled"] else "not settled"
        out.print(Text(f"--until-confident: {state} after {until['rounds'][-1]:,} games per "
                       f"variant (rounds of {', '.join(f'{n:,}' for n in until['rounds'])}; "
                       f"at most {until['most']:,}; a change worth knowing: "
                       f"{show_diff(until['difference'], SHARE)[1:]})."))


def print_verdict(out: Console, doc: dict[str, Any]) -> None:
    """The verdict in words, then what the variant changes."""
    cmp = doc["comparison"]
    for sentence in cmp["verdict"]:
        out.print(Text(sentence))
    changes = _about(doc).get("changes")
    if not changes:
        return
    b = variant_name(cmp["b"])
    out.print(Text(f"What {b} changes", style="bold"))
    for side, v in (("a", cmp["a"]), ("b", cmp["b"])):
        if changes[side]:
            out.print(Text(f"  {variant_name(v)}: {changes[side]}"))
    for k in changes["keys"]:
        out.print(Text(f"  {k['key']}: {k['a'] if k['a'] is not None else '(not set)'} -> "
                       f"{k['b'] if k['b'] is not None else '(not set)'}"))


def print_metrics(out: Console, doc: dict[str, Any], run: dict[str, Any]) -> None:
    """The figures of one run that suit the kind of game, as a few tables."""
    m = run["metrics"]
    about = _about(doc)
    texts = about["texts"]
    out.print(Text(f"{variant_name(run['variant'])}: {m['games']:,} games ended of "
                   f"{run['games_played']:,} played", style="bold"))
    together = about["kind"] == TOGETHER
    if together:
        _together(out, m, about)
    else:
        _seats(out, doc, m)
    t = _table("How games ended", "end", "games", "share", "95% interval")
    for reason, r in m["outcome"]["ends"].items():
        _row(t, texts["ends"].get(reason, reason), num(r["count"]), pct(r["rate"]), ci(r))
    out.print(t)
    _lengths(out, m, together)
    spark = sparkline(doc, run)
    if spark and doc["comparison"] is None:  # a comparison shows both under its table
        out.print(Text(spark))
    _actions(out, m, texts)
    t = _table("Events (in the ruleset's words; <name>: a value)", "event", "per game",
               "in games")
    for key, e in m["events"].items():
        _row(t, texts["events"].get(key, key), num(e["per_game"], 2), pct(e["games"]["rate"]))
    out.print(t)


def _together(out: Console, m: dict[str, Any], about: dict[str, Any]) -> None:
    nw = m["outcome"]["no_winner"]
    won = nw["of"] - nw["count"]
    who = f"beat {about['against']}" if about["against"] else "win"
    t = _table("Outcome (the players win or lose together)", "measure", "games", "share",
               "95% interval")
    lo, hi = nw["ci95"]
    _row(t, f"the players {who}", num(won), pct(won / nw["of"] if nw["of"] else None),
         f"{100 * (1 - hi):.1f}-{100 * (1 - lo):.1f}%" if nw["of"] else "-")
    out.print(t)
    sh = m.get("shared_score")
    if sh and (sh["won"]["n"] or sh["lost"]["n"]):
        t = _table("The score they share", "games", "n", "mean", "median", "p10", "p90")
        for k in ("won", "lost"):
            d = sh[k]
            if d["n"]:
                _row(t, k, num(d["n"]), num(d["mean"]), num(d["median"]), num(d["p10"]),
                     num(d["p90"]))
        out.print(t)


def _seats(out: Console, doc: dict[str, Any], m: dict[str, Any]) -> None:
    s = doc["settings"]
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
    _row(t, "balance (100% = equal seats)", pct(o["balance"]), "")
    _row(t, "first player wins", pct(fp["rate"]), ci(fp))
    _row(t, "first-player advantage (points)", show_diff(fp["advantage"], SHARE)
         .replace(" points", ""), "")
    out.print(t)


def _lengths(out: Console, m: dict[str, Any], together: bool) -> None:
    t = _table("Length per game", "measure", "mean", "median", "p10", "p90", "max")
    rows: list[tuple[str, dict[str, Any], str]] = [
        (k, d, "number") for k, d in m["length"].items()]
    if not together:
        sc, tn = m["scores"], m["tension"]
        rows += [(f"score, seat {d['seat']}", d, "number") for d in sc["seats"]]
        rows += [("winning margin", sc["margin"], "number"),
                 ("lead changes", tn["lead_changes"], "number"),
                 ("drama (share of turns)", tn["drama"], SHARE),
                 ("decisiveness (share of turns)", tn["decisiveness"], SHARE)]
    for label, d, unit in rows:
        if d["mean"] is None:  # nothing measured (e.g. no contested game): no line of '-'
            continue
        cells = [d[k] for k in ("mean", "median", "p10", "p90", "max")]
        _row(t, label, *(pct(c) if unit == SHARE else num(c) for c in cells))
    out.print(t)
    tn = m["tension"]
    if not together and tn["contested"]:
        out.print(Text(f"Comebacks (the winner was behind after some turn): "
                       f"{pct(tn['comebacks']['rate'])} of {tn['contested']:,} contested "
                       "games."))


def _actions(out: Console, m: dict[str, Any], texts: dict[str, Any]) -> None:
    c = m["choice"]
    out.print(Text(f"Choice: {pct(c['multi_option']['rate'])} of decisions offer more than one "
                   f"option; {num(c['mean_options'], 2)} options per decision."))
    t = _table("Actions, of the decisions where one could start (real choice: another "
               "option was open too)", "action", "available", "chosen", "chosen when available",
               "real choice")
    for key, a in c["actions"].items():
        _row(t, texts["actions"].get(key, key), pct(a["legal_share"]), pct(a["taken_share"]),
             pct(a["taken_when_legal"]), pct(a.get("real_share")))
    out.print(t)


def sparkline(doc: dict[str, Any], run: dict[str, Any]) -> str:
    """The main figure as games accumulate, as a line of block characters."""
    label, counts = main_series(doc, run)
    series = [(n, k / n) for n, k in counts]
    if len(series) < 2:
        return ""
    if len(series) > SPARK_WIDTH:  # evenly spaced checkpoints, the last one always kept
        step = len(series) / SPARK_WIDTH
        series = [series[int(i * step)] for i in range(SPARK_WIDTH - 1)] + [series[-1]]
    values = [v for _, v in series]
    lo, hi = min(values), max(values)
    span = hi - lo or 1.0
    line = "".join(SPARKS[min(len(SPARKS) - 1, int((v - lo) / span * len(SPARKS)))]
                   for v in values)
    return (f"Convergence of '{label}' as games accumulate: {series[0][0]:,} games {line} "
            f"{series[-1][0]:,} games (from {pct(values[0])} to {pct(values[-1])}; "
            f"range {pct(lo)}-{pct(hi)}).")


def print_comparison(out: Console, doc: dict[str, Any]) -> None:
    """The A/B tables: each figure that suits the game, both variants, the difference, its p
    and its p corrected for the number of tests (Holm); then the events per game."""
    cmp = doc["comparison"]
    a, b = variant_name(cmp["a"]), variant_name(cmp["b"])
    rows = [r for r in cmp["rows"] if r.get("shown", True)
            and not (r["a"] is None and r["b"] is None)]
    rows.sort(key=lambda r: not r.get("main"))  # the main figure first
    figures = [r for r in rows if "event" not in r]
    events = [r for r in rows if "event" in r]
    texts = _about(doc)["texts"]["events"]
    for title, first, chosen in (
            (f"A/B: {a} (A) against {b} (B), same seeds and seats", "figure", figures),
            ("A/B: events per game", "event", events)):
        if not chosen:
            continue
        t = _table(title, first, "A", "B", "B - A", "p", "corrected", "")
        for r in chosen:
            u = r.get("unit", "number")
            label = texts.get(r["event"], r["event"]) if "event" in r else r.get("label",
                                                                                    r["metric"])
            _row(t, label, show(r["a"], u, 2 if "event" in r else 1),
                 show(r["b"], u, 2 if "event" in r else 1), show_diff(r["diff"], u),
                 show_p(r["p"]), show_p(r.get("p_holm")),
                 "changed" if r.get("significant_holm") else "")
        out.print(t)
    out.print(Text("changed: the corrected p is below 0.05 (Holm's correction over every "
                   "tested row of both tables; two-sided; shares: two-proportion z-test, "
                   "means: Welch's z-test)."))
    for run in doc["runs"]:
        spark = sparkline(doc, run)
        if spark:
            out.print(Text(f"{variant_name(run['variant'])}: {spark}"))


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
