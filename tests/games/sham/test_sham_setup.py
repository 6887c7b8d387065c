"""SHAM: the deck, the deal, who leads, and the number of players."""

from collections import Counter

import pytest
from sham_helpers import COLOURS, WILDCARDS, all_labels, game, legal, pending, size

import rulekit
from rulekit.testing import labels


def expected_deck() -> Counter:
    """S1 spelled out independently of the ruleset."""
    deck = Counter()
    for colour in COLOURS:
        for value, count in ((1, 6), (2, 5), (3, 4), (4, 3)):
            deck[f"{colour} {value}"] = count
    for wild in WILDCARDS:
        deck[wild] = 2
    return deck


def test_deck_is_eighty_cards_as_read():
    """S1. "Deck: 4 colours (red, blue, purple, yellow); per colour 6 ones, 5 twos, 4 threes,
    3 fours (72 cards); 8 wildcards, 2 of each: Overflow, Swap Hands, Going Down, From the
    Grave. 80 cards." """
    deck = expected_deck()
    assert sum(deck.values()) == 80
    s = game().new_state(3, seed=0)
    assert all_labels(s) == deck


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_deal_seven_each_rest_is_the_draw_pile(n):
    """Set Up: "Shuffle and deal 7 cards to each player, face down. Place the remaining cards
    face down in the middle, forming a Draw Pile." """
    for seed in range(5):
        s = game().new_state(n, seed=seed)
        for p in range(n):
            assert size(s, ("hand", p)) == 7
            assert size(s, ("played", p)) == 0
            assert size(s, ("winnings", p)) == 0
        assert size(s, "draw") == 80 - 7 * n
        assert size(s, "discard") == 0
        assert all_labels(s) == expected_deck()


def test_deal_is_a_shuffle_driven_by_the_seed():
    """Set Up: "Shuffle and deal". The same seed deals the same game; seeds differ."""
    g = game()
    hands = {seed: tuple(labels(g.new_state(4, seed=seed), ("hand", 0))) for seed in range(10)}
    assert len(set(hands.values())) > 1
    again = g.new_state(4, seed=3)
    assert tuple(labels(again, ("hand", 0))) == hands[3]
    assert labels(again, "draw") == labels(g.new_state(4, seed=3), "draw")


def test_hands_are_secret():
    """Set Up: "Players may look at their own cards but must keep them secret." A seat sees
    its own hand and only the size of the others' hands and of the draw pile."""
    s = game().new_state(4, seed=11)
    for seat in range(4):
        obs = rulekit.observation(s, seat)
        for p, view in enumerate(obs["seats"]):
            h = view["zones"]["hand"]
            assert h["count"] == 7
            if p == seat:
                assert Counter(h["cards"]) == Counter(labels(s, ("hand", p)))
            else:
                assert h["cards"] == []
        assert obs["table"]["draw"] == {"count": 80 - 28, "cards": []}


@pytest.mark.parametrize("n", [3, 5, 7])
def test_seat_zero_leads_the_first_round(n):
    """S2. "Seat 0 ("the youngest") leads the first round." S7: "only the first leader of a round
    must place" ("Begin the round by placing any number of cards"), so passing is not offered."""
    for seed in range(5):
        s = game().new_state(n, seed=seed)
        assert s.decider == 0
        assert pending(s) is None
        assert "place" in legal(s)
        assert "pass" not in legal(s)
        obs = rulekit.observation(s, 1)
        assert obs["vars"]["leader"] == 0
        assert obs["vars"]["claim_total"] == 0
        assert all(view["vars"]["in_round"] for view in obs["seats"])


@pytest.mark.parametrize("n", [0, 1, 2, 8, 9, 20])
def test_player_count_outside_three_to_seven_is_refused(n):
    """Box: "3-7" players."""
    with pytest.raises(rulekit.UsageError):
        game().new_state(n, seed=0)


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_player_count_three_to_seven_is_accepted(n):
    """Box: "3-7" players."""
    s = game().new_state(n, seed=0)
    assert s.n == n
    assert not s.is_over
