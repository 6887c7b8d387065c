"""Spades (rulesets/spades.yaml): each test quotes the sentence of docs/rulebooks/spades.md it
checks (SP1-SP14), or names the reading (SR1-SR5)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from game_helpers import event_keys, legal, rendered, size
from paths import ROOT

import rulekit
from rulekit.testing import arrange, labels, set_vars

RULESET = ROOT / "rulesets" / "spades.yaml"
SUITS = ["clubs", "diamonds", "hearts", "spades"]
NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}


@cache
def game(variant: str | None = None) -> rulekit.Game:
    """The ruleset (or a variant), loaded once."""
    return rulekit.load(RULESET, variant=variant)


def bid_all(s: rulekit.State, bids: list[int]) -> None:
    """The four bids, in turn from the dealer's left."""
    for n in bids:
        s.apply("bid")
        s.apply(f"tricks {n}")


def trick_position(hands: dict[int, list[str]], broken: bool = False, bids=(1, 1, 1, 1),
                   variant: str | None = None) -> rulekit.State:
    """The first hand after these bids, seat 0 to lead, with these hands (every seat listed)."""
    s = game(variant).new_state(4, seed=1)
    bid_all(s, list(bids))
    arrange(s, {("hand", seat): cards for seat, cards in hands.items()}, spill=("won", 0))
    set_vars(s, {"broken": broken})
    return s


def last_trick(bids: list[int], took: list[int], cards: list[str], scores=(0, 0), bags=(0, 0),
               variant: str | None = None) -> rulekit.State:
    """The thirteenth trick of a hand after these bids, with these tricks won so far (12 in
    all), played: seat 0 leads cards[0], then seats 1, 2 and 3 play theirs."""
    assert sum(took) == 12
    s = trick_position({seat: [card] for seat, card in enumerate(cards)}, broken=True,
                       bids=bids, variant=variant)
    set_vars(s, {**{("took", p): n for p, n in enumerate(took)},
                 ("score", "north_south"): scores[0], ("score", "east_west"): scores[1],
                 ("bags", "north_south"): bags[0], ("bags", "east_west"): bags[1]})
    for card in cards:
        play_card(s, card)
    return s


def picks(s: rulekit.State) -> set[str]:
    """The cards the decider may pick once it has started to play."""
    return {a[len("pick "):] for a in legal(s) if a.startswith("pick ")}


def play_card(s: rulekit.State, card: str) -> None:
    """The decider plays this card."""
    s.apply("play")
    s.apply(f"pick {card}")


def team_vars(s: rulekit.State) -> dict[str, dict]:
    """Each partnership's visible variables, by team name."""
    return {t["team"]: t["vars"] for t in rulekit.observation(s, None)["teams"]}


# ---- the deal and the bidding ------------------------------------------------------------------


def test_partners_sit_opposite():
    """SP1: "Four players play in two partnerships, partners sitting opposite: seats 0 and 2
    against seats 1 and 3." """
    s = game().new_state(4, seed=1)
    teams = rulekit.observation(s, 0)["teams"]
    assert [(t["team"], t["members"]) for t in teams] == [("north_south", [0, 2]),
                                                         ("east_west", [1, 3])]
    assert game().min_players == game().max_players == 4


def test_the_deck_is_the_52_standard_cards():
    """SP2: "A standard deck of 52 cards is used." """
    g = game()
    deck = Counter(g.labels[c] for c in range(g.n_cards))
    assert deck == Counter(f"{NAMES.get(r, r)} of {suit}" for suit in SUITS for r in range(2, 15))


def test_cards_are_named_in_french_too():
    """Texts in English and French: "as de pique", "dame de cœur"."""
    g = game()
    fr = {g.card_label(c, "fr") for c in range(g.n_cards)}
    assert {"as de pique", "dame de cœur", "2 de trèfle", "valet de carreau"} <= fr


def test_thirteen_cards_each_and_the_dealers_left_bids_first():
    """SP3: "The whole deck is dealt, thirteen cards to each player. ... the first dealer is seat
    3." SP4: "Starting with the player after the dealer and going clockwise, each player bids
    once: the number of tricks, from 0 to 13" """
    s = game().new_state(4, seed=2)
    assert [size(s, ("hand", p)) for p in range(4)] == [13] * 4 and size(s, "stock") == 0
    order = []
    for n in (3, 0, 4, 2):
        order.append(s.decider)
        assert legal(s) == ["bid"]
        s.apply("bid")
        assert legal(s) == [f"tricks {k}" for k in range(14)]
        s.apply(f"tricks {n}")
    assert order == [0, 1, 2, 3]
    seats = rulekit.observation(s, 1)["seats"]
    assert [seats[p]["vars"]["bid"] for p in range(4)] == [3, 0, 4, 2]
    assert "Player 1 bids nil." in rendered(s, 2)
    assert "Player 0 bids 3 tricks." in rendered(s, 2)


