"""How each seat sees one step of a game: the key of that step in the seat's own search tree.

The acting seat knows its action: its key is the action's text. Another seat sees only what the
engine shows it (`rulekit.observation`, `rulekit.events_for`): that an action with parameters
was begun (the pending decision names it), nothing of the cards picked or values chosen while it
is built, and, once the action runs, the events it logged as that seat reads them (cards of an
event meant for others left out, as `events_for` does) or, when it logged none, the sizes of
the zones whose size is public; and who decides next. Steps another seat cannot tell apart get
the same key, so that seat's tree keeps one statistic for them: a placement of three face-down
cards claiming a total is one node for the others, whichever cards were placed.
"""

from __future__ import annotations

from typing import Any

from ..actions import START, Action
from ..runtime.eventlog import EventLog
from ..runtime.frames import BuildFrame
from ..runtime.state import State

# per seat its key of a step (one object repeated, [key] * n, when every seat reads it alike:
# Forest.iterate tells that case by its first and last items); None: only the actor saw it
StepKeys = list[Any] | None


class Viewer:
    """Works out every seat's key of the steps of one game (one player count)."""

    __slots__ = ("n", "sized")

    def __init__(self, s: State):
        g = s.game
        self.n = s.n
        # zones whose size every seat may see (only 'hidden' zones keep their size secret)
        self.sized = [zi for zi in range(g.n_zone_instances(s.n))
                      if g.zone_of_instance(zi, s.n)[0].visibility != "hidden"]

    def step_keys(self, s: State, logged: int, top: Any, actor: int, action: Action) -> StepKeys:
        """Each seat's key of the step just taken (action by actor), or None if only the actor
        could see it. logged: the log's length before the step; top: the stack's top then."""
        stack = s.stack
        now = stack[-1] if stack else None
        if now is not None and type(now) is BuildFrame and now.actor == actor:
            if now is top:
                return None  # a card picked or a value chosen while building: others see nothing
            if action.kind == START:
                # the pending decision names the action begun, to every seat
                return [(actor, action.name)] * self.n
        log = s.log
        items = log.since(logged) if type(log) is EventLog else []
        # who decides next (State.decider, written out: a search asks at every step)
        if s.over:
            decider = None
        elif now is None:
            decider = s.turn
        elif type(now) is BuildFrame:
            decider = now.actor
        else:
            decider = now.order[now.idx]
        if not items:
            # nothing logged: what the step did shows only in the zones' public sizes
            zones = s.zones
            return [(actor, tuple([len(zones[zi]) for zi in self.sized]), decider)] * self.n
        for _, _, audience in items:
            if audience is not None:
                break
        else:  # every seat reads every event whole
            events = tuple([(key, _whole(args)) for key, args, _ in items])
            return [(actor, events, decider)] * self.n
        # each event read whole and, when some seat is not told it, hidden: once each, then
        # picked per seat
        read: list[tuple[Any, Any, Any]] = [
            (audience, (key, _whole(args)), None if audience is None else (key, _hidden(args)))
            for key, args, audience in items]
        out: list[Any] = []
        for q in range(self.n):
            events = tuple([whole if audience is None or q in audience else hidden
                            for audience, whole, hidden in read])
            out.append((actor, events, decider))
        return out


def _whole(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """An event's values as its audience reads them (lists frozen): the event's own tuple of
    (name, kind, value) when it holds no list (most do: nothing to build)."""
    for _, _, v in args:
        if type(v) is list:
            return tuple([(name, kind, tuple(v) if type(v) is list else v)
                          for name, kind, v in args])
    return args


def _hidden(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """An event's values as a seat outside its audience reads them: no card, cards counted."""
    return tuple([(name, len(v) if kind == "cards" and v is not None
                   else tuple(v) if type(v) is list else v)
                  for name, kind, v in args if kind != "card"])
