"""UNO (rulesets/uno.yaml), the standard game: each test quotes the rule it checks, in the words
of the ruleset's header (the standard rules restated) or names its reading (N1-N5)."""

import random
from collections import Counter

import pytest
from uno_helpers import (
    COLOURS,
    event_keys,
    first_card,
    game,
    gvar,
    hand,
    legal,
    picks,
    position,
    rendered,
    seed_where,
    size,
)

from rulekit.testing import arrange, labels

# ---- the deck and the deal -----------------------------------------------------------------


def test_deck_is_the_108_uno_cards():
    """"108 cards: in each of red, yellow, green and blue one 0, two each of 1-9, two Skips, two
    Reverses and two Draw Twos; plus four Wilds and four Wild Draw Fours." """
    g = game()
    deck = Counter(g.labels[c] for c in range(g.n_cards))
    expected = Counter()
    for colour in COLOURS:
        expected[f"{colour} 0"] = 1
        for n in range(1, 10):
            expected[f"{colour} {n}"] = 2
        for kind in ("skip", "reverse", "draw two"):
            expected[f"{colour} {kind}"] = 2
    expected["wild"] = expected["wild draw four"] = 4
    assert g.n_cards == 108 and deck == expected


def test_card_names_in_french():
    """Texts in English and French: "5 rouge", "+2 bleu", "joker +4"."""
    g = game()
    fr = {g.card_label(c, "fr") for c in range(g.n_cards)}
    assert {"5 rouge", "+2 bleu", "inversion vert", "joker", "joker +4"} <= fr


@pytest.mark.parametrize("players", [2, 5, 10])
def test_seven_cards_each_and_one_card_turned(players):
    """"Seven cards each; the next card is turned to start the discard pile." """
    s = game().new_state(players, seed=3)
    opening_penalty = 2 if first_card(s).endswith("draw two") else 0
    sizes = sorted(size(s, ("hand", p)) for p in range(players))
    assert sizes == sorted([7] * (players - 1) + [7 + opening_penalty])
    assert size(s, "discard") == 1
    assert size(s, "stock") == 108 - 7 * players - 1 - opening_penalty


def test_a_wild_draw_four_is_never_the_first_card():
    """"A Wild Draw Four turned this way goes back into the deck, which is shuffled, and another
    card is turned.": over many deals, the first card is never one."""
    g = game()
    firsts = Counter(first_card(g.new_state(2, seed)) for seed in range(400))
    assert "wild draw four" not in firsts
    assert firsts["wild"] > 0  # the other wilds may open (N4)


def test_first_card_skip_skips_seat_0():
    """N4: "Skip: seat 0 misses the turn." """
    seed = seed_where(4, lambda s: first_card(s).endswith("skip"))
    assert game().new_state(4, seed).decider == 1


def test_first_card_reverse_lets_the_dealer_start_counterclockwise():
    """N4: "Reverse: the dealer (last seat) starts and play goes counterclockwise." """
    seed = seed_where(4, lambda s: first_card(s).endswith("reverse"))
    s = game().new_state(4, seed)
    assert s.decider == 3 and gvar(s, "clockwise") is False


def test_first_card_draw_two_makes_seat_0_draw_and_miss_the_turn():
    """N4: "Draw Two: seat 0 draws two and misses the turn." """
    seed = seed_where(3, lambda s: first_card(s).endswith("draw two"))
    s = game().new_state(3, seed)
    assert size(s, ("hand", 0)) == 9 and s.decider == 1


def test_first_card_wild_lets_seat_0_name_the_colour_then_play():
    """N4: "Wild: seat 0 names the colour, then plays." """
    seed = seed_where(3, lambda s: first_card(s) == "wild")
    s = game().new_state(3, seed)
    assert s.decider == 0 and legal(s) == ["name_colour"]
    s.apply("name_colour")
    s.apply("colour blue")
    assert gvar(s, "colour_now") == "blue" and s.decider == 0
    assert set(legal(s)) <= {"play", "draw"}


# ---- matching ----------------------------------------------------------------------------------


def test_match_colour_or_number_or_play_a_wild():
    """"On your turn, match the top discard by colour, number or symbol, or play a Wild." """
    s = position(3, {0: ["red 5", "blue 3", "green 7", "yellow skip", "wild"]}, "red 3")
    s.apply("play")
    assert picks(s) == {"red 5", "blue 3", "wild"}


