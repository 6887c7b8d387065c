"""Le Ch'ami: the cards, the deal, the turn, runs and sets (C1-C4)."""

from collections import Counter

import pytest
from chami_helpers import (
    FILLER,
    all_labels,
    deal,
    discard,
    event_keys,
    extend,
    game,
    hand,
    lay,
    legal,
    melds,
    pending,
    rendered,
    size,
)

import rulekit
from rulekit.testing import card_ids, labels


def test_the_138_cards():
    """C1: "Cards (138): 100 addition cards a+b for every a, b in 1..10, valued a+b; 19 number
    cards valued 2..20, one each; 19 specials: 4 Poursuite, 4 Sans issue, 4 Magie, 4 Balancoire,
    1 Embuscade, 1 Cadeau, 1 Gruyere." Labels show the value: 7+4=11."""
    s = game().new_state(2, seed=0)
    cards = all_labels(s)
    assert sum(cards.values()) == 138
    additions = [c for c in cards if "+" in c]
    assert len(additions) == 100 and sum(cards[c] for c in additions) == 100
    assert "7+4=11" in cards and "2+5=7" in cards and "10+10=20" in cards and "1+1=2" in cards
    for a in range(1, 11):
        for b in range(1, 11):
            assert cards[f"{a}+{b}={a + b}"] == 1
    assert all(cards[str(v)] == 1 for v in range(2, 21))
    assert {c: cards[c] for c in ("Chase", "Dead End", "Magic", "Seesaw")} == dict.fromkeys(
        ("Chase", "Dead End", "Magic", "Seesaw"), 4)
    assert cards["Ambush"] == cards["Gift"] == cards["Gruyere"] == 1


def test_french_names_are_the_books():
    """Player-facing names in French are the book's words: « Poursuite », « Sans issue »,
    « Magie », « Balançoire », « Embuscade », « Cadeau », « Gruyère »."""
    g = game()
    pairs = {"Chase": "Poursuite", "Dead End": "Sans issue", "Magic": "Magie",
             "Seesaw": "Balançoire", "Ambush": "Embuscade", "Gift": "Cadeau",
             "Gruyere": "Gruyère", "7+4=11": "7+4=11", "18": "18"}
    for en, fr in pairs.items():
        [card] = card_ids(game().new_state(2, seed=0), en)[:1]
        assert g.card_label(card, "en") == en
        assert g.card_label(card, "fr") == fr


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_deal(n):
    """C2: "Deal 12 cards each; the rest is the stock; the discard pile starts empty. Seat 0
    starts." ("on distribue 3 par 3 douze cartes à chaque joueur")"""
    s = game().new_state(n, seed=n)
    assert [size(s, ("hand", p)) for p in range(n)] == [12] * n
    assert size(s, "stock") == 138 - 12 * n
    assert size(s, "discard") == 0 and size(s, "table") == 0
    assert s.decider == 0 and legal(s) == ["draw"]


def test_a_turn_draw_then_discard():
    """C3: "A turn: draw 1 card from the stock; then any number of melds and extensions; then
    discard 1 card". The drawn card is the stock's top card, seen only by the drawer."""
    s = deal(3, {0: FILLER + ["Chase"]}, stock=["5+6=11"])
    assert legal(s) == ["draw"]
    start = len(s.log)
    s.apply("draw")
    assert hand(s, 0)["5+6=11"] == 1 and size(s, ("hand", 0)) == 5
    assert "5+6=11" in " ".join(rendered(s, 0, start=start))
    assert "5+6=11" not in " ".join(rendered(s, 1, start=start))
    assert "draw" not in legal(s) and "discard" in legal(s)
    discard(s, "5+6=11")
    assert labels(s, "discard") == ["5+6=11"] and s.decider == 1 and legal(s) == ["draw"]


def test_a_run_of_three():
    """C3: "A new meld is exactly 3 cards: a run of 3 consecutive values"; "que ce soit des
    additions ou des sommes": addition cards count as their sum."""
    s = deal(2, {0: ["2+3=5", "6", "3+4=7"] + FILLER}, drawn=True)
    assert "meld" in legal(s)
    lay(s, ["2+3=5", "6", "3+4=7"])
    assert melds(s) == [{"meld": 1, "kind": "run", "cards": ["2+3=5", "6", "3+4=7"],
                         "values": [5, 6, 7]}]
    assert hand(s, 0) == Counter(FILLER)
    assert s.decider == 0 and "discard" in legal(s)        # the turn goes on


