"""Seats of `rulekit simulate`: a stand-in for `rulekit.bots` until the bots land (random only).

`parse_bot_spec` and `make_bot` have the signatures agreed in the bot interface, so the driver
swaps this module for `rulekit.bots` by changing one import.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import rulekit
from rulekit.actions import Action

from .bots import bot_rng, choose

SPEC_HELP = "random"
ACCEPTED = ("random",)


@dataclass(frozen=True)
class BotSpec:
    """A parsed seat kind."""

    kind: str

    def __str__(self) -> str:
        return self.kind


class RandomBot:
    """Uniform among the legal actions, from the generator `play` gives the same seat."""

    name = "random"

    def __init__(self, seat: int, seed: int):
        self.rng: random.Random = bot_rng(seed, seat)

    def choose(self, state: rulekit.State) -> Action:
        """One legal action, drawn as `rulekit play`'s random bot draws it."""
        return choose(state.legal_actions(), self.rng)


def parse_bot_spec(text: str) -> BotSpec:
    """A seat kind from text; raise rulekit.UsageError naming the accepted forms."""
    kind = text.strip().lower()
    if kind not in ACCEPTED:
        raise rulekit.UsageError(f"unknown seat kind {text.strip()!r}; accepted kinds: "
                                 f"{SPEC_HELP}")
    return BotSpec(kind)


def make_bot(spec: str | BotSpec, game: rulekit.Game, seat: int, seed: int) -> RandomBot:
    """The bot for a seat of a game dealt from seed."""
    parsed = parse_bot_spec(spec) if isinstance(spec, str) else spec
    del game  # every accepted kind plays without looking at the ruleset
    assert parsed.kind == "random"
    return RandomBot(seat, seed)
