"""`rulekit simulate`: play many games between bots and report the numbers a designer needs.

The simulator is the library's (`rulekit.sim`, metrics defined in docs/simulate.md); this module
reads the options, checks them before any game is played, shows the progress and writes the
terminal tables, the JSON file and the HTML report.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

import rulekit
from rulekit import sim
from rulekit.errors import UnknownVariantError

from .games import UnknownGame, resolve
from .load_errors import report_unusable
from .look import make_console, say
from .sim_table import (
    print_comparison,
    print_failures,
    print_header,
    print_metrics,
    print_verdict,
)
from .simulate_args import SimUsage, cores
from .simulate_until import Estimate, on_look

# how this command names the settings in its messages
WORDS = sim.Words(seats="--seats", players="--players", timed="pass --timed-bots")
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

# ---- checking the options, before any game ---------------------------------------------

def _variant_name(text: str | None) -> str | None:
    return None if text is None or text == "base" else text


def _load(path: str, variant: str | None) -> rulekit.Game | None:
    try:
        return rulekit.load(path, variant=variant, cached=True)  # compiled before: kept whole
    except UnknownVariantError as e:
        allowed = ", ".join(["base", *e.declared])
        raise SimUsage(f"{path} has no variant {e.variant!r}; allowed values: {allowed}") from None
    except rulekit.RulesetError as e:
        report_unusable(path, e)
    return None


def _check_writable(path: str, option: str) -> None:
    """Fail now, before any game, if path cannot be written."""
    p = Path(path)
    existed = p.exists()
    try:
        with open(p, "a", encoding="utf-8"):
            pass
    except OSError as e:
        raise SimUsage(f"cannot write {option} {path}: {e.strerror or e}") from None
    if not existed:
        p.unlink()


def _need(module: str, extra: str, option: str) -> None:
    try:
        __import__(module)
    except ImportError:
        raise SimUsage(f"{option} needs the optional dependencies of rulekit[{extra}]: "
                       f"pip install 'rulekit[{extra}]'") from None


# ---- running ---------------------------------------------------------------------------

class _Rate(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.1f} games/s")


def _progress(console: Console) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    _Rate(), TimeElapsedColumn(), TextColumn("elapsed,"), TimeRemainingColumn(),
                    TextColumn("left"),
                    console=console, disable=not console.is_terminal)


def cmd_simulate(args: argparse.Namespace) -> int:
    """rulekit simulate."""
    try:
        args.ruleset = resolve(args.ruleset)  # a bundled game's name names its file
    except UnknownGame as e:
        raise SimUsage(str(e)) from None
    kinds = sim.seat_kinds(args.seats, args.players, args.timed_bots, WORDS, SimUsage)
    variants = [_variant_name(args.variant)]
    if args.compare is not None:
        variants.append(_variant_name(args.compare))
    games = []
    for v in variants:
        g = _load(args.ruleset, v)
        if g is None:
            return EXIT_USAGE
        games.append(g)
    players, kinds = sim.seating_of(games, args.players, kinds, WORDS, SimUsage)
    if args.report:
        _need("matplotlib", "report", "--report")
        _check_writable(args.report, "--report")
    if args.json:
        _check_writable(args.json, "--json")
    client = None
    if args.dask:
        _need("distributed", "cluster", "--dask")
        client = sim.connect(args.dask)
    plan = sim.Plan.of(args.ruleset, games, variants, players, kinds, rotate=args.rotate,
                       games=args.games, seed=args.seed, timed_bots=args.timed_bots)
    workers = args.workers or cores()
    err = Console(file=sys.stderr, highlight=False, markup=False, emoji=False)
    most = max(args.max_games, args.games) if args.until_confident else args.games
    estimate = Estimate(most * len(games), time.perf_counter(), args.until_confident)
    with _progress(err) as progress:
        names = [v or "base" for v in variants]
        labels = [f"{ab} {n}" for ab, n in zip("AB", names, strict=False)] if len(games) > 1 \
            else ["games"]
        tasks = [progress.add_task(label, total=args.games) for label in labels]

        def batch(number: int, n: int) -> None:
            progress.advance(tasks[number], n)
            estimate.add(n, progress.console)

        try:
            if args.until_confident:
                report = sim.run_until(
                    plan, most, difference=args.difference / 100, workers=workers,
                    dask=args.dask, client=client, on_batch=batch, keep_partial=True,
                    on_look=on_look(progress, tasks, most))
            else:
                report = sim.run(plan, workers=workers, dask=args.dask, client=client,
                                 on_batch=batch, keep_partial=True)
        finally:
            if client is not None:
                client.close()  # type: ignore[attr-defined]
    doc = report.to_json()
    out = make_console()
    if report.partial:
        say("rulekit: interrupted; the figures below cover the games played so far",
            file=sys.stderr)
    _print(out, doc)
    if args.json:
        report.write_json(args.json, doc)
    if args.report:
        report.write_html(args.report, doc)
    if report.partial:
        return EXIT_INTERRUPTED
    return EXIT_FAILED if report.failed else EXIT_OK


def _print(out: Console, doc: dict[str, Any]) -> None:
    print_header(out, doc)
    if doc["comparison"] is not None:  # the answer first: the verdict, then the figures
        print_verdict(out, doc)
        print_comparison(out, doc)
    for run in doc["runs"]:
        print_metrics(out, doc, run)
    for run in doc["runs"]:
        print_failures(out, run)
