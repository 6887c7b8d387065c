"""Failures: games that stopped on an error instead of ending."""

from __future__ import annotations

from typing import Any

from ..tally import Tally


def measure(t: Tally) -> dict[str, Any]:
    """Games that stopped on an error: how many, of which kind, and the first ones in full."""
    total = t.games + t.failed
    return {"count": t.failed, "of": total, "limit": t.failure_kinds["limit"],
            "rule": t.failure_kinds["rule"], "games": list(t.failures)}