def test_a_set_of_three():
    """C3: "or a set of 3 equal values" ("brelan de 3 cartes égales")."""
    s = deal(2, {0: ["4+4=8", "8", "5+3=8"] + FILLER}, drawn=True)
    lay(s, ["4+4=8", "8", "5+3=8"])
    [m] = melds(s)
    assert m["kind"] == "set" and m["values"] == [8, 8, 8]


def test_a_new_meld_is_exactly_three_cards():
    """C3: "A new meld is exactly 3 cards". Four equal values are laid as 3 (then extended)."""
    s = deal(2, {0: ["4+4=8", "8", "5+3=8", "1+7=8"] + FILLER}, drawn=True)
    s.apply("meld")
    for c in ["4+4=8", "8", "5+3=8"]:
        assert "done" not in legal(s)
        s.apply(f"pick {c}")
    assert melds(s)[0]["cards"] == ["4+4=8", "8", "5+3=8"]   # the third pick closes it
    assert hand(s, 0)["1+7=8"] == 1


def test_extending_a_run_at_either_end_and_a_set():
    """C3: "An extension adds 1 card to any meld on the table (a run at either end with the next
    value, a set with an equal value). Melds belong to the table, not to a player." Seat 1
    extends seat 0's melds."""
    s = deal(2, {0: ["2+3=5", "6", "3+4=7", "4+4=8", "8", "5+3=8", "Chase"],
                 1: ["4", "1+7=8", "2+6=8", "9+9=18"]}, stock=["10+10=20"], drawn=True)
    lay(s, ["2+3=5", "6", "3+4=7"])
    s.apply("extend")
    assert legal(s) == ["onto meld1"]       # the 8s extend the run; no set on the table yet
    s.apply("onto meld1")
    assert legal(s) == ["pick 4+4=8", "pick 5+3=8", "pick 8"]
    s.apply("pick 8")
    discard(s, "Chase")
    # seat 1: 4 extends the run at its low end; 1+7=8 cannot (the run now ends at 8); no set yet
    s.apply("draw")
    assert sorted(legal(s)) == ["discard", "extend"]
    extend(s, 1, "4")
    assert melds(s)[0]["values"] == [4, 5, 6, 7, 8]
    assert melds(s)[0]["cards"][0] == "4"


def test_extending_a_set():
    """C3: "a set with an equal value" — any number of times (R8)."""
    s = deal(2, {0: ["4+4=8", "8", "5+3=8", "1+7=8", "2+6=8", "Chase"]}, drawn=True)
    lay(s, ["4+4=8", "8", "5+3=8"])
    extend(s, 1, "1+7=8")
    extend(s, 1, "2+6=8")
    assert melds(s)[0]["values"] == [8] * 5 and melds(s)[0]["kind"] == "set"
    assert hand(s, 0) == Counter(["Chase"])


def test_a_wrong_meld_is_never_offered():
    """C3 (a meld is a run of 3 consecutive values or a set of 3 equal values): the meld picks
    only offer cards that can still end in a valid meld, never a special other than the Gift,
    and `done` never before 3 cards."""
    s = deal(2, {0: ["2+3=5", "6", "3+4=7", "9+9=18", "Magic", "Chase", "1+4=5"]}, drawn=True)
    s.apply("meld")
    assert legal(s) == ["pick 1+4=5", "pick 2+3=5", "pick 3+4=7", "pick 6"]
    s.apply("pick 2+3=5")
    assert legal(s) == ["pick 3+4=7", "pick 6"]        # 1+4=5 would need a third 5
    s.apply("pick 6")
    assert legal(s) == ["pick 3+4=7"]


def test_no_meld_offered_without_one():
    """C3: melds are optional and only real ones are offered: with no run or set in hand, the
    turn is draw then discard."""
    s = deal(2, {0: ["2+3=5", "9+9=18", "Magic", "Magic", "Magic"]}, drawn=True)
    assert legal(s) == ["discard"]       # three Magic are not a set: specials do not meld


