#!/usr/bin/env python3
"""Where a ruleset's time goes, by kind of decision: the cost of applying each kind.

    python benchmarks/decision_costs.py rulesets/sham.yaml --players 4 --games 150

Plays games with the random bot of `rulekit bench` (game i dealt from seed i) and times each
`apply_unchecked` (with the flow it sets off: effects, phases, turns, windows, the next legal
actions) and each `legal_actions()` call, grouped by what was applied: starting an action on a
turn, answering a window, picking a card, finishing a pick, choosing a value. Wall-clock
microseconds (perf_counter), so run it on a quiet machine and compare two trees by alternating;
the share of decisions is exact.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import rulekit
from rulekit.actions import CHOOSE, DONE, PICK, START
from rulekit.runtime.frames import WindowFrame

KINDS = {START: "start an action on a turn", PICK: "pick a card", DONE: "finish picking",
         CHOOSE: "choose a value"}
WINDOW = "answer a window"


def main(argv: list[str] | None = None) -> int:
    """Play the games and print the cost of each kind of decision."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ruleset")
    ap.add_argument("--players", type=int, default=None, help="default: the ruleset's")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--variant", default=None)
    args = ap.parse_args(argv)
    game = rulekit.load(args.ruleset, variant=args.variant)
    players = args.players or game.default_players
    clock = time.perf_counter
    spent: Counter[str] = Counter()
    count: Counter[str] = Counter()
    listing = 0.0
    for i in range(args.games):
        state = game.new_state(players, i)
        rnd = random.Random(f"rulekit-bench:{i}").random
        while not state.is_over:
            t0 = clock()
            legal = state.legal_actions()
            listing += clock() - t0
            n = len(legal)
            action = legal[0] if n == 1 else legal[int(rnd() * n)]
            kind = KINDS[action.kind]
            if action.kind == START and state.stack and isinstance(state.stack[-1], WindowFrame):
                kind = WINDOW
            t0 = clock()
            state.apply_unchecked(action)
            spent[kind] += clock() - t0
            count[kind] += 1
    total = sum(count.values())
    all_time = sum(spent.values()) + listing
    print(f"{game.name}, {players} players, {args.games} games, {total} decisions, "
          f"{all_time / total * 1e6:.1f} µs a decision ({total / all_time:,.0f} a second)")
    print(f"{'decision':28} {'share':>6} {'µs each':>8} {'share of time':>14}")
    for kind, n in count.most_common():
        print(f"{kind:28} {n / total:6.0%} {spent[kind] / n * 1e6:8.1f} "
              f"{spent[kind] / all_time:14.0%}")
    print(f"{'legal_actions() (a copy)':28} {'':6} {listing / total * 1e6:8.1f} "
          f"{listing / all_time:14.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
