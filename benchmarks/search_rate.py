#!/usr/bin/env python3
"""How fast the search runs: iterations per CPU second, per ruleset, and against another tree.

    python benchmarks/search_rate.py rulesets/sham.yaml --players 4 --level medium --positions 10
    python benchmarks/search_rate.py --compare /tmp/base --level ismcts:200 --rounds 4

One ruleset: plays games from --seed (the next seed when one ends) with random moves and, at
--positions decisions (spread over the first --span decisions of a game, each with more than
one legal action), lets a fresh --level bot decide and records the iterations it ran
(`IsmctsBot.last_iterations`) and the CPU time of its choice (`time.process_time`, the prior and
everything else included). Prints the iterations per decision and per CPU second.

--compare TREE: the same measure for every ruleset both trees bundle (or those named, by file
name such as sham.yaml), in this tree and in TREE (another checkout, e.g. `git worktree add
/tmp/base f38066c`), each run in its own process with its own rulekit and its own copy of the
ruleset, alternating the two trees in ABBA order over --rounds rounds so that a change of the
machine's load falls on both. Prints each tree's iterations per CPU second and their ratio.
Not a test: the figures depend on the machine; compare the two trees in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
PLAYERS = {"shamus.yaml": 2, "gin_rummy.yaml": 2}  # the others are played by 4


def measure(ruleset: str, players: int, level: str, positions: int, span: int, seed: int,
            variant: str | None = None) -> tuple[list[int], float]:
    """The iterations of each measured decision, and the CPU seconds of the bots' choices."""
    import rulekit
    from rulekit.bots import make_bot

    game = rulekit.load(ruleset, variant=variant)
    rng = random.Random(seed)
    s = game.new_state(players, seed)
    games = 1
    every = max(1, span // positions)
    counts: list[int] = []
    cpu = 0.0
    due = 0  # measure the first decision with options at or after this one
    while len(counts) < positions:
        if s.over:  # a short game: go on in the next deal
            s = game.new_state(players, seed + games)
            games += 1
            due = 0
        legal = s.legal_actions()
        if len(legal) > 1 and s.decisions >= due:
            due = s.decisions + every
            bot = make_bot(level, game, s.decider, seed)
            t0 = time.process_time()
            bot.choose(s)
            cpu += time.process_time() - t0
            counts.append(bot.last_iterations)  # type: ignore[attr-defined]
        s.apply_unchecked(legal[int(rng.random() * len(legal))])
    return counts, cpu


def compare(tree: Path, names: list[str], a: argparse.Namespace) -> int:
    """Run both trees on every ruleset, alternately; print iterations per CPU second."""
    trees = [("this tree", ROOT), (str(tree), tree)]
    sums = {(t, n): [0, 0.0] for t, _ in trees for n in names}
    for r in range(a.rounds):
        order = trees if r % 2 == 0 else trees[::-1]
        for name in names:
            for label, root in order:
                cmd = [sys.executable, str(HERE), str(root / "rulesets" / name), "--json",
                       "--players", str(PLAYERS.get(name, 4)), "--level", a.level,
                       "--positions", str(a.positions), "--span", str(a.span),
                       "--seed", str(a.seed + r)]
                env = dict(os.environ, PYTHONPATH=str(root), RULEKIT_CACHE_DIR="")
                out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
                got = json.loads(out.stdout)
                sums[label, name][0] += got["iterations"]
                sums[label, name][1] += got["cpu"]
    print(f"{a.level}: iterations per CPU second, {a.rounds} rounds of {a.positions} decisions "
          f"per ruleset (seeds from {a.seed}), trees alternating")
    print(f"  {'ruleset':<18} {'this tree':>10} {tree.name:>10}  ratio")
    for name in names:
        mine, theirs = (sums[label, name][0] / sums[label, name][1] for label, _ in trees)
        print(f"  {name:<18} {mine:10,.0f} {theirs:10,.0f}  {mine / theirs:5.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Measure and print the iterations per decision and per CPU second."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rulesets", nargs="*", help="one ruleset path; with --compare, file names")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--level", default="medium", help="a seat kind: medium, hard, ismcts:200...")
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--span", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant")
    ap.add_argument("--compare", type=Path, metavar="TREE", help="another checkout to compare")
    ap.add_argument("--rounds", type=int, default=2, help="with --compare (default 2)")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # --compare's child
    a = ap.parse_args(argv)
    if a.compare is not None:
        names = a.rulesets
        if not names:  # the bundled rulesets of both trees (a newer tree may bundle more)
            theirs = {p.name for p in (a.compare / "rulesets").glob("*.yaml")}
            names = sorted(p.name for p in (ROOT / "rulesets").glob("*.yaml")
                           if p.name in theirs)
        return compare(a.compare.resolve(), names, a)
    if len(a.rulesets) != 1:
        ap.error("name one ruleset (or use --compare)")
    counts, cpu = measure(a.rulesets[0], a.players, a.level, a.positions, a.span, a.seed,
                          a.variant)
    if a.json:
        print(json.dumps({"iterations": sum(counts), "cpu": cpu}))
        return 0
    print(f"{a.rulesets[0]}: {a.level}, {len(counts)} decisions, iterations median "
          f"{statistics.median(counts):.0f}, min {min(counts)}, max {max(counts)}; "
          f"{sum(counts) / cpu:,.0f} iterations per CPU second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
