"""Shamus: the Rami player's turn (H5): the draw, taking from the discard pile at depth, laying
and extending melds, the forced-meld rule on the discard; meld points (H6)."""

import pytest
from shamus_helpers import (
    RAMI,
    UNO,
    deal,
    events,
    gvar,
    hand,
    legal,
    meld,
    picks,
    rami_discard,
    rendered,
    size,
    top,
    uno_play,
)

import rulekit
from rulekit.testing import labels

FILLER = ["9 of spades", "6 of diamonds"]        # Uno cards that never matter
def at_rami_turn(rami: list[str], turned: str, *, under: list[str] = (), stock=None,
                 empty_stock=False, uno=None, circle=()) -> rulekit.State:
    """The Rami player's turn: the Uno player discarded the 7 of spades on the 7 of diamonds and
    turned `turned` from the circle, whose next cards are `circle` (the next one last).

    `under` lies under the 7 of diamonds in the discard pile (bottom first)."""
    s = deal({UNO: uno or ["7 of spades"] + FILLER, RAMI: rami},
             discard=list(under) + ["7 of diamonds"], circle_top=list(circle) + [turned],
             stock=stock, empty_stock=empty_stock)
    uno_play(s, "7 of spades")
    assert top(s) == turned and (s.decider == RAMI or s.is_over)
    return s


def extend(s: rulekit.State, card: str, target: int) -> None:
    s.apply("extend")
    s.apply(f"pick {card}")
    s.apply(f"target meld{target}")


def laid(s: rulekit.State) -> list[dict]:
    return rulekit.observation(s, UNO)["seats"][RAMI]["zones"]["laid"]["melds"]


# ---- H5: the draw ----------------------------------------------------------------------------


def test_rami_draws_from_the_stock_then_discards():
    """H5. "Rami turn: draw the top stock card". The book: "le joueur de Rami tire une carte de la
    pioche ... Il se défausse enfin d'une carte"."""
    s = at_rami_turn(["3 of clubs", "8 of diamonds"], "K of clubs", stock=["5 of hearts"])
    assert legal(s) == ["draw"]                     # the K of clubs forms nothing
    s.apply("draw")
    assert "5 of hearts" in hand(s, RAMI)
    assert legal(s) == ["discard"]
    rami_discard(s, "8 of diamonds")
    assert s.decider == UNO and top(s) == "8 of diamonds"


def test_take_refused_when_the_top_discard_is_useless():
    """H5. "or take the top discard if it can at once form or extend a meld". The book: "ou
    récupère la première carte de la défausse si celle-ci lui permet de poser ou de compléter
    immédiatement une combinaison". A 5 of hearts beside one other 5 forms nothing."""
    s = at_rami_turn(["5 of clubs", "6 of hearts", "8 of diamonds"], "5 of hearts")
    assert legal(s) == ["draw"]
    with pytest.raises(rulekit.IllegalActionError):
        s.apply("take")


@pytest.mark.parametrize("rami", [["5 of clubs", "5 of diamonds"],          # a set
                                  ["3 of hearts", "4 of hearts"],           # a run below
                                  ["6 of hearts", "7 of hearts"],           # a run above
                                  ["4 of hearts", "6 of hearts"]])          # a run around
def test_take_the_top_discard_that_forms_a_meld(rami):
    """H5: the top discard may be taken when it "can at once form ... a meld" with the hand."""
    s = at_rami_turn(rami + ["K of clubs"], "5 of hearts")
    assert legal(s) == ["draw", "take"]
    s.apply("take")
    assert legal(s) == ["depth 1", "depth 2", "depth 3"]     # the pile: 7 of diamonds, 7 of
    s.apply("depth 1")                                       # spades, 5 of hearts
    assert "5 of hearts" in hand(s, RAMI) and top(s) == "7 of spades"
    assert events(s, "took")[-1] == {"player": ("player", RAMI),
                                     "cards": ("cards", ["5 of hearts"])}


