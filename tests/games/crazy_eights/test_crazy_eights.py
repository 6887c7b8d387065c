"""Crazy Eights (rulesets/crazy_eights.yaml): each test quotes the sentence of
docs/rulebooks/crazy_eights.md it checks (CE1-CE11), or names the reading (CR1-CR7)."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from game_helpers import event_keys, hand, legal, rendered, size
from paths import ROOT

import rulekit
from rulekit.testing import arrange, labels, set_vars

RULESET = ROOT / "rulesets" / "crazy_eights.yaml"
SUITS = ["clubs", "diamonds", "hearts", "spades"]
NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


@cache
def game(variant: str | None = None) -> rulekit.Game:
    """The ruleset (or a variant), loaded once."""
    return rulekit.load(RULESET, variant=variant)


def position(players: int, hands: dict[int, list[str]], top: str, stock: list[str] | None = None,
             discard: list[str] | None = None, suit: str | None = None,
             variant: str | None = None) -> rulekit.State:
    """Seat 0 to play with these hands, `top` on the discard pile (over `discard`), its suit to
    follow (or `suit`, as after an eight); `stock`, when given, is the whole stock, topmost last."""
    s = game(variant).new_state(players, seed=1)
    zones: dict = {("hand", seat): cards for seat, cards in hands.items()}
    zones["discard"] = [*(discard or []), top]
    if stock is not None:
        # the stock's other cards go to the last seat's hand, out of the way
        zones["stock"] = stock
        arrange(s, zones, spill=("hand", players - 1))
    else:
        arrange(s, zones)
    set_vars(s, {"suit_now": suit or top.split()[-1]})
    return s


def picks(s: rulekit.State) -> set[str]:
    """The cards the decider may pick once it has started to play."""
    return {a[len("pick "):] for a in legal(s) if a.startswith("pick ")}


# ---- the deck and the deal ---------------------------------------------------------------------


def test_the_deck_is_the_52_standard_cards():
    """CE1: "a standard deck of 52 cards: four suits (clubs, diamonds, hearts, spades) of ace, 2
    to 10, jack, queen and king. There are no jokers." """
    g = game()
    deck = Counter(g.labels[c] for c in range(g.n_cards))
    expected = Counter(f"{NAMES.get(r, r)} of {suit}" for suit in SUITS for r in range(1, 14))
    assert g.n_cards == 52 and deck == expected


def test_cards_are_named_in_french_too():
    """Texts in English and French: "as de pique", "dame de cœur", "8 de trèfle"."""
    g = game()
    fr = {g.card_label(c, "fr") for c in range(g.n_cards)}
    assert {"as de pique", "dame de cœur", "8 de trèfle", "roi de carreau"} <= fr


@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 5), (7, 5)])
def test_seven_cards_each_with_two_players_five_with_more(players, each):
    """CE2: "Each player is dealt seven cards when two play, and five cards when three or more
    play." (CR2) CE3: "Its top card is turned face up to start the discard pile." """
    s = game().new_state(players, seed=5)
    assert [size(s, ("hand", p)) for p in range(players)] == [each] * players
    assert size(s, "discard") == 1
    assert size(s, "stock") == 52 - each * players - 1


def test_an_eight_is_never_the_first_card():
    """CE3: "An eight turned this way goes back into the stock at random, and the next card is
    turned instead.": over many deals, no game starts on an eight."""
    firsts = Counter(labels(game().new_state(4, seed), "discard")[0].split()[0]
                     for seed in range(300))
    assert "8" not in firsts and len(firsts) == 12  # every other rank does start a game


def test_seat_0_plays_first_and_play_goes_clockwise():
    """CE4: "The player after the dealer (seat 0 ...) plays first, and play goes clockwise." """
    s = position(3, {0: ["5 of hearts", "king of clubs"]}, "9 of hearts")
    assert s.decider == 0
    s.apply("play")
    s.apply("pick 5 of hearts")
    assert s.decider == 1


# ---- matching ----------------------------------------------------------------------------------


def test_match_the_top_card_by_suit_or_by_rank():
    """CE5: "It must match the top card of the pile by suit or by rank." """
    s = position(3, {0: ["5 of hearts", "9 of clubs", "king of spades", "2 of diamonds"]},
                 "9 of hearts")
    s.apply("play")
    assert picks(s) == {"5 of hearts", "9 of clubs"}


