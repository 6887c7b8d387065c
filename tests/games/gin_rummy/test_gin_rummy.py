"""Gin Rummy (rulesets/gin_rummy.yaml): each test quotes the sentence of
docs/rulebooks/gin_rummy.md it checks (GR1-GR18), or names the reading (GRR1-GRR8)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from game_helpers import event_keys, hand, legal, rendered, size
from paths import ROOT

import rulekit
from rulekit.bots import make_bot
from rulekit.testing import arrange, labels, set_vars
from rulekit.view import view

RULESET = ROOT / "rulesets" / "gin_rummy.yaml"
SUITS = ["clubs", "diamonds", "hearts", "spades"]
NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}

# seat 0's eleven cards: a run of spades, three nines, a run of clubs, the 2 of hearts and the
# king of diamonds; discarding the king leaves 2 of deadwood
KNOCKER = ["4 of spades", "5 of spades", "6 of spades", "9 of hearts", "9 of diamonds",
           "9 of clubs", "jack of clubs", "queen of clubs", "king of clubs", "2 of hearts",
           "king of diamonds"]
# seat 1's ten: three aces; 7 and 8 of spades lay off on 4-5-6 of spades in turn, the 3 of spades
# at its low end; 5 + 6 + 10 + 10 = 31 of deadwood stays
DEFENDER = ["7 of spades", "8 of spades", "3 of spades", "ace of hearts", "ace of diamonds",
            "ace of clubs", "5 of hearts", "6 of diamonds", "10 of hearts", "queen of hearts"]

# seat 1's ten when a test names only seat 0's: cards no test plays with
OTHER = ["2 of spades", "10 of spades", "jack of diamonds", "4 of hearts", "6 of hearts",
         "8 of hearts", "7 of diamonds", "7 of clubs", "3 of clubs", "queen of spades"]


@cache
def game() -> rulekit.Game:
    """The ruleset, loaded once."""
    return rulekit.load(RULESET)


def position(hands: dict[int, list[str]], top: str = "8 of diamonds",
             stock: list[str] | None = None, **values) -> rulekit.State:
    """Seat 0 to play an ordinary turn (the upcard settled) with these hands and `top` on the
    discard pile; `stock`, when given, is the whole stock (topmost last), the other cards under
    the discard pile; `values` sets variables (('points', 0)=95 as points_0=95)."""
    s = game().new_state(2, seed=1)
    hands = {1: OTHER, **hands}
    zones: dict = {("hand", seat): cards for seat, cards in hands.items()}
    zones["discard"] = [top]
    if stock is not None:
        zones["stock"] = stock
        arrange(s, zones, spill="discard")
    else:
        arrange(s, zones)
    found: dict = {"offer": 3}
    for name, v in values.items():
        var, _, seat = name.rpartition("_")
        found[(var, int(seat)) if seat.isdigit() else name] = v
    return set_vars(s, found)


def knock(s: rulekit.State, discard: str) -> rulekit.State:
    """The decider knocks, discarding `discard`."""
    s.apply("knock")
    s.apply(f"pick {discard}")
    return s


def points(s: rulekit.State) -> list[int]:
    """Each seat's points in the match so far."""
    return [seat["vars"]["points"] for seat in rulekit.observation(s, None)["seats"]]


def melds_of(s: rulekit.State, seat: int) -> list[list[str]]:
    """The melds a seat has laid out, as every player sees them (a run lowest first)."""
    laid = rulekit.observation(s, 1 - seat)["seats"][seat]["zones"]["laid"]
    return [m["cards"] for m in laid["melds"]]


# ---- the cards and the deal ----------------------------------------------------------------------


def test_the_deck_is_the_52_standard_cards_counted_ace_1_faces_10():
    """GR1: "a standard deck of 52 cards ... aces count 1, kings, queens and jacks 10, and the
    other cards their face value." """
    g = game()
    deck = Counter(g.labels[c] for c in range(g.n_cards))
    assert deck == Counter(f"{NAMES.get(r, r)} of {s}" for s in SUITS for r in range(1, 14))
    # seat 1's ten cards: four aces melded, 8 + 10 + 7 + 10 + 5 + 9 unmelded
    s = position({1: ["ace of hearts", "ace of spades", "ace of clubs", "8 of clubs",
                      "king of spades", "7 of clubs", "jack of hearts", "5 of diamonds",
                      "9 of hearts", "ace of diamonds"]})
    assert status(s, 1).startswith("Your deadwood: 49 ·")


