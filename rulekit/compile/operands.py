"""The operands statements share: a zone, a number, the cards a statement acts on."""

from __future__ import annotations

from typing import Any

from lark import Tree

from ..lang.expressions import (
    INT,
    ZONE,
    Scope,
    describe,
    fail,
)
from . import langdata
from .base import _cards_taker
from .context import CompileContext


def zone_code(c: CompileContext, tree: Tree[Any], scope: Scope, what: str) -> str:
    """The source of a zone a statement acts on (as _zone, generated inline)."""
    typed = c.x.expr(tree, scope)
    if typed.type != ZONE:
        raise fail(tree, f"{what} must be a zone, but this is {describe(typed.type)}")
    return c.x.src(typed)


def int_code(c: CompileContext, tree: Tree[Any], scope: Scope, what: str) -> str:
    """The source of a number a statement needs (as _int: none is a rule error)."""
    typed = c.x.expect(tree, scope, INT, what)
    if typed.is_const and typed.const is not None:
        return repr(typed.const)
    return c.x.unless_none(typed, langdata.none_detail(what), lambda v: v)


def cards_code(c: CompileContext, tree: Tree[Any], scope: Scope, what: str) -> str:
    """The source of the cards a statement acts on (as _cards, generated inline)."""
    typed = c.x.expr(tree, scope)
    take = _cards_taker(tree, typed, what)
    return f"{c.x.gen.ref(take, 'the cards a statement acts on')}(s, {c.x.src(typed)})"