def test_an_eight_is_wild_and_names_the_suit_to_follow():
    """CE6: "an eight can be played on any card. The player who plays it names a suit, and the
    next card must be of that suit (or another eight)." """
    s = position(3, {0: ["8 of clubs", "king of spades"],
                     1: ["9 of diamonds", "queen of hearts", "3 of spades", "8 of hearts"]},
                 "4 of hearts")
    s.apply("play")
    assert picks(s) == {"8 of clubs"}
    s.apply("pick 8 of clubs")
    assert legal(s) == [f"suit {suit}" for suit in SUITS]
    s.apply("suit diamonds")
    assert rulekit.observation(s, None)["vars"]["suit_now"] == "diamonds"
    assert "Player 0 asks for diamonds." in rendered(s, 2)
    assert s.decider == 1
    s.apply("play")
    # the named suit, or another eight; not the eight's own suit or rank
    assert picks(s) == {"9 of diamonds", "8 of hearts"}


def test_an_eight_as_the_last_card_names_no_suit_and_wins():
    """CR4: "An eight played as one's last card names no suit: the game is over." """
    s = position(2, {0: ["8 of spades"], 1: ["2 of hearts"]}, "4 of hearts")
    s.apply("play")
    s.apply("pick 8 of spades")
    assert s.is_over and list(s.outcome.winners) == [0]
    assert "suit_named" not in event_keys(s)


# ---- drawing -----------------------------------------------------------------------------------


def test_nobody_may_draw_while_holding_a_playable_card():
    """CE7: "A player may not draw while holding a card they can play." """
    s = position(3, {0: ["5 of hearts", "king of clubs"]}, "9 of hearts")
    assert legal(s) == ["play"]


def test_draw_until_a_card_can_be_played_then_play_it():
    """CE7: "A player who cannot play draws cards from the stock, one at a time, until they draw
    a card they can play, and then plays it." (CR3: in one decision)"""
    stock = ["3 of spades", "jack of hearts", "2 of clubs", "king of clubs"]  # topmost last
    s = position(2, {0: ["5 of clubs", "queen of diamonds"]}, "9 of hearts", stock=stock)
    assert legal(s) == ["draw"]
    s.apply("draw")
    # the king and the two of clubs cannot be played on the nine of hearts; the jack of hearts can
    assert hand(s, 0) == Counter(["5 of clubs", "queen of diamonds", "king of clubs",
                                  "2 of clubs", "jack of hearts"])
    assert labels(s, "stock") == ["3 of spades"]
    assert s.decider == 0 and legal(s) == ["play"]
    s.apply("play")
    assert picks(s) == {"jack of hearts"}


def test_the_drawn_cards_are_seen_by_the_drawer_only():
    """Hidden information: the others read "draws a card", never which one."""
    stock = ["jack of hearts", "king of clubs"]
    s = position(2, {0: ["5 of clubs"]}, "9 of hearts", stock=stock)
    start = len(s.log)
    s.apply("draw")
    assert "Player 0 draws the king of clubs." in rendered(s, 0, start=start)
    theirs = rendered(s, 1, start=start)
    assert theirs.count("Player 0 draws a card.") == 2
    assert not any("king" in line or "jack" in line for line in theirs)
    seat0 = rulekit.observation(s, 1)["seats"][0]["zones"]["hand"]
    assert seat0 == {"cards": [], "count": 3}


def test_an_empty_stock_is_refilled_from_the_discards_but_the_top_card():
    """CE8: "When the stock runs out, the discard pile, except its top card, is shuffled to make a
    new stock." """
    s = position(2, {0: ["5 of clubs"]}, "9 of hearts", stock=["king of clubs"],
                 discard=["4 of hearts", "7 of hearts", "2 of diamonds"])
    start = len(s.log)
    s.apply("draw")
    assert "reshuffled" in event_keys(s, 1, start)
    assert labels(s, "discard") == ["9 of hearts"]
    # every drawn card came from the stock, then from the refilled stock, until one could be played
    drawn = hand(s, 0) - Counter(["5 of clubs"])
    assert "king of clubs" in drawn
    assert sum(drawn.values()) + size(s, "stock") == 4
    assert legal(s) == ["play"]


def test_with_nothing_to_draw_and_nothing_to_play_the_player_passes():
    """CE8: "When there is nothing left to draw and a player still cannot play, they pass." """
    s = position(3, {0: ["5 of clubs"]}, "9 of hearts", stock=[])
    assert legal(s) == ["pass"]
    s.apply("pass")
    assert s.decider == 1 and "passed" in event_keys(s)


def test_drawing_everything_without_a_playable_card_passes_the_turn():
    """CE8: "When there is nothing left to draw and a player still cannot play, they pass":
    here the draw empties the stock and the refilled discards first."""
    s = position(3, {0: ["5 of clubs"]}, "9 of hearts", stock=["king of clubs"],
                 discard=["2 of spades"])
    s.apply("draw")
    assert hand(s, 0) == Counter(["5 of clubs", "king of clubs", "2 of spades"])
    assert size(s, "stock") == 0 and labels(s, "discard") == ["9 of hearts"]
    assert s.decider == 1