def status(s: rulekit.State, seat: int) -> str:
    """The seat's status line as the table shows it."""
    line = view(s, seat).status
    assert line is not None
    return line


def test_cards_are_named_in_french_too():
    """Texts in English and French: "as de pique", "dame de cœur"."""
    g = game()
    fr = {g.card_label(c, "fr") for c in range(g.n_cards)}
    assert {"as de pique", "dame de cœur", "10 de trèfle"} <= fr


def test_ten_cards_each_and_the_upcard():
    """GR3: "The dealer deals ten cards to each player ... The next card is turned face up to
    start the discard pile (the upcard); the rest of the deck is the stock"; GRR5: seat 1 deals
    the first hand."""
    s = game().new_state(2, seed=3)
    assert [size(s, ("hand", p)) for p in (0, 1)] == [10, 10]
    assert size(s, "discard") == 1 and size(s, "stock") == 31
    upcard = labels(s, "discard")[0]
    assert f"Hand 1: Player 1 deals; the upcard is the {upcard}." in rendered(s, 0)
    assert s.decider == 0 and legal(s) == ["take_upcard", "refuse"]


# ---- the upcard and the turns ------------------------------------------------------------------


def test_the_upcard_refused_by_both_then_the_non_dealer_draws_from_the_stock():
    """GR4: "If they refuse it, the dealer may take it. If both refuse, the non-dealer draws the
    first card from the stock." """
    s = game().new_state(2, seed=3)
    s.apply("refuse")
    assert s.decider == 1 and legal(s) == ["take_upcard", "refuse"]
    s.apply("refuse")
    assert s.decider == 0 and legal(s) == ["draw"]
    s.apply("draw")
    assert size(s, ("hand", 0)) == 11 and legal(s)[-1] == "discard"


def test_the_upcard_taken_then_a_discard_and_the_other_plays():
    """GR4: "Whoever takes the upcard then discards, and the other player takes the next turn";
    GRR1: not the upcard itself."""
    s = game().new_state(2, seed=3)
    upcard = labels(s, "discard")[0]
    s.apply("take_upcard")
    assert upcard in hand(s, 0) and size(s, "discard") == 0
    s.apply("discard")
    picks = {a[len("pick "):] for a in legal(s)}
    assert len(picks) == 10 and upcard not in picks
    s.apply(f"pick {sorted(picks)[0]}")
    assert s.decider == 1 and legal(s) == ["take", "draw"]


def test_a_turn_is_a_draw_from_the_stock_or_the_discards_then_a_discard():
    """GR5: "a player takes the top card of the stock or the top card of the discard pile, then
    discards one card face up on the discard pile." """
    s = position({0: DEFENDER}, top="king of hearts")
    assert legal(s) == ["take", "draw"]
    s.apply("take")
    assert "king of hearts" in hand(s, 0) and legal(s) == ["discard"]
    s.apply("discard")
    s.apply("pick queen of hearts")
    assert labels(s, "discard")[-1] == "queen of hearts" and s.decider == 1
    assert "Player 0 takes the king of hearts from the discard pile." in rendered(s, 1)


def test_the_card_taken_from_the_discards_may_not_be_discarded_but_one_drawn_may():
    """GRR1: "forbid discarding the card just taken from the discard pile in the same turn ... A
    card drawn from the stock may be discarded at once." """
    s = position({0: DEFENDER}, top="king of hearts")
    s.apply("take")
    s.apply("discard")
    assert "pick king of hearts" not in legal(s)
    s = position({0: DEFENDER}, stock=["2 of diamonds", "king of hearts"])
    s.apply("draw")
    s.apply("discard")
    assert "pick king of hearts" in legal(s)


def test_the_card_drawn_from_the_stock_is_seen_by_the_drawer_only():
    """GR3: the stock is "face down": the other player reads that a card was drawn, not which."""
    s = position({0: DEFENDER}, stock=["2 of diamonds", "king of hearts"])
    start = len(s.log)
    s.apply("draw")
    assert "Player 0 draws the king of hearts." in rendered(s, 0, start=start)
    assert rendered(s, 1, start=start) == ["Player 0 draws from the stock."]


