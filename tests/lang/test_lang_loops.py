"""Bounded repetition (`repeat: N`, `while: COND`, each with `do:`) and `elif`: docs/authoring.md,
section 14.

Issue 13: "No bounded repetition: 'draw until you can play', 'turn up cards until one is not a
wild', 'hit until 17' became loops over literal lists"; "`while` or `repeat` that never ends:
`EvaluationLimitError` naming the rule".
"""

from __future__ import annotations

import pytest
from lang_helpers import game, gvar, line_of, load_error, text_of

import rulekit


def acts(effects: str, params: str = "") -> str:
    """An actions section whose one action 'go' has these effects (a YAML flow list)."""
    return f"actions:\n  go: {{{params}effects: {effects}}}\n  pass: {{effects: [end turn]}}\n"


def hand(state, seat):
    return state.zones[2 + seat]


# ---- repeat ----------------------------------------------------------------------------------

def test_repeat_runs_its_effects_n_times():
    state = game(actions=acts('[{repeat: 3, do: ["draw 1 from deck to actor.hand", '
                              '"add 2 to n"]}]')).new_state(2)
    state.apply("go")
    assert len(hand(state, 0)) == 3
    assert gvar(state, "n") == 6


def test_repeat_reads_its_count_once_before_the_first_pass():
    state = game(actions=acts('[set n = 2, {repeat: n, do: ["add 1 to n"]}]')).new_state(2)
    state.apply("go")
    assert gvar(state, "n") == 4


def test_repeat_zero_times_does_nothing():
    state = game(actions=acts('[{repeat: "n", do: ["draw 1 from deck to actor.hand"]}]'))\
        .new_state(2)
    state.apply("go")
    assert hand(state, 0) == []


def test_a_negative_literal_count_is_a_load_error():
    text = text_of(actions=acts("[{repeat: -2, do: [pass]}]"))
    d = load_error(text).diagnostics[0]
    assert d.message == "'repeat' needs a count of 0 or more, not -2"
    assert d.yaml_path == "actions.go.effects[0].repeat"


def test_a_negative_count_at_run_time_is_a_located_rule_error():
    text = text_of(actions=acts('[{repeat: "n - 1", do: [pass]}]'))
    state = rulekit.load_text(text, "lang.yaml").new_state(2)
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        state.apply("go")
    assert str(info.value) == ("rule actions.go.effects: 'repeat' needs a count of 0 or more, "
                               f"not -1 (in 'repeat: n - 1' at lang.yaml:{line_of(text, 'go:')}"
                               ":19)")


def test_a_repeat_of_a_huge_count_stops_before_running_naming_the_rule():
    state = game(actions=acts('[{repeat: "1000000000 * 1000000", do: ["add 1 to n"]}]'))\
        .new_state(2)
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        state.apply("go")
    assert info.value.rule == "actions.go.effects"
    assert "limits.max_work" in str(info.value)
    assert gvar(state, "n") == 0  # apply leaves the state as it was


def test_repeat_needs_do_and_a_number():
    text = text_of(actions=acts("[{repeat: \"'three'\"}]"))
    messages = [d.message for d in load_error(text).diagnostics]
    assert "a 'repeat' effect needs 'do' (the effects to repeat)" in messages
    assert "the count of 'repeat' must be a number, but this is a text value" in messages


# ---- while -------------------------------------------------------------------------------------

def test_while_draws_until_the_player_can_play():
    """'draw until you can play': a card of value 10 is playable here."""
    g = game(actions=acts('[{while: "not any(c.v == 10 for c in actor.hand) and size(deck) > 0",'
                          ' do: ["draw 1 from deck to actor.hand"]}]'))
    for seed in range(5):
        state = g.new_state(2, seed=seed)
        deck_before = list(state.zones[0])
        state.apply("go")
        drawn = hand(state, 0)
        assert state.game.card_attrs["v"][drawn[-1]] == 10
        assert not any(state.game.card_attrs["v"][c] == 10 for c in drawn[:-1])
        assert drawn == deck_before[::-1][:len(drawn)]  # from the top, one at a time


def test_while_checks_its_condition_first():
    state = game(actions=acts('[{while: "n > 0", do: ["add 1 to zero"]}]')).new_state(2)
    state.apply("go")
    assert gvar(state, "zero") == 0


def test_a_while_that_never_ends_stops_with_evaluation_limit_error_naming_the_rule():
    text = text_of(actions=acts('[{while: "n >= 0", do: ["add 1 to n"]}]'))
    state = rulekit.load_text(text, "lang.yaml").new_state(2)
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        state.apply("go")
    assert info.value.rule == "actions.go.effects"
    assert str(info.value).startswith(
        "rule actions.go.effects: the rules did more than 2000000 steps of work before the next "
        "decision (limits.max_work)")
    assert gvar(state, "n") == 0


