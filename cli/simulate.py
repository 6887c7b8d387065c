"""`rulekit simulate`: play many games between bots and report the numbers a designer needs.

The metrics are defined in docs/simulate.md; this module reads the options, checks them before
any game is played, runs the games (here, in processes or on a Dask cluster) and writes the
terminal tables, the JSON file and the HTML report.
"""

from __future__ import annotations

import argparse
import json
import shlex
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
from rulekit.bots import SPEC_HELP, parse_bot_spec
from rulekit.data.files import read_text
from rulekit.errors import UnknownVariantError, render_diagnostics

from . import sim_runner
from .games import UnknownGame, resolve
from .look import make_console, say
from .sim_compare import compare
from .sim_metrics import all_metrics
from .sim_table import print_comparison, print_failures, print_metrics
from .sim_tally import Tally
from .simulate_args import SimUsage, cores

SCHEMA_VERSION = 1
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
    except rulekit.CannotReadError as e:
        for d in e.diagnostics:
            say(f"rulekit: {d.message}", file=sys.stderr)
    except rulekit.RulesetError as e:
        for shown in render_diagnostics(e.diagnostics):
            say(shown, file=sys.stderr)
        say(f"rulekit: {path}: the ruleset cannot be used", file=sys.stderr)
    return None


def _seat_kinds(spec: str | None, players: int | None,
                timed: bool = False) -> list[str] | None:
    if spec is None:
        return None
    kinds = [k.strip().lower() for k in spec.split(",")]
    for k in kinds:
        if k == "human":
            raise SimUsage("a human seat cannot be simulated: give every seat a bot in --seats "
                           f"({SPEC_HELP})")
        try:
            parsed = parse_bot_spec(k)
        except rulekit.UsageError:
            raise SimUsage(f"unknown seat kind {k!r} in --seats; accepted kinds: {SPEC_HELP}") \
                from None
        if parsed.seconds is not None and not timed:
            # a bot thinking for a time plays differently on a busy machine: the results would
            # depend on the load and on --workers
            raise SimUsage(f"seat kind {k!r} thinks for a time per decision, so a simulation "
                           "could not be repeated; give bots an iteration budget, e.g. "
                           "ismcts:200, or random, greedy, easy (or pass --timed-bots to "
                           "accept that)")
    if len(kinds) == 1 and players is not None:
        return kinds * players
    if players is not None and len(kinds) != players:
        raise SimUsage(f"--seats lists {len(kinds)} seats but --players is {players}; give one "
                       "kind per seat, or one kind for every seat")
    return kinds


