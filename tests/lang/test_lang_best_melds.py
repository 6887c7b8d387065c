"""`best_melds(VALUE for c in CARDS)`: the arrangement of cards into disjoint melds that leaves
out the least value (docs/authoring.md, 16b), checked on Gin hands with known answers, against
a search of every partition, and bounded by the evaluation budget."""

from __future__ import annotations

import itertools
import random
from functools import cache, lru_cache

import pytest
from lang_helpers import load_error
from paths import TESTS

import rulekit
from rulekit.errors import EvaluationLimitError
from rulekit.testing import arrange, labels, zone_id

RULESET = """\
name: Arrangements
players: {{min: 2, max: 2}}
limits: {{max_work: {work}}}
cards:
  attributes:
    suit: [C, D, H, S, J]
    rank: int
    points: {{computed: "10 if rank > 10 else rank"}}
  deck:
    - {{suit: [C, D, H, S], rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]}}
    - {{suit: J, rank: 0, count: 2}}
  start: stock
  label: [{{text: card}}]
melds:
  value: "it.rank"
  run: {{min: 3, same: "it.suit"}}
  set: {{min: 3, max: 4}}
  wild: "{wild}"
  wild_values: {{min: 1, max: 13}}
zones:
  stock: {{visibility: hidden}}
  hand: {{owner: player, visibility: owner}}
variables:
  game:
    dw: {{type: int}}
    melds_made: {{type: int}}
    left: {{type: cards}}
    all_melds: {{type: bool}}
    counted: {{type: int}}
phases:
  play: {{first: "first(players)"}}
actions:
  measure:
    effects:
      - set dw = best_melds(c.points for c in actor.hand).deadwood
      - set melds_made = size(best_melds(c.points for c in actor.hand).melds)
      - set left = best_melds(c.points for c in actor.hand).left
      - set all_melds = all(is_meld(m) for m in best_melds(c.points for c in actor.hand).melds)
      - set counted = best_melds(actor.hand).deadwood
  whole_deck:
    effects: ["set dw = best_melds(c.points for c in stock).deadwood"]
scoring: {{score: "0"}}
text:
  card: {{en: "{{rank}}{{suit}}"}}
  C: {{en: "C"}}
  D: {{en: "D"}}
  H: {{en: "H"}}
  S: {{en: "S"}}
  J: {{en: "*"}}
"""


@lru_cache(maxsize=4)
def game(wild: bool = False, work: int = 2_000_000) -> rulekit.Game:
    """The ruleset above; jokers wild or not (then they meld nowhere: never run nor set)."""
    text = RULESET.format(work=work, wild="it.suit == 'J'" if wild else "false")
    return rulekit.load_text(text, "arrangements.yaml")


def measured(hand: str, wild: bool = False) -> rulekit.State:
    """A state whose first player holds hand ('7S 8S ...') after `measure`."""
    s = game(wild).new_state(2, 0)
    arrange(s, {("hand", 0): hand.split(), ("hand", 1): []})
    s.apply("measure")
    return s


def gvar(s: rulekit.State, name: str) -> object:
    info = next(v for v in s.game.game_vars if v.name == name)
    return s.gvars[info.index]


def left_labels(s: rulekit.State) -> list[str]:
    return sorted(s.game.labels[c] for c in gvar(s, "left"))  # type: ignore[union-attr]


@pytest.mark.parametrize("hand, deadwood, melds, left", [
    # a run and a set that overlap at 7S: the run 7-8-9 and the other three 7s, not the four 7s
    ("7S 8S 9S 7H 7D 7C", 0, 2, []),
    # the four-card run, not the set of 6s that would leave 4, 5 and 7 of spades
    ("4S 5S 6S 7S 6H 6D", 12, 1, ["6D", "6H"]),
    ("1S 2S 3S 3H 3D 3C", 0, 2, []),
    # a gin hand of ten: a run of four, a set, a run of three
    ("1S 2S 3S 4S 5H 5D 5C 9H 10H 11H", 0, 3, []),
    # 3-4-5-6 of clubs beats the set of 5s (42 against 45)
    ("3C 4C 5C 6C 5H 5D 13D 13S 12H 2S", 42, 1, ["12H", "13D", "13S", "2S", "5D", "5H"]),
    # nothing melds: every card is deadwood, face cards count 10
    ("1C 3D 5H 7S 9C 11D 13H", 1 + 3 + 5 + 7 + 9 + 10 + 10, 0,
     ["11D", "13H", "1C", "3D", "5H", "7S", "9C"]),
    # two sets sharing no card, and a run of three left of a run of five: 2-3-4 and 5-6-7 would
    # also do, but 2..6 of hearts in one run and the 7s in a set leave nothing
    ("2H 3H 4H 5H 6H 7H 7C 7D", 0, 2, []),
    ("", 0, 0, []),
])
def test_gin_hands_with_known_answers(hand: str, deadwood: int, melds: int,
                                      left: list[str]) -> None:
    s = measured(hand)
    assert gvar(s, "dw") == deadwood
    assert gvar(s, "melds_made") == melds
    assert left_labels(s) == sorted(left)
    assert gvar(s, "all_melds") is True


def test_without_a_value_each_card_left_out_counts_one() -> None:
    s = measured("4S 5S 6S 7S 6H 6D 13C")
    assert gvar(s, "counted") == 3  # 6H 6D 13C
    assert gvar(s, "dw") == 6 + 6 + 10


