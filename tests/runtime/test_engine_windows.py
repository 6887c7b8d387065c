"""Reaction windows: order, eligibility, closing, 'then', nesting, players with no answer."""

from __future__ import annotations

import pytest

import rulekit
from rulekit.testing import play, set_vars


@pytest.fixture
def game(ruleset):
    return ruleset("windows")


def legal(state):
    return [str(a) for a in state.legal_actions()]


def gvar(state, name):
    info = next(v for v in state.game.game_vars if v.name == name)
    return state.gvars[info.index]


def pset(state, name, seats, value=True):
    set_vars(state, {(name, p): value for p in seats})


def answer_all(state, answer="let_go"):
    """Answer every question of the open windows with `answer` (or the only legal action)."""
    asked = []
    while state.stack and not state.is_over:
        asked.append(state.decider)
        options = legal(state)
        state.apply(answer if answer in options else options[0])
    return asked


def test_window_asks_each_player_once_in_the_given_order(game):
    state = game.new_state(4, seed=0)
    state.apply("poke")
    assert rulekit.observation(state, 1)["pending"] == {"window": "react", "opener": 0,
                                                        "asked": 1, "prompt": None}
    asked = answer_all(state)
    assert asked == [1, 2, 3]  # players_after(opener), the opener is not asked
    assert gvar(state, "answers") == [1, 2, 3]
    assert gvar(state, "then_runs") == 1
    assert gvar(state, "last_opener") == 0
    assert state.decider == 1  # the poker's 'end turn' happens after the window


def test_order_starts_after_the_opener_and_wraps_around(game):
    state = game.new_state(4, seed=0)
    play(state, ["poke", *["let_go"] * 3])
    play(state, ["poke"])  # seat 1 opens
    assert answer_all(state) == [2, 3, 0]


def test_a_closing_answer_stops_the_asking(game):
    state = game.new_state(4, seed=0)
    pset(state, "blocks", [2, 3])
    state.apply("poke")
    state.apply("let_go")
    assert state.decider == 2 and legal(state) == ["block", "let_go"]
    state.apply("block")
    assert not state.stack  # seat 3 is never asked
    assert gvar(state, "answers") == [1, 2]
    assert gvar(state, "closer") == 2
    assert gvar(state, "then_runs") == 1  # 'then' runs when a window closes early too


def test_ineligible_players_are_not_asked(game):
    state = game.new_state(4, seed=0)
    set_vars(state, {("can_react", 2): False})
    state.apply("poke")
    assert answer_all(state) == [1, 3]


def test_players_with_no_legal_answer_are_skipped(game):
    state = game.new_state(4, seed=0)
    pset(state, "mute", [1, 3])
    state.apply("poke")
    assert answer_all(state) == [2]
    assert gvar(state, "then_runs") == 1


def test_a_window_nobody_can_answer_runs_then_at_once(game):
    state = game.new_state(3, seed=0)
    pset(state, "mute", [1, 2])
    state.apply("poke")
    assert not state.stack
    assert gvar(state, "then_runs") == 1
    assert state.decider == 1


def test_then_runs_before_the_rest_of_the_flow(game):
    state = game.new_state(3, seed=0)
    state.apply("stay")  # asks without ending the turn: the asker decides again afterwards
    answer_all(state)
    assert gvar(state, "then_runs") == 1
    assert state.decider == 0


def test_ask_to_a_given_list_of_players(game):
    state = game.new_state(4, seed=0)
    state.apply("poke_left")
    assert answer_all(state) == [1]


def test_an_answer_can_open_a_nested_window_which_finishes_first(game):
    state = game.new_state(4, seed=0)
    set_vars(state, {("echoes", 1): True})
    state.apply("poke")
    state.apply("echo")  # seat 1 opens 'nested', asked from seat 2 on
    pending = rulekit.observation(state, 2)["pending"]
    assert pending == {"window": "nested", "opener": 1, "asked": 2, "prompt": None}
    asked = answer_all(state, "ok")
    # nested: 2, 3, 0; then react goes on (echo does not close it) with 2, 3
    assert asked == [2, 3, 0, 2, 3]
    assert gvar(state, "nested_answers") == [2, 3, 0]
    assert gvar(state, "answers") == [1, 2, 3]
    assert (gvar(state, "nested_then_runs"), gvar(state, "then_runs")) == (1, 1)
    assert state.decider == 1


def test_window_answers_are_the_only_legal_actions_while_it_is_open(game):
    state = game.new_state(3, seed=0)
    state.apply("poke")
    assert legal(state) == ["let_go"]
    with pytest.raises(rulekit.IllegalActionError):
        state.apply("poke")


def test_bug_a_player_listed_twice_in_the_order_was_asked_twice(ruleset):
    windows = {"react": {"order": "players_after(opener) + players_after(opener)"},
               "nested": {"order": "players_after(opener)"}}
    game = ruleset("windows", windows=windows)
    state = game.new_state(3, seed=0)
    state.apply("poke")
    assert answer_all(state) == [1, 2]


def test_a_window_answer_with_parameters_is_built_then_the_window_goes_on(game):
    state = game.new_state(4, seed=0)
    set_vars(state, {("bids", 1): True})
    state.apply("poke")
    assert legal(state) == ["let_go", "bid"]
    state.apply("bid")
    assert state.decider == 1
    assert legal(state) == ["amount 1", "amount 2"]  # max uses the window's opener (seat 0)
    assert rulekit.observation(state, 1)["pending"]["by"] == 1
    state.apply("amount 2")
    assert gvar(state, "total_bid") == 2
    assert answer_all(state) == [2, 3]
    assert gvar(state, "answers") == [1, 2, 3]
    assert gvar(state, "then_runs") == 1


def test_windows_asked_by_one_effect_list_open_in_the_order_written(game):
    state = game.new_state(3, seed=0)
    state.apply("both")
    seen = []
    while state.stack:
        seen.append((rulekit.observation(state, None)["pending"]["window"], state.decider))
        state.apply(legal(state)[0])
    assert seen == [("nested", 1), ("nested", 2), ("react", 1), ("react", 2)]
    assert (gvar(state, "nested_then_runs"), gvar(state, "then_runs")) == (1, 1)


def test_ending_the_game_from_a_window_answer_closes_every_window(game):
    state = game.new_state(3, seed=0)
    set_vars(state, {("blocks", 1): True, ("echoes", 1): True})
    state.apply("poke")
    state.apply("resign")
    assert state.is_over and not state.stack
    assert state.outcome.reason == "stopped"
    assert gvar(state, "then_runs") == 0  # the window was not finished: its 'then' never runs
    assert rulekit.observation(state, 0)["pending"] is None
