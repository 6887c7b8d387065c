"""Durak (rulesets/durak.yaml): each test quotes the sentence of docs/rulebooks/durak.md it
checks (DU1-DU14), or names the reading (DR1-DR5)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from game_helpers import event_keys, hand, legal, rendered, size
from paths import ROOT

import rulekit
from rulekit import events_for, observation
from rulekit.testing import arrange, card_ids, labels, set_vars

RULESET = ROOT / "rulesets" / "durak.yaml"
SUITS = ["clubs", "diamonds", "hearts", "spades"]
NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}


@cache
def game() -> rulekit.Game:
    """The ruleset, loaded once."""
    return rulekit.load(RULESET)


def position(hands: dict[int, list[str]], trump: str = "spades", attacker: int = 0,
             stock: list[str] | None = None, turned: list[str] | None = None) -> rulekit.State:
    """`attacker` to open a bout against the next seat, with these hands and trumps; `stock`,
    when given, is the whole stock, topmost last (the other cards are put out of play), and
    `turned` the turned trump under it."""
    players = len(hands)
    s = game().new_state(players, seed=1)
    zones: dict = {("hand", seat): cards for seat, cards in hands.items()}
    zones["turned"] = turned or []
    if stock is not None:
        zones["stock"] = stock
        arrange(s, zones, spill="out")
    else:
        arrange(s, zones)
    set_vars(s, {"trump": trump, "attacker": attacker, "defender": (attacker + 1) % players})
    if turned:
        set_vars(s, {"trump_card": card_ids(s, turned[0])[0]})
    s.turn = attacker
    return s


def picks(s: rulekit.State) -> set[str]:
    """The cards the decider may pick once it has started an action."""
    return {a[len("pick "):] for a in legal(s) if a.startswith("pick ")}


def play(s: rulekit.State, *steps: str) -> rulekit.State:
    """Apply these steps in order: 'attack X'; 'beat X' (the only unbeaten card) or 'beat X on
    Y'; 'throw_in X' or 'throw_in X, Y'; 'let_go', 'take'; 'pass': everyone still asked to throw
    in lets it go."""
    for step in steps:
        if step == "pass":
            while s.pending is not None and s.pending.kind == "window":
                s.apply("let_go")
        elif step.startswith("attack "):
            s.apply("attack")
            s.apply("pick " + step[len("attack "):])
        elif step.startswith("beat "):
            card, _, target = step[len("beat "):].partition(" on ")
            s.apply("beat")
            if not target:
                [target] = picks(s)
            s.apply("pick " + target)
            s.apply("pick " + card)
        elif step.startswith("throw_in "):
            s.apply("throw_in")
            for card in step[len("throw_in "):].split(", "):
                s.apply("pick " + card)
            p = s.pending
            if p is not None and p.kind == "param" and p.action == "throw_in":
                s.apply("done")
        else:
            s.apply(step)
    return s


def gvar(s: rulekit.State, name: str) -> object:
    """A game variable's value as every seat sees it."""
    return observation(s, None)["vars"][name]


# ---- the deck and the deal -------------------------------------------------------------------


def test_the_deck_is_36_cards_six_to_ace():
    """DU1: "a deck of 36 cards: four suits (clubs, diamonds, hearts, spades) of 6, 7, 8, 9, 10,
    jack, queen, king and ace, the ace highest." """
    g = game()
    deck = Counter(g.labels[c] for c in range(g.n_cards))
    assert deck == Counter(f"{NAMES.get(r, r)} of {suit}" for suit in SUITS for r in range(6, 15))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_six_cards_each_and_the_turned_card_gives_trumps(players):
    """DU2: "Each player is dealt six cards. The next card is turned face up: its suit is trumps
    for the whole game. It is put face up under the rest of the deck, the stock, so that it is
    the last card drawn." """
    s = game().new_state(players, seed=3)
    assert [size(s, ("hand", p)) for p in range(players)] == [6] * players
    turned = labels(s, "turned")
    assert len(turned) == 1 and size(s, "stock") == 36 - 6 * players - 1
    assert turned[0].endswith(" of " + gvar(s, "trump"))
    assert observation(s, 0)["table"]["turned"]["cards"] == turned  # face up: everyone sees it


