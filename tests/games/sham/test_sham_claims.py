"""SHAM: what a placement may claim (S3) and when a claim is honest (S4)."""

import pytest
from sham_helpers import (
    COLOURS,
    challenge,
    deal,
    event_keys,
    gvar,
    in_round,
    in_window,
    legal,
    place,
    rendered,
    size,
    totals_offered,
)

import rulekit
from rulekit.testing import labels

FILLER = ["purple 1", "purple 2", "purple 3"]


def test_leader_claims_any_colour_and_totals_up_to_four_per_card():
    """S3. "The round's leader claims any colour and any total >= 1; that colour is the round's
    colour." S3: "A claimed total is at most 4 x the number of cards placed"."""
    s = deal(3, {0: ["red 1", "red 2", "blue 3", "yellow 4"]})
    s.apply("place")
    s.apply("pick red 1")
    s.apply("pick blue 3")
    s.apply("done")
    assert sorted(legal(s)) == sorted(f"colour {c}" for c in COLOURS)
    for colour in COLOURS:
        c = s.clone()
        c.apply(f"colour {colour}")
        assert legal(c) == [f"total {t}" for t in range(1, 9)]
    s0 = deal(3, {0: ["red 1", "red 2", "blue 3", "yellow 4"]})
    assert totals_offered(s0, ["red 2"], "blue") == [1, 2, 3, 4]


def test_placement_needs_at_least_one_card():
    """S3. "A placement puts 1 or more cards from hand face down"."""
    s = deal(3, {0: ["red 1", "red 2"]})
    s.apply("place")
    assert "done" not in legal(s)
    assert sorted(legal(s)) == ["pick red 1", "pick red 2"]


def test_follower_claims_the_round_colour_and_at_least_the_standing_total():
    """S3. "Later placements claim the round's colour and a total >= the standing claim's
    total". S3: "A claimed total is at most 4 x the number of cards placed, or the standing
    claim's total when that is higher"."""
    s = deal(3, {0: ["red 1", "red 2"] + FILLER, 1: ["blue 1", "blue 2", "blue 3", "red 4"]})
    place(s, ["red 1", "red 2"], 3, colour="red")
    challenge(s)
    assert s.decider == 1 and gvar(s, "claim_total") == 3
    assert totals_offered(s, ["blue 1"]) == [3, 4]            # no colour step: the round's
    assert totals_offered(s, ["blue 1", "blue 2"]) == list(range(3, 9))
    place(s, ["blue 3"], 4)
    placed = [a for k, a in rulekit.events_for(s, 2) if k == "placed"]
    assert placed[-1]["colour"] == "red" and placed[-1]["total"] == 4


def test_claim_may_not_exceed_the_standing_claim_bound_below():
    """S3: "or the standing claim's total when that is higher: a higher claim is a lie everyone
    can see, and the bound keeps the choice finite": one card under a standing 7 may only
    claim 7."""
    s = deal(3, {0: ["red 3", "red 4"] + FILLER, 1: ["blue 1", "blue 2"]})
    place(s, ["red 3", "red 4"], 7, colour="red")
    challenge(s)
    assert totals_offered(s, ["blue 1"]) == [7]
    with pytest.raises(rulekit.IllegalActionError):
        place(s, ["blue 1"], 6)


def test_claimed_colour_stays_for_the_round():
    """Beginning The Round: "All following players must follow, or claim to follow, the stated
    colour for the rest of the round." Two followers in turn claim the leader's colour."""
    s = deal(4, {0: ["yellow 2"] + FILLER, 1: ["red 3"] + FILLER, 2: ["blue 4"] + FILLER})
    place(s, ["yellow 2"], 2, colour="yellow")
    challenge(s)
    place(s, ["red 3"], 3)
    challenge(s)
    place(s, ["blue 4"], 4)
    challenge(s)
    colours = [a["colour"] for k, a in rulekit.events_for(s, 3) if k == "placed"]
    assert colours == ["yellow", "yellow", "yellow"]
    assert gvar(s, "claim_colour") == "yellow"


