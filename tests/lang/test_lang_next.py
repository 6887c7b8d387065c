"""`next:` as an expression (docs/authoring.md, 10): the phase that follows, chosen when a phase
ends; a word alone still names a phase."""

from __future__ import annotations

import pytest
from lang_helpers import gvar, load_error, text_of

import rulekit
from rulekit.errors import RuleRuntimeError

PHASES = """\
phases:
  deal:
    first: "first(players)"
    end_if: "n >= 1"
    next: "{next}"
  discard:
    first: "first(players)"
    on_begin: ["add 10 to n"]
  play:
    first: "first(players)"
    on_begin: ["add 100 to n"]
"""
ACTIONS = """\
actions:
  go: {effects: ["add 1 to n"]}
  order_up: {effects: ["set zero = 1"]}
  name_it: {effects: ["set word = 'nowhere'"]}
"""


def game(next_: str) -> rulekit.Game:
    return rulekit.load_text(text_of(PHASES.format(next=next_), ACTIONS), "lang.yaml")


def test_the_successor_is_chosen_when_the_phase_ends() -> None:
    """A discard phase only if the card was ordered up, else straight to play."""
    g = game("'discard' if zero == 1 else 'play'")
    s = g.new_state(2)
    s.apply("go")
    assert gvar(s, "n") == 101 and g.phases[s.phase].name == "play"
    s = g.new_state(2)
    s.apply("order_up")  # decided before the phase ends, read when it ends
    s.apply("go")
    assert gvar(s, "n") == 11 and g.phases[s.phase].name == "discard"


def test_a_word_alone_still_names_a_phase_and_a_variable_is_read() -> None:
    s = game("play").new_state(2)
    s.apply("go")
    assert gvar(s, "n") == 101
    g = game("word if word != none else 'discard'")
    s = g.new_state(2)
    s.apply("go")
    assert g.phases[s.phase].name == "discard"


def test_a_value_that_is_no_phase_is_a_rule_error_naming_next() -> None:
    s = game("word if word != none else 'discard'").new_state(2)
    s.apply("name_it")
    with pytest.raises(RuleRuntimeError) as info:
        s.apply("go")
    assert "phases.deal.next" in str(info.value)
    assert "'next' gave 'nowhere', which is not a phase (phases: deal, discard, play)" in str(
        info.value)


@pytest.mark.parametrize("next_, message, hint", [
    ("'discard' if zero == 1 else 'plya'", "'plya' is not a phase", "did you mean 'play'?"),
    ("zero + 1", "'next' must be a text value, but this is a number", ""),
    ("plya", "unknown phase 'plya'", "did you mean 'play'?"),
])
def test_mistakes_are_located(next_: str, message: str, hint: str) -> None:
    text = text_of(PHASES.format(next=next_), ACTIONS)
    error = str(load_error(text))
    assert message in error and hint in error
    line = next(i for i, x in enumerate(text.splitlines(), 1) if "next:" in x)
    assert f"lang.yaml:{line}:" in error and "^" in error
