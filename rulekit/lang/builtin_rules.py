"""The rules of the language's built-in functions: for each, its argument types and the code it
compiles to (rulekit.lang.registry names each with its forms, arity and one-line doc)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Tree

from . import turnorder
from .budget import MAX_INT, scanned
from .builtins import (
    ZONE_HINT,
    _best_melds_counted,
    _can_extend,
    _can_form_meld,
    _can_meld_with,
    _combinations,
    _is_meld,
    _meld_kind,
    _meld_of,
    _meld_value,
    _melds,
    _members,
    _players_from,
    _seat,
    _subsets,
    _team,
    _top,
    meld_cards_of,
    values_call,
)
from .host import ExprHost
from .ordering import order_call
from .parsing import fail
from .scope import Scope
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


@dataclass
class Call:
    """A call of a built-in being compiled: the compiler, the name it was called by, its typed
    arguments and their trees (for errors placed at an argument)."""

    x: ExprHost
    name: str
    args: list[Typed]
    trees: list[Tree[Any]]
    node: Tree[Any]
    scope: Scope

    def arity(self, *ns: int) -> None:
        """Fail unless the call has one of these numbers of arguments."""
        if len(self.args) not in ns:
            want = " or ".join(str(n) for n in ns)
            raise fail(self.node, f"{self.name}() takes {want} argument(s), got {len(self.args)}")

    def check(self, i: int, type_: str, what: str) -> None:
        """Fail unless argument i has a type compatible with type_ (what names it)."""
        a = self.args[i]
        if not compatible(type_, a.type):
            hint = ZONE_HINT if type_ == ZONE and elem_of(a.type) else ""
            raise fail(self.trees[i], f"{self.name}() needs {what}, but this is "
                       f"{describe(a.type)}", hint)

    def need(self, i: int, type_: str, what: str) -> Fn:
        """Argument i's closure, checked as check() does."""
        self.check(i, type_, what)
        return self.args[i].fn

    def cards_arg(self, i: int) -> Typed:
        """Argument i as a list of cards (a zone: its cards), or fail."""
        a = self.args[i]
        if a.type == ZONE:
            return self.x.code(CARDS, f"s.zones[{self.x.src(a)}]", a)
        if compatible(CARDS, a.type):
            return a
        raise fail(self.trees[i], f"{self.name}() needs cards (a zone or a list), but this is "
                   f"{describe(a.type)}")

    def values(self, type_: str, impl: Any, label: str, args: list[Typed] | None = None,
               *consts: Any, **kw: Any) -> Typed:
        """A call of impl on the values (rulekit.lang.builtins.values_call), of the call's
        arguments unless others are given."""
        return values_call(self.x, type_, impl, label, self.args if args is None else args,
                           *consts, **kw)


# ---- the rules of the built-ins (rulekit.lang.registry names each with its forms and doc) ----
def c_team(c: Call) -> Typed:
    """team(P): a player's team."""
    c.check(0, PLAYER, "a player")
    return c.values(TEAM, _team, "team(player)")


def c_members(c: Call) -> Typed:
    """members(T): a team's players."""
    c.check(0, TEAM, "a team")
    return c.values(PLAYERS, _members, "members(team)")


def c_size(c: Call) -> Typed:
    """size(X), len(X), count(X): a zone's or a list's length."""
    a, x = c.args[0], c.x
    if a.type == ZONE:
        return x.code(INT, f"len(s.zones[{x.src(a)}])", a, not_none=True)
    if elem_of(a.type) is None:
        raise fail(c.trees[0], f"{c.name}() needs a zone or a list, "
                   f"but this is {describe(a.type)}")
    return x.code(INT, f"len({x.src(a)} or ())", a,  # none: no cards
                  not_none=True)


def c_cards(c: Call) -> Typed:
    """cards(Z): a zone's cards as a list."""
    c.check(0, ZONE, "a zone")
    scan = c.x.gen.ref(scanned, "a list read whole, charged to the budget")
    return c.x.code(CARDS, f"list({scan}(s, s.zones[{c.x.src(c.args[0])}]))", c.args[0])


def c_min_max(c: Call) -> Typed:
    """min/max of two numbers, or of a list of numbers."""
    args, x = c.args, c.x
    if len(args) == 1 and elem_of(args[0].type) == INT:
        scan = x.gen.ref(scanned, "a list read whole, charged to the budget")
        return x.code(INT, f"{c.name}({scan}(s, {x.src(args[0])}), default=0)", args[0])
    c.arity(2)
    c.need(0, INT, "numbers")
    c.need(1, INT, "numbers")
    return x.code(INT, f"{c.name}({x.src(args[0])}, {x.src(args[1])})", *args)


