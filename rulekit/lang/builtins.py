"""The language's built-in functions (size, count, sum, top, shuffled, melds, ...)."""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from ..data.spelling import did_you_mean
from ..errors import RuleRuntimeError
from . import turnorder
from .budget import (
    MAX_INT,
    charge,
    over_budget,
    scanned,
)
from .ordering import OrderingMixin
from .parsing import fail
from .scope import (
    MELD_BUILTINS,
    Scope,
    Tables,
)
from .types import (
    ARRANGEMENT,
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


def _meld_id(s: Any, m: Any) -> int:
    meld: int = s.meld_id(m)
    return meld


def _melds(s: Any, zone: int) -> list[Any]:
    melds: list[Any] = s.melds_in(zone)
    return melds


def meld_cards_of(s: Any, m: Any) -> list[Any]:
    """A meld's cards as they are now (a rule error for a value that is no meld)."""
    cards: list[Any] = s.meld_cards(_meld_id(s, m))
    return cards


def _meld_kind(s: Any, m: Any) -> str:
    kind: str = s.meld_kinds[_meld_id(s, m)]
    return kind


def _meld_of(s: Any, c: Any) -> Any:
    return None if c is None else s.meld_of[c] or None


def _meld_value(s: Any, c: Any) -> int:
    if c is None:
        raise RuleRuntimeError("", "meld_value() needs a card, not none")
    value: int = s.meld_value(c)
    return value


def _scanned_cards(s: Any, cards: Any, span: int) -> list[Any]:
    """cards as a list (none: no cards), their number and the values' span charged."""
    cards = list(cards or ())
    left = s.work - len(cards) - span  # charge() written out: every meld question calls this
    s.work = left
    if left < 0:
        over_budget(s)
    scanned: list[Any] = cards
    return scanned


def _is_meld(s: Any, span: int, cards: Any, value: Any = None) -> bool:
    valid: bool = s.game.meld_rules.valid(_scanned_cards(s, cards, span), value)
    return valid


def _can_extend(s: Any, m: Any, c: Any, value: Any = None) -> bool:
    if c is None or m is None:
        return False
    extends: bool = s.can_extend(m, c, value)
    return extends


def extends_any(s: Any, m: Any, cards: list[Any]) -> bool:
    """any(can_extend(m, c) for c in cards), asked once for the list."""
    if m is None:
        return False
    extends: bool = s.extends_any(m, cards)
    return extends


def extends_any_of(s: Any, melds: list[Any], cards: list[Any]) -> bool:
    """any(any(can_extend(m, c) for c in cards) for m in melds), the cards read once."""
    if not cards:
        return False
    extends: bool = s.extends_any_of(melds, cards)
    return extends


def melds_extended_by(s: Any, melds: list[Any], cards: list[Any]) -> list[Any]:
    """[m for m in melds if any(can_extend(m, c) for c in cards)], the cards read once."""
    if not cards:
        return []
    found: list[Any] = s.melds_extended_by(melds, cards)
    return found


def extended_by(s: Any, melds: list[Any], c: Any) -> bool:
    """any(can_extend(m, c) for m in melds), asked once for the list."""
    if c is None:
        return False
    extended: bool = s.extended_by(melds, c)
    return extended


def _can_form_meld(s: Any, span: int, cards: Any) -> bool:
    possible: bool = s.game.meld_rules.possible([], _scanned_cards(s, cards, span))
    return possible


def _can_meld_with(s: Any, span: int, c: Any, cards: Any, size: Any = None) -> bool:
    others = _scanned_cards(s, cards, span)
    required = c if isinstance(c, list) else [c]
    if not required or None in required or len(set(required)) < len(required):
        return False  # no card, or a card twice: no meld holds them
    if size is None:
        lo, hi = 1, 10**9
    elif size < 1:
        return False
    else:
        lo = hi = size
    possible: bool = s.game.meld_rules.possible(
        required, [x for x in others if x not in required], lo, hi)
    return possible


def best_melds(s: Any, pairs: Any) -> Any:
    """The best arrangement of (card, value) pairs into melds (rulekit.rules.arrange); a card
    listed twice counts once, none is no card."""
    cards: list[Any] = []
    values: list[Any] = []
    seen: set[Any] = set()
    for c, v in pairs or ():
        if c is not None and c not in seen:
            seen.add(c)
            cards.append(c)
            values.append(v)
    return s.game.meld_rules.best(s, cards, values)


def _best_melds_counted(s: Any, span: int, cards: Any) -> Any:
    """best_melds(cards): each card left out counts 1."""
    return best_melds(s, [(c, 1) for c in _scanned_cards(s, cards, span)])


# the meld questions: a definition asking one is worth keeping (rulekit.lang.expressions)
MELD_QUESTIONS = (_is_meld, _can_extend, extends_any, extends_any_of, melds_extended_by,
                  extended_by, _can_form_meld, _can_meld_with, best_melds, _best_melds_counted)


def _team(s: Any, p: Any) -> int:
    if p is None:
        raise RuleRuntimeError("", "team() needs a player, not none")
    team: int = s.team_of[p]
    return team


def _members(s: Any, team: Any) -> list[Any]:
    return [p for p in range(s.n) if s.team_of[p] == team]


def _players_from(s: Any, name: str, start: int, p: Any) -> list[Any]:
    if p is None:
        raise RuleRuntimeError("", f"{name}() needs a player, not none")
    n = s.n
    return [(p + i) % n for i in range(start, n)]


def _seat(s: Any, p: Any) -> int:
    if p is None:
        raise RuleRuntimeError("", "seat() needs a player, not none")
    seat: int = p
    return seat


class _Combinations:
    """combinations(X, K): every K items of X (none: no items), in order, their number times K
    charged first. A class, not a function: a compiled game keeps it (rulekit.gamecache
    rebuilds functions with their globals, and itertools is none of rulekit's)."""

    __slots__ = ()

    def __call__(self, s: Any, xs: Any, k: Any) -> list[Any]:
        xs = list(xs or ())
        if k is None or k < 0 or k > len(xs):
            return []
        charge(s, comb(len(xs), k) * max(k, 1))  # every choice's items, before any is made
        return [list(c) for c in combinations(xs, k)]


class _Subsets:
    """subsets(X): every subset of X, the smaller first (then in order), 2^n times n/2 items
    charged first (a class for the reason _Combinations is one)."""

    __slots__ = ()

    def __call__(self, s: Any, xs: Any) -> list[Any]:
        xs = list(xs or ())
        charge(s, (1 << len(xs)) * max(1, len(xs) // 2))
        return [list(c) for k in range(len(xs) + 1) for c in combinations(xs, k)]


_combinations, _subsets = _Combinations(), _Subsets()


def _top(s: Any, zone: int, k: int) -> list[Any]:
    z = s.zones[zone]
    k = max(0, min(k, len(z)))
    charge(s, k)
    top: list[Any] = z[len(z) - k:][::-1]
    return top


# what an arrangement of melds (best_melds) gives, in the order of rulekit.rules.arrange's
# Arrangement: the deadwood, the melds, the cards left out
ARRANGED = {"deadwood": INT, "melds": list_of(CARDS), "left": CARDS}


class BuiltinsMixin(OrderingMixin):
    """ExprCompiler's built-in functions: one method for the meld ones, one for the rest
    (sorted() and order_of(): rulekit.lang.ordering)."""

    t: Tables
    weight: int  # the work the expression being compiled costs per evaluation

    if TYPE_CHECKING:  # ExprCompiler's
        def expr(self, tree: Tree[Any] | Token, scope: Scope) -> Typed: ...
        def expect(self, tree: Tree[Any], scope: Scope, type_: str, what: str) -> Typed: ...
        def src(self, typed: Typed) -> str: ...
        def code(self, type_: str, src: str, *parts: Typed, **kw: Any) -> Typed: ...
        def _unless_none(self, typed: Typed, detail: str, use: Any) -> str: ...
        gen: Any

    def values_call(self, type_: str, impl: Any, label: str, args: list[Typed],
                    *consts: Any, **kw: Any) -> Typed:
        """A built-in whose implementation takes values: impl(s, *consts, *args), called from
        the generated source (the arguments evaluated left to right)."""
        parts = [self.gen.literal(c) for c in consts] + [self.src(a) for a in args]
        return self.code(type_, f"{self.gen.ref(impl, label)}(s, {', '.join(parts)})", *args,
                         **kw)

    def arranged(self, base: Typed, name: str, node: Tree[Any] | Token) -> Typed:
        """`A.deadwood`, `A.melds` or `A.left` of an arrangement of melds."""
        if name not in ARRANGED:
            raise fail(node, f"an arrangement of melds has no '{name}'",
                       did_you_mean(name, ARRANGED) or "it has " + ", ".join(ARRANGED))
        place = list(ARRANGED).index(name)  # generated code reads the tuple's field by place
        return self.code(ARRANGED[name], f"{self.src(base)}[{place}]", base,
                         items_not_none=True, not_none=True)

    def meld_builtin(self, name: str, args: list[Typed], trees: list[Tree[Any]], node: Tree[Any],
                     arity: Any, need: Any) -> Typed:
        """Compile a call to one of the meld built-ins."""

        def cards_arg(i: int) -> Typed:
            a = args[i]
            if a.type == ZONE:
                return self.code(CARDS, f"s.zones[{self.src(a)}]", a)
            if compatible(CARDS, a.type):
                return a
            raise fail(trees[i], f"{name}() needs cards (a zone or a list), but this is "
                       f"{describe(a.type)}")

        span = self.t.meld_span  # a meld search runs over the values: charged with the cards
        if name == "melds":
            arity(1)
            need(0, ZONE, "a zone")
            return self.values_call(list_of(MELD), _melds, "melds(zone)", args)
        if name == "meld_cards":
            arity(1)
            need(0, MELD, "a meld")
            return self.values_call(CARDS, meld_cards_of, "meld_cards(meld)", args)
        if name == "meld_kind":
            arity(1)
            need(0, MELD, "a meld")
            return self.values_call(STR, _meld_kind, "meld_kind(meld)", args,
                                    domain=frozenset({"run", "set"}))
        if name in ("meld_of", "meld_value"):
            arity(1)
            need(0, CARD, "a card")
            if name == "meld_of":  # of no card (none): no meld
                return self.values_call(MELD, _meld_of, "meld_of(card)", args)
            return self.values_call(INT, _meld_value, "meld_value(card)", args)
        if name == "is_meld":
            arity(1, 2)
            cs = cards_arg(0)
            if len(args) == 2:
                need(1, INT, "a number")
            return self.values_call(BOOL, _is_meld, "is_meld(cards, value)",
                                    [cs, *args[1:]], span)
        if name == "can_extend":
            arity(2, 3)
            need(0, MELD, "a meld")
            need(1, CARD, "a card")
            if len(args) == 3:
                need(2, INT, "a number")
            typed = self.values_call(BOOL, _can_extend, "can_extend(meld, card, value)", args)
            if len(args) == 2:
                typed.call = ("can_extend", list(args))  # comprehensions fold it over a list
            return typed
        if name == "best_melds":  # best_melds(cards); best_melds(V for c in cards): comprehensions
            arity(1)
            return self.values_call(ARRANGEMENT, _best_melds_counted, "best_melds(cards)",
                                    [cards_arg(0)], span, not_none=True)
        if name == "can_form_meld":
            arity(1)
            return self.values_call(BOOL, _can_form_meld, "can_form_meld(cards)",
                                    [cards_arg(0)], span)
        arity(2, 3)  # can_meld_with(card or cards, cards[, size])
        first = args[0]
        if not compatible(CARD, first.type):
            if first.type != ZONE and not compatible(CARDS, first.type):
                raise fail(trees[0], f"can_meld_with() needs a card or cards first, but this "
                           f"is {describe(first.type)}")
            first = cards_arg(0)
        if len(args) == 3:
            need(2, INT, "a number (the meld's size)")
        return self.values_call(BOOL, _can_meld_with, "can_meld_with(cards, cards, size)",
                                [first, cards_arg(1), *args[2:]], span)

    def builtin(self, name: str, args: list[Typed], trees: list[Tree[Any]], node: Tree[Any],
                scope: Scope) -> Typed:
        """Compile a call to a built-in function."""

        def arity(*ns: int) -> None:
            if len(args) not in ns:
                want = " or ".join(str(n) for n in ns)
                raise fail(node, f"{name}() takes {want} argument(s), got {len(args)}")

        def check(i: int, type_: str, what: str) -> None:
            if not compatible(type_, args[i].type):
                hint = ZONE_HINT if type_ == ZONE and elem_of(args[i].type) else ""
                raise fail(trees[i], f"{name}() needs {what}, but this is "
                           f"{describe(args[i].type)}", hint)

        def need(i: int, type_: str, what: str) -> Fn:
            check(i, type_, what)
            return args[i].fn

        if name in ("team", "members"):
            if not self.t.team_names:
                raise fail(node, f"{name}() needs a 'teams:' section in the ruleset")
            arity(1)
            if name == "team":
                check(0, PLAYER, "a player")
                return self.values_call(TEAM, _team, "team(player)", args)
            check(0, TEAM, "a team")
            return self.values_call(PLAYERS, _members, "members(team)", args)
        if name in MELD_BUILTINS:
            if not self.t.has_melds:
                raise fail(node, f"{name}() needs a 'melds:' section in the ruleset",
                           "declare how runs and sets are made: melds: {value: ..., run: ...}")
            return self.meld_builtin(name, args, trees, node, arity, check)
        if name in ("size", "len", "count"):
            arity(1)
            a = args[0]
            if a.type == ZONE:
                return self.code(INT, f"len(s.zones[{self.src(a)}])", a, not_none=True)
            if elem_of(a.type) is None:
                raise fail(trees[0], f"{name}() needs a zone or a list, "
                           f"but this is {describe(a.type)}")
            return self.code(INT, f"len({self.src(a)} or ())", a,  # none: no cards
                             not_none=True)
        if name == "cards":
            arity(1)
            check(0, ZONE, "a zone")
            scan = self.gen.ref(scanned, "a list read whole, charged to the budget")
            return self.code(CARDS, f"list({scan}(s, s.zones[{self.src(args[0])}]))", args[0])
        if name in ("min", "max"):
            if len(args) == 1 and elem_of(args[0].type) == INT:
                scan = self.gen.ref(scanned, "a list read whole, charged to the budget")
                return self.code(INT, f"{name}({scan}(s, {self.src(args[0])}), default=0)",
                                 args[0])
            arity(2)
            need(0, INT, "numbers")
            need(1, INT, "numbers")
            return self.code(INT, f"{name}({self.src(args[0])}, {self.src(args[1])})", *args)
        if name == "abs":
            arity(1)
            need(0, INT, "a number")
            return self.code(INT, f"abs({self.src(args[0])})", args[0])
        if name in ("sum", "all", "any", "first"):
            arity(1)
            a = args[0]
            et = elem_of(a.type)
            if et is None:
                raise fail(trees[0], f"{name}() needs a list, but this is {describe(a.type)}")
            items = f"s.zones[{self.src(a)}]" if a.type == ZONE else self.src(a)
            if name == "first":  # of none (a skipped cards parameter): none
                return self.code(et, f"next(iter({items} or ()), None)", a, names=a.names)
            listed = f"{self.gen.ref(scanned, 'a list read whole, charged to the budget')}" \
                     f"(s, {items})"
            if name == "sum":
                if et != INT:
                    raise fail(trees[0], "sum() needs a list of numbers")
                tmp, bounded = self.gen.temp(), self.gen.bounded
                return self.code(INT, f"({tmp} if -{MAX_INT} <= ({tmp} := sum({listed})) <= "
                                 f"{MAX_INT} else {bounded}({tmp}))", a, not_none=True)
            if et != BOOL:
                raise fail(trees[0], f"{name}() needs a list of conditions")
            return self.code(BOOL, f"{name}({listed})", a, not_none=True)  # of none: of ()
        if name in ("players_after", "players_from"):
            arity(1)
            check(0, PLAYER, "a player")
            return self.values_call(PLAYERS, _players_from, f"{name}(player)", args,
                                    name, 1 if name == "players_after" else 0)
        if name in ("next_player", "prev_player"):
            arity(1)
            need(0, PLAYER, "a player")
            step = "+ 1" if name == "next_player" else "- 1"
            src = self._unless_none(args[0], f"{name}() needs a player, not none",
                                    lambda v: f"({v} {step}) % s.n")
            return self.code(PLAYER, src, args[0])
        if name == "next_in_turn":  # who gets the turn after p (direction, active; no skips)
            arity(1)
            check(0, PLAYER, "a player")
            return self.values_call(PLAYER, turnorder.next_in_turn, "next_in_turn(player)", args)
        if name == "seat":
            arity(1)
            check(0, PLAYER, "a player")
            return self.values_call(INT, _seat, "seat(player)", args)
        if name == "top":
            arity(1, 2)
            check(0, ZONE, "a zone")
            if len(args) == 1:
                tmp = self.gen.temp()
                return self.code(CARD, f"({tmp}[-1] if ({tmp} := s.zones[{self.src(args[0])}]) "
                                 "else None)", args[0])
            check(1, INT, "a number")
            return self.values_call(CARDS, _top, "top(zone, n)", args)
        if name == "order_of":
            return self.order_call(args, trees, node)
        if name in ("combinations", "subsets"):
            arity(2 if name == "combinations" else 1)
            a = args[0]
            if elem_of(a.type) is None:
                raise fail(trees[0], f"{name}() needs a zone or a list, but this is "
                           f"{describe(a.type)}")
            if name == "combinations":
                check(1, INT, "a number (how many items each holds)")
            xs = self.code(CARDS, f"s.zones[{self.src(a)}]", a) if a.type == ZONE else a
            impl, label = ((_combinations, "combinations(list, k)") if name == "combinations"
                           else (_subsets, "subsets(list)"))
            return self.values_call(list_of(a.type if a.type != ZONE else CARDS), impl, label,
                                    [xs, *args[1:]], not_none=True, items_not_none=True)
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
                def rz(s: Any, e: dict[str, Any]) -> Any:
                    z = s.zones[f(s, e)]
                    return z[s.rng_below(len(z))] if z else None
                return Typed(CARD, rz, uses_random=True)

            def rl(s: Any, e: dict[str, Any]) -> Any:
                xs = f(s, e)
                return xs[s.rng_below(len(xs))] if xs else None

            return Typed(et, rl, uses_random=True)
        raise fail(node, f"unknown function '{name}'")  # pragma: no cover
