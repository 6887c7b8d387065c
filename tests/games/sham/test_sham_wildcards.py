"""SHAM: the four wildcards (S10)."""

from collections import Counter

import pytest
from sham_helpers import (
    challenge,
    deal,
    event_keys,
    gvar,
    hand,
    in_round,
    in_window,
    legal,
    pending,
    place,
    size,
    totals_offered,
)

import rulekit
from rulekit.testing import labels

FILLER = ["purple 1", "purple 2", "purple 3"]
TURN_WILDS = {"Overflow": "overflow", "Swap Hands": "swap_hands", "Going Down": "going_down"}


def face_up_played(s, seat, viewer):
    """The cards of seat's Played Pile that viewer can see."""
    return [c for c in rulekit.observation(s, viewer)["seats"][seat]["zones"]["played"]["cards"]
            if c]


def test_overflow_everyone_draws_up_to_nine():
    """Overflow: "All players pick up until they have 9 cards." S10: "every player, in or out
    of the round, draws up to 9". Wildcards: "Wildcards also apply to locked-out players." A
    hand of 10 draws nothing."""
    ten = ["yellow 1", "yellow 2", "yellow 3", "yellow 4", "blue 1", "blue 2", "blue 3",
           "blue 4", "red 3", "red 4"]
    s = deal(4, {0: ["red 1"] + FILLER, 1: FILLER, 2: ["Overflow", "red 2"] + FILLER, 3: ten})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    s.apply("pass")                                   # seat 1 is locked out with 3 cards
    assert s.decider == 2 and "overflow" in legal(s)
    sizes = [size(s, ("hand", p)) for p in range(4)]
    assert sizes == [7, 3, 5, 10]
    draw_before = labels(s, "draw")
    hands_before = [hand(s, p) for p in range(4)]
    s.apply("overflow")
    assert [size(s, ("hand", p)) for p in range(4)] == [9, 9, 9, 10]
    drawn = sum(((hand(s, p) - hands_before[p]) for p in range(4)), Counter())
    n = (9 - 7) + (9 - 3) + (9 - (5 - 1))             # seat 2's Overflow left its hand first
    assert drawn == Counter(draw_before[-n:])         # from the top of the Draw Pile
    assert labels(s, "draw") == draw_before[:-n]
    assert not in_round(s, 1)                         # drawing does not bring seat 1 back


def test_overflow_no_pick_up_again_until_fewer_than_seven():
    """Overflow: "No one may pick up again until they have fewer than 7 cards." After it the
    placer keeps 8 and draws nothing (S9)."""
    s = deal(3, {0: ["Overflow", "red 1"] + FILLER, 1: FILLER, 2: FILLER})
    s.apply("overflow")
    assert size(s, ("hand", 0)) == 9
    n_draw = size(s, "draw")
    place(s, ["red 1"], 1, colour="red")
    assert size(s, ("hand", 0)) == 8 and size(s, "draw") == n_draw


