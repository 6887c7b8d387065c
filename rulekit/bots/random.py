"""The random bot: one uniform choice among the legal actions (the project's one random bot)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from ..actions import Action
from ..runtime.state import State

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


class RandomBot:
    """Takes a uniformly random legal action, from one generator for the whole game."""

    def __init__(self, seat: int, seed: int, name: str = "random"):
        self.name = name
        self.seat = seat
        self.rng = bot_rng(seed, seat)

    def choose(self, state: State) -> Action:
        """A uniformly random legal action."""
        return choose(state.legal_actions(), self.rng)
