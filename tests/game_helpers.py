"""Helpers shared by the games' scenario tests: the decider's options, hands, the pending step."""

from __future__ import annotations

from collections import Counter

import rulekit
from rulekit.testing import labels


def legal(s: rulekit.State) -> list[str]:
    """The decider's legal actions as canonical texts."""
    return [str(a) for a in s.legal_actions()]


def hand(s: rulekit.State, seat: int) -> Counter:
    """The labels of a seat's hand, as a multiset."""
    return Counter(labels(s, ("hand", seat)))


def size(s: rulekit.State, ref) -> int:
    """How many cards a zone holds."""
    return len(labels(s, ref))


def pending(s: rulekit.State) -> dict | None:
    """What is being decided now, as any seat may know it."""
    return rulekit.observation(s, None)["pending"]


def in_window(s: rulekit.State, name: str) -> bool:
    """Whether the window called name is asking now."""
    p = pending(s)
    return p is not None and p.get("window") == name
