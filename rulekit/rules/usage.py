"""What a caller hands the rules' public helpers (a card id, an action), checked: a card id out of
range or an action of another game is a UsageError naming it, never an IndexError."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..actions import CHOOSE, DONE, PICK, START, Action
from ..errors import UsageError, short_repr


class CheckedRules(Protocol):
    """What the checks read of the rules (rulekit.rules.game.Rules, which calls them: named by
    what it offers, so that this module does not import the one calling it)."""

    @property
    def name(self) -> str: ...
    @property
    def n_cards(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def actions(self) -> Sequence[Any]: ...  # CompiledAction: .start, .params
    @property
    def pick_actions(self) -> Sequence[Action]: ...
    @property
    def done_actions(self) -> dict[str, Action]: ...


def card_id(g: CheckedRules, card: Any) -> int:
    """card as a card id of g (a Python or numpy whole number from 0 to n_cards - 1)."""
    try:
        c = operator.index(card) if not isinstance(card, bool) else None
    except TypeError:
        c = None
    if c is None or not 0 <= c < g.n_cards:
        raise UsageError(f"{short_repr(card)} is not a card of {g.name}: a card is a whole "
                         f"number from 0 to {g.n_cards - 1}")
    return c


def check_action(g: CheckedRules, action: Any) -> None:
    """Raise UsageError unless action could be one of g's (an Action its states hand out)."""
    if not isinstance(action, Action):
        raise UsageError(f"{short_repr(action)} is not an action: pass one of "
                         "state.legal_actions()")
    why = _foreign(g, action)
    if why:
        raise UsageError(f"{short_repr(action)} is not an action of {g.name} ({why}): pass one "
                         "of this game's state.legal_actions()")


def _foreign(g: CheckedRules, a: Action) -> str:
    """Why a is no action of g ('' when it may be)."""
    v = a.value
    if a.kind == START:
        ok = (isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(g.actions)
              and g.actions[v].start == a)
        return "" if ok else f"it has no action '{a.name}'"
    if a.kind == PICK:
        ok = (isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(g.pick_actions)
              and g.pick_actions[v] == a)
        return "" if ok else f"it has no card to pick as '{a.text}'"
    if a.kind == DONE:
        return "" if a.name in g.done_actions else f"it has no parameter '{a.name}' to finish"
    if a.kind != CHOOSE:
        return f"an action of unknown kind {short_repr(a.kind)}"
    types = {p.value_type for act in g.actions for p in act.params if p.name == a.name}
    if a.value_type not in types:
        return f"it has no parameter '{a.name}' choosing {a.value_type or 'a value'}"
    wants: dict[str, Callable[[Any], bool]] = {"card": lambda x: _is_int(x) and 0 <= x < g.n_cards,
             "player": lambda x: _is_int(x) and 0 <= x < g.max_players,
             "int": _is_int, "bool": lambda x: isinstance(x, bool)}
    ok = wants.get(a.value_type, lambda x: x is not None)(v)
    return "" if ok else f"{short_repr(v)} is no {a.value_type} it could choose"


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