# S4: (cards placed, colour claimed, total claimed, honest?)
HONESTY = [
    (["red 1", "red 2"], "red", 3, True),
    (["red 4"], "red", 4, True),
    (["yellow 1", "yellow 1", "yellow 1", "yellow 1"], "yellow", 4, True),
    (["red 1", "red 2"], "red", 4, False),        # total too high
    (["red 1", "red 2"], "red", 2, False),        # total too low: the sum must be exact
    (["red 1", "blue 2"], "red", 3, False),       # one card of another colour
    (["blue 1", "blue 2"], "red", 3, False),      # every card of another colour
    (["red 3", "Overflow"], "red", 3, False),     # a face-down wildcard has no colour...
    (["red 3", "Going Down"], "red", 3, False),
    (["From the Grave"], "red", 1, False),        # ... and value 0
]


@pytest.mark.parametrize(("cards", "colour", "total", "honest"), HONESTY)
def test_claim_honest_iff_colour_and_exact_sum(cards, colour, total, honest):
    """S4. "A claim is honest iff every placed card has the claimed colour and their values sum
    exactly to the claimed total. A wildcard placed face down has no colour and value 0."
    Seat 1 calls SHAM: an honest claim puts the accuser out, a lie puts the placer out."""
    s = deal(3, {0: cards + ["purple 1"], 1: FILLER, 2: FILLER})
    place(s, cards, total, colour=colour)
    challenge(s, {1: "call_sham"})
    keys = event_keys(s)
    assert ("claim_was_true" in keys) == honest
    assert ("claim_was_false" in keys) == (not honest)
    assert in_round(s, 0) == honest
    assert in_round(s, 1) == (not honest)


def test_wildcard_placed_face_down_has_no_effect():
    """S4: a wildcard placed face down is only a card of no colour and value 0; S10's effects
    belong to a wildcard played face up. Overflow placed face down makes nobody draw to 9."""
    s = deal(3, {0: ["Overflow", "red 1"], 1: FILLER, 2: FILLER})
    place(s, ["Overflow"], 2, colour="red")
    assert size(s, ("hand", 1)) == 3 and size(s, ("hand", 2)) == 3
    assert size(s, ("hand", 0)) == 7                           # S9 only
    challenge(s)
    assert in_round(s, 0)


def test_placed_cards_are_face_down_until_sham_is_called():
    """"place the cards face down in front of you" and Calling SHAM: "That player then reveals
    the cards they played to the group." """
    s = deal(3, {0: ["red 1", "red 2", "blue 4"], 1: FILLER, 2: FILLER})
    place(s, ["red 1", "blue 4"], 5, colour="red")
    for seat in (1, 2):
        view = rulekit.observation(s, seat)["seats"][0]["zones"]["played"]
        assert view["count"] == 2 and not any(view["cards"])
    assert sorted(rulekit.observation(s, 0)["seats"][0]["zones"]["played"]["cards"]) == \
        ["blue 4", "red 1"]
    assert not any("blue 4" in line for line in rendered(s, 2))
    challenge(s, {1: "call_sham"})
    for seat in (1, 2):
        view = rulekit.observation(s, seat)["seats"][0]["zones"]["played"]
        assert sorted(c for c in view["cards"] if c) == ["blue 4", "red 1"]
    assert any("blue 4" in line and "red 1" in line for line in rendered(s, 2))
    # the liar's placed cards stay in the liar's Played Pile (S7)
    assert sorted(labels(s, ("played", 0))) == ["blue 4", "red 1"]


def test_unchallenged_claim_is_never_revealed():
    """Continuing Play: "Once you place cards or pass, nobody may call SHAM on the previous
    player and their play is safe." With nobody calling, the cards stay face down."""
    s = deal(3, {0: ["red 1", "blue 4"], 1: FILLER, 2: FILLER})
    place(s, ["blue 4"], 4, colour="red")
    challenge(s)
    assert not in_window(s, "challenge")
    assert gvar(s, "claim_total") == 4
    view = rulekit.observation(s, 2)["seats"][0]["zones"]["played"]
    assert view["count"] == 1 and not any(view["cards"])
