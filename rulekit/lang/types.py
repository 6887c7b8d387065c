"""The language's static types: their names, how they combine, and a typed closure."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from .frame import NO_READS

Fn = Callable[[Any, dict[str, Any]], Any]

INT, BOOL, STR, PLAYER, CARD, ZONE, NONE, ANY = (
    "int", "bool", "str", "player", "card", "zone", "none", "any")
CARDS, PLAYERS = "list[card]", "list[player]"
MELD = "meld"
TEAM = "team"
ARRANGEMENT = "arrangement"  # best_melds(...): .deadwood, .melds, .left


def list_of(t: str) -> str:
    """The type of a list whose elements have type t."""
    return f"list[{t}]"


def elem_of(t: str) -> str | None:
    """The element type of a list type, or None if t is not a list (zones hold cards)."""
    if t == ZONE:
        return CARD
    if t.startswith("list["):
        return t[5:-1]
    return None


def compatible(expected: str, got: str) -> bool:
    """Whether a value of type got may stand where expected is wanted."""
    if expected == got or ANY in (expected, got):
        return True
    if expected == ZONE:  # only a zone is a zone: a list of cards is not one
        return False
    if got == NONE and expected in (PLAYER, CARD, STR, MELD):
        return True
    if expected == CARDS and got == ZONE:
        return True
    ee, ge = elem_of(expected), elem_of(got)
    if ee is not None and ge is not None:
        return compatible(ee, ge) or ge == ANY
    return False


class Typed:
    """A compiled expression: its static type, its code, a constant value if known.

    The code is Python source (`src`, generated into the ruleset's module, compiled only when a
    function of its own is needed) or a closure (`fn`); either gives the other on demand.
    """

    __slots__ = ("type", "_fn", "const", "is_const", "domain", "uses_random", "names", "words",
                 "src", "gen", "call", "not_none", "items_not_none",
                 "eq_of", "reads")

    def __init__(self, type: str, fn: Fn | None = None, const: Any = None,
                 is_const: bool = False, domain: frozenset[Any] | None = None,
                 uses_random: bool = False, names: dict[int, str] | None = None, words: Any = None,
                 src: str | None = None, gen: Any = None, not_none: bool = False,
                 items_not_none: bool = False, reads: frozenset[str] = NO_READS):
        self.type = type
        self._fn = fn
        self.const = const
        self.is_const = is_const
        self.domain = domain  # allowed symbols, for enum-valued card attributes
        self.uses_random = uses_random
        self.names = names  # a number's values shown by name (value -> text key)
        self.words = words  # a choice's literal words, checked against the domains it meets
        self.src = src  # Python source reading the state `s` and the locals `e`
        self.gen = gen  # the codegen.Module src belongs to
        # the built-in this is a call of, with its arguments, where an aggregate over a list can
        # ask it once for the whole list (rulekit.lang.comprehensions); else None
        self.call: tuple[str, list[Any]] | None = None
        # known never to be none (a card of a zone, a seat of `players`), or, for a list, its
        # items: their attributes are read without asking (generated code only)
        self.not_none = not_none
        self.items_not_none = items_not_none
        # `x == k1 or x == k2 ...` for a text or number x: (x's source, the constants k), so
        # that `or` can ask `x in (k1, k2, ...)` once
        self.eq_of: tuple[str, tuple[Any, ...]] | None = None
        # the generated locals (a loop variable, a kept definition's parameter) src reads, bound
        # by the frames around it (rulekit.lang.frame): a function split off from it takes them
        self.reads = reads

    @property
    def fn(self) -> Fn:
        """The expression as a function f(state, env), compiled from its source if need be."""
        f = self._fn
        if f is None:
            assert self.gen is not None and self.src is not None
            f = self._fn = self.gen.function(self.src)
        return f

    def __repr__(self) -> str:
        return f"Typed({self.type!r}, src={self.src!r})"


@functools.lru_cache(maxsize=64)
def show_values(domain: frozenset[Any]) -> str:
    """An enum's values for a message: all of a small one, the first few of a large one."""
    values = sorted(domain, key=str) if len({type(v) for v in domain}) > 1 else sorted(domain)
    if len(values) <= 20:
        return str(values)
    return str(values[:20])[:-1] + f", ...] ({len(values)} values)"


def const(type_: str, value: Any) -> Typed:
    """A Typed constant (its source a literal when it is one)."""
    src = repr(value) if type(value) in (bool, int, str, type(None)) else None
    return Typed(type_, lambda s, e: value, const=value, is_const=True, src=src)


def describe(t: str) -> str:
    """A type's name for error messages."""
    names = {INT: "a number", BOOL: "a condition (true/false)", STR: "a text value",
             PLAYER: "a player", CARD: "a card", ZONE: "a zone", NONE: "none", ANY: "a value",
             CARDS: "a list of cards", PLAYERS: "a list of players", MELD: "a meld",
             TEAM: "a team", ARRANGEMENT: "an arrangement of melds"}
    if t in names:
        return names[t]
    et = elem_of(t)
    return f"a list of {plural(et)}" if et else t


def plural(t: str) -> str:
    """A type's plural name: 'numbers', 'players', 'lists of cards'."""
    names = {INT: "numbers", BOOL: "conditions", STR: "text values", PLAYER: "players",
             CARD: "cards", ZONE: "zones", NONE: "nones", ANY: "values", MELD: "melds",
             TEAM: "teams", ARRANGEMENT: "arrangements of melds"}
    if t in names:
        return names[t]
    et = elem_of(t)
    return f"lists of {plural(et)}" if et else t


def equals_constant(x: Typed, k: Typed) -> tuple[str, tuple[Any, ...]] | None:
    """(x's source, (k,)) when `x == k` compares a text or number read from the state with
    a literal of its type (no randomness: x reads the same each time); else None."""
    if (x.src is None or x.is_const or x.uses_random or not k.is_const
            or x.type not in (STR, INT) or type(k.const) is not (str if x.type == STR else int)):
        return None
    return x.src, (k.const,)