def _players(game: rulekit.Game, requested: int | None) -> int:
    lo, hi = game.min_players, game.max_players
    allowed = str(lo) if lo == hi else f"{lo} to {hi}"
    if requested is None:
        return game.default_players  # players.default, else 4 kept within min..max
    if not lo <= requested <= hi:
        raise SimUsage(f"{game.name} is played by {allowed} players, not {requested} "
                       f"(allowed --players values: {allowed})")
    return requested


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
    kinds = _seat_kinds(args.seats, args.players, args.timed_bots)
    variants = [_variant_name(args.variant)]
    if args.compare is not None:
        variants.append(_variant_name(args.compare))
    games = []
    for v in variants:
        g = _load(args.ruleset, v)
        if g is None:
            return EXIT_USAGE
        games.append(g)
    one_kind = kinds is not None and len(kinds) == 1 and args.players is None
    players = _players(games[0], args.players if kinds is None or one_kind else len(kinds))
    if kinds is not None and one_kind:
        kinds = kinds * players
    for g in games[1:]:
        _players(g, players)
    kinds = kinds or ["random"] * players
    if args.report:
        _need("matplotlib", "report", "--report")
        _check_writable(args.report, "--report")
    if args.json:
        _check_writable(args.json, "--json")
    client = None
    if args.dask:
        _need("distributed", "cluster", "--dask")
        client = sim_runner.connect(args.dask)
    text = read_text(args.ruleset)
    jobs = [sim_runner.Job(text, args.ruleset, v, players, tuple(kinds), args.rotate, args.seed)
            for v in variants]
    for job, g in zip(jobs, games, strict=True):
        sim_runner.remember(job, g)  # compiled once, not once per worker process
    workers = args.workers or cores()
    tallies = [Tally(players) for _ in jobs]
    err = Console(file=sys.stderr, highlight=False, markup=False, emoji=False)
    start = time.perf_counter()
    interrupted = False
    with _progress(err) as progress:
        names = [v or "base" for v in variants]
        labels = [f"{ab} {n}" for ab, n in zip("AB", names, strict=False)] if len(jobs) > 1 \
            else ["games"]
        tasks = [progress.add_task(label, total=args.games) for label in labels]

        def done(number: int, n: int, tally: Tally) -> None:
            tallies[number].merge(tally)
            progress.advance(tasks[number], n)

        try:
            if client is not None:
                sim_runner.run_dask(jobs, args.games, client, done)
            elif workers == 1:
                sim_runner.run_here(jobs, args.games, done)
            else:
                sim_runner.run_processes(jobs, args.games, workers, done)
        except KeyboardInterrupt:
            interrupted = True
        finally:
            if client is not None:
                client.close()  # type: ignore[attr-defined]
    seconds = time.perf_counter() - start
    doc = document(args, games[0], players, kinds, variants, tallies, workers, seconds,
                   interrupted)
    out = make_console()
    if interrupted:
        say("rulekit: interrupted; the figures below cover the games played so far",
            file=sys.stderr)
    _print(out, doc)
    if args.json:
        Path(args.json).write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n",
                                   encoding="utf-8")
    if args.report:
        from .sim_report import write_report

        write_report(args.report, doc)
    if interrupted:
        return EXIT_INTERRUPTED
    return EXIT_FAILED if any(t.failed for t in tallies) else EXIT_OK


def replay_command(ruleset: str, variant: str | None, players: int, failure: dict) -> str:
    """The command that replays a failed game step by step."""
    words = ["python", "-m", "rulekit.playthrough", "replay", ruleset]
    if variant:
        words += ["--variant", variant]
    words += ["--players", str(players), "--seed", str(failure["seed"]),
              "--choices", ",".join(map(str, failure["choices"])) or "''"]
    return shlex.join(words) if failure["choices"] else " ".join(words)


def document(args: argparse.Namespace, game: rulekit.Game, players: int, kinds: list[str],
             variants: list[str | None], tallies: list[Tally], workers: int, seconds: float,
             partial: bool) -> dict[str, Any]:
    """The whole result as the JSON document of docs/simulate.md."""
    runs: list[dict[str, Any]] = []
    for v, t in zip(variants, tallies, strict=True):
        m = all_metrics(t)
        for f in m["failures"]["games"]:
            f["replay"] = replay_command(args.ruleset, v, players, f)
        runs.append({"variant": v, "games_played": t.games + t.failed, "metrics": m})
    return {
        "schema_version": SCHEMA_VERSION,
        "partial": partial,
        "rulekit_version": rulekit.__version__,
        "ruleset": {"file": args.ruleset, "name": game.name},
        "settings": {"players": players, "seats": kinds, "rotate": bool(args.rotate),
                     "timed_bots": bool(args.timed_bots),
                     "games": args.games, "seed": args.seed,
                     "workers": None if args.dask else workers, "dask": args.dask},
        "runs": runs,
        "comparison": None if len(runs) < 2 else {
            "a": variants[0], "b": variants[1],
            "rows": compare(runs[0]["metrics"], runs[1]["metrics"])},
        "timing": {"seconds": seconds},
    }


def _print(out: Console, doc: dict[str, Any]) -> None:
    for run in doc["runs"]:
        print_metrics(out, doc, run)
    if doc["comparison"] is not None:
        print_comparison(out, doc)
    for run in doc["runs"]:
        print_failures(out, run)
