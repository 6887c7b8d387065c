"""A generated comprehension's parts that do not read its loop variable are worked out once per
run of the loop (rulekit.lang.hoisting): `count(c for c in hand if c.v == top(pile).v)` reads the
pile's top card and its value once, not once per card. Lazily: where the loop never reaches the
part, it is never worked out, so an error it would raise is raised only where it was before;
and the budget is drawn on as before (only parts that draw nothing are kept).
"""

from __future__ import annotations

import pytest
from lang_helpers import game, gvar

import rulekit
import rulekit.lang.names
from rulekit.lang.types import Typed
from rulekit.testing import zone_id

SETUP = """\
setup: ["deal 6 from deck to each hand", "draw 5 from deck to pile"]
"""
KEPT = "is not None else (_t"  # the kept form: `(_tK if _tK is not None else (_tK := ...))`


def played(effects: list[str], extra: str = SETUP) -> tuple[rulekit.State, list[int], str]:
    """The state after the action `go` ran effects, the values of actor's hand, and the
    generated module."""
    g = game(actions=f"actions:\n  go:\n    effects: [{', '.join(map(repr, effects))}, "
             "end turn]\n", extra=extra)
    state = g.new_state(2, seed=7)
    v = g.card_attrs["v"]
    hand = [v[c] for c in state.zones[zone_id(state, ("hand", 0))]]
    state.apply("go")
    return state, hand, g.generated_source()


def test_a_part_free_of_the_loop_variable_is_kept_and_gives_the_same_answer() -> None:
    state, hand, source = played(["set n = count(c for c in actor.hand if c.v == top(pile).v)"])
    pile = state.zones[zone_id(state, "pile")]
    top = state.game.card_attrs["v"][pile[-1]]
    assert gvar(state, "n") == sum(v == top for v in hand)
    assert KEPT in source


def test_a_part_reading_the_loop_variable_is_not_kept() -> None:
    _, _, source = played(["set n = count(c for c in actor.hand if c.v == 3)"])
    assert KEPT not in source


def test_a_part_the_loop_never_reaches_is_never_worked_out() -> None:
    # the pile is empty: its top card is none, and reading its value is an error, but no card
    # of the hand is above 10, so the loop never asks it
    state, _, _ = played(["set n = count(c for c in actor.hand if c.v > 10 and c.v == "
                          "top(pile).v)"], extra='setup: ["deal 6 from deck to each hand"]\n')
    assert gvar(state, "n") == 0


def test_a_kept_part_raises_the_error_it_raised_before() -> None:
    with pytest.raises(rulekit.RuleRuntimeError, match="no card \\(none\\) has a 'v'"):
        played(["set n = count(c for c in actor.hand if c.v == top(pile).v)"],
               extra='setup: ["deal 6 from deck to each hand"]\n')


def test_a_definition_kept_in_one_loop_is_compiled_afresh_elsewhere() -> None:
    # a definition without parameters is compiled once and reused: not when its code is a
    # loop's kept part, a local of that loop only
    extra = SETUP + 'define:\n  top_v: "top(pile).v"\n'
    state, hand, _ = played(["set n = count(c for c in actor.hand if c.v == top_v)",
                             "set zero = top_v"], extra=extra)
    top = state.game.card_attrs["v"][state.zones[zone_id(state, "pile")][-1]]
    assert gvar(state, "n") == sum(v == top for v in hand)
    assert gvar(state, "zero") == top


def test_the_budget_is_drawn_on_as_without_keeping(monkeypatch: pytest.MonkeyPatch) -> None:
    effects = ["set n = count(c for c in actor.hand if c.v == top(pile).v)",
               "set zero = sum(c.v for c in pile if c.v >= max(d.v for d in actor.hand))"]
    kept, _, source = played(effects)
    assert KEPT in source

    def as_it_is(x: object, typed: Typed, base: Typed) -> Typed:
        return typed

    monkeypatch.setattr(rulekit.lang.names, "hoisted", as_it_is)
    plain, _, source = played(effects, extra=SETUP + "# compiled without keeping\n")
    assert KEPT not in source
    assert (kept.work, kept.game_work) == (plain.work, plain.game_work)
    assert (gvar(kept, "n"), gvar(kept, "zero")) == (gvar(plain, "n"), gvar(plain, "zero"))
