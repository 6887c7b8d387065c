"""What benchmarks/gauntlet.py and benchmarks/ladder.py share: the rulesets, games played in
worker processes, the progress bar, Wilson intervals and the JSON file.

Every game is a `GameTask` that names everything it depends on (ruleset, variant, seats, the
deal's seed, the bots' seed), so its result is the same whichever process plays it, in whatever
order: the figures are identical for any number of workers.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rulekit_cli.games import UnknownGame, bundled, resolve
from strategies import SCRIPTED, make_player

import rulekit
from rulekit.bots import parse_bot_spec
from rulekit.sim import by_seat, play_out
from rulekit.sim.stats import two_proportions, wilson

# Games in which the players win or lose together, against the game: no seat's fair share, the
# figure is the table's own win rate. (The engine does not know it: benchmarks may name games.)
COOPERATIVE = frozenset({"shamus"})
PLAYERS = 4  # at every table that allows it: even, so two levels hold as many seats each

__all__ = ["COOPERATIVE", "GameResult", "GameTask", "Table", "two_proportions", "wilson"]


@dataclass(frozen=True)
class Table:
    """One ruleset to benchmark: its file, variant, the number of players, and its kind."""

    name: str  # as given: "sham", "spades:one_hand"
    path: str
    variant: str | None
    players: int
    cooperative: bool
    teams: tuple[int, ...]  # per seat, its team (empty without teams)


@dataclass(frozen=True)
class GameTask:
    """One game: everything its result depends on."""

    row: int  # the table row it counts towards
    index: int  # its number within the row
    path: str
    variant: str | None
    seats: tuple[str, ...]  # a player spec per seat (strategies.make_player)
    deal_seed: int
    bot_seed: int


@dataclass(frozen=True)
class GameResult:
    """How one game ended (error: it stopped on a rule's failure, and counts for nobody)."""

    row: int
    index: int
    winners: tuple[int, ...]
    error: str | None
    decisions: int
    cpu: float  # CPU seconds the game took in its process (shown, never written to JSON)


_GAMES: dict[tuple[str, str | None], rulekit.Game] = {}  # per process


def load(path: str, variant: str | None) -> rulekit.Game:
    """The compiled game (once per process; from rulekit's cache when compiled before)."""
    key = (path, variant)
    if key not in _GAMES:
        _GAMES[key] = rulekit.load(path, variant=variant, cached=True)
    return _GAMES[key]


def play(task: GameTask) -> GameResult:
    """Play one game with its seats' players."""
    t0 = time.process_time()
    game = load(task.path, task.variant)
    n = len(task.seats)
    state = game.new_state(n, task.deal_seed)
    players = [make_player(spec, game, p, task.bot_seed) for p, spec in enumerate(task.seats)]
    try:
        play_out(state, by_seat(players))  # type: ignore[arg-type]
    except rulekit.RulekitError as e:
        return GameResult(task.row, task.index, (), f"{type(e).__name__}: {e}",
                          state.decisions, time.process_time() - t0)
    assert state.outcome is not None
    return GameResult(task.row, task.index, tuple(state.outcome.winners), None, state.decisions,
                      time.process_time() - t0)


def run(tasks: list[GameTask], workers: int, console: Console,
        label: str) -> dict[int, list[GameResult]]:
    """Play every task on `workers` processes (1: here) with a progress bar; results by row,
    each row's in game order."""
    results: list[GameResult] = []
    started = time.perf_counter()
    progress = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TextColumn("elapsed,"), TimeRemainingColumn(), TextColumn("left"),
                        console=console, disable=not console.is_terminal)
    with progress:
        bar = progress.add_task(label, total=len(tasks))
        if workers <= 1 or len(tasks) <= 1:
            for task in tasks:
                results.append(play(task))
                progress.advance(bar)
        else:
            with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
                pending: set[Future[GameResult]] = {pool.submit(play, t) for t in tasks}
                try:
                    while pending:
                        done, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for fut in done:
                            results.append(fut.result())
                            progress.advance(bar)
                except BaseException:  # Ctrl-C or a failure: no more games
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise
    console.print(f"{len(results)} games in {time.perf_counter() - started:.0f} s on {workers} "
                  f"worker(s), {sum(r.cpu for r in results):.0f} CPU s; rulekit at "
                  f"{commit() or 'an unknown commit'}")
    by_row: dict[int, list[GameResult]] = {}
    for r in sorted(results, key=lambda r: (r.row, r.index)):
        by_row.setdefault(r.row, []).append(r)
    return by_row


