"""The HTML report of a simulation: one self-contained file (plots as inline SVG drawn by
matplotlib, no script and no network), built from the JSON document.
"""

from __future__ import annotations

import html
import io
from pathlib import Path
from typing import Any

from .describe import TOGETHER
from .stats import wilson
from .verdict import (
    about_of,
    main_series,
    seats_sentence,
    show,
    show_diff,
    show_p,
    variant_name,
)

COLOURS = ("#1f77b4", "#d62728")  # A, B


def _svg(fig: Any) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    import matplotlib.pyplot as plt

    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]  # drop the XML prologue: the SVG sits inside HTML


def _label(run: dict[str, Any]) -> str:
    return run["variant"] or "base"  # short: a column of its own


def _win_rates(runs: list[dict[str, Any]]) -> str:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.5))
    k = len(runs)
    width = 0.8 / k
    for j, run in enumerate(runs):
        seats = run["metrics"]["outcome"]["seats"]
        xs = [s["seat"] + (j - (k - 1) / 2) * width for s in seats]
        ys = [s["rate"] or 0.0 for s in seats]
        lo = [max(0.0, y - s["ci95"][0]) for y, s in zip(ys, seats, strict=True)]
        hi = [max(0.0, s["ci95"][1] - y) for y, s in zip(ys, seats, strict=True)]
        ax.bar(xs, ys, width, yerr=[lo, hi], capsize=3, color=COLOURS[j], alpha=0.8,
               label=_label(run))
    from matplotlib.ticker import PercentFormatter

    ax.set_xlabel("seat")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xticks(range(len(runs[0]["metrics"]["outcome"]["seats"])))
    ax.legend()
    return _svg(fig)


def _histogram(runs: list[dict[str, Any]], hists: list[dict[int, int]], xlabel: str) -> str:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.5))
    values = [v for h in hists for v in h]
    if values:
        lo, hi = min(values), max(values)
        bins = min(40, hi - lo + 1)
        for j, (run, h) in enumerate(zip(runs, hists, strict=True)):
            total = sum(h.values()) or 1
            ax.hist(list(h), bins=bins, range=(lo - 0.5, hi + 0.5),
                    weights=[c / total for c in h.values()], histtype="step", linewidth=2,
                    color=COLOURS[j], label=_label(run))
        ax.legend()
    from matplotlib.ticker import PercentFormatter

    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    return _svg(fig)


def _scores(runs: list[dict[str, Any]]) -> str:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.5))
    k = len(runs)
    for j, run in enumerate(runs):
        stats, pos = [], []
        for d in run["metrics"]["scores"]["seats"]:
            if d["n"]:
                stats.append({"med": d["median"], "q1": d["p10"], "q3": d["p90"],
                              "whislo": d["min"], "whishi": d["max"], "mean": d["mean"],
                              "label": str(d["seat"])})
                pos.append(d["seat"] + (j - (k - 1) / 2) * 0.8 / k)
        if stats:
            ax.bxp(stats, positions=pos, widths=0.6 / k, showmeans=True, showfliers=False,
                   boxprops={"color": COLOURS[j]}, medianprops={"color": COLOURS[j]})
    from matplotlib.lines import Line2D

    ax.legend(handles=[Line2D([], [], color=COLOURS[j], label=_label(run))
                       for j, run in enumerate(runs)])
    ax.set_xlabel("seat (box: 10th-90th percentile, line: median, whiskers: min-max)")
    ax.set_ylabel("final score")
    return _svg(fig)


def _table(rows: list[list[str]], head: list[str]) -> str:
    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for r in rows:
        out.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>")
    return "".join(out) + "</table>"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:,.2f}"


def _hists(runs: list[dict[str, Any]], *path: str) -> list[dict[int, int]]:
    out = []
    for run in runs:
        d: Any = run["metrics"]
        for k in path:
            d = d[k]
        out.append({int(v): c for v, c in d["histogram"].items()})
    return out


