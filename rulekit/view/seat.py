"""A seat's whole view of a game: what a table (the terminal, a web page) draws for it.

Built only from what the seat may know: rulekit.observation, events_for and pending_view, the
seat's own legal actions, and the ruleset's table description (rulekit.rules.tableview). So two
states the seat cannot tell apart give the same view.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from ..errors import UsageError, short_repr
from ..runtime.observe import check_seat, observation, seat_name
from .cards import Cards
from .events import EventView, Journal, TurnEvents, check_since, events_since
from .players import PlayerView, TeamView
from .question import QuestionView, question_view
from .values import VarView, var_view
from .zones import ZoneView, zone_view

if TYPE_CHECKING:
    from ..runtime.state import State


@dataclass(frozen=True)
class OutcomeView:
    """How the game ended: the scores per seat, the winners, and why, in words."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class SeatView:
    """Everything a table shows one seat now, as plain data (to_json for a web client)."""

    game: str
    seat: int | None  # None: a spectator's view (what every seat sees)
    lang: str
    phase: str  # the phase's name
    phase_label: str | None  # the phase as players call it, where the ruleset names it
    status: str | None  # the ruleset's status line for this seat (table.status; a spectator none)
    turn: int  # whose turn it is
    over: bool
    table: tuple[ZoneView, ...]  # the table's zones
    vars: tuple[VarView, ...]  # the game and turn variables the table shows
    players: tuple[PlayerView, ...]
    teams: tuple[TeamView, ...]
    since: int  # the log's place the events start at
    logged: int  # the log's length now (the next view's since, after this seat's decision)
    events: tuple[TurnEvents, ...]  # what happened since, turn by turn
    moments: tuple[EventView, ...]  # those of the events the ruleset marks worth a pause
    question: QuestionView | None  # None once the game is over
    outcome: OutcomeView | None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (dicts, lists, strings, numbers, booleans, null)."""
        out = _plain(self)
        assert isinstance(out, dict)
        return out

    def to_json(self) -> str:
        """The view as one JSON text (UTF-8 characters kept, keys sorted: equal views, equal
        texts)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    def player(self, seat: int) -> PlayerView:
        """One seat's row."""
        return self.players[seat]


def view(state: State, seat: int | None, *, lang: str | None = None,
         names: list[str] | None = None, since: int | None = None,
         journal: Journal | None = None) -> SeatView:
    """What seat may know of state, as a table draws it, in lang (the ruleset's first language
    by default), the seats called names (default: the ruleset's seat names). The events start
    at log index since; else after seat's last decision in journal; else at the beginning.
    Seat None is a spectator: only what every seat sees (no status line, no question's options)."""
    g = state.game
    check_seat(state, seat)
    lang = lang or g.languages[0]
    if lang not in g.languages:
        raise UsageError(f"{g.name} speaks {', '.join(g.languages)}, not {short_repr(lang)}")
    names = _names(state, names, lang)
    if since is None:
        since = journal.since(state, seat) if journal is not None and seat is not None else 0
    check_since(state, since)
    cards = Cards(g, lang)
    obs = observation(state, seat)
    pending = obs["pending"] or {}
    building = pending.get("action") if pending.get("by") == seat else None
    tv = g.table
    table = tuple(zone_view(g, z, obs["table"][z.name], lang, cards, tv.whole(z.name, building))
                  for z in g.table_zones)
    shown = []
    for infos, values in ((g.game_vars, obs["vars"]), (g.turn_vars, obs["turn_vars"])):
        shown += [var_view(g, v, values[v.name], lang, names, cards) for v in infos
                  if v.name in values and tv.shows(v.name)]
    team_of = {p: row["team"] for row in obs.get("teams", ()) for p in row["members"]}
    marked = obs["turn"] if _takes_part(state, obs["turn"]) else None
    players = tuple(
        PlayerView(p, names[p], p == seat, p == marked,
                   p == obs["decider"],
                   g.texts.word(team_of[p], lang) if p in team_of else None,
                   tuple(var_view(g, v, row["vars"][v.name], lang, names, cards)
                         for v in g.player_vars if v.name in row["vars"] and tv.shows(v.name)),
                   tuple(zone_view(g, z, row["zones"][z.name], lang, cards)
                         for z in g.player_zones))
        for p, row in enumerate(obs["seats"]))
    teams = tuple(
        TeamView(g.texts.word(row["team"], lang), tuple(row["members"]),
                 tuple(var_view(g, v, row["vars"][v.name], lang, names, cards)
                       for v in g.team_vars if v.name in row["vars"] and tv.shows(v.name)),
                 tuple(zone_view(g, z, row["zones"][z.name], lang, cards) for z in g.team_zones))
        for row in obs.get("teams", ()))
    events = events_since(state, seat, since, lang, names, journal)
    phase = g.phases[state.phase]
    outcome = None
    if state.outcome is not None:
        o = state.outcome
        outcome = OutcomeView(tuple(o.scores), tuple(o.winners), g.texts.word(o.reason, lang))
    # the status and the prompts' values may name `me`: a spectator is no one
    named: dict[str, str] = {}  # the values the prompts may name
    status = None
    if seat is not None:
        named = tv.values_for(g, state, seat, lang, names) if not state.over else {}
        status = tv.status_line(g, state, seat, lang, names)
    return SeatView(
        g.name, seat, lang, phase.name, g.texts.word(phase.label, lang) if phase.label else None,
        status, obs["turn"], obs["over"], table,
        tuple(shown), players, teams, since, len(state.log), events,
        tuple(e for group in events for e in group.events if e.moment),
        question_view(state, seat, lang, names, cards, named), outcome)


def _takes_part(state: State, turn: int) -> bool:
    """Whether the turn's seat takes part in the phase now (its `active` holds: a player locked
    out of the round may keep the turn until a window on it is answered, but plays no more), or
    the game is over (the last turn was theirs)."""
    if state.over:
        return True
    phase = state.game.phases[state.phase]
    return bool(state.game.guard(phase.rule + ".active", phase.active, state.clone(),
                                 {"p": turn}))


def _plain(x: Any) -> Any:
    """x as JSON-ready data: what dataclasses.asdict gives, tuples as lists, without its deep
    copy of every leaf (a server makes a view per seat per decision: asdict was most of it)."""
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    if isinstance(x, (tuple, list)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    return {name: _plain(getattr(x, name)) for name in _fields(type(x))}


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    return names


def _names(state: State, names: Any, lang: str) -> list[str]:
    """The seats' names: as given (one text per seat), else the ruleset's."""
    if names is None:
        return [seat_name(state.game, p, lang) for p in range(state.n)]
    if (not isinstance(names, (list, tuple)) or len(names) != state.n
            or not all(isinstance(x, str) for x in names)):
        raise UsageError(f"names are one text per seat ({state.n}), not {short_repr(names)}")
    return list(names)