def test_the_dealers_left_leads_the_first_trick():
    """SP6: "The player after the dealer leads the first trick." """
    s = game().new_state(4, seed=2)
    bid_all(s, [1, 2, 3, 4])
    assert s.decider == 0 and legal(s) == ["play"]
    assert rulekit.observation(s, None)["phase"] == "play"


def test_the_hands_stay_hidden_even_from_a_partner():
    """Hidden information: a player sees their own hand only; the others see how many cards."""
    s = game().new_state(4, seed=2)
    obs = rulekit.observation(s, 0)["seats"]
    assert len(obs[0]["zones"]["hand"]["cards"]) == 13
    for p in (1, 2, 3):
        assert obs[p]["zones"]["hand"] == {"cards": [], "count": 13}


# ---- the play ----------------------------------------------------------------------------------


def test_follow_the_suit_led_if_you_can():
    """SP7: "A player must follow the suit led if they can" """
    s = trick_position({0: ["9 of hearts", "2 of clubs"],
                        1: ["3 of hearts", "ace of clubs", "king of spades"],
                        2: ["4 of clubs", "5 of diamonds"], 3: ["6 of clubs", "7 of spades"]})
    play_card(s, "9 of hearts")
    assert s.decider == 1
    s.apply("play")
    assert picks(s) == {"3 of hearts"}


def test_a_player_who_cannot_follow_may_play_any_card():
    """SP7: "a player who cannot may play any card." """
    s = trick_position({0: ["9 of hearts", "2 of clubs"],
                        1: ["ace of clubs", "king of spades", "5 of diamonds"],
                        2: ["4 of clubs", "6 of diamonds"], 3: ["6 of clubs", "7 of spades"]})
    play_card(s, "9 of hearts")
    s.apply("play")
    assert picks(s) == {"ace of clubs", "king of spades", "5 of diamonds"}


def test_spades_may_not_be_led_until_broken():
    """SP9: "Spades may not be led until they are broken" """
    s = trick_position({0: ["ace of spades", "2 of clubs", "3 of hearts"],
                        1: ["4 of clubs"], 2: ["5 of clubs"], 3: ["6 of clubs"]})
    s.apply("play")
    assert picks(s) == {"2 of clubs", "3 of hearts"}


def test_spades_may_be_led_once_broken():
    """SP9: "... until they are broken, that is, until a spade has been played in a hand" """
    s = trick_position({0: ["ace of spades", "2 of clubs"], 1: ["4 of clubs"],
                        2: ["5 of clubs"], 3: ["6 of clubs"]}, broken=True)
    s.apply("play")
    assert picks(s) == {"ace of spades", "2 of clubs"}


def test_a_leader_holding_only_spades_may_lead_one():
    """SP9: "... unless the leader holds nothing but spades." """
    s = trick_position({0: ["ace of spades", "2 of spades"], 1: ["4 of clubs"],
                        2: ["5 of clubs"], 3: ["6 of clubs"]})
    s.apply("play")
    assert picks(s) == {"ace of spades", "2 of spades"}


def test_a_spade_played_on_another_suit_breaks_spades():
    """SP9: "Spades may not be led until they are broken, that is, until a spade has been played
    in a hand": a spade played on another suit's lead breaks them, so the winner may lead one."""
    s = trick_position({0: ["9 of hearts", "2 of clubs"], 1: ["2 of spades", "3 of spades"],
                        2: ["4 of hearts", "5 of clubs"], 3: ["6 of hearts", "7 of clubs"]})
    for card in ("9 of hearts", "2 of spades", "4 of hearts", "6 of hearts"):
        play_card(s, card)
    assert "spades_broken" in event_keys(s)
    assert rulekit.observation(s, None)["vars"]["broken"] is True
    assert s.decider == 1
    s.apply("play")
    assert picks(s) == {"3 of spades"}