def test_a_wild_fills_a_gap_or_a_set() -> None:
    # the joker completes 4-_-6 of spades; 9 and 2 stay out
    s = measured("4S 6S 0* 9C 2D", wild=True)
    assert gvar(s, "dw") == 11 and left_labels(s) == ["2D", "9C"]
    # with a pair of 9s it is worth more in their set: 4 and 6 stay out
    s = measured("4S 6S 0* 9C 9D", wild=True)
    assert gvar(s, "dw") == 10 and left_labels(s) == ["4S", "6S"]
    # one joker, two pairs: it joins the pair worth more
    s = measured("2C 2D 9C 9D 0*", wild=True)
    assert gvar(s, "dw") == 4


def brute_force(rules: object, cards: list[int], values: dict[int, int]) -> int:
    """The least deadwood over every way of choosing disjoint melds (is_meld's judge)."""
    melds = [frozenset(sub) for k in range(1, len(cards) + 1)
             for sub in itertools.combinations(cards, k)
             if rules.valid(list(sub))]  # type: ignore[attr-defined]

    @cache
    def least(free: frozenset) -> int:
        if not free:
            return 0
        low = min(free)
        best = values[low] + least(free - {low})
        for m in melds:
            if low in m and m <= free:
                best = min(best, least(free - m))
        return best

    return least(frozenset(cards))


@pytest.mark.parametrize("wild", [False, True])
def test_random_hands_agree_with_every_partition(wild: bool) -> None:
    """Ten cards from the top of a shuffled deck (jokers wild or not), 40 deals: the deadwood is
    the least over every partition, and the melds given are disjoint valid melds of the hand."""
    g = game(wild)
    rnd = random.Random(7)
    points = g.card_attrs["points"]
    for _ in range(40):
        s = g.new_state(2, 0)
        deck = list(g.labels)
        rnd.shuffle(deck)
        hand = deck[:10]
        arrange(s, {("hand", 0): hand, ("hand", 1): []})
        s.apply("measure")
        cards = list(s.zones[zone_id(s, ("hand", 0))])
        expected = brute_force(g.meld_rules, cards, {c: points[c] for c in cards})
        assert gvar(s, "dw") == expected, labels(s, ("hand", 0))
        left = gvar(s, "left")
        assert sum(points[c] for c in left) == expected  # type: ignore[union-attr]


def test_a_huge_input_stops_at_the_budget() -> None:
    """The whole deck of 54 cards with wild jokers is far too many to arrange within a small
    budget: the game stops with the budget's error naming the rule, not a hang."""
    s = game(True, 50_000).new_state(2, 0)
    with pytest.raises(EvaluationLimitError) as info:
        s.apply("whole_deck")
    assert "actions.whole_deck.effects" in str(info.value)
    assert "limits.max_work" in str(info.value)


@pytest.mark.parametrize("expr, message", [
    ("best_melds(c.suit for c in actor.hand).deadwood",
     "best_melds() needs each card's value (a number), but this is a text value"),
    ("best_melds(p for p in players).deadwood", "best_melds() arranges cards"),
    ("best_melds(actor.hand).points", "an arrangement of melds has no 'points'"),
    ("best_melds(3).deadwood", "best_melds() needs cards (a zone or a list), but this is a number"),
])
def test_mistakes_are_located(expr: str, message: str) -> None:
    text = RULESET.format(work=1000, wild="false").replace(
        "set counted = best_melds(actor.hand).deadwood", f"set counted = {expr}")
    error = load_error(text, "arrangements.yaml")
    assert message in str(error)
    line = text.splitlines().index(next(x for x in text.splitlines() if expr in x)) + 1
    assert f"arrangements.yaml:{line}:" in str(error)
    assert "^" in str(error)


def test_without_melds_it_is_a_located_error() -> None:
    text = RULESET.format(work=1000, wild="false")
    start = text.index("melds:\n")
    end = text.index("zones:")
    error = load_error(text[:start] + text[end:], "arrangements.yaml")
    assert "best_melds() needs a 'melds:' section in the ruleset" in str(error)


def test_a_knock_is_offered_only_with_ten_or_less_left() -> None:
    """tests/engine/gin.yaml asks best_melds() of the hand without each card, at every decision:
    the knock offers exactly the discards leaving 10 or less, and scores each hand's deadwood."""

    g = rulekit.load(TESTS / "engine" / "gin.yaml")
    s = g.new_state(2, 0)
    mine, theirs = "1S 2S 3S 4S 5H 5D 5C 9H 10H 11H 13C", "1C 2C 3C 7D 8H 9S 12D 12S 13D 6C"
    arrange(s, {("hand", 0): mine.split(), ("hand", 1): theirs.split()})
    s.apply("knock")
    # 13C leaves gin, 1S leaves 1 (2-3-4), 4S leaves 4; every other card breaks a meld
    assert sorted(a.text for a in s.legal_actions()) == ["pick 13C", "pick 1S", "pick 4S"]
    s.apply("pick 13C")
    assert s.is_over and s.outcome is not None
    assert list(s.outcome.scores) == [0, 7 + 8 + 9 + 10 + 10 + 10 + 6]
    rnd = random.Random(3)
    for seed in range(3):  # random games reach their end
        s = g.new_state(2, seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rnd.randrange(len(legal))].text)
