"""Literals: numbers, words, true, false, none and lists `[a, b]` (c_<rule> compiles the
grammar's rule <rule>; rulekit.lang.expressions.RULES lists them)."""

from __future__ import annotations

from typing import Any

from lark import Tree

from .host import ExprHost
from .parsing import fail
from .scope import Scope
from .types import (
    ANY,
    BOOL,
    CARD,
    INT,
    NONE,
    PLAYER,
    STR,
    Typed,
    const,
    describe,
    list_of,
    plural,
)


def c_int_(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`N`: a whole number (at most 10^12)."""
    v = int(str(tree.children[0]))
    if v > 10**12:
        raise fail(tree, f"the number {v} is too large (at most 10^12)")
    return const(INT, v)


def c_string(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`'word'`: a text."""
    return const(STR, str(tree.children[0])[1:-1])


def c_true_(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`true`."""
    return const(BOOL, True)


def c_false_(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`false`."""
    return const(BOOL, False)


def c_none_(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`none`: no value."""
    return const(NONE, None)


def c_list_(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`[a, b, ...]`: a list of items of one type."""
    args = tree.children[0].children if tree.children[0] is not None else []
    items = [x.expr(a, scope) for a in args]
    types = {i.type for i in items if i.type != NONE}
    if len(types) > 1:
        raise fail(tree, "a list's items must all have the same type, not "
                   + " and ".join(sorted(describe(t) for t in types)))
    et = types.pop() if types else ANY
    if et not in (PLAYER, CARD, STR, ANY) and any(i.type == NONE for i in items):
        raise fail(tree, f"'none' cannot stand in a list of {plural(et)}")
    return x.code(list_of(et), "[" + ", ".join(x.src(i) for i in items) + "]", *items)
