"""Warm load-and-compile time of each bundled ruleset (CPU time, median of N loads).

    python benchmarks/load_time.py ROOT [N]

ROOT is a checkout of rulekit (its rulesets/ are loaded with the rulekit that python imports), so
two versions compare side by side by alternating:

    for i in 1 2; do /work/baseline/.venv/bin/python benchmarks/load_time.py /work/baseline 10
                     .venv/bin/python benchmarks/load_time.py . 10; done

Two figures per ruleset: with the DSL parse cache cleared before each load (a new text), and warm
(the same text loaded again in one process); and where the engine keeps compiled games whole
(rulekit.gamecache), a third: `rulekit.load(path, cached=True)`, the game compiled by an earlier
run, as the `rulekit` commands load it.
"""

from __future__ import annotations

import inspect
import statistics
import sys
import time
from pathlib import Path

import rulekit
from rulekit.lang import expressions as dsl


def main() -> None:
    """Print the median load times of the bundled rulesets."""
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(".")
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    for name in ("sham", "chami", "shamus"):
        path = root / "rulesets" / f"{name}.yaml"
        rulekit.load(path)
        cold, warm = [], []
        for _ in range(n):
            if hasattr(dsl, "_parse_cached"):
                dsl._parse_cached.cache_clear()
            t = time.process_time()
            rulekit.load(path)
            cold.append(time.process_time() - t)
            t = time.process_time()
            rulekit.load(path)
            warm.append(time.process_time() - t)
        line = (f"{name}: {statistics.median(cold) * 1000:.0f} ms (parse cache cleared), "
                f"{statistics.median(warm) * 1000:.0f} ms (warm)")
        if "cached" in inspect.signature(rulekit.load).parameters:
            rulekit.load(path, cached=True)  # kept now, if it was not
            kept = []
            for _ in range(n):
                t = time.process_time()
                rulekit.load(path, cached=True)
                kept.append(time.process_time() - t)
            line += f", {statistics.median(kept) * 1000:.1f} ms (compiled before, kept whole)"
        print(line)


if __name__ == "__main__":
    main()