# ---- the end and the score -----------------------------------------------------------------


def test_first_out_wins_and_scores_the_cards_left_in_the_others_hands():
    """CE9: "The first player to get rid of all their cards wins, and scores the cards left in
    the other players' hands: 50 for each eight, 10 for each king, queen or jack, 1 for each ace,
    and the face value of the others." """
    s = position(3, {0: ["5 of hearts"], 1: ["8 of clubs", "king of spades", "ace of hearts"],
                     2: ["7 of diamonds", "jack of clubs", "queen of hearts"]}, "9 of hearts")
    s.apply("play")
    s.apply("pick 5 of hearts")
    assert s.is_over and s.outcome.reason == "out"
    assert list(s.outcome.scores) == [50 + 10 + 1 + 7 + 10 + 10, 0, 0]
    assert list(s.outcome.winners) == [0]
    assert "Player 0 plays their last card!" in rendered(s, 1)


def test_one_hand_is_the_game():
    """CR1: "One hand is the game": random play ends with one winner out of cards."""
    g = game()
    s = g.new_state(4, seed=11)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.outcome.reason == "out"
    (winner,) = s.outcome.winners
    assert size(s, ("hand", winner)) == 0


# ---- the reverse variant ---------------------------------------------------------------------


def test_a_queen_reverses_the_direction_of_play():
    """CE10: "A queen reverses the direction of play." (variant reverse)"""
    s = position(4, {0: ["queen of hearts", "2 of clubs"]}, "9 of hearts", variant="reverse")
    s.apply("play")
    s.apply("pick queen of hearts")
    assert s.decider == 3
    assert "Player 0 reverses the direction of play." in rendered(s, 1)
    # the direction stays reversed: after seat 3, seat 2 plays
    s.apply("play")
    s.apply(next(a for a in legal(s) if a.startswith("pick ")))
    assert s.decider == 2


def test_a_queen_changes_nothing_in_the_base_game():
    """CE10, "A queen reverses the direction of play", belongs to the `reverse` variant: in the
    base game a queen is an ordinary card."""
    s = position(4, {0: ["queen of hearts", "2 of clubs"]}, "9 of hearts")
    s.apply("play")
    s.apply("pick queen of hearts")
    assert s.decider == 1


def test_a_two_makes_the_next_player_draw_two_and_miss_their_turn():
    """CE11: "A two makes the next player draw two cards from the stock and miss their turn." """
    s = position(3, {0: ["2 of hearts", "5 of clubs"], 1: ["7 of spades"]}, "9 of hearts",
                 variant="reverse")
    before = size(s, "stock")
    s.apply("play")
    s.apply("pick 2 of hearts")
    assert size(s, ("hand", 1)) == 3 and size(s, "stock") == before - 2
    assert s.decider == 2
    assert "Player 1 misses a turn." in rendered(s, 0)


def test_after_a_reverse_a_two_hits_the_player_on_the_other_side():
    """CE10 "A queen reverses the direction of play" and CE11 "A two makes the next player draw
    two cards from the stock and miss their turn" together: after a queen, the next player is
    the one counterclockwise."""
    s = position(4, {0: ["queen of hearts", "5 of clubs"], 3: ["2 of hearts", "7 of spades"],
                     2: ["4 of spades"]}, "9 of hearts", variant="reverse")
    s.apply("play")
    s.apply("pick queen of hearts")
    s.apply("play")
    s.apply("pick 2 of hearts")
    assert size(s, ("hand", 2)) == 3 and s.decider == 1


def test_a_two_as_the_last_card_ends_the_game_at_once():
    """CR6: "a two or queen played as one's last card ends the game at once (the next player
    draws nothing)." """
    s = position(2, {0: ["2 of hearts"], 1: ["7 of spades"]}, "9 of hearts", variant="reverse")
    s.apply("play")
    s.apply("pick 2 of hearts")
    assert s.is_over and size(s, ("hand", 1)) == 1
    assert list(s.outcome.scores) == [7, 0]


def test_action_labels_in_french():
    """Texts in English and French for every text key: the actions and a named suit."""
    g = game()
    s = position(3, {0: ["8 of clubs", "king of spades"]}, "4 of hearts")
    s.apply("play")
    s.apply("pick 8 of clubs")
    labels_fr = {g.action_label(a, "fr") for a in s.legal_actions()}
    assert "couleur : cœur" in labels_fr  # French typography: a space before ":"
