"""Bots' hints from a ruleset's `bots:` section and actions' `weight:`; they never change the rules.

`bots.evaluate` estimates, as a whole number from 0 to `bots.out_of`, how well player `p` stands;
search bots score cut-off playouts with it. An action's `weight` (a whole number, 0 or more) is how
often a random playout takes it relative to the other legal actions (default 1). `bots.believe`
says how often a condition over the hidden cards holds in the worlds a search bot deals itself
(a claim honest in half of them, say), where dealing the cards uniformly would make it rare.
`bots.rule_out` names cards a player's zone never holds in those worlds (what the table saw: a
player who drew held nothing playable).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..lang.types import Fn

State = Any  # rulekit.runtime.State: the rules layer never imports the runtime


@dataclass(frozen=True)
class Belief:
    """One `bots.believe` entry: in share of 100 dealt worlds where `when` holds, `that` holds.

    Each function takes (state, {"me": seat}), the state being a world dealt for that seat."""

    that: Fn
    share: Fn
    when: Fn | None = None  # None: always
    cards: Fn | None = None  # the cards to trade for other hidden ones when `that` is rare
    distance: Fn | None = None  # how far a world is from `that` (0: it holds), with cards


@dataclass(frozen=True)
class RuleOut:
    """One `bots.rule_out` entry: player p's `zone` holds no card `it` for which `where` holds
    in the worlds a search bot deals itself.

    `where` takes (state, {"me": seat, "p": player, "it": card}), the state a world dealt for
    seat."""

    zone: str
    where: Fn


@dataclass
class BotHints:
    """The compiled hints: an evaluation of a player's standing, and actions' playout weights."""

    evaluate: Fn | None = None  # (state, {"p": seat}) -> int in 0..out_of; None: no hint
    out_of: int = 100
    weights: dict[int, Fn] = field(default_factory=dict)  # action index -> (state, env) -> int
    constant_weights: dict[int, int] = field(default_factory=dict)  # the weights known at load
    # evaluate reads p only as team(p): partners stand alike, so one evaluation serves a team
    by_team: bool = False
    # evaluate never reads p: every seat stands alike, so one evaluation serves all
    same_for_all: bool = False
    beliefs: list[Belief] = field(default_factory=list)  # bots.believe, in order
    rule_outs: list[RuleOut] = field(default_factory=list)  # bots.rule_out, in order
    horizon: int | None = None  # bots.horizon: playout decisions before the cut (None: default)

    def evaluation(self, s: State, p: int) -> float | None:
        """Player p's standing in [0, 1] by the ruleset's hint (out of range: clamped), or None."""
        if self.evaluate is None:
            return None
        v: float = s.game.guard("bots.evaluate", self.evaluate, s, {"p": p})
        # clamped rather than an error: a slightly loose estimate must not stop a game
        return min(1.0, max(0.0, v / self.out_of))