def add_common(parser: argparse.ArgumentParser, games: int) -> None:
    """The options both scripts take."""
    parser.add_argument("--games", type=int, default=games,
                        help=f"games per row (default {games}; rounded up to a multiple of the "
                             "seatings, so that each plays every seat as often)")
    parser.add_argument("--rulesets", default=",".join(bundled()),
                        help="comma-separated NAME[:VARIANT] or file paths (default: every "
                             "bundled game)")
    parser.add_argument("--players", type=int,
                        help=f"players at every table (default: {PLAYERS} where the game "
                             "allows it, else the nearest count it allows)")
    parser.add_argument("--seed", type=int, default=0, help="game i of a row is dealt from a "
                        "seed derived from this and i (default 0)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes playing games (default: the number of CPUs)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    parser.add_argument("--markdown", action="store_true",
                        help="print the table in Markdown (for benchmarks/README.md)")


def fail(message: str) -> None:
    """Stop with a usage message (exit status 2), no traceback."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


def check_spec(spec: str) -> str:
    """A player spec with a reproducible budget, normalised; usage error otherwise."""
    if spec in SCRIPTED:
        return spec
    try:
        parsed = parse_bot_spec(spec)
    except rulekit.UsageError as e:
        fail(str(e))
        raise  # unreachable: fail() exits
    if parsed.kind == "human":
        fail("a benchmark seats no human")
    if getattr(parsed, "seconds", None) is not None:  # the rewrite of the bots may drop it
        fail(f"{spec!r} searches for a time, not a number of iterations: its games would differ "
             f"from run to run; give an iteration budget, e.g. {parsed.text.split(':')[0]}:200")
    return parsed.text


def tables(text: str, players: int | None) -> list[Table]:
    """The rulesets named by --rulesets, each with its player count, kind and teams."""
    out: list[Table] = []
    for item in filter(None, (x.strip() for x in text.split(","))):
        name, _, variant = item.partition(":")
        try:
            path = resolve(name)
        except UnknownGame as e:
            fail(str(e))
        try:
            game = load(path, variant or None)
        except rulekit.RulekitError as e:
            fail(f"{item}: {e}")
        lo, hi = game.min_players, game.max_players
        n = players if players is not None else min(max(PLAYERS, lo), hi)
        if not lo <= n <= hi:
            fail(f"{game.name} is played by {lo} to {hi} players, not {n}")
        state = game.new_state(n, 0)
        out.append(Table(item, path, variant or None, n, Path(path).stem in COOPERATIVE,
                         tuple(state.team_of)))
    if not out:
        fail("no ruleset given")
    return out


def rounded(games: int, seatings: int) -> int:
    """Games rounded up to a multiple of the seatings (at least one round of them)."""
    if games < 1:
        fail("--games must be at least 1")
    return -(-games // seatings) * seatings


def interval(wins: int, n: int) -> dict[str, float | int]:
    """Wins, games, rate and Wilson 95% interval, rounded for the JSON file."""
    lo, hi = wilson(wins, n)
    return {"wins": wins, "decided": n, "rate": round(wins / n, 4) if n else 0.0,
            "low": round(lo, 4), "high": round(hi, 4)}


def pct(x: float) -> str:
    """A proportion as a percentage."""
    return f"{100 * x:.0f}%"


def commit() -> str | None:
    """The commit the figures come from, "+uncommitted" when the engine, the bots or the
    rulesets differ from it in the working tree (None outside a git checkout)."""
    here = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, cwd=here, timeout=10).stdout.strip()
        changed = subprocess.run(["git", "status", "--porcelain", "--", "rulekit", "rulesets"],
                                 capture_output=True, text=True, cwd=here, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    if not head:
        return None
    return head + ("+uncommitted" if changed.strip() else "")


def write_json(path: str | None, data: dict) -> None:
    """Write the figures (no timings, no worker count: the same for any --workers)."""
    if path:
        Path(path).write_text(json.dumps(data, indent=2) + "\n")


def cpu_per_game(results: Iterable[GameResult]) -> float:
    """Mean CPU seconds per game."""
    rs = list(results)
    return sum(r.cpu for r in rs) / len(rs) if rs else 0.0


def print_table(title: str, columns: list[str], rows: list[list[str]], markdown: bool) -> None:
    """A table on standard output: rich's, or Markdown (for benchmarks/README.md)."""
    if markdown:
        print(f"{title}\n")
        print("| " + " | ".join(columns) + " |")
        print("|" + "---|" * len(columns))
        for r in rows:
            print("| " + " | ".join(r) + " |")
        return
    from rich.table import Table as RichTable

    out = RichTable(title=title)
    for k, col in enumerate(columns):
        out.add_column(col, justify="right" if k and rows and _numeric(rows[0][k]) else "left")
    for r in rows:
        out.add_row(*r)
    Console(width=120).print(out)


def _numeric(cell: str) -> bool:
    return cell[:1].isdigit() or cell[:1] == "-"
