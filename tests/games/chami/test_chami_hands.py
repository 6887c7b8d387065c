"""Le Ch'ami: going out, hand scoring, the stock refill, the blocked-hand guard and the match
(C7, C8)."""

import random
from collections import Counter

import pytest
from chami_helpers import (
    FILLER,
    deal,
    discard,
    event_keys,
    game,
    gvar,
    hand,
    lay,
    legal,
    pvar,
    size,
)

import rulekit
from rulekit.testing import arrange, labels, set_vars


def hand_points(s, seat):
    return pvar(s, seat, "last_hand")


def test_going_out_after_a_meld():
    """C7: "A player whose hand is empty wins the hand (at once, after a meld ...)" ("Quand un
    joueur s'est débarrassé de toutes ses cartes, il gagne la partie"): no discard is needed."""
    s = deal(3, {0: ["2+3=5", "6", "3+4=7"], 1: ["5", "9"], 2: ["Magic", "4"]}, drawn=True)
    lay(s, ["2+3=5", "6", "3+4=7"])
    keys = event_keys(s)
    assert keys.index("hand_won") > keys.index("melded")
    assert [hand_points(s, p) for p in range(3)] == [0, 14, 8]
    assert [pvar(s, p, "total") for p in range(3)] == [0, 14, 8]
    # the next hand is dealt: 12 each; C2: "each later hand is started by the seat after the one
    # that started the last": seat 1
    assert gvar(s, "hand_no") == 2 and s.decider == 1 and legal(s) == ["draw"]
    assert [size(s, ("hand", p)) for p in range(3)] == [12, 12, 12]
    assert size(s, "table") == 0 and size(s, "discard") == 0


def test_going_out_after_the_discard():
    """C7: "wins the hand (at once, ... after the discard)"; a special discarded last still
    applies at once (Magie: the others draw) before the hand is scored."""
    s = deal(3, {0: ["Magic"], 1: ["5"], 2: ["9"]}, stock=["2+2=4", "7"], drawn=True)
    discard(s, "Magic")
    s.apply("magie_take")
    s.apply("magie_take")
    assert "hand_won" in event_keys(s)
    assert [hand_points(s, p) for p in range(3)] == [0, 12, 13]


def test_two_hands_empty_in_one_turn_the_first_to_empty_wins():
    """C7. "When two hands empty in one turn (a counter played as a last card), the player whose
    hand emptied first wins it." Seat 1 discards its last card, a Magie; seat 0, asked after
    seat 2, counters with its own last card, a Magie: seat 1 emptied first and wins, though
    seat 0 sits lower."""
    s = deal(3, {0: ["Magic", "9"], 1: ["Magic", "2+3=5", "6"], 2: ["5", "8"]},
             stock=["2+2=4", "3+4=7"], drawn=True)
    discard(s, "9")
    assert s.decider == 1
    s.apply("draw")
    lay(s, ["2+3=5", "6", "3+4=7"])
    discard(s, "Magic")                                  # seat 1's hand is empty
    assert s.decider == 2
    s.apply("magie_take")
    assert s.decider == 0
    s.apply("magie_magie")                               # seat 0's hand is empty too
    won = [a for k, a in rulekit.events_for(s, None) if k == "hand_won"]
    assert won == [{"player": ("player", 1)}]
    assert [hand_points(s, p) for p in range(3)] == [0, 0, 5 + 8 + 4]


def test_the_first_to_empty_wins_whoever_sits_where():
    """C7, the other way round: seat 0 empties first (its last card, a Magie), seat 1 second
    (countering with its last card): seat 0 wins."""
    s = deal(3, {0: ["Magic"], 1: ["Magic"], 2: ["5", "8"]}, stock=["2+2=4"], drawn=True)
    discard(s, "Magic")
    s.apply("magie_magie")
    s.apply("magie_take")
    won = [a for k, a in rulekit.events_for(s, None) if k == "hand_won"]
    assert won == [{"player": ("player", 0)}]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_later_hands_start_with_the_next_seat(n):
    """C2. "Seat 0 starts the first hand; each later hand is started by the seat after the one
    that started the last." Random legal play through several hands: each hand's first turn
    is taken by seat (hand number - 1) mod n."""
    s = game().new_state(n, seed=n)
    rng = random.Random(n)
    starters = {1: s.decider}
    while len(starters) < 2 * n + 1 and not s.is_over:
        s.apply(rng.choice(legal(s)))
        no = gvar(s, "hand_no")
        if no not in starters and not s.is_over:
            starters[no] = s.decider
            assert legal(s) == ["draw"]
    assert len(starters) >= n + 1
    assert all(seat == (no - 1) % n for no, seat in starters.items()), starters


def test_hand_scoring_with_specials():
    """C8: "each other player adds the values of the numbers left in hand; each special left in
    hand counts as the highest number value in that hand (0 if there is none)" ("une carte
    spéciale vaut le nombre maximum qu'un joueur a en main")."""
    s = deal(4, {0: ["2+3=5", "6", "3+4=7"], 1: ["Magic", "1+6=7", "12"],
                 2: ["Chase", "Gift"], 3: ["5", "Dead End", "Seesaw", "1+1=2"]}, drawn=True)
    lay(s, ["2+3=5", "6", "3+4=7"])
    assert [hand_points(s, p) for p in range(4)] == [0, 7 + 12 + 12, 0, 5 + 2 + 5 + 5]
    lines = [rulekit.render_event(game(), k, a, "fr") for k, a in rulekit.events_for(s, None)]
    [line] = [x for x in lines if x.startswith("Joueur 1 :")]
    assert "Magie" in line and line.endswith("= 31 points (total 31).")