def test_match_symbol():
    """"... match the top discard by colour, number or symbol": a yellow Skip on a blue Skip."""
    s = position(3, {0: ["yellow skip", "yellow reverse", "green 7"]}, "blue skip")
    s.apply("play")
    assert picks(s) == {"yellow skip"}


def test_after_a_wild_only_the_named_colour_matches():
    """"Wild: name the colour": the next player follows the named colour."""
    s = position(3, {0: ["red 5", "green 7", "blue 2"]}, "wild", colour="green")
    s.apply("play")
    assert picks(s) == {"green 7"}


# ---- the action cards -----------------------------------------------------------------------


def test_skip_makes_the_next_player_miss_a_turn():
    """"Skip: the next player misses a turn." """
    s = position(3, {0: ["red skip", "red 1"]}, "red 3")
    for a in ("play", "pick red skip"):
        s.apply(a)
    assert s.decider == 2 and "skipped" in event_keys(s)


def test_reverse_changes_the_direction():
    """"Reverse: the direction changes": with three players seat 0's Reverse gives the turn to
    seat 2, then seat 1."""
    s = position(3, {0: ["red reverse", "red 1"], 2: ["red 2", "red 4"]}, "red 3")
    for a in ("play", "pick red reverse"):
        s.apply(a)
    assert s.decider == 2 and gvar(s, "clockwise") is False
    for a in ("play", "pick red 2"):
        s.apply(a)
    assert s.decider == 1


def test_reverse_with_two_players_acts_as_a_skip():
    """"Reverse: ... (with two players it acts as a Skip)." """
    s = position(2, {0: ["red reverse", "red 1"]}, "red 3")
    for a in ("play", "pick red reverse"):
        s.apply(a)
    assert s.decider == 0


def test_draw_two_makes_the_next_player_draw_two_and_miss_a_turn():
    """"Draw Two: the next player draws two and misses a turn." """
    s = position(3, {0: ["red draw two", "red 1"], 1: ["blue 1"]},
                 "red 3", stock=["green 4", "green 5"])
    for a in ("play", "pick red draw two"):
        s.apply(a)
    assert hand(s, 1) == Counter({"blue 1": 1, "green 4": 1, "green 5": 1})
    assert s.decider == 2
    assert "Player 1 draws 2 cards." in rendered(s, None)


def test_wild_names_the_colour():
    """"Wild: name the colour." """
    s = position(3, {0: ["wild", "red 1"]}, "blue 3")
    for a in ("play", "pick wild"):
        s.apply(a)
    assert legal(s) == [f"colour {c}" for c in COLOURS]
    s.apply("colour yellow")
    assert gvar(s, "colour_now") == "yellow" and gvar(s, "kind_now") == "wild"
    assert s.decider == 1


def test_wild_draw_four_only_without_a_card_of_the_colour_in_play():
    """"A Wild Draw Four may be played only when you hold no card of the colour in play." A card
    of the same number does not forbid it (N2: the engine enforces what the challenge polices)."""
    s = position(3, {0: ["wild draw four", "red 5", "blue 3"]}, "red 3")
    s.apply("play")
    assert "wild draw four" not in picks(s)
    s = position(3, {0: ["wild draw four", "blue 3", "green 1"]}, "red 3")
    s.apply("play")
    assert picks(s) == {"wild draw four", "blue 3"}


def test_wild_draw_four_names_the_colour_and_the_next_draws_four_and_misses_a_turn():
    """"Wild Draw Four: name the colour; the next player draws four and misses a turn." """
    s = position(3, {0: ["wild draw four", "blue 3"], 1: ["blue 1"]}, "red 3",
                 stock=["green 1", "green 2", "green 3", "green 4"])
    for a in ("play", "pick wild draw four", "colour green"):
        s.apply(a)
    assert size(s, ("hand", 1)) == 5 and s.decider == 2
    assert gvar(s, "colour_now") == "green"


# ---- drawing ---------------------------------------------------------------------------------


def test_you_draw_only_when_you_cannot_play():
    """"If you cannot play, draw one card." """
    s = position(3, {0: ["red 5"]}, "red 3")
    assert legal(s) == ["play"]
    s = position(3, {0: ["blue 5"]}, "red 3")
    assert legal(s) == ["draw"]


