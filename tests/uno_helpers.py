"""Helpers for the UNO scenario tests: a position with chosen hands and a chosen card in play.

A position starts from a dealt game whose first card is a number card (seat 0 to play), then
`rulekit.testing.arrange` puts the named cards where the test wants them and `set_vars` sets the
colour, symbol and number in play, as the last card played would have.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from game_helpers import event_keys, hand, legal, rendered, size  # noqa: F401 (re-exported)

import rulekit
from rulekit.testing import arrange, labels, set_vars

RULESET = Path(__file__).resolve().parent.parent / "rulesets" / "uno.yaml"
COLOURS = ["red", "yellow", "green", "blue"]


@cache
def game(variant: str | None = None) -> rulekit.Game:
    """The UNO ruleset (or one of its variants), loaded once."""
    return rulekit.load(RULESET, variant=variant)


def seed_where(players: int, test, variant: str | None = None, limit: int = 2000) -> int:
    """The first seed whose dealt game passes `test` (a function of the new state)."""
    g = game(variant)
    for seed in range(limit):
        if test(g.new_state(players, seed)):
            return seed
    raise AssertionError("no seed up to the limit passes the test")


def first_card(s: rulekit.State) -> str:
    """The label of the card that started the discard pile (its top before anyone plays)."""
    return labels(s, "discard")[-1]


def gvar(s: rulekit.State, name: str):
    """A visible game variable, as everyone sees it."""
    return rulekit.observation(s, None)["vars"][name]


def position(players: int, hands: dict[int, list[str]], top: str, colour: str | None = None,
             stock: list[str] | None = None, variant: str | None = None,
             discard: list[str] | None = None) -> rulekit.State:
    """Seat 0 to play with these hands; `top` on the discard pile (under it `discard`), its
    colour in play (`colour` for a wild); `stock` on top of the draw pile, topmost last."""
    g = game(variant)
    seed = seed_where(players, lambda s: s.decider == 0 and " " in first_card(s)
                      and first_card(s).split()[1].isdigit(), variant)
    s = g.new_state(players, seed)
    zones: dict = {("hand", seat): cards for seat, cards in hands.items()}
    zones["discard"] = [*(discard or []), top]
    if stock is not None:
        zones["stock"] = stock
    arrange(s, zones)
    word = top.split()
    kinds = {"skip": "skip", "reverse": "reverse", "draw": "draw_two"}
    if top == "wild":
        kind, number = "wild", 0
    elif top == "wild draw four":
        kind, number = "wild_draw_four", 0
    elif word[1].isdigit():
        kind, number = "number", int(word[1])
    else:
        kind, number = kinds[word[1]], 0
    set_vars(s, {"colour_now": colour or word[0], "kind_now": kind, "number_now": number})
    return s


def picks(s: rulekit.State) -> set[str]:
    """The cards the decider may pick once it has started to play."""
    return {a[len("pick "):] for a in legal(s) if a.startswith("pick ")}