def test_take_the_top_discard_that_extends_a_meld():
    """H5: "... or extend a meld" (their own: "extend their own melds")."""
    s = at_rami_turn(["3 of clubs", "4 of clubs", "5 of clubs", "8 of diamonds"], "Q of clubs",
                     stock=["9 of hearts"], uno=["7 of spades", "8 of spades", "J of diamonds"],
                     circle=["6 of clubs"])
    s.apply("draw")
    meld(s, ["3 of clubs", "4 of clubs", "5 of clubs"])
    rami_discard(s, "8 of diamonds")
    uno_play(s, "8 of spades")                      # and turns the 6 of clubs
    assert top(s) == "6 of clubs" and hand(s, RAMI) == {"9 of hearts": 1}
    assert legal(s) == ["draw", "take"]
    s.apply("take")
    s.apply("depth 1")
    extend(s, "6 of clubs", 1)
    assert laid(s)[0]["cards"] == ["3 of clubs", "4 of clubs", "5 of clubs", "6 of clubs"]


def test_take_at_depth_takes_the_cards_under_it_in_order():
    """H5. "having taken it, they may also take any number of the cards lying under it, in
    order." The book: "il lui est également possible de ramasser les cartes suivantes, autant
    qu'il veut (les cartes jetées doivent donc se chevaucher légèrement pour être toutes
    visibles)"."""
    under = ["2 of clubs", "3 of diamonds", "Q of clubs"]
    s = at_rami_turn(["5 of clubs", "5 of diamonds", "K of clubs"], "5 of hearts", under=under)
    assert labels(s, "discard") == under + ["7 of diamonds", "7 of spades", "5 of hearts"]
    s.apply("take")
    assert legal(s) == [f"depth {n}" for n in range(1, 7)]
    s.apply("depth 4")
    assert labels(s, "discard") == ["2 of clubs", "3 of diamonds"]
    assert {"5 of hearts", "7 of spades", "7 of diamonds", "Q of clubs"} <= set(hand(s, RAMI))
    assert events(s, "took")[-1]["cards"] == (
        "cards", ["5 of hearts", "7 of spades", "7 of diamonds", "Q of clubs"])
    assert legal(s) == ["meld"]             # no second draw; H5: the 5 of hearts is laid first


def test_the_whole_pile_may_be_taken():
    """H5 "any number of the cards lying under it": down to the turned opening card."""
    s = at_rami_turn(["5 of clubs", "5 of diamonds", "K of clubs"], "5 of hearts")
    s.apply("take")
    s.apply(legal(s)[-1])
    assert size(s, "discard") == 0 and size(s, ("hand", RAMI)) == 6
    meld(s, ["5 of clubs", "5 of diamonds", "5 of hearts"])
    rami_discard(s, "K of clubs")
    assert s.decider == UNO and labels(s, "discard") == ["K of clubs"]


def test_empty_stock_rami_may_still_take():
    """H7 "a card must be drawn from an empty stock" does not apply while the top discard can be
    taken: the Rami player takes it."""
    s = at_rami_turn(["5 of clubs", "5 of diamonds", "K of clubs"], "5 of hearts",
                     empty_stock=True, stock=[])
    assert not s.is_over and legal(s) == ["take"]


def test_empty_stock_and_useless_top_discard_ends_the_game():
    """H7. "The game ends ... when a card must be drawn from an empty stock." (U4)"""
    s = at_rami_turn(["5 of clubs", "6 of clubs", "K of clubs"], "5 of hearts",
                     empty_stock=True, stock=[])
    assert s.is_over and s.outcome.reason == "lost"
    assert "A card must be drawn from an empty stock." in rendered(s, None)


# ---- H5: the top discard is taken only to be laid at once ------------------------------------

def test_take_only_with_a_card_left_for_the_discard():
    """H5. "The top discard may be taken only when it can be laid this turn, in a new meld or an
    extension, with a card still left to discard afterwards". Two 5s and the 5 of hearts would
    make a set and leave nothing to discard: taking it alone is not offered; taking a card from
    under it too leaves that card to discard."""
    s = at_rami_turn(["5 of clubs", "5 of diamonds"], "5 of hearts")
    assert legal(s) == ["draw", "take"]
    s.apply("take")
    assert legal(s) == ["depth 2", "depth 3"]                # not the 5 of hearts alone
    with pytest.raises(rulekit.IllegalActionError):
        s.apply("depth 1")
    s.apply("depth 2")
    meld(s, ["5 of clubs", "5 of diamonds", "5 of hearts"])
    assert hand(s, RAMI) == {"7 of spades": 1} and legal(s) == ["discard"]
    rami_discard(s, "7 of spades")
    assert s.decider == UNO


