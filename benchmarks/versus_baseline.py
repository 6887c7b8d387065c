#!/usr/bin/env python3
"""Decisions per CPU second of this tree against a baseline checkout, measured side by side.

    git worktree add --detach /tmp/base ab5fb79
    python -m venv /tmp/base/.venv && /tmp/base/.venv/bin/pip install -e /tmp/base
    python benchmarks/versus_baseline.py --baseline /tmp/base

Each round plays the same games (random bots, game i dealt from seed i) once with the baseline
and once with this tree, alternating which goes first, each in a fresh process of its own venv;
only the CPU time spent playing is counted (time.process_time, loading excluded). The figures
are the totals over all rounds; the decisions of both sides must be equal, game for game (they
differ for a ruleset whose rules were fixed since: --baseline-rules makes both trees play the
baseline's rulesets, so that the two engines play the very same games).

With --instructions, each side instead runs once under valgrind (callgrind, PYTHONHASHSEED=0)
and the figure is the machine instructions spent per decision, startup subtracted (the same
command with no game): a count that does not depend on the machine's load or its processor,
where CPU-second ratios of the same two trees differ by a quarter from one machine to another.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# The child: the same random bot as `rulekit bench` (cli/bench.py), through the public API only,
# so that it runs unchanged against any commit.
CHILD = r"""
import json, random, sys, time
import rulekit
path, players, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
game = rulekit.load(path)
per_game = []
t0 = time.process_time()
for i in range(games):
    state = game.new_state(players, seed + i)
    rnd = random.Random(f"rulekit-bench:{seed + i}").random
    legal_actions = state.legal_actions
    apply = state.apply_unchecked
    while not state.is_over:
        legal = legal_actions()
        n = len(legal)
        apply(legal[0] if n == 1 else legal[int(rnd() * n)])
    per_game.append(state.decisions)
cpu = time.process_time() - t0
print(json.dumps({"cpu": cpu, "decisions": per_game}))
"""

CASES = {  # ruleset, players, games per round
    "sham": ("sham.yaml", 4, 150),
    "chami": ("chami.yaml", 4, 12),
    "shamus": ("shamus.yaml", 2, 40),
}


def run(python: Path, cwd: Path, ruleset: Path, players: int, games: int, seed: int) -> dict:
    """Play the games in a fresh process of one tree; its CPU time and decisions per game."""
    out = subprocess.run([str(python), "-c", CHILD, str(ruleset), str(players), str(games),
                          str(seed)], cwd=cwd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def _collected(python: Path, cwd: Path, ruleset: Path, players: int, games: int) -> tuple[int, str]:
    """The instructions valgrind counts for a child playing games (0: startup only)."""
    # no cache of compiled games: both runs compile the ruleset alike, whatever else runs
    env = dict(os.environ, PYTHONHASHSEED="0", RULEKIT_CACHE_DIR="")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          str(python), "-c", CHILD, str(ruleset), str(players), str(games), "0"],
                         cwd=cwd, capture_output=True, text=True, check=True, env=env)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{out.stderr[-2000:]}")
    return int(found.group(1)), out.stdout


def count(python: Path, cwd: Path, ruleset: Path, players: int, games: int) -> dict:
    """Instructions spent playing the games (startup subtracted) and decisions per game."""
    run(python, cwd, ruleset, players, 0, 0)  # a load first writes any missing .pyc files
    startup, _ = _collected(python, cwd, ruleset, players, 0)
    total, stdout = _collected(python, cwd, ruleset, players, games)
    return {"instructions": total - startup, "decisions": json.loads(stdout)["decisions"]}


def cases(args: argparse.Namespace) -> Iterator[tuple[str, str, int, int]]:
    """The cases asked for: name, ruleset file, players and games (scaled)."""
    for name in args.case or list(CASES):
        file, players, games = CASES[name]
        yield name, file, players, max(1, round(games * args.scale))


def rules_of(args: argparse.Namespace, tree: Path) -> Path:
    """The rulesets a tree plays: its own, or with --baseline-rules the baseline's for both."""
    return (args.baseline if args.baseline_rules else tree) / "rulesets"


def header(unit: str) -> None:
    """The table's first line, unit the figure of each side."""
    print(f"{'case':8} {'players':>7} {'games':>6} {'base ' + unit:>15} {'this ' + unit:>15} "
          f"{'ratio':>7}")


def instructions(args: argparse.Namespace, base_py: Path, this_py: Path) -> int:
    """Instructions per decision of both trees, each played once under valgrind."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind on the PATH (Debian: apt install valgrind)")
    header("instr/dec")
    status = 0
    for name, file, players, games in cases(args):
        sides = {side: count(py, tree, rules_of(args, tree) / file, players, games)
                 for side, py, tree in (("base", base_py, args.baseline), ("this", this_py, HERE))}
        if sides["base"]["decisions"] != sides["this"]["decisions"]:
            print(f"{name}: decisions per game differ from the baseline!", file=sys.stderr)
            status = 1
        base, this = (sides[k]["instructions"] / sum(sides[k]["decisions"])
                      for k in ("base", "this"))
        print(f"{name:8} {players:7} {games:6} {base:15,.0f} {this:15,.0f} {base / this:6.2f}x")
    return status


def main(argv: list[str] | None = None) -> int:
    """Run every case alternately on both trees and print the rates and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default="/work/baseline", type=Path,
                        help="a checkout of the baseline commit with its venv in .venv")
    parser.add_argument("--rounds", type=int, default=3, help="alternations per case")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the games per round")
    parser.add_argument("--case", action="append", choices=sorted(CASES),
                        help="only these cases (default: all)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per decision under valgrind, once per side, "
                             "instead of CPU seconds (slow: try --scale 0.25)")
    parser.add_argument("--baseline-rules", action="store_true",
                        help="both trees play the baseline's own rulesets: the engines compared "
                             "on the same games (the rulesets changed since, for rule fixes)")
    args = parser.parse_args(argv)
    base_py = args.baseline / ".venv" / "bin" / "python"
    this_py = HERE / ".venv" / "bin" / "python"
    if not this_py.exists():
        this_py = Path(sys.executable)
    asked = "import rulekit; print(rulekit.native.STATUS)"  # compiled or sources
    form = subprocess.run([str(this_py), "-c", asked], cwd=HERE, capture_output=True,
                          text=True).stdout.strip()
    print(f"baseline {args.baseline} ({base_py}) vs this tree {HERE} ({this_py}; runtime: "
          f"{form or 'unknown'}, see python -m rulekit.native)")
    if args.instructions:
        return instructions(args, base_py, this_py)
    header("dec/cpu-s")
    status = 0
    for name, file, players, games in cases(args):
        totals = {"base": [0.0, 0], "this": [0.0, 0]}
        for r in range(args.rounds):
            order = [("base", base_py, args.baseline), ("this", this_py, HERE)]
            if r % 2:
                order.reverse()
            seen = {}
            for side, py, tree in order:
                res = run(py, tree, rules_of(args, tree) / file, players, games, 0)
                totals[side][0] += res["cpu"]
                totals[side][1] += sum(res["decisions"])
                seen[side] = res["decisions"]
            if seen["base"] != seen["this"]:
                print(f"{name}: decisions per game differ from the baseline!", file=sys.stderr)
                status = 1
        base = totals["base"][1] / totals["base"][0]
        this = totals["this"][1] / totals["this"][0]
        print(f"{name:8} {players:7} {games * args.rounds:6} {base:15,.0f} {this:15,.0f} "
              f"{this / base:6.1f}x")
    return status


if __name__ == "__main__":
    sys.exit(main())
