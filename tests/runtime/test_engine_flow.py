"""Turn flow and phases: end turn, turn order, turn to, per-turn variables, phase hooks, the end."""

from __future__ import annotations

import pytest

import rulekit
from rulekit.testing import play, set_vars


@pytest.fixture
def game(ruleset):
    return ruleset("flow")


def legal(state):
    return [str(a) for a in state.legal_actions()]


def tvar(state, name):
    info = next(v for v in state.game.turn_vars if v.name == name)
    return state.tvars[info.index]


def gvar(state, name):
    info = next(v for v in state.game.game_vars if v.name == name)
    return state.gvars[info.index]


def phase_of(state):
    return rulekit.observation(state, None)["phase"]


def test_end_turn_passes_clockwise(game):
    state = game.new_state(4, seed=0)
    seen = [state.decider]
    for _ in range(5):
        state.apply("pass")
        seen.append(state.decider)
    assert seen == [0, 1, 2, 3, 0, 1]


def test_end_turn_skips_players_who_are_not_active(game):
    state = game.new_state(4, seed=0)
    state.apply("drop")        # seat 0 is out
    assert state.decider == 1
    play(state, ["pass", "drop", "pass"])  # seat 2 is out too
    assert state.decider == 1
    state.apply("pass")
    assert state.decider == 3


def test_counterclockwise_phase_turns_the_other_way(game):
    state = game.new_state(4, seed=0)
    play(state, ["drop", "drop", "drop"])  # seat 3 is the last one in: main ends
    assert phase_of(state) == "reverse"
    assert state.decider == 3  # reverse's first: the winner
    seen = [state.decider]
    for _ in range(4):
        state.apply("pass")
        seen.append(state.decider)
    assert seen == [3, 2, 1, 0, 3]


def test_phase_end_if_runs_on_end_then_next_phase_on_begin_and_first(game):
    state = game.new_state(3, seed=0)
    assert (gvar(state, "begun"), gvar(state, "ended")) == (1, 0)
    play(state, ["pass", "drop"])  # seat 1 out; seats 0 and 2 still in
    assert phase_of(state) == "main"
    play(state, ["drop"])         # seat 2 out: one left, main ends at once
    assert phase_of(state) == "reverse"
    assert gvar(state, "winner") == 0
    assert (gvar(state, "begun"), gvar(state, "ended")) == (2, 1)
    # on_begin of reverse brought everyone back
    assert [state.pvars[0][p] for p in range(3)] == [False, False, False]
    assert state.decider == 0
    phases = [args for key, args in rulekit.events_for(state, None) if key == "phase_begins"]
    assert phases == [{"phase": "main"}, {"phase": "reverse"}]


def test_actions_are_restricted_to_their_phases(game):
    state = game.new_state(2, seed=0)
    assert "drop" in legal(state) and "finish" not in legal(state)
    state.apply("drop")
    assert phase_of(state) == "reverse"
    assert "drop" not in legal(state) and "finish" in legal(state)
    with pytest.raises(rulekit.IllegalActionError):
        state.apply("drop")


def test_when_condition_and_per_turn_variables_reset_each_turn(game):
    state = game.new_state(2, seed=0)
    play(state, ["score", "score"])
    assert tvar(state, "moves") == 2 and tvar(state, "note") is True
    assert "score" not in legal(state)  # when: moves < 2
    state.apply("pass")
    assert tvar(state, "moves") == 0 and tvar(state, "note") is False
    assert "score" in legal(state)
    state.apply("pass")
    assert state.decider == 0 and "score" in legal(state)
    assert [state.pvars[1][p] for p in range(2)] == [2, 0]  # player variables are kept


def test_turn_to_gives_the_turn_to_a_player_and_resets_turn_variables(game):
    state = game.new_state(4, seed=0)
    play(state, ["score", "give"])
    assert legal(state) == ["target 1", "target 2", "target 3"]  # where: it != actor
    state.apply("target 2")
    assert state.decider == 2
    assert tvar(state, "moves") == 0
    state.apply("pass")
    assert state.decider == 3  # play goes on clockwise from the new player


def test_end_game_reports_scores_winners_and_reason(game):
    state = game.new_state(3, seed=0)
    play(state, ["score", "pass", "score", "score", "pass", "quit"])
    assert state.is_over
    assert state.decider is None and state.legal_actions() == []
    out = state.outcome
    assert out == rulekit.Outcome(scores=(1, 2, 0), winners=(1,), reason="quit_reason")
    obs = rulekit.observation(state, 0)
    assert obs["over"] and obs["outcome"]["winners"] == [1]
    last_key, last_args = rulekit.events_for(state, 0)[-1]
    assert last_key == "game_over"
    assert last_args["reason"] == "quit_reason"


def test_tied_best_scores_share_the_win(game):
    state = game.new_state(3, seed=0)
    play(state, ["score", "pass", "score", "pass", "quit"])
    assert state.outcome.scores == (1, 1, 0)
    assert state.outcome.winners == (0, 1)


def test_lowest_score_wins_when_the_ruleset_says_so(ruleset):
    game = ruleset("flow", scoring={"score": "p.points", "winners": "lowest"})
    state = game.new_state(3, seed=0)
    play(state, ["score", "pass", "score", "score", "pass", "quit"])
    assert state.outcome.scores == (1, 2, 0)
    assert state.outcome.winners == (2,)


def test_end_game_from_a_phase_on_end(game):
    state = game.new_state(2, seed=0)
    play(state, ["drop", "score", "finish"])  # reverse: end_if finished -> on_end: end game
    assert state.is_over
    assert state.outcome.reason == "finished_reason"
    assert gvar(state, "ended") == 2


def test_set_vars_changes_a_position_the_flow_then_reads(game):
    state = game.new_state(2, seed=0)
    set_vars(state, {"moves": 2, ("points", 1): 5})
    assert "score" not in legal(state)
    state.apply("quit")
    assert state.outcome.winners == (1,)