def test_end_game_inside_a_while_stops_it():
    state = game(actions=acts('[{while: "true", do: ["add 1 to n", {if: "n == 3", '
                              'then: [end game done]}]}]')).new_state(2)
    state.apply("go")
    assert state.is_over and gvar(state, "n") == 3


def test_nothing_runs_after_an_end_game_nested_in_blocks():
    """'end game' ends the effects where it stands, however deep: the statements after its
    'if', after its 'for' and after blocks nested past the generated functions' depth."""
    nested = "end game done"
    for _ in range(12):  # deeper than codegen.MAX_DEPTH: the inner blocks become functions
        nested = f'{{if: "true", then: [{nested}, "add 100 to n"]}}'
    for effects in ('[{if: "n == 0", then: [end game done]}, "set n = 5"]',
                    '[{for: "p in players", do: ["add 1 to n", end game done]}, "set n = 5"]',
                    f'[{nested}, "set n = 5"]'):
        state = game(actions=acts(effects)).new_state(2)
        state.apply("go")
        assert state.is_over, effects
        assert gvar(state, "n") == (1 if "for" in effects else 0), effects


def test_the_condition_of_while_must_be_a_condition():
    text = text_of(actions=acts('[{while: "size(deck)", do: [pass]}]'))
    d = load_error(text).diagnostics[0]
    assert d.message == ("the condition of 'while' must be a condition (true/false), but this is "
                         "a number")
    assert d.yaml_path == "actions.go.effects[0].while"


def test_an_unknown_key_beside_while_is_reported_with_a_hint():
    text = text_of(actions=acts('[{while: "true", doo: [pass]}]'))
    diags = load_error(text).diagnostics
    assert any(d.message == "unknown key 'doo'" and d.hint == "did you mean 'do'?" for d in diags)


def test_a_misspelt_mapping_effect_suggests_while():
    text = text_of(actions=acts('[{whilst: "true", do: [pass]}]'))
    d = load_error(text).diagnostics[0]
    assert d.message.startswith("an effect mapping needs 'if', 'for', 'repeat', 'while' or 'log'")
    assert d.hint == "did you mean 'while'?"


def test_a_loop_inside_a_for_counts_against_the_budget_each_pass():
    g = game(actions=acts('[{for: "c in deck", do: [{repeat: 1000, do: ["add 1 to n"]}]}]'),
             extra="limits: {max_work: 20000}\n")
    state = g.new_state(2)
    with pytest.raises(rulekit.EvaluationLimitError):
        state.apply("go")


# ---- elif --------------------------------------------------------------------------------------

ELIF = """\
actions:
  pass: {effects: [end turn]}
  go:
    params: [{number: k, min: 0, max: 3}]
    effects:
      - if: "k == 0"
        then: ["set word = 'zero'"]
        elif:
          - {if: "k == 1", then: ["set word = 'one'"]}
          - {if: "k <= 2", then: ["set word = 'two'"]}
          - {if: "k <= 3", then: ["set word = 'never'"]}
        else: ["set word = 'many'"]
"""


@pytest.mark.parametrize("k, word", [(0, "zero"), (1, "one"), (2, "two"), (3, "never")])
def test_elif_takes_the_first_case_whose_condition_holds(k, word):
    state = game(actions=ELIF).new_state(2)
    state.apply("go")
    state.apply(f"k {k}")
    assert gvar(state, "word") == word


def test_else_runs_when_no_case_holds():
    state = game(actions=ELIF.replace("max: 3", "max: 4").replace('"k <= 3"', '"k == 3"'))\
        .new_state(2)
    state.apply("go")
    state.apply("k 4")
    assert gvar(state, "word") == "many"


@pytest.mark.parametrize("elif_, message", [
    ('"k == 1"', "'elif' is a list of {if: CONDITION, then: [EFFECTS]}"),
    ('[{if: "k == 1"}]', "an 'elif' entry needs 'then'"),
    ('[{then: [pass]}]', "an 'elif' entry needs 'if'"),
    ('[{if: "k", then: [pass]}]', "the condition of 'elif' must be a condition (true/false), "
                                  "but this is a number"),
    ('[{if: "k == 1", then: [pass], else: [pass]}]', "unknown key 'else'"),
])
def test_a_malformed_elif_is_a_located_load_error(elif_, message):
    text = text_of(actions=f"""\
        actions:
          go:
            params: [{{number: k, min: 0, max: 3}}]
            effects:
              - if: "k == 0"
                then: [pass]
                elif: {elif_}
        """)
    diags = load_error(text).diagnostics
    assert [d.message for d in diags] == [message]
    assert diags[0].line == line_of(text, "elif:")
    assert diags[0].yaml_path.startswith("actions.go.effects[0].elif")
