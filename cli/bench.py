"""`rulekit bench`: how fast a ruleset plays, with random bots, from a seed.

Figures: games and decisions per second of wall-clock time spent playing (loading the ruleset is
not counted), the mean number of decisions per game, and the process's peak resident memory as
reported by `resource.getrusage(RUSAGE_SELF).ru_maxrss` (interpreter and ruleset included).
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass

import rulekit

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
               f"{self.peak_rss_bytes / 2**20:.1f} MiB (process peak RSS, getrusage ru_maxrss)")
        return [
            f"{self.ruleset}: {self.games} games, {self.players} players, random bots, "
            f"seed {self.seed}",
            f"  games/s            {self.games_per_second:12,.1f}",
            f"  decisions/s        {self.decisions_per_second:12,.0f}",
            f"  decisions/game     {self.mean_decisions:12,.1f}",
            f"  time               {self.seconds:12.3f} s",
            f"  peak memory        {mem}",
        ]


def peak_rss_bytes() -> int | None:
    """The process's peak resident set size in bytes (ru_maxrss is KiB on Linux, bytes on macOS)."""
    if resource is None:
        return None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss if sys.platform == "darwin" else rss * 1024


def play_games(game: rulekit.Game, players: int, games: int, seed: int) -> int:
    """Play games with random bots (game i dealt from seed + i); return the total decisions."""
    total = 0
    for i in range(games):
        state = game.new_state(players, seed + i)
        # one generator per game, so any game of a run can be replayed alone
        rnd = random.Random(f"rulekit-bench:{seed + i}").random
        legal_actions = state.legal_actions
        apply = state.apply_unchecked
        while not state.over:
            legal = legal_actions()
            n = len(legal)
            apply(legal[0] if n == 1 else legal[int(rnd() * n)])
        total += state.decisions
    return total


def run_bench(game: rulekit.Game, players: int, games: int, seed: int) -> BenchResult:
    """Time `games` random-bot games of `players` seats from `seed`."""
    start = time.perf_counter()
    decisions = play_games(game, players, games, seed)
    seconds = time.perf_counter() - start
    return BenchResult(game.name, players, games, seed, decisions, seconds, peak_rss_bytes())
