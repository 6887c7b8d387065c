"""The CPU time `rulekit play` takes to show its first prompt (issue 9 point 6: under 0.3 s).

Each run starts `rulekit play RULESET --seats human,random,...` in a new process, answers the
first prompt with `quit`, and reads the process's user + system CPU time. The first run of a
tree fills its cache (compiled game, parse tables) and is not counted: the figure is a player's
second game, as every game after the first. With --baseline DIR the runs alternate with another
checkout of rulekit, side by side (the machine is noisy: never compare figures from two moments).

    python benchmarks/first_prompt.py rulesets/sham.yaml --runs 6 --baseline /tmp/before
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tree_env(tree: Path, work: Path) -> dict[str, str]:
    """The environment that runs rulekit from tree (its own shim of the installed names and its
    own cache directory); bytecode is written, as an installed package has it."""
    shim = work / f"shim-{abs(hash(str(tree)))}"
    shim.mkdir(exist_ok=True)
    for name, target in (("rulekit_cli", tree / "cli"), ("rulekit_games", tree / "rulesets")):
        link = shim / name
        if not link.exists():
            link.symlink_to(target)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = f"{shim}{os.pathsep}{tree}"
    env["RULEKIT_CACHE_DIR"] = str(work / f"cache-{abs(hash(str(tree)))}")
    return env


def first_prompt(tree: Path, ruleset: str, seats: str, work: Path) -> float:
    """CPU seconds (user + system) of one `rulekit play` up to its first prompt."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run([sys.executable, "-m", "rulekit_cli.main", "play", ruleset, "--seats",
                          seats], input="quit\n", text=True, capture_output=True,
                         env=tree_env(tree, work), check=False, cwd=work)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0 or "quit" not in run.stdout:  # it never reached its first prompt
        raise SystemExit(f"first_prompt: rulekit play from {tree} failed (exit "
                         f"{run.returncode}):\n{run.stderr.strip()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    """Measure the first prompt of this tree (and a baseline, alternately)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", nargs="?", default=str(ROOT / "rulesets" / "sham.yaml"))
    ap.add_argument("--seats", help="default: human, then random for the ruleset's default "
                    "player count (e.g. human,random,random,random)")
    ap.add_argument("--runs", type=int, default=5, help="runs counted per tree (default 5)")
    ap.add_argument("--baseline", type=Path, help="another rulekit checkout to alternate with")
    args = ap.parse_args(argv)
    ruleset = str(Path(args.ruleset).resolve())
    seats = args.seats
    if seats is None:
        sys.path.insert(0, str(ROOT))
        import rulekit

        n = rulekit.load(ruleset).default_players
        seats = ",".join(["human"] + ["random"] * (n - 1))
    trees = [("this", ROOT)] + ([("baseline", args.baseline.resolve())] if args.baseline else [])
    times: dict[str, list[float]] = {name: [] for name, _ in trees}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for _, tree in trees:
            first_prompt(tree, ruleset, seats, work)  # fills the caches: not counted
        for _ in range(args.runs):
            for name, tree in trees:
                times[name].append(first_prompt(tree, ruleset, seats, work))
    print(f"first prompt of rulekit play {Path(ruleset).name} --seats {seats} "
          f"(CPU s, user + system; {args.runs} runs each)")
    for name, tree in trees:
        ts = times[name]
        print(f"  {name:<8} median {statistics.median(ts):.3f}  min {min(ts):.3f}  "
              f"max {max(ts):.3f}  ({tree})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
