"""Expressions the compiler writes shorter (issue 9, point 2: "constants folded"), with the same
answers and the same errors as written out.

`x == k1 or x == k2 ...` over one text or number x asks `x in (k1, k2, ...)` once; a card of a
zone or a seat of `players` met in a loop is never none, so reading its attributes asks nothing
first, while a card of any other list is still checked, and none there is the rule error it was.
"""

from __future__ import annotations

import random

import pytest
from lang_helpers import game, gvar

from rulekit.testing import zone_id

SETUP = """\
setup: ["deal 6 from deck to each hand", "draw 5 from deck to pile"]
"""


def ran(effect: str) -> tuple[object, list[int], list[int], str]:
    """The value `n` after the action `go` ran effect, the values of actor's hand and of the
    pile before, and the generated module."""
    g = game(actions=f"actions:\n  go:\n    effects: [{effect!r}, end turn]\n", extra=SETUP)
    state = g.new_state(2, seed=7)
    v = g.card_attrs["v"]
    hand = [v[c] for c in state.zones[zone_id(state, ("hand", 0))]]
    pile = [v[c] for c in state.zones[zone_id(state, "pile")]]
    state.apply("go")
    return gvar(state, "n"), hand, pile, g.generated_source()


@pytest.mark.parametrize("wanted", [(2, 5, 7), (1, 10), (3, 3, 4, 9)])
def test_a_value_compared_with_several_constants_is_asked_once(wanted: tuple[int, ...]) -> None:
    cond = " or ".join(f"c.v == {k}" for k in wanted)
    n, hand, _, source = ran(f"set n = count(c for c in actor.hand if {cond})")
    assert n == sum(v in wanted for v in hand)
    assert f"in {wanted!r}" in source


def test_different_values_compared_are_not_folded() -> None:
    n, hand, pile, source = ran(
        "set n = count(c for c in actor.hand if c.v == 2 or size(pile) == 5)")
    assert n == (len(hand) if len(pile) == 5 else sum(v == 2 for v in hand))
    assert "in (2, 5)" not in source


def test_a_folded_comparison_reads_a_text_value_as_written_out() -> None:
    g = game(actions="""\
    actions:
      go:
        effects:
          - set word = 'b'
          - "set n = 1 if word == 'a' or word == 'b' else 2"
          - "set zero = 1 if word == 'a' or word == 'c' else 2"
          - end turn
    """)
    state = g.new_state(2)
    state.apply("go")
    assert (gvar(state, "n"), gvar(state, "zero")) == (1, 2)
    assert "in ('a', 'b')" in g.generated_source()


def test_the_cards_of_a_zone_and_the_seats_of_players_are_read_without_asking_for_none() -> None:
    n, hand, pile, source = ran("set n = sum(c.v for c in actor.hand) + sum(c.v for c in pile)"
                                " + count(p for p in players if not p.out)")
    assert n == sum(hand) + sum(pile) + 2
    effects = source[source.index("# actions.go.effects"):].split("\n\n")[0]
    assert "sum(" in effects
    assert "no card (none) has a 'v'" not in effects
    assert "no player (none) has a 'out'" not in effects


def test_a_none_in_a_list_of_cards_is_still_the_rule_error_it_was() -> None:
    """A list written out may hold none (here the first card of an empty choice): reading its
    attribute is the worded error naming the statement, as before."""
    g = game(actions="""\
    actions:
      go:
        effects:
          - "set n = sum(c.v for c in [top(pile), first(c for c in pile if c.v > 99)])"
    """, extra=SETUP)
    state = g.new_state(2, seed=7)
    with pytest.raises(Exception) as info:
        state.apply("go")
    assert "no card (none) has a 'v'" in str(info.value)
    assert "set n = sum(" in str(info.value)


def test_folded_rules_play_the_games_they_played_written_out() -> None:
    """The same rules written so that nothing folds (each value compared through arithmetic,
    the cards read through a list literal) give the same legal actions at every decision."""
    folded = game(actions="""\
    actions:
      go:
        when: "any(c.v == 1 or c.v == 4 or c.v == 9 for c in actor.hand)"
        effects: ["move first(c for c in actor.hand if c.v == 1 or c.v == 4 or c.v == 9) to pile",
                  end turn]
      pass: {effects: ["draw 1 from deck to actor.hand", end turn]}
    """, extra=SETUP)
    plain = game(actions="""\
    actions:
      go:
        when: "any(c.v - 1 == 0 or c.v - 4 == 0 or c.v - 9 == 0 for c in cards(actor.hand))"
        effects:
          - move first(c for c in actor.hand if c.v-1 == 0 or c.v-4 == 0 or c.v-9 == 0) to pile
          - end turn
      pass: {effects: ["draw 1 from deck to actor.hand", end turn]}
    """, extra=SETUP)
    assert "in (1, 4, 9)" in folded.generated_source()
    assert "in (1, 4, 9)" not in plain.generated_source()
    rnd = random.Random(5)
    for seed in range(6):
        x, y = folded.new_state(2, seed), plain.new_state(2, seed)
        while not x.is_over and x.decisions < 60:
            legal = [a.text for a in x.legal_actions()]
            assert legal == [a.text for a in y.legal_actions()]
            pick = rnd.choice(legal)
            x.apply(pick)
            y.apply(pick)
        assert x.key() == y.key()
