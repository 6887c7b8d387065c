#!/usr/bin/env python3
"""How much of limits.max_state, max_log and max_game_work the bundled games use.

    python benchmarks/limits_headroom.py [--games 300] [RULESET ...]

Plays random games (the random bot of `rulekit bench`: game i dealt from seed i) of every
ruleset in rulesets/ (or those named), alone and in each declared variant and each pair of
variants that combine, at the fewest and the most players each allows, and prints per
ruleset, variant and player count the most a game held in its variables (in parts, as
limits.max_state counts them: each item of a list kept in a variable, each meld laid), the
largest log (as limits.max_log counts it: each event, value logged, audience and item of a
logged list), the largest total work of a game (as limits.max_game_work counts it) and the
longest game in decisions; then the largest of all and the defaults beside them. The
defaults in rulekit/data/schema.py are set at about 10x the largest (docs/authoring.md,
Limits). The figures are exact counts, not timings: the machine's load does not change them.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from pathlib import Path

import rulekit
from rulekit.data.schema import LimitsSpec

ROOT = Path(__file__).resolve().parent.parent


def measure(game: rulekit.Game, players: int, games: int) -> tuple[int, int, int, int]:
    """(most parts held, largest log, largest game work, most decisions) over games random
    games."""
    most_held = most_log = most_work = most_decisions = 0
    for i in range(games):
        state = game.new_state(players, i)
        rnd = random.Random(f"rulekit-bench:{i}").random
        held = 0
        while not state.over:
            legal = state.legal_actions()
            n = len(legal)
            state.apply_unchecked(legal[0] if n == 1 else legal[int(rnd() * n)])
            # lists replaced by shorter ones give room back: the most held is seen after
            # some decision
            held = max(held, game.max_state - state.state_room)
        # the incremental counts agree with counts made afresh (a check of the benchmark)
        assert game.max_state - state.state_room == state.held_parts()
        assert game.max_log - state.log_room == state.log_parts()
        most_held = max(most_held, held)
        most_log = max(most_log, game.max_log - state.log_room)
        most_work = max(most_work, game.max_game_work - state.game_work)
        most_decisions = max(most_decisions, state.decisions)
    return most_held, most_log, most_work, most_decisions


def variants_of(path: Path) -> list[str | None]:
    """None (the ruleset alone), each declared variant, and each pair that loads together."""
    base = rulekit.load(str(path))
    out: list[str | None] = [None, *base.variants]
    for a, b in itertools.combinations(base.variants, 2):
        try:
            rulekit.load(str(path), variant=f"{a}+{b}")
        except rulekit.RulesetError:
            continue  # these two do not combine
        out.append(f"{a}+{b}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Measure every ruleset and variant; print the table and the largest figures."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rulesets", nargs="*", help="default: every file in rulesets/")
    ap.add_argument("--games", type=int, default=300, help="random games per row (default 300)")
    args = ap.parse_args(argv)
    paths = [Path(p) for p in args.rulesets] or sorted((ROOT / "rulesets").glob("*.yaml"))
    print(f"{'ruleset':<34} {'players':>7} {'held':>7} {'log':>8} {'game work':>11} "
          f"{'decisions':>9}")
    top_held = top_log = top_work = top_decisions = 0
    for path in paths:
        for variant in variants_of(path):
            game = rulekit.load(str(path), variant=variant)
            name = path.stem + ("" if variant is None else f" [{variant}]")
            for players in sorted({game.min_players, game.max_players}):
                held, log, work, decisions = measure(game, players, args.games)
                top_held, top_log = max(top_held, held), max(top_log, log)
                top_work, top_decisions = max(top_work, work), max(top_decisions, decisions)
                print(f"{name:<34} {players:>7} {held:>7,} {log:>8,} {work:>11,} "
                      f"{decisions:>9,}", flush=True)
    limits = LimitsSpec()
    print(f"largest over {args.games} random games per row: {top_held:,} parts held, a log "
          f"of {top_log:,}, {top_work:,} steps of work, {top_decisions:,} decisions")
    print("defaults: " + ", ".join(
        f"{name} {value:,} ({value / top:.1f}x)" for name, value, top in (
            ("max_state", limits.max_state, top_held), ("max_log", limits.max_log, top_log),
            ("max_game_work", limits.max_game_work, top_work),
            ("max_decisions", limits.max_decisions, top_decisions))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
