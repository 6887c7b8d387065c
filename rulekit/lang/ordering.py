"""Ordering values: `sorted(X)`, `sorted(X, KEY)` (KEY an expression on each item `it`) and
`order_of(W)`, a word's place among the values it may take (docs/authoring.md, 15).

Every value the language sorts has one order: numbers by size, cards by their place in the deck
(the order of `cards.deck`), players by seat, teams as declared, conditions false first, and
words alphabetically; order_of(W) gives a word's place in its declared list instead (an attribute's
words as `cards.attributes` lists them, a choice's as its `values` list them).
"""

from __future__ import annotations

from typing import Any

from lark import Tree

from .budget import charge
from .host import ExprHost
from .parsing import fail
from .scope import Scope, local
from .types import (
    BOOL,
    CARD,
    INT,
    PLAYER,
    STR,
    TEAM,
    ZONE,
    Typed,
    describe,
    elem_of,
    list_of,
)

ORDERED = (INT, STR, PLAYER, CARD, TEAM, BOOL)  # the types sorted() sorts by


def _key(v: Any) -> tuple[Any, ...]:
    """A value's place: none before every other value."""
    return (v is not None, v)


def sort_items(s: Any, xs: Any) -> list[Any]:
    """xs sorted (none: no items), its size charged."""
    xs = list(xs or ())
    charge(s, len(xs))
    return sorted(xs, key=_key)


def sort_by(s: Any, e: dict[str, Any], xs: Any, name: str, key: Any, per: int,
            *args: Any) -> list[Any]:
    """xs sorted by key(s, e, *args) with each item bound to e[name] (ties keep xs's order), each
    item charged per (the key's work); args: the loop variables around the key that it reads."""
    xs = list(xs or ())
    charge(s, len(xs) * per)
    keys = []
    for x in xs:
        e[name] = x
        keys.append(_key(key(s, e, *args)))
    return [xs[i] for i in sorted(range(len(xs)), key=keys.__getitem__)]


def place_of(order: tuple[Any, ...], word: Any) -> int:
    """word's place among order (the last place + 1 for none or a word not among them)."""
    try:
        return order.index(word)
    except ValueError:
        return len(order)


def sorted_call(x: ExprHost, trees: list[Tree[Any]], node: Tree[Any], scope: Scope) -> Typed:
    """sorted(X) or sorted(X, KEY): the items of list or zone X in order (of KEY, an
    expression on each item `it`, if given)."""
    if len(trees) not in (1, 2):
        raise fail(node, f"sorted() takes 1 or 2 argument(s), got {len(trees)}")
    xs = x.expr(trees[0], scope)
    et = elem_of(xs.type)
    if et is None:
        raise fail(trees[0], f"sorted() needs a zone or a list, but this is "
                   f"{describe(xs.type)}")
    items = f"s.zones[{x.src(xs)}]" if xs.type == ZONE else x.src(xs)
    out_type = list_of(et)
    if len(trees) == 1:
        if et not in ORDERED:
            raise fail(trees[0], f"sorted() cannot order {describe(xs.type)}",
                       "give a key on each item: sorted(X, it.points)")
        ref = x.gen.ref(sort_items, "sorted(list)")
        return x.code(out_type, f"{ref}(s, {items})", xs, not_none=True,
                      items_not_none=xs.type == ZONE or xs.items_not_none,
                      names=xs.names)
    inner = scope.child()
    name = inner.fresh_key("it")
    bound = local("it", et, name)
    bound.not_none = xs.type == ZONE or xs.items_not_none
    inner.names["it"] = bound
    w0 = x.weight
    key = x.expr(trees[1], inner)
    per = max(1, x.weight - w0)
    if key.type not in ORDERED:
        raise fail(trees[1], f"sorted() orders by numbers, words, players, cards or "
                   f"conditions, but this key is {describe(key.type)}")
    # the key is a function of its own, given the loop variables around it that it reads
    # (its frames know them); a closure would not see them: then the comprehension around
    # keeps its variable in the names instead
    ref = x.gen.ref(sort_by, "sorted(list, key on it)")
    params = x.frames.params(key.reads) if key.src is not None else []
    if params:
        kf = x.gen.function_of(params, key.src or "")
    else:
        if key.src is None:
            x.closure_calls += 1
        kf = x.gen.ref(key.fn, "a sort key on it")
    args = "".join(f", {p}" for p in params)
    return x.code(out_type, f"{ref}(s, e, {items}, {name!r}, {kf}, {per}{args})", xs, key,
                  not_none=True, items_not_none=xs.type == ZONE or xs.items_not_none)


def order_call(x: ExprHost, args: list[Typed], trees: list[Tree[Any]], node: Tree[Any]) -> Typed:
    """order_of(W): the place (from 0) of word W among the values it may take, in their
    declared order."""
    if len(args) != 1:
        raise fail(node, f"order_of() takes 1 argument(s), got {len(args)}")
    w = args[0]
    declared: list[Any] | None = None
    if w.type == STR and w.words is not None:
        declared = list(w.words.words)
    elif w.type == STR and w.domain is not None:
        declared = x.t.word_orders.get(w.domain)
    if declared is None:
        raise fail(trees[0], f"order_of() needs a word whose values are declared in order (a "
                   f"card attribute's word, or a choice's listed word), but this is "
                   f"{describe(w.type) if w.type != STR else 'a text of no declared list'}")
    places = x.gen.literal(tuple(declared), "a word order")
    ref = x.gen.ref(place_of, "order_of(word)")
    return x.code(INT, f"{ref}({places}, {x.src(w)})", w, not_none=True)