def _convergence(doc: dict[str, Any]) -> str:
    """The main figure as games accumulate, with its 95% Wilson interval, per variant."""
    import matplotlib.pyplot as plt

    runs = doc["runs"]
    fig, ax = plt.subplots(figsize=(7, 3.5))
    label = ""
    for j, run in enumerate(runs):
        label, counts = main_series(doc, run)
        if not counts:
            continue
        xs = [n for n, _ in counts]
        bands = [wilson(k, n) for n, k in counts]
        ax.plot(xs, [k / n for n, k in counts], color=COLOURS[j], label=_label(run))
        ax.fill_between(xs, [b[0] for b in bands], [b[1] for b in bands], color=COLOURS[j],
                        alpha=0.15, linewidth=0)
    from matplotlib.ticker import PercentFormatter

    ax.set_xscale("log")
    ax.set_xlabel("games played (log scale)")
    ax.set_ylabel(f"{label} (95% interval)")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))  # shares as percentages everywhere
    ax.legend()
    return _svg(fig)


def _comparison(doc: dict[str, Any]) -> list[str]:
    cmp = doc["comparison"]
    about = about_of(doc)
    parts = ["<h2>Verdict</h2>"] + [f"<p>{html.escape(v)}</p>" for v in cmp["verdict"]]
    ch = about.get("changes")
    if ch:
        items = [f"<li>{html.escape(variant_name(v))}: {html.escape(ch[k])}</li>"
                 for k, v in (("a", cmp["a"]), ("b", cmp["b"])) if ch[k]]
        items += [f"<li><code>{html.escape(k['key'])}</code>: {html.escape(str(k['a']))} &rarr; "
                  f"{html.escape(str(k['b']))}</li>" for k in ch["keys"]]
        parts.append(f"<h2>What {html.escape(variant_name(cmp['b']))} changes</h2><ul>"
                     + "".join(items) + "</ul>")
    rows = [r for r in cmp["rows"] if r.get("shown", True)
            and not (r["a"] is None and r["b"] is None)]
    rows.sort(key=lambda r: not r.get("main"))
    cells = [[r.get("label", r["metric"]), show(r["a"], r.get("unit", "number")),
              show(r["b"], r.get("unit", "number")), show_diff(r["diff"], r.get("unit", "")),
              show_p(r["p"]), show_p(r.get("p_holm")),
              "changed" if r.get("significant_holm") else ""]
             for r in rows]
    parts.append("<h2>A/B comparison</h2><p>B minus A; shares: two-proportion z-test, means: "
                 "Welch's z-test; corrected: Holm's correction over every tested row; changed: "
                 "corrected two-sided p &lt; 0.05.</p>")
    parts.append(_table(cells, ["figure", "A", "B", "B - A", "p", "corrected", ""]))
    return parts