def test_a_playable_drawn_card_may_be_played_at_once():
    """"If it can be played you may play it at once" (and only that card), or keep it."""
    s = position(3, {0: ["blue 5", "green 6"]}, "red 3", stock=["red 9"])
    s.apply("draw")
    assert s.decider == 0 and legal(s) == ["play", "pass"]
    s.apply("play")
    assert picks(s) == {"red 9"}
    s.apply("pick red 9")
    assert s.decider == 1 and labels(s, "discard")[-1] == "red 9"


def test_keeping_a_playable_drawn_card_passes_the_turn():
    """"... you may play it at once, otherwise the turn passes": the player may keep it."""
    s = position(3, {0: ["blue 5"]}, "red 3", stock=["red 9"])
    s.apply("draw")
    s.apply("pass")
    assert s.decider == 1 and hand(s, 0) == Counter({"blue 5": 1, "red 9": 1})


def test_an_unplayable_drawn_card_ends_the_turn():
    """"... otherwise the turn passes." """
    s = position(3, {0: ["blue 5"]}, "red 3", stock=["green 9"])
    s.apply("draw")
    assert s.decider == 1 and hand(s, 0) == Counter({"blue 5": 1, "green 9": 1})


def test_the_drawn_card_is_shown_only_to_its_drawer():
    """The draw pile is face down: the others read only that a card was drawn."""
    s = position(3, {0: ["blue 5"]}, "red 3", stock=["green 9"])
    s.apply("draw")
    assert "Player 0 draws the green 9." in rendered(s, 0)
    assert "Player 0 draws a card." in rendered(s, 1)


def test_an_empty_draw_pile_is_refilled_from_the_discards_but_the_top():
    """"An empty draw pile is refilled by shuffling the discards (all but the top one)." """
    s = position(2, {0: ["blue 5"], 1: ["red 1"]}, "red 3", discard=["green 9"])
    arrange(s, {"stock": []}, spill=("hand", 1))  # the draw pile is used up
    s.apply("draw")
    assert labels(s, "discard") == ["red 3"]
    assert hand(s, 0) == Counter({"blue 5": 1, "green 9": 1}) and size(s, "stock") == 0
    assert "reshuffled" in event_keys(s)


def test_with_nothing_to_play_or_draw_a_turn_is_a_pass():
    """N5: "A player who can neither play nor draw (both piles used up) passes." """
    s = position(2, {0: ["blue 5"], 1: ["red 1"]}, "red 3")
    arrange(s, {"stock": []}, spill=("hand", 1))
    assert legal(s) == ["pass"]
    s.apply("pass")
    assert s.decider == 1 and not s.is_over


# ---- the end of the hand and the score ------------------------------------------------------


def test_the_first_to_play_their_last_card_wins_and_scores_the_others_cards():
    """"The first player to get rid of their last card wins the hand and scores the cards left
    in the others' hands: numbers at face value, Skip/Reverse/Draw Two 20, Wilds 50." """
    s = position(3, {0: ["red 5"], 1: ["blue 7", "green skip"], 2: ["wild draw four", "red 0"]},
                 "red 3")
    for a in ("play", "pick red 5"):
        s.apply(a)
    assert s.is_over and s.outcome.reason == "out"
    assert s.outcome.winners == (0,)
    assert s.outcome.scores == (7 + 20 + 50 + 0, 0, 0)


def test_a_last_draw_two_still_makes_the_next_player_draw_and_those_cards_count():
    """"A Draw Two or Wild Draw Four played as the last card still makes the next player draw
    (those cards count)." """
    s = position(2, {0: ["red draw two"], 1: ["blue 1"]}, "red 3", stock=["green 4", "green 5"])
    for a in ("play", "pick red draw two"):
        s.apply(a)
    assert s.is_over and s.outcome.scores == (1 + 4 + 5, 0)


def test_uno_is_logged_at_one_card():
    """N3: "UNO!" is logged when a play leaves a player with exactly one card."""
    s = position(3, {0: ["red 5", "blue 1"]}, "red 3")
    for a in ("play", "pick red 5"):
        s.apply(a)
    assert "Player 0: UNO!" in rendered(s, None)


@pytest.mark.parametrize("players", [2, 4, 10])
def test_random_hands_end_well_within_the_decision_limit(players):
    """The limit in the ruleset's header: random hands end within a few hundred decisions."""
    g = game()
    for seed in range(30):
        s = g.new_state(players, seed)
        rnd = random.Random(seed)
        while not s.is_over:
            s.apply_unchecked(rnd.choice(s.legal_actions()))
        assert s.decisions < 2000
        assert len(s.outcome.winners) == 1