# ---- knocking ----------------------------------------------------------------------------------


def test_knock_only_with_ten_or_less_after_the_discard():
    """GR6: "a player may knock when the deadwood of the ten cards they keep is 10 or less";
    GR1's counts: keeping the king of diamonds leaves 10, keeping a meld's card more."""
    s = position({0: KNOCKER, 1: DEFENDER})
    assert legal(s) == ["knock", "discard"]
    s.apply("knock")
    assert sorted(legal(s)) == ["pick 2 of hearts", "pick king of diamonds"]
    s = position({0: [*KNOCKER[:9], "3 of hearts", "king of diamonds"], 1: DEFENDER})
    assert "knock" in legal(s)
    # jack and queen of clubs, 2 and 3 of hearts and the king of diamonds unmelded: 35, and
    # 25 at best after a discard
    s = position({0: [*KNOCKER[:8], "2 of hearts", "3 of hearts", "king of diamonds"],
                  1: DEFENDER})
    assert legal(s) == ["discard"]


def test_the_knocker_lays_out_the_best_arrangement_and_the_defender_lays_off():
    """GR7: "The knocker lays their cards face up, arranged in melds, with their deadwood apart"
    (GRR2: the arrangement leaving the least deadwood); GR10: "the defender lays off deadwood
    cards on the knocker's melds, extending a run at either end" (GRR3: card by card, then the
    rest laid out)."""
    s = knock(position({0: KNOCKER, 1: DEFENDER}), "king of diamonds")
    assert sorted(melds_of(s, 0)) == sorted([KNOCKER[0:3], KNOCKER[3:6], KNOCKER[6:9]])
    assert labels(s, ("shown", 0)) == ["2 of hearts"]
    assert "Player 0 knocks, discarding the king of diamonds." in rendered(s, 1)
    assert s.decider == 1 and legal(s) == ["lay_off", "finish"]
    # the 8 of spades lays off only once the 7 has made the run 4-8 long
    for card in ("7 of spades", "8 of spades", "3 of spades"):
        s.apply("lay_off")
        if legal(s) == ["onto meld1"]:
            s.apply("onto meld1")
        assert f"pick {card}" in legal(s)
        s.apply(f"pick {card}")
    assert [f"{r} of spades" for r in range(3, 9)] in melds_of(s, 0)
    assert legal(s) == ["finish"]
    start = len(s.log)
    s.apply("finish")
    # GR10: "Cards laid off do not count in the defender's deadwood": 5 + 6 + 10 + 10
    assert rendered(s, 0, start=start)[:2] == [
        "Player 1 lays out ace of hearts, ace of diamonds, ace of clubs.",
        "Player 1's deadwood: 5 of hearts, 6 of diamonds, 10 of hearts, queen of hearts "
        "(31 points)."]
    # GR11: "If the knocker's deadwood count is less than the defender's, the knocker scores the
    # difference": 31 - 2
    assert points(s) == [29, 0]
    assert "Player 0 scores 29 for the knock." in rendered(s, 1)


def test_a_defender_who_lays_nothing_off_counts_it_all():
    """GR11 without lay-offs: 7 + 8 + 3 + 31 against 2: the knocker scores 47."""
    s = knock(position({0: KNOCKER, 1: DEFENDER}), "king of diamonds")
    s.apply("finish")
    assert points(s) == [47, 0]


def test_undercut_with_less_deadwood():
    """GR12: "If the defender's deadwood count is equal to the knocker's or less (an undercut),
    the defender scores the difference and a bonus of 25"; the defender's hand best arranged
    (GRR3): A-A-A, 2-3-4 of clubs and three fives, not the run 2-5 of clubs."""
    knocker = [*KNOCKER[:9], "10 of hearts", "king of diamonds"]   # 10 after the king's discard
    defender = ["ace of hearts", "ace of diamonds", "ace of spades", "2 of clubs", "3 of clubs",
                "4 of clubs", "5 of hearts", "5 of diamonds", "5 of clubs", "7 of hearts"]
    s = knock(position({0: knocker, 1: defender}), "king of diamonds")
    s.apply("finish")
    assert "Player 1's deadwood: 7 of hearts (7 points)." in rendered(s, 0)
    assert points(s) == [0, 25 + 10 - 7]
    assert "Undercut! Player 1 scores 28." in rendered(s, 0)


