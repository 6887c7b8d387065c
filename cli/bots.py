"""The random bot, shared by `play` and `bench`: one uniform choice among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def bot_rng(seed: int, seat: int) -> random.Random:
    """The generator of the bot in seat, derived from the game's seed (str seeds are stable)."""
    return random.Random(f"rulekit-bot:{seed}:{seat}")


def choose(legal: Sequence[T], rng: random.Random) -> T:
    """A uniformly random legal action; a forced one costs no random number."""
    n = len(legal)
    if n == 1:
        return legal[0]
    # rng.random() is cheaper than randrange and uniform enough for n far below 2**53
    return legal[int(rng.random() * n)]