def test_with_six_players_the_dealers_last_card_gives_trumps():
    """DU2: "With six players every card is dealt: the dealer's last card is shown to everyone,
    and its suit is trumps." (DR1: the dealer is the last seat)"""
    s = game().new_state(6, seed=2)
    assert size(s, "stock") == 0 and size(s, "turned") == 0
    shown = [args for key, args in events_for(s, 0) if key == "trumps_dealt"]
    assert len(shown) == 1 and shown[0]["player"] == ("player", 5)
    card = game().labels[shown[0]["card"][1]]
    assert card in hand(s, 5) and card.endswith(" of " + gvar(s, "trump"))


def rank(label: str) -> int:
    """A card's rank from its label ('jack of clubs': 11)."""
    word = label.split()[0]
    return int(word) if word.isdigit() else {v: k for k, v in NAMES.items()}[word]


def test_the_lowest_trump_attacks_first_and_shows_it():
    """DU3: "The player holding the lowest trump shows it and attacks first ... The player to
    the attacker's left defends." """
    checked = 0
    for seed in range(6):
        s = game().new_state(4, seed=seed)
        trump = gvar(s, "trump")
        lows = {p: min(rank(c) for c in hand(s, p) if c.endswith(" of " + trump))
                for p in range(4) if any(c.endswith(" of " + trump) for c in hand(s, p))}
        if not lows:
            continue
        first = min(lows, key=lambda p: lows[p])
        assert s.decider == first and gvar(s, "attacker") == first
        assert gvar(s, "defender") == (first + 1) % 4
        assert "shows_trump" in event_keys(s, (first + 2) % 4)
        checked += 1
    assert checked


def test_nobody_holding_a_trump_seat_0_attacks():
    """DR1: "with no trump in any hand seat 0 attacks first (DU3)." """
    for seed in range(200):
        s = game().new_state(2, seed=seed)
        trump = gvar(s, "trump")
        if not any(c.endswith(" of " + trump) for p in (0, 1) for c in hand(s, p)):
            assert s.decider == 0 and "shows_trump" not in event_keys(s)
            return
    pytest.fail("no deal without a trump in hand among 200 seeds")


# ---- attack and defence ----------------------------------------------------------------------


def test_the_attacker_may_lead_any_card():
    """DU4: "A bout begins with the attacker playing any one card face up in front of the
    defender." """
    s = position({0: ["6 of clubs", "ace of spades", "9 of hearts"], 1: ["7 of clubs"]})
    assert legal(s) == ["attack"]
    s.apply("attack")
    assert picks(s) == {"6 of clubs", "ace of spades", "9 of hearts"}
    s.apply("pick 9 of hearts")
    assert labels(s, "attack") == ["9 of hearts"]
    # DU7: the others may throw in at once (seat 0 holds no other 9: it may only let it go)
    assert s.decider == 0 and legal(s) == ["let_go"]
    play(s, "pass")
    assert s.decider == 1


def test_beating_with_a_higher_card_of_the_suit_or_a_trump():
    """DU5: "The defender beats an attacking card by covering it with a higher card of the same
    suit, or, if it is not a trump, with any trump. A trump is beaten only by a higher trump." """
    d = ["6 of hearts", "10 of hearts", "8 of clubs", "6 of spades", "queen of spades"]
    s = play(position({0: ["9 of hearts", "10 of spades"], 1: d}), "attack 9 of hearts", "pass")
    assert set(legal(s)) == {"beat", "take"}
    s.apply("beat")
    assert picks(s) == {"9 of hearts"}  # the card to beat
    s.apply("pick 9 of hearts")
    assert picks(s) == {"10 of hearts", "6 of spades", "queen of spades"}
    s = play(position({0: ["10 of spades", "9 of hearts"], 1: d}), "attack 10 of spades", "pass")
    s.apply("beat")
    s.apply("pick 10 of spades")
    assert picks(s) == {"queen of spades"}
    s = play(position({0: ["ace of spades", "9 of hearts"], 1: d}), "attack ace of spades", "pass")
    assert legal(s) == ["take"]  # nothing beats the ace of trumps