def test_undercut_with_equal_deadwood():
    """GR12: "equal to the knocker's or less": 10 against 10 scores the bonus alone."""
    knocker = [*KNOCKER[:9], "10 of hearts", "king of diamonds"]
    defender = ["ace of hearts", "ace of diamonds", "ace of spades", "2 of clubs", "3 of clubs",
                "4 of clubs", "5 of hearts", "5 of diamonds", "5 of clubs", "10 of spades"]
    s = knock(position({0: knocker, 1: defender}), "king of diamonds")
    s.apply("finish")
    assert points(s) == [0, 25]


# ---- gin and big gin ---------------------------------------------------------------------------


def test_gin_scores_25_and_the_defenders_deadwood_with_no_laying_off():
    """GR8: "Knocking with no deadwood at all is going gin. After gin, the other player may not
    lay off any card"; GR13: "Gin scores a bonus of 25 and the defender's whole deadwood
    count" (GRR4: a knock with no deadwood is gin)."""
    knocker = [*KNOCKER[:9], "10 of clubs", "king of diamonds"]  # 10-J-Q-K of clubs
    s = position({0: knocker, 1: DEFENDER})
    s.apply("knock")
    # the king of diamonds leaves none; the 10 or king of clubs leaves 10 (a knock)
    assert sorted(legal(s)) == ["pick 10 of clubs", "pick king of clubs", "pick king of diamonds"]
    s.apply("pick king of diamonds")
    assert "Player 0 goes gin, discarding the king of diamonds!" in rendered(s, 1)
    # no laying off: the 7 of spades would have gone on 4-5-6; the next hand is dealt
    assert "lay_off" not in legal(s) and "lays_off" not in event_keys(s)
    assert points(s) == [25 + 49, 0]
    assert "Player 0 scores 74 for gin." in rendered(s, 1)
    assert size(s, ("hand", 0)) == 10 and rulekit.observation(s, None)["vars"]["hand_no"] == 2


def test_big_gin_scores_31_and_the_defenders_deadwood():
    """GR9: "A player whose eleven cards, after taking a card, all form melds may go big gin:
    they lay down all eleven cards without discarding"; GR13: "Big gin scores a bonus of 31 and
    the defender's deadwood count"; GRR4: they may knock (gin) instead."""
    knocker = [*KNOCKER[:9], "10 of clubs", "9 of spades"]   # four nines, 10-K of clubs
    s = position({0: knocker, 1: DEFENDER})
    assert legal(s) == ["big_gin", "knock", "discard"]
    s.apply("big_gin")
    assert "Player 0 goes big gin!" in rendered(s, 1)
    # without discarding: the eleven cards laid out, then the next hand dealt
    assert "discarded" not in event_keys(s) and "knocks" not in event_keys(s)
    assert any(line.startswith("Player 0's deadwood:") and line.endswith("(0 points).")
               for line in rendered(s, 1))
    assert points(s) == [31 + 49, 0]


# ---- drawn hands, dealing, the match ------------------------------------------------------------


def test_a_discard_leaving_two_cards_in_the_stock_draws_the_hand():
    """GR14: "If a player discards without knocking and only two cards are left in the stock,
    the hand is drawn: nobody scores, and the same dealer deals again." """
    s = position({0: DEFENDER}, stock=["2 of diamonds", "3 of diamonds", "king of hearts"])
    s.apply("draw")
    s.apply("discard")
    s.apply("pick king of hearts")
    assert "Two cards left in the stock: the hand is drawn." in rendered(s, 1)
    view = rulekit.observation(s, None)
    assert view["vars"]["hand_no"] == 2 and points(s) == [0, 0]
    assert view["vars"]["dealer"] == 1 and s.decider == 0
    assert size(s, "stock") == 31 and size(s, ("hand", 0)) == 10


def test_a_knock_on_the_last_draw_still_counts():
    """GR14 needs a discard "without knocking": knocking as the stock falls to two scores."""
    s = position({0: KNOCKER[:10], 1: DEFENDER}, stock=["2 of diamonds", "3 of diamonds",
                                                       "10 of diamonds"])
    s.apply("draw")
    knock(s, "10 of diamonds")
    s.apply("finish")
    assert "hand_drawn" not in event_keys(s)
    assert points(s) == [49 - 2, 0]