def c_abs(c: Call) -> Typed:
    """abs(N)."""
    c.need(0, INT, "a number")
    return c.x.code(INT, f"abs({c.x.src(c.args[0])})", c.args[0])


def _listed(c: Call) -> tuple[Typed, str, str]:
    """The list argument of first, sum, all and any: itself, its element type, its items."""
    a = c.args[0]
    et = elem_of(a.type)
    if et is None:
        raise fail(c.trees[0], f"{c.name}() needs a list, but this is {describe(a.type)}")
    return a, et, f"s.zones[{c.x.src(a)}]" if a.type == ZONE else c.x.src(a)


def _scanned_src(c: Call, items: str) -> str:
    return f"{c.x.gen.ref(scanned, 'a list read whole, charged to the budget')}(s, {items})"


def c_first(c: Call) -> Typed:
    """first(X): a list's first item, a zone's bottom card."""
    a, et, items = _listed(c)
    # of none (a skipped cards parameter): none
    return c.x.code(et, f"next(iter({items} or ()), None)", a, names=a.names)


def c_sum(c: Call) -> Typed:
    """sum(L): bounded like every number."""
    a, et, items = _listed(c)
    listed = _scanned_src(c, items)
    if et != INT:
        raise fail(c.trees[0], "sum() needs a list of numbers")
    tmp, bounded = c.x.gen.temp(), c.x.gen.bounded
    return c.x.code(INT, f"({tmp} if -{MAX_INT} <= ({tmp} := sum({listed})) <= "
                    f"{MAX_INT} else {bounded}({tmp}))", a, not_none=True)


def c_all_any(c: Call) -> Typed:
    """all(L), any(L) of a list of conditions."""
    a, et, items = _listed(c)
    listed = _scanned_src(c, items)
    if et != BOOL:
        raise fail(c.trees[0], f"{c.name}() needs a list of conditions")
    return c.x.code(BOOL, f"{c.name}({listed})", a, not_none=True)  # of none: of ()


def c_players(c: Call) -> Typed:
    """players_after(P), players_from(P)."""
    c.check(0, PLAYER, "a player")
    return c.values(PLAYERS, _players_from, f"{c.name}(player)", None,
                    c.name, 1 if c.name == "players_after" else 0)


def c_neighbour(c: Call) -> Typed:
    """next_player(P), prev_player(P): the seat after or before."""
    c.need(0, PLAYER, "a player")
    step = "+ 1" if c.name == "next_player" else "- 1"
    src = c.x.unless_none(c.args[0], f"{c.name}() needs a player, not none",
                           lambda v: f"({v} {step}) % s.n")
    return c.x.code(PLAYER, src, c.args[0])


def c_next_in_turn(c: Call) -> Typed:
    """next_in_turn(P): who gets the turn after P (direction, active; no skips)."""
    c.check(0, PLAYER, "a player")
    return c.values(PLAYER, turnorder.next_in_turn, "next_in_turn(player)")


def c_seat(c: Call) -> Typed:
    """seat(P): a player's seat as a number."""
    c.check(0, PLAYER, "a player")
    return c.values(INT, _seat, "seat(player)")


def c_top(c: Call) -> Typed:
    """top(Z), top(Z, N)."""
    c.check(0, ZONE, "a zone")
    if len(c.args) == 1:
        tmp = c.x.gen.temp()
        return c.x.code(CARD, f"({tmp}[-1] if ({tmp} := s.zones[{c.x.src(c.args[0])}]) "
                        "else None)", c.args[0])
    c.check(1, INT, "a number")
    return c.values(CARDS, _top, "top(zone, n)")


def c_order_of(c: Call) -> Typed:
    """order_of(W) (rulekit.lang.ordering)."""
    return order_call(c.x, c.args, c.trees, c.node)


def c_choices(c: Call) -> Typed:
    """combinations(X, K), subsets(X): every choice of items, charged before any is made."""
    a, name = c.args[0], c.name
    if elem_of(a.type) is None:
        raise fail(c.trees[0], f"{name}() needs a zone or a list, but this is "
                   f"{describe(a.type)}")
    if name == "combinations":
        c.check(1, INT, "a number (how many items each holds)")
    xs = c.x.code(CARDS, f"s.zones[{c.x.src(a)}]", a) if a.type == ZONE else a
    impl, label = ((_combinations, "combinations(list, k)") if name == "combinations"
                   else (_subsets, "subsets(list)"))
    return c.values(list_of(a.type if a.type != ZONE else CARDS), impl, label,
                    [xs, *c.args[1:]], not_none=True, items_not_none=True)


