"""`rulekit bench`: how fast a ruleset plays, with random bots, from a seed.

Figures: games and decisions per second of wall-clock time spent playing (loading the ruleset is
not counted), the mean number of decisions per game, and the peak resident memory as reported by
`resource.getrusage(...).ru_maxrss` (interpreter and ruleset included): the process's own, or with
worker processes the largest of the main process and the workers.

With several workers the games are shared out in chunks of consecutive indices among forked
processes; game i is still dealt from seed S + i and played by a bot seeded from it, so every
game, and every decision count, is the same whatever the number of workers.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import rulekit
from rulekit.sim import play_out, replay_command, weighted

try:  # not on Windows
    import resource
except ImportError:  # pragma: no cover
    resource = None  # type: ignore[assignment]


@dataclass
class BenchResult:
    """What one benchmark run measured."""

    ruleset: str
    players: int
    games: int
    seed: int
    decisions: int
    seconds: float
    peak_rss_bytes: int | None
    workers: int = 1

    @property
    def games_per_second(self) -> float:
        """Finished games per second of play."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def decisions_per_second(self) -> float:
        """Applied actions (every decision of every seat) per second of play."""
        return self.decisions / self.seconds if self.seconds > 0 else float("inf")

    @property
    def mean_decisions(self) -> float:
        """Decisions in an average game."""
        return self.decisions / self.games

    def lines(self) -> list[str]:
        """The figures as lines of text."""
        mem = ("n/a (no resource module)" if self.peak_rss_bytes is None else
               f"{self.peak_rss_bytes / 2**20:.1f} MiB (process peak RSS, getrusage ru_maxrss"
               f"{'' if self.workers == 1 else ', the largest process'})")
        return [
            f"{self.ruleset}: {self.games} games, {self.players} players, random bots, "
            f"seed {self.seed}, {self.workers} worker{'' if self.workers == 1 else 's'}",
            f"  games/s            {self.games_per_second:12,.1f}",
            f"  decisions/s        {self.decisions_per_second:12,.0f}",
            f"  decisions/game     {self.mean_decisions:12,.1f}",
            f"  time               {self.seconds:12.3f} s",
            f"  peak memory        {mem}",
            f"  runtime            {RUNTIME_FORMS.get(rulekit.native.STATUS, '')}",
        ]


def peak_rss_bytes(children: bool = False) -> int | None:
    """The process's peak resident set size in bytes (ru_maxrss is KiB on Linux, bytes on macOS);
    with children, the largest of it and its finished child processes'."""
    if resource is None:
        return None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if children:
        rss = max(rss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return rss if sys.platform == "darwin" else rss * 1024


def play_games(game: rulekit.Game, players: int, games: int, seed: int) -> int:
    """Play games with random bots (game i dealt from seed + i); return the total decisions.

    A game that fails raises its error again, naming the game's seed and the command that
    replays it step by step."""
    total = 0
    for i in range(games):
        # one generator per game, so any game of a run can be replayed alone
        rnd = random.Random(f"rulekit-bench:{seed + i}")
        try:
            total += play_out(game.new_state(players, seed + i), weighted(rnd)).decisions
        except rulekit.RuleRuntimeError as e:
            raise _located(e, game, players, seed + i) from None
    return total


def _located(e: rulekit.RuleRuntimeError, game: rulekit.Game, players: int,
             seed: int) -> rulekit.RuleRuntimeError:
    """e, of the same kind, saying which game failed and the command that replays it (the
    game is played again to its failure, its choices recorded: only a failure pays for it)."""
    rnd = random.Random(f"rulekit-bench:{seed}")
    choose = weighted(rnd)
    choices: list[int] = []

    def record(state: rulekit.State, action: rulekit.Action) -> None:
        choices.append(state.legal_actions().index(action))

    with contextlib.suppress(rulekit.RuleRuntimeError):  # the failure met again, recorded
        play_out(game.new_state(players, seed), choose, record)
    command = replay_command(game.file, game.variant, players,
                             {"seed": seed, "choices": choices})
    detail = f"{e.detail} ({e.where})" if e.where else e.detail
    return type(e)(e.rule, detail, f"in the game dealt from seed {seed}, {players} players; "
                                   f"replay it: {command}")


# what `python -m rulekit.native status` says, as a figure's reader needs it
RUNTIME_FORMS = {"compiled": "compiled (python -m rulekit.native build)",
                 "sources": "Python sources (python -m rulekit.native build compiles it)",
                 "stale": "Python sources (a stale compiled build is ignored)"}
_WORKER_GAME: rulekit.Game | None = None  # the game a forked worker inherits


def _play_chunk(players: int, games: int, seed: int) -> int | tuple[str, str, str]:
    """A worker's task: play games seed .. seed + games - 1 of the inherited game.

    A rule that fails comes back as (class name, rule, message), since rulekit's errors do not
    survive pickling; the main process raises it again.
    """
    assert _WORKER_GAME is not None
    try:
        return play_games(_WORKER_GAME, players, games, seed)
    except rulekit.RuleRuntimeError as e:
        prefix = f"rule {e.rule}: "
        text = str(e)
        return type(e).__name__, e.rule, text[len(prefix):] if text.startswith(prefix) else text


def play_games_parallel(game: rulekit.Game, players: int, games: int, seed: int,
                        workers: int) -> int:
    """play_games shared among `workers` forked processes; the same total decisions."""
    global _WORKER_GAME
    if "fork" not in multiprocessing.get_all_start_methods():
        raise rulekit.UsageError("--workers above 1 needs processes started by fork, which this "
                                 "platform does not have")
    # a few chunks per worker balance games of uneven length; consecutive indices keep seeds
    size = max(1, -(-games // (workers * 4)))
    chunks = [(start, min(size, games - start)) for start in range(0, games, size)]
    _WORKER_GAME = game  # compiled rules are closures: inherited by fork, never pickled
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            futures = [pool.submit(_play_chunk, players, n, seed + start) for start, n in chunks]
            total = 0
            for f in futures:
                result = f.result()
                if isinstance(result, tuple):
                    kind, rule, message = result
                    cls = getattr(rulekit.errors, kind, rulekit.RuleRuntimeError)
                    raise cls(rule, message)
                total += result
            return total
    finally:
        _WORKER_GAME = None


def run_bench(game: rulekit.Game, players: int, games: int, seed: int,
              workers: int = 1) -> BenchResult:
    """Time `games` random-bot games of `players` seats from `seed`, in `workers` processes."""
    if workers < 1:
        raise rulekit.UsageError(f"the number of workers must be at least 1, not {workers}")
    start = time.perf_counter()
    if workers == 1:
        decisions = play_games(game, players, games, seed)
    else:
        decisions = play_games_parallel(game, players, games, seed, workers)
    seconds = time.perf_counter() - start
    return BenchResult(game.name, players, games, seed, decisions, seconds,
                       peak_rss_bytes(children=workers > 1), workers)
