"""What `rulekit simulate` tells while it plays: an estimate of a long run's time, and how
each round of `--until-confident` went."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.progress import Progress, TaskID

from rulekit.sim import SHARE, main_row, main_series, main_share, show, wilson

LONG = 20.0  # seconds: a run expected to take longer is announced with its estimate
MEASURE = 2.0  # seconds of play (or a twentieth of the games) before estimating


class Estimate:
    """Says once, early, how long the whole run will take, when that is long."""

    def __init__(self, total: int, start: float, at_most: bool = False):
        self.total, self.start, self.at_most = total, start, at_most
        self.done = 0
        self.said = False

    def add(self, n: int, console: Console) -> None:
        """Count n more games; estimate once enough have been played."""
        self.done += n
        if self.said or not self.done:
            return
        spent = time.perf_counter() - self.start
        if spent < MEASURE and self.done * 20 < self.total:
            return
        self.said = True
        left = spent * (self.total - self.done) / self.done
        if left >= LONG:
            most = "at most " if self.at_most else ""
            console.print(f"rulekit: {most}about {_duration(left)} more for {self.total:,} games "
                          f"(estimated from the first {self.done:,}; Ctrl-C stops and reports "
                          "the games played)", markup=False, highlight=False)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def on_look(progress: Progress, tasks: list[TaskID],
            most: int) -> Callable[[int, bool, dict[str, Any]], None]:
    """What to do after each round of --until-confident: say how it stands, grow the bars to
    the next round's games (at most `most`)."""

    def look(games: int, settled: bool, doc: dict[str, Any]) -> None:
        per = " per variant" if doc["comparison"] is not None else ""
        progress.console.print(f"rulekit: after {games:,} games{per}: {_stands(doc)}"
                               f"{'settled' if settled else 'not settled yet'}",
                               markup=False, highlight=False)
        if not settled and games < most:
            for t in tasks:
                progress.update(t, total=min(most, games * 2))

    return look


def _stands(doc: dict[str, Any]) -> str:
    cmp = doc["comparison"]
    if cmp is not None:
        m = main_row(cmp["rows"])
        if m is None:
            return ""
        p = "-" if m["p"] is None else f"{m['p']:.3f}"
        return (f"{m['label']} {show(m['a'], SHARE)} against {show(m['b'], SHARE)} "
                f"(p {p}): ")
    share = main_share(doc, 0)
    if share is None:
        return ""
    label, _ = main_series(doc, doc["runs"][0])
    lo, hi = wilson(*share)
    return f"{label} {show(share[0] / share[1], SHARE)} ({show(lo, SHARE)}-{show(hi, SHARE)}): "