def test_the_defender_beats_the_unbeaten_cards_in_any_order():
    """DU5: "The defender beats an attacking card" (DU7: "the defender must beat each of them
    too"), whichever they choose first."""
    s = position({0: ["9 of hearts", "9 of clubs"],
                  1: ["10 of hearts", "10 of clubs", "6 of diamonds"]}, trump="diamonds", stock=[])
    play(s, "attack 9 of hearts", "throw_in 9 of clubs")
    assert labels(s, "attack") == ["9 of hearts", "9 of clubs"] and s.decider == 1
    s.apply("beat")
    assert picks(s) == {"9 of hearts", "9 of clubs"}
    s.apply("pick 9 of clubs")
    s.apply("pick 10 of clubs")
    assert labels(s, "attack") == ["9 of hearts"] and labels(s, "covered") == ["9 of clubs"]
    assert labels(s, "defence") == ["10 of clubs"]


def test_taking_picks_up_every_card_of_the_bout():
    """DU6: "The defender who cannot or will not beat an attacking card takes: they pick up
    every card of the bout, attacking and defending, into their hand." """
    s = position({0: ["9 of hearts", "9 of clubs", "6 of diamonds"],
                  1: ["10 of hearts", "7 of diamonds", "8 of diamonds"]}, stock=[])
    play(s, "attack 9 of hearts", "let_go", "beat 10 of hearts", "throw_in 9 of clubs", "take",
         "pass")
    assert hand(s, 1) == Counter(["9 of hearts", "10 of hearts", "9 of clubs", "7 of diamonds",
                                  "8 of diamonds"])
    assert size(s, "attack") == size(s, "covered") == size(s, "defence") == 0


def test_throw_ins_are_of_ranks_on_the_table_and_never_by_the_defender():
    """DU7: "Every player but the defender may throw in further attacking cards, each of a rank
    already on the table in this bout (attacking or defending)" """
    s = position({0: ["9 of hearts", "9 of clubs", "10 of clubs", "7 of clubs"],
                  1: ["10 of hearts", "6 of diamonds", "7 of diamonds"],
                  2: ["ace of clubs", "10 of diamonds", "8 of spades"]})
    play(s, "attack 9 of hearts", "pass", "beat 10 of hearts")
    asked = []
    while s.pending is not None and s.pending.kind == "window":
        asked.append(s.decider)
        if s.decider == 0:
            s.apply("throw_in")
            # a 9 (attacking) or a 10 (defending), not the 7
            assert picks(s) == {"9 of clubs", "10 of clubs"}
            s.apply("pick 10 of clubs")
            s.apply("done")
        else:
            assert "throw_in" in legal(s)
            s.apply("let_go")
    assert asked == [0, 2]  # the defender, seat 1, is never asked
    assert labels(s, "attack") == ["10 of clubs"] and s.decider == 1


def test_throw_ins_race_and_land_in_turn_from_the_attacker_while_there_is_room():
    """DU7: "Throw-ins race: whoever is first throws in." DR2: "they land in turn from the
    attacker to the left while there is room (DU8), and a card that finds none stays in its
    hand." """
    # the defender holds two cards: room for one card after the lead; seats 2 and 3 both throw
    s = position({0: ["9 of hearts", "6 of clubs"], 1: ["10 of hearts", "7 of diamonds"],
                  2: ["9 of spades"], 3: ["9 of clubs", "10 of diamonds"]}, trump="diamonds")
    play(s, "attack 9 of hearts", "let_go", "throw_in 9 of spades",
         "throw_in 9 of clubs")
    assert labels(s, "attack") == ["9 of hearts", "9 of spades"]
    assert "9 of clubs" in hand(s, 3) and s.decider == 1
    assert [a["player"] for k, a in events_for(s, None) if k == "throws_in"] == [("player", 2)]


def test_a_throw_in_is_unseen_until_everyone_has_answered():
    """DR2: "Throw-ins race, unseen, after the lead and after every defence" """
    base = {0: ["9 of hearts", "9 of clubs"], 1: ["10 of hearts", "7 of diamonds", "8 of clubs"],
            2: ["9 of spades", "6 of diamonds"]}
    views = set()
    for first in ("throw_in 9 of clubs", "let_go"):
        s = play(position(base), "attack 9 of hearts", first)
        assert s.decider == 2
        views.add(repr((observation(s, 2), events_for(s, 2), legal(s))))
    assert len(views) == 1


