"""apply is atomic whatever the exception, refuses what is not an action, and actions are frozen.

Issue 8, points 6-7: "apply(None), apply({}) raise AttributeError; apply_unchecked with a foreign
action changes the state before failing. Actions handed out must not be mutable by the caller."
"A KeyboardInterrupt, MemoryError or a timeout signal inside apply leaves a half-applied state
... Restore on every exception."
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

import rulekit

RULESETS = ROOT / "rulesets"
ENGINE_DIR = str(Path(rulekit.__file__).resolve().parent)


def _game(name: str) -> rulekit.Game:
    return rulekit.load(RULESETS / name)


def _midgame(game: rulekit.Game, players: int, seed: int, steps: int) -> rulekit.State:
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("bad", [None, {}, 42, 4.5, b"pass", ["pass"], object()])
def test_apply_refuses_what_is_not_an_action_and_changes_nothing(bad: Any) -> None:
    state = _midgame(_game("sham.yaml"), 4, 3, 5)
    before = state.clone()
    with pytest.raises(rulekit.UsageError, match="an action must be one of legal_actions"):
        state.apply(bad)
    with pytest.raises(rulekit.UsageError):
        state.apply_unchecked(bad)
    assert state == before


def test_apply_unchecked_refuses_another_games_action_and_changes_nothing() -> None:
    sham = _midgame(_game("sham.yaml"), 4, 3, 5)
    chami = _midgame(_game("chami.yaml"), 4, 3, 5)
    before = sham.clone()
    foreign = [a for a in chami.legal_actions() if a.text not in
               {b.text for b in sham.legal_actions()}]
    assert foreign
    for a in foreign:
        with pytest.raises(rulekit.IllegalActionError):
            sham.apply_unchecked(a)
        assert sham == before


def test_apply_unchecked_refuses_an_action_of_another_state_not_legal_here() -> None:
    game = _game("sham.yaml")
    a = _midgame(game, 4, 3, 5)
    b = _midgame(game, 4, 4, 0)
    here = {x.text for x in a.legal_actions()}
    stale = [x for x in b.legal_actions() if x.text not in here]
    assert stale
    before = a.clone()
    for x in stale:
        with pytest.raises(rulekit.IllegalActionError):
            a.apply_unchecked(x)
        assert a == before


def test_an_equal_action_of_another_state_applies_as_this_states_own() -> None:
    game = _game("sham.yaml")
    a = _midgame(game, 4, 3, 5)
    b = a.clone()
    twin = a.clone()
    action = b.legal_actions()[0]
    a.apply_unchecked(action)
    twin.apply(action.text)
    assert a == twin


def test_actions_handed_out_are_frozen() -> None:
    state = _midgame(_game("sham.yaml"), 4, 3, 5)
    before = state.clone()
    for a in state.legal_actions():
        text = a.text
        for name, value in (("text", "forged"), ("value", 99), ("kind", 0), ("name", "x")):
            with pytest.raises(AttributeError):
                setattr(a, name, value)
        with pytest.raises(AttributeError):
            del a.text
        assert a.text == text
    assert state == before
    assert [a.text for a in state.legal_actions()] == [a.text for a in before.legal_actions()]


class Interrupt:
    """A tracer that raises `exc` at the k-th line the engine runs, then stops tracing."""

    def __init__(self, k: int, exc: type[BaseException]) -> None:
        self.k, self.exc, self.fired = k, exc, False

    def __call__(self, frame: Any, event: str, arg: Any) -> Any:
        if not frame.f_code.co_filename.startswith(ENGINE_DIR):
            return None
        if event == "line":
            self.k -= 1
            if self.k == 0:
                self.fired = True
                sys.settrace(None)
                raise self.exc("injected")
        return self


def _interrupt_everywhere(state: rulekit.State, text: str,
                          exc: type[BaseException]) -> tuple[int, rulekit.State]:
    """Apply text with exc injected at each line in turn; check that each attempt changed
    nothing, or (an exception on the way out, or one the engine absorbs) applied it whole.
    Return how many lines it ran and the state with the action applied."""
    done = state.clone()
    done.apply(text)
    k = 0
    while True:
        k += 1
        before = state.clone()
        tracer = Interrupt(k, exc)
        sys.settrace(tracer)
        try:
            state.apply(text)
        except exc:
            assert tracer.fired
            if state == done:  # it landed after the action was applied whole (on the return)
                state = before
                continue
            assert state == before, f"half-applied after {exc.__name__} at line {k}"
            assert [a.text for a in state.legal_actions()] == \
                [a.text for a in before.legal_actions()]
            continue
        finally:
            sys.settrace(None)
        # no exception escaped: either the engine ran to the end first, or it absorbed it
        assert state == done
        if not tracer.fired:
            return k, state
        state = before


@pytest.mark.parametrize(("ruleset", "players", "seed", "steps"),
                         [("sham.yaml", 4, 1, 12), ("chami.yaml", 4, 2, 30),
                          ("shamus.yaml", 2, 5, 14)])
@pytest.mark.parametrize("exc", [KeyboardInterrupt, MemoryError])
def test_apply_restores_the_state_whatever_interrupts_it(
        ruleset: str, players: int, seed: int, steps: int, exc: type[BaseException]) -> None:
    game = _game(ruleset)
    state = _midgame(game, players, seed, steps)
    rng = random.Random(seed)
    lines = 0
    for _ in range(4):  # a few consecutive decisions, each interrupted at every line it runs
        if state.is_over:
            break
        text = rng.choice(state.legal_actions()).text
        ran, state = _interrupt_everywhere(state, text, exc)
        lines += ran
    assert lines > 50  # the interrupts really landed all over the engine


def test_a_game_without_a_log_plays_the_same_and_says_it_has_no_log() -> None:
    game = _game("sham.yaml")
    with_log = game.new_state(4, 11)
    without = game.new_state(4, 11, log=False)
    rng = random.Random(11)
    while not with_log.is_over:
        a = rng.choice(with_log.legal_actions())
        with_log.apply_unchecked(a)
        without.apply_unchecked(a)
        assert [x.text for x in without.legal_actions()] == \
            [x.text for x in with_log.legal_actions()]
    assert list(without.history) == list(with_log.history)
    assert without.outcome == with_log.outcome
    with pytest.raises(rulekit.UsageError, match="log=False"):
        rulekit.events_for(without, 0)
    assert rulekit.events_for(with_log, 0)
    copy = game.state_from_json(without.to_json())
    assert copy == without


def test_clones_share_no_log_entries_they_did_not_write() -> None:
    game = _game("sham.yaml")
    state = _midgame(game, 4, 7, 10)
    n, before = len(state.log), list(state.log)
    a, b = state.clone(), state.clone()
    while len(a.log) < n + 3 and not a.is_over:
        a.apply(a.legal_actions()[0])
    assert len(a.log) >= n + 3
    assert list(b.log) == before == list(state.log)  # a's events are a's alone
    b.apply(b.legal_actions()[-1])
    state.apply(state.legal_actions()[-1])
    assert b == state and list(a.log)[:n] == before
    assert a.history[-1] != b.history[-1] or len(a.history) != len(b.history)


def test_random_action_draws_as_the_random_bot_does() -> None:
    """state.random_action(rng) is a legal action, uniform as cli's bot: the same games."""
    game = _game("shamus.yaml")
    a, b = game.new_state(2, 4, log=False), game.new_state(2, 4)
    ra, rb = random.Random(8), random.Random(8)
    while not a.is_over:
        legal = b.legal_actions()
        x = a.random_action(ra)
        y = legal[0] if len(legal) == 1 else legal[int(rb.random() * len(legal))]
        assert x == y and x in a.legal_actions()
        a.apply_unchecked(x)
        b.apply_unchecked(y)
    assert b.is_over and a.outcome == b.outcome
    with pytest.raises(rulekit.GameOverError):
        a.random_action(ra)
