"""Every statement form is generated code in the ruleset's module (issue 30, point 3: one code
generator for expressions and statements), and behaves as the closures it replaced did.

The listing `rulekit compile` prints names each object the module binds; a statement compiled as
a closure would be a bare `_kN(s, e)` line of its own, and the only such lines left are the
generated functions of deeply nested statements.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lang_helpers import game, gvar, line_of, text_of
from paths import ROOT

import rulekit

RULESETS = sorted((ROOT / "rulesets").glob("*.yaml"))
BOUND = re.compile(r"^#   (_k\d+): (.*)$", re.MULTILINE)
CALLED_ALONE = re.compile(r"^ +(_k\d+)\(s, e\)$", re.MULTILINE)


def statement_calls(source: str) -> set[str]:
    """What the module's lines that only call a bound object with (s, e) call, by label."""
    labels = dict(BOUND.findall(source))
    return {labels[name] for name in CALLED_ALONE.findall(source)}


@pytest.mark.parametrize("path", RULESETS, ids=[p.stem for p in RULESETS])
def test_no_statement_of_a_bundled_ruleset_is_a_closure(path: Path) -> None:
    game_ = rulekit.load(path)
    for variant in [None, *game_.variants]:
        source = rulekit.load(path, variant=variant).generated_source()
        assert statement_calls(source) <= {"statements nested deeply"}, variant


EVERY_FORM = """\
actions:
  go:
    effects:
      - shuffle deck
      - deal 2 from deck to each hand
      - swap deck with pile
      - swap deck with pile
      - show top(deck) to players
      - reveal [top(deck)]
      - set n = 3
      - add 2 to n
      - skip 1
      - reverse turn order
      - pass
      - call note(actor)
      - turn to next_player(actor)
      - end turn
procedures:
  note:
    params: [{who: player}]
    effects: ["set nobody = who"]
"""


def test_the_generated_forms_play_as_written() -> None:
    g = game(actions=EVERY_FORM)
    source = g.generated_source()
    for line in ("s.shuffle(", "s.swap(", "s.reveal(", "s.learn_shown(", "s.turn_to(",
                 "s.end_turn_flag = True", "s.reversed_order = not s.reversed_order"):
        assert line in source
    state = g.new_state(2)
    state.apply("go")
    assert [len(state.zones[z]) for z in (2, 3)] == [2, 2]  # each hand dealt 2
    assert gvar(state, "n") == 5
    assert gvar(state, "nobody") == 0  # the procedure ran with the actor as who


def test_a_procedure_that_ends_the_game_stops_the_effects_calling_it() -> None:
    g = game(actions="""\
        actions:
          go:
            effects: ["call finish()", "set n = 7"]
        procedures:
          finish:
            params: []
            effects: ["end game done", "set n = 9"]
        """)
    state = g.new_state(2)
    state.apply("go")
    assert state.over
    assert gvar(state, "n") == 0  # nothing ran after 'end game', here or in the caller


def test_end_game_inside_a_loop_stops_the_loop_and_the_list() -> None:
    g = game(actions="""\
        actions:
          go:
            effects:
              - for: p in players
                do: ["add 1 to n", "end game done"]
              - set n = 7
        """)
    state = g.new_state(3)
    state.apply("go")
    assert state.over and gvar(state, "n") == 1


def test_a_none_operand_of_a_generated_statement_names_the_statement() -> None:
    text = text_of(actions="""\
        actions:
          go:
            effects: ["skip zero - 2"]
        """)
    state = rulekit.load_text(text, "lang.yaml").new_state(2)
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        state.apply("go")
    line = line_of(text, "skip zero - 2")
    col = text.splitlines()[line - 1].index('"skip') + 1
    assert str(info.value) == ("rule actions.go.effects: cannot skip a negative number of "
                               f"players (-2) (in 'skip zero - 2' at lang.yaml:{line}:{col})")


def test_a_long_list_of_pass_statements_is_still_work() -> None:
    """Running a statement is work, even `pass`: a list of 70 charges the budget as before."""
    g = game(actions="actions:\n  go: {effects: [" + ", ".join(["pass"] * 70) + "]}\n")
    state = g.new_state(2)
    before = state.game_work
    state.apply("go")
    assert 70 <= before - state.game_work < 140
