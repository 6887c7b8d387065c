"""SHAM: calling SHAM (S5-S9): the window, both outcomes, the random card, what comes next."""

from collections import Counter

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
    rendered,
    size,
    totals_offered,
)

import rulekit
from rulekit.testing import labels

FILLER = ["purple 1", "purple 2", "purple 3"]


def taken_card(before: Counter, after: Counter) -> str:
    """The one card that left a hand between two looks at it."""
    gone = before - after
    assert sum(gone.values()) == 1 and not (after - before), (before, after)
    return next(iter(gone))


# ---- S5: the window ---------------------------------------------------------------------

def test_window_asks_every_other_player_clockwise_from_the_placer():
    """S5. "Every player still in the round other than the placer, and every player out of the
    round who holds From the Grave, is asked in turn, clockwise from the placer ... Everyone
    eligible is asked, whether or not they would call". R2: "a player out of the round without
    From the Grave can only let it go"."""
    few = ["purple 1", "yellow 1"]
    s = deal(5, {0: ["red 1"] + few, 1: few, 2: ["From the Grave"] + few, 3: ["red 2"] + few,
                 4: few})
    place(s, ["red 1"], 1, colour="red")
    assert challenge(s) == [1, 2, 3, 4]
    s.apply("pass")                                   # 1 is out, holding no From the Grave
    s.apply("pass")                                   # 2 is out, holding From the Grave
    assert s.decider == 3
    place(s, ["red 2"], 2)
    asked = {}
    while in_window(s, "challenge"):
        asked[s.decider] = sorted(legal(s))
        s.apply("let_it_go")
    assert list(asked) == [4, 0, 1, 2]                # clockwise from the placer, 3 not asked
    assert asked[4] == asked[0] == ["call_sham", "let_it_go"]
    assert asked[1] == ["let_it_go"]
    assert asked[2] == ["call_from_the_grave", "let_it_go"]


def test_window_is_answered_before_the_next_turn_begins():
    """S5. "The window is answered before the next player's turn begins, so a wildcard played
    "at the beginning of your turn" (S10) always comes after any call on the previous
    placement." Seat 1 holds Overflow: while the window is open it is only asked to call or let
    it go; its turn, wildcard included, begins once the window is answered."""
    s = deal(4, {0: ["red 1"] + FILLER, 1: ["Overflow"] + FILLER, 2: FILLER, 3: FILLER})
    place(s, ["red 1"], 1, colour="red")
    assert in_window(s, "challenge") and s.decider == 1
    assert sorted(legal(s)) == ["call_sham", "let_it_go"]     # no wildcard inside the window
    s.apply("let_it_go")
    assert in_window(s, "challenge") and s.decider == 2       # the window goes on, seat 1 waits
    challenge(s)
    assert s.decider == 1 and pending(s) is None
    assert legal(s)[0] == "overflow"                          # now the turn begins
    s.apply("overflow")
    keys = event_keys(s)
    assert keys.index("placed") < keys.index("played_overflow")


def test_a_call_comes_before_the_next_players_wildcard():
    """S5: "a wildcard played "at the beginning of your turn" (S10) always comes after any call
    on the previous placement": seat 2 calls SHAM on seat 1's lie, then plays Going Down on
    the claim that stands."""
    s = deal(4, {0: ["red 3"] + FILLER, 1: ["blue 1"] + FILLER, 2: ["Going Down"] + FILLER,
                 3: FILLER})
    place(s, ["red 3"], 3, colour="red")
    challenge(s)
    place(s, ["blue 1"], 4)                                   # a lie
    assert s.decider == 2 and in_window(s, "challenge")
    assert sorted(legal(s)) == ["call_sham", "let_it_go"]
    s.apply("call_sham")
    s.apply("keep")
    assert s.decider == 2 and pending(s) is None and gvar(s, "claim_total") == 3
    s.apply("going_down")
    keys = event_keys(s)
    assert keys.index("sham_called") < keys.index("played_going_down")