def test_at_most_six_attacking_cards_and_never_more_than_the_defender_held():
    """DU8: "A bout holds at most six attacking cards, and never more than the defender held
    when the bout began." (DR3)"""
    s = position({0: ["9 of hearts", "9 of clubs", "9 of diamonds"],
                  1: ["10 of hearts", "jack of clubs"]}, stock=[])
    play(s, "attack 9 of hearts", "let_go", "beat 10 of hearts", "throw_in 9 of clubs",
         "beat jack of clubs")
    # the defender held two cards: no third attacking card, though seat 0 holds a 9
    assert legal(s) == ["let_go"]
    s.apply("let_go")
    assert "beaten_off" in event_keys(s)
    s = position({0: ["6 of hearts", "7 of diamonds", "9 of clubs", "6 of clubs", "6 of diamonds",
                      "9 of spades", "6 of spades"],
                  1: ["7 of hearts", "9 of diamonds", "10 of clubs", "10 of hearts",
                      "10 of spades", "jack of clubs", "jack of hearts"]}, stock=[])
    play(s, "attack 6 of hearts", "let_go", "beat 7 of hearts", "throw_in 7 of diamonds",
         "beat 9 of diamonds", "throw_in 9 of clubs", "take", "throw_in 6 of clubs, 6 of diamonds")
    s.apply("throw_in")
    s.apply("pick 9 of spades")  # the sixth card: the choice ends there
    assert size(s, "attack") + size(s, "covered") == 6
    # six attacking cards: seat 0's 6 of spades, of a rank on the table, cannot follow them
    assert legal(s) == ["let_go"]


def test_after_taking_the_others_may_still_throw_in():
    """DU9: "Once the defender has said they take, the others may still throw in cards (within
    DU8), which the defender takes with the rest." """
    s = position({0: ["9 of hearts", "9 of clubs", "ace of clubs"],
                  1: ["6 of diamonds", "7 of diamonds", "8 of diamonds"],
                  2: ["9 of spades", "king of hearts"]}, trump="clubs", stock=[])
    play(s, "attack 9 of hearts", "pass", "take", "throw_in 9 of clubs", "let_go")
    assert gvar(s, "taking") is True and s.pending is not None and s.pending.kind == "window"
    play(s, "let_go", "throw_in 9 of spades", "pass")
    assert hand(s, 1) == Counter(["6 of diamonds", "7 of diamonds", "8 of diamonds",
                                  "9 of hearts", "9 of clubs", "9 of spades"])
    assert "took" in event_keys(s)


def test_beaten_off_cards_go_out_and_the_defender_attacks_next():
    """DU10: "When every attacking card is beaten and nobody throws in any more, the bout is
    beaten off: its cards are put out of play, and the defender attacks next." """
    s = position({0: ["9 of hearts", "6 of clubs"], 1: ["10 of hearts", "7 of clubs"],
                  2: ["8 of clubs", "6 of diamonds"]}, stock=[])
    play(s, "attack 9 of hearts", "pass", "beat 10 of hearts", "pass")
    assert set(labels(s, "out")) >= {"9 of hearts", "10 of hearts"}
    assert size(s, "attack") == size(s, "covered") == size(s, "defence") == 0
    assert s.decider == 1 and gvar(s, "attacker") == 1
    assert gvar(s, "defender") == 2


def test_a_defender_who_took_loses_the_attack():
    """DU11: "When the defender takes, they lose their turn to attack: the player to their left
    attacks next." """
    s = position({0: ["9 of hearts", "6 of clubs"], 1: ["10 of clubs", "7 of clubs"],
                  2: ["8 of clubs", "6 of diamonds"]}, stock=[])
    play(s, "attack 9 of hearts", "pass", "take", "pass")
    assert s.decider == 2 and gvar(s, "attacker") == 2
    assert gvar(s, "defender") == 0


