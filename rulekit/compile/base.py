"""The compiler's shared constants and small run-time helpers (the compiling state is the
CompileContext, rulekit.compile.context)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Tree

from ..lang.budget import over_budget
from ..lang.expressions import (
    BOOL,
    CARD,
    CARDS,
    INT,
    PLAYER,
    PLAYERS,
    STR,
    ZONE,
    Typed,
    compatible,
    describe,
    fail,
)
from .context import CompileContext

VAR_TYPES = {"int": INT, "bool": BOOL, "player": PLAYER, "card": CARD, "cards": CARDS,
             "players": PLAYERS, "text": STR}
MAX_DECK = 10_000
MAX_MELD_SPAN = 10_000  # runs are searched over the range of meld values
MAX_OPEN_WINDOWS = 1_000  # windows waiting on the stack: each keeps its frame until answered




def _snapshot(v: Any) -> Any:
    return list(v) if isinstance(v, list) else v


def _noop(s: Any, e: dict[str, Any]) -> None:
    return None


def _true(s: Any, e: dict[str, Any]) -> bool:
    return True


def _false(s: Any, e: dict[str, Any]) -> bool:
    return False


def _none(s: Any, e: dict[str, Any]) -> None:
    return None


def _empty_list(s: Any, e: dict[str, Any]) -> list[Any]:
    return []




def _card_as_cards(s: Any, c: Any) -> list[Any]:
    return [] if c is None else [c]


def _zone_cards(s: Any, z: int) -> list[Any]:
    cards = s.zones[z]
    n = len(cards)  # a statement moves or shows each card: work (charge written out)
    if n:
        w = s.work - n
        s.work = w
        if w < 0:
            over_budget(s)
    return list(cards)


def _listed_cards(s: Any, cards: Any) -> list[Any]:
    if cards is None:  # a skipped cards parameter: none moves (shows) nothing
        return []
    n = len(cards)  # charge written out
    if n:
        w = s.work - n
        s.work = w
        if w < 0:
            over_budget(s)
    if None in cards:  # [c] with c none: a card that is not there is no card
        return [c for c in cards if c is not None]
    listed: list[Any] = cards
    return listed


def _cards_taker(tree: Tree[Any], typed: Typed, what: str) -> Callable[[Any, Any], list[Any]]:
    """How a value of typed's type becomes the list of cards a statement acts on."""
    if typed.type == CARD:
        return _card_as_cards
    if typed.type == ZONE:
        return _zone_cards
    if compatible(CARDS, typed.type):
        return _listed_cards
    raise fail(tree, f"{what} must be a card, a list of cards or a zone, but this is "
               f"{describe(typed.type)}")


# the context under its old name, for modules typed against it (table, hints)
CompilerBase = CompileContext
