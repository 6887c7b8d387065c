"""The public Game: a ruleset's compiled rules that deal and restore games in progress."""

from __future__ import annotations

from typing import Any

from ..errors import UsageError, short_repr
from ..rules.game import Rules
from .state import State
from .statecheck import MAX_SEED


class Game(Rules):
    """A compiled ruleset. `new_state(players, seed)` deals a game."""

    def new_state(self, players: int, seed: int = 0, *, log: bool = True) -> State:
        """Deal a new game for `players` seats from `seed`.

        With log=False the state records no events (for simulations and search): the game is
        played the same, but `events_for` on it raises UsageError.
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise UsageError(f"the number of players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise UsageError(f"{self.name} is played by {self.min_players} to {self.max_players}"
                             f" players, not {players}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise UsageError("the seed must be a whole number from 0 to 2**64 - 1, not "
                             + short_repr(seed))
        return State.deal(self, players, seed, log=bool(log))

    def state_from_json(self, data: dict[str, Any]) -> State:
        """A state saved with State.to_json."""
        return State.from_json(self, data)
