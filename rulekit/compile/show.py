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
from . import operands

if TYPE_CHECKING:
    from .context import CompileContext
    from .stmt_control import Code

PICKED = "picked"  # the name a cards parameter's where, min and max see the picks by


def bind_picked(scope: Scope, where_scope: Scope) -> Scope:
    """Bind `picked` (the cards picked so far) in a cards parameter's where; the scope min/max
    see, also with it."""
    where_scope.names[PICKED] = local(PICKED, CARDS)
    limits = scope.child()
    limits.names[PICKED] = local(PICKED, CARDS)
    return limits


# ---- the statement ----------------------------------------------------------------------------
def compile_show(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`show CARDS to PLAYER(S)`: each of those seats learns where each card lies."""
    what, to_tree = tree.children
    cards = operands.cards_code(c, what, scope, "what 'show' shows")
    typed = c.x.expr(to_tree, scope)
    gen = c.x.gen
    shown, to, told, p = (gen.temp() for _ in range(4))
    if typed.type == PLAYER:
        seats = [f"{to} = {c.x.src(typed)}", f"{told} = [] if {to} is None else [{to}]"]
    elif compatible(PLAYERS, typed.type):
        seats = [f"{to} = {c.x.src(typed)}",
                 f"{told} = [{p} for {p} in ({to} or []) if {p} is not None]"]
    else:
        raise fail(to_tree, f"'show ... to' needs a player or a list of players, but this is "
                   f"{describe(typed.type)}")
    c.has_show = True  # the rules keep what seats are shown (given to the rules at the end)
    return [f"{shown} = {cards}", *seats,
            # each seat learns each card: work
            f"{gen.ref(charge, 'draws on the budget')}(s, len({shown}) * len({told}))",
            f"s.learn_shown({shown}, {told})"]  # the runtime's knowledge
