"""The fast meld engine gives the same answers as the search it replaced (tests/meld_reference)."""

from __future__ import annotations

import random

import meld_reference
import pytest
from effort import tries
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import ROOT

import rulekit
from rulekit.rules.melds import MeldRules

RULESETS = ROOT / "rulesets"


@st.composite
def meld_rules_and_hands(draw: st.DrawFn) -> tuple[MeldRules, list[int], list[int], int, int]:
    """Random meld rules over a random small deck, and a random question about it."""
    n = draw(st.integers(1, 24))
    values = draw(st.lists(st.integers(-2, 12), min_size=n, max_size=n))
    ok = draw(st.lists(st.sampled_from([True, True, True, False]), min_size=n, max_size=n))
    wild = draw(st.lists(st.sampled_from([False, False, False, True]), min_size=n, max_size=n))
    same = (draw(st.lists(st.sampled_from(["a", "b", "c", None]), min_size=n, max_size=n))
            if draw(st.booleans()) else None)
    low = draw(st.integers(-1, 4))
    high = draw(st.integers(low - 1, 12))
    has_run, has_set = draw(st.booleans()), draw(st.booleans())
    run_min = draw(st.integers(1, 5)) if has_run else None
    run_max = draw(st.integers(1, 14)) if has_run else 0
    set_min = draw(st.integers(1, 5)) if has_set else None
    set_max = draw(st.integers(1, 6)) if has_set else 0
    wild_low = draw(st.none() | st.integers(-1, 8))
    wild_high = None if wild_low is None else draw(st.integers(wild_low - 1, 13))
    rules = MeldRules(value=values, ok=ok, same=same, wild=wild, run_min=run_min,
                      run_max=run_max, set_min=set_min, set_max=set_max, low=low, high=high,
                      wild_low=wild_low, wild_high=wild_high)
    cards = draw(st.permutations(list(range(n))))
    k = draw(st.integers(0, min(3, n)))
    m = draw(st.integers(0, n - k))
    size_lo = draw(st.integers(1, 6))
    size_hi = draw(st.sampled_from([10**9, 3, 4, 5, 8]))
    return rules, cards[:k], cards[k:k + m], size_lo, size_hi


@settings(max_examples=tries(400, 3000), deadline=None)
@given(meld_rules_and_hands())
def test_possible_agrees_with_the_reference_search(
        case: tuple[MeldRules, list[int], list[int], int, int]) -> None:
    """Any rules, any hand: 'can a meld be made' has the same answer as the old search."""
    rules, required, pool, size_lo, size_hi = case
    assert rules.possible(required, pool, size_lo, size_hi) == \
        meld_reference.possible(rules, required, pool, size_lo, size_hi)


@settings(max_examples=tries(200, 800), deadline=None)
@given(meld_rules_and_hands())
def test_the_cards_extending_a_meld_are_those_extension_accepts_one_by_one(
        case: tuple[MeldRules, list[int], list[int], int, int]) -> None:
    """Issue 9 point 3, one question per hand: what extenders() lists for a meld, worked out
    for the whole deck at once, is each card's extension() (the value it takes included)."""
    rules, required, pool, _, _ = case
    hand = required + pool
    # the longest start of the hand that is a meld (random cards seldom all are)
    cards = next((hand[:k] for k in range(len(hand), 0, -1) if rules.check(hand[:k])), [])
    found = rules.check(cards) if cards else None
    if found is None:
        return  # no meld to extend (filtering these out costs minutes of generating)
    kind, wild_values = found
    values = [wild_values.get(c, rules.value[c]) for c in cards]
    key = None if rules.same is None else next(
        (rules.same[c] for c in cards if not rules.wild[c]), None)
    members = frozenset(cards)
    one_by_one = {c: v for c in range(len(rules.value)) if c not in members
                  and (v := rules.extension(kind, values, key, len(cards), c)) is not None}
    assert rules.extenders(kind, values, key, members) == one_by_one


