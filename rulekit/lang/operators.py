"""Operators: not, and, or, `a if c else b`, comparisons, `in`, arithmetic (c_<rule> compiles the
grammar's rule <rule>; rulekit.lang.expressions.RULES lists them)."""

from __future__ import annotations

from typing import Any

from lark import Tree

from ..data.spelling import did_you_mean
from ..errors import RuleRuntimeError
from .budget import MAX_INT, joined, scanned
from .host import ExprHost
from .parsing import fail
from .scope import Scope
from .types import (
    ANY,
    BOOL,
    INT,
    NONE,
    PLAYER,
    ZONE,
    Typed,
    compatible,
    describe,
    elem_of,
    equals_constant,
    show_values,
)


def division_by_zero() -> int:
    """Raise the rule error for `//` or `%` by zero (generated code calls it)."""
    raise RuleRuntimeError("", "division by zero")


def c_not_(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`not A`."""
    a = x.expect(tree.children[0], scope, BOOL, "the operand of 'not'")
    return x.code(BOOL, f"(not {x.src(a)})", a)


def c_and_(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`A and B`."""
    a = x.expect(tree.children[0], scope, BOOL, "each side of 'and'")
    b = x.expect(tree.children[1], scope, BOOL, "each side of 'and'")
    return x.code(BOOL, f"({x.src(a)} and {x.src(b)})", a, b)


def c_or_(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`A or B` (one value compared with constants: asked once)."""
    a = x.expect(tree.children[0], scope, BOOL, "each side of 'or'")
    b = x.expect(tree.children[1], scope, BOOL, "each side of 'or'")
    if a.eq_of is not None and b.eq_of is not None and a.eq_of[0] == b.eq_of[0]:
        # one value compared with constants: asked once (it is read twice otherwise)
        subject, consts = a.eq_of[0], a.eq_of[1] + b.eq_of[1]
        folded = x.code(BOOL, f"({subject} in {consts!r})", a, b)
        folded.eq_of = (subject, consts)
        return folded
    return x.code(BOOL, f"({x.src(a)} or {x.src(b)})", a, b)


def c_ternary(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`A if C else B`."""
    a = x.expr(tree.children[0], scope)
    c = x.expect(tree.children[1], scope, BOOL, "the condition after 'if'")
    b = x.expr(tree.children[2], scope)
    ty = b.type if a.type == NONE or elem_of(a.type) == ANY else a.type
    if not (compatible(ty, a.type) and compatible(ty, b.type)):
        raise fail(tree, f"both branches must have one type, not {describe(a.type)} and "
                   f"{describe(b.type)}")
    return x.code(ty, f"({x.src(a)} if {x.src(c)} else {x.src(b)})", a, b, c)


def c_compare(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`A == B`, `!=`, and the comparisons of numbers `<`, `<=`, `>`, `>=`."""
    left, op_tok, right = tree.children
    a = x.expr(left, scope)
    b = x.expr(right, scope)
    op = str(op_tok)
    if op in ("==", "!="):
        if not (compatible(a.type, b.type) or compatible(b.type, a.type)):
            hint = ("seat(PLAYER) is a player's seat number"
                    if {a.type, b.type} == {INT, PLAYER} else "")
            raise fail(op_tok, f"cannot compare {describe(a.type)} with {describe(b.type)}",
                       hint)
        _check_symbol(x, a, b, right)
        _check_symbol(x, b, a, left)
        typed = x.code(BOOL, f"({x.src(a)} {op} {x.src(b)})", a, b)
        if op == "==":
            typed.eq_of = equals_constant(a, b) or equals_constant(b, a)
        return typed
    for side, node in ((a, left), (b, right)):
        if side.type not in (INT, ANY):  # ANY: an error reported elsewhere
            raise fail(node, f"'{op}' compares numbers, but this is {describe(side.type)}")
    assert op in ("<", "<=", ">", ">=")  # the grammar's: never ruleset text in the source
    return x.code(BOOL, f"({x.src(a)} {op} {x.src(b)})", a, b)


def _check_symbol(x: ExprHost, attr: Typed, lit: Typed, node: Tree[Any]) -> None:
    if attr.domain and lit.words is not None:  # a choice's words, checked at the choice
        lit.words.meets(attr.domain)
    if (attr.domain and lit.is_const and isinstance(lit.const, str)
        and lit.const not in attr.domain):
        raise fail(node, f"'{lit.const}' is not one of the values {show_values(attr.domain)}",
                   did_you_mean(lit.const, attr.domain) or
                   "the values come from cards.attributes; add it there if it is new")


def _membership(x: ExprHost, tree: Tree[Any], scope: Scope) -> tuple[Typed, Typed]:
    a = x.expr(tree.children[0], scope)
    b = x.expr(tree.children[1], scope)
    et = elem_of(b.type)
    if et is None:
        raise fail(tree.children[1], f"'in' needs a list or a zone on its right, but this is "
                   f"{describe(b.type)}")
    if not compatible(et, a.type):
        raise fail(tree.children[0],
                   f"cannot look for {describe(a.type)} in {describe(b.type)}")
    return a, b


def _member_src(x: ExprHost, a: Typed, b: Typed) -> str:
    """Source of `a in b`: a zone by the card's place, a list scanned (and charged)."""
    if b.type == ZONE:
        tmp = x.gen.temp()
        return f"(({tmp} := {x.src(a)}) is not None and s.card_zone[{tmp}] == {x.src(b)})"
    scan = x.gen.ref(scanned, "a list read whole, charged to the budget")
    return f"({x.src(a)} in {scan}(s, {x.src(b)}))"


def c_in_(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`A in B`: B a list or a zone."""
    a, b = _membership(x, tree, scope)
    return x.code(BOOL, _member_src(x, a, b), a, b)


def c_not_in(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`A not in B`."""
    a, b = _membership(x, tree, scope)
    return x.code(BOOL, f"(not {_member_src(x, a, b)})", a, b)


def c_binop(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`A + B` (numbers, or two lists joined), `-`, `*`, `//`, `%`."""
    left, op_tok, right = tree.children
    op = str(op_tok)
    a = x.expr(left, scope)
    b = x.expr(right, scope)
    if op == "+" and elem_of(a.type) and elem_of(b.type) and a.type != ZONE and b.type != ZONE:
        if not compatible(a.type, b.type):
            raise fail(op_tok, f"cannot join {describe(a.type)} and {describe(b.type)}")
        join = x.gen.ref(joined, "two lists joined, charged to the budget")
        return x.code(a.type, f"{join}(s, {x.src(a)}, {x.src(b)})", a, b)
    for side, node in ((a, left), (b, right)):
        if side.type not in (INT, ANY):  # ANY: an error reported elsewhere
            raise fail(node, f"'{op}' needs numbers, but this is {describe(side.type)}")
    if op in ("+", "-", "*"):
        tmp, bounded = x.gen.temp(), x.gen.bounded
        value = f"{x.src(a)} {op} {x.src(b)}"
        # the bound asked inline, for `*` too (a product of two bounded numbers is at most
        # 10^30, made before the check as the call made it): the call only when it is past
        return x.code(INT, f"({tmp} if -{MAX_INT} <= ({tmp} := {value}) <= {MAX_INT} "
                      f"else {bounded}({tmp}))", a, b)
    if b.is_const and type(b.const) is int and b.const != 0:
        return x.code(INT, f"({x.src(a)} {op} {b.const!r})", a, b)
    # the divisor first, as it is checked before the dividend is worked out
    tmp, zero = x.gen.temp(), x.gen.ref(division_by_zero, "raises 'division by zero'")
    return x.code(INT, f"({x.src(a)} {op} {tmp} if ({tmp} := {x.src(b)}) != 0 "
                  f"else {zero}())", a, b)


def c_neg(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`-A`."""
    a = x.expect(tree.children[0], scope, INT, "the operand of '-'")
    return x.code(INT, f"(-{x.src(a)})", a)
