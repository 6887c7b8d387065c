"""None in expressions: a skipped cards parameter is no cards, a player function refuses none.

Issue 13: "skipped parameters and none handled as documented". The guide says a skipped `cards`
parameter holds none and none is no cards: every function or loop over a list counts it as the
empty list, never failing with Python's `TypeError: 'NoneType' object is not iterable`. A function
that needs a player (`next_player`, `prev_player`, `seat`, ...) given none is a worded
RuleRuntimeError naming the rule and the statement.
"""

from __future__ import annotations

import pytest
from lang_helpers import gvar, line_of, load_error, text_of

import rulekit

SKIPPED = '      - {cards: extra, from: actor.hand, max: 1, when: "false"}\n'
MELDS = 'melds: {value: "it.v", set: {min: 3}}\n'


def ran(effect: str, extra: str = "") -> rulekit.State:
    """The state after the action `go` (whose cards parameter `extra` is skipped) ran effect."""
    text = text_of(actions=f"actions:\n  go:\n    params:\n{SKIPPED}"
                           f"    effects: [{effect!r}]\n", extra=extra)
    state = rulekit.load_text(text, "lang.yaml").new_state(2)
    state.apply("go")
    return state


def failed(effect: str, extra: str = "") -> rulekit.RuleRuntimeError:
    """The RuleRuntimeError the action `go` running effect raises."""
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        ran(effect, extra)
    return info.value


@pytest.mark.parametrize("expr, value", [
    ("size(extra)", 0),
    ("len(extra)", 0),
    ("count(extra)", 0),
    ("size(extra + extra)", 0),
    ("size([c for c in extra])", 0),
    ("sum([c.v for c in extra])", 0),
    ("min([c.v for c in extra])", 0),
    ("count(c for c in extra)", 0),
    ("sum(c.v for c in extra)", 0),
    ("max(c.v for c in extra)", 0),
    ("1 if all(c.v > 0 for c in extra) else 2", 1),
    ("1 if any(c.v > 0 for c in extra) else 2", 2),
    ("1 if first(extra) == none else 2", 1),
    ("1 if first(c for c in extra) == none else 2", 1),
    ("1 if top(deck) in extra else 2", 2),
    ("1 if top(deck) not in extra else 2", 1),
    ("1 if random(extra) == none else 2", 1),
])
def test_a_skipped_cards_parameter_counts_as_no_cards_in_every_list_function(expr, value):
    """The guide: "cards given as none (a card that is not there, a skipped `cards` parameter)
    are no cards"."""
    assert gvar(ran(f"set n = {expr}"), "n") == value


@pytest.mark.parametrize("expr, value", [
    ("1 if is_meld(extra) else 2", 2),
    ("1 if can_form_meld(extra) else 2", 2),
    ("1 if can_meld_with(top(deck), extra) else 2", 2),
    ("1 if meld_of(first(extra)) == none else 2", 1),
])
def test_the_meld_functions_count_none_as_no_cards(expr, value):
    """skipped parameters and none handled as documented: a meld search over none finds none."""
    assert gvar(ran(f"set n = {expr}", MELDS), "n") == value


@pytest.mark.parametrize("effect, function", [
    ("set nobody = next_player(none)", "next_player"),
    ("set nobody = prev_player(nobody)", "prev_player"),
    ("set n = seat(nobody)", "seat"),
    ("set nobody = first(players_after(nobody))", "players_after"),
    ("set nobody = first(players_from(nobody))", "players_from"),
])
def test_a_player_function_given_none_is_an_error_naming_the_rule(effect, function):
    """skipped parameters and none handled as documented: a function that needs a player is
    given none (`nobody` is a player variable never set) is a rule error, not a TypeError."""
    err = failed(effect)
    assert type(err) is rulekit.RuleRuntimeError
    assert err.rule == "actions.go.effects"
    assert err.detail == f"{function}() needs a player, not none"
    assert err.where.startswith(f"in '{effect}' at lang.yaml:")


def test_meld_value_of_none_is_an_error_naming_the_rule():
    err = failed("set n = meld_value(first(extra))", MELDS)
    assert err.detail == "meld_value() needs a card, not none"


NONE_WORDS = "a value is none where one is needed (a skipped parameter, or a value not set)"


def test_a_none_the_engine_did_not_foresee_is_told_in_words():
    """Runtime errors inside effects name the statement and its file:line:col, never a raw
    Python exception: a number parameter skipped and then added to is none, said in words."""
    text = text_of(actions='actions:\n  go:\n    params:\n'
                           '      - {number: k, min: 1, max: 2, when: "false"}\n'
                           '    effects: ["set n = k + 1"]\n')
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        rulekit.load_text(text, "lang.yaml").new_state(2).apply("go")
    err = info.value
    assert "Error" not in str(err) and "NoneType" not in str(err)
    assert err.detail.startswith(NONE_WORDS)
    assert err.where.startswith("in 'set n = k + 1' at lang.yaml:")


def test_a_none_in_a_condition_is_told_in_words_naming_the_condition():
    """The same in a condition: the rule is named, and no Python exception."""
    text = text_of(actions='actions:\n  pass: {when: "first(c.v for c in pile) + 1 > 0", '
                           'effects: [end turn]}\n')
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        rulekit.load_text(text, "lang.yaml").new_state(2)
    assert info.value.rule == "actions.pass.when"
    assert info.value.detail.startswith(NONE_WORDS)


# ---- a list of cards is not a zone ------------------------------------------------------------
@pytest.mark.parametrize("effect, function", [
    ("move top(chosen) to pile", "top"),
    ("set n = size(top(chosen, 2))", "top"),
    ("set n = size(cards(chosen))", "cards"),
])
def test_a_list_of_cards_where_a_zone_is_needed_is_a_located_load_error(effect, function):
    """Where a zone is expected only a zone is accepted, as `draw from`, `shuffle` and `swap`
    already do: `top(L)` of a cards parameter is a load error, never a runtime
    `TypeError: list indices must be integers or slices, not list`."""
    text = text_of(actions="actions:\n  go:\n    params:\n"
                           "      - {cards: chosen, from: actor.hand, max: 1}\n"
                           f"    effects: [{effect!r}]\n")
    err = load_error(text)
    assert len(err.diagnostics) == 1
    d = err.diagnostics[0]
    assert d.message == f"{function}() needs a zone, but this is a list of cards"
    assert (d.line, d.col) == (line_of(text, effect), text.splitlines()[d.line - 1].index(
        "chosen") + 1)
    assert "zone" in d.hint


def test_a_zone_and_a_list_of_cards_are_not_one_type_for_the_branches_of_if():
    """`deck if C else L` would be a zone holding a list when C is false: a load error."""
    text = text_of(actions="actions:\n  go: {effects: ['set n = size(deck if n > 0 else "
                           "[top(deck)])']}\n")
    err = load_error(text)
    assert err.diagnostics[0].message == ("both branches must have one type, not a zone and a "
                                          "list of cards")
