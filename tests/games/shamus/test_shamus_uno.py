"""Shamus: the deck, the setup and the opening card (H1-H3), the Uno player's turn (H4) and the
circle of Shamus."""

from collections import Counter

import pytest
from shamus_helpers import (
    RAMI,
    SUITS,
    UNO,
    all_labels,
    card,
    deal,
    event_keys,
    events,
    game,
    gvar,
    hand,
    legal,
    opening_rank,
    picks,
    rami_discard,
    rendered,
    seed_opening,
    size,
    top,
    uno_play,
)

import rulekit
from rulekit.testing import labels

# ---- H1: the deck ----------------------------------------------------------------------------


def test_deck_is_fifty_two_cards():
    """H1. "52 cards, suits spades, hearts, diamonds, clubs; ranks A, 2..10, J, Q, K." The book:
    "Un jeu de 52 cartes (sans Joker)"."""
    expected = Counter(card(r, s) for s in SUITS for r in range(1, 14))
    assert sum(expected.values()) == 52 and all(v == 1 for v in expected.values())
    assert all_labels(game().new_state(2, seed=0)) == expected


def test_card_names_in_both_languages():
    """The book's words for the cards: "As – 2 – ... – 10 – Valet – Dame – Roi"."""
    g = game()
    fr = {g.card_label(c, "fr") for c in range(52)}
    en = {g.card_label(c, "en") for c in range(52)}
    assert {"As de pique", "Valet de cœur", "Dame de carreau", "Roi de trèfle",
            "10 de cœur"} <= fr
    assert {"A of spades", "J of hearts", "Q of diamonds", "K of clubs", "10 of hearts"} <= en


# ---- H2/H3: setup ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_setup_deals_six_each_a_circle_of_ten_and_turns_one(seed):
    """H3. "deal 6 each; 10 cards face down form the circle; the next card is turned up to
    start the discard pile; the rest is the stock." The book: "le donneur distribue 6 cartes,
    une par une, à chaque joueur ... 10 cartes en rond, face cachée"."""
    s = game().new_state(2, seed=seed)
    owes = opening_rank(seed) if opening_rank(seed) in (2, 4) else 0
    assert size(s, ("hand", UNO)) == 6 + owes and size(s, ("hand", RAMI)) == 6
    assert size(s, "circle") == 10 and size(s, "discard") == 1
    assert size(s, "stock") == 52 - 12 - 10 - 1 - owes
    for seat in (None, UNO, RAMI):
        obs = rulekit.observation(s, seat)
        assert obs["table"]["circle"] == {"count": 10, "cards": []}       # face down
        assert obs["table"]["discard"]["cards"] == labels(s, "discard")   # face up
        assert obs["table"]["stock"]["cards"] == []


def test_dealer_is_the_uno_player_and_begins():
    """H2. "seat 0 is the dealer and the Uno player; seat 1 is the Rami player." The book: "Le
    joueur de Uno : C'est le donneur et c'est lui qui commence." """
    s = game().new_state(2, seed=seed_opening("plain"))
    assert s.decider == UNO and rulekit.observation(s, None)["phase"] == "uno"
    assert legal(s) in (["play"], ["draw"])


@pytest.mark.parametrize("rank", [2, 4])
def test_opening_two_or_four_makes_the_uno_player_draw_and_skip(rank):
    """H3. "If the turned card is a 2 or a 4, the Uno player draws that many and skips their
    first turn (no circle card is turned)." The book: "le joueur qui commence doit piocher le
    nombre de cartes correspondant (2 ou 4) et passer son tour, c'est-à-dire qu'il ne touche pas
    aux cartes du cercle de Shamus"."""
    s = game().new_state(2, seed=seed_opening(str(rank)))
    assert size(s, ("hand", UNO)) == 6 + rank
    assert size(s, "circle") == 10 and size(s, "discard") == 1
    assert s.decider == RAMI and rulekit.observation(s, None)["phase"] == "rami"
    [paid] = events(s, "pays_penalty", UNO)  # told to the drawer alone
    assert paid["player"] == ("player", UNO) and paid["n"] == rank
    assert len(paid["cards"][1]) == rank  # the drawer is told which (issue 31)
    assert gvar(s, "uno_owes") == 0


