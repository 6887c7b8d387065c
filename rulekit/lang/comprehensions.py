"""Comprehensions: `[x for x in xs if c]` and the aggregates over a generator (sum, count,
all, any, min, max, first)."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from .budget import (
    MAX_INT,
    scanned,
)
from .builtins import best_melds, extended_by, extends_any, extends_any_of, melds_extended_by
from .clauses import clause_list, nested_loops
from .codegen import MAX_PARENS
from .hoisting import resets
from .host import ExprHost
from .parsing import (
    fail,
)
from .scope import (
    AGGREGATES,
    Scope,
)
from .types import (
    ANY,
    ARRANGEMENT,
    BOOL,
    CARD,
    INT,
    ZONE,
    Typed,
    describe,
    elem_of,
    list_of,
)


def _generated(x: ExprHost, var_tok: Tree[Any] | Token, iter_tree: Tree[Any],
               cond_tree: Tree[Any] | None, body_tree: Tree[Any], scope: Scope
               ) -> tuple[Typed, Typed | None, str, str, bool, frozenset[str]] | None:
    """The comprehension as Python: (body, condition, the loop's variable, the source of
    its charged items, whether they use randomness, the loop variables around that the items
    read), when its body and condition are all
    generated source (their loop variable a Python local); None when a part is a closure
    reading it from the env."""
    w0 = x.weight
    it = x.expr(iter_tree, scope)
    et = elem_of(it.type)
    if et is None:
        return None  # _generator reports it
    before = (x.weight, x.closure_calls)
    var = x.gen.temp()
    inner = scope.child()
    inner.names[str(var_tok)] = Typed(et, src=var, gen=x.gen, reads=frozenset((var,)),
                                      not_none=it.type == ZONE or it.items_not_none)
    # the loop's variable, a local of the comprehension; parts of the body free of it are kept
    # for a run of the loop (rulekit.lang.hoisting)
    with x.frames.binding(var, hoisting=True) as frame:
        try:
            cond = (x.expect(cond_tree, inner, BOOL, "the condition after 'if'")
                    if cond_tree is not None else None)
            body = x.expr(body_tree, inner)
        except Exception:  # the loop form compiles it again and reports what is wrong
            cond = body = None
        pure = (body is not None and body.src is not None
                and x.closure_calls == before[1] and (cond is None or cond.src is not None))
        if not pure or body is None:  # the loop form compiles it all again
            # (the functions made meanwhile stay listed: a definition kept meanwhile may
            # call them, and `rulekit compile` must show every function the module calls).
            # The nodes stay counted: an attempt inside an attempt would double the work
            x.weight = w0
            return None
        # a part too deep to inline becomes a function given the loop variables it reads
        body = lifted(x, body)
        cond = lifted(x, cond) if cond is not None else None
    w = x.weight - before[0]
    items = f"s.zones[{x.src(it)}]" if it.type == ZONE else x.src(it)
    charged = x.gen.ref(scanned, "a list read whole, charged to the budget")
    items = resets(frame.hoisted, f"{charged}(s, {items}, {w})")
    return body, cond, var, items, it.uses_random, it.reads


def lifted(x: ExprHost, typed: Typed) -> Typed:
    """typed as it is, or, when its source is too deep to inline, a call of a generated
    function of its own given the comprehensions' variables it reads (a closure would read
    them from the env, and a function of (s, e) alone would not see them)."""
    if typed.src is None or _inline(typed):
        return typed
    params = x.frames.params(typed.reads)
    name = x.gen.function_of(params, typed.src)
    made = Typed(typed.type, src=f"{name}(s, e{''.join(', ' + p for p in params)})",
                 gen=x.gen, domain=typed.domain, uses_random=typed.uses_random,
                 names=typed.names, words=typed.words, not_none=typed.not_none,
                 items_not_none=typed.items_not_none, reads=typed.reads)
    return made


def c_list_comp(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`[BODY for x in XS if C]`."""
    body_tree, var_tok, iter_tree, cond_tree = tree.children
    made = _generated(x, var_tok, iter_tree, cond_tree, body_tree, scope)
    if made is not None:
        gbody, gcond, var, charged, rnd, _ = made
        folded = _folded_filter(x, gbody, gcond, var, charged, rnd)
        if folded is not None:
            return folded
        return x.code(list_of(gbody.type), _loop(x, "", gbody, gcond, var, charged, "[]"),
                      names=gbody.names, uses_random=rnd, items_not_none=gbody.not_none)
    # a part reads the variable from the names (a closure): the loop form of several clauses
    return nested_loops(x, "list", body_tree, clause_list(var_tok, iter_tree, cond_tree, []),
                        scope)


