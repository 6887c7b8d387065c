"""The random bot: a random legal action, in proportion to the ruleset's `weight:` hints (the
project's one random bot; every random seat, of `simulate`, `bench`, `validate --play` and the
conformance suite, draws as it does)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..actions import Action
from ..runtime.state import State
from .playout import policy

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


def weighted_choice(state: State, legal: list[Action], rnd: Callable[[], float]) -> Action:
    """A random action of legal (state's legal actions), drawn with one rnd() in proportion to
    the actions' `weight:`; a forced one draws nothing.

    It is the search's playout policy: a random seat plays as the search imagines players do.
    Without weights, or among the steps of an action, it is choose()'s uniform draw, number for
    number; and where every action weighs 1 the weighted draw picks the same action too (the
    running subtraction of whole weights from rnd() * n is exact), so a ruleset without
    `weight:` plays the games it always played.
    """
    return policy(state, legal, rnd)


def random_action(state: State, rng: random.Random) -> Action:
    """weighted_choice() among state's legal actions; without weights, without copying the list."""
    if state.game.hints.weights:
        return policy(state, state.legal_actions(), rng.random)
    return state.random_action(rng)


class RandomBot:
    """Takes a random legal action (weighted by `weight:`), from one generator for the game."""

    def __init__(self, seat: int, seed: int, name: str = "random"):
        self.name = name
        self.seat = seat
        self.rng = bot_rng(seed, seat)

    def choose(self, state: State) -> Action:
        """A random legal action, in proportion to the ruleset's weights."""
        return random_action(state, self.rng)
