"""SHAM: the end of a round (S11), passing, and the end of the game with its scores (S12)."""

from collections import Counter

import pytest
from sham_helpers import (
    challenge,
    deal,
    event_keys,
    gvar,
    hand,
    in_round,
    legal,
    pending,
    place,
    size,
)

import rulekit
from rulekit.testing import labels

FILLER = ["purple 1", "purple 2", "purple 3"]


def events(s, key):
    return [args for k, args in rulekit.events_for(s, None) if k == key]


def test_last_one_in_takes_every_played_pile_and_everyone_draws_to_seven():
    """Ending The Round: "You win the round by being the last remaining player ... Take all
    cards played during that round from everyone's Played Piles and place them into your
    Winnings Pile. To start the next round, players should top up their hands to 7 cards. The
    player to the left of the winner then places any value or colour of cards face down."
    S11, with R4: the top-up goes clockwise from the new leader."""
    s = deal(4, {0: ["red 1", "red 2", "red 3", "yellow 1", "yellow 2", "yellow 3", "yellow 4"],
                 1: ["blue 1", "blue 2", "blue 3", "blue 4", "purple 4", "purple 3", "purple 2"],
                 2: ["yellow 1", "blue 2", "blue 1", "red 4", "red 3", "red 2", "red 1"],
                 3: FILLER + ["purple 1", "yellow 2", "yellow 3", "yellow 4"]})
    place(s, ["red 1"], 1, colour="red")                   # honest
    challenge(s, {1: "call_sham"})                          # wrong: seat 1 out, gives a card
    s.apply("keep")
    assert s.decider == 2
    place(s, ["yellow 1", "blue 2"], 3)                     # a lie
    challenge(s, {3: "call_sham"})                          # right: seat 2 out, gives a card
    s.apply("bank")
    assert s.decider == 3
    placed = {p: Counter(labels(s, ("played", p))) for p in range(4)}
    winnings_before = {p: Counter(labels(s, ("winnings", p))) for p in range(4)}
    hands = {p: hand(s, p) for p in range(4)}
    assert [sum(h.values()) for h in hands.values()] == [8, 6, 6, 7]
    top = labels(s, "draw")[::-1]                           # top first
    s.apply("pass")                                         # seat 3 out: seat 0 is the last
    # the winner takes every Played Pile, the liar's revealed cards included (S7)
    assert Counter(labels(s, ("winnings", 0))) == winnings_before[0] + sum(placed.values(),
                                                                          Counter())
    assert all(size(s, ("played", p)) == 0 for p in range(4))
    assert Counter(labels(s, ("winnings", 3))) == winnings_before[3]   # the banked card stays
    assert events(s, "round_won")[-1] == {"player": ("player", 0), "n": 3}
    # everyone tops up to 7, clockwise from the new leader (seat 1)
    assert hand(s, 1) == hands[1] + Counter(top[:1])
    assert hand(s, 2) == hands[2] + Counter(top[1:2])
    assert hand(s, 0) == hands[0] and hand(s, 3) == hands[3]    # 8 and 7: nothing drawn
    # the winner's left neighbour leads a fresh round
    assert gvar(s, "leader") == 1 and s.decider == 1 and pending(s) is None
    assert all(in_round(s, p) for p in range(4))
    assert gvar(s, "claim_total") == 0 and gvar(s, "claim_colour") == "none"
    assert "pass" not in legal(s)                  # S7: "the first leader of a round must place"
    assert event_keys(s)[-1] == "round_begins"


def test_face_up_wildcards_go_to_the_winner_too():
    """S11: "they take every card in every Played Pile (face-down placements and face-up
    wildcards) into their Winnings Pile"."""
    s = deal(3, {0: ["red 2"] + FILLER, 1: ["Going Down", "red 1"] + FILLER,
                 2: ["Overflow", "red 3"] + FILLER})
    place(s, ["red 2"], 2, colour="red")
    challenge(s)
    s.apply("going_down")
    place(s, ["red 1"], 1)
    challenge(s)
    s.apply("overflow")
    place(s, ["red 3"], 3)
    challenge(s)
    s.apply("pass")
    s.apply("pass")
    assert Counter(labels(s, ("winnings", 2))) == Counter(
        ["red 2", "Going Down", "red 1", "Overflow", "red 3"])
    assert events(s, "round_won")[-1] == {"player": ("player", 2), "n": 5}


