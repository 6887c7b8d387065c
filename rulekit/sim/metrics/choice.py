"""Choice: how much choosing there is, and how often each action is legal and taken."""

from __future__ import annotations

from typing import Any

from ..tally import Tally
from .common import rate


def measure(t: Tally) -> dict[str, Any]:
    """How much choosing there is: real choices, options per decision, and each action's use
    (how often legal, taken, and legal among other options)."""
    d = sum(v * c for v, c in t.decisions.items())
    s = t.start_decisions
    actions = {}
    for name in sorted(t.legal):
        legal, taken, real = t.legal[name], t.taken[name], t.real[name]
        actions[name] = {"legal": legal, "taken": taken,
                         "legal_share": legal / s if s else None,
                         "taken_share": taken / s if s else None,
                         "taken_when_legal": taken / legal if legal else None,
                         # of the decisions where it was legal, those with another option too
                         "real": real, "real_share": real / legal if legal else None}
    return {"decisions": d, "multi_option": rate(t.multi, d),
            "mean_options": t.options / d if d else None,
            "action_decisions": s, "actions": actions}
