"""The players and teams at the table as a seat sees them."""

from __future__ import annotations

from dataclasses import dataclass

from .values import VarView
from .zones import ZoneView


@dataclass(frozen=True)
class PlayerView:
    """One seat: who sits there, whether it plays or decides now, its variables and zones."""

    seat: int  # from 0, as the library counts
    name: str
    you: bool  # the viewing seat
    # the turn is this seat's and it takes part in the phase (not one its `active` leaves out,
    # such as a player out of the round); once the game is over: the last turn was
    turn: bool
    deciding: bool  # this seat is asked now (its turn, a choice, or a window)
    team: str | None  # its team's name in the view's language, where the ruleset has teams
    vars: tuple[VarView, ...]  # the player variables the table shows
    zones: tuple[ZoneView, ...]  # each player zone of this seat

    def zone(self, name: str) -> ZoneView:
        """One of the seat's zones by name (KeyError for no such zone)."""
        for z in self.zones:
            if z.name == name:
                return z
        raise KeyError(name)


@dataclass(frozen=True)
class TeamView:
    """One team: its name, members, the team variables shown and its zones."""

    name: str  # in the view's language
    members: tuple[int, ...]
    vars: tuple[VarView, ...]
    zones: tuple[ZoneView, ...]
