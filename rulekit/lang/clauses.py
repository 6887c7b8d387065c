"""Comprehensions of several clauses: `[BODY for a in A for b in B if C let x = X ...]` and the
aggregates over them (docs/authoring.md, 15).

A comprehension of one `for` (and one `if`) stays the single Python comprehension
rulekit.lang.comprehensions makes, unless a part of it reads its variable from the names (a
closure): then it is generated here too. One of more clauses becomes a generated function of nested
loops: each loop's variable and each `let` kept in the rule's names (`e`), so that every part of
it, generated source or a closure, reads them alike; each loop charges its items times the work
of what follows it before it runs, as a single loop does.
"""

from __future__ import annotations

from typing import Any

from lark import Tree

from .budget import MAX_INT, scanned
from .builtins import best_melds
from .host import ExprHost
from .parsing import fail
from .scope import AGGREGATES, Scope, local
from .types import ARRANGEMENT, BOOL, INT, ZONE, Typed, describe, elem_of, list_of

MAX_LOOPS = 6  # `for` clauses in one comprehension (Python nests at most 20 blocks)
_NEEDS = {"all": BOOL, "any": BOOL, "sum": INT, "min": INT, "max": INT}


def c_list_comp_multi(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`[BODY for ... for ... if ... let ...]`: several clauses."""
    body_tree, var, iter_tree, cond, *more = tree.children
    return nested_loops(x, "list", body_tree, clause_list(var, iter_tree, cond, more), scope)


def c_gen_call_multi(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`AGGREGATE(BODY for ... for ... if ... let ...)`: several clauses."""
    name_tok, body_tree, var, iter_tree, cond, *more = tree.children
    name = str(name_tok)
    if name not in AGGREGATES:
        raise fail(name_tok, f"'{name}(... for ...)' is not an aggregate",
                   "aggregates are: " + ", ".join(sorted(AGGREGATES)))
    return nested_loops(x, name, body_tree, clause_list(var, iter_tree, cond, more), scope)


def nested_loops(x: ExprHost, kind: str, body_tree: Tree[Any], clauses: list[tuple[Any, ...]],
                 scope: Scope) -> Typed:
    """The comprehension as a generated function of nested loops; kind is 'list', an
    aggregate's name or 'best_melds'."""
    inner = scope.child()
    lines: list[str] = []
    # each loop: (its head's line, the weight after its items, its variable, items, indent)
    loops: list[tuple[int, int, str, str, str]] = []
    parts: list[Typed] = []
    pad = ""
    filtered = False
    scan = x.gen.ref(scanned, "a list read whole, charged to the budget")
    for clause in clauses:
        what, node = clause[0], clause[-1]
        if what == "for":
            if len(loops) == MAX_LOOPS:
                raise fail(node, f"a comprehension has at most {MAX_LOOPS} 'for' clauses")
            it = x.expr(node, inner)
            parts.append(it)
            et = elem_of(it.type)
            if et is None:
                raise fail(node, "'for ... in' needs a list or a zone, "
                           f"but this is {describe(it.type)}")
            xs, v = x.gen.temp(), x.gen.temp()
            items = f"s.zones[{x.src(it)}]" if it.type == ZONE else x.src(it)
            lines.append(f"{pad}{xs} = {items}")
            loops.append((len(lines), x.weight, v, xs, pad))
            lines.append("")  # the loop's head, once the work of what follows is known
            key = inner.fresh_key(str(clause[1]))
            lines.append(f"{pad}    e[{key!r}] = {v}")
            inner = inner.child()
            bound = local(str(clause[1]), et, key)
            bound.not_none = it.type == ZONE or it.items_not_none
            inner.names[str(clause[1])] = bound
            pad += "    "
        elif what == "if":
            cond = x.expect(node, inner, BOOL, "the condition after 'if'")
            parts.append(cond)
            lines += [f"{pad}if not {x.src(cond)}:", f"{pad}    continue"]
            filtered = True
        else:  # let NAME = VALUE: the value worked out once per item of the loops above
            value = x.expr(node, inner)
            parts.append(value)
            key = inner.fresh_key(str(clause[1]))
            lines.append(f"{pad}e[{key!r}] = {x.src(value)}")
            inner = inner.child()
            inner.names[str(clause[1])] = Typed(
                value.type, local(str(clause[1]), value.type, key).fn, src=f"e[{key!r}]",
                domain=value.domain, names=value.names, not_none=value.not_none,
                items_not_none=value.items_not_none, words=value.words)
    body = x.expr(body_tree, inner)
    parts.append(body)
    need = _NEEDS.get(kind)
    if need is not None and body.type != need:
        what = "a condition" if need == BOOL else "numbers"
        raise fail(body_tree, f"{kind}() needs {what}, but this is {describe(body.type)}")
    if kind == "best_melds" and body.type != INT:
        raise fail(body_tree, "best_melds() needs each card's value (a number), but this is "
                   f"{describe(body.type)}")
    for at, w, v, xs, indent in loops:  # an item costs the work of all that follows it
        lines[at] = f"{indent}for {v} in {scan}(s, {xs}, {max(1, x.weight - w)}):"
    out, each = x.gen.temp(), x.gen.temp()  # the result, and one value (min, max)
    if kind == "best_melds":  # the cards paired with their values, then arranged
        ask = x.gen.ref(best_melds, "best_melds(value for card in cards)")
        pair = f"({loops[-1][2]}, {x.src(body)})"
        head, step, tail = [f"{out} = []"], [f"{pad}{out} += [{pair}]"], [
            f"return {ask}(s, {out})"]
    else:
        head, step, tail = _accumulate(kind, (out, each), x.src(body), pad, filtered,
                                       body.type, x.gen.bounded)
    body_lines = head + lines + step + tail
    # a function of its own, given the loop variables of enclosing generated
    # comprehensions its parts read (its own loops keep theirs in the names)
    params = x.frames.params(frozenset().union(*(p.reads for p in parts)))
    fn = x.gen.body_function(body_lines, params)
    call = x.gen.call(fn, f"a comprehension: {kind}(... for ...)")
    if params:
        call = f"{call[:-1]}, {', '.join(params)})"
    type_ = list_of(body.type) if kind == "list" else ARRANGEMENT if kind == "best_melds" \
        else body.type if kind == "first" else BOOL if kind in ("all", "any") else INT
    return Typed(type_, src=call,
                 gen=x.gen, uses_random=any(p.uses_random for p in parts),
                 names=body.names if kind in ("list", "first", "min", "max") else None,
                 not_none=kind not in ("first",), items_not_none=body.not_none)


def clause_list(var: Any, iter_tree: Any, cond: Any, more: list[Any]) -> list[tuple[Any, ...]]:
    """The clauses in order: ('for', NAME, iterable), ('if', condition), ('let', NAME, value)."""
    out: list[tuple[Any, ...]] = [("for", var, iter_tree)]
    if cond is not None:
        out.append(("if", cond))
    for c in more:
        if c.data == "comp_for":
            out.append(("for", c.children[0], c.children[1]))
        elif c.data == "comp_if":
            out.append(("if", c.children[0]))
        else:
            out.append(("let", c.children[0], c.children[1]))
    return out


def _accumulate(kind: str, names: tuple[str, str], body: str, pad: str, filtered: bool,
                body_type: str, bounded: str) -> tuple[list[str], list[str], list[str]]:
    """The lines before the loops, at their innermost point, and after them, for kind (names:
    two generated locals, the result and a value)."""
    out, value = names
    if kind == "list":
        return [f"{out} = []"], [f"{pad}{out} += [{body}]"], [f"return {out}"]
    if kind == "count":
        if not filtered and body_type == BOOL:  # count(c.x == 1 for ...) counts the true ones
            return [f"{out} = 0"], [f"{pad}if {body}:", f"{pad}    {out} += 1"], [f"return {out}"]
        return [f"{out} = 0"], [f"{pad}{out} += 1"], [f"return {out}"]
    if kind == "sum":
        return ([f"{out} = 0"], [f"{pad}{out} += {body}"],
                [f"return {out} if -{MAX_INT} <= {out} <= {MAX_INT} else {bounded}({out})"])
    if kind == "any":
        return [], [f"{pad}if {body}:", f"{pad}    return True"], ["return False"]
    if kind == "all":
        return [], [f"{pad}if not {body}:", f"{pad}    return False"], ["return True"]
    if kind == "first":
        return [], [f"{pad}return {body}"], ["return None"]
    op = "<" if kind == "min" else ">"
    return ([f"{out} = None"],
            [f"{pad}{value} = {body}", f"{pad}if {out} is None or {value} {op} {out}:",
             f"{pad}    {out} = {value}"],
            [f"return 0 if {out} is None else {out}"])
