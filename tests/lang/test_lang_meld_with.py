"""`can_meld_with(c, cards[, n])`: a card, or several, that some new meld (of n cards) could hold.

The guide (authoring, melds): "some valid new meld holds `c` and cards from `cards` (of `n` cards
in all); `c` may be a list of cards, all of them held (a card twice, or `none`: no meld)". The
deck here is plain cards v 1..10, three of each, unshuffled; sets of 3 or more equal values meld.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from lang_helpers import gvar, load_error, play_side_by_side, text_of
from paths import ROOT

import rulekit

MELDS = 'melds: {value: "it.v", set: {min: 3}}\n'
FIVES = "[c for c in deck if c.v == 5]"
RULESETS = ROOT / "rulesets"


def answer(expr: str) -> bool:
    """The value of a boolean expression, set by the action `go` in a fresh game."""
    text = text_of(actions=f"actions:\n  go:\n    effects: ['set n = 1 if {expr} else 0']\n",
                   extra=MELDS)
    state = rulekit.load_text(text, "lang.yaml").new_state(2)
    state.apply("go")
    return gvar(state, "n") == 1


@pytest.mark.parametrize("expr, expected", [
    (f"can_meld_with(first({FIVES}), {FIVES})", True),  # one card and two more of the pool
    (f"can_meld_with(first({FIVES}), {FIVES}, 3)", True),
    (f"can_meld_with(first({FIVES}), {FIVES}, 4)", False),  # only three 5s in the deck
    (f"can_meld_with(first({FIVES}), {FIVES}, 2)", False),  # below the set's minimum
    (f"can_meld_with({FIVES}, deck)", True),  # the three held: a set already
    (f"can_meld_with({FIVES}, deck, 4)", False),  # no fourth 5 to add
    ("can_meld_with([c for c in deck if c.v == 5 or c.v == 6], deck)", False),  # two values
    ("can_meld_with([first(deck), first(deck)], deck)", False),  # a card twice
    ("can_meld_with([top(pile)], deck)", False),  # the pile is empty: none
    (f"can_meld_with([], {FIVES})", False),  # no card to hold
])
def test_the_cards_a_new_meld_must_hold(expr: str, expected: bool) -> None:
    assert answer(expr) is expected


def test_a_number_first_is_a_located_error() -> None:
    text = text_of(actions="actions:\n  go:\n    effects: ['set n = 1 if can_meld_with(3, deck)"
                           " else 0']\n", extra=MELDS)
    error = load_error(text)
    assert "can_meld_with() needs a card or cards first, but this is a number" in str(error)


def test_shamus_asking_each_meld_once_plays_as_asking_card_by_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """shamus.yaml asks `can_meld_with([taken_top, c], cards(q.hand), 3)`, lists the cards that
    extend a meld once and asks whether the hand holds a meld once; the card-by-card wording it
    replaced (H5: "a new meld with the taken card and two cards of the hand", "no new meld may
    still be formable from the hand and no card in hand may still extend a meld") offers the
    same actions at every decision."""
    monkeypatch.setenv("RULEKIT_CACHE_DIR", "")
    text = (RULESETS / "shamus.yaml").read_text(encoding="utf-8")
    replaced = {
        'lays_with(q, c): "can_meld_with([taken_top, c], cards(q.hand), 3)"':
            'lays_with(q, c): "any(d != c and d != taken_top and is_meld([taken_top, c, d]) '
            'for d in q.hand)"',
        'can_lay_taken(q): "can_meld_with(taken_top, cards(q.hand), 3)"':
            'can_lay_taken(q): "any(lays_with(q, c) for c in q.hand if c != taken_top)"',
        "not (hand_melds(q) and can_form_meld([d for d in q.hand if d != c]))":
            "not can_form_meld([d for d in q.hand if d != c])",
        "not any(d != c for d in extenders(q))": "not any(extends(q, d) for d in q.hand if d != c)",
        "else size(extenders(actor)) > 0)": "else any(extends(actor, c) for c in actor.hand))",
        "not hand_melds(q) and size(extenders(q)) == 0":
            "not can_form_meld(cards(q.hand)) and not any(extends(q, d) for d in q.hand)",
    }
    for new, old in replaced.items():
        assert new in text
        text = text.replace(new, old)
    card_by_card = tmp_path / "shamus.yaml"
    card_by_card.write_text(text, encoding="utf-8")
    for players, variant in ((2, None), (4, "four-players")):
        play_side_by_side(rulekit.load(RULESETS / "shamus.yaml", variant),
                          rulekit.load(card_by_card, variant), players, 6,
                          random.Random(players), 800)