def test_a_spade_trumps_the_suit_led_and_its_player_leads_next():
    """SP8: "Spades are trumps. A trick with a spade in it is won by the highest spade"; SP6:
    "Each trick's winner leads the next." """
    s = trick_position({0: ["ace of hearts", "2 of clubs"], 1: ["2 of spades", "3 of clubs"],
                        2: ["4 of hearts", "5 of clubs"], 3: ["king of hearts", "7 of clubs"]})
    for card in ("ace of hearts", "2 of spades", "4 of hearts", "king of hearts"):
        play_card(s, card)
    assert s.decider == 1
    seats = rulekit.observation(s, None)["seats"]
    assert [seats[p]["vars"]["took"] for p in range(4)] == [0, 1, 0, 0]
    assert size(s, ("played", 0)) == 0 and "2 of spades" in labels(s, ("won", 1))
    assert ("Player 1 takes the trick: ace of hearts, 2 of spades, 4 of hearts, king of hearts."
            in rendered(s, 3))


def test_the_highest_spade_wins_among_spades():
    """SP8: "won by the highest spade" """
    s = trick_position({0: ["ace of hearts", "2 of clubs"], 1: ["2 of spades", "3 of clubs"],
                        2: ["queen of spades", "5 of clubs"], 3: ["king of hearts", "7 of clubs"]})
    for card in ("ace of hearts", "2 of spades", "queen of spades", "king of hearts"):
        play_card(s, card)
    assert s.decider == 2


def test_without_a_spade_the_highest_card_of_the_suit_led_wins():
    """SP8: "otherwise it is won by the highest card of the suit led"; SP2: the ace is high."""
    s = trick_position({0: ["10 of diamonds", "2 of clubs"], 1: ["ace of clubs", "3 of clubs"],
                        2: ["ace of diamonds", "5 of clubs"],
                        3: ["king of diamonds", "7 of clubs"]})
    for card in ("10 of diamonds", "ace of clubs", "ace of diamonds", "king of diamonds"):
        play_card(s, card)
    assert s.decider == 2


# ---- the scoring ---------------------------------------------------------------------------


def test_a_contract_made_scores_ten_a_trick_and_one_a_bag():
    """SP5: "A partnership's contract is the sum of its two bids." SP10: "A partnership that wins
    at least as many tricks as its contract scores 10 points per trick of the contract, plus 1
    point for each extra trick. Each extra trick is also a bag." """
    # north-south bid 4 + 3 = 7 and take 5 + 3 = 8; east-west bid 2 + 3 = 5 and take 2 + 3
    s = last_trick([4, 2, 3, 3], [4, 2, 3, 3], ["ace of hearts", "2 of hearts", "3 of hearts",
                                                "4 of hearts"])
    assert team_vars(s)["north_south"] == {"score": 71, "bags": 1, "last": 71}
    assert team_vars(s)["east_west"] == {"score": 50, "bags": 0, "last": 50}
    assert "Player 0, Player 2: bid 7, took 8: 71 points; score 71, bags 1." in rendered(s, 1)


def test_a_contract_failed_loses_ten_a_trick():
    """SP11: "A partnership that wins fewer tricks than its contract loses 10 points per trick of
    the contract." """
    s = last_trick([5, 2, 4, 3], [4, 2, 3, 3], ["2 of hearts", "ace of hearts", "3 of hearts",
                                                "4 of hearts"])
    # north-south took 7 of 9: -90; east-west took 6 of 5: 51
    assert team_vars(s)["north_south"]["last"] == -90
    assert team_vars(s)["east_west"] == {"score": 51, "bags": 1, "last": 51}


def test_nil_made_scores_a_hundred_and_nil_failed_loses_a_hundred():
    """SP12: "A player who bid nil and wins no trick scores 100 points for the partnership; one
    who wins a trick loses 100 points for it." SR1: the nil bidder's tricks count for the
    partnership."""
    # seat 0 bids nil and takes none; seat 1 bids nil and takes 2 (one of them the last trick)
    s = last_trick([0, 0, 6, 5], [0, 1, 6, 5], ["2 of hearts", "ace of hearts", "3 of hearts",
                                                "4 of hearts"])
    # north-south: contract 6 made exactly (60) + nil made (100)
    assert team_vars(s)["north_south"] == {"score": 160, "bags": 0, "last": 160}
    # east-west: 2 + 5 = 7 tricks on a contract of 5: 50 + 2 bags, and the failed nil: -100
    assert team_vars(s)["east_west"] == {"score": -48, "bags": 2, "last": -48}


