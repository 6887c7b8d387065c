"""Comprehensions of several clauses (docs/authoring.md, 15): `for` after `for`, `if` anywhere
after the first `for`, and `let NAME = VALUE` binding a value for the clauses after it."""

from __future__ import annotations

import pytest
from lang_helpers import gvar, load_error, text_of

import rulekit
from rulekit.errors import EvaluationLimitError

DEAL = "setup: [shuffle deck, deal 4 from deck to each hand]\n"


def text(expr: str, var: str = "n", extra: str = "") -> str:
    return text_of(actions=f"actions:\n  go:\n    effects: ['set {var} = {expr}']\n",
                   extra=DEAL + extra)


def value(expr: str, seed: int = 1, var: str = "n", extra: str = "") -> object:
    """The value expr gives in a game of three dealt from seed."""
    state = rulekit.load_text(text(expr, var, extra), "lang.yaml").new_state(3, seed)
    state.apply("go")
    return gvar(state, var)


# each clause form against the same question written with nested aggregates
@pytest.mark.parametrize("flat, nested", [
    ("min(c.v for p in players for c in p.hand if c.v > 3)",
     "min(min(c.v for c in p.hand if c.v > 3) for p in players if any(c.v > 3 for c in p.hand))"),
    ("count(c for p in players for c in p.hand if c.v % 2 == 0)",
     "sum(count(c for c in p.hand if c.v % 2 == 0) for p in players)"),
    ("count(c.v > 5 for p in players for c in p.hand)",
     "sum(count(c.v > 5 for c in p.hand) for p in players)"),
    ("max(t for p in players let t = sum(c.v for c in p.hand))",
     "max(sum(c.v for c in p.hand) for p in players)"),
    ("sum(w for p in players if seat(p) > 0 for c in p.hand let w = c.v * 2 if w > 10)",
     "sum(sum(c.v * 2 for c in p.hand if c.v * 2 > 10) for p in players if seat(p) > 0)"),
    ("size([c for p in players for c in p.hand for d in p.hand if c != d and c.v == d.v])",
     "sum(count(c for c in p.hand if count(d for d in p.hand if d.v == c.v) > 1) for p in "
     "players)"),
])
def test_several_clauses_say_what_nested_aggregates_say(flat: str, nested: str) -> None:
    for seed in range(6):
        assert value(flat, seed) == value(nested, seed), seed


def test_the_lowest_trump_in_any_hand_without_nested_mins() -> None:
    """"The lowest trump in any hand" (issue 33): trumps are the odd values here; the first card
    of that value held by anyone, found in one comprehension, checked against Python."""
    lowest = ("first(c for p in players for c in p.hand let low = min(d.v for q in players for "
              "d in q.hand if d.v % 2 == 1) if c.v == low)")
    expr = f"{lowest}.v if any(c.v % 2 == 1 for p in players for c in p.hand) else 0"
    for seed in range(8):
        state = rulekit.load_text(text(expr), "lang.yaml").new_state(3, seed)
        held = [c for p in range(3) for c in state.zones[state.game.zone_instance("hand", p, 3)]]
        values = state.game.card_attrs["v"]
        odd = [values[c] for c in held if values[c] % 2 == 1]
        state.apply("go")
        assert gvar(state, "n") == min(odd, default=0)


def test_a_list_of_pairs_in_order() -> None:
    assert value("sum(x * 10 + y for x in [1, 2, 3] for y in [1, 2, 3] if x < y)") == 12 + 13 + 23
    assert value("first(x * 10 + y for x in [1, 2, 3] for y in [1, 2, 3] if x > y)") == 21
    assert value("count(x for x in [1, 2, 3] let y = x * x if y > 3)") == 2
    # inside a comprehension of one clause that uses its variable
    assert value("sum(sum(x * y for x in [1, 2] for y in [z]) for z in [1, 2, 3])") == 18
    assert value("1 if all(x != y for x in [1, 2] for y in [3, 4]) else 0") == 1
    assert value("1 if any(x == y for x in [1, 2] for y in [3, 4]) else 0") == 0


def test_every_loop_is_charged_to_the_budget() -> None:
    """Three loops over the 22 cards left in the deck are 10,648 items: past 5,000 the game
    stops with the budget's error, naming the rule."""
    expr = "count(x for x in deck for y in deck for z in deck)"
    state = rulekit.load_text(text(expr, extra="limits: {max_work: 5000}\n"),
                              "lang.yaml").new_state(2, 0)
    with pytest.raises(EvaluationLimitError) as info:
        state.apply("go")
    assert "actions.go.effects" in str(info.value)
    assert value("count(x for x in [1, 2] for y in deck)") == 2 * 18  # the deck after dealing


@pytest.mark.parametrize("expr, message", [
    ("count(x for x in players for y in 3)", "'for ... in' needs a list or a zone, but this is a "
                                             "number"),
    ("sum(c for p in players for c in p.hand)", "sum() needs numbers, but this is a card"),
    ("all(x for x in [1] for y in [2])", "all() needs a condition, but this is a number"),
    ("count(x for x in [1] if y > 0 let y = 2)", "unknown name 'y'"),
    ("count(x for x in [1] for y in [2] if x)", "the condition after 'if' must be a condition"),
    ("size(x for x in [1] for y in [2])", "'size(... for ...)' is not an aggregate"),
    ("count(a for a in [1] for b in [1] for c in [1] for d in [1] for f in [1] for g in [1] "
     "for h in [1])", "a comprehension has at most 6 'for' clauses"),
])
def test_mistakes_are_located(expr: str, message: str) -> None:
    written = text(expr)
    error = load_error(written)
    assert message in str(error)
    line = next(i for i, x in enumerate(written.splitlines(), 1) if expr in x)
    assert f"lang.yaml:{line}:" in str(error) and "^" in str(error)
