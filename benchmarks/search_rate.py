#!/usr/bin/env python3
"""How many search iterations a level's time budget buys per decision, per ruleset.

    python benchmarks/search_rate.py rulesets/sham.yaml --players 4 --level medium --positions 10

Plays games from --seed (the next seed when one ends) with random bots and, at --positions
decisions (spread over the first --span decisions of a game, each with more than one legal
action), lets the level's bot decide with its time budget and records how many iterations it ran
(`IsmctsBot.last_iterations`). The median is the N of the stand-in `LEVEL:N` that plays like the
level on this machine at its current load and, unlike the level itself, plays the same games on
any machine. Not a test: it depends on the load. It also prints the iterations per CPU second the
bots ran: with a stand-in (`--level medium:200`, a fixed number of iterations) that is the speed
of the search, comparable between two trees run alternately.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import rulekit
from rulekit.bots import make_bot


def main(argv: list[str] | None = None) -> int:
    """Measure and print the iterations per decision of a level."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ruleset")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--level", default="medium", help="medium, hard or ismcts:Ts")
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--span", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant")
    a = ap.parse_args(argv)
    game = rulekit.load(a.ruleset, variant=a.variant)
    rng = random.Random(a.seed)
    s = game.new_state(a.players, a.seed)
    games = 1
    every = max(1, a.span // a.positions)
    counts: list[int] = []
    cpu = 0.0  # CPU seconds spent in the bots' choices
    due = 0  # measure the first decision with options at or after this one
    while len(counts) < a.positions:
        if s.over:  # a short game: go on in the next deal
            s = game.new_state(a.players, a.seed + games)
            games += 1
            due = 0
        legal = s.legal_actions()
        if len(legal) > 1 and s.decisions >= due:
            due = s.decisions + every
            bot = make_bot(a.level, game, s.decider, a.seed)
            t0 = time.process_time()
            bot.choose(s)
            cpu += time.process_time() - t0
            counts.append(bot.last_iterations)  # type: ignore[attr-defined]
        s.apply_unchecked(legal[int(rng.random() * len(legal))])
    if not counts:
        print("no decision measured", file=sys.stderr)
        return 1
    print(f"{game.name}: {a.level}, {len(counts)} decisions, iterations median "
          f"{statistics.median(counts):.0f}, min {min(counts)}, max {max(counts)}; "
          f"{sum(counts) / cpu:,.0f} iterations per CPU second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
