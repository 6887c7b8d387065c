#!/usr/bin/env python3
"""A gauntlet: simple scripted strategies, each in one seat against bots in the others.

    python benchmarks/gauntlet.py --games 400 --opponent medium --json gauntlet.json
    python benchmarks/gauntlet.py --rulesets sham,spades:one_hand --strategies first,call --games 40

For each ruleset (NAME[:VARIANT]) and strategy (benchmarks/strategies.py: first, call, pass,
most_cards, greedy; or any bot spec), game i puts the strategy in seat i mod P and --opponent in
the other seats, on the deal of seed S + i div P: every deal is played once with the strategy in
each seat. The figure is the share of games the strategy's seat is among the winners, with its
Wilson 95% interval, against its fair share: what a seat no better nor worse than the others
would win, the mean number of winners over P (1/P with one winner; a team game's team share,
1/2 with two teams). A cooperative game (Shamus) has no fair share: its reference is the same
games played by --opponent in every seat (the "control" row). call and pass differ from first
only in windows: they are left out of rulesets with no window answer to call.

Each game is played whole by one process and depends only on its task, so the figures are the
same for any --workers. Failed games (a rule's error) count for nobody and are shown.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from matchplay import (
    GameResult,
    GameTask,
    Table,
    add_common,
    check_spec,
    commit,
    cpu_per_game,
    fail,
    interval,
    load,
    pct,
    print_table,
    rounded,
    run,
    tables,
    write_json,
)
from rich.console import Console
from strategies import STRATEGIES, has_call

CONTROL = "control"


def rows_of(table: Table, strategies: list[str], opponent: str) -> list[tuple[str, str]]:
    """The (label, spec) rows of one ruleset: its strategies, and a control if cooperative."""
    calls = has_call(load(table.path, table.variant))
    rows = [(s, s) for s in strategies if calls or s not in ("call", "pass")]
    if table.cooperative:
        rows.append((CONTROL, opponent))
    return rows


def tasks_of(row: int, table: Table, spec: str, opponent: str, games: int,
             seed: int) -> list[GameTask]:
    """The games of one row: the strategy rotated through the seats, each deal once per seat."""
    n = table.players
    out = []
    for i in range(games):
        seats = [opponent] * n
        seats[i % n] = spec
        out.append(GameTask(row, i, table.path, table.variant, tuple(seats),
                            deal_seed=seed + i // n, bot_seed=seed + i))
    return out


def figures(table: Table, label: str, results: list[GameResult],
            reference: dict | None) -> dict:
    """One row's figures: the strategy seat's wins, its interval and its fair share."""
    n = table.players
    decided = [r for r in results if r.error is None]
    wins = sum(1 for r in decided if r.index % n in r.winners)
    row: dict[str, Any] = {"ruleset": table.name, "players": n, "cooperative": table.cooperative,
           "strategy": label, "games": len(results), "failed": len(results) - len(decided)}
    row.update(interval(wins, len(decided)))
    if table.cooperative:
        # no fair share: the control's rate, the same deals played by the opponents alone
        share = reference["rate"] if reference is not None else None
    else:
        share = sum(len(r.winners) for r in decided) / n / len(decided) if decided else None
    row["fair_share"] = None if share is None else round(share, 4)
    row["verdict"] = verdict(row, share) if label != CONTROL else "reference"
    return row


def verdict(row: dict, share: float | None) -> str:
    """above / below: the 95% interval lies wholly above / below the fair share; else within."""
    if share is None or not row["decided"]:
        return "-"
    if row["low"] > share:
        return "above"
    if row["high"] < share:
        return "below"
    return "within"


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play the gauntlet, print its table (and write the JSON)."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_common(parser, games=40)
    parser.add_argument("--strategies", default=",".join(STRATEGIES),
                        help="comma-separated strategies or bot specs (default: "
                             f"{','.join(STRATEGIES)})")
    parser.add_argument("--opponent", default="medium",
                        help="the bot in every other seat, with an iteration budget "
                             "(default: the shipped level medium)")
    args = parser.parse_args(argv)
    opponent = check_spec(args.opponent)
    strategies = [check_spec(s.strip()) for s in args.strategies.split(",") if s.strip()]
    if not strategies:
        fail("no strategy given")
    tabs = tables(args.rulesets, args.players)
    plan: list[tuple[Table, str, int]] = []  # (table, label, games) per row
    tasks: list[GameTask] = []
    for table in tabs:
        games = rounded(args.games, table.players)
        for label, spec in rows_of(table, strategies, opponent):
            tasks += tasks_of(len(plan), table, spec, opponent, games, args.seed)
            plan.append((table, label, games))
    console = Console(stderr=True)
    results = run(tasks, args.workers, console, "gauntlet")
    rows: list[dict] = []
    cpu: list[float] = []
    for k, (table, label, _) in enumerate(plan):
        control = next((j for j, (t, lab, _) in enumerate(plan)
                        if t is table and lab == CONTROL), None)
        reference = figures(table, CONTROL, results[control], None) if control is not None \
            else None
        rows.append(figures(table, label, results[k], reference))
        cpu.append(cpu_per_game(results[k]))
    show(rows, cpu, opponent, args.markdown)
    write_json(args.json, {"benchmark": "gauntlet", "commit": commit(),
                           "settings": {"games": args.games, "seed": args.seed,
                                        "opponent": opponent, "strategies": strategies,
                                        "rulesets": [t.name for t in tabs]},
                           "rows": rows})
    return 0


def show(rows: list[dict], cpu: list[float], opponent: str, markdown: bool) -> None:
    """The table of results, on standard output."""
    cells = []
    for row, c in zip(rows, cpu, strict=True):
        share = "-" if row["fair_share"] is None else pct(row["fair_share"])
        if row["cooperative"] and row["strategy"] != CONTROL:
            share += " (control)"
        cells.append([row["ruleset"], str(row["players"]), row["strategy"],
                      f"{row['wins']}/{row['decided']}", pct(row["rate"]),
                      f"{pct(row['low'])}-{pct(row['high'])}", share, row["verdict"],
                      str(row["failed"]), f"{c:.2f}"])
    print_table(f"Gauntlet: one seat against {opponent} in the others",
                ["ruleset", "P", "strategy", "won", "rate", "95% interval", "fair share",
                 "verdict", "failed", "CPU s/game"], cells, markdown)


if __name__ == "__main__":
    sys.exit(main())
