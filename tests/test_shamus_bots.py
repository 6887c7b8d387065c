"""Shamus: the bots' hint (issue 29). The estimate is on the scale of a finished game's result, and
it keeps an Ace for the Uno player's last card: the Rami player's Ace frees the last play (H4)."""

import random

import pytest
from shamus_helpers import RAMI, UNO, deal, game, hand, legal, players_of, uno_play

from rulekit.bots import make_bot
from rulekit.bots.playout import final_values

VARIANTS = (None, "advanced", "expert", "four-players")


def ace_position():
    """The Rami player's discard, the Uno player holding one card (the K of clubs) that nothing
    in the Rami hand matches but the A of hearts; nothing in the Rami hand melds."""
    s = deal({UNO: ["5 of spades", "K of clubs"],
              RAMI: ["A of hearts", "7 of diamonds", "9 of spades", "J of spades", "3 of hearts",
                     "Q of diamonds"]},
             discard=["5 of hearts"], circle_top=["6 of diamonds"], stock=["6 of hearts"])
    uno_play(s, "5 of spades")
    s.apply("draw")
    assert s.decider == RAMI and legal(s) == ["discard"]
    return s


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_estimate_lies_between_a_loss_and_a_win(variant):
    """A game cut before its end is scored between a lost game's result and a won one's (the
    search compares the two), in every variant, all along games of random bots."""
    g = game(variant)
    n = players_of(variant)
    lost_or_won = set()
    for seed in range(4):
        s = g.new_state(n, seed)
        bots = [make_bot("random", g, p, seed) for p in range(n)]
        while not s.over:
            for p in range(n):
                assert 0.13 <= g.hints.evaluation(s, p) <= 0.88
            s.apply(bots[s.decider].choose(s))
        lost_or_won.add(final_values(s)[0])
    assert lost_or_won <= {0.125, 0.875}


def test_the_ace_goes_to_the_uno_players_last_card():
    """With one card left in the Uno hand, the Rami player's Ace (any card may then be played,
    H4) is worth more than any other discard, which the Uno player could not match."""
    s = ace_position()
    g = s.game
    values = {}
    for label in hand(s, RAMI):
        t = s.clone()
        t.apply("discard")
        t.apply(f"pick {label}")
        values[label] = g.hints.evaluation(t, RAMI)
    best = values.pop("A of hearts")
    assert all(best > v for v in values.values()), (best, values)


def test_an_ace_is_kept_while_the_uno_hand_is_long():
    """With four cards still in the Uno hand, an Ace kept for the last card is worth more than
    the free play it would give now (a simulation of the Uno turns: one Ace kept for the last
    card doubles the chance that the hand empties in time)."""
    s = deal({UNO: ["5 of spades", "K of clubs", "8 of clubs", "10 of diamonds", "J of clubs"],
              RAMI: ["A of hearts", "7 of diamonds", "9 of spades", "J of spades", "3 of hearts",
                     "Q of diamonds"]},
             discard=["5 of hearts"], circle_top=["6 of diamonds"], stock=["6 of hearts"])
    uno_play(s, "5 of spades")
    s.apply("draw")
    g = s.game
    after = {}
    for label in ("A of hearts", "Q of diamonds"):  # the Uno hand holds a diamond
        t = s.clone()
        t.apply("discard")
        t.apply(f"pick {label}")
        after[label] = g.hints.evaluation(t, RAMI)
    assert after["Q of diamonds"] > after["A of hearts"]


@pytest.mark.parametrize("seed", range(3))
def test_a_searching_rami_player_gives_the_ace(seed):
    """The greedy bot (one step of look-ahead, scored by the hint) discards the Ace there, in
    worlds where the Uno player's last card is unknown to it."""
    s = ace_position()
    bot = make_bot("greedy", s.game, RAMI, seed)
    s.apply(bot.choose(s))
    assert str(bot.choose(s)) == "pick A of hearts"


def test_partners_share_one_estimate():
    """Partners share one estimate (a cooperative game): the same number for either seat."""
    g = game()
    rng = random.Random(5)
    s = g.new_state(2, 5)
    while not s.over:
        assert g.hints.evaluation(s, 0) == g.hints.evaluation(s, 1)
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
