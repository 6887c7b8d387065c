"""sorted(X), sorted(X, KEY), order_of(W) and top() of an unordered zone (docs/authoring.md, 15)."""

from __future__ import annotations

import pytest
from lang_helpers import load_error

import rulekit
from rulekit.testing import arrange

RULESET = """\
name: Orders
players: {{min: 2, max: 3}}
cards:
  attributes:
    suit: [spades, hearts, diamonds, clubs]
    rank: int
  deck: [{{suit: [spades, hearts, diamonds, clubs], rank: [1, 2, 3, 4, 5]}}]
  start: stock
  label: [{{text: card}}]
zones:
  stock: {{visibility: hidden}}
  hand: {{owner: player, visibility: owner, ordered: false}}
variables:
  game:
    n: {{type: int}}
    picked: {{type: cards}}
    who: {{type: players}}
    c1: {{type: card}}
phases:
  play: {{first: "first(players)"}}
actions:
  go:
    effects: ["{effect}"]
  draw:
    effects: ["draw 1 from stock to actor.hand", "set c1 = top(actor.hand)"]
  bid:
    params: [{{choice: level, values: [low, middle, high], where: "order_of(it) >= 1"}}]
    effects: ["set n = order_of(level)"]
scoring: {{score: "0"}}
text:
  card: {{en: "{{rank}}{{suit}}"}}
  spades: {{en: S}}
  hearts: {{en: H}}
  diamonds: {{en: D}}
  clubs: {{en: C}}
"""


def state(effect: str, hands: dict | None = None) -> rulekit.State:
    s = rulekit.load_text(RULESET.format(effect=effect), "orders.yaml").new_state(2, 0)
    if hands:
        arrange(s, hands)
    return s


def gvar(s: rulekit.State, name: str) -> object:
    info = next(v for v in s.game.game_vars if v.name == name)
    return s.gvars[info.index]


def test_sorted_numbers_and_a_key_on_it() -> None:
    s = state("set picked = sorted(actor.hand, it.rank * 10 + order_of(it.suit))",
              {("hand", 0): ["3C", "1H", "3S", "1C"]})
    s.apply("go")
    assert [s.game.labels[c] for c in gvar(s, "picked")] == [  # type: ignore[union-attr]
        "1H", "1C", "3S", "3C"]
    s = state("set n = first(sorted([3, 1, 2])) * 100 + first(sorted([3, 1, 2], -it))")
    s.apply("go")
    assert gvar(s, "n") == 1 * 100 + 3


def test_ties_keep_the_order_given_and_players_sort_by_seat() -> None:
    s = state("set who = sorted(players_after(actor), 0)")
    s.apply("go")
    assert gvar(s, "who") == [1]  # two players: the only other
    s = state("set who = sorted([next_player(actor), actor])")
    s.apply("go")
    assert gvar(s, "who") == [0, 1]


def test_the_lowest_card_of_a_suit_anywhere() -> None:
    """first(sorted(...)) names the card itself, not only its rank."""
    s = state("set c1 = first(sorted([c for p in players for c in p.hand if c.suit == "
              "'hearts'], it.rank))",
              {("hand", 0): ["4H", "2S"], ("hand", 1): ["3H", "5H"]})
    s.apply("go")
    assert s.game.labels[gvar(s, "c1")] == "3H"  # type: ignore[index]


def test_a_choice_has_the_order_of_its_values() -> None:
    s = state("pass")
    s.apply("bid")
    assert [a.text for a in s.legal_actions()] == ["level middle", "level high"]
    s.apply("level high")
    assert gvar(s, "n") == 2


def test_top_of_an_unordered_hand_is_the_card_that_came_last() -> None:
    """An unordered zone keeps its cards in the order they came (shown sorted to players): top()
    is the card drawn last, first() the one held longest."""
    s = state("set c1 = first(actor.hand)", {("hand", 0): ["5C", "1S"],
                                             "stock": ["2H"]})
    s.apply("draw")
    assert s.game.labels[gvar(s, "c1")] == "2H"  # type: ignore[index]
    s.apply("go")
    assert s.game.labels[gvar(s, "c1")] == "5C"  # type: ignore[index]


@pytest.mark.parametrize("effect, message", [
    ("set n = size(sorted(3))", "sorted() needs a zone or a list, but this is a number"),
    ("set n = size(sorted(players, it.hand))",
     "sorted() orders by numbers, words, players, cards or conditions, but this key is a zone"),
    ("set n = order_of(3)", "order_of() needs a word whose values are declared in order"),
    ("set n = size(sorted(actor.hand, 1, 2))", "sorted() takes 1 or 2 argument(s), got 3"),
])
def test_mistakes_are_located(effect: str, message: str) -> None:
    text = RULESET.format(effect=effect)
    error = load_error(text, "orders.yaml")
    assert message in str(error)
    line = next(i for i, x in enumerate(text.splitlines(), 1) if effect in x)
    assert f"orders.yaml:{line}:" in str(error) and "^" in str(error)
