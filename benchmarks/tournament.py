#!/usr/bin/env python3
"""A tournament between bots: seats rotated so every bot plays every seat, 95% intervals.

    python benchmarks/tournament.py rulesets/sham.yaml --lineup medium,random,random,random
    python benchmarks/tournament.py rulesets/chami.yaml --lineup ismcts:30,random --games 10
    python benchmarks/tournament.py rulesets/shamus.yaml --lineup medium,medium --games 20

Game k (from 0) is dealt from seed S + k and seats the lineup rotated by k, so with a multiple of
the player count every entry sits in every seat equally often. A game counts as won by every
entry among its winners (equal best scores share the win: each counts it). For each entry the
table shows the games won with a Wilson 95% interval, and the seconds per decision (median and
max, over the decisions where it had more than one legal action). Not a test: figures depend on
the machine and its load.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

import rulekit
from rulekit.bots import make_bot, parse_bot_spec


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(path: str, lineup: list[str], games: int, seed: int, variant: str | None,
        max_seconds: float | None) -> int:
    """Play the tournament and print its table; return the exit status."""
    game = rulekit.load(path, variant=variant)
    n = len(lineup)
    wins = [0] * n
    any_win = 0
    times: list[list[float]] = [[] for _ in range(n)]
    played = 0
    start = time.perf_counter()
    for k in range(games):
        if max_seconds is not None and time.perf_counter() - start > max_seconds:
            break
        entry_at = [(s - k) % n for s in range(n)]  # seat -> lineup entry
        s = game.new_state(n, seed + k)
        bots = [make_bot(lineup[entry_at[p]], game, p, seed + k) for p in range(n)]
        while not s.over:
            p = s.decider
            assert p is not None
            several = len(s.legal_actions()) > 1
            t0 = time.perf_counter()
            a = bots[p].choose(s)
            if several:
                times[entry_at[p]].append(time.perf_counter() - t0)
            s.apply_unchecked(a)
        assert s.outcome is not None
        played += 1
        any_win += bool(s.outcome.winners)
        for p in s.outcome.winners:
            wins[entry_at[p]] += 1
        print(f"game {k + 1}: seed {seed + k}, winners "
              f"{[lineup[entry_at[p]] + f'@{p}' for p in s.outcome.winners]} "
              f"({s.outcome.reason}, {s.decisions} decisions)", file=sys.stderr)
    name = game.name + (f" [{variant}]" if variant else "")
    print(f"{name}, {n} players, {played} games (seed {seed}), lineup {','.join(lineup)}, "
          f"{time.perf_counter() - start:.0f} s")
    print("| entry | bot | games won | 95% interval | s/decision median | max |")
    print("|---|---|---|---|---|---|")
    for i, spec in enumerate(lineup):
        lo, hi = wilson(wins[i], played)
        ts = times[i]
        med = f"{statistics.median(ts):.3f}" if ts else "-"
        mx = f"{max(ts):.3f}" if ts else "-"
        print(f"| {i} | {spec} | {wins[i]}/{played} ({wins[i] / max(played, 1):.0%}) | "
              f"{lo:.0%}-{hi:.0%} | {med} | {mx} |")
    lo, hi = wilson(any_win, played)
    print(f"games with a winner: {any_win}/{played} ({lo:.0%}-{hi:.0%})")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments and run the tournament."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ruleset")
    parser.add_argument("--lineup", required=True,
                        help="one bot per seat, comma separated (random, greedy, ismcts:N, ...)")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant")
    parser.add_argument("--max-seconds", type=float,
                        help="start no new game after this many seconds")
    args = parser.parse_args(argv)
    lineup = [parse_bot_spec(x).text for x in args.lineup.split(",")]
    return run(args.ruleset, lineup, args.games, args.seed, args.variant, args.max_seconds)


if __name__ == "__main__":
    sys.exit(main())
