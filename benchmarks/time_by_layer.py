#!/usr/bin/env python3
"""Where the time of random games goes, by layer of the engine (cProfile, own time summed).

    python benchmarks/time_by_layer.py rulesets/sham.yaml --players 4 --games 100

Plays the games of `versus_baseline.py` (random bots, game i dealt from seed i, through the
public API) under cProfile and sums each function's own time by where its code lives: the
ruleset's generated module, each package of `rulekit/` (runtime, rules, lang, compile, ...),
C built-ins, and the bot's loop. cProfile adds a cost to every call, so layers that make many
small calls look larger than they are: read the shares as an order, not as exact figures.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
from collections import Counter
from pathlib import Path

import rulekit

ENGINE = Path(rulekit.__file__).resolve().parent


def play(game: rulekit.Game, players: int, games: int) -> int:
    """Play games 0..games-1 with random bots; the number of decisions taken."""
    decisions = 0
    for i in range(games):
        state = game.new_state(players, i)
        rnd = random.Random(f"rulekit-bench:{i}").random
        while not state.is_over:
            legal = state.legal_actions()
            n = len(legal)
            state.apply_unchecked(legal[0] if n == 1 else legal[int(rnd() * n)])
            decisions += 1
    return decisions


def layer_of(file: str) -> str:
    """The layer a profiled function belongs to, by the file its code comes from."""
    if file == "~":
        return "C built-ins"
    if file.startswith("<rulekit"):
        return "the ruleset's generated code"
    if file == __file__ or file.endswith("time_by_layer.py"):
        return "the bot's loop (this script)"
    path = Path(file).resolve()
    if path.is_relative_to(ENGINE):
        parts = path.relative_to(ENGINE).parts
        return f"rulekit/{parts[0]}" if len(parts) > 1 else f"rulekit/{parts[0]} (top level)"
    return "other Python (standard library)"


def main(argv: list[str] | None = None) -> int:
    """Profile the games and print each layer's share of the time."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ruleset", type=Path)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--variant", default=None)
    args = parser.parse_args(argv)
    game = rulekit.load(args.ruleset, variant=args.variant)
    profile = cProfile.Profile()
    decisions = profile.runcall(play, game, args.players, args.games)
    stats = pstats.Stats(profile)
    shares: Counter[str] = Counter()
    for (file, _line, _name), row in stats.stats.items():  # type: ignore[attr-defined]
        shares[layer_of(file)] += row[2]  # the function's own time
    total = sum(shares.values())
    print(f"{args.ruleset}, {args.players} players, {args.games} games, {decisions} decisions, "
          f"{total:.2f} s under cProfile")
    for layer, seconds in shares.most_common():
        print(f"  {layer:32} {100 * seconds / total:5.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
