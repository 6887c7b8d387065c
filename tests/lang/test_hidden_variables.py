"""The compiler's check of hidden variables (rulekit/compile/hiddenvars.py), case by case.

A `visible: false` variable that is not a card may not be set from what some seat cannot see
(a bot's sampled world would keep its true value), unless it says how a sampled world
recomputes it (`resample:`). Each case is the broken-ruleset catalogue's base game (Climb:
lay a card higher than the pile's top, face up) with one hidden variable and one use of it.
"""

from __future__ import annotations

import pytest
from paths import TESTS

import rulekit

BASE = (TESTS / "broken" / "_base.yaml").read_text(encoding="utf-8")
PASS = "      - set passes = passes + 1\n"
LAY = "      - move chosen to pile face up\n"


def ruleset(variable: str, *, lay: str = "", pass_: str = "", extra: str = "") -> str:
    """The base game with a hidden game variable and effects added to `lay` and `pass`."""
    text = BASE.replace("    starter: {type: player, initial: 0}\n",
                        f"    starter: {{type: player, initial: 0}}\n    {variable}\n")
    text = text.replace(LAY, LAY + lay).replace(PASS, pass_ + PASS)
    return text + extra


def refusal(text: str) -> str | None:
    """The hidden-variable error the compiler gives for text, or None if it loads."""
    try:
        rulekit.load_text(text, "case.yaml")
    except rulekit.RulesetError as e:
        found = [d for d in e.diagnostics if "hidden variable" in d.message]
        assert found, e  # any other error is the case's own mistake
        return found[0].message
    return None


ACCEPTED = {
    # the card was laid face up by the same effects: everyone sees it by the next decision
    "a laid card's suit": ruleset("x: {type: suit, initial: red, visible: false}",
                                  lay="      - set x = first(chosen).suit\n"),
    # every zone but a 'hidden' one shows its size
    "a hand's size": ruleset("x: {type: int, visible: false}",
                             pass_="      - set x = size(actor.hand)\n"),
    "a count over a hand": ruleset(
        "x: {type: int, visible: false}",
        pass_="      - {for: c in actor.hand, do: [add 1 to x]}\n"),
    "a public pile's top": ruleset("x: {type: int, visible: false}",
                                   pass_="      - set x = top_rank\n"),
    # a branch that reveals the cards its condition reads is taken in plain view
    "a condition on cards the branch reveals": ruleset(
        "x: {type: bool, visible: false}",
        pass_="      - if: \"any(c.rank == 5 for c in actor.hand)\"\n"
              "        then: [reveal actor.hand, set x = true]\n"),
    "a hidden card variable set from a hand": ruleset(
        "x: {type: card, visible: false}", pass_="      - set x = top(actor.hand)\n"),
    "a variable recomputed in sampled worlds": ruleset(
        "x: {type: bool, visible: false, resample: \"any(c.rank == 5 for c in cards(deck))\"}",
        pass_="      - set x = any(c.rank == 5 for c in actor.hand)\n"),
}

REFUSED = {
    "a hand's cards": (ruleset("x: {type: bool, visible: false}",
                               pass_="      - set x = any(c.rank == 5 for c in actor.hand)\n"),
                       "is set from what some players may not see ('rank' of the cards of zone "
                       "'hand')"),
    "a condition on a hand": (
        ruleset("x: {type: bool, visible: false}",
                pass_="      - if: \"any(c.rank == 5 for c in actor.hand)\"\n"
                      "        then: [set x = true]\n"),
        "is set under a condition on what some players may not see ('rank' of the cards of "
        "zone 'hand')"),
    "a loop's filter on a hand": (
        ruleset("x: {type: int, visible: false}",
                pass_="      - for: c in actor.hand\n"
                      "        do: [{if: \"c.rank == 5\", then: [add 1 to x]}]\n"),
        "is set under a condition on what some players may not see ('rank' of the cards of "
        "zone 'hand')"),
    "a definition reading a hand": (
        ruleset("x: {type: bool, visible: false}", pass_="      - set x = playable(actor)\n"),
        "is set from what some players may not see ('rank' of the cards of zone 'hand')"),
    "the identity of a hidden card": (
        ruleset("x: {type: bool, visible: false}",
                pass_="      - set x = top(deck) in actor.hand\n"),
        "is set from what some players may not see (the identity of the cards of zone 'deck')"),
    "a random draw": (ruleset("x: {type: player, visible: false}",
                              pass_="      - set x = random(players)\n"),
                      "is set from what some players may not see (a random draw)"),
    "a hidden card picked by its rank": (
        ruleset("x: {type: card, visible: false}",
                pass_="      - set x = first(c for c in actor.hand if c.rank == 5)\n"),
        "is set from what some players may not see ('rank' of the cards of zone 'hand')"),
    "a procedure given a hand": (
        ruleset("x: {type: bool, visible: false}", pass_="      - call note(actor.hand)\n",
                extra="procedures:\n  note:\n    params: [{z: zone}]\n"
                      "    effects: [\"set x = any(c.rank == 5 for c in z)\"]\n"),
        "is set from what some players may not see ('rank' of the cards of zone 'hand')"),
}


@pytest.mark.parametrize("text", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_a_hidden_variable_of_what_every_seat_sees_is_accepted(text: str) -> None:
    assert refusal(text) is None


@pytest.mark.parametrize(("text", "why"), REFUSED.values(), ids=REFUSED.keys())
def test_a_hidden_variable_of_what_a_seat_cannot_see_is_refused(text: str, why: str) -> None:
    assert refusal(text) == (f"hidden variable 'x' {why}: a bot's sampled world would keep its "
                             "true value")


def test_the_refusal_points_at_the_variable_in_the_statement() -> None:
    text = REFUSED["a procedure given a hand"][0]
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(text, "case.yaml")
    [d] = e.value.diagnostics
    assert d.yaml_path == "procedures.note.effects[0]"
    assert d.source_line[d.col - 1:].startswith("x = any(")


def test_a_recomputed_variable_is_checked_like_any_expression() -> None:
    text = ruleset("x: {type: bool, visible: false, resample: \"size(deck) + 1\"}")
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(text, "case.yaml")
    [d] = e.value.diagnostics
    assert d.yaml_path == "variables.game.x.resample"
    assert "the value of 'x' in a sampled world must be" in d.message
