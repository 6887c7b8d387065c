"""Shared helpers for the Le Ch'ami scenario tests (tests/games/chami/).

Positions are reached only through the public API: a seed, `rulekit.testing.arrange` to deal
chosen cards (and `set_vars` for match totals), then checked actions with `State.apply`. Nothing
here decides a rule: each helper only spells out the decisions a player makes.
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path

from game_helpers import (  # noqa: F401
    event_keys,
    hand,
    in_window,
    legal,
    pending,
    rendered,
    size,
)

import rulekit
from rulekit.testing import arrange, labels, set_vars

RULESET = Path(__file__).resolve().parent.parent / "rulesets" / "chami.yaml"

SPECIALS = ("Chase", "Dead End", "Magic", "Seesaw", "Ambush", "Gift", "Gruyere")
ZONES = ("hand", "gift")
FILLER = ["2+2=4", "9+9=18", "10+10=20"]    # three cards that meld with nothing among them


@functools.cache
def game() -> rulekit.Game:
    """The Ch'ami ruleset, loaded once."""
    return rulekit.load(str(RULESET))


def deal(n: int, hands: dict[int, list[str]] | None = None, stock: list[str] | None = None,
         seed: int = 0, empty_stock: bool = False, discard: list[str] | None = None,
         drawn: bool = False) -> rulekit.State:
    """A new n-player game (hand 1, seat 0 to play) with chosen hands.

    `stock` names the top of the stock (top = last). With empty_stock every stock card not named
    goes to the discard pile, so the stock holds only `stock` (or nothing); hands not given
    keep their 12 dealt cards. With drawn, seat 0 has
    already drawn this turn (the turn variable is set, so its hand is exactly as given).
    """
    s = game().new_state(n, seed=seed)
    spec: dict = {}
    for seat, cards in (hands or {}).items():
        spec[("hand", seat)] = list(cards)
    if empty_stock:
        spec["stock"] = list(stock or [])
        arrange(s, spec, spill="discard")
    else:
        if stock is not None:
            spec["stock"] = list(stock)
        if discard is not None:
            spec["discard"] = list(discard)
        arrange(s, spec)
    if drawn:
        set_vars(s, {"drew": True})
    return s




def gvar(s: rulekit.State, name: str):
    return rulekit.observation(s, None)["vars"][name]


def pvar(s: rulekit.State, seat: int, name: str):
    return rulekit.observation(s, None)["seats"][seat]["vars"][name]


def melds(s: rulekit.State) -> list[dict]:
    """The melds on the table as everyone sees them: meld id, kind, cards, values."""
    return rulekit.observation(s, None)["table"]["table"]["melds"]


def lay(s: rulekit.State, cards: list[str], stands_for: int | None = None) -> None:
    """The decider lays a new meld of these 3 cards (with the Gift's value, if it is one)."""
    s.apply("meld")
    for c in cards:
        s.apply(f"pick {c}")
    if stands_for is not None:
        s.apply(f"stands_for {stands_for}")


def extend(s: rulekit.State, meld: int, card: str, stands_for: int | None = None) -> None:
    """The decider adds one card to meld number `meld`."""
    s.apply("extend")
    s.apply(f"onto meld{meld}")
    s.apply(f"pick {card}")
    if stands_for is not None:
        s.apply(f"stands_for {stands_for}")


def discard(s: rulekit.State, card: str, *choices: str) -> None:
    """The decider discards a card, then makes its choices ('named magie', 'target 2', ...)."""
    s.apply("discard")
    s.apply(f"pick {card}")
    for c in choices:
        s.apply(c)


def all_labels(s: rulekit.State) -> Counter:
    """Every card of the game, wherever it lies (a god's-eye count)."""
    out = Counter(labels(s, "stock")) + Counter(labels(s, "discard")) + Counter(labels(s, "table"))
    for p in range(s.n):
        for z in ZONES:
            out += Counter(labels(s, (z, p)))
    return out


