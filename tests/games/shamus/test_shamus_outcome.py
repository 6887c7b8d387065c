"""Shamus: Senior and Junior (H7), the outcome and the score (H6, H7)."""

from shamus_helpers import (
    RAMI,
    UNO,
    deal,
    event_keys,
    events,
    gvar,
    hand,
    legal,
    meld,
    rami_discard,
    rendered,
    size,
    top,
    uno_play,
)

import rulekit
from rulekit.testing import set_vars

KINGS = ["K of spades", "K of hearts", "K of diamonds"]
QUEENS = ["Q of spades", "Q of hearts", "Q of diamonds"]


def senior_position(**kw) -> rulekit.State:
    """Uno holds two cards, Rami can lay 60 points (two sets of court cards) and keeps an Ace to
    discard: the Uno player's last card may then be anything (H4)."""
    s = deal({UNO: ["7 of spades", "9 of hearts"], RAMI: KINGS + QUEENS + ["A of clubs"]},
             discard=["7 of diamonds"], circle_top=["3 of hearts"], stock=["5 of clubs"], **kw)
    uno_play(s, "7 of spades")                      # Uno! and the 3 of hearts is turned
    s.apply("draw")                                 # the 5 of clubs
    meld(s, KINGS)
    meld(s, QUEENS)
    rami_discard(s, "A of clubs")
    return s


def test_senior_beaten_when_the_uno_hand_empties_with_fifty_points():
    """H7. "Shamus Senior is beaten when the Uno player's hand is empty and the Rami player has at
    least 50 meld points, before the last circle card has been turned." The book: "le donneur
    doit se défausser de toutes les cartes de sa main (comme au Uno) et son coéquipier doit
    obtenir un total minimum de 50 points en réalisant des combinaisons"."""
    s = senior_position()
    circle = size(s, "circle")
    assert not s.is_over and s.decider == UNO
    uno_play(s, "9 of hearts")                      # any card after the Rami's Ace
    assert s.is_over and s.outcome.reason == "senior"
    assert size(s, "circle") == circle              # ended before turning a circle card
    # score: 60 meld points minus the 5 of clubs left in the Rami hand (H6)
    assert s.outcome.scores == (55, 55)
    assert s.outcome.winners == (UNO, RAMI)         # cooperative: both win
    assert gvar(s, "outcome") == "senior"
    assert rendered(s, None)[-1] == "Game over: Shamus Senior is beaten."
    assert rendered(s, None, "fr")[-1] == "Fin de la partie : Shamus Senior est vaincu."


def test_senior_beaten_as_soon_as_the_melds_reach_fifty():
    """H7: the Uno hand is already empty; the game ends when either is beaten, so it ends as soon
    as the Rami player's melds reach 50 points, before the discard."""
    s = deal({UNO: ["7 of spades"], RAMI: KINGS + QUEENS + ["A of clubs"]},
             discard=["7 of diamonds"], circle_top=["3 of hearts"], stock=["5 of clubs"])
    uno_play(s, "7 of spades")
    assert size(s, ("hand", UNO)) == 0 and not s.is_over
    s.apply("draw")
    meld(s, KINGS)
    assert not s.is_over                            # 30 points
    meld(s, QUEENS)
    assert s.is_over and s.outcome.reason == "senior"
    assert s.outcome.scores == (60 - 20, 60 - 20)   # A of clubs (15) and 5 of clubs left


def test_senior_counts_when_both_are_beaten():
    """H7. "(Senior counts when both are)". The Uno hand is empty and the Rami player goes from 40
    to 100 meld points in one meld: both thresholds are passed and the outcome is senior. (Junior
    also needs an empty Rami hand after a discard; Senior is checked at every decision, so it is
    always seen first.)"""
    tens = ["10 of spades", "10 of hearts", "10 of diamonds"]
    s = deal({UNO: ["7 of diamonds", "9 of spades"],
              RAMI: tens + ["A of spades", "A of hearts", "9 of clubs"]},
             discard=["A of diamonds"], circle_top=["10 of clubs", "A of clubs"],
             stock=["5 of diamonds"])
    uno_play(s, "7 of diamonds")                    # turns the A of clubs
    s.apply("draw")
    meld(s, tens)                                   # 30 points
    rami_discard(s, "9 of clubs")
    uno_play(s, "9 of spades")                      # the Uno hand is empty; turns the 10 of clubs
    assert not s.is_over and size(s, ("hand", UNO)) == 0
    s.apply("take")
    s.apply("depth 6")                              # the whole pile, down to the A of diamonds
    s.apply("extend")                               # H5: the taken 10 is laid first: 40 points
    s.apply("pick 10 of clubs")
    s.apply(legal(s)[0])
    assert not s.is_over
    meld(s, ["A of spades", "A of hearts", "A of clubs", "A of diamonds"])   # 60 points
    assert s.is_over and s.outcome.reason == "senior"
    assert events(s, "melded")[-1]["points"] == 60
    assert s.outcome.winners == (UNO, RAMI)


