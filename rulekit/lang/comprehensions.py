"""Comprehensions: `[x for x in xs if c]` and the aggregates over a generator (sum, count,
all, any, min, max, first)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from .budget import (
    MAX_INT,
    _bounded,
    charge,
)
from .parsing import (
    fail,
)
from .scope import (
    AGGREGATES,
    Scope,
    Tables,
    local,
)
from .types import (
    BOOL,
    INT,
    ZONE,
    Fn,
    Typed,
    describe,
    elem_of,
    list_of,
)


class ComprehensionsMixin:
    """ExprCompiler's comprehensions and aggregate calls over a generator."""

    t: Tables
    weight: int  # the work the expression being compiled costs per evaluation

    if TYPE_CHECKING:  # ExprCompiler's
        def expr(self, tree: Tree | Token, scope: Scope) -> Typed: ...
        def expect(self, tree: Tree, scope: Scope, type_: str, what: str) -> Typed: ...

    # -- comprehensions -------------------------------------------------------------------
    def _generator(self, var_tok: Tree | Token, iter_tree: Tree, cond_tree: Tree | None,
                   body_tree: Tree, scope: Scope) -> tuple[Typed, Fn, Fn | None, str, int]:
        it = self.expr(iter_tree, scope)
        et = elem_of(it.type)
        if et is None:
            raise fail(iter_tree, "'for ... in' needs a list or a zone, "
                       f"but this is {describe(it.type)}")
        inner = scope.child()
        key = inner.fresh_key(str(var_tok))
        inner.names[str(var_tok)] = local(str(var_tok), et, key)
        cond = None
        w0 = self.weight
        if cond_tree is not None:
            cond = self.expect(cond_tree, inner, BOOL, "the condition after 'if'").fn
        body = self.expr(body_tree, inner)
        # the cost of one element: each comprehension charges len(items) * w before its loop
        w = self.weight - w0
        itf = it.fn
        items: Fn = itf
        if it.type == ZONE:
            def zone_items(s: Any, e: dict) -> list:
                return s.zones[itf(s, e)]
            items = zone_items
        return body, items, cond, key, w

    def c_list_comp(self, tree: Tree, scope: Scope) -> Typed:
        body_tree, var_tok, iter_tree, cond_tree = tree.children
        body, items, cond, key, w = self._generator(var_tok, iter_tree, cond_tree, body_tree, scope)
        bf = body.fn

        def f(s: Any, e: dict) -> list:
            out = []
            xs = items(s, e) or ()  # none: no cards
            charge(s, len(xs) * w)
            for x in xs:
                e[key] = x
                if cond is None or cond(s, e):
                    out.append(bf(s, e))
            return out

        return Typed(list_of(body.type), f, names=body.names)

    def c_gen_call(self, tree: Tree, scope: Scope) -> Typed:
        name_tok, body_tree, var_tok, iter_tree, cond_tree = tree.children
        name = str(name_tok)
        if name not in AGGREGATES:
            raise fail(name_tok, f"'{name}(... for ...)' is not an aggregate",
                       "aggregates are: " + ", ".join(sorted(AGGREGATES)))
        body, items, cond, key, w = self._generator(var_tok, iter_tree, cond_tree, body_tree, scope)
        bf = body.fn
        if name in ("all", "any") and body.type != BOOL:
            raise fail(body_tree, f"{name}() needs a condition, but this is {describe(body.type)}")
        if name in ("sum", "min", "max") and body.type != INT:
            raise fail(body_tree, f"{name}() needs numbers, but this is {describe(body.type)}")
        if name == "count":
            if cond is None and body.type == BOOL:
                cond = bf  # count(c.x == 1 for c in z) counts the true ones
            def count_(s: Any, e: dict) -> int:
                n = 0
                xs = items(s, e) or ()  # none: no cards
                charge(s, len(xs) * w)
                for x in xs:
                    e[key] = x
                    if cond is None or cond(s, e):
                        n += 1
                return n
            return Typed(INT, count_)
        if name == "sum":
            def sum_(s: Any, e: dict) -> int:
                n = 0
                xs = items(s, e) or ()  # none: no cards
                charge(s, len(xs) * w)
                for x in xs:
                    e[key] = x
                    if cond is None or cond(s, e):
                        n += bf(s, e)
                return n if -MAX_INT <= n <= MAX_INT else _bounded(n)
            return Typed(INT, sum_)
        if name == "all":
            def all_(s: Any, e: dict) -> bool:
                xs = items(s, e) or ()  # none: no cards
                charge(s, len(xs) * w)
                for x in xs:
                    e[key] = x
                    if (cond is None or cond(s, e)) and not bf(s, e):
                        return False
                return True
            return Typed(BOOL, all_)
        if name == "any":
            def any_(s: Any, e: dict) -> bool:
                xs = items(s, e) or ()  # none: no cards
                charge(s, len(xs) * w)
                for x in xs:
                    e[key] = x
                    if (cond is None or cond(s, e)) and bf(s, e):
                        return True
                return False
            return Typed(BOOL, any_)
        if name == "first":
            def first_(s: Any, e: dict) -> Any:
                xs = items(s, e) or ()  # none: no cards
                charge(s, len(xs) * w)
                for x in xs:
                    e[key] = x
                    if cond is None or cond(s, e):
                        return bf(s, e)
                return None
            return Typed(body.type, first_, names=body.names)
        pick = min if name == "min" else max

        def extreme(s: Any, e: dict) -> int:
            vals = []
            xs = items(s, e) or ()  # none: no cards
            charge(s, len(xs) * w)
            for x in xs:
                e[key] = x
                if cond is None or cond(s, e):
                    vals.append(bf(s, e))
            return pick(vals) if vals else 0

        return Typed(INT, extreme, names=body.names)