# ---- H4: matching ----------------------------------------------------------------------------

CIRCLE = [card(r, s) for s in ("hearts", "clubs") for r in (10, 11, 12, 13)] + [
    "Q of spades", "K of spades"]                                   # top = K of spades
HAND = ["7 of spades", "2 of hearts", "9 of clubs", "K of diamonds", "A of clubs"]


def test_match_by_rank_or_suit_or_an_ace():
    """H4. "they discard a card matching the rank or the suit of the top discard, or an Ace
    (playable on anything)". The book: "une carte de même valeur ou de même couleur que la
    première carte de la pile de défausse"; "les As ... peuvent être joués sur n'importe quelle
    carte"."""
    s = deal({UNO: HAND}, discard=["7 of hearts"])
    assert picks(s, "play") == {"7 of spades", "2 of hearts", "A of clubs"}
    s = deal({UNO: HAND}, discard=["5 of clubs"])
    assert picks(s, "play") == {"9 of clubs", "A of clubs"}
    s = deal({UNO: HAND}, discard=["K of spades"])
    assert picks(s, "play") == {"7 of spades", "K of diamonds", "A of clubs"}


def test_a_card_that_does_not_match_is_refused():
    """H4: only a matching card may be discarded."""
    s = deal({UNO: HAND}, discard=["7 of hearts"])
    s.apply("play")
    with pytest.raises(rulekit.IllegalActionError):
        s.apply("pick 9 of clubs")


def test_after_the_rami_players_ace_anything_goes():
    """H4. "after the Rami player discarded an Ace, any card may be played." The book: "les As
    ... lui permettent de choisir la couleur à jouer s'ils sont jetés par son coéquipier"."""
    s = deal({UNO: HAND + ["3 of hearts"], RAMI: ["A of diamonds", "5 of spades"]},
             discard=["3 of diamonds"])
    uno_play(s, "3 of hearts")
    s.apply("draw")
    rami_discard(s, "A of diamonds")
    assert s.decider == UNO and gvar(s, "free_play") is True
    assert picks(s, "play") == set(HAND)
    uno_play(s, "9 of clubs")                       # neither the Ace's rank nor its suit
    assert gvar(s, "free_play") is False


def test_an_ace_without_power_must_be_matched():
    """H4: an Ace is free only "after the Rami player discarded an Ace"; the book: "ils n'ont
    aucun pouvoir lorsqu'ils sont jetés depuis le cercle de Shamus". The turned opening Ace is
    matched like any card."""
    s = deal({UNO: HAND}, discard=["A of spades"])
    assert gvar(s, "free_play") is False
    assert picks(s, "play") == {"7 of spades", "A of clubs"}


def test_a_circle_ace_gives_no_free_play():
    """The book: Aces "n'ont aucun pouvoir lorsqu'ils sont jetés depuis le cercle de Shamus":
    after a circle Ace and the Rami player's plain discard, the Uno player matches that discard."""
    s = deal({UNO: HAND + ["3 of hearts"], RAMI: ["8 of diamonds", "5 of spades"]},
             discard=["3 of diamonds"], circle=CIRCLE[:-1] + ["A of hearts"])
    uno_play(s, "3 of hearts")
    assert top(s) == "A of hearts"                  # turned from the circle
    s.apply("draw")
    rami_discard(s, "8 of diamonds")
    assert gvar(s, "free_play") is False
    assert picks(s, "play") == {"K of diamonds", "A of clubs"}