def test_ten_bags_cost_a_hundred_points():
    """SP13: "Bags are counted from hand to hand; each time a partnership's count reaches ten, it
    loses 100 points and ten bags are taken off its count." """
    # north-south bid 2 + 2 and take 4 + 3: 3 bags on top of 8
    s = last_trick([2, 3, 2, 3], [3, 2, 3, 4], ["ace of hearts", "2 of hearts", "3 of hearts",
                                                "4 of hearts"], scores=(200, 100), bags=(8, 1))
    assert team_vars(s)["north_south"] == {"score": 200 + 43 - 100, "bags": 1, "last": -57}
    assert "bags_penalty" in event_keys(s)
    assert team_vars(s)["east_west"] == {"score": 160, "bags": 1, "last": 60}


def test_a_new_hand_is_dealt_by_the_next_dealer():
    """SP3: "The deal passes clockwise after each hand" and SP14: "Hands are played until a
    partnership has 500 points or more" """
    s = last_trick([4, 2, 3, 3], [4, 2, 3, 3], ["ace of hearts", "2 of hearts", "3 of hearts",
                                                "4 of hearts"])
    assert not s.is_over
    obs = rulekit.observation(s, 1)
    assert obs["phase"] == "bidding" and obs["vars"]["dealer"] == 0 and obs["vars"]["hand_no"] == 2
    assert s.decider == 1  # the new dealer's left bids first
    assert [size(s, ("hand", p)) for p in range(4)] == [13] * 4
    assert [obs["seats"][p]["vars"]["took"] for p in range(4)] == [0] * 4


def test_the_match_ends_at_500_and_the_higher_score_wins():
    """SP14: "Hands are played until a partnership has 500 points or more at the end of a hand.
    The partnership with the higher score wins the match." """
    s = last_trick([4, 2, 3, 3], [4, 2, 3, 3], ["ace of hearts", "2 of hearts", "3 of hearts",
                                                "4 of hearts"], scores=(450, 480))
    # north-south 450 + 71 = 521; east-west 480 + 50 = 530: both past 500, the higher wins
    assert s.is_over and s.outcome.reason == "match_over"
    assert list(s.outcome.scores) == [521, 530, 521, 530]
    assert list(s.outcome.winners) == [1, 3]


def test_a_partnership_at_minus_200_loses():
    """SR2: "A partnership whose score falls to -200 or lower at the end of a hand loses the
    match." """
    s = last_trick([5, 2, 4, 3], [4, 2, 3, 3], ["2 of hearts", "ace of hearts", "3 of hearts",
                                                "4 of hearts"], scores=(-150, 0))
    assert s.is_over and list(s.outcome.winners) == [1, 3]
    assert list(s.outcome.scores) == [-240, 51, -240, 51]


def test_equal_scores_past_500_play_another_hand():
    """SR3: "When the match is over by SP14 or SR2 but both partnerships have the same score,
    another hand is played." """
    s = last_trick([4, 2, 3, 3], [4, 2, 3, 3], ["ace of hearts", "2 of hearts", "3 of hearts",
                                                "4 of hearts"], scores=(500, 521))
    assert not s.is_over and team_vars(s)["north_south"]["score"] == 571 == \
        team_vars(s)["east_west"]["score"]


def test_one_hand_variant_ends_after_the_first_hand():
    """SR5: "The variant one_hand plays a single hand: the higher score wins" """
    s = last_trick([4, 2, 3, 3], [4, 2, 3, 3], ["ace of hearts", "2 of hearts", "3 of hearts",
                                                "4 of hearts"], variant="one_hand")
    assert s.is_over and list(s.outcome.winners) == [0, 2]
    assert list(s.outcome.scores) == [71, 50, 71, 50]


@pytest.mark.parametrize("seed", [0, 1])
def test_a_random_match_ends_with_partners_winning_together(seed):
    """SP14: "Hands are played until a partnership has 500 points or more at the end of a hand.
    The partnership with the higher score wins the match." With random play the match ends, and
    partners share the result."""
    s = game().new_state(4, seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        legal_actions = s.legal_actions()
        s.apply(legal_actions[rng.randrange(len(legal_actions))])
    winners = set(s.outcome.winners)
    assert winners in ({0, 2}, {1, 3})
    assert s.outcome.scores[0] == s.outcome.scores[2] and s.outcome.scores[1] == s.outcome.scores[3]


def test_action_labels_in_french():
    """Texts in English and French for every text key: the bid's label."""
    g = game()
    s = g.new_state(4, seed=1)
    s.apply("bid")
    assert "plis : 0" in {g.action_label(a, "fr") for a in s.legal_actions()}
