"""Compiling `show CARDS to PLAYER(S)` and binding `picked` in a card parameter's rules.

What a seat is shown is kept at run time by rulekit.runtime.knowledge, through the state's
`learn_shown`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Tree

from ..lang.expressions import (
    CARDS,
    PLAYER,
    PLAYERS,
    Scope,
    charge,
    compatible,
    describe,
    fail,
    local,
)
from ..lang.types import Fn
from . import operands

if TYPE_CHECKING:
    from .context import CompileContext

PICKED = "picked"  # the name a cards parameter's where, min and max see the picks by


def bind_picked(scope: Scope, where_scope: Scope) -> Scope:
    """Bind `picked` (the cards picked so far) in a cards parameter's where; the scope min/max
    see, also with it."""
    where_scope.names[PICKED] = local(PICKED, CARDS)
    limits = scope.child()
    limits.names[PICKED] = local(PICKED, CARDS)
    return limits


# ---- the statement ----------------------------------------------------------------------------
def compile_show(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`show CARDS to PLAYER(S)`: each of those seats learns where each card lies."""
    what, to_tree = tree.children
    cards = operands.cards_fn(c, what, scope, "what 'show' shows")
    typed = c.x.expr(to_tree, scope)
    tf = typed.fn
    if typed.type == PLAYER:
        def seats(s: Any, e: dict[str, Any]) -> list[Any]:
            p = tf(s, e)
            return [] if p is None else [p]
    elif compatible(PLAYERS, typed.type):
        def seats(s: Any, e: dict[str, Any]) -> list[Any]:
            return [p for p in (tf(s, e) or []) if p is not None]
    else:
        raise fail(to_tree, f"'show ... to' needs a player or a list of players, but this is "
                   f"{describe(typed.type)}")
    assert c.game is not None  # compiling: the game is being built
    c.game.has_show = True

    def run(s: Any, e: dict[str, Any]) -> None:
        shown = cards(s, e)
        told = seats(s, e)
        charge(s, len(shown) * len(told))  # each seat learns each card: work
        for p in told:
            for card in shown:
                s.learn_shown(p, card)  # the runtime's knowledge

    return run
