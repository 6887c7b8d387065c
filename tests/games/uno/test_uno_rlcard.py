"""UNO's variant `rlcard` (rulesets/uno.yaml): the rules RLCard's uno environment plays. Each
test quotes the ruleset header's point (K1-K7) and the RLCard code it follows."""

import random
from collections import Counter

from uno_helpers import first_card, game, gvar, hand, legal, picks, position, seed_where, size

from rulekit.testing import arrange, labels

RL = "rlcard"


def test_two_players_only():
    """K1: "Two players only" (RLCard's judger and payoffs know two seats)."""
    g = game(RL)
    assert (g.min_players, g.max_players) == (2, 2)
    assert game().max_players == 10


def test_the_winner_gets_plus_one_and_the_other_minus_one():
    """K1: "no scoring: the winner gets +1 and the other -1" (UnoGame.get_payoffs)."""
    s = position(2, {0: ["red 5"], 1: ["blue 7", "wild draw four"]}, "red 3", variant=RL)
    for a in ("play", "pick red 5"):
        s.apply(a)
    assert s.outcome.winners == (0,) and s.outcome.scores == (1, -1)


def test_first_card_draw_two_seat_0_draws_and_still_plays():
    """K3: "Draw Two: seat 0 draws two and STILL plays first" (perform_top_card deals two to the
    current player and leaves the turn with them); the standard game skips seat 0."""
    seed = seed_where(2, lambda s: first_card(s).endswith("draw two"), RL)
    s = game(RL).new_state(2, seed)
    assert s.decider == 0 and size(s, ("hand", 0)) == 9


def test_first_card_wild_gets_a_random_colour():
    """K3: "Wild: the environment picks its colour at random" (flip_top_card): nobody names it."""
    g = game(RL)
    colours = set()
    for seed in range(600):
        s = g.new_state(2, seed)
        if first_card(s) == "wild":
            assert s.decider == 0 and "name_colour" not in legal(s)
            colours.add(gvar(s, "colour_now"))
    assert colours and colours <= {"red", "yellow", "green", "blue"}


def test_first_card_skip_or_reverse_seat_1_starts():
    """K3: "Skip or Reverse: seat 1 starts." """
    for kind in ("skip", "reverse"):
        seed = seed_where(2, lambda s, k=kind: first_card(s).endswith(k), RL)
        assert game(RL).new_state(2, seed).decider == 1


def test_wild_draw_four_only_when_nothing_else_can_be_played():
    """K4: "A Wild Draw Four may be played only when no other card (a plain Wild included) can
    be" (get_legal_actions: wild_4_actions only if legal_actions is empty)."""
    s = position(2, {0: ["wild draw four", "wild", "blue 1"]}, "red 3", variant=RL)
    s.apply("play")
    assert picks(s) == {"wild"}
    s = position(2, {0: ["wild draw four", "blue 1"]}, "red 3", variant=RL)
    s.apply("play")
    assert picks(s) == {"wild draw four"}
    # the standard rule lets it go with a number match of another colour in hand
    s = position(2, {0: ["wild draw four", "blue 3"]}, "red 3")
    s.apply("play")
    assert picks(s) == {"wild draw four", "blue 3"}


def test_drawing_is_one_decision_and_a_card_of_the_colour_is_played_at_once():
    """K5: "a drawn card of the colour in play is played at once" (_perform_draw_action)."""
    s = position(2, {0: ["blue 5", "green 6"], 1: ["yellow 1"]}, "red 3", stock=["red 9"],
                 variant=RL)
    assert legal(s) == ["draw"]
    s.apply("draw")
    assert labels(s, "discard")[-1] == "red 9" and s.decider == 1
    assert hand(s, 0) == Counter({"blue 5": 1, "green 6": 1})


def test_a_drawn_number_match_of_another_colour_is_kept():
    """K5: "any other card is kept" (only the colour is compared to the target)."""
    s = position(2, {0: ["blue 5"], 1: ["yellow 1"]}, "red 3", stock=["green 3"], variant=RL)
    s.apply("draw")
    assert hand(s, 0) == Counter({"blue 5": 1, "green 3": 1}) and s.decider == 1


def test_a_drawn_action_card_of_the_colour_acts():
    """K5: "(an action card acts)": a drawn red Skip skips the other player."""
    s = position(2, {0: ["blue 5"], 1: ["yellow 1"]}, "red 3", stock=["red skip"], variant=RL)
    s.apply("draw")
    assert labels(s, "discard")[-1] == "red skip" and s.decider == 0


def test_a_drawn_wild_draw_four_is_played_with_a_random_colour_and_no_penalty():
    """K5: "a drawn Wild (of either kind) is played at once with a random colour and no
    draw-four effect"."""
    s = position(2, {0: ["blue 5"], 1: ["yellow 1"]}, "red 3", stock=["wild draw four"],
                 variant=RL)
    s.apply("draw")
    assert labels(s, "discard")[-1] == "wild draw four"
    assert hand(s, 1) == Counter({"yellow 1": 1}) and s.decider == 1
    assert gvar(s, "colour_now") in {"red", "yellow", "green", "blue"}


def test_reverse_with_two_players_passes_the_turn():
    """K6: "With two players a Reverse only passes the turn" (direction flips, then moves on);
    the standard game lets the player go again."""
    s = position(2, {0: ["red reverse", "red 1"]}, "red 3", variant=RL)
    for a in ("play", "pick red reverse"):
        s.apply(a)
    assert s.decider == 1


def test_an_empty_draw_pile_takes_back_every_played_card_the_top_one_included():
    """K7: "An empty draw pile ... takes back every played card, the top one included, and is
    shuffled; the colour and symbol in play stay" (replace_deck)."""
    s = position(2, {0: ["blue 5"], 1: ["yellow 1"]}, "red 3", discard=["green 9"], variant=RL)
    arrange(s, {"stock": []}, spill=("hand", 1))
    s.apply("draw")
    assert size(s, "discard") <= 1  # a drawn red 3 would be played at once (K5)
    assert size(s, "stock") + size(s, ("hand", 0)) + size(s, "discard") == 3
    assert gvar(s, "colour_now") == "red" and gvar(s, "number_now") == 3


def test_a_draw_pile_short_of_a_draw_two_takes_back_every_played_card_first():
    """K7: "(or one short of a Draw Two's or Wild Draw Four's cards)": with one card left, the
    played cards (the Draw Two itself included) are shuffled in before the two are drawn."""
    s = position(2, {0: ["red draw two", "red 1"], 1: ["blue 4"]}, "red 3", discard=["green 9"],
                 variant=RL)
    arrange(s, {"stock": ["yellow 7"]}, spill=("hand", 1))
    before = size(s, ("hand", 1))
    for a in ("play", "pick red draw two"):
        s.apply(a)
    assert size(s, "discard") == 0 and size(s, "stock") == 2
    assert size(s, ("hand", 1)) == before + 2


def test_random_games_end():
    """Random games of the variant end, each with one winner."""
    g = game(RL)
    for seed in range(30):
        s = g.new_state(2, seed)
        rnd = random.Random(seed)
        while not s.is_over:
            s.apply_unchecked(rnd.choice(s.legal_actions()))
        assert s.decisions < 2000 and len(s.outcome.winners) == 1