@settings(max_examples=tries(400, 3000), deadline=None)
@given(meld_rules_and_hands())
def test_the_cards_that_can_join_a_meld_are_found_in_one_question(
        case: tuple[MeldRules, list[int], list[int], int, int]) -> None:
    """Issue 9 point 3, one query per hand: joinable() names the pool cards that can form a
    meld with the required ones, the same cards as asking the reference search card by card."""
    rules, required, pool, size_lo, size_hi = case
    one_by_one = {c for c in pool if meld_reference.possible(
        rules, required + [c], [x for x in pool if x != c], size_lo, size_hi)}
    assert rules.joinable(required, pool, size_lo, size_hi) == one_by_one


@settings(max_examples=tries(150, 500), deadline=None)
@given(meld_rules_and_hands(), st.randoms(use_true_random=False))
def test_a_meld_is_valid_in_any_order_and_its_answer_is_kept_as_such(
        case: tuple[MeldRules, list[int], list[int], int, int], rnd: random.Random) -> None:
    """valid() keeps its answers per set of cards: the cards in any order form a meld or not
    alike, as check() says of each order."""
    rules, required, pool, _, _ = case
    cards = required + pool
    shuffled = rnd.sample(cards, len(cards))
    assert rules.valid(cards) == (rules.check(cards) is not None)
    assert rules.valid(shuffled) == (rules.check(shuffled) is not None) == rules.valid(cards)


@pytest.mark.parametrize("ruleset", ["chami.yaml", "shamus.yaml"])
def test_possible_agrees_on_the_bundled_rulesets(ruleset: str) -> None:
    """Random hands from the bundled decks, with and without required cards, as the rules ask."""
    game = rulekit.load(RULESETS / ruleset)
    rules = game.meld_rules
    assert rules is not None
    rng = random.Random(9)
    deck = list(range(game.n_cards))
    answers = set()
    joined = set()
    for _ in range(tries(1000, 4000)):
        hand = rng.sample(deck, rng.randint(0, 14))
        k = rng.choice([0, 0, 1, 1, 2, 3])
        required, pool = hand[:k], hand[k:]
        size_lo, size_hi = rng.choice([(1, 10**9), (3, 3), (1, len(hand) - 1 or 1)])
        got = rules.possible(required, pool, size_lo, size_hi)
        assert got == meld_reference.possible(rules, required, pool, size_lo, size_hi), \
            (required, pool, size_lo, size_hi)
        answers.add(got)
        joins = {c for c in pool if meld_reference.possible(
            rules, required + [c], [x for x in pool if x != c], size_lo, size_hi)}
        assert rules.joinable(required, pool, size_lo, size_hi) == joins, (required, pool)
        joined.add(bool(joins))
    assert answers == {True, False}  # the sample holds both kinds of hand
    assert joined == {True, False}


@pytest.mark.parametrize("ruleset", ["chami.yaml", "shamus.yaml"])
def test_a_hand_then_each_card_left_out_agrees_with_the_reference(ruleset: str) -> None:
    """The way rules ask (a hand, then the hand without each card in turn, many hands in a
    row) gets the reference's answer every time, whatever the engine remembers between them."""
    game = rulekit.load(RULESETS / ruleset)
    rules = game.meld_rules
    assert rules is not None
    rng = random.Random(4)
    deck = list(range(game.n_cards))
    hand = rng.sample(deck, 9)
    answers = []
    for _ in range(tries(200, 600)):
        if rng.random() < 0.5:  # the hand changes by one card, as in a game
            hand[rng.randrange(len(hand))] = rng.choice([c for c in deck if c not in hand])
        else:
            hand = rng.sample(deck, rng.randint(3, 12))
        for left_out in [None, *hand]:
            pool = [c for c in hand if c != left_out]
            got = rules.possible([], pool)
            assert got == meld_reference.possible(rules, [], pool), pool
            answers.append(got)
    assert True in answers and False in answers
