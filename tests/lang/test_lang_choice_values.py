"""A choice parameter's values are single values: a list of lists (of cards or anything) is a
located load error, never a raw `TypeError: unhashable type: 'list'` during play."""

from __future__ import annotations

import pytest

import rulekit

GAME = """\
name: Piles
players: {min: 2, max: 2}
cards:
  attributes:
    n: [1, 2, 3, 4]
  deck:
    - {n: [1, 2, 3, 4]}
  start: stock
  label:
    - {text: card}
zones:
  stock: {visibility: public}
  hand: {owner: player, visibility: owner}
phases:
  main:
    first: "first(players)"
actions:
  take:
    params:
      - {choice: what, values: VALUES}
    effects:
      - end game done
scoring:
  score: "0"
text:
  card: {en: "c{n}"}
  done: {en: done}
"""


def load(values: str) -> rulekit.Game:
    return rulekit.load_text(GAME.replace("VALUES", values), "piles.yaml")


@pytest.mark.parametrize("values,what", [
    ('"[top(stock, 2), top(stock, 1)]"', "a list of cards"),
    ('"[[1, 2], [3]]"', "a list of numbers"),
    ('"[players]"', "a list of players"),
])
def test_a_choice_among_lists_is_a_located_load_error(values, what):
    with pytest.raises(rulekit.RulesetError) as err:
        load(values)
    d = err.value.diagnostics[0]
    assert d.message == ("a choice's values must be single values (numbers, words, players or "
                         f"cards), but each value here is {what}")
    assert "cards parameter" in d.hint
    line = GAME.splitlines().index("      - {choice: what, values: VALUES}") + 1
    assert d.line == line
    assert d.col == len("      - {choice: what, values: ") + 1
    assert "at: actions.take.params[0].values" in str(err.value)


def test_a_choice_among_single_values_still_plays():
    """A list of players or of cards is a choice of one of them, offered as an action each."""
    for values, first in (('"players"', "what 0"), ('"cards(stock)"', "what c1")):
        state = load(values).new_state(2, seed=0)
        state.apply("take")
        assert first in [str(a) for a in state.legal_actions()]
        state.apply(first)
        assert state.is_over
