"""`rulekit stats`: the record of the games played at the terminal (record.py), as a table."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich import box
from rich.table import Table

from .look import make_console, say
from .names import check_name


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """The `stats` sub-command's parser."""
    p: argparse.ArgumentParser = sub.add_parser(
        "stats", help="the record of the games you played: played, won, best scores",
        description="Print the record of the games played at the terminal (each human seat of "
                    "each finished game; rulekit play --no-record leaves a game out): games "
                    "played and won per game, variant and opponents (the other seats' kinds), "
                    "and the best score (the lowest where the lowest wins). The record is "
                    "record.sqlite3 in rulekit's data folder ($RULEKIT_DATA_DIR, else the "
                    "per-user data folder, e.g. ~/.local/share/rulekit).")
    p.add_argument("--name", metavar="NAME",
                   help="only the games of the seat called NAME (rulekit play --names), e.g. "
                        "one of the people sharing a terminal")
    p.add_argument("--json", action="store_true",
                   help="print the record as JSON: a list of {game, variant, opponents, "
                        "played, won, best, last}")
    return p


def cmd_stats(args: argparse.Namespace) -> int:
    """rulekit stats."""
    from .record import Record, RecordError, record_path  # sqlite3: only for this command

    if args.name is not None:
        args.name = check_name(args.name.strip(), "--name", long_ok=True)
    record = Record()
    try:
        lines = record.lines(args.name)
    except RecordError as e:  # busy, damaged or out of reach: said, and nothing changed
        say(str(e), file=sys.stderr)
        return 1
    if args.json:
        say(json.dumps([{"game": x.game, "variant": x.variant or None,
                         "opponents": x.opponents, "played": x.played, "won": x.won,
                         "best": x.best, "last": x.last} for x in lines], ensure_ascii=False))
        return 0
    console = make_console()
    if not lines:
        who = f" for {args.name!r}" if args.name else " yet"
        console.print(f"No game recorded{who}. Each game played at the terminal to its end is "
                      f"added to {record_path()}.")
        return 0
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for head in ("Game", "Variant", "Opponents"):
        table.add_column(head, overflow="fold")
    for head in ("Played", "Won", "Best score"):
        table.add_column(head, justify="right")
    table.add_column("Last played")
    for x in lines:
        table.add_row(x.game, x.variant or "-", x.opponents, str(x.played), str(x.won),
                      str(x.best), x.last[:10])
    console.print(table)
    played, won = sum(x.played for x in lines), sum(x.won for x in lines)
    console.print(f"{played} game{'s' if played != 1 else ''} played, {won} won. "
                  f"Record: {record.path}")
    return 0