def test_the_winner_of_a_hand_deals_the_next():
    """GR15: "The winner of a hand deals the next one": after seat 1's undercut, seat 1 deals
    and seat 0 has the upcard's option; after seat 0's win, seat 0 deals."""
    knocker = [*KNOCKER[:9], "10 of hearts", "king of diamonds"]
    defender = ["ace of hearts", "ace of diamonds", "ace of spades", "2 of clubs", "3 of clubs",
                "4 of clubs", "5 of hearts", "5 of diamonds", "5 of clubs", "7 of hearts"]
    s = knock(position({0: knocker, 1: defender}), "king of diamonds")
    s.apply("finish")
    assert rulekit.observation(s, None)["vars"]["dealer"] == 1 and s.decider == 0
    s = knock(position({0: KNOCKER, 1: DEFENDER}), "king of diamonds")
    s.apply("finish")
    assert rulekit.observation(s, None)["vars"]["dealer"] == 0 and s.decider == 1
    assert legal(s) == ["take_upcard", "refuse"]


def test_the_match_ends_at_100_with_box_and_game_bonuses():
    """GR16: "Hands are played until a player's points reach 100 or more"; GR17: "each player
    adds 25 for every hand they won"; GR18: "The player who reached 100 wins the match, and adds
    a game bonus of 100." """
    s = knock(position({0: KNOCKER, 1: DEFENDER}, points_0=80, boxes_0=3, points_1=60,
                       boxes_1=2), "king of diamonds")
    s.apply("finish")
    assert s.is_over and s.outcome.reason == "match_over"
    # 80 + 47, four hands won, the game bonus; 60 and two hands won
    assert list(s.outcome.scores) == [127 + 4 * 25 + 100, 60 + 2 * 25]
    assert list(s.outcome.winners) == [0]
    lines = rendered(s, 1)
    assert "Player 0: boxes 100, game bonus 100: total 327." in lines
    assert "Player 1: boxes 50, game bonus 0: total 110." in lines


def test_the_player_reaching_100_wins_even_with_the_lower_total():
    """GRR7: "They win the match even in the rare case where the other player's total, with many
    more box bonuses, is higher." """
    s = knock(position({0: KNOCKER, 1: DEFENDER}, points_0=60, points_1=99, boxes_1=12),
              "king of diamonds")
    s.apply("finish")
    assert list(s.outcome.scores) == [107 + 25 + 100, 99 + 300]
    assert list(s.outcome.winners) == [0]


def test_below_100_the_next_hand_is_dealt():
    """GR16: a hand that leaves both below 100 is followed by another, every card dealt again."""
    s = knock(position({0: KNOCKER, 1: DEFENDER}), "king of diamonds")
    s.apply("finish")
    assert not s.is_over
    assert [size(s, ("hand", p)) for p in (0, 1)] == [10, 10] and size(s, "stock") == 31
    assert rulekit.observation(s, None)["seats"][0]["vars"]["boxes"] == 1


# ---- the table, the bots, whole matches ------------------------------------------------------


def test_random_matches_end_within_the_default_limits():
    """GR16: random play (seats drawn by weight, as `validate --play` plays) reaches 100."""
    g = game()
    for seed in range(2):
        s = g.new_state(2, seed=seed)
        bots = [make_bot("random", g, seat, seed) for seat in (0, 1)]
        while not s.is_over:
            s.apply(bots[s.decider].choose(s))
        assert s.outcome.reason == "match_over"
        assert max(points(s)) >= 100 and min(points(s)) < 100


def test_the_bots_hint_knocks_with_the_least_deadwood():
    """bots.evaluate (minus the deadwood, plus the match lead) leads greedy and medium to knock
    and to discard the king of diamonds, keeping 2 of deadwood rather than 10."""
    for spec in ("greedy", "medium"):
        s = position({0: KNOCKER, 1: DEFENDER})
        for expected in ("knock", "pick king of diamonds"):
            choice = make_bot(spec, game(), 0, 1).choose(s)
            assert choice.text == expected, spec
            s.apply(choice)