def test_the_uno_players_own_ace_goes_under_the_circle_card():
    """H4: an Ace "playable on anything"; then "they turn the last-laid circle card face up onto
    the discard pile"."""
    s = deal({UNO: HAND}, discard=["6 of hearts"])
    uno_play(s, "A of clubs")
    assert labels(s, "discard")[-2] == "A of clubs"
    assert size(s, "circle") == 9 and s.decider == RAMI


# ---- H4: drawing until playable --------------------------------------------------------------


def test_draw_one_at_a_time_until_playable_then_play():
    """H4. "With no playable card they draw one at a time until they can play, then play." The
    book: "Si aucune correspondance n'est possible – et seulement dans ce cas –, il doit tirer
    des cartes de la pioche jusqu'à ce qu'il puisse jouer"."""
    stock = ["8 of hearts", "10 of spades", "3 of diamonds"]          # top last
    s = deal({UNO: ["9 of clubs", "K of diamonds"]}, discard=["7 of hearts"], stock=stock)
    assert legal(s) == ["draw"]                     # nothing matches: draw, nothing else
    s.apply("draw")
    assert "3 of diamonds" in hand(s, UNO) and legal(s) == ["draw"]
    s.apply("draw")
    assert legal(s) == ["draw"]
    s.apply("draw")
    assert legal(s) == ["play"] and s.decider == UNO
    assert picks(s, "play") == {"8 of hearts"}
    uno_play(s, "8 of hearts")
    assert s.decider == RAMI and size(s, ("hand", UNO)) == 4


def test_no_draw_while_a_card_matches():
    """The book: "et seulement dans ce cas": drawing is refused when a card can be played."""
    s = deal({UNO: HAND}, discard=["7 of hearts"])
    assert legal(s) == ["play"]
    with pytest.raises(rulekit.IllegalActionError):
        s.apply("draw")


def test_drawn_card_is_seen_by_its_drawer_only():
    """H4 draws are private: the Rami player reads that a card was drawn, not which."""
    s = deal({UNO: ["9 of clubs"]}, discard=["7 of hearts"], stock=["8 of hearts"])
    start = len(rulekit.events_for(s, None))
    s.apply("draw")
    assert rendered(s, UNO, "en", start) == ["Player 0 draws the 8 of hearts."]
    assert rendered(s, RAMI, "en", start) == ["Player 0 draws a card."]
    assert rendered(s, RAMI, "fr", start) == ["Joueur 0 pioche une carte."]


# ---- H4 / the circle of Shamus ---------------------------------------------------------------



def test_circle_turns_its_last_laid_card_after_each_uno_discard():
    """H4. "Then they turn the last-laid circle card face up onto the discard pile." The book:
    "une carte du cercle de Shamus est prise (dans le sens antihoraire, c'est-à-dire en
    commençant par la dernière carte du cercle ayant été posée) et placée, face visible, sur la
    pile de défausse"."""
    s = deal({UNO: HAND}, discard=["7 of hearts"], circle=CIRCLE)
    uno_play(s, "2 of hearts")
    assert labels(s, "discard")[-2:] == ["2 of hearts", "K of spades"]
    assert labels(s, "circle") == CIRCLE[:-1]
    obs = rulekit.observation(s, RAMI)
    assert obs["table"]["circle"] == {"count": 9, "cards": []}
    assert obs["table"]["discard"]["cards"][-1] == "K of spades"
    assert events(s, "circle_turned")[-1] == {
        "player": ("player", UNO), "card": ("card", "K of spades"), "left": 9}
    # the customary announcement: cards in hand, circle cards, meld points
    assert events(s, "announce")[-1] == {"player": ("player", UNO), "hand": 4, "circle": 9,
                                         "points": 0}


def test_uno_announced_when_one_card_is_left():
    """H4. ""Uno!" is announced (an event in the log) whenever the Uno player is left with one
    card." The book: "lorsqu'il ne lui reste qu'une carte en main, il doit avertir son coéquipier
    en annonçant « Uno ! »"."""
    s = deal({UNO: ["7 of spades", "9 of hearts"]}, discard=["7 of hearts"])
    uno_play(s, "9 of hearts")
    assert events(s, "uno") == [{"player": ("player", UNO)}]
    assert "Player 0: Uno!" in rendered(s, RAMI)
    assert "Joueur 0 : « Uno ! »" in rendered(s, RAMI, "fr")