def c_random(c: Call) -> Typed:
    """random(X): in effects only, drawn with the game's generator."""
    if not c.scope.effects:
        raise fail(c.node, "random() may only be used in effects, not in a condition",
                   "conditions must give the same answer every time they are asked")
    a = c.args[0]
    et = elem_of(a.type)
    if et is None:
        raise fail(c.trees[0], "random() needs a zone or a list, "
                   f"but this is {describe(a.type)}")
    pick = c.x.gen.ref(_random_item, "random(list or zone)")
    items = f"s.zones[{c.x.src(a)}]" if a.type == ZONE else c.x.src(a)
    return c.x.code(CARD if a.type == ZONE else et, f"{pick}(s, {items})", a, uses_random=True)


def _random_item(s: Any, xs: Any) -> Any:
    """One of xs drawn with the state's generator; none of an empty (or none) list."""
    return xs[s.rng_below(len(xs))] if xs else None


# the meld built-ins: a meld search runs over the values, charged with the cards (meld_span)
def c_melds(c: Call) -> Typed:
    """melds(zone)."""
    c.check(0, ZONE, "a zone")
    return c.values(list_of(MELD), _melds, "melds(zone)")


def c_meld_cards(c: Call) -> Typed:
    """meld_cards(m)."""
    c.check(0, MELD, "a meld")
    return c.values(CARDS, meld_cards_of, "meld_cards(meld)")


def c_meld_kind(c: Call) -> Typed:
    """meld_kind(m): 'run' or 'set'."""
    c.check(0, MELD, "a meld")
    return c.values(STR, _meld_kind, "meld_kind(meld)", domain=frozenset({"run", "set"}))


def c_meld_of(c: Call) -> Typed:
    """meld_of(c): of no card (none), no meld."""
    c.check(0, CARD, "a card")
    return c.values(MELD, _meld_of, "meld_of(card)")


def c_meld_value(c: Call) -> Typed:
    """meld_value(c)."""
    c.check(0, CARD, "a card")
    return c.values(INT, _meld_value, "meld_value(card)")


def c_is_meld(c: Call) -> Typed:
    """is_meld(cards), is_meld(cards, v)."""
    cs = c.cards_arg(0)
    if len(c.args) == 2:
        c.check(1, INT, "a number")
    return c.values(BOOL, _is_meld, "is_meld(cards, value)", [cs, *c.args[1:]],
                    c.x.t.meld_span)


def c_can_extend(c: Call) -> Typed:
    """can_extend(m, c), can_extend(m, c, v)."""
    c.check(0, MELD, "a meld")
    c.check(1, CARD, "a card")
    if len(c.args) == 3:
        c.check(2, INT, "a number")
    typed = c.values(BOOL, _can_extend, "can_extend(meld, card, value)")
    if len(c.args) == 2:
        typed.call = ("can_extend", list(c.args))  # comprehensions fold it over a list
    return typed


def c_best_melds(c: Call) -> Typed:
    """best_melds(cards); best_melds(V for c in cards) is a special form (comprehensions)."""
    return c.values(ARRANGEMENT, _best_melds_counted, "best_melds(cards)", [c.cards_arg(0)],
                    c.x.t.meld_span, not_none=True)


def c_can_form_meld(c: Call) -> Typed:
    """can_form_meld(cards)."""
    return c.values(BOOL, _can_form_meld, "can_form_meld(cards)", [c.cards_arg(0)],
                    c.x.t.meld_span)


def c_can_meld_with(c: Call) -> Typed:
    """can_meld_with(card or cards, cards[, size])."""
    first = c.args[0]
    if not compatible(CARD, first.type):
        if first.type != ZONE and not compatible(CARDS, first.type):
            raise fail(c.trees[0], f"can_meld_with() needs a card or cards first, but this "
                       f"is {describe(first.type)}")
        first = c.cards_arg(0)
    if len(c.args) == 3:
        c.check(2, INT, "a number (the meld's size)")
    return c.values(BOOL, _can_meld_with, "can_meld_with(cards, cards, size)",
                    [first, c.cards_arg(1), *c.args[2:]], c.x.t.meld_span)