def test_first_call_closes_the_window():
    """S5. "the first to call resolves it and the window closes." Seat 2 calls; seat 3 is never
    asked about this placement."""
    s = deal(4, {0: ["blue 2"] + FILLER, 1: FILLER, 2: FILLER, 3: FILLER})
    place(s, ["blue 2"], 2, colour="red")
    assert challenge(s, {2: "call_sham"}) == [1, 2]
    assert in_window(s, "keep_or_bank") and s.decider == 2
    s.apply("keep")
    assert not in_window(s, "challenge")
    assert pending(s) is None


def test_window_closes_before_the_next_player_acts():
    """Continuing Play: "Once you place cards or pass, nobody may call SHAM on the previous
    player and their play is safe." The next player's turn offers no call, and the next window
    is about their own placement."""
    s = deal(3, {0: ["red 1"] + FILLER, 1: ["red 2"] + FILLER, 2: FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    assert s.decider == 1 and pending(s) is None
    assert "call_sham" not in legal(s)
    place(s, ["red 2"], 2)
    assert pending(s)["opener"] == 1
    assert challenge(s) == [2, 0]


def test_only_players_in_the_round_may_call_sham():
    """Calling SHAM: "You may only call SHAM if you are still in the round." A player who
    passed is asked (S5) but offered only to let it go."""
    s = deal(3, {0: ["red 1", "red 2"] + FILLER, 1: FILLER, 2: ["red 3"] + FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    s.apply("pass")
    place(s, ["red 3"], 3)
    assert s.decider == 0 and legal(s) == ["call_sham", "let_it_go"]
    s.apply("let_it_go")
    assert s.decider == 1 and legal(s) == ["let_it_go"]


# ---- S6: both outcomes ------------------------------------------------------------------

def test_truth_accuser_out_and_accused_takes_a_random_card():
    """Calling SHAM: "If the accused player was telling the truth: The accuser is locked out of
    the current round. The accused player takes one random card from the accuser's hand. After
    looking at it, they may choose to keep the card in their hand"."""
    s = deal(3, {0: ["red 1", "red 2"] + FILLER, 1: ["yellow 4", "blue 3", "purple 2"],
                 2: FILLER})
    place(s, ["red 1", "red 2"], 3, colour="red")
    before0, before1 = hand(s, 0), hand(s, 1)
    challenge(s, {1: "call_sham"})
    assert not in_round(s, 1) and in_round(s, 0)
    card = taken_card(before1, hand(s, 1))
    assert hand(s, 0) == before0 + Counter([card])          # taken into the accused's hand
    assert in_window(s, "keep_or_bank") and s.decider == 0   # the taker chooses
    assert sorted(legal(s)) == ["bank", "keep"]
    s.apply("keep")
    assert hand(s, 0) == before0 + Counter([card])
    assert size(s, ("winnings", 0)) == 0


def test_lie_liar_out_and_accuser_takes_a_random_card():
    """Calling SHAM: "If the accused player was lying: The liar is locked out of the current
    round. The accuser takes one random card from the liar's hand. After looking at it, they
    may choose to keep the card in their hand or place it into their Winnings Pile." """
    s = deal(3, {0: ["blue 1"] + FILLER, 1: FILLER, 2: FILLER})
    place(s, ["blue 1"], 1, colour="red")
    before0, before1 = hand(s, 0), hand(s, 1)
    challenge(s, {1: "call_sham"})
    assert not in_round(s, 0) and in_round(s, 1)
    card = taken_card(before0, hand(s, 0))
    assert hand(s, 1) == before1 + Counter([card])
    assert s.decider == 1 and sorted(legal(s)) == ["bank", "keep"]
    s.apply("bank")
    assert hand(s, 1) == before1                             # banked: out of the hand...
    assert labels(s, ("winnings", 1)) == [card]              # ... into the Winnings Pile
    assert rulekit.observation(s, 2)["seats"][1]["zones"]["winnings"] == {"count": 1,
                                                                          "cards": []}


def test_random_card_is_random():
    """S6. "The random card is drawn by the engine's seeded RNG". Over many seeds, each of the
    accuser's three cards is the one taken at some point; a seed always takes the same one."""
    seen = Counter()
    for seed in range(40):
        picks = set()
        for _ in range(2):
            s = deal(3, {0: ["red 1"] + FILLER, 1: ["yellow 4", "blue 3", "purple 2"],
                         2: FILLER}, seed=seed)
            place(s, ["red 1"], 1, colour="red")
            before = hand(s, 1)
            challenge(s, {1: "call_sham"})
            picks.add(taken_card(before, hand(s, 1)))
        assert len(picks) == 1
        seen.update(picks)
    assert set(seen) == {"yellow 4", "blue 3", "purple 2"}


def test_only_the_taker_and_giver_learn_the_random_card():
    """S6. "the taker sees it"; the others learn that a card was taken, not which."""
    s = deal(3, {0: ["red 1", "red 2"] + FILLER, 1: ["yellow 4"], 2: FILLER})
    place(s, ["red 1", "red 2"], 3, colour="red")
    start = len(rulekit.events_for(s, 0))
    challenge(s, {1: "call_sham"})
    assert labels(s, ("hand", 1)) == []
    taker = rendered(s, 0, start=start)
    third = rendered(s, 2, start=start)
    assert any("yellow 4" in line for line in taker)
    assert any("yellow 4" in line for line in rendered(s, 1, start=start))
    assert not any("yellow 4" in line for line in third)
    assert "card_taken_hidden" in event_keys(s, 2, start)
    assert all("card" not in args for key, args in rulekit.events_for(s, 2, start)
               if key.startswith("card_taken"))


def test_loser_with_empty_hand_gives_nothing():
    """S6. "A loser with an empty hand gives nothing." The accuser holds no card and is wrong:
    nothing is taken and nobody is asked to keep or bank."""
    s = deal(3, {0: ["red 1", "red 2"] + FILLER, 1: [], 2: FILLER})
    place(s, ["red 1", "red 2"], 3, colour="red")
    before0 = hand(s, 0)
    challenge(s, {1: "call_sham"})
    assert "nothing_to_take" in event_keys(s)
    assert hand(s, 0) == before0 and not in_round(s, 1)
    assert not in_window(s, "keep_or_bank")
    assert s.decider == 2 and pending(s) is None


def test_liar_with_empty_hand_gives_nothing():
    """S6. "A loser with an empty hand gives nothing." The liar placed their last card and the
    Draw Pile is empty (S9: nothing drawn)."""
    s = deal(3, {0: ["blue 1"], 1: FILLER, 2: FILLER}, empty_draw=True)
    place(s, ["blue 1"], 1, colour="red")
    assert size(s, ("hand", 0)) == 0
    challenge(s, {2: "call_sham"})
    assert "nothing_to_take" in event_keys(s) and not in_round(s, 0)
    assert hand(s, 2) == Counter(FILLER)


# ---- S7: the standing claim -------------------------------------------------------------

def test_exposed_lie_standing_claim_goes_back():
    """Calling SHAM: "The value the next player plays from is the last honest or unchallenged
    value, not the value of a discovered SHAM." S7."""
    s = deal(4, {0: ["red 1", "red 2"] + FILLER, 1: ["blue 4"] + FILLER,
                 2: ["red 4"] + FILLER, 3: FILLER})
    place(s, ["red 1", "red 2"], 3, colour="red")
    challenge(s)
    place(s, ["blue 4", "purple 1"], 5)
    challenge(s, {2: "call_sham"})
    s.apply("keep")
    assert gvar(s, "claim_total") == 3 and gvar(s, "claim_colour") == "red"
    assert s.decider == 2
    assert totals_offered(s, ["red 4"]) == [3, 4]


def test_unchallenged_lie_stands():
    """S7: "the last honest or unchallenged one". An unchallenged lie of 5 is what a later
    exposed lie falls back to, not the honest 3 before it."""
    s = deal(4, {0: ["red 1", "red 2"] + FILLER, 1: ["blue 1"] + FILLER,
                 2: ["blue 2"] + FILLER, 3: ["red 4", "red 3"] + FILLER})
    place(s, ["red 1", "red 2"], 3, colour="red")
    challenge(s)
    place(s, ["blue 1", "purple 1"], 5)
    challenge(s)
    place(s, ["blue 2", "purple 2"], 7)
    challenge(s, {3: "call_sham"})
    s.apply("keep")
    assert gvar(s, "claim_total") == 5
    assert s.decider == 3
    assert totals_offered(s, ["red 4", "red 3"]) == list(range(5, 9))


def test_honest_challenged_claim_stands():
    """S7: a claim shown honest stands ("the last honest ... one")."""
    s = deal(4, {0: ["red 1"] + FILLER, 1: ["red 4"] + FILLER, 2: FILLER,
                 3: ["red 2", "red 3"] + FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    place(s, ["red 4"], 4)
    challenge(s, {2: "call_sham"})
    s.apply("keep")
    assert gvar(s, "claim_total") == 4
    assert s.decider == 3                                   # 2 is out
    assert totals_offered(s, ["red 2", "red 3"]) == list(range(4, 9))


def test_exposed_lie_with_no_claim_before_next_player_leads_afresh():
    """S7. "if there is none, the next player leads afresh (any colour, any total)"."""
    s = deal(3, {0: ["blue 1"] + FILLER, 1: ["yellow 2"] + FILLER, 2: FILLER})
    place(s, ["blue 1"], 2, colour="red")
    challenge(s, {1: "call_sham"})
    s.apply("keep")
    assert gvar(s, "claim_total") == 0 and gvar(s, "claim_colour") == "none"
    assert s.decider == 1
    s.apply("place")
    s.apply("pick yellow 2")
    s.apply("done")
    assert sorted(legal(s)) == ["colour blue", "colour purple", "colour red", "colour yellow"]
    s.apply("colour yellow")
    assert legal(s) == ["total 1", "total 2", "total 3", "total 4"]


def test_a_player_leading_afresh_may_pass():
    """S7. "A player leading afresh may pass, as any following player may; only the first
    leader of a round must place." Seat 0 led and lied; seat 1 exposed it, so seat 1 leads
    afresh and may pass; so may seat 2 after it."""
    s = deal(4, {0: ["blue 1"] + FILLER, 1: ["yellow 2"] + FILLER, 2: FILLER, 3: FILLER})
    assert "pass" not in legal(s)                             # the round's first leader
    place(s, ["blue 1"], 2, colour="red")
    challenge(s, {1: "call_sham"})
    s.apply("keep")
    assert gvar(s, "claim_total") == 0 and s.decider == 1
    assert sorted(legal(s)) == ["pass", "place"]
    s.apply("pass")
    assert not in_round(s, 1) and s.decider == 2
    assert gvar(s, "claim_total") == 0                        # still no standing claim
    assert sorted(legal(s)) == ["pass", "place"]
    s.apply("pass")                                           # seat 3 is the last one in
    won = [args for k, args in rulekit.events_for(s, None) if k == "round_won"]
    assert won[-1]["player"] == ("player", 3)


def test_a_player_leading_afresh_who_places_leads_the_round():
    """S7: the player leading afresh who does place claims "any colour, any total" (S3)."""
    s = deal(3, {0: ["blue 1"] + FILLER, 1: ["yellow 2"] + FILLER, 2: FILLER})
    place(s, ["blue 1"], 2, colour="red")
    challenge(s, {1: "call_sham"})
    s.apply("keep")
    place(s, ["yellow 2"], 2, colour="yellow")
    assert in_window(s, "challenge")
    challenge(s)
    assert gvar(s, "claim_total") == 2 and gvar(s, "claim_colour") == "yellow"


# ---- S8: who plays next -----------------------------------------------------------------

def test_accuser_continues_their_turn():
    """Calling SHAM: "If it was the accuser's turn, they may continue their turn." S8."""
    s = deal(4, {0: ["red 1", "red 3"] + FILLER, 1: ["red 2"] + FILLER, 2: FILLER, 3: FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    place(s, ["red 2"], 4)
    challenge(s, {2: "call_sham"})
    s.apply("keep")
    assert s.decider == 2 and pending(s) is None
    assert "place" in legal(s) and "pass" in legal(s)


def test_accuser_continuing_may_still_play_a_wildcard():
    """S8. "the accuser, if that was their turn and they are still in the round, continues it,
    from its beginning: they may still play a wildcard." Seat 2 catches seat 1's lie on seat
    2's turn and, holding Overflow and Swap Hands, may play either before placing or passing."""
    s = deal(4, {0: ["red 1", "red 3"] + FILLER, 1: ["red 2"] + FILLER,
                 2: ["Overflow", "Swap Hands"] + FILLER, 3: FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    place(s, ["red 2"], 4)
    challenge(s, {2: "call_sham"})
    s.apply("keep")
    assert s.decider == 2 and pending(s) is None
    assert legal(s) == ["overflow", "swap_hands", "place", "pass"]
    s.apply("overflow")
    assert hand(s, 2).total() == 9                            # S10 Overflow: up to 9
    assert legal(s) == ["place", "pass"]                      # one wildcard per turn (S10)


def test_play_continues_after_the_placer_not_with_a_later_accuser():
    """S8. "play continues with the next player in the round after the placer". Seat 2 catches
    seat 0's lie; seat 1, next after the placer, plays next."""
    s = deal(4, {0: ["blue 1"] + FILLER, 1: FILLER, 2: FILLER, 3: FILLER})
    place(s, ["blue 1"], 1, colour="red")
    challenge(s, {2: "call_sham"})
    s.apply("keep")
    assert s.decider == 1 and pending(s) is None


def test_wrong_accuser_out_next_player_after_them():
    """S8 with a wrong call: the accuser (next in turn) is out, so the one after plays."""
    s = deal(4, {0: ["red 1"] + FILLER, 1: FILLER, 2: FILLER, 3: FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s, {1: "call_sham"})
    s.apply("keep")
    assert s.decider == 2 and pending(s) is None and not in_round(s, 1)


def test_locked_out_players_get_no_turn():
    """Choice 2: "Pass and play nothing, locking yourself out of the current round." Seats out
    of the round are skipped for the rest of the round."""
    s = deal(4, {0: ["red 1", "red 3"] + FILLER, 1: FILLER, 2: ["red 2"] + FILLER,
                 3: FILLER})
    place(s, ["red 1"], 1, colour="red")
    challenge(s)
    s.apply("pass")
    place(s, ["red 2"], 2)
    challenge(s)
    s.apply("pass")
    assert s.decider == 0
    place(s, ["red 3"], 3)
    assert challenge(s) == [1, 2, 3]
    assert s.decider == 2


# ---- S9: drawing up to 7 ----------------------------------------------------------------

def test_placer_draws_up_to_seven():
    """"After placing cards on your turn, pick up cards from the Draw Pile until you have 7
    cards in hand." The cards come from the top of the Draw Pile; nobody else draws."""
    s = deal(3, {0: ["red 1", "red 2", "red 3"], 1: FILLER, 2: FILLER},
             draw=["blue 1", "blue 2", "blue 3", "blue 4", "yellow 1", "yellow 2"])
    top5 = labels(s, "draw")[-5:]
    n_draw = size(s, "draw")
    place(s, ["red 1"], 1, colour="red")
    assert hand(s, 0) == Counter(["red 2", "red 3"] + top5)
    assert size(s, "draw") == n_draw - 5
    assert hand(s, 1) == Counter(FILLER) == hand(s, 2)


def test_placer_holding_seven_or_more_draws_nothing():
    """S9. "nothing when already holding 7 or more"."""
    nine = ["red 1", "red 2", "red 3", "red 4", "blue 1", "blue 2", "blue 3", "blue 4",
            "yellow 1"]
    s = deal(3, {0: nine, 1: FILLER, 2: FILLER})
    n_draw = size(s, "draw")
    place(s, ["red 1"], 1, colour="red")
    assert size(s, ("hand", 0)) == 8 and size(s, "draw") == n_draw
    challenge(s)
    s2 = deal(3, {0: nine[:8], 1: FILLER, 2: FILLER})
    place(s2, ["red 1", "red 2"], 3, colour="red")
    assert size(s2, ("hand", 0)) == 7 and size(s2, "draw") == n_draw


def test_placer_draws_what_is_left():
    """S9. "nothing when the Draw Pile is empty" (and only what is left when it runs out)."""
    s = deal(3, {0: ["red 1", "red 2"], 1: FILLER, 2: FILLER}, draw=["blue 1", "blue 2"],
             empty_draw=True)
    place(s, ["red 1"], 1, colour="red")
    assert hand(s, 0) == Counter(["red 2", "blue 1", "blue 2"]) and size(s, "draw") == 0
    challenge(s)
    s.apply("pass")
    place(s, ["purple 1"], 1)
    assert hand(s, 2) == Counter(["purple 2", "purple 3"])
