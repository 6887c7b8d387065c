"""Shared helpers for the SHAM scenario tests (tests/games/sham/).

Positions are reached only through the public API: a seed, `rulekit.testing.arrange` to deal
chosen cards, then checked actions with `State.apply`. Nothing here decides a rule: each helper
only spells out the decisions a player makes (which cards, colour, total; call or let it go).
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
from rulekit.testing import arrange, labels

RULESET = Path(__file__).resolve().parent.parent / "rulesets" / "sham.yaml"

COLOURS = ("red", "blue", "purple", "yellow")
WILDCARDS = ("Overflow", "Swap Hands", "Going Down", "From the Grave")
ZONES = ("hand", "played", "winnings")


@functools.cache
def game() -> rulekit.Game:
    """The SHAM ruleset, loaded once (a Game is immutable once built)."""
    return rulekit.load(str(RULESET))


def deal(n: int, hands: dict[int, list[str]] | None = None, draw: list[str] | None = None,
         seed: int = 0, empty_draw: bool = False, **zones: list[str]) -> rulekit.State:
    """A new n-player game with chosen hands (and the top of the draw pile, top = last).

    With empty_draw, every card not named goes to the discard pile, so the draw pile holds only
    `draw` (or nothing). Extra zones are given as keyword `winnings_2=[...]`, `played_1=[...]`.
    """
    s = game().new_state(n, seed=seed)
    spec: dict = {}
    for seat, cards in (hands or {}).items():
        spec[("hand", seat)] = list(cards)
    for key, cards in zones.items():
        name, seat = key.rsplit("_", 1)
        spec[(name, int(seat))] = list(cards)
    if empty_draw:
        # every player zone is listed so that its old cards leave it
        for p in range(n):
            for z in ZONES:
                spec.setdefault((z, p), [])
        spec["draw"] = list(draw or [])
        arrange(s, spec, spill="discard")
    else:
        if draw is not None:
            spec["draw"] = list(draw)
        arrange(s, spec)
    return s




def in_round(s: rulekit.State, seat: int) -> bool:
    return rulekit.observation(s, None)["seats"][seat]["vars"]["in_round"]


def gvar(s: rulekit.State, name: str):
    return rulekit.observation(s, None)["vars"][name]


def place(s: rulekit.State, cards: list[str], total: int, colour: str | None = None) -> None:
    """The turn's decider places `cards` face down and claims `total` (and `colour` when leading).

    A colour is given exactly when the placer leads: the test fails if the colour step is asked
    and no colour was given, or the other way round.
    """
    s.apply("place")
    for c in cards:
        s.apply(f"pick {c}")
    if "done" in legal(s):
        s.apply("done")
    asks_colour = any(t.startswith("colour ") for t in legal(s))
    assert asks_colour == (colour is not None), (
        f"colour step asked: {asks_colour}, colour given: {colour!r}; legal: {legal(s)}")
    if colour is not None:
        s.apply(f"colour {colour}")
    s.apply(f"total {total}")


def totals_offered(s: rulekit.State, cards: list[str], colour: str | None = None) -> list[int]:
    """The totals a placement of `cards` may claim now (explored on a copy)."""
    c = s.clone()
    c.apply("place")
    for card in cards:
        c.apply(f"pick {card}")
    if "done" in legal(c):
        c.apply("done")
    if colour is not None:
        c.apply(f"colour {colour}")
    texts = legal(c)
    assert all(t.startswith("total ") for t in texts), texts
    return [int(t.split()[1]) for t in texts]


def challenge(s: rulekit.State, calls: dict[int, str] | None = None) -> list[int]:
    """Walk the open challenge window: each asked seat lets it go unless `calls` names its call.

    Returns the seats asked, in order. Stops when the window closes.
    """
    calls = calls or {}
    asked = []
    assert in_window(s, "challenge"), pending(s)
    while in_window(s, "challenge"):
        seat = pending(s)["asked"]
        assert seat == s.decider
        asked.append(seat)
        s.apply(calls.get(seat, "let_it_go"))
    return asked


def all_labels(s: rulekit.State) -> Counter:
    """Every card of the game, wherever it lies (a god's-eye count)."""
    out = Counter(labels(s, "draw")) + Counter(labels(s, "discard"))
    for p in range(s.n):
        for z in ZONES:
            out += Counter(labels(s, (z, p)))
    return out