def test_a_taken_card_is_not_thrown_straight_back():
    """H5: "once taken it must be so used": the taken 5 of hearts may not be discarded, nor may
    anything else be, until it is laid."""
    s = at_rami_turn(["5 of clubs", "5 of diamonds", "K of clubs"], "5 of hearts")
    s.apply("take")
    s.apply("depth 1")
    assert legal(s) == ["meld"]
    with pytest.raises(rulekit.IllegalActionError):
        s.apply("discard")
    meld(s, ["5 of clubs", "5 of diamonds", "5 of hearts"])
    assert sorted(laid(s)[0]["cards"]) == ["5 of clubs", "5 of diamonds", "5 of hearts"]
    assert legal(s) == ["discard"] and picks(s, "discard") == {"K of clubs"}


def test_the_meld_made_after_a_take_holds_the_taken_card():
    """H5: "once taken it must be so used": of a hand that could also lay 3-4-5 of clubs, the
    first meld is the one that holds the taken 9 of hearts; only its partners are picked."""
    s = at_rami_turn(["3 of clubs", "4 of clubs", "5 of clubs", "9 of clubs", "9 of diamonds",
                      "K of diamonds"], "9 of hearts")
    s.apply("take")
    s.apply("depth 1")
    assert legal(s) == ["meld"]
    assert picks(s, "meld") == {"9 of clubs", "9 of diamonds"}
    meld(s, ["9 of clubs", "9 of diamonds", "9 of hearts"])
    assert events(s, "melded")[-1]["points"] == 15
    assert legal(s) == ["meld", "discard"]                    # now any meld may follow
    meld(s, ["3 of clubs", "4 of clubs", "5 of clubs"])
    rami_discard(s, "K of diamonds")


def test_the_extension_made_after_a_take_is_the_taken_card():
    """H5: "once taken it must be so used" (here, in an extension): the 9 of clubs is taken to
    extend 6-7-8 with the two cards under it; the 5 of clubs among them, which extends the run
    too, waits until the 9 is laid."""
    s = at_rami_turn(["6 of clubs", "7 of clubs", "8 of clubs", "8 of diamonds"], "Q of hearts",
                     stock=["5 of clubs"], uno=["7 of spades", "5 of spades", "J of diamonds"],
                     circle=["9 of clubs"])
    s.apply("draw")
    meld(s, ["6 of clubs", "7 of clubs", "8 of clubs"])
    rami_discard(s, "5 of clubs")       # "the discarded card itself may have been useful"
    uno_play(s, "5 of spades")                      # and turns the 9 of clubs
    assert hand(s, RAMI) == {"8 of diamonds": 1}
    s.apply("take")
    s.apply("depth 3")                              # the 9 of clubs, 5 of spades, 5 of clubs
    assert legal(s) == ["extend"] and picks(s, "extend") == {"9 of clubs"}
    extend(s, "9 of clubs", 1)
    assert picks(s, "extend") == {"5 of clubs"}
    extend(s, "5 of clubs", 1)
    assert laid(s)[0]["cards"] == ["5 of clubs", "6 of clubs", "7 of clubs", "8 of clubs",
                                   "9 of clubs"]


# ---- H5: melds --------------------------------------------------------------------------------

def rami_with(cards: list[str], drawn: str = "K of clubs") -> rulekit.State:
    """The Rami player holding `cards`, after drawing `drawn` from the stock."""
    s = at_rami_turn(cards, "Q of clubs", stock=[drawn])
    s.apply("draw")
    return s


@pytest.mark.parametrize("cards,kind", [
    (["5 of clubs", "5 of hearts", "5 of spades"], "set"),
    (["5 of clubs", "5 of hearts", "5 of spades", "5 of diamonds"], "set"),
    (["3 of hearts", "4 of hearts", "5 of hearts"], "run"),
    (["A of hearts", "2 of hearts", "3 of hearts", "4 of hearts", "5 of hearts", "6 of hearts"],
     "run"),
    (["J of diamonds", "Q of diamonds", "K of diamonds"], "run"),
])
def test_valid_melds(cards, kind):
    """H5. "sets of 3 or 4 equal ranks; runs of 3 or more consecutive ranks of one suit". H1:
    "Ace is low only (A-2-3 is a run)". The book: "brelans, carrés et suites d'au moins 3
    cartes"."""
    s = rami_with(cards + ["8 of diamonds"])
    meld(s, cards)
    assert [m["kind"] for m in laid(s)] == [kind]
    assert sorted(laid(s)[0]["cards"]) == sorted(cards)
    assert not set(cards) & set(hand(s, RAMI))


