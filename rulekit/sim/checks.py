"""The checks a simulation's settings pass before any game is played.

The same checks serve the library (`rulekit.sim.simulate(seats=..., players=...)`) and the
command line (`rulekit simulate --seats ... --players ...`): `Words` names the settings as the
caller's user writes them, and `error` is the error class the caller reports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..bots import SPEC_HELP, parse_bot_spec
from ..errors import UsageError
from ..runtime.game import Game


@dataclass(frozen=True)
class Words:
    """How the caller's user names the settings, for the messages."""

    seats: str
    players: str
    timed: str  # how to accept bots that think for a time


API = Words(seats="seats=", players="players=", timed="pass timed_bots=True")


def seat_kinds(spec: str | Sequence[str] | None, players: int | None, timed: bool = False,
               words: Words = API, error: type[UsageError] = UsageError) -> list[str] | None:
    """The bot of each seat (one kind alone fills every seat), checked: no human, no bot that
    thinks for a time unless `timed`, as many as `players`."""
    if spec is None:
        return None
    parts = spec.split(",") if isinstance(spec, str) else list(spec)
    kinds = [k.strip().lower() for k in parts]
    for k in kinds:
        if k == "human":
            raise error(f"a human seat cannot be simulated: give every seat a bot in "
                        f"{words.seats} ({SPEC_HELP})")
        try:
            parsed = parse_bot_spec(k)
        except UsageError:
            raise error(f"unknown seat kind {k!r} in {words.seats}; accepted kinds: "
                        f"{SPEC_HELP}") from None
        if parsed.seconds is not None and not timed:
            # a bot thinking for a time plays differently on a busy machine: the results would
            # depend on the load and on the number of workers
            raise error(f"seat kind {k!r} thinks for a time per decision, so a simulation "
                        "could not be repeated; give bots an iteration budget, e.g. "
                        "ismcts:200, or random, greedy, easy (or "
                        f"{words.timed} to accept that)")
    if len(kinds) == 1 and players is not None:
        return kinds * players
    if players is not None and len(kinds) != players:
        raise error(f"{words.seats} lists {len(kinds)} seats but {words.players} is {players}; "
                    "give one kind per seat, or one kind for every seat")
    return kinds


def player_count(game: Game, requested: int | None, words: Words = API,
                 error: type[UsageError] = UsageError) -> int:
    """The number of seats: requested, checked against the ruleset, else its default."""
    lo, hi = game.min_players, game.max_players
    allowed = str(lo) if lo == hi else f"{lo} to {hi}"
    if requested is None:
        return game.default_players  # players.default, else 4 kept within min..max
    if not lo <= requested <= hi:
        raise error(f"{game.name} is played by {allowed} players, not {requested} "
                    f"(allowed {words.players} values: {allowed})")
    return requested


def seating_of(games: Sequence[Game], players: int | None, kinds: list[str] | None,
               words: Words = API,
               error: type[UsageError] = UsageError) -> tuple[int, list[str]]:
    """The number of seats and each seat's bot, for games played side by side (default: the
    number of seats listed, else the first game's default; random in every seat)."""
    one_kind = kinds is not None and len(kinds) == 1 and players is None
    n = player_count(games[0], players if kinds is None or one_kind else len(kinds), words,
                     error)
    if kinds is not None and one_kind:
        kinds = kinds * n
    for g in games[1:]:
        player_count(g, n, words, error)
    return n, kinds or ["random"] * n
