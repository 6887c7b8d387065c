"""`State.pending`: the decision a game waits on, typed, so drivers never read the frame stack."""

from __future__ import annotations

import rulekit
from rulekit.runtime.pending import PARAM, TURN, WINDOW
from rulekit.testing import play


def test_a_turn_then_each_parameter_of_an_action_being_put_together(ruleset):
    state = ruleset("params").new_state(3, seed=2)
    now = state.pending
    assert now is not None and now.kind == TURN and now.decider == state.turn
    assert now.param is None and now.action is None
    state.apply("play")
    now = state.pending
    assert now.kind == PARAM and now.action == "play" and now.param.name == "chosen"
    assert now.decider == state.decider and now.chosen == ()
    first = now.step
    picks = [a for a in state.legal_actions() if a.text.startswith("pick ")]
    state.apply(picks[0])
    assert state.pending.step == first  # still the same question: more cards may be picked
    state.apply("done")
    now = state.pending
    assert now.step != first and now.value("chosen") is not None
    assert [name for name, _ in now.chosen] == ["chosen"]


def test_a_window_names_itself_and_the_seat_that_opened_it(ruleset):
    state = ruleset("windows").new_state(4, seed=2)
    opener = state.turn
    play(state, ["poke"])
    now = state.pending
    assert now.kind == WINDOW and now.window.name == "react" and now.opener == opener
    assert now.decider == state.decider != opener


def test_nothing_is_pending_once_the_game_is_over(ruleset):
    state = ruleset("windows").new_state(4, seed=2)
    play(state, ["stop"])
    assert state.is_over and state.pending is None


def test_the_driver_needs_no_frame_of_the_runtime():
    """Issue 9: 'The driver uses only the public API (a typed pending-decision view, not the
    frame stack)'."""
    from pathlib import Path

    cli = Path(rulekit.__file__).resolve().parent.parent / "cli"
    for path in cli.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for internal in ("BuildFrame", "WindowFrame", ".stack["):
            assert internal not in text, f"{path.name} reads the runtime's {internal}"
