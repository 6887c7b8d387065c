"""The decision a state waits on, as a driver reads it: what is asked, of whom, and why.

Drivers (the terminal, agents) read this instead of the state's decision stack, whose frames
are the runtime's own business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .frames import BuildFrame

if TYPE_CHECKING:
    from ..rules.game import CompiledParam, CompiledPhase, CompiledWindow
    from .fields import StateFields

TURN, PARAM, WINDOW = "turn", "param", "window"


@dataclass(frozen=True)
class Pending:
    """One pending decision: a turn action to start, a parameter to choose, a window to answer."""

    kind: str  # TURN, PARAM or WINDOW
    decider: int
    action: str | None = None  # PARAM: the action being put together
    param: CompiledParam | None = None  # PARAM: the parameter asked now
    step: tuple[int, int] | None = None  # PARAM: (action, parameter) indexes, the question's id
    chosen: tuple[tuple[str, Any], ...] = ()  # PARAM: the values chosen so far, in order
    window: CompiledWindow | None = None  # WINDOW: the window asking
    opener: int | None = None  # WINDOW: the seat whose action opened it

    def value(self, name: str) -> Any:
        """A value chosen so far for the action being put together (None if not chosen)."""
        return dict(self.chosen).get(name)


def pending_of(s: StateFields) -> Pending | None:
    """The decision s waits on, or None once the game is over."""
    if s.over:
        return None
    if not s.stack:
        return Pending(TURN, s.turn)
    top = s.stack[-1]
    g = s.game
    if isinstance(top, BuildFrame):
        act = g.actions[top.action]
        chosen = tuple((p.name, top.env[p.name]) for p in act.params[:top.pidx]
                       if p.name in top.env)
        return Pending(PARAM, top.actor, action=act.name, param=act.params[top.pidx],
                       step=(top.action, top.pidx), chosen=chosen)
    return Pending(WINDOW, top.order[top.idx], window=g.windows[top.win], opener=top.opener)


def asking(s: StateFields) -> tuple[CompiledPhase | CompiledWindow, dict[str, Any]]:
    """Whose actions may start now, a window's or the phase's, and the names their `when`s see
    (when no action is being put together and the game is not over)."""
    g = s.game
    if s.stack:
        top = s.stack[-1]
        return g.windows[top.win], {"actor": top.order[top.idx], "opener": top.opener}
    return g.phases[s.phase], {"actor": s.turn}