def test_junior_beaten_when_the_rami_player_discards_the_last_card_with_a_hundred():
    """H7. "Shamus Junior is beaten when the Rami player has at least 100 meld points and
    discards their last card, before the last circle card has been turned." The book: "le
    joueur de Rami doit totaliser un minimum de 100 points et se défausser de toutes les cartes
    de sa main (sa dernière carte devant être jetée dans la pile de défausse)"."""
    jacks = ["J of spades", "J of hearts", "J of diamonds", "J of clubs"]
    queens = QUEENS + ["Q of clubs"]
    s = deal({UNO: ["7 of spades", "8 of spades", "3 of diamonds"],
              RAMI: KINGS + queens + jacks + ["9 of clubs"]},
             discard=["7 of diamonds"], circle_top=["K of clubs"])
    uno_play(s, "7 of spades")
    s.apply("take")
    s.apply("depth 1")
    for cards in (KINGS + ["K of clubs"], queens, jacks):
        meld(s, cards)
    assert not s.is_over and hand(s, RAMI) == {"9 of clubs": 1}
    rami_discard(s, "9 of clubs")
    assert s.is_over and s.outcome.reason == "junior"
    assert s.outcome.scores == (120, 120) and s.outcome.winners == (UNO, RAMI)
    assert rendered(s, None)[-1] == "Game over: Shamus Junior is beaten."


def test_an_empty_rami_hand_under_a_hundred_is_not_junior():
    """H7 Junior needs "at least 100 meld points": with 60 the game goes on."""
    s = deal({UNO: ["7 of spades", "8 of spades", "3 of diamonds"],
              RAMI: KINGS + QUEENS + ["9 of clubs"]},
             discard=["7 of diamonds"], circle_top=["K of clubs"])
    uno_play(s, "7 of spades")
    s.apply("take")
    s.apply("depth 1")
    meld(s, KINGS + ["K of clubs"])
    meld(s, QUEENS)
    rami_discard(s, "9 of clubs")
    assert not s.is_over and size(s, ("hand", RAMI)) == 0 and s.decider == UNO


def test_senior_impossible_once_the_uno_hand_outnumbers_the_circle():
    """H7. "Once the Uno player holds more cards than the circle has, Senior can no longer be
    beaten in that game." The book: "Si, à tout moment, le nombre de cartes que le joueur de Uno
    a en main dépasse le nombre de cartes du cercle de Shamus, Shamus Senior ne pourra plus être
    vaincu ; il faudra donc tenter de battre Shamus Junior." """
    s = deal({UNO: ["7 of spades", "9 of hearts"], RAMI: ["2 of clubs", "5 of spades"]},
             discard=["7 of diamonds"], circle=["10 of hearts", "3 of hearts"])
    uno_play(s, "7 of spades")                      # 1 card, 1 circle card: still possible
    assert gvar(s, "senior_lost") is False
    s.apply("draw")
    rami_discard(s, "2 of clubs")                   # the Uno player draws 2: 3 > 1
    assert gvar(s, "senior_lost") is True
    assert "senior_impossible" in event_keys(s)
    assert ("Joueur 0 a plus de cartes en main que le cercle : Shamus Senior ne pourra plus "
            "être vaincu.") in rendered(s, RAMI, "fr")


def test_drawing_until_playable_can_put_senior_out_of_reach():
    """H7 "at any time": drawing one card too many is enough."""
    s = deal({UNO: ["9 of clubs"]}, discard=["7 of hearts"],
             circle=["10 of hearts"], stock=["8 of hearts", "5 of clubs"])
    assert gvar(s, "senior_lost") is False
    s.apply("draw")                                 # 2 cards, 1 circle card
    assert gvar(s, "senior_lost") is True
    assert event_keys(s).count("senior_impossible") == 1
    s.apply("draw")
    assert event_keys(s).count("senior_impossible") == 1      # said once


def test_out_of_reach_senior_stays_lost():
    """H7 "in that game": with Senior out of reach, an empty Uno hand and 60 meld points do not
    beat it; the game goes on towards Junior."""
    s = senior_position()
    set_vars(s, {"senior_lost": True})
    uno_play(s, "9 of hearts")
    assert not s.is_over and size(s, ("hand", UNO)) == 0
    assert top(s) != "9 of hearts"                  # the circle card was turned


def test_lost_game_score_subtracts_the_rami_hand_with_aces_at_fifteen():
    """H6. "At the end the points of the cards left in the Rami player's hand are subtracted (an
    Ace in hand counts 15)." H7: the last circle card ends the game lost; nobody wins. The book:
    "Lors du décompte, le joueur de Rami doit soustraire tous les points qui lui restent en main
    à la fin de la partie." """
    s = deal({UNO: ["7 of spades", "8 of hearts"],
              RAMI: KINGS + ["A of clubs", "10 of clubs", "5 of clubs"]},
             discard=["7 of diamonds"], circle=["6 of hearts", "3 of hearts"],
             stock=["8 of spades"])
    uno_play(s, "7 of spades")
    s.apply("draw")
    meld(s, KINGS)                                  # 30
    rami_discard(s, "8 of spades")
    uno_play(s, "8 of hearts")                      # and turns the last circle card
    assert s.is_over and s.outcome.reason == "lost"
    assert s.outcome.scores == (30 - 30, 30 - 30)   # A 15 + 10 + 5 in hand
    assert s.outcome.winners == ()
    assert rulekit.observation(s, None)["outcome"]["reason"] == "lost"
    assert events(s, "circle_empty") == [{}]