def test_refilling_from_the_attacker_to_the_defender_and_the_trump_last():
    """DU12: "each player with fewer than six cards draws from the stock up to six: first the
    attacker, then the others in turn to the left, the defender last." DU2: the turned card is
    "the last card drawn." """
    stock = ["6 of clubs", "7 of clubs", "8 of clubs"]  # topmost last: 8, 7, 6, then the trump
    s = position({0: ["9 of hearts"], 1: ["10 of hearts"], 2: ["jack of diamonds"]},
                 stock=stock, turned=["6 of spades"])
    play(s, "attack 9 of hearts", "pass", "beat 10 of hearts", "pass")  # seat 2 is asked alone
    # seat 0 (attacker, no cards) draws first: 8, 7, 6 of clubs, then the trump; seat 2 nothing
    assert hand(s, 0) == Counter(["8 of clubs", "7 of clubs", "6 of clubs", "6 of spades"])
    assert size(s, ("hand", 2)) == 1 and size(s, ("hand", 1)) == 0
    assert [a["player"] for k, a in events_for(s, None) if k == "refilled"] == [("player", 0)]
    # the defender, out of cards, cannot attack: the next player holding cards does
    assert gvar(s, "attacker") == 2 and gvar(s, "defender") == 0


def test_everyone_knows_who_drew_the_turned_trump():
    """DR4: "The turned trump goes into the hand that draws it like any card; everyone saw it,
    and everyone knows who holds it until it is played." """
    s = position({0: ["9 of hearts"], 1: ["10 of hearts", "7 of clubs"], 2: ["jack of diamonds"]},
                 stock=["6 of clubs"], turned=["6 of spades"])
    play(s, "attack 9 of hearts", "pass", "beat 10 of hearts", "pass")
    assert hand(s, 0) == Counter(["6 of clubs", "6 of spades"])
    told = {"card": "6 of spades", "owner": 0, "zone": "hand"}
    assert told in observation(s, 2)["known"] and told in observation(s, 1)["known"]


def test_players_out_of_cards_are_passed_over():
    """DU13: "A player without cards once the stock is empty has left the game safely; the
    attack and the defence pass over them to the next player with cards." """
    s = position({0: ["9 of hearts"], 1: ["10 of hearts", "7 of clubs"],
                  2: ["8 of clubs", "6 of diamonds"], 3: ["6 of clubs"]}, stock=[])
    play(s, "attack 9 of hearts")
    assert s.decider == 2  # seat 0, out of cards, is not asked to throw in
    play(s, "pass", "beat 10 of hearts", "pass")
    assert gvar(s, "attacker") == 1 and gvar(s, "defender") == 2
    play(s, "attack 7 of clubs")
    assert s.decider == 3  # seats 1 and 0 hold nothing: seat 3 alone is asked
    play(s, "pass", "beat 8 of clubs", "pass")
    # seat 1 is out now: seat 2 (the defender, holding cards) attacks seat 3
    assert gvar(s, "attacker") == 2 and gvar(s, "defender") == 3


def test_the_last_player_holding_cards_is_the_durak():
    """DU14: "The last player left holding cards is the durak (the fool) and loses; the others
    win." """
    s = position({0: ["9 of hearts"], 1: ["10 of hearts", "7 of clubs"], 2: ["6 of clubs"]},
                 stock=[])
    play(s, "attack 9 of hearts", "pass", "beat 10 of hearts", "pass")
    # seat 0 is out; seat 1 attacks seat 2 with its last card, which seat 2 takes
    play(s, "attack 7 of clubs", "take")
    assert s.is_over and s.outcome is not None
    assert s.outcome.winners == (0, 1) and s.outcome.reason == "durak_found"
    assert rendered(s, None)[-1].startswith("Game over: the last player holding cards is")


def test_nobody_left_holding_cards_is_a_draw():
    """DU14: "If the last cards are played so that nobody holds any, the game is a draw." """
    s = position({0: ["9 of hearts"], 1: ["10 of hearts"]}, stock=[])
    play(s, "attack 9 of hearts", "beat 10 of hearts")
    assert s.is_over and s.outcome is not None
    assert s.outcome.winners == (0, 1) and s.outcome.reason == "nobody_left"


# ---- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_games_end_with_one_durak_or_a_draw(players):
    """DU14, with random seats (drawn by the actions' weights) for a few seeds: every game
    ends within the ruleset's limits, with at most one loser."""
    g = game()
    for seed in range(4):
        s = g.new_state(players, seed=seed)
        rnd = random.Random(seed)
        while not s.is_over:
            s.apply(s.random_action(rnd))
        assert s.outcome is not None and len(s.outcome.winners) >= players - 1
        zones = ("stock", "turned", "attack", "covered", "defence", "out")
        total = sum(size(s, z) for z in zones)
        assert total + sum(size(s, ("hand", p)) for p in range(players)) == 36
