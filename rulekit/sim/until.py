"""`--until-confident`: play in rounds that double the games until the verdict is settled or a
maximum is reached.

Round k plays games n0*2^(k-1) .. n0*2^k - 1 (n0: the games asked for), so where a run stops
depends on the games' results alone, never on the workers: the figures stay the same for any
--workers. Looking after every round would find a difference by chance more often than 5%, so
the 5% is shared among the rounds that may be played (Bonferroni): each look asks for more.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

from .describe import TOGETHER
from .report import Report
from .simulation import OnBatch, Plan, run
from .stats import ALPHA, quantile
from .verdict import settled

DIFFERENCE = 0.05  # a change of the main figure worth knowing of: 5 points of a share
OnLook = Callable[[int, bool, dict[str, Any]], None]  # (games so far, settled, document)


def rounds(start: int, most: int) -> list[int]:
    """The number of games after each round: start, doubling, up to most."""
    out = [start]
    while out[-1] < most:
        out.append(min(most, out[-1] * 2))
    return out


def run_until(p: Plan, most: int, *, difference: float = DIFFERENCE, workers: int = 1,
              dask: str | None = None, client: object | None = None,
              on_batch: OnBatch | None = None, on_look: OnLook | None = None,
              keep_partial: bool = False) -> Report:
    """Play rounds of games until the main figure is settled (`verdict.settled`; without a
    comparison, its 95% interval within +-difference) or `most` games per variant."""
    plan_rounds = rounds(p.settings.games, max(most, p.settings.games))
    looks = len(plan_rounds)
    report: Report | None = None
    played = 0
    for total in plan_rounds:
        step = dataclasses.replace(p, settings=dataclasses.replace(p.settings, games=total))
        part = run(step, workers=workers, dask=dask, client=client, on_batch=on_batch,
                   keep_partial=keep_partial, first=played)
        report = part if report is None else _merged(report, part)
        played = total
        doc = report.to_json()
        done = report.partial or _settled(doc, difference, looks)
        if on_look is not None:
            on_look(total, done and not report.partial, doc)
        if done:
            break
    assert report is not None
    report.until = {"difference": difference, "most": most, "looks": looks,
                    "rounds": plan_rounds[:plan_rounds.index(played) + 1],
                    "settled": not report.partial and _settled(report.to_json(), difference,
                                                               looks)}
    return report


def _merged(a: Report, b: Report) -> Report:
    for mine, theirs in zip(a.tallies, b.tallies, strict=True):
        mine.merge(theirs)
    return dataclasses.replace(a, settings=b.settings, seconds=a.seconds + b.seconds,
                               partial=b.partial)


def _settled(doc: dict[str, Any], difference: float, looks: int) -> bool:
    cmp = doc["comparison"]
    if cmp is not None:
        games = (doc["runs"][0]["metrics"]["games"], doc["runs"][1]["metrics"]["games"])
        return settled(cmp["rows"], difference, looks, games)
    share = main_share(doc, 0)
    if share is None:
        return False
    k, n = share
    p = (k + 2) / (n + 4)  # Agresti and Coull: 0 of a few games is not a certainty
    half = quantile(1 - ALPHA / (2 * looks)) * math.sqrt(p * (1 - p) / (n + 4))
    return half < difference


def main_share(doc: dict[str, Any], run: int) -> tuple[int, int] | None:
    """The main figure of one run as (count, games): the players' wins in a cooperative game,
    else the first player's."""
    points = doc["runs"][run]["metrics"]["convergence"]["points"]
    if not points or not points[-1]["games"]:
        return None
    last = points[-1]
    kind = (doc.get("about") or {}).get("kind")
    return (last["won"] if kind == TOGETHER else last["first"]), last["games"]