def test_swap_hands_with_any_other_player():
    """Swap Hands: "Swap hands with any player." S10: "exchange whole hands with any one other
    player". A locked-out player may be the one (wildcards apply to locked-out players)."""
    s = deal(4, {0: ["red 1"] + FILLER, 1: ["yellow 1", "yellow 2"],
                 2: ["Swap Hands", "blue 4", "blue 3"], 3: FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    s.apply("pass")
    assert s.decider == 2
    s.apply("swap_hands")
    assert sorted(legal(s)) == ["target 0", "target 1", "target 3"]   # not oneself
    mine, theirs = hand(s, 2) - Counter(["Swap Hands"]), hand(s, 1)
    s.apply("target 1")                               # Swap Hands itself stays played
    assert hand(s, 2) == theirs and hand(s, 1) == mine
    assert in_round(s, 2) and not in_round(s, 1)
    assert s.decider == 2 and pending(s) is None
    place(s, ["yellow 2"], 2)                         # the turn goes on with the new hand
    assert labels(s, ("played", 2))[-1] == "yellow 2"


def test_going_down_needs_a_standing_claim_above_one():
    """Going Down: "Claim to place any card(s) with a lower total value than the previous
    player." S10: "playable only when there is one [a standing claim]"; no total is strictly
    lower than 1."""
    s = deal(3, {0: ["Going Down", "red 1"] + FILLER, 1: ["Going Down", "red 2"] + FILLER,
                 2: FILLER})
    assert "going_down" not in legal(s)               # leading: no standing claim
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    assert s.decider == 1 and "going_down" not in legal(s)   # standing claim of 1
    s2 = deal(3, {0: ["red 2"] + FILLER, 1: ["Going Down", "red 1"] + FILLER, 2: FILLER})
    place(s2, ["red 2"], 2, colour="red")
    challenge(s2)
    assert "going_down" in legal(s2)


def test_going_down_claims_strictly_lower():
    """S10 Going Down: "this turn's placement claims a total strictly lower than the standing
    claim". An honest lower claim then stands (S7) for the next player."""
    s = deal(3, {0: ["red 3", "red 1"] + FILLER, 1: ["Going Down", "red 2", "blue 4"] + FILLER,
                 2: ["red 4"] + FILLER})
    place(s, ["red 3", "red 1"], 4, colour="red")
    challenge(s)
    assert totals_offered(s, ["red 2"]) == [4]
    s.apply("going_down")
    assert totals_offered(s, ["red 2"]) == [1, 2, 3]
    assert totals_offered(s, ["red 2", "blue 4"]) == [1, 2, 3]
    place(s, ["red 2"], 2)
    challenge(s, {2: "call_sham"})                    # honest: the accuser is out
    assert not in_round(s, 2) and "claim_was_true" in event_keys(s)
    s.apply("keep")
    assert gvar(s, "claim_total") == 2
    assert s.decider == 0
    assert totals_offered(s, ["purple 1"]) == [2, 3, 4]


def test_going_down_is_for_this_turn_only():
    """S10: Going Down lowers "this turn's placement"; the next player is back to >=."""
    s = deal(3, {0: ["red 4"] + FILLER, 1: ["Going Down", "red 1"] + FILLER,
                 2: ["red 2", "red 3"] + FILLER})
    place(s, ["red 4"], 4, colour="red")
    challenge(s)
    s.apply("going_down")
    place(s, ["red 1"], 1)
    challenge(s)
    assert s.decider == 2
    assert totals_offered(s, ["red 2"]) == [1, 2, 3, 4]
    assert "going_down" not in legal(s)


def test_from_the_grave_right_call_re_enters_and_takes():
    """From the Grave: "Call SHAM after you are out of a round. If you guess correctly, you
    re-enter the round." S10: "if the call is right they take the random card as usual and
    re-enter the round"."""
    s = deal(3, {0: ["red 1"] + FILLER, 1: ["From the Grave", "yellow 1"],
                 2: ["blue 1"] + FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    s.apply("pass")
    assert not in_round(s, 1)
    place(s, ["blue 1"], 2)                           # a lie
    before1, before2 = hand(s, 1), hand(s, 2)
    assert challenge(s, {1: "call_from_the_grave"}) == [0, 1]
    assert in_round(s, 1) and not in_round(s, 2)
    assert "back_in_round" in event_keys(s)
    taken = before2 - hand(s, 2)
    assert sum(taken.values()) == 1
    assert hand(s, 1) == before1 - Counter(["From the Grave"]) + taken
    assert in_window(s, "keep_or_bank") and s.decider == 1
    s.apply("bank")
    assert labels(s, ("winnings", 1)) == list(taken)
    assert s.decider == 0                             # S8: next in the round after the placer
    s.apply("pass")
    assert "round_won" in event_keys(s)               # seat 1, back in, is the last one in
    won = [a for k, a in rulekit.events_for(s, 0) if k == "round_won"]
    assert won[-1]["player"] == ("player", 1)


def test_from_the_grave_wrong_call_gives_a_card():
    """S10 From the Grave: "if it is wrong, the accused takes a random card from them as
    usual." The caller stays out; the wildcard is spent face up."""
    s = deal(3, {0: ["red 1"] + FILLER, 1: ["From the Grave", "yellow 1", "yellow 2"],
                 2: ["red 2"] + FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    s.apply("pass")
    place(s, ["red 2"], 2)                            # honest
    before1, before2 = hand(s, 1), hand(s, 2)
    challenge(s, {1: "call_from_the_grave"})
    assert not in_round(s, 1) and in_round(s, 2)
    assert "claim_was_true" in event_keys(s)
    left1 = before1 - Counter(["From the Grave"])
    taken = left1 - hand(s, 1)
    assert sum(taken.values()) == 1 and hand(s, 2) == before2 + taken
    assert s.decider == 2 and in_window(s, "keep_or_bank")
    s.apply("keep")
    assert face_up_played(s, 1, 0) == ["From the Grave"]
    assert labels(s, ("played", 1)) == ["From the Grave"]
    assert s.decider == 0 and gvar(s, "claim_total") == 2


def test_from_the_grave_only_while_out_of_the_round():
    """Wildcards: "From the Grave ... may be placed at any time while you are out of a round".
    In the round, its holder may only call SHAM as usual, and it is no turn wildcard."""
    s = deal(3, {0: ["red 1"] + FILLER, 1: ["From the Grave", "red 2"] + FILLER, 2: FILLER})
    assert legal(s) == ["place"]
    place(s, ["red 1"], 1, colour="red")
    assert s.decider == 1 and legal(s) == ["call_sham", "let_it_go"]
    challenge(s)
    assert s.decider == 1 and sorted(legal(s)) == ["pass", "place"]


@pytest.mark.parametrize("first", list(TURN_WILDS))
def test_one_wildcard_per_turn(first):
    """Wildcards: "You may choose to play one Wildcard at the beginning of your turn. ... After
    you have used a Wildcard, continue your turn as usual." """
    wilds = list(TURN_WILDS)
    s = deal(3, {0: ["red 2"] + FILLER, 1: wilds + ["red 3"], 2: FILLER})
    place(s, ["red 2"], 2, colour="red")
    challenge(s)
    assert {TURN_WILDS[w] for w in wilds} <= set(legal(s))
    s.apply(TURN_WILDS[first])
    if first == "Swap Hands":
        s.apply("target 2")
    assert sorted(legal(s)) == ["pass", "place"]
    assert face_up_played(s, 1, 2) == [first]
    assert labels(s, ("played", 1)) == [first]


@pytest.mark.parametrize("wild", list(TURN_WILDS))
def test_wildcards_go_face_up_to_the_played_pile(wild):
    """S10: "they may play one wildcard face up into their Played Pile and resolve it". Every
    seat sees it; the cards placed face down after it stay hidden."""
    s = deal(3, {0: ["red 2"] + FILLER, 1: [wild, "red 3", "red 4"], 2: FILLER})
    place(s, ["red 2"], 2, colour="red")
    challenge(s)
    s.apply(TURN_WILDS[wild])
    if wild == "Swap Hands":
        s.apply("target 0")
    for viewer in range(3):
        assert face_up_played(s, 1, viewer) == [wild]
    card = labels(s, ("hand", 1))[0]
    place(s, [card], 1 if wild == "Going Down" else 2)
    for viewer in (0, 2):
        view = rulekit.observation(s, viewer)["seats"][1]["zones"]["played"]
        assert view["count"] == 2 and face_up_played(s, 1, viewer) == [wild]
