"""The language's built-in functions (size, count, sum, top, shuffled, melds, ...)."""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any

from lark import Token, Tree

from ..data.spelling import did_you_mean
from ..errors import RuleRuntimeError
from .budget import (
    charge,
    over_budget,
)
from .host import ExprHost
from .parsing import fail
from .types import (
    CARDS,
    INT,
    Typed,
    list_of,
)

ZONE_HINT = ("a zone is one of the 'zones:' (pile, actor.hand), not a list of cards; a list's "
             "first item is first(L)")


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
    out = []
    for i in range(start, n):  # a loop: a comprehension is a call of its own (Python 3.11)
        out.append((p + i) % n)
    return out


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


def values_call(x: ExprHost, type_: str, impl: Any, label: str, args: list[Typed],
                *consts: Any, **kw: Any) -> Typed:
    """A built-in whose implementation takes values: impl(s, *consts, *args), called from
    the generated source (the arguments evaluated left to right)."""
    parts = [x.gen.literal(c) for c in consts] + [x.src(a) for a in args]
    return x.code(type_, f"{x.gen.ref(impl, label)}(s, {', '.join(parts)})", *args,
                  **kw)


def arranged(x: ExprHost, base: Typed, name: str, node: Tree[Any] | Token) -> Typed:
    """`A.deadwood`, `A.melds` or `A.left` of an arrangement of melds."""
    if name not in ARRANGED:
        raise fail(node, f"an arrangement of melds has no '{name}'",
                   did_you_mean(name, ARRANGED) or "it has " + ", ".join(ARRANGED))
    place = list(ARRANGED).index(name)  # generated code reads the tuple's field by place
    return x.code(ARRANGED[name], f"{x.src(base)}[{place}]", base,
                  items_not_none=True, not_none=True)
