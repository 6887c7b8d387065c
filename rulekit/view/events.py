"""What happened, as a seat reads it: events in words, grouped by turn, the moments marked.

The log does not say in which turn an event happened; a driver that wants its events grouped
by turn keeps a Journal (whose turn it was before each decision) and hands it to the view.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import UsageError, short_repr
from ..runtime.observe import events_for, render_event

if TYPE_CHECKING:
    from ..runtime.state import State

HIDDEN = "_hidden"  # events_for's suffix for an event whose cards the seat may not see


@dataclass(frozen=True)
class EventView:
    """One event in words; a moment is one the ruleset marks as worth a pause."""

    at: int  # its place in the game's log (from 0)
    key: str  # its text key (with events_for's _hidden suffix when its cards are not shown)
    text: str
    moment: bool = False


@dataclass(frozen=True)
class TurnEvents:
    """The events of one turn (seat None: before the first decision, or turns not known)."""

    seat: int | None
    name: str | None
    events: tuple[EventView, ...]


@dataclass
class Journal:
    """Per decision of a game: where the log stood, who decided and whose turn it was.

    A driver notes each decision just before applying it (note, or apply), so that a view can
    start at a seat's last decision and group what came after by turn."""

    at: list[int] = field(default_factory=list)  # the log's length before each decision
    deciders: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)

    def note(self, state: State) -> None:
        """Note the decision state waits on (call it just before applying the answer)."""
        decider = state.decider
        if decider is None:
            raise UsageError("the game is over: there is no decision to note")
        self.at.append(len(state.log))
        self.deciders.append(decider)
        self.turns.append(state.turn)

    def apply(self, state: State, action: Action | str) -> None:
        """Note the decision, then apply action to state."""
        self.note(state)
        state.apply(action)

    def since(self, state: State, seat: int) -> int:
        """The log's length just after seat's last decision (0 before it has made one)."""
        for k in range(len(self.deciders) - 1, -1, -1):
            if self.deciders[k] == seat:
                return self.at[k + 1] if k + 1 < len(self.at) else len(state.log)
        return 0

    def turn_at(self, index: int) -> int | None:
        """Whose turn it was when the decision that logged entry index was made."""
        k = bisect_right(self.at, index) - 1
        return self.turns[k] if k >= 0 else None


def events_since(state: State, seat: int | None, start: int, lang: str, names: list[str],
                 journal: Journal | None) -> tuple[TurnEvents, ...]:
    """The events from log index start that have words, as seat reads them, grouped by turn."""
    g = state.game
    moments = frozenset(g.table.moments)
    groups: list[tuple[int | None, list[EventView]]] = []
    for i, (key, args) in enumerate(events_for(state, seat, start), start):
        if not g.texts.has(key):  # no words: the engine's own marks (a phase begins...)
            continue
        base = key[:-len(HIDDEN)] if key.endswith(HIDDEN) else key
        event = EventView(i, key, render_event(g, key, args, lang, names), base in moments)
        turn = journal.turn_at(i) if journal is not None else None
        if not groups or groups[-1][0] != turn:
            groups.append((turn, []))
        groups[-1][1].append(event)
    return tuple(TurnEvents(turn, None if turn is None else names[turn], tuple(events))
                 for turn, events in groups)


def check_since(state: State, since: Any) -> None:
    """Refuse a start in the log that is not a whole number from 0 to the log's length."""
    if isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= len(state.log):
        raise UsageError(f"since is a place in the game's log, a whole number from 0 to "
                         f"{len(state.log)}, not {short_repr(since)}")