def test_no_uno_with_more_cards_left():
    s = deal({UNO: HAND}, discard=["7 of hearts"])
    uno_play(s, "7 of spades")
    assert events(s, "uno") == []


def test_empty_handed_uno_player_still_turns_a_circle_card():
    """H4. "A Uno player with an empty hand skips the discard but still turns a circle card." """
    s = deal({UNO: ["7 of spades"], RAMI: ["5 of clubs", "6 of diamonds"]},
             discard=["7 of hearts"], circle=CIRCLE)
    uno_play(s, "7 of spades")
    assert size(s, ("hand", UNO)) == 0 and size(s, "circle") == 9
    s.apply("draw")
    rami_discard(s, "6 of diamonds")
    # no decision for the Uno player: the circle card is turned and the Rami player plays
    assert s.decider == RAMI and size(s, "circle") == 8
    assert top(s) == "Q of spades" and events(s, "empty_hand") == [{"player": ("player", UNO)}]


# ---- H4: penalties ---------------------------------------------------------------------------


@pytest.mark.parametrize("rank", [2, 4])
def test_rami_two_or_four_makes_the_uno_player_draw_and_skip(rank):
    """H4. "if the Rami player's last discard was a 2 or a 4 not yet paid, the Uno player draws
    that many and skips the turn (no circle card is turned)." The book: "S'il jette un 2 ou un 4,
    son coéquipier devra piocher le nombre de cartes correspondant et passer son tour, sans
    toucher aux cartes du cercle de Shamus." """
    penalty = card(rank, "clubs")
    s = deal({UNO: HAND, RAMI: [penalty, "5 of spades"]}, discard=["7 of hearts"],
             circle=CIRCLE)
    uno_play(s, "7 of spades")
    s.apply("draw")
    circle = labels(s, "circle")
    before = size(s, ("hand", UNO))
    rami_discard(s, penalty)
    assert size(s, ("hand", UNO)) == before + rank
    assert labels(s, "circle") == circle and top(s) == penalty     # circle untouched
    assert s.decider == RAMI                                         # the Uno turn is skipped
    paid = events(s, "pays_penalty", UNO)[-1]
    assert paid["player"] == ("player", UNO) and paid["n"] == rank
    assert gvar(s, "uno_owes") == 0
    assert rendered(s, None)[-3:-1] == [
        f"Player 0 draws {rank} cards and skips the turn.",
        "Player 0 does not touch the circle of Shamus."]


@pytest.mark.parametrize("rank", [2, 4])
def test_circle_two_or_four_makes_the_rami_player_draw_then_play(rank):
    """H4. "a 2 or a 4 turned this way makes the Rami player draw that many at the start of
    their next turn (they then play normally)." The book: "Si c'est un 2 ou un 4, son coéquipier
    doit récupérer dans la pioche le nombre de cartes correspondant avant de jouer (c'est la
    colère de Shamus)." """
    circle = CIRCLE[:-1] + [card(rank, "diamonds")]
    s = deal({UNO: HAND}, discard=["7 of hearts"], circle=circle)
    rami = size(s, ("hand", RAMI))
    uno_play(s, "7 of spades")
    assert s.decider == RAMI and size(s, ("hand", RAMI)) == rami + rank
    assert events(s, "shamus_wrath") == [{"player": ("player", RAMI), "n": rank}]
    assert "draw" in legal(s)                        # then the turn as usual
    assert f"Shamus's wrath: Player 1 draws {rank} cards." in rendered(s, UNO)


