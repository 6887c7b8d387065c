"""UNO: what a draw tells the table, and the worlds search bots deal themselves from it (issue 29:
bots model each opponent from what the table saw). "If you cannot play, draw one card; if it can
be played you may play it at once, otherwise the turn passes": a player who drew held nothing
playable on the card in play (no card of its colour, its number or symbol, no wild), and keeps
nothing playable unless they chose to keep the card drawn."""

from __future__ import annotations

import random

import pytest
from game_helpers import random_positions
from uno_helpers import game, hand, legal, position

import rulekit
from rulekit.bots.beliefs import Dealer
from rulekit.testing import set_vars

KINDS = {"skip": "skip", "reverse": "reverse", "draw two": "draw_two"}


def card_terms(label: str) -> tuple[str, str, int]:
    """A card's colour, kind and number ('none' for a wild's colour)."""
    if label.startswith("wild"):
        return "none", "wild" if label == "wild" else "wild_draw_four", 0
    colour, rest = label.split(" ", 1)
    return (colour, "number", int(rest)) if rest.isdigit() else (colour, KINDS[rest], 0)


def ruled_out(label: str, drawn_on: tuple[str, str, int]) -> bool:
    """Whether a draw on (colour, kind, number) rules the card out: a wild of either kind, the
    colour, or the number or symbol."""
    colour, kind, number = card_terms(label)
    on_colour, on_kind, on_number = drawn_on
    return colour in ("none", on_colour) or (kind == on_kind and (kind != "number"
                                                                   or number == on_number))


def drawn_on(s: rulekit.State, seat: int, looker: int) -> tuple[str, str, int] | None:
    """The colour, kind and number `seat` drew on, as `looker` sees them (None: nothing)."""
    v = rulekit.observation(s, looker)["seats"][seat]["vars"]
    return (v["missed_colour"], v["missed_kind"], v["missed_number"]) if v["missed"] else None


def test_the_table_sees_what_a_draw_ruled_out():
    """"If you cannot play, draw one card ... otherwise the turn passes": the draw on the red 3
    is seen by everyone. Keeping a playable card drawn, or a Draw Two's two cards, clears it."""
    s = position(3, {0: ["blue 5", "green 6"], 1: ["yellow 1"]}, "red 3", stock=["green 9"])
    assert drawn_on(s, 0, 1) is None
    s.apply("draw")  # the green 9 does not play: the turn passes
    assert s.decider == 1
    assert drawn_on(s, 0, 1) == ("red", "number", 3) == drawn_on(s, 0, 2)
    assert not any(ruled_out(c, ("red", "number", 3)) for c in hand(s, 0))
    kept = position(3, {0: ["blue 5"]}, "red 3", stock=["red 9"])
    kept.apply("draw")
    kept.apply("pass")  # "you may keep it": the red 9 plays on the red 3
    assert drawn_on(kept, 0, 1) is None
    hit = position(3, {0: ["red draw two", "red 1"], 1: ["blue 1"]}, "red 3",
                   stock=["green 4", "green 5"])
    set_vars(hit, {("missed", 1): True, ("missed_colour", 1): "yellow",
                   ("missed_kind", 1): "number", ("missed_number", 1): 7})
    assert drawn_on(hit, 1, 0) == ("yellow", "number", 7)
    for a in ("play", "pick red draw two"):
        hit.apply(a)
    assert drawn_on(hit, 1, 0) is None


@pytest.mark.parametrize("players", [2, 4])
def test_a_hand_never_holds_a_card_its_draw_ruled_out(players):
    """What the bots assume is a fact of the rules: all along random games, no hand but the
    deciding one's holds a card its last draw ruled out."""
    checked = 0
    for s in random_positions(game(), players, 15):
        for q in range(players):
            seen = drawn_on(s, q, q)
            if q == s.decider or seen is None:
                continue
            checked += 1
            assert not any(ruled_out(c, seen) for c in hand(s, q)), (q, seen)
    assert checked > 200


def test_a_voluntary_draw_tells_nothing():
    """voluntary_draw: "You may choose not to play a playable card from your hand. If so, you
    must draw": a draw says nothing of the hand, and nothing is recorded."""
    s = position(3, {0: ["red 5", "green 6"], 1: ["yellow 1"]}, "red 3", stock=["green 9"],
                 variant="voluntary_draw")
    s.apply("draw")
    assert drawn_on(s, 0, 1) is None


def test_the_worlds_keep_to_what_the_draw_told():
    """Every world seat 1 deals itself gives seat 0 a hand its draw allows (no red, no 3, no
    wild); dealt uniformly, many would not."""
    s = position(2, {0: ["blue 5", "green 6", "yellow 8", "blue skip", "green 1"],
                     1: ["yellow 1", "blue 2"]}, "red 3", stock=["green 9"])
    s.apply("draw")
    assert s.decider == 1
    rule = ("red", "number", 3)
    dealer = Dealer(s, 1)
    rng = random.Random(1)
    seen = rulekit.observation(s, 1)
    worlds = [dealer.deal(rng) for _ in range(60)]
    assert all(rulekit.observation(w, 1) == seen for w in worlds)
    assert all(not ruled_out(c, rule) for w in worlds for c in hand(w, 0))
    assert len({tuple(sorted(hand(w, 0).elements())) for w in worlds}) > 30
    uniform = [rulekit.resample(s, 1, k) for k in range(60)]
    assert sum(any(ruled_out(c, rule) for c in hand(w, 0)) for w in uniform) > 20
    assert legal(s)  # seat 1 still has its decision to make
