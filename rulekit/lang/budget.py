"""The evaluation budget: the work a decision may do, and numbers kept within bounds."""

from __future__ import annotations

from typing import Any, NoReturn

from ..errors import EvaluationLimitError, StateLimitError
from .types import (
    Typed,
)

MAX_INT = 10**15  # every number the rules compute stays within +-MAX_INT
# a definition whose evaluation costs more charges the budget each time it is used; a lighter
# one adds its cost to what uses it (a loop charges it per item up front: no charge per use).
# It stops definitions that use others several times from multiplying (2^n for n levels)
# however high it is; at 64 a long condition in a loop charged at every card of it
HEAVY = 256
# a rule's own condition or effect list of up to this many parts runs without drawing on the
# budget; a larger one draws its size each time it runs, since the flow may run one up to
# limits.max_auto_steps times a decision (an end_if asked at each restart of a phase)
FREE_PARTS = 64
# what an action run (or the setup) and each automatic step of the flow count in the work of
# the whole game (limits.max_game_work) besides the work they draw: each may run rules of up to
# FREE_PARTS parts that draw nothing, so a game of such actions or steps is bounded too
STEP_WORK = FREE_PARTS


def over_budget(s: Any) -> None:
    """Raise the error for a state whose evaluation budget (`s.work`) has run out."""
    limit = getattr(getattr(s, "game", None), "max_work", None)
    raise EvaluationLimitError("", f"the rules did more than {limit} steps of work before the "
                               "next decision (limits.max_work): a loop, a list or a count too "
                               "large")


def game_work_spent(limit: int) -> str:
    """The message of the error of a game whose total work outgrew limits.max_game_work."""
    return (f"the game did more than {limit} steps of work in all (limits.max_game_work): a "
            "game that does not end, or rules that work hard at every decision; if the game is "
            f"right, raise the limit in the ruleset (limits: {{max_game_work: N}}, N above "
            f"{limit})")


def state_full(s: Any, what: str) -> NoReturn:
    """Raise the error of a game that holds more than limits.max_state parts once what (the
    runtime's guard names the rule running)."""
    limit = s.game.max_state
    raise StateLimitError("", f"the game holds more than {limit} parts once {what} "
                          "(limits.max_state: each item of a list kept in a variable, each "
                          "meld laid): a rule keeps adding to them; if the game is right, raise "
                          f"the limit in the ruleset (limits: {{max_state: N}}, N above {limit})")


def stored(s: Any, new: Any, old: Any) -> Any:
    """new, stored in a variable in place of old: a list is copied (stored as it is now; the
    copy is work), and the change in the lists' sizes is drawn on what the state may hold
    (limits.max_state)."""
    if isinstance(new, list):
        grow = len(new)
        left = s.work - grow
        s.work = left
        if left < 0:
            over_budget(s)
        new = list(new)
    else:
        grow = 0
    if isinstance(old, list):
        grow -= len(old)
    room = s.state_room - grow
    s.state_room = room
    if room < 0:
        state_full(s, f"a list of {grow} more items is stored in a variable")
    return new


def stored_for_turn(s: Any, new: Any, old: Any) -> Any:
    """stored, for a turn variable: what it holds is given back when the turn passes."""
    kept = stored(s, new, old)
    s.turn_held += (len(kept) if isinstance(kept, list) else 0) - (
        len(old) if isinstance(old, list) else 0)
    return kept


def hold(s: Any, parts: int, what: str) -> None:
    """Draw parts on what the state may hold (limits.max_state); what names the growth."""
    room = s.state_room - parts
    s.state_room = room
    if room < 0:
        state_full(s, what)


def charge(s: Any, amount: int) -> None:
    """Draw amount (if positive) on the state's evaluation budget (limits.max_work)."""
    if amount > 0:
        left = s.work - amount
        s.work = left
        if left < 0:
            over_budget(s)


class Charged:
    """A definition's code that draws its cost on the budget each time it is evaluated.

    A class, not a closure: a compiled game keeps it (rulekit.gamecache pickles it), also when
    this module runs compiled (rulekit.native).
    """

    __slots__ = ("fn", "cost")

    def __init__(self, fn: Any = None, cost: int = 0) -> None:  # no arguments: unpickling
        self.fn = fn
        self.cost = cost

    def __call__(self, s: Any, e: dict[str, Any]) -> Any:
        w = s.work - self.cost
        s.work = w
        if w < 0:
            over_budget(s)
        return self.fn(s, e)


def charged(typed: Typed, cost: int) -> Typed:
    """typed, drawing cost on the evaluation budget each time it is evaluated."""
    if typed.src is not None and typed.gen is not None:
        # charged in the source itself: it stays generated source, and a comprehension over it
        # a Python loop (a closure would make it a call per item reading its variable from e)
        spend = typed.gen.ref(charge, "draws on the evaluation budget")
        return Typed(typed.type, src=f"({spend}(s, {cost}) or ({typed.src}))", gen=typed.gen,
                     domain=typed.domain, uses_random=typed.uses_random, names=typed.names,
                     words=typed.words, not_none=typed.not_none,
                     items_not_none=typed.items_not_none)
    return Typed(typed.type, Charged(typed.fn, cost), domain=typed.domain,
                 uses_random=typed.uses_random, names=typed.names, words=typed.words)


def charged_if_large(typed: Typed, size: int) -> Typed:
    """typed as a rule's own expression of size parts: charged at each evaluation when it has
    more than FREE_PARTS (the flow may ask it at every automatic step), else as it is."""
    return charged(typed, size) if size > FREE_PARTS and not typed.is_const else typed


class LoadTimeState:
    """Stands for the state when the loader evaluates an expression (computed card tables)."""

    __slots__ = ("work", "memo")

    def __init__(self) -> None:
        self.work = 10_000_000
        self.memo = None  # no listing of legal actions at load time: nothing is kept


def _bounded(v: int) -> int:
    """v, if it is within +-MAX_INT; a number past it is a runaway rule."""
    if abs(v) > MAX_INT:
        raise EvaluationLimitError("", "a number grew past the limit of 10^15 "
                                   f"(to {len(str(abs(v)))} digits)")
    return v


def scanned(s: Any, xs: Any, per: int = 1) -> Any:
    """xs, a list read whole (none is no items), its length times per charged to the budget
    first: the value-level form generated code calls."""
    if not xs:
        return ()
    left = s.work - len(xs) * per  # charge() written out: generated code calls this most
    s.work = left
    if left < 0:
        over_budget(s)
    return xs


def joined(s: Any, xs: Any, ys: Any) -> list[Any]:
    """xs + ys (none is no items), the joined list's size charged before it is made."""
    xs, ys = xs or [], ys or []
    charge(s, len(xs) + len(ys))
    return [*xs, *ys]
