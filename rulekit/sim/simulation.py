"""Running a simulation: check the settings, play the games (here, in processes or on a Dask
cluster) and return the Report."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..data.files import read_text
from ..errors import UsageError
from ..loading import load
from ..runtime.game import Game
from .checks import seat_kinds, seating_of
from .report import Report, Settings
from .runner import Job, connect, remember, run_dask, run_here, run_processes
from .tally import Tally

OnBatch = Callable[[int, int], None]  # (variant number, games just totalled)


@dataclass(frozen=True)
class Plan:
    """A checked simulation, its games compiled: what `run` plays."""

    settings: Settings
    text: str  # the ruleset's text, so that remote workers need no copy of the file
    loaded: tuple[Game, ...]  # per variant

    @classmethod
    def of(cls, ruleset: str, loaded: Sequence[Game], variants: Sequence[str | None],
           players: int, seats: Sequence[str], *, rotate: bool = False, games: int = 1000,
           seed: int = 0, timed_bots: bool = False) -> Plan:
        """A plan of games already loaded and settings already checked."""
        settings = Settings(ruleset, loaded[0].name, tuple(variants), players, tuple(seats),
                            rotate, games, seed, timed_bots)
        return cls(settings, read_text(ruleset), tuple(loaded))

    def jobs(self) -> list[Job]:
        """One job per variant."""
        s = self.settings
        return [Job(self.text, s.ruleset, v, s.players, s.seats, s.rotate, s.seed)
                for v in s.variants]


def plan(ruleset: str | Path, *, variant: str | None = None, compare: str | None = None,
         players: int | None = None, seats: str | Sequence[str] | None = None,
         rotate: bool = False, games: int = 1000, seed: int = 0,
         timed_bots: bool = False) -> Plan:
    """Check the settings and load the ruleset (and the variant compared); raise UsageError or
    the loader's RulesetError before any game is played."""
    if games < 1:
        raise UsageError(f"games= must be at least 1, not {games}")
    kinds = seat_kinds(seats, players, timed_bots)
    variants = [None if v == "base" else v for v in
                ([variant] if compare is None else [variant, compare])]
    loaded = [load(ruleset, variant=v, cached=True) for v in variants]
    n, kinds = seating_of(loaded, players, kinds)
    return Plan.of(str(ruleset), loaded, variants, n, kinds, rotate=rotate, games=games,
                   seed=seed, timed_bots=timed_bots)


def run(p: Plan, *, workers: int = 1, dask: str | None = None, client: object | None = None,
        on_batch: OnBatch | None = None, keep_partial: bool = False, first: int = 0) -> Report:
    """Play every game of the plan and total them.

    workers: local processes (1: in this process). dask: a scheduler's address to play on
    instead (connected here, unless `client`, connected to it, is given). on_batch is told of
    each batch totalled. With keep_partial, Ctrl-C stops the games and the report covers those
    played (`partial`); otherwise KeyboardInterrupt propagates once the workers are stopped.
    first: play games first..games-1 only (the rest of a run already played up to first).
    """
    if workers < 1:
        raise UsageError(f"workers= must be at least 1, not {workers}")
    jobs = p.jobs()
    for job, g in zip(jobs, p.loaded, strict=True):
        remember(job, g)  # compiled once, not once per worker process
    tallies = [Tally(p.settings.players) for _ in jobs]

    def done(number: int, n: int, tally: Tally) -> None:
        tallies[number].merge(tally)
        if on_batch is not None:
            on_batch(number, n)

    games = p.settings.games
    own = client is None and dask is not None
    if own:
        assert dask is not None
        client = connect(dask)
    start = time.perf_counter()
    interrupted = False
    try:
        if client is not None:
            run_dask(jobs, games, client, done, first)
        elif workers == 1:
            run_here(jobs, games, done, first)
        else:
            run_processes(jobs, games, workers, done, first)
    except KeyboardInterrupt:
        if not keep_partial:
            raise
        interrupted = True
    finally:
        if own:
            client.close()  # type: ignore[union-attr]
    return Report(p.settings, tallies, None if dask else workers, dask,
                  time.perf_counter() - start, interrupted, p.loaded)


def simulate(ruleset: str | Path, *, variant: str | None = None, compare: str | None = None,
             players: int | None = None, seats: str | Sequence[str] | None = None,
             rotate: bool = False, games: int = 1000, seed: int = 0, workers: int = 1,
             dask: str | None = None, timed_bots: bool = False,
             on_batch: OnBatch | None = None) -> Report:
    """Play `games` games of a ruleset between bots and total them (docs/simulate.md).

    Game i is dealt from seed + i and its bots are seeded from it, so the report's figures are
    the same for any `workers` and on a cluster. seats: one bot spec per seat (one alone fills
    every seat; default random); compare: a second variant ("base": the base game) played on
    the same seeds and seats.
    """
    p = plan(ruleset, variant=variant, compare=compare, players=players, seats=seats,
             rotate=rotate, games=games, seed=seed, timed_bots=timed_bots)
    return run(p, workers=workers, dask=dask, on_batch=on_batch)
