"""The parts of compiled rules that passes of the compiler return: the card table, the zone
layout and the variable layout (rulekit.compile.cards, zones, variables). The frozen Rules hold
each whole as a field, and offer their lists under the old names."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..lang import zoneids
from ..lang.types import Fn


@dataclass
class ZoneInfo:
    """A zone as declared: its name, owner kind and visibility."""

    name: str
    owner: str  # table | player | team
    visibility: str
    ordered: bool
    label: str
    melds: bool = False
    sort_key: list[Any] | None = None  # per card: how an unordered zone is shown (None: deck order)


@dataclass
class VarInfo:
    """A variable as declared."""

    name: str
    scope: str  # game | player | turn | team
    index: int
    type: str
    visible: bool
    label: str
    names: dict[int, str] | None = None  # a number variable's values by name (value -> text key)
    resample: Fn | None = None  # a hidden variable's value in a sampled world (rulekit.resample)
    private: bool = False  # visible (false) to everyone but its owner: visible: owner / team


@dataclass
class CardTable:
    """The deck: one list per attribute, indexed by card id, and the cards' faces (cards alike
    in every attribute share a face). Labels are worked out later, from the texts."""

    n_cards: int = 0
    card_attrs: dict[str, list[Any]] = field(default_factory=dict)
    attr_types: dict[str, str] = field(default_factory=dict)
    attr_names: dict[str, dict[int, str]] = field(default_factory=dict)  # values shown by name
    face_of: list[int] = field(default_factory=list)
    face_cards: list[int] = field(default_factory=list)  # a representative card per face


@dataclass
class ZoneLayout:
    """The zones in declaration order, by owner, and where the deck starts.

    The one home of the zone-id formula: a state's zones are the table zones, then each player
    zone once per seat, then each team zone once per team (`instance`, `of_instance`)."""

    table: list[ZoneInfo] = field(default_factory=list)
    player: list[ZoneInfo] = field(default_factory=list)
    team: list[ZoneInfo] = field(default_factory=list)
    start: int = 0  # the table zone the deck starts in

    def count(self, n: int, teams: int) -> int:
        """How many zone instances a game of n players and this many teams has."""
        return self.team_base(n) + len(self.team) * teams

    def team_base(self, n: int) -> int:
        """The first instance id of the team-owned zones in a game of n players."""
        return zoneids.team_base(len(self.table), len(self.player), n)

    def player_instance(self, k: int, n: int, seat: int) -> int:
        """The instance id of the k-th player zone of seat in a game of n players."""
        return zoneids.player_zone(len(self.table), k, n, seat)

    def team_instance(self, k: int, n: int, teams: int, team: int) -> int:
        """The instance id of the k-th team zone of team in a game of n players."""
        return zoneids.team_zone(self.team_base(n), k, teams, team)

    def instance(self, name: str, owner: int | None, n: int, teams: int) -> int:
        """The instance id of a table zone, or of a seat's (or a team's) zone; KeyError when
        there is no such zone or an owned zone is named without its owner."""
        for i, z in enumerate(self.table):
            if z.name == name:
                return i
        for k, z in enumerate(self.player):
            if z.name == name:
                if owner is None:
                    raise KeyError(f"zone '{name}' belongs to a player; name the player")
                return self.player_instance(k, n, owner)
        for k, z in enumerate(self.team):
            if z.name == name:
                if owner is None:
                    raise KeyError(f"zone '{name}' belongs to a team; name the team")
                return self.team_instance(k, n, teams, owner)
        raise KeyError(f"no zone '{name}'")

    def of_instance(self, zi: int, n: int, teams: int) -> tuple[ZoneInfo, int | None]:
        """The declaration and owner (None for the table; a seat, or a team) of an instance."""
        nt = len(self.table)
        if zi < nt:
            return self.table[zi], None
        base = self.team_base(n)
        if zi >= base:
            k, t = divmod(zi - base, teams)
            return self.team[k], t
        k, p = divmod(zi - nt, n)
        return self.player[k], p


@dataclass
class VarLayout:
    """The variables of each scope in declaration order (a variable's index is its place in a
    state's list of that scope), with their first values."""

    game: list[VarInfo] = field(default_factory=list)
    player: list[VarInfo] = field(default_factory=list)
    team: list[VarInfo] = field(default_factory=list)
    turn: list[VarInfo] = field(default_factory=list)
    game_initial: list[Any] = field(default_factory=list)
    player_initial: list[Any] = field(default_factory=list)
    team_initial: list[Any] = field(default_factory=list)
    turn_initial: list[Any] = field(default_factory=list)


@dataclass
class Scoring:
    """The score of a seat, and how the winners are found from the scores."""

    score_fn: Fn
    highest: bool  # the highest score wins (winners: highest)
    mode: str  # highest | lowest | all | none | condition
    winners_fn: Fn | None = None  # mode condition: whether a seat wins
