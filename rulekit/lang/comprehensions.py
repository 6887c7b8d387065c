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
from .clauses import ClausesMixin, clause_list
from .codegen import MAX_PARENS
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


class ComprehensionsMixin(ClausesMixin):
    """ExprCompiler's comprehensions and aggregate calls over a generator (of several clauses:
    rulekit.lang.clauses)."""

    def _generated(self, var_tok: Tree[Any] | Token, iter_tree: Tree[Any],
                   cond_tree: Tree[Any] | None, body_tree: Tree[Any], scope: Scope
                   ) -> tuple[Typed, Typed | None, str, str, bool, frozenset[str]] | None:
        """The comprehension as Python: (body, condition, the loop's variable, the source of
        its charged items, whether they use randomness, the loop variables around that the items
        read), when its body and condition are all
        generated source (their loop variable a Python local); None when a part is a closure
        reading it from the env."""
        w0 = self.weight
        it = self.expr(iter_tree, scope)
        et = elem_of(it.type)
        if et is None:
            return None  # _generator reports it
        before = (self.weight, self.closure_calls)
        var = self.gen.temp()
        inner = scope.child()
        inner.names[str(var_tok)] = Typed(et, src=var, gen=self.gen, reads=frozenset((var,)),
                                          not_none=it.type == ZONE or it.items_not_none)
        with self.frames.binding(var):  # the loop's variable, a local of the comprehension
            try:
                cond = (self.expect(cond_tree, inner, BOOL, "the condition after 'if'")
                        if cond_tree is not None else None)
                body = self.expr(body_tree, inner)
            except Exception:  # the loop form compiles it again and reports what is wrong
                cond = body = None
            pure = (body is not None and body.src is not None
                    and self.closure_calls == before[1] and (cond is None or cond.src is not None))
            if not pure or body is None:  # the loop form compiles it all again
                # (the functions made meanwhile stay listed: a definition kept meanwhile may
                # call them, and `rulekit compile` must show every function the module calls).
                # The nodes stay counted: an attempt inside an attempt would double the work
                self.weight = w0
                return None
            # a part too deep to inline becomes a function given the loop variables it reads
            body = self._lifted(body)
            cond = self._lifted(cond) if cond is not None else None
        w = self.weight - before[0]
        items = f"s.zones[{self.src(it)}]" if it.type == ZONE else self.src(it)
        charged = self.gen.ref(scanned, "a list read whole, charged to the budget")
        return body, cond, var, f"{charged}(s, {items}, {w})", it.uses_random, it.reads

    def _lifted(self, typed: Typed) -> Typed:
        """typed as it is, or, when its source is too deep to inline, a call of a generated
        function of its own given the comprehensions' variables it reads (a closure would read
        them from the env, and a function of (s, e) alone would not see them)."""
        if typed.src is None or _inline(typed):
            return typed
        params = self.frames.params(typed.reads)
        name = self.gen.function_of(params, typed.src)
        lifted = Typed(typed.type, src=f"{name}(s, e{''.join(', ' + p for p in params)})",
                       gen=self.gen, domain=typed.domain, uses_random=typed.uses_random,
                       names=typed.names, words=typed.words, not_none=typed.not_none,
                       items_not_none=typed.items_not_none, reads=typed.reads)
        return lifted

    # -- comprehensions -------------------------------------------------------------------
    def c_list_comp(self, tree: Tree[Any], scope: Scope) -> Typed:
        body_tree, var_tok, iter_tree, cond_tree = tree.children
        made = self._generated(var_tok, iter_tree, cond_tree, body_tree, scope)
        if made is not None:
            gbody, gcond, var, charged, rnd, _ = made
            folded = self._folded_filter(gbody, gcond, var, charged, rnd)
            if folded is not None:
                return folded
            return self.code(list_of(gbody.type), self._loop("", gbody, gcond, var, charged, "[]"),
                             names=gbody.names, uses_random=rnd, items_not_none=gbody.not_none)
        # a part reads the variable from the names (a closure): the loop form of several clauses
        return self._clauses("list", body_tree, clause_list(var_tok, iter_tree, cond_tree, []),
                             scope)

    def c_gen_call(self, tree: Tree[Any], scope: Scope) -> Typed:
        name_tok, body_tree, var_tok, iter_tree, cond_tree = tree.children
        name = str(name_tok)
        if name == "best_melds":
            return self._best_melds(tree, body_tree, var_tok, iter_tree, cond_tree, scope)
        if name not in AGGREGATES:
            raise fail(name_tok, f"'{name}(... for ...)' is not an aggregate",
                       "aggregates are: " + ", ".join(sorted(AGGREGATES)))
        made = self._generated(var_tok, iter_tree, cond_tree, body_tree, scope)
        if made is not None:
            generated = self._aggregate(name, body_tree, *made)
            if generated is not None:
                return generated
        # a part reads the variable from the names (a closure), or the body has the wrong type
        # (reported there): the loop form of several clauses
        return self._clauses(name, body_tree, clause_list(var_tok, iter_tree, cond_tree, []),
                             scope)

    def _best_melds(self, tree: Tree[Any], body_tree: Tree[Any], var_tok: Tree[Any] | Token,
                    iter_tree: Tree[Any],
                    cond_tree: Tree[Any] | None, scope: Scope) -> Typed:
        """`best_melds(VALUE for c in CARDS if COND)`: the cards' best arrangement into melds,
        each card left out counting its VALUE (rulekit.rules.arrange)."""
        if not self.t.has_melds:
            raise fail(tree, "best_melds() needs a 'melds:' section in the ruleset",
                       "declare how runs and sets are made: melds: {value: ..., run: ...}")
        label = "best_melds(value for card in cards)"
        w0 = self.weight  # the cards' type first (compiled again below: weighed once)
        iter_type = self.expr(iter_tree, scope).type
        self.weight = w0
        if iter_type != ZONE and elem_of(iter_type) not in (CARD, ANY):
            raise fail(iter_tree, "best_melds() arranges cards (a zone or a list of cards), but "
                       f"this is {describe(iter_type)}")
        made = self._generated(var_tok, iter_tree, cond_tree, body_tree, scope)
        if made is not None and made[0].type == INT:
            body, cond, var, items, rnd, _ = made
            pair = Typed(body.type, src=f"({var}, {self.src(body)})", gen=self.gen,
                         reads=body.reads | {var})
            with self.frames.binding(var):  # the pair read in the loop: lifted there if deep
                pair = self._lifted(pair)
            pairs = self._loop("", pair, cond, var, items, "[]")
            ask = self.gen.ref(best_melds, label)
            return self.code(ARRANGEMENT, f"{ask}(s, {pairs})", body, uses_random=rnd,
                             not_none=True)
        return self._clauses("best_melds", body_tree,
                             clause_list(var_tok, iter_tree, cond_tree, []), scope)

    def _aggregate(self, name: str, body_tree: Tree[Any], body: Typed, cond: Typed | None,
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
            return self.code(INT, self._loop("sum", one, cond, var, items), uses_random=rnd)
        if name == "sum":
            tmp, bounded = self.gen.temp(), self.gen.bounded
            total = self._loop("sum", body, cond, var, items)
            return self.code(INT, f"({tmp} if -{MAX_INT} <= ({tmp} := {total}) <= {MAX_INT} "
                             f"else {bounded}({tmp}))", uses_random=rnd)
        if name == "any" and cond is None:
            folded = self._folded(body, var, items, rnd, items_reads)
            if folded is not None:
                return folded
        if name in ("all", "any"):
            return self.code(BOOL, self._loop(name, body, cond, var, items), uses_random=rnd)
        if name == "first":
            return self.code(body.type, self._loop("next", body, cond, var, items, "()"),
                             names=body.names, uses_random=rnd)
        return self.code(INT, self._loop(name, body, cond, var, items, "()"), names=body.names,
                         uses_random=rnd)

    def _folded(self, body: Typed, var: str, items: str, rnd: bool,
                items_reads: frozenset[str]) -> Typed | None:
        """`any(can_extend(M, x) for x in xs)` (or over melds, `for x in ms` as the meld) as one
        question for the whole list, which the state answers without a call per element; None
        when body is not such a call. M is read once, and only for a list that is not empty
        (as the loop reads it at its first element): only when it is free of x and of random.
        Over melds, a folded question over cards folds again: the cards read once, not once per
        meld, when they are free of the meld and of random."""
        if body.call is None or body.call[0] not in ("can_extend", "extends_any"):
            return None
        xs = self.gen.temp()
        if body.call[0] == "extends_any":
            meld, cards, cards_random, cards_reads = body.call[1]
            if meld.src != var or cards_random or var in cards_reads:
                return None
            ask = self.gen.ref(extends_any_of,
                               "any(any(can_extend(m, c) for c in cards) for m in melds)")
            return self.code(BOOL, f"({ask}(s, {xs}, {cards}) if ({xs} := {items}) else False)",
                             body, uses_random=rnd)
        meld, card = body.call[1]
        if card.src == var and meld.src is not None and not meld.uses_random \
                and var not in meld.reads:
            ask = self.gen.ref(extends_any, "any(can_extend(meld, c) for c in cards)")
            typed = self.code(BOOL, f"({ask}(s, {meld.src}, {xs}) if ({xs} := {items}) else False)",
                              body, uses_random=rnd)
            typed.call = ("extends_any", [meld, items, rnd, items_reads])
            return typed
        if meld.src == var and card.src is not None and not card.uses_random \
                and var not in card.reads:
            ask = self.gen.ref(extended_by, "any(can_extend(m, card) for m in melds)")
            return self.code(BOOL, f"({ask}(s, {xs}, {card.src}) if ({xs} := {items}) else False)",
                             body, uses_random=rnd)
        return None

    def _folded_filter(self, body: Typed, cond: Typed | None, var: str, items: str,
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
        ask = self.gen.ref(melds_extended_by,
                           "[m for m in melds if any(can_extend(m, c) for c in cards)]")
        xs = self.gen.temp()
        return self.code(list_of(body.type),
                         f"({ask}(s, {xs}, {cards}) if ({xs} := {items}) else [])", cond,
                         names=body.names, uses_random=rnd)

    def _loop(self, fn: str, body: Typed, cond: Typed | None, var: str, items: str,
              brackets: str = "()") -> str:
        """fn(BODY for VAR in ITEMS if COND) (a list for fn ""), the items bound first: Python
        allows no := in a comprehension's iterable, and the parts may hold some."""
        xs = self.gen.temp()
        test = f" if {self.src(cond)}" if cond is not None else ""
        loop = f"{brackets[0]}{self.src(body)} for {var} in {xs}{test}{brackets[1]}"
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
