"""The zone-id formula, in one place: a state's zones are the table zones, then each player zone
once per seat, then each team zone once per team. The numbers for the runtime (through
rulekit.rules.parts.ZoneLayout) and the same formula as generated source (the seat count read
from the state, `s.n`) for the compiler."""

from __future__ import annotations


def player_zone(n_table: int, k: int, n: int, seat: int) -> int:
    """The id of the k-th player zone of seat in a game of n players."""
    return n_table + k * n + seat


def team_zone(team_base: int, k: int, teams: int, team: int) -> int:
    """The id of the k-th team zone of team, the team zones starting at team_base."""
    return team_base + k * teams + team


def team_base(n_table: int, n_player_zones: int, n: int) -> int:
    """The id of the first team zone in a game of n players."""
    return n_table + n_player_zones * n


def player_zone_src(n_table: int, k: int, seat_src: str, short: bool = True) -> str:
    """player_zone as generated source, seat_src the seat's source (short: no `0 * s.n` or
    `1 * s.n` written out)."""
    if short and k == 0:
        return f"{n_table} + {seat_src}"
    if short and k == 1:
        return f"{n_table} + s.n + {seat_src}"
    return f"{n_table} + {k} * s.n + {seat_src}"


def team_zone_src(n_table: int, n_player_zones: int, k: int, teams: int, team_src: str) -> str:
    """team_zone as generated source, team_src the team's source."""
    return f"{n_table} + {n_player_zones} * s.n + {k * teams} + {team_src}"
