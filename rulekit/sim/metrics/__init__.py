"""The metrics of a simulation: one module per family, each turning a Tally into the JSON
schema's object of that name (docs/simulate.md defines every figure).

Like Ludii's `metrics/`, a metric is a small unit with a name: `METRICS` lists them in the
order of the JSON document, and `all_metrics` applies each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..tally import Tally
from . import (
    choice,
    convergence,
    events,
    failures,
    length,
    outcome,
    scores,
    shared_score,
    tension,
)

Metric = Callable[[Tally], dict[str, Any]]

# name in the JSON document -> the unit that measures it
METRICS: tuple[tuple[str, Metric], ...] = (
    ("outcome", outcome.measure), ("length", length.measure), ("scores", scores.measure),
    ("choice", choice.measure), ("tension", tension.measure), ("events", events.measure),
    ("failures", failures.measure), ("shared_score", shared_score.measure),
    ("convergence", convergence.measure),
)


def all_metrics(t: Tally) -> dict[str, Any]:
    """Every metric family of one tally, as the JSON schema's `metrics` object."""
    out: dict[str, Any] = {"games": t.games}
    for name, metric in METRICS:
        out[name] = metric(t)
    return out


__all__ = ["METRICS", "Metric", "all_metrics"]
