"""The language's built-in functions (size, count, sum, top, shuffled, melds, ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from ..errors import RuleRuntimeError
from . import turnorder
from .budget import (
    MAX_INT,
    _bounded,
    _scanned,
    charge,
)
from .parsing import fail
from .scope import (
    MELD_BUILTINS,
    Scope,
    Tables,
)
from .types import (
    BOOL,
    CARD,
    CARDS,
    INT,
    MELD,
    PLAYER,
    PLAYERS,
    STR,
    TEAM,
    ZONE,
    Fn,
    Typed,
    compatible,
    describe,
    elem_of,
    list_of,
)

ZONE_HINT = ("a zone is one of the 'zones:' (pile, actor.hand), not a list of cards; a list's "
             "first item is first(L)")


def _cards_of(typed: Typed) -> Fn | None:
    """A closure giving a list of cards from a zone or a list of cards (None otherwise)."""
    f = typed.fn
    if typed.type == ZONE:
        return lambda s, e: s.zones[f(s, e)]
    if compatible(CARDS, typed.type):
        return f
    return None


def _player_fn(name: str, f: Fn) -> Fn:
    """f, a player, refusing none (a skipped parameter, a variable not set) in words."""
    def player(s: Any, e: dict) -> Any:
        p = f(s, e)
        if p is None:
            raise RuleRuntimeError("", f"{name}() needs a player, not none")
        return p
    return player


def _meld_id(s: Any, m: Any) -> int:
    if m is None or not isinstance(m, int) or not 0 < m < len(s.meld_kinds):
        raise RuleRuntimeError("", f"there is no meld {m!r}")
    return m


class BuiltinsMixin:
    """ExprCompiler's built-in functions: one method for the meld ones, one for the rest."""

    t: Tables
    weight: int  # the work the expression being compiled costs per evaluation

    if TYPE_CHECKING:  # ExprCompiler's
        def expr(self, tree: Tree | Token, scope: Scope) -> Typed: ...
        def expect(self, tree: Tree, scope: Scope, type_: str, what: str) -> Typed: ...

    def meld_builtin(self, name: str, args: list[Typed], trees: list[Tree], node: Tree,
                     arity: Any, need: Any) -> Typed:
        """Compile a call to one of the meld built-ins."""

        def cards_arg(i: int) -> Fn:
            f = _cards_of(args[i])
            if f is None:
                raise fail(trees[i], f"{name}() needs cards (a zone or a list), but this is "
                           f"{describe(args[i].type)}")
            return _scanned(f, self.t.meld_span)  # a meld search runs over the values

        if name == "melds":
            arity(1)
            zf = need(0, ZONE, "a zone")
            return Typed(list_of(MELD), lambda s, e: s.melds_in(zf(s, e)))
        if name == "meld_cards":
            arity(1)
            mf = need(0, MELD, "a meld")
            return Typed(CARDS, lambda s, e: s.meld_cards(_meld_id(s, mf(s, e))))
        if name == "meld_kind":
            arity(1)
            mf = need(0, MELD, "a meld")
            return Typed(STR, lambda s, e: s.meld_kinds[_meld_id(s, mf(s, e))],
                         domain=frozenset({"run", "set"}))
        if name in ("meld_of", "meld_value"):
            arity(1)
            cf = need(0, CARD, "a card")
            if name == "meld_of":  # of no card (none): no meld
                return Typed(MELD, lambda s, e: None if (c := cf(s, e)) is None
                             else s.meld_of[c] or None)

            def meld_value(s: Any, e: dict) -> int:
                c = cf(s, e)
                if c is None:
                    raise RuleRuntimeError("", "meld_value() needs a card, not none")
                return s.meld_value(c)

            return Typed(INT, meld_value)
        if name == "is_meld":
            arity(1, 2)
            cs = cards_arg(0)
            vf = need(1, INT, "a number") if len(args) == 2 else (lambda s, e: None)
            return Typed(BOOL, lambda s, e: s.game.meld_rules.check(list(cs(s, e)), vf(s, e))
                         is not None)
        if name == "can_extend":
            arity(2, 3)
            mf = need(0, MELD, "a meld")
            cf = need(1, CARD, "a card")
            vf = need(2, INT, "a number") if len(args) == 3 else (lambda s, e: None)

            def can_extend(s: Any, e: dict) -> bool:
                c = cf(s, e)
                m = mf(s, e)
                if c is None or m is None:
                    return False
                return s.extension_value(_meld_id(s, m), c, vf(s, e)) is not None

            return Typed(BOOL, can_extend)
        if name == "can_form_meld":
            arity(1)
            cs = cards_arg(0)
            return Typed(BOOL, lambda s, e: s.game.meld_rules.possible([], list(cs(s, e))))
        arity(2)  # can_meld_with(card, cards)
        cf = need(0, CARD, "a card")
        cs = cards_arg(1)

        def with_card(s: Any, e: dict) -> bool:
            c = cf(s, e)
            if c is None:
                return False
            return s.game.meld_rules.possible([c], [x for x in cs(s, e) if x != c])

        return Typed(BOOL, with_card)

    def builtin(self, name: str, args: list[Typed], trees: list[Tree], node: Tree,
                scope: Scope) -> Typed:
        """Compile a call to a built-in function."""

        def arity(*ns: int) -> None:
            if len(args) not in ns:
                want = " or ".join(str(n) for n in ns)
                raise fail(node, f"{name}() takes {want} argument(s), got {len(args)}")

        def need(i: int, type_: str, what: str) -> Fn:
            if not compatible(type_, args[i].type):
                hint = ZONE_HINT if type_ == ZONE and elem_of(args[i].type) else ""
                raise fail(trees[i], f"{name}() needs {what}, but this is "
                           f"{describe(args[i].type)}", hint)
            return args[i].fn

        if name in ("team", "members"):
            if not self.t.team_names:
                raise fail(node, f"{name}() needs a 'teams:' section in the ruleset")
            arity(1)
            if name == "team":
                pf = _player_fn(name, need(0, PLAYER, "a player"))
                return Typed(TEAM, lambda s, e: s.team_of[pf(s, e)])
            tf = need(0, TEAM, "a team")
            return Typed(PLAYERS, lambda s, e: [p for p in range(s.n)
                                                if s.team_of[p] == tf(s, e)])
        if name in MELD_BUILTINS:
            if not self.t.has_melds:
                raise fail(node, f"{name}() needs a 'melds:' section in the ruleset",
                           "declare how runs and sets are made: melds: {value: ..., run: ...}")
            return self.meld_builtin(name, args, trees, node, arity, need)
        if name in ("size", "len", "count"):
            arity(1)
            a = args[0]
            f = a.fn
            if a.type == ZONE:
                return Typed(INT, lambda s, e: len(s.zones[f(s, e)]))
            if elem_of(a.type) is None:
                raise fail(trees[0], f"{name}() needs a zone or a list, "
                           f"but this is {describe(a.type)}")
            return Typed(INT, lambda s, e: len(f(s, e) or ()))  # none: no cards
        if name == "cards":
            arity(1)
            f = need(0, ZONE, "a zone")
            zf = _scanned(lambda s, e: s.zones[f(s, e)])
            return Typed(CARDS, lambda s, e: list(zf(s, e)))
        if name in ("min", "max"):
            if len(args) == 1 and elem_of(args[0].type) == INT:
                f = _scanned(args[0].fn)
                pick = min if name == "min" else max
                return Typed(INT, lambda s, e: pick(f(s, e), default=0))
            arity(2)
            f, g = need(0, INT, "numbers"), need(1, INT, "numbers")
            if name == "min":
                return Typed(INT, lambda s, e: min(f(s, e), g(s, e)))
            return Typed(INT, lambda s, e: max(f(s, e), g(s, e)))
        if name == "abs":
            arity(1)
            f = need(0, INT, "a number")
            return Typed(INT, lambda s, e: abs(f(s, e)))
        if name in ("sum", "all", "any", "first"):
            arity(1)
            et = elem_of(args[0].type)
            if et is None:
                raise fail(trees[0], f"{name}() needs a list, but this is {describe(args[0].type)}")
            f = args[0].fn
            if args[0].type == ZONE:
                g = f
                f = lambda s, e: s.zones[g(s, e)]  # noqa: E731
            if name == "first":
                return Typed(et, lambda s, e: next(iter(f(s, e) or ()), None),
                             names=args[0].names)
            f = _scanned(f)
            if name == "sum":
                if et != INT:
                    raise fail(trees[0], "sum() needs a list of numbers")
                def total(s: Any, e: dict) -> int:
                    n = sum(f(s, e))
                    return n if -MAX_INT <= n <= MAX_INT else _bounded(n)
                return Typed(INT, total)
            if et != BOOL:
                raise fail(trees[0], f"{name}() needs a list of conditions")
            fn = all if name == "all" else any
            return Typed(BOOL, lambda s, e: fn(f(s, e)))
        if name in ("players_after", "players_from"):
            arity(1)
            f = _player_fn(name, need(0, PLAYER, "a player"))
            start = 1 if name == "players_after" else 0

            def order(s: Any, e: dict) -> list:
                p = f(s, e)
                n = s.n
                return [(p + i) % n for i in range(start, n)] if start else \
                    [(p + i) % n for i in range(n)]

            return Typed(PLAYERS, order)
        if name in ("next_player", "prev_player"):
            arity(1)
            f = need(0, PLAYER, "a player")
            step = 1 if name == "next_player" else -1

            def neighbour(s: Any, e: dict) -> int:
                p = f(s, e)
                if p is None:
                    raise RuleRuntimeError("", f"{name}() needs a player, not none")
                return (p + step) % s.n

            return Typed(PLAYER, neighbour)
        if name == "next_in_turn":  # who gets the turn after p (direction, active; no skips)
            arity(1)
            f = need(0, PLAYER, "a player")
            return Typed(PLAYER, lambda s, e: turnorder.next_in_turn(s, f(s, e)))
        if name == "seat":
            arity(1)
            return Typed(INT, _player_fn(name, need(0, PLAYER, "a player")))
        if name == "top":
            arity(1, 2)
            f = need(0, ZONE, "a zone")
            if len(args) == 1:
                def top1(s: Any, e: dict) -> Any:
                    z = s.zones[f(s, e)]
                    return z[-1] if z else None
                return Typed(CARD, top1)
            g = need(1, INT, "a number")

            def topn(s: Any, e: dict) -> list:
                z = s.zones[f(s, e)]
                k = max(0, min(g(s, e), len(z)))
                charge(s, k)
                return z[len(z) - k:][::-1]

            return Typed(CARDS, topn)
        if name == "random":
            arity(1)
            if not scope.effects:
                raise fail(node, "random() may only be used in effects, not in a condition",
                           "conditions must give the same answer every time they are asked")
            a = args[0]
            et = elem_of(a.type)
            if et is None:
                raise fail(trees[0], "random() needs a zone or a list, "
                           f"but this is {describe(a.type)}")
            f = a.fn
            if a.type == ZONE:
                def rz(s: Any, e: dict) -> Any:
                    z = s.zones[f(s, e)]
                    return z[s.rng_below(len(z))] if z else None
                return Typed(CARD, rz, uses_random=True)

            def rl(s: Any, e: dict) -> Any:
                xs = f(s, e)
                return xs[s.rng_below(len(xs))] if xs else None

            return Typed(et, rl, uses_random=True)
        raise fail(node, f"unknown function '{name}'")  # pragma: no cover
