"""`combinations(L, k)` and `subsets(L)`: bounded subset queries for counting games
(docs/authoring.md, 15), checked by a Cribbage count (fifteens, pairs, runs) of known hands."""

from __future__ import annotations

from functools import lru_cache

import pytest
from lang_helpers import load_error

import rulekit
from rulekit.errors import EvaluationLimitError
from rulekit.testing import arrange

RULESET = """\
name: Counting
players: {min: 2, max: 2}
limits: {max_work: 100000}
cards:
  attributes:
    suit: [C, D, H, S]
    rank: int
    points: {computed: "10 if rank > 10 else rank"}
  deck: [{suit: [C, D, H, S], rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]}]
  start: stock
  label: [{text: card}]
zones:
  stock: {visibility: hidden}
  hand: {owner: player, visibility: owner}
define:
  # Cribbage's show: 2 for each set of cards adding to 15, 2 for each pair, and each longest
  # run of three or more counts its length (4-5-5-6: two runs of three)
  fifteens(p): "count(s for s in subsets(p.hand) if sum(c.points for c in s) == 15)"
  pairs(p): "count(x for x in combinations(p.hand, 2) if all(c.rank == first(x).rank for c in x))"
  distinct(s): "all(count(d for d in s if d.rank == c.rank) == 1 for c in s)"
  spread(s): "max(c.rank for c in s) - min(c.rank for c in s)"
  is_run(s): "size(s) >= 3 and spread(s) == size(s) - 1 and distinct(s)"
  longest(p): "max(size(s) for s in subsets(p.hand) if is_run(s))"
  runs(p): "longest(p) * count(s for s in combinations(p.hand, longest(p)) if is_run(s))"
variables:
  game: {shown: {type: int}, fifteen_points: {type: int}}
phases:
  play: {first: "first(players)"}
actions:
  show:
    effects:
      - set fifteen_points = 2 * fifteens(actor)
      - set shown = 2 * fifteens(actor) + 2 * pairs(actor) + runs(actor)
  everything:
    effects: ["set shown = size(subsets(stock))"]
scoring: {score: "0"}
text:
  card: {en: "{rank}{suit}"}
  C: {en: "C"}
  D: {en: "D"}
  H: {en: "H"}
  S: {en: "S"}
"""


@lru_cache(maxsize=1)
def game() -> rulekit.Game:
    return rulekit.load_text(RULESET, "counting.yaml")


def gvar(s: rulekit.State, name: str) -> object:
    info = next(v for v in s.game.game_vars if v.name == name)
    return s.gvars[info.index]


@pytest.mark.parametrize("hand, fifteens, total", [
    ("5H 5D 5C 11S 5S", 16, 28),  # the best show: eight fifteens and six pairs
    ("4H 5H 5D 6H 6D", 8, 24),  # a double double run: 4 fifteens, 2 pairs, 4 runs of three
    ("1H 2D 3C 4S 5H", 2, 7),  # 1+2+3+4+5: one fifteen, a run of five
    ("7H 8D 9C 10S 13H", 2, 6),  # 7+8, a run of four (the king counts 10 but is no 10)
    ("2H 4D 6C 8S 12H", 0, 0),  # nineteen: nothing at all
])
def test_a_cribbage_show_is_counted(hand: str, fifteens: int, total: int) -> None:
    s = game().new_state(2, 0)
    arrange(s, {("hand", 0): hand.split(), ("hand", 1): []})
    s.apply("show")
    assert gvar(s, "fifteen_points") == fifteens
    assert gvar(s, "shown") == total


def test_combinations_and_subsets_give_every_choice_in_order() -> None:
    text = RULESET.replace('set shown = size(subsets(stock))', 'set shown = 0').replace(
        "  everything:\n", "  listed:\n    effects: ['set shown = sum(sum(x) for x in "
        "combinations([1, 2, 3, 4], 2)) * 100 + size(subsets([1, 2, 3])) * 10 + "
        "size(combinations([1, 2], 3))']\n  everything:\n")
    s = rulekit.load_text(text, "counting.yaml").new_state(2, 0)
    s.apply("listed")
    # six pairs of 1..4 sum to 30; 8 subsets of three items; no three of two
    assert gvar(s, "shown") == 30 * 100 + 8 * 10 + 0


def test_a_huge_input_stops_at_the_budget() -> None:
    """subsets() of the 52-card stock would be 2^52 lists: the budget stops it before any is
    made, naming the rule."""
    s = game().new_state(2, 0)
    with pytest.raises(EvaluationLimitError) as info:
        s.apply("everything")
    assert "actions.everything.effects" in str(info.value)


@pytest.mark.parametrize("expr, message", [
    ("size(combinations(3, 2))", "combinations() needs a zone or a list, but this is a number"),
    ("size(combinations(stock, 'x'))", "combinations() needs a number (how many items each "
                                       "holds), but this is a text value"),
    ("size(subsets(stock, 2))", "subsets() takes 1 argument(s), got 2"),
])
def test_mistakes_are_located(expr: str, message: str) -> None:
    text = RULESET.replace("set shown = size(subsets(stock))", f"set shown = {expr}")
    error = load_error(text, "counting.yaml")
    assert message in str(error)
    line = next(i for i, x in enumerate(text.splitlines(), 1) if expr in x)
    assert f"counting.yaml:{line}:" in str(error) and "^" in str(error)
