"""Runtime errors inside effects name the failing statement and its file:line:col.

Issue 13: "Runtime errors inside effects name the statement and its `file:line:col`, never a raw
Python exception." The innermost statement is named: inside `if`, `for`, `repeat`, `while` and
procedures; the error keeps naming the rule (`err.rule`), and `apply` leaves the state as it was.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from lang_helpers import line_of, text_of

import rulekit
from rulekit.compile.stmt_control import located_block
from rulekit.lang.codegen import Module


def failing(actions: str = "", extra: str = "", phases: str | None = None,
            action: str | None = "go") -> tuple[str, rulekit.RuleRuntimeError]:
    """Load the ruleset, deal, apply `action`: the text and the RuleRuntimeError raised."""
    kwargs = {"phases": phases} if phases else {}
    text = text_of(actions=actions or "actions:\n  pass: {effects: [end turn]}\n", extra=extra,
                   **kwargs)
    g = rulekit.load_text(text, "lang.yaml")
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        state = g.new_state(2)
        before = state.clone()
        try:
            state.apply(action)
        finally:
            assert state == before  # a failed action changes nothing
    return text, info.value


Q = '"'  # a statement written in double quotes starts at its quote


def at(text: str, needle: str) -> str:
    """file:line:col of the first place needle is written (a statement starts there)."""
    line = line_of(text, needle)
    return f"lang.yaml:{line}:{text.splitlines()[line - 1].index(needle) + 1}"


def test_division_by_zero_in_set_names_the_statement():
    text, err = failing("""\
        actions:
          go:
            effects:
              - set n = 10
              - set n = n // zero
        """)
    assert type(err) is rulekit.RuleRuntimeError
    assert err.rule == "actions.go.effects"
    assert str(err) == ("rule actions.go.effects: division by zero "
                        f"(in 'set n = n // zero' at {at(text, 'set n = n // zero')})")
    assert err.where == f"in 'set n = n // zero' at {at(text, 'set n = n // zero')}"


def test_turn_to_none_names_the_statement():
    text, err = failing("""\
        actions:
          go: {effects: ["turn to nobody"]}
        """)
    assert str(err) == ("rule actions.go.effects: cannot give the turn to none "
                        f"(in 'turn to nobody' at {at(text, Q + 'turn to nobody')})")


def test_the_innermost_statement_is_named_inside_if_for_and_while():
    text, err = failing("""\
        actions:
          go:
            effects:
              - if: "n == 0"
                then:
                  - for: "p in players"
                    do:
                      - while: "n < 3"
                        do:
                          - add 1 to n
                          - "set n = n % zero"
        """)
    assert err.where == f"in 'set n = n % zero' at {at(text, Q + 'set n = n % zero')}"


def test_a_failing_condition_of_a_mapping_names_the_mapping():
    text, err = failing("""\
        actions:
          go:
            effects:
              - if: "1 // zero == 0"
                then: [pass]
        """)
    assert err.where == f"in 'if: 1 // zero == 0' at {at(text, 'if:')}"


def test_a_failure_in_a_turn_hook_names_the_hook_and_the_statement():
    text, err = failing(phases="""\
        phases:
          play:
            first: "first(players)"
            on_turn_end: ["add 1 // zero to n"]
        """, action="pass")
    assert err.rule == "phases.play.on_turn_end"
    assert err.where == f"in 'add 1 // zero to n' at {at(text, Q + 'add 1 // zero')}"


def test_a_failure_in_setup_names_setup_and_the_statement():
    text = text_of(extra="setup: [set n = 0, \"draw 1 // zero from deck to pile\"]\n")
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        rulekit.load_text(text, "lang.yaml").new_state(2)
    assert info.value.rule == "setup"
    assert info.value.where == ("in 'draw 1 // zero from deck to pile' at "
                                f"{at(text, Q + 'draw 1 // zero')}")


def test_a_python_failure_inside_a_statement_is_a_rule_error_naming_the_statement():
    """A failure the engine did not foresee (a bug of the ruleset the loader could not see) is
    told as a rule error naming the statement, not as a bare Python exception."""
    def broken(s, e):
        return [][1]

    gen = Module()
    compiler = SimpleNamespace(x=SimpleNamespace(gen=gen))  # what located_block uses
    code = located_block(compiler, [["pass"], [f"{gen.ref(broken, 'fails')}(s, e)"]],  # type: ignore[arg-type]
                         ["in 'a' at f:1:1", "in 'b' at f:2:1"])
    run = compiler.x.gen.body_function(code)
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        run(type("S", (), {"over": False})(), {})
    assert str(info.value) == ("rule : the statement failed (list index out of range) "
                               "(in 'b' at f:2:1)")


def test_a_long_statement_is_shortened_in_the_message():
    long = "set n = zero + zero + zero + zero + zero + zero + zero + zero + zero + 1 // zero"
    text, err = failing(f"""\
        actions:
          go: {{effects: ["{long}"]}}
        """)
    assert err.where.startswith(f"in '{long[:57]}...' at lang.yaml:")


def test_a_window_answer_names_its_statement():
    text = text_of(actions="""\
        actions:
          go: {effects: [ask w]}
          answer: {window: w, effects: ["set nobody = opener", "turn to none"]}
        """, extra="windows:\n  w: {order: \"players_after(opener)\"}\n")
    state = rulekit.load_text(text, "lang.yaml").new_state(2)
    state.apply("go")
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        state.apply("answer")
    assert info.value.rule == "actions.answer.effects"
    assert info.value.where == f"in 'turn to none' at {at(text, Q + 'turn to none')}"


def test_errors_outside_statements_keep_their_message():
    """A condition that fails names its rule as before, with no statement."""
    text = text_of(actions="""\
        actions:
          pass: {when: "1 // zero == 0", effects: [end turn]}
        """)
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        rulekit.load_text(text, "lang.yaml").new_state(2)
    assert str(info.value) == "rule actions.pass.when: division by zero"
    assert info.value.where == ""