@pytest.mark.parametrize("cards", [
    ["Q of hearts", "K of hearts", "A of hearts"],          # H1: Q-K-A is not a run
    ["3 of hearts", "4 of hearts", "5 of clubs"],           # one suit
    ["3 of hearts", "4 of hearts", "6 of hearts"],          # consecutive
    ["5 of clubs", "5 of hearts"],                          # at least 3
])
def test_invalid_melds_cannot_be_laid(cards):
    """H1 "Ace is low only (... Q-K-A is not)"; H5 runs are "consecutive ranks of one suit";
    melds have at least 3 cards."""
    s = rami_with(cards + ["8 of diamonds"], drawn="2 of spades")
    assert "meld" not in legal(s)


def test_only_cards_that_can_still_make_a_meld_are_offered():
    """H5: a meld is picked card by card; a pick that cannot end in a meld is not offered."""
    s = rami_with(["5 of clubs", "5 of hearts", "5 of spades", "6 of clubs", "7 of clubs",
                   "9 of diamonds"])
    s.apply("meld")
    assert "pick 9 of diamonds" not in legal(s) and "pick K of clubs" not in legal(s)
    s.apply("pick 6 of clubs")
    assert set(legal(s)) == {"pick 5 of clubs", "pick 7 of clubs"}


def test_a_set_has_at_most_four_cards_and_extends_up_to_four():
    """H5 "sets of 3 or 4 equal ranks" ("brelans, carrés")."""
    s = rami_with(["5 of clubs", "5 of hearts", "5 of spades", "5 of diamonds", "8 of diamonds"])
    meld(s, ["5 of clubs", "5 of hearts", "5 of spades"])
    assert "extend" in legal(s)
    extend(s, "5 of diamonds", 1)
    assert laid(s)[0]["kind"] == "set" and len(laid(s)[0]["cards"]) == 4


def test_extend_a_run_at_either_end():
    """H5 "extend their own melds": a run grows at either end with the next rank of its suit."""
    s = rami_with(["4 of hearts", "5 of hearts", "6 of hearts", "3 of hearts", "7 of hearts",
                   "9 of diamonds"])
    meld(s, ["4 of hearts", "5 of hearts", "6 of hearts"])
    assert picks(s, "extend") == {"3 of hearts", "7 of hearts"}
    extend(s, "3 of hearts", 1)
    extend(s, "7 of hearts", 1)
    assert laid(s)[0]["cards"] == [f"{r} of hearts" for r in range(3, 8)]


def test_melding_keeps_a_card_for_the_discard():
    """U5: "Il se défausse enfin d'une carte": melding never empties the hand. Three cards that
    form a meld, and nothing else in hand, cannot be laid; one of them is discarded."""
    s = at_rami_turn(["5 of clubs", "5 of hearts"], "Q of clubs", stock=["5 of spades"])
    s.apply("draw")
    assert legal(s) == ["discard"]
    assert picks(s, "discard") == {"5 of clubs", "5 of hearts", "5 of spades"}


def test_extending_keeps_a_card_for_the_discard():
    """U5 for extensions: a lone card is discarded, even if it could extend a meld; with two
    cards, one may extend."""
    s = at_rami_turn(["3 of clubs", "4 of clubs", "5 of clubs", "8 of diamonds"], "Q of clubs",
                     stock=["9 of spades"], uno=["7 of spades", "8 of spades", "9 of hearts"],
                     circle=["7 of clubs", "6 of clubs"])
    s.apply("draw")
    meld(s, ["3 of clubs", "4 of clubs", "5 of clubs"])
    rami_discard(s, "8 of diamonds")                # one card left: the 9 of spades
    uno_play(s, "8 of spades")                      # turns the 6 of clubs
    s.apply("take")
    s.apply("depth 1")
    assert hand(s, RAMI) == {"9 of spades": 1, "6 of clubs": 1}
    assert legal(s) == ["extend"]                   # H5: the taken 6 must be laid first
    extend(s, "6 of clubs", 1)
    rami_discard(s, "9 of spades")                  # the last card: the hand is empty
    assert size(s, ("hand", RAMI)) == 0 and not s.is_over    # 25 points: no Junior
    uno_play(s, "9 of hearts")                      # turns the 7 of clubs
    s.apply("take")
    # H5: "with a card still left to discard afterwards": the 7 alone would extend the run and
    # leave nothing to discard, so at least one card under it comes too
    assert legal(s)[0] == "depth 2" and "depth 1" not in legal(s)
    s.apply("depth 2")
    assert hand(s, RAMI) == {"7 of clubs": 1, "9 of hearts": 1}
    assert legal(s) == ["extend"]
    extend(s, "7 of clubs", 1)
    rami_discard(s, "9 of hearts")


