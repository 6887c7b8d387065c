#!/usr/bin/env python3
"""Benchmark a ruleset with random bots: the same code as `rulekit bench`, over several sizes.

    python benchmarks/bench.py                                  # SHAM, 4 players, 200 games
    python benchmarks/bench.py --players 3,5,7 --games 500      # one block per player count
    python benchmarks/bench.py path/to/ruleset.yaml --seed 42
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulekit_cli.bench import run_bench

import rulekit

DEFAULT_RULESET = Path(__file__).resolve().parent.parent / "rulesets" / "sham.yaml"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark for each requested player count; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ruleset", nargs="?", default=str(DEFAULT_RULESET),
                        help="ruleset file (default: rulesets/sham.yaml)")
    parser.add_argument("--players", default="4",
                        help="player counts, comma separated (default: 4)")
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="first seed (game i uses seed+i)")
    args = parser.parse_args(argv)
    try:
        counts = [int(x) for x in args.players.split(",")]
    except ValueError:
        parser.error(f"--players must be whole numbers separated by commas, not {args.players!r}")
    if args.games < 1 or args.seed < 0:
        parser.error("--games must be >= 1 and --seed >= 0")
    try:
        game = rulekit.load(args.ruleset)
    except rulekit.RulesetError as e:
        print(e, file=sys.stderr)
        return 2
    for n in counts:
        if not game.min_players <= n <= game.max_players:
            parser.error(f"{game.name} is played by {game.min_players} to {game.max_players} "
                         f"players, not {n}")
        result = run_bench(game, n, args.games, args.seed)
        result.ruleset = f"{game.name} ({args.ruleset})"
        print("\n".join(result.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
