"""The run-time helpers generated statements call (bound by `Module.ref`, called from the
generated lines): what is more than a line or two of a statement's work, or raises its rule error.

They take the state `s` (and, where the statement reads who acts, the locals `e`) and plain
values the generated code has already worked out; none of them compiles anything.
"""

from __future__ import annotations

from typing import Any

from ..errors import EvaluationLimitError, RuleRuntimeError
from ..lang.budget import over_budget
from .base import MAX_OPEN_WINDOWS

PASSED_ON = ("actor", "opener")  # not visible in a procedure, but who opens a window it asks


def ask_window(s: Any, e: dict[str, Any], index: int, players: Any, ordered: bool) -> None:
    """`ask WINDOW [to PLAYERS]`: queue the window, to players (none: nobody) or, when not
    ordered, to the window's own order."""
    opener = e.get("actor", e.get("opener"))
    if not ordered:
        win = s.game.windows[index]
        players = s.game.guard(win.rule + ".order", win.order, s, {"opener": opener})
    else:
        players = players or []  # none: nobody
    w = s.work - 1 - len(players)  # charge written out: the frame waits on the stack until
    s.work = w  # it is answered
    if w < 0:
        over_budget(s)
    if len(s.stack) + len(s._queued) >= MAX_OPEN_WINDOWS:
        raise EvaluationLimitError("", f"more than {MAX_OPEN_WINDOWS} windows are open "
                                   "at once (a window asked again and again)")
    asked = []
    for p in players:  # a loop: a comprehension is a call of its own (Python 3.11)
        if p is not None:
            asked.append(p)
    s.queue_window(index, asked, opener)


def passed_on(e: dict[str, Any]) -> dict[str, Any]:
    """A procedure's locals to start from: who acts and who opened the window, if known."""
    return {k: e[k] for k in PASSED_ON if k in e}


def failed_body(s: Any, e: dict[str, Any]) -> None:
    """The body of a procedure that did not compile (the game is not built)."""


def negative_skip(n: int) -> None:
    """Raise the rule error of `skip` with a count below 0."""
    raise RuleRuntimeError("", f"cannot skip a negative number of players ({n})")


def too_many_skips() -> None:
    """Raise the limit error of skips grown past 10^15."""
    raise EvaluationLimitError("", "a number grew past the limit of 10^15 (skips)")