# ---- H5: the forced-meld rule ----------------------------------------------------------------


def test_discard_that_keeps_a_formable_meld_is_not_offered():
    """H5. "After the discard, no new meld may still be formable from the hand and no card in
    hand may still extend a meld (the discarded card itself may have been useful)." The book:
    "le joueur de Rami n'est pas autorisé à garder dans sa main des cartes pouvant former ou
    compléter des combinaisons, mais il peut en revanche se défausser d'une carte qui aurait pu
    servir"."""
    s = rami_with(["5 of clubs", "5 of hearts", "5 of spades", "9 of diamonds"])
    assert legal(s) == ["meld", "discard"]
    # the 9 and the K would keep three 5s; a 5 may go, though it was useful
    assert picks(s, "discard") == {"5 of clubs", "5 of hearts", "5 of spades"}
    s.apply("discard")
    with pytest.raises(rulekit.IllegalActionError):
        s.apply("pick 9 of diamonds")


def test_discard_breaks_a_run_in_the_middle():
    """H5: of a run 3-4-5-6 in hand, only a card whose loss leaves no run may go."""
    s = rami_with(["3 of clubs", "4 of clubs", "5 of clubs", "6 of clubs"], drawn="9 of hearts")
    assert picks(s, "discard") == {"4 of clubs", "5 of clubs"}


def test_discard_that_keeps_an_extension_is_not_offered():
    """H5: "no card in hand may still extend a meld"."""
    s = rami_with(["3 of clubs", "4 of clubs", "5 of clubs", "6 of clubs", "9 of diamonds"])
    meld(s, ["3 of clubs", "4 of clubs", "5 of clubs"])
    assert picks(s, "discard") == {"6 of clubs"}
    extend(s, "6 of clubs", 1)
    assert picks(s, "discard") == {"9 of diamonds", "K of clubs"}


def test_a_clean_hand_discards_anything():
    """The book: "sans avoir à s'inquiéter de sa couleur ou de sa valeur"."""
    s = rami_with(["3 of clubs", "5 of hearts", "9 of diamonds"])
    assert picks(s, "discard") == {"3 of clubs", "5 of hearts", "9 of diamonds", "K of clubs"}


# ---- H6: meld points ----------------------------------------------------------------------------


@pytest.mark.parametrize("cards,points", [
    (["5 of clubs", "5 of hearts", "5 of spades"], 15),
    (["10 of clubs", "10 of hearts", "10 of spades", "10 of diamonds"], 40),
    (["9 of hearts", "10 of hearts", "J of hearts", "Q of hearts"], 35),
    (["A of hearts", "2 of hearts", "3 of hearts"], 15),            # Ace in a run: 5
    (["A of hearts", "A of clubs", "A of spades"], 45),             # Ace in a set: 15
])
def test_meld_points(cards, points):
    """H6. "2-9 count 5, 10/J/Q/K count 10, an Ace counts 5 in a run and 15 in a set." The book:
    "As, dans une suite As – 2 – : 5 points; As, dans un brelan ou un carré : 15 points"."""
    s = rami_with(cards + ["8 of diamonds"])
    meld(s, cards)
    assert events(s, "melded")[-1]["points"] == points
    rami_discard(s, "8 of diamonds")
    assert gvar(s, "mover") == UNO


def test_points_announced_after_each_circle_card():
    """The book: "il est d'usage que le joueur de Uno annonce combien de cartes il lui reste en
    main, combien de cartes constituent le cercle de Shamus et combien de points le joueur de
    Rami a marqués" (U3)."""
    s = rami_with(["A of hearts", "A of clubs", "A of spades", "8 of diamonds"])
    meld(s, ["A of hearts", "A of clubs", "A of spades"])
    rami_discard(s, "8 of diamonds")
    uno_play(s, "6 of diamonds")
    ann = events(s, "announce")
    assert ann[-1]["points"] == 45 and ann[-1]["circle"] == 8
    fr = rendered(s, RAMI, "fr")
    assert any(line.endswith("45 points de combinaisons.") for line in fr)