def test_winners_left_neighbour_wraps_round():
    """Ending The Round: "The player to the left of the winner then places"; the left of the
    last seat is seat 0."""
    s = deal(3, {0: ["red 1"] + FILLER, 1: FILLER, 2: ["red 2"] + FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    s.apply("pass")
    place(s, ["red 2"], 2)
    challenge(s)
    s.apply("pass")
    assert events(s, "round_won")[-1]["player"] == ("player", 2)
    assert gvar(s, "leader") == 0 and s.decider == 0
    assert legal(s) == ["place"]


def test_player_without_cards_passes():
    """S11. "A player with no cards at their turn passes." """
    s = deal(3, {0: ["red 1", "red 2"], 1: [], 2: ["blue 1"]}, empty_draw=True)
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    assert s.decider == 1 and legal(s) == ["pass"]
    s.apply("pass")
    assert not in_round(s, 1) and s.decider == 2


def test_leader_without_cards_passes_and_the_next_leads():
    """S11 for the leader: "A player with no cards at their turn passes." Nobody has placed yet,
    so the next player is the round's first leader (S7: "only the first leader of a round must
    place"): they lead (any colour) and must place."""
    s = deal(3, {0: [], 1: ["blue 1", "blue 2"], 2: ["red 1"]}, empty_draw=True)
    assert s.decider == 0 and legal(s) == ["pass"]
    s.apply("pass")
    assert s.decider == 1 and legal(s) == ["place"]
    place(s, ["blue 1"], 1, colour="blue")


def test_leader_with_cards_must_place():
    """S7. "A player leading afresh may pass, as any following player may; only the first leader
    of a round must place." Rulebook: "Begin the round by placing any number of cards"."""
    for seed in range(10):
        s = deal(3, {}, seed=seed)
        assert "pass" not in legal(s) and "place" in legal(s)
        with pytest.raises(rulekit.IllegalActionError):
            s.apply("pass")


# ---- S12: the end of the game ----------------------------------------------------------

def last_round(winnings=None, hands=None):
    """Draw Pile empty; seat 1 wins the round; seat 2 alone still holds cards."""
    hands = hands or {0: ["red 1"], 1: ["red 2"], 2: ["blue 1", "blue 2"]}
    zones = {f"winnings_{p}": cards for p, cards in (winnings or {}).items()}
    s = deal(3, hands, empty_draw=True, **zones)
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    place(s, ["red 2"], 2)
    challenge(s)
    assert not s.is_over                          # only at the round's end
    s.apply("pass")
    assert s.decider == 0 and legal(s) == ["pass"]
    return s


def test_game_ends_when_draw_pile_empty_and_one_player_holds_cards():
    """Winning The Game: "The game ends when only one player has cards remaining in their hand.
    These cards are discarded and do not count toward any player's Winnings Pile or score."
    S12: "at a round's end when the Draw Pile is empty and at most one player holds cards"."""
    s = last_round()
    discard_before = Counter(labels(s, "discard"))
    held = hand(s, 2)
    s.apply("pass")
    assert s.is_over and s.decider is None and s.legal_actions() == []
    assert s.outcome.reason == "draw_pile_empty"
    assert all(size(s, ("hand", p)) == 0 for p in range(3))
    assert Counter(labels(s, "discard")) == discard_before + held
    assert size(s, ("winnings", 2)) == 0 and s.outcome.scores[2] == 0
    assert events(s, "cards_discarded")[-1] == {"n": 2}
    assert event_keys(s)[-1] == "game_over"
    with pytest.raises(rulekit.GameOverError):
        s.apply("pass")


def test_game_ends_when_nobody_holds_cards():
    """S12: "at most one player holds cards" includes nobody."""
    s = last_round(hands={0: ["red 1"], 1: ["red 2"], 2: []})
    s.apply("pass")
    assert s.is_over and events(s, "cards_discarded")[-1] == {"n": 0}


def test_game_goes_on_while_two_players_hold_cards():
    """S12 (the converse): with two hands still holding cards a new round begins."""
    s = last_round(hands={0: ["red 1"], 1: ["red 2", "red 3"], 2: ["blue 1", "blue 2"]})
    s.apply("pass")
    assert not s.is_over
    assert s.decider == 2 and gvar(s, "leader") == 2 and legal(s) == ["place"]


def test_score_counts_cards_not_values():
    """Winning The Game: "Each player then counts the number of cards in their Winnings Pile
    (not the card values). The player with the highest total wins SHAM!" """
    s = last_round(winnings={0: ["red 4", "blue 4", "yellow 4"], 1: ["red 1", "blue 1"]})
    s.apply("pass")
    assert s.outcome.scores == tuple(size(s, ("winnings", p)) for p in range(3)) == (3, 4, 0)
    assert s.outcome.winners == (1,)


def test_equal_highest_scores_share_the_win():
    """S12. "The highest score wins; equal highest scores share the win." """
    s = last_round(winnings={0: ["red 4", "blue 4", "yellow 4", "purple 4"],
                             1: ["red 1", "blue 1"], 2: ["yellow 1"]})
    s.apply("pass")
    assert s.outcome.scores == (4, 4, 1)
    assert s.outcome.winners == (0, 1)
    shown = rulekit.observation(s, 2)["outcome"]
    assert shown == {"scores": [4, 4, 1], "winners": [0, 1], "reason": "draw_pile_empty"}