def c_gen_call(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`AGGREGATE(BODY for x in XS if C)`, and `best_melds(...)`."""
    name_tok, body_tree, var_tok, iter_tree, cond_tree = tree.children
    name = str(name_tok)
    if name == "best_melds":
        return _best_melds(x, tree, body_tree, var_tok, iter_tree, cond_tree, scope)
    if name not in AGGREGATES:
        raise fail(name_tok, f"'{name}(... for ...)' is not an aggregate",
                   "aggregates are: " + ", ".join(sorted(AGGREGATES)))
    made = _generated(x, var_tok, iter_tree, cond_tree, body_tree, scope)
    if made is not None:
        generated = _aggregate(x, name, body_tree, *made)
        if generated is not None:
            return generated
    # a part reads the variable from the names (a closure), or the body has the wrong type
    # (reported there): the loop form of several clauses
    return nested_loops(x, name, body_tree, clause_list(var_tok, iter_tree, cond_tree, []),
                        scope)


def _best_melds(x: ExprHost, tree: Tree[Any], body_tree: Tree[Any], var_tok: Tree[Any] | Token,
                iter_tree: Tree[Any],
                cond_tree: Tree[Any] | None, scope: Scope) -> Typed:
    """`best_melds(VALUE for c in CARDS if COND)`: the cards' best arrangement into melds,
    each card left out counting its VALUE (rulekit.rules.arrange)."""
    if not x.t.has_melds:
        raise fail(tree, "best_melds() needs a 'melds:' section in the ruleset",
                   "declare how runs and sets are made: melds: {value: ..., run: ...}")
    label = "best_melds(value for card in cards)"
    w0 = x.weight  # the cards' type first (compiled again below: weighed once)
    iter_type = x.expr(iter_tree, scope).type
    x.weight = w0
    if iter_type != ZONE and elem_of(iter_type) not in (CARD, ANY):
        raise fail(iter_tree, "best_melds() arranges cards (a zone or a list of cards), but "
                   f"this is {describe(iter_type)}")
    made = _generated(x, var_tok, iter_tree, cond_tree, body_tree, scope)
    if made is not None and made[0].type == INT:
        body, cond, var, items, rnd, _ = made
        pair = Typed(body.type, src=f"({var}, {x.src(body)})", gen=x.gen,
                     reads=body.reads | {var})
        with x.frames.binding(var):  # the pair read in the loop: lifted there if deep
            pair = lifted(x, pair)
        pairs = _loop(x, "", pair, cond, var, items, "[]")
        ask = x.gen.ref(best_melds, label)
        return x.code(ARRANGEMENT, f"{ask}(s, {pairs})", body, uses_random=rnd,
                      not_none=True)
    return nested_loops(x, "best_melds", body_tree,
                        clause_list(var_tok, iter_tree, cond_tree, []), scope)


def _aggregate(x: ExprHost, name: str, body_tree: Tree[Any], body: Typed, cond: Typed | None,
               var: str, items: str, rnd: bool, items_reads: frozenset[str]
               ) -> Typed | None:
    """An aggregate over a generated comprehension; None to let the loop form report a body
    of the wrong type."""
    if (name in ("all", "any") and body.type != BOOL) or \
            (name in ("sum", "min", "max") and body.type != INT):
        return None
    if name == "count":
        if cond is None and body.type == BOOL:
            cond = body  # count(c.x == 1 for c in z) counts the true ones
        one = Typed(INT, src="1")
        return x.code(INT, _loop(x, "sum", one, cond, var, items), uses_random=rnd)
    if name == "sum":
        tmp, bounded = x.gen.temp(), x.gen.bounded
        total = _loop(x, "sum", body, cond, var, items)
        return x.code(INT, f"({tmp} if -{MAX_INT} <= ({tmp} := {total}) <= {MAX_INT} "
                      f"else {bounded}({tmp}))", uses_random=rnd)
    if name == "any" and cond is None:
        folded = _folded(x, body, var, items, rnd, items_reads)
        if folded is not None:
            return folded
    if name in ("all", "any"):
        return x.code(BOOL, _loop(x, name, body, cond, var, items), uses_random=rnd)
    if name == "first":
        return x.code(body.type, _loop(x, "next", body, cond, var, items, "()"),
                      names=body.names, uses_random=rnd)
    return x.code(INT, _loop(x, name, body, cond, var, items, "()"), names=body.names,
                  uses_random=rnd)


def _folded(x: ExprHost, body: Typed, var: str, items: str, rnd: bool,
            items_reads: frozenset[str]) -> Typed | None:
    """`any(can_extend(M, x) for x in xs)` (or over melds, `for x in ms` as the meld) as one
    question for the whole list, which the state answers without a call per element; None
    when body is not such a call. M is read once, and only for a list that is not empty
    (as the loop reads it at its first element): only when it is free of x and of random.
    Over melds, a folded question over cards folds again: the cards read once, not once per
    meld, when they are free of the meld and of random."""
    if body.call is None or body.call[0] not in ("can_extend", "extends_any"):
        return None
    xs = x.gen.temp()
    if body.call[0] == "extends_any":
        meld, cards, cards_random, cards_reads = body.call[1]
        if meld.src != var or cards_random or var in cards_reads:
            return None
        ask = x.gen.ref(extends_any_of,
                        "any(any(can_extend(m, c) for c in cards) for m in melds)")
        return x.code(BOOL, f"({ask}(s, {xs}, {cards}) if ({xs} := {items}) else False)",
                      body, uses_random=rnd)
    meld, card = body.call[1]
    if card.src == var and meld.src is not None and not meld.uses_random \
            and var not in meld.reads:
        ask = x.gen.ref(extends_any, "any(can_extend(meld, c) for c in cards)")
        typed = x.code(BOOL, f"({ask}(s, {meld.src}, {xs}) if ({xs} := {items}) else False)",
                       body, uses_random=rnd)
        typed.call = ("extends_any", [meld, items, rnd, items_reads])
        return typed
    if meld.src == var and card.src is not None and not card.uses_random \
            and var not in card.reads:
        ask = x.gen.ref(extended_by, "any(can_extend(m, card) for m in melds)")
        return x.code(BOOL, f"({ask}(s, {xs}, {card.src}) if ({xs} := {items}) else False)",
                      body, uses_random=rnd)
    return None


def _folded_filter(x: ExprHost, body: Typed, cond: Typed | None, var: str, items: str,
                   rnd: bool) -> Typed | None:
    """`[m for m in ms if any(can_extend(m, c) for c in cards)]` as one question for the
    melds, the cards read once instead of once per meld (when they are free of the meld
    and of random); None for any other comprehension."""
    if cond is None or cond.call is None or cond.call[0] != "extends_any" \
            or body.src != var:
        return None
    meld, cards, cards_random, cards_reads = cond.call[1]
    if meld.src != var or cards_random or var in cards_reads:
        return None
    ask = x.gen.ref(melds_extended_by,
                    "[m for m in melds if any(can_extend(m, c) for c in cards)]")
    xs = x.gen.temp()
    return x.code(list_of(body.type),
                  f"({ask}(s, {xs}, {cards}) if ({xs} := {items}) else [])", cond,
                  names=body.names, uses_random=rnd)


def _loop(x: ExprHost, fn: str, body: Typed, cond: Typed | None, var: str, items: str,
          brackets: str = "()") -> str:
    """fn(BODY for VAR in ITEMS if COND) (a list for fn ""), the items bound first: Python
    allows no := in a comprehension's iterable, and the parts may hold some."""
    xs = x.gen.temp()
    test = f" if {x.src(cond)}" if cond is not None else ""
    loop = f"{brackets[0]}{x.src(body)} for {var} in {xs}{test}{brackets[1]}"
    if fn == "next":
        loop = f"next(iter({loop}), None)"
    elif fn in ("min", "max"):
        loop = f"{fn}({loop}, default=0)"
    elif fn:
        loop = f"{fn}({loop})"
    return f"({loop} if ({xs} := {items}) is not None else None)"


def _inline(typed: Typed) -> bool:
    """Whether typed's source goes into the comprehension as it is (not cut into a function,
    which would not see the loop's variable)."""
    return typed.src is not None and typed.src.count("(") <= MAX_PARENS
