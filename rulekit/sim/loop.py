"""The one play loop: the players of a game choose, one decision at a time, until it is over.

Every "bots play a game to the end" in rulekit goes through `play_out`: the simulator, the
golden playthroughs, `rulekit validate --play`, `rulekit bench` and the benchmarks. What differs
between them is who chooses (a bot per seat, a seeded random draw, a recorded list) and what is
watched at each decision, never the loop itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ..actions import Action
from ..bots.random import random_action
from ..errors import GameOverError
from ..runtime.state import State

Chooser = Callable[[State], Action]  # the decider's action in a state that is not over
Watch = Callable[[State, Action], None]  # sees each decision before its action is applied


class Player(Protocol):
    """Anything that chooses for a seat: every bot of rulekit.bots is one."""

    def choose(self, state: State) -> Action:
        """One of state.legal_actions()."""
        ...


def play_out(state: State, choose: Chooser, watch: Watch | None = None, *,
             checked: bool = False) -> State:
    """Apply choose(state) until the game is over (watch sees each choice first); return state.

    `checked` applies each action through `State.apply` (atomic, every action checked), else
    through `apply_unchecked` (what bots use: faster, the action still checked to be legal).
    A rule error or a limit the ruleset sets stops the loop as it stops the game: it propagates.
    """
    apply = state.apply if checked else state.apply_unchecked
    while not state.is_over:
        action = choose(state)
        if watch is not None:
            watch(state, action)
        apply(action)
    return state


def by_seat(players: Sequence[Player]) -> Chooser:
    """A chooser asking the player of the seat that decides."""

    def choose(state: State) -> Action:
        seat = state.decider
        if seat is None:  # pragma: no cover - play_out never asks once the game is over
            raise GameOverError("the game is over; no seat decides")
        return players[seat].choose(state)

    return choose


def uniform(rng: random.Random) -> Chooser:
    """A uniformly random legal action from rng, whatever the weights; a forced decision draws
    no number."""
    return lambda state: state.random_action(rng)


def weighted(rng: random.Random) -> Chooser:
    """A random seat: a legal action from rng in proportion to the ruleset's `weight:`, as the
    random bot draws (uniform's very draws in a ruleset without weights); a forced decision
    draws no number."""
    return lambda state: random_action(state, rng)
