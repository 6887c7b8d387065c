"""Illegal actions, finished games, evaluation limits, runtime failures and invariants."""

from __future__ import annotations

import pytest

import rulekit
from rulekit.testing import play, set_vars


@pytest.fixture
def game(ruleset):
    return ruleset("limits")


# ---- illegal actions -------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["fly", "", "pick card 1", "done", "n 2", "TICK", " tick"])
def test_unknown_or_illegal_action_raises_and_leaves_the_state_unchanged(game, text):
    state = game.new_state(2, seed=3)
    state.apply("tick")
    before, saved, copy = state.key(), state.to_json(), state.clone()
    with pytest.raises(rulekit.IllegalActionError) as info:
        state.apply(text)
    err = info.value
    assert err.action == text
    assert repr(text) in str(err)
    assert "Limits" in err.summary and "seed 3" in err.summary and "after 1 actions" in err.summary
    assert err.summary in str(err)
    assert "tick" in err.legal
    assert state.key() == before and state == copy and state.to_json() == saved
    state.apply("tick")  # and the state still plays
    assert state.decider == 0


def test_illegal_action_mid_build_leaves_the_state_unchanged(ruleset):
    game = ruleset("params")
    state = game.new_state(2, seed=1)
    state.apply("toss")
    before = state.clone()
    for text in ("toss", "colour red", "target 1", "pick nothing"):
        with pytest.raises(rulekit.IllegalActionError, match="main/toss"):
            state.apply(text)
        assert state == before


def test_an_action_from_another_state_is_checked_by_its_string_form(game):
    state = game.new_state(2, seed=0)
    other = game.new_state(2, seed=0)
    other.apply("bid")
    n3 = other.legal_actions()[-1]
    with pytest.raises(rulekit.IllegalActionError):
        state.apply(n3)


def test_action_from_text_parses_legal_actions_and_rejects_others(game):
    state = game.new_state(2, seed=0)
    assert str(state.action_from_text("bid")) == "bid"
    with pytest.raises(rulekit.IllegalActionError):
        state.action_from_text("bid 3")


def test_applying_to_a_finished_game_raises_game_over(game):
    state = game.new_state(2, seed=0)
    state.apply("stop")
    assert state.is_over
    before = state.clone()
    for action in ("stop", "tick", "anything"):
        with pytest.raises(rulekit.GameOverError):
            state.apply(action)
    assert state == before
    assert issubclass(rulekit.GameOverError, rulekit.RulekitError)


# ---- limits ------------------------------------------------------------------------------------

def test_max_decisions_exceeded_raises_an_evaluation_limit_error(game):
    state = game.new_state(2, seed=0)
    play(state, ["tick"] * 6)  # limits.max_decisions: 6
    with pytest.raises(rulekit.EvaluationLimitError, match="max_decisions"):
        state.apply("tick")


def test_bug_max_decisions_error_changed_the_state(game):
    state = game.new_state(2, seed=0)
    play(state, ["tick"] * 6)
    before = state.clone()
    with pytest.raises(rulekit.EvaluationLimitError):
        state.apply("tick")
    assert state == before


def test_number_parameter_within_max_choices_is_offered(game):
    state = game.new_state(2, seed=0)
    set_vars(state, {"top_bid": 5})
    state.apply("bid")
    assert [str(a) for a in state.legal_actions()] == ["n 1", "n 2", "n 3", "n 4", "n 5"]


def test_number_parameter_offering_more_than_max_choices_raises(game):
    state = game.new_state(2, seed=0)
    set_vars(state, {"top_bid": 6})  # 6 values > limits.max_choices: 5
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        state.apply("bid")
    assert info.value.rule == "actions.bid.params[0]"
    assert "max_choices" in str(info.value)


def test_player_parameter_offering_more_than_max_choices_raises(ruleset):
    game = ruleset("limits", limits={"max_choices": 2})
    state = game.new_state(3, seed=0)
    set_vars(state, {"options": [0, 1, 2]})
    with pytest.raises(rulekit.EvaluationLimitError, match="max_choices"):
        state.apply("pick_player")


def test_rules_that_never_settle_hit_the_automatic_step_limit(ruleset):
    game = ruleset("limits", limits={"max_auto_steps": 50},
                   phases={"spin": {"first": "first(players)", "end_if": "true", "next": "spin"}})
    with pytest.raises(rulekit.EvaluationLimitError, match="automatic steps"):
        game.new_state(2, seed=0)


# ---- runtime failures --------------------------------------------------------------------------

