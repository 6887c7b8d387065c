"""Where the games of a simulation run: in this process, in K local processes, or on a
Dask cluster. Games are cut into batches of consecutive indices; each batch comes back as a
Tally, and tallies merge exactly, so the figures never depend on where or in what order the
batches ran.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import signal
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import UsageError
from ..loading import load_text
from ..runtime.game import Game
from .measure import play_game
from .tally import Tally

Done = Callable[[int, int, Tally], None]  # (job number, games in the batch, its tally)


@dataclass(frozen=True)
class Job:
    """One ruleset (its text, so remote workers need no copy of the file) and one seating."""

    text: str
    file: str
    variant: str | None
    players: int
    kinds: tuple[str, ...]
    rotate: bool
    seed: int  # game i is dealt from seed + i

    @property
    def key(self) -> str:
        """Names the compiled game in a worker's cache."""
        digest = hashlib.sha256(self.text.encode()).hexdigest()[:16]
        return f"{self.file}:{digest}:{self.variant}"


_GAMES: dict[str, Game] = {}  # per worker process: compiled once, used by every batch


def game_of(job: Job) -> Game:
    """The compiled game of a job (cached in this process)."""
    g = _GAMES.get(job.key)
    if g is None:
        g = _GAMES[job.key] = load_text(job.text, job.file, job.variant)
    return g


def remember(job: Job, game: Game) -> None:
    """Cache a game compiled from the job's ruleset: processes forked afterwards start with it."""
    _GAMES[job.key] = game


def run_batch(job: Job, start: int, stop: int) -> Tally:
    """Play games start..stop-1 of a job and total them."""
    game = game_of(job)
    tally = Tally(job.players)
    kinds = list(job.kinds)
    for i in range(start, stop):
        tally.add(play_game(game, job.players, kinds, i, job.seed + i, job.rotate))
    return tally


def _run_task(task: tuple[int, Job, int, int]) -> tuple[int, int, Tally]:
    number, job, start, stop = task
    return number, stop - start, run_batch(job, start, stop)


def batches(games: int, parallel: int, largest: int = 100,
            first: int = 0) -> list[tuple[int, int]]:
    """Consecutive index ranges from first to games: about 20 per worker, so that the work
    spreads evenly and the progress bar (and what Ctrl-C keeps) moves in small steps, but at
    most `largest` games."""
    size = max(1, min(largest, (games - first) // max(1, parallel * 20)))
    return [(a, min(a + size, games)) for a in range(first, games, size)]


def _tasks(jobs: list[Job], games: int, parallel: int, largest: int = 100,
           first: int = 0) -> list[tuple[int, Job, int, int]]:
    # the jobs' batches interleaved, so that with --compare both variants advance together
    per_job = batches(games, parallel, largest, first)
    return [(j, job, a, b) for a, b in per_job for j, job in enumerate(jobs)]


def run_here(jobs: list[Job], games: int, done: Done, first: int = 0) -> None:
    """Play every job's games (from index first) in this process."""
    for number, job, a, b in _tasks(jobs, games, 1, first=first):
        done(number, b - a, run_batch(job, a, b))


def _quiet_worker() -> None:
    # Ctrl-C is the parent's to handle: it stops the pool and keeps what is done
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_processes(jobs: list[Job], games: int, workers: int, done: Done,
                  first: int = 0) -> None:
    """Play every job's games (from index first) in `workers` processes (terminated at once
    on Ctrl-C)."""
    tasks = _tasks(jobs, games, workers, first=first)
    pool = multiprocessing.get_context().Pool(min(workers, len(tasks)), initializer=_quiet_worker)
    try:
        for number, n, tally in pool.imap_unordered(_run_task, tasks):
            done(number, n, tally)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


class SchedulerUnreachable(UsageError):
    """The Dask scheduler given with --dask did not answer."""


class ClusterError(UsageError):
    """The Dask cluster could not play a batch (e.g. a worker without rulekit)."""


# Dask's own configuration, read from these variables (or its config files), gives the client
# its certificates: rulekit passes no Security object of its own (docs/simulate.md)
TLS_SETTINGS = ("DASK_DISTRIBUTED__COMM__TLS__CA_FILE", "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT",
                "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY")


def connect(address: str, timeout: float = 5.0) -> object:
    """A Dask client of the scheduler at address; raise SchedulerUnreachable within timeout.

    A tls:// address takes its certificates from Dask's configuration (TLS_SETTINGS)."""
    from distributed import Client  # the `cluster` extra; checked by the command first
    from distributed.security import Security

    if address.startswith("tls://") and not Security().get_connection_args("client").get(
            "ssl_context"):
        raise SchedulerUnreachable(
            f"the address {address!r} asks for TLS, and no client certificate is "
            "configured: set " + ", ".join(TLS_SETTINGS) + " to the files of the CA, this "
            "client's certificate and its key (or the same keys in Dask's config file)")
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as e:  # TypeError: a TLS setting
        raise SchedulerUnreachable(
            f"cannot reach the Dask scheduler at {address!r} within {timeout:g} s ({e}); "
            "start one with `dask scheduler --host 127.0.0.1` and give its address, e.g. "
            "--dask tcp://127.0.0.1:8786") from None


def run_dask(jobs: list[Job], games: int, client: object, done: Done, first: int = 0) -> None:
    """Play every job's games (from index first) as tasks of a Dask cluster (cancelled on
    Ctrl-C)."""
    from distributed import as_completed

    parallel = max(1, sum(_threads(client).values()))
    # a cluster task costs more to send: larger batches
    tasks = _tasks(jobs, games, parallel, largest=1000, first=first)
    futures = [client.submit(_run_task, t, pure=False) for t in tasks]  # type: ignore[attr-defined]
    try:
        for fut in as_completed(futures, loop=client.loop):  # type: ignore[attr-defined]
            number, n, tally = fut.result()
            done(number, n, tally)
    except Exception as e:
        client.cancel(futures)  # type: ignore[attr-defined]
        raise ClusterError(
            f"a batch of games failed on the Dask cluster ({type(e).__name__}: {e}); every "
            "worker needs the same version of rulekit installed") from None
    except BaseException:  # Ctrl-C: stop the cluster's work, keep what came back
        client.cancel(futures)  # type: ignore[attr-defined]
        raise


def _threads(client: object) -> dict[str, int]:
    try:
        return dict(client.nthreads())  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - only sizes the batches
        return {"?": 1}


