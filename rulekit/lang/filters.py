"""A cards parameter's `where` as one generated list comprehension over the cards offered.

The listing asks `where` of every card of the source (rulekit.runtime.choices._pickable): one
call of the generated function per card, each reading `it` from the env, and each working out
again what does not depend on the card (Crazy Eights' `playable(it)` reads the discard's top
card and its rank for every card of the hand). Compiled a second time with `it` as the loop's
variable, it is one call per listing, and the parts free of the card are kept for the listing
(rulekit.lang.hoisting). Same cards, same order, same errors and the same charges: the body is
the same expression, each card asked in turn. When a part of it is not generated source (a
closure reads `it` from the env), the per-card function is kept alone.
"""

from __future__ import annotations

from typing import Any

from lark import Tree

from .cardwhere import CardWhere
from .comprehensions import lifted
from .host import ExprHost
from .scope import Scope
from .types import CARD, Fn, Typed


def card_where(x: ExprHost, tree: Tree[Any], scope: Scope, typed: Typed) -> Fn:
    """typed (a cards parameter's `where`, compiled in scope, `it` one card) with its form over
    a list of cards (CardWhere), or typed's function alone when the list form cannot be made."""
    one = typed.fn
    it = scope.names["it"]
    start = (x.weight, x.nodes, x.closure_calls)
    var, cards, picked = x.gen.temp(), x.gen.temp(), x.gen.temp()
    inner = scope.child()
    inner.names["it"] = Typed(CARD, src=var, gen=x.gen, reads=frozenset((var,)),
                              not_none=it.not_none)
    body: Typed | None
    with x.frames.binding(var, hoisting=True) as frame:
        try:
            body = x.expr(tree, inner)
        except Exception:  # noqa: BLE001 - compiled once already: the one form stands
            body = None
        if (body is not None and body.src is not None and x.closure_calls == start[2]
                and "e['it']" not in body.src):
            body = lifted(x, body)
        else:
            body = None
    # the first compilation weighed and counted the expression: this one adds nothing
    x.weight, x.nodes, x.closure_calls = start
    if body is None or body.src is None:
        return one
    lines = [f"{kept} = None" for kept in frame.hoisted or ()]
    lines.append(f"return [{var} for {var} in {cards} if {var} not in {picked} "
                 f"and {body.src}]")
    many = x.gen.body_function(lines, [cards, picked])
    return CardWhere(one, many)