def test_the_stock_is_refilled_from_the_discard_pile():
    """C7: "If the stock is empty when a card must be drawn, the discard pile is shuffled into a
    new stock"."""
    s = deal(3, {0: FILLER}, empty_stock=True)
    n_discard = size(s, "discard")
    assert size(s, "stock") == 0 and n_discard == 138 - 3 - 24
    s.apply("draw")
    assert size(s, "discard") == 0 and size(s, "stock") == n_discard - 1
    assert size(s, ("hand", 0)) == 4
    assert "stock_refilled" in event_keys(s)


def test_the_stock_is_refilled_in_the_middle_of_a_draw():
    """C7 (refill "when a card must be drawn"); R10: Gruyere's 2 cards: the last stock card,
    then the refilled stock."""
    s = deal(3, {0: ["Gruyere"] + FILLER, 1: ["5"], 2: ["9"]}, stock=["11"], empty_stock=True,
             drawn=True)
    discard(s, "Gruyere")
    s.apply("gruyere_take")
    assert hand(s, 1)["11"] == 1 and size(s, ("hand", 1)) == 3
    assert size(s, "discard") == 0 and "stock_refilled" in event_keys(s)


def test_nothing_is_drawn_when_stock_and_discard_are_empty():
    """C7: "if both are empty, nothing is drawn." The turn goes on to the discard."""
    s = game().new_state(2, seed=0)
    arrange(s, {("hand", 0): FILLER, "stock": [], "discard": []}, spill=("hand", 1))
    assert size(s, ("hand", 1)) == 135
    s.apply("draw")
    assert size(s, ("hand", 0)) == 3 and "nothing_to_draw" in event_keys(s)
    assert legal(s) == ["discard"]
    s.apply("discard")
    s.apply("pick 2+2=4")
    assert s.decider == 1 and labels(s, "discard") == ["2+2=4"]


def test_a_skipped_turn_counts_for_the_guard():
    """C7: "If a full cycle of turns passes with no card drawn, melded or discarded" — R5: the
    turn skipped by Sans issue is such a turn; the discarder's own turn (a discard) is not."""
    s = deal(2, {0: ["Dead End"] + FILLER}, drawn=True)
    discard(s, "Dead End")
    assert gvar(s, "idle") == 1 and s.decider == 0
    s.apply("draw")
    discard(s, "2+2=4")
    assert gvar(s, "idle") == 0


def test_the_blocked_hand_guard():
    """C7: "If a full cycle of turns passes with no card drawn, melded or discarded, the hand
    ends with no winner." (Every turn under these rules ends with a discard, so the position is
    set up: a full cycle of idle turns has passed.) R6: everyone scores their hand."""
    s = deal(3, {0: ["5", "Magic"], 1: ["9"], 2: ["Chase", "2+2=4"]})
    set_vars(s, {"idle": 3})
    s.apply("draw")                      # the guard is checked before the next decision
    keys = event_keys(s)
    assert "hand_blocked" in keys and "hand_won" not in keys
    assert [hand_points(s, p) for p in range(3)][1:] == [9, 8]
    assert gvar(s, "hand_no") == 2


def test_the_match_ends_above_200():
    """C8: "The game ends after a hand when a player has more than 200 points ... the lowest
    total wins." ("Le jeu est terminé quand un joueur dépasse 200 points")"""
    s = deal(3, {0: ["2+3=5", "6", "3+4=7"], 1: ["20"], 2: ["5"]}, drawn=True)
    set_vars(s, {("total", 0): 150, ("total", 1): 190, ("total", 2): 120})
    lay(s, ["2+3=5", "6", "3+4=7"])
    assert s.is_over
    assert s.outcome.scores == (150, 210, 125)
    assert s.outcome.winners == (2,) and s.outcome.reason == "match_over"


def test_the_match_ends_when_only_one_is_below_200():
    """C8: "... or only one player has fewer than 200" ("ou quand un seul joueur a moins de 200
    points"); the lowest total wins."""
    s = deal(3, {0: ["2+3=5", "6", "3+4=7"], 1: ["Chase"], 2: ["Magic"]}, drawn=True)
    set_vars(s, {("total", 0): 120, ("total", 1): 200, ("total", 2): 200})
    lay(s, ["2+3=5", "6", "3+4=7"])
    assert s.is_over and s.outcome.scores == (120, 200, 200) and s.outcome.winners == (0,)


def test_the_match_goes_on_below_the_threshold():
    """C8: "Points accumulate over hands"; no end while two or more are below 200 and nobody is
    above it."""
    s2 = deal(3, {0: ["2+3=5", "6", "3+4=7"], 1: ["20"], 2: ["5"]}, drawn=True)
    set_vars(s2, {("total", 0): 10, ("total", 1): 100, ("total", 2): 20})
    lay(s2, ["2+3=5", "6", "3+4=7"])
    assert not s2.is_over
    assert [pvar(s2, p, "total") for p in range(3)] == [10, 120, 25]
    assert Counter(event_keys(s2))["hand_begins"] == 2