@pytest.mark.parametrize("action, message", [
    ("poke_nobody", "no player (none)"),
    ("divide", "division by zero"),
    # a Python failure inside a rule is reported as the rule's, in words (no TypeError)
    ("add_to_none", "a value is none where one is needed"),
])
def test_runtime_failure_raises_rule_runtime_error_naming_the_rule(game, action, message):
    state = game.new_state(2, seed=0)
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        state.apply(action)
    err = info.value
    assert type(err) is rulekit.RuleRuntimeError
    assert err.rule == f"actions.{action}.effects"
    assert f"rule actions.{action}.effects:" in str(err)
    assert message in str(err)


def test_moving_a_list_holding_none_moves_nothing(game):
    """The guide: "cards given as none (a card that is not there ...) are no cards"."""
    state = game.new_state(2, seed=0)
    before = state.clone()
    state.apply("move_lost")  # move [lost] to pile, lost never set
    assert state.zones == before.zones


def test_runtime_failure_in_a_condition_names_the_condition(ruleset):
    game = ruleset("limits", actions={
        "tick": {"effects": ["end turn"]},
        "fragile": {"when": "nobody.score > 0", "effects": ["end turn"]}})
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        game.new_state(2, seed=0)
    assert info.value.rule == "actions.fragile.when"


def test_runtime_failure_in_setup_names_setup(ruleset):
    game = ruleset("limits", setup=["add 1 to nobody.score"])
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        game.new_state(2, seed=0)
    assert info.value.rule == "setup"


def test_bug_a_phase_whose_first_player_is_none_raised_an_unnamed_error(ruleset):
    game = ruleset("limits", phases={"main": {"first": "nobody"}})
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        game.new_state(2, seed=0)
    assert info.value.rule == "phases.main.first"


def test_no_legal_action_for_the_player_to_move_is_a_rule_error(ruleset):
    game = ruleset("limits", actions={"tick": {"when": "false", "effects": ["end turn"]}})
    with pytest.raises(rulekit.RuleRuntimeError, match="no legal action"):
        game.new_state(2, seed=0)


# ---- invariants --------------------------------------------------------------------------------

def test_check_invariants_is_empty_when_all_hold(game):
    state = game.new_state(2, seed=0)
    assert game.check_invariants(state) == []


def test_check_invariants_names_each_broken_invariant(game):
    state = game.new_state(2, seed=0)
    state.apply_unchecked(state.action_from_text("lose"))
    assert game.check_invariants(state) == ["scores are never negative"]
    state.apply_unchecked(state.action_from_text("stash"))
    assert game.check_invariants(state) == ["scores are never negative",
                                            "every card is on the table"]


def test_checked_apply_refuses_an_action_that_breaks_an_invariant(game):
    """A checked apply that would break a declared invariant raises InvariantError naming it,
    and the state is exactly as before."""
    state = game.new_state(2, seed=0)
    before = state.key()
    with pytest.raises(rulekit.InvariantError, match="scores are never negative"):
        state.apply("lose")
    assert state.key() == before


# One guard per decision (issue 9 point 4): the flow evaluates rules unguarded and the decision's
# one guard names the rule that was being evaluated when it failed, as a guard per rule did.
FAILS = "nobody.score > 0"  # nobody is none: a rule error


@pytest.mark.parametrize(("change", "rule", "when"), [
    ({"phases": {"main": {"first": "first(players)", "end_if": FAILS}}}, "phases.main.end_if",
     "deal"),
    ({"phases": {"main": {"first": "first(players)", "active": FAILS}}}, "phases.main.active",
     "tick"),
    ({"phases": {"main": {"first": "first(players)", "on_begin": ["add 1 to nobody.score"]}}},
     "phases.main.on_begin", "deal"),
    ({"actions": {"tick": {"effects": ["end turn"]}, "ask_it": {
        "params": [{"choice": "x", "values": "[1, 2]", "when": FAILS}],
        "effects": ["end turn"]}}}, "actions.ask_it.params[0]", "ask_it"),
    ({"actions": {"tick": {"effects": ["end turn"]}, "ask_it": {
        "params": [{"choice": "x", "values": "[1, 2]", "where": FAILS}],
        "effects": ["end turn"]}}}, "actions.ask_it.params[0].where", "ask_it"),
    ({"actions": {"tick": {"effects": ["add 1 to nobody.score"]}}}, "actions.tick.effects",
     "tick"),
])
def test_a_failing_rule_is_named_by_the_one_guard_of_its_decision(ruleset, change, rule, when):
    """Each place the flow evaluates a rule: a failure names that rule, the state unchanged."""
    game = ruleset("limits", **change)
    if when == "deal":
        with pytest.raises(rulekit.RuleRuntimeError) as info:
            game.new_state(2, seed=0)
    else:
        state = game.new_state(2, seed=0)
        before = state.key()
        with pytest.raises(rulekit.RuleRuntimeError) as info:
            state.apply(when)
        assert state.key() == before
    assert info.value.rule == rule
    assert "Traceback" not in str(info.value)