def build_report(doc: dict[str, Any]) -> str:
    """The report's HTML text, from the JSON document."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "rulekit"  # the same figures give the same file
    runs = doc["runs"]
    s = doc["settings"]
    about = about_of(doc)
    texts = about["texts"]
    together = about["kind"] == TOGETHER
    title = f"rulekit simulate: {doc['ruleset']['name']}"
    parts = [f"<h1>{html.escape(title)}</h1>"]
    if doc["partial"]:
        parts.append("<p class=warn><b>Partial results</b>: the run was interrupted; the "
                     "figures cover the games played so far.</p>")
    parts.append("<p>" + html.escape(
        f"{doc['ruleset']['file']}, {s['players']} players, {s['games']:,} games per variant "
        f"from seed {s['seed']}; variants: {', '.join(_label(r) for r in runs)}. Metrics are "
        "defined in docs/simulate.md.") + "</p>")
    parts.append(f"<p>{html.escape(seats_sentence(doc))}</p>")
    if doc["comparison"] is not None:
        parts += _comparison(doc)
    parts.append("<h2>Convergence</h2><p>The main figure as games accumulate: a line that "
                 "has flattened, inside a narrow band, has settled.</p>" + _convergence(doc))
    if together:
        rows = []
        for run in runs:
            m = run["metrics"]
            nw = m["outcome"]["no_winner"]
            won = nw["of"] - nw["count"]
            sh = m.get("shared_score") or {"won": {"mean": None}, "lost": {"mean": None}}
            rows.append([_label(run), f"{m['games']:,}", _pct(won / nw["of"] if nw["of"]
                                                              else None),
                         _num(sh["won"]["mean"]), _num(sh["lost"]["mean"])])
        against = about["against"]
        parts.append("<h2>Outcome: the players win or lose together</h2>" + _table(
            rows, ["variant", "games", f"the players beat {against}" if against
                   else "the players win", "shared score, games won",
                   "shared score, games lost"]))
    else:
        parts.append("<h2>Win rate per seat</h2>" + _win_rates(runs))
        rows = []
        for run in runs:
            o = run["metrics"]["outcome"]
            rows.append([_label(run), f"{run['metrics']['games']:,}",
                         _pct(o["shared_wins"]["rate"]), _pct(o["no_winner"]["rate"]),
                         _pct(o["balance"]), _pct(o["first_player"]["rate"]),
                         _pct(o["first_player"]["advantage"])])
        parts.append(_table(rows, ["variant", "games", "shared wins", "no winner", "balance",
                                   "first player wins", "first-player advantage"]))
    rows = [[_label(run), texts["ends"].get(k, k), _pct(v["rate"])]
            for run in runs for k, v in run["metrics"]["outcome"]["ends"].items()]
    parts.append("<h2>How games ended</h2>" + _table(rows, ["variant", "end", "share"]))
    parts.append("<h2>Length</h2>" + _histogram(runs, _hists(runs, "length", "decisions"),
                                               "decisions per game"))
    parts.append(_histogram(runs, _hists(runs, "length", "turns"), "turns per game"))
    rows = [[_label(run), k, _num(d["mean"]), str(d["median"]), str(d["p10"]), str(d["p90"]),
             str(d["max"])] for run in runs for k, d in run["metrics"]["length"].items()]
    parts.append(_table(rows, ["variant", "measure", "mean", "median", "p10", "p90", "max"]))
    if not together:
        parts.append("<h2>Scores</h2>" + _scores(runs))
        if any(run["metrics"]["tension"]["contested"] for run in runs):
            parts.append("<h2>Lead changes</h2>" + _histogram(
                runs, _hists(runs, "tension", "lead_changes"), "lead changes per game"))
            rows = [[_label(run), _num(t["lead_changes"]["mean"]), _pct(t["comebacks"]["rate"]),
                     _pct(t["drama"]["mean"]), _pct(t["decisiveness"]["mean"])]
                    for run in runs for t in [run["metrics"]["tension"]]]
            parts.append(_table(rows, ["variant", "lead changes per game", "comebacks",
                                       "drama", "decisiveness"]))
    rows = [[_label(run), texts["actions"].get(k, k), _pct(a["legal_share"]),
             _pct(a["taken_share"]), _pct(a["taken_when_legal"]), _pct(a.get("real_share"))]
            for run in runs for k, a in run["metrics"]["choice"]["actions"].items()]
    parts.append("<h2>Actions</h2><p>Of the decisions where an action could start; real "
                 "choice: another option was open too.</p>" + _table(
                     rows, ["variant", "action", "available", "chosen",
                            "chosen when available", "real choice"]))
    rows = [[_label(run), texts["events"].get(k, k), _num(e["per_game"]),
             _pct(e["games"]["rate"])]
            for run in runs for k, e in run["metrics"]["events"].items()]
    parts.append("<h2>Events</h2>" + _table(rows, ["variant", "event", "per game", "in games"]))
    style = ("body{font-family:sans-serif;max-width:60em;margin:auto}"
             "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
             "padding:2px 6px;text-align:right}td:first-child,td:nth-child(2){text-align:left}"
             ".warn{color:#a00}")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
            f"</title><style>{style}</style></head><body>{''.join(parts)}</body></html>\n")


def write_report(path: str, doc: dict[str, Any]) -> None:
    """Write the report to path."""
    Path(path).write_text(build_report(doc), encoding="utf-8")