def test_an_illegal_scripted_meld_is_refused_clearly():
    """C3: a meld must be a run or a set; a scripted illegal pick raises IllegalActionError,
    naming the action and the legal ones, and leaves the state unchanged."""
    s = deal(2, {0: ["2+3=5", "6", "3+4=7", "9+9=18"]}, drawn=True)
    s.apply("meld")
    s.apply("pick 2+3=5")
    before = (len(s.log), labels(s, ("hand", 0)))
    with pytest.raises(rulekit.IllegalActionError) as e:
        s.apply("pick 9+9=18")
    msg = str(e.value)
    assert "pick 9+9=18" in msg and "pick 6" in msg and "pick 3+4=7" in msg
    assert (len(s.log), labels(s, ("hand", 0))) == before
    with pytest.raises(rulekit.IllegalActionError):
        deal(2, {0: FILLER}).apply("discard")         # the draw comes first


def test_the_gift_is_wild_in_a_meld():
    """C4: "Cadeau is wild: in a meld it stands for any value (fixed when laid)". Offered values
    are those that make the meld valid: with 5 and 6, a run 4-5-6 or 5-6-7."""
    s = deal(2, {0: ["2+3=5", "6", "Gift", "Chase", "9+9=18"]}, drawn=True)
    s.apply("meld")
    assert "pick Gift" in legal(s) and "pick Chase" not in legal(s)
    for c in ["Gift", "2+3=5", "6"]:
        s.apply(f"pick {c}")
    assert legal(s) == ["stands_for 4", "stands_for 7"]
    s.apply("stands_for 7")
    [m] = melds(s)
    assert m["kind"] == "run" and m["values"] == [5, 6, 7] and m["cards"][-1] == "Gift"
    assert any("Gift stands for 7" in line for line in rendered(s, None))


def test_the_gift_value_is_fixed_once_laid():
    """C4: "(fixed when laid)": a run 5-6-Gift(7) is extended by an 8 at the top, not by a 7."""
    s = deal(2, {0: ["2+3=5", "6", "Gift", "3+4=7", "4+4=8", "Chase"]}, drawn=True)
    lay(s, ["2+3=5", "6", "Gift"], stands_for=7)
    s.apply("extend")
    s.apply("onto meld1")
    assert legal(s) == ["pick 4+4=8"]
    s.apply("pick 4+4=8")
    assert melds(s)[0]["values"] == [5, 6, 7, 8]


def test_the_gift_extends_a_meld_with_a_chosen_value():
    """C4: the Gift stands for any value (fixed when laid), also when it extends a meld: a run
    at either end, a set with its value."""
    s = deal(2, {0: ["2+3=5", "6", "3+4=7", "Gift", "Chase"]}, drawn=True)
    lay(s, ["2+3=5", "6", "3+4=7"])
    s.apply("extend")
    s.apply("onto meld1")
    s.apply("pick Gift")
    assert legal(s) == ["stands_for 4", "stands_for 8"]
    s.apply("stands_for 4")
    assert melds(s)[0]["values"] == [4, 5, 6, 7] and melds(s)[0]["cards"][0] == "Gift"


def test_runs_keep_to_the_printed_values():
    """R8: runs stay within 2..20: with 19 and 20 the Gift can only be 18."""
    s = deal(2, {0: ["19", "10+10=20", "Gift", "Chase"]}, drawn=True)
    s.apply("meld")
    for c in ["Gift", "19", "10+10=20"]:
        s.apply(f"pick {c}")
    assert legal(s) == ["stands_for 18"]


def test_meld_log_in_both_languages():
    """Messages in French (the book's words) and English."""
    s = deal(2, {0: ["2+3=5", "6", "3+4=7", "Chase"]}, drawn=True)
    start = len(s.log)
    lay(s, ["2+3=5", "6", "3+4=7"])
    assert event_keys(s, None, start) == ["melded"]
    assert rendered(s, 1, "en", start) == ["Player 0 lays 2+3=5, 6, 3+4=7."]
    assert rendered(s, 1, "fr", start) == ["Joueur 0 pose 2+3=5, 6, 3+4=7."]
    assert pending(s) is None
