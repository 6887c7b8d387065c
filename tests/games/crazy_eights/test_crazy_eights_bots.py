"""Crazy Eights: what a draw tells the table, and the worlds search bots deal themselves from it
(issue 29: bots model each opponent from what the table saw). CE7: "A player who cannot play
draws cards from the stock, one at a time, until they draw a card they can play, and then plays
it"; CR7: nobody draws while holding a playable card. So a player who drew held no card of the
suit to follow, of the top card's rank, or eight, and keeps none of those drawn before the last."""

from __future__ import annotations

import random

import pytest
from game_helpers import hand, legal, random_positions
from test_crazy_eights import game, position

import rulekit
from rulekit.bots.beliefs import Dealer
from rulekit.testing import set_vars

SEVEN = ["king of spades", "4 of diamonds", "6 of spades", "jack of clubs", "ace of diamonds",
         "10 of clubs", "3 of diamonds"]


RANKS = {"ace": 1, "jack": 11, "queen": 12, "king": 13}


def ruled_out(card: str, suit: str, rank: int) -> bool:
    """Whether a draw on `rank` with `suit` to follow rules the card out: an eight, the suit or
    the rank."""
    r, s = card.split(" of ")
    n = RANKS.get(r) or int(r)
    return n == 8 or s == suit or n == rank


def drawn_on(s: rulekit.State, seat: int, looker: int) -> tuple[str, int] | None:
    """The suit and rank `seat` drew on, as `looker`'s observation shows them (None: nothing)."""
    v = rulekit.observation(s, looker)["seats"][seat]["vars"]
    return None if v["missed_rank"] == 0 else (v["missed_suit"], v["missed_rank"])


def drawn_position() -> rulekit.State:
    """Two players: seat 0 held nothing on the 9 of hearts, drew until it could play, and
    played; seat 1 to play."""
    s = position(2, {0: ["5 of clubs", "queen of diamonds"], 1: SEVEN}, "9 of hearts")
    assert legal(s) == ["draw"]
    s.apply("draw")
    s.apply("play")
    s.apply(next(a for a in legal(s) if a.startswith("pick ")))
    if s.decider == 0:  # an eight drawn and played: a suit to name
        s.apply(legal(s)[0])
    assert s.decider == 1
    return s


def test_the_table_sees_what_a_draw_ruled_out():
    """CE7: the draw is seen by everyone; the record is cleared when the hand next takes a card
    the table cannot judge (CE11: a two's two cards)."""
    s = position(2, {0: ["5 of clubs", "queen of diamonds"], 1: SEVEN}, "9 of hearts")
    assert drawn_on(s, 0, 1) is None
    s = drawn_position()
    assert drawn_on(s, 0, 1) == ("hearts", 9) == drawn_on(s, 0, 0)
    assert all(not ruled_out(c, "hearts", 9) for c in hand(s, 0))
    t = position(3, {0: ["2 of hearts", "5 of clubs"], 1: ["7 of spades"]}, "9 of hearts",
                 variant="reverse")
    set_vars(t, {("missed_suit", 1): "diamonds", ("missed_rank", 1): 4})  # seat 1 drew on a 4
    assert drawn_on(t, 1, 0) == ("diamonds", 4)
    t.apply("play")
    t.apply("pick 2 of hearts")  # CE11: seat 1 draws two, unseen
    assert drawn_on(t, 1, 0) is None


@pytest.mark.parametrize(("variant", "players"), [(None, 2), (None, 4), ("reverse", 3)])
def test_a_hand_never_holds_a_card_its_draw_ruled_out(variant, players):
    """What the bots assume is a fact of the rules: all along random games, no hand but the one
    deciding (which may hold the card it drew to play) holds a card its last draw ruled out."""
    checked = 0
    for s in random_positions(game(variant), players, 20):
        for q in range(players):
            seen = drawn_on(s, q, q)
            if q == s.decider or seen is None:
                continue
            checked += 1
            suit, rank = seen
            assert not any(ruled_out(c, suit, rank) for c in hand(s, q)), (q, seen, hand(s, q))
    assert checked > 200


def test_the_worlds_keep_to_what_the_draw_told():
    """Every world seat 1 deals itself gives seat 0 a hand its draw allows (no heart, no 9, no
    eight); dealt uniformly, many would not."""
    s = drawn_position()
    dealer = Dealer(s, 1)
    rng = random.Random(1)
    seen = rulekit.observation(s, 1)
    worlds = [dealer.deal(rng) for _ in range(60)]
    assert all(rulekit.observation(w, 1) == seen for w in worlds)
    assert all(not ruled_out(c, "hearts", 9) for w in worlds for c in hand(w, 0))
    assert len({tuple(sorted(hand(w, 0).elements())) for w in worlds}) > 30  # still dealt at random
    uniform = [rulekit.resample(s, 1, k) for k in range(60)]
    assert sum(any(ruled_out(c, "hearts", 9) for c in hand(w, 0)) for w in uniform) > 20
    # a seat that reads no hints (beliefs off) deals them uniformly
    plain = Dealer(s, 1, beliefs=False)
    assert any(any(ruled_out(c, "hearts", 9) for c in hand(plain.deal(rng), 0))
               for _ in range(20))


def test_the_worlds_do_not_depend_on_the_real_hand():
    """No peeking: two real hands of seat 0 that seat 1 cannot tell apart give the same
    worlds."""
    s = drawn_position()
    other = Dealer(s, 1).deal(random.Random(5))
    assert hand(other, 0) != hand(s, 0)
    keys = [[w.key() for w in (Dealer(t, 1).deal(random.Random(9)) for _ in range(20))]
            for t in (s, other)]
    assert keys[0] == keys[1]