@pytest.mark.parametrize("rank", [2, 4])
def test_uno_players_two_or_four_has_no_effect(rank):
    """H4. "A 2 or a 4 discarded by the Uno player has no effect." The book: "cela n'a aucun
    effet, ni sur le cercle de Shamus, ni sur le joueur de Rami"."""
    penalty = card(rank, "hearts")
    s = deal({UNO: [penalty, "9 of clubs"]}, discard=["7 of hearts"], circle=CIRCLE)
    rami = size(s, ("hand", RAMI))
    uno_play(s, penalty)
    assert size(s, ("hand", RAMI)) == rami and size(s, "circle") == 9
    assert gvar(s, "rami_owes") == 0 and gvar(s, "uno_owes") == 0
    assert events(s, "shamus_wrath") == []


def test_penalty_is_paid_once():
    """H4 "not yet paid": after the skipped turn the Uno player plays normally again."""
    s = deal({UNO: HAND, RAMI: ["2 of clubs", "9 of spades", "5 of spades"]},
             discard=["7 of hearts"], circle=CIRCLE)
    uno_play(s, "7 of spades")
    s.apply("draw")
    rami_discard(s, "2 of clubs")
    assert s.decider == RAMI
    s.apply("draw")
    rami_discard(s, "9 of spades")
    assert s.decider == UNO and legal(s) in (["play"], ["draw"])
    assert size(s, "circle") == 9


# ---- H7: ends reached by the Uno half --------------------------------------------------------


def test_last_circle_card_ends_the_game_lost():
    """H7. "The game ends ... when the last circle card is turned." The book: "Tel un compte à
    rebours, le jeu se termine lorsque toutes les cartes constituant le cercle ont été jouées."
    Neither Shamus beaten: the outcome is lost."""
    s = deal({UNO: HAND}, discard=["7 of hearts"], circle=["3 of spades"])
    uno_play(s, "7 of spades")
    assert s.is_over and s.outcome.reason == "lost"
    assert size(s, "circle") == 0 and top(s) == "3 of spades"
    assert "circle_empty" in event_keys(s)
    assert rendered(s, None)[-2:] == ["The last card of the circle of Shamus has been turned.",
                                      "Game over: Shamus wins."]


def test_uno_player_facing_an_empty_stock_ends_the_game():
    """H7. "The game ends ... when a card must be drawn from an empty stock." The book: "Le jeu
    se termine ... lorsque la pioche est vide"."""
    s = deal({UNO: ["9 of clubs", "K of diamonds"]}, discard=["7 of hearts"],
             stock=["8 of clubs"], empty_stock=True)
    s.apply("draw")                                 # the last card does not match
    assert s.is_over and s.outcome.reason == "lost"
    assert event_keys(s)[-2:] == ["stock_empty", "game_over"]


def test_penalty_from_a_short_stock_ends_the_game():
    """H7 "a card must be drawn from an empty stock", and U4: the cards there are drawn, then the
    game ends."""
    s = deal({UNO: HAND, RAMI: ["4 of clubs", "5 of spades"]}, discard=["7 of hearts"],
             stock=["8 of clubs", "6 of clubs"], empty_stock=True)
    uno_play(s, "7 of spades")
    s.apply("draw")
    assert size(s, "stock") == 1
    rami_discard(s, "4 of clubs")
    assert s.is_over and s.outcome.reason == "lost"
    assert "8 of clubs" in hand(s, UNO) and size(s, "stock") == 0


def test_exactly_enough_cards_for_a_penalty_goes_on():
    """U4: a penalty that empties the stock is paid in full; the game goes on."""
    s = deal({UNO: HAND, RAMI: ["2 of clubs", "5 of spades"]}, discard=["7 of hearts"],
             stock=["J of clubs", "8 of clubs", "6 of clubs", "10 of clubs"], empty_stock=True)
    uno_play(s, "7 of spades")
    s.apply("draw")
    rami_discard(s, "2 of clubs")
    assert not s.is_over and size(s, "stock") == 1 and s.decider == RAMI
