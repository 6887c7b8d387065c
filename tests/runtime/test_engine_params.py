"""Actions and their parameters, built one step at a time; string forms of legal actions."""

from __future__ import annotations

import random

import pytest

import rulekit
from rulekit.testing import arrange, labels, play


@pytest.fixture
def game(ruleset):
    return ruleset("params")


def legal(state):
    return [str(a) for a in state.legal_actions()]


def gvar(state, name):
    info = next(v for v in state.game.game_vars if v.name == name)
    return state.gvars[info.index]


def dealt(game, hand, n=3):
    state = game.new_state(n, seed=0)
    return arrange(state, {("hand", 0): hand})


def test_action_when_condition_hides_the_action(game):
    state = dealt(game, ["red 1", "blue 1"])
    assert legal(state) == ["toss", "say", "wait"]
    state = dealt(game, ["red 1", "blue 2"])
    assert legal(state) == ["play", "toss", "say", "wait"]


def test_cards_parameter_offers_only_cards_matching_where(game):
    state = dealt(game, ["red 1", "red 2", "blue 3", "blue 1"])
    state.apply("play")
    assert legal(state) == ["pick red 2", "pick blue 3"]  # value >= 2, no 'done' before min 1
    assert state.decider == 0


def test_done_is_offered_once_min_cards_are_picked(game):
    state = dealt(game, ["red 2", "blue 3"])
    state.apply("play")
    state.apply("pick red 2")
    assert legal(state) == ["pick blue 3", "done"]


def test_cards_parameter_finishes_by_itself_when_max_is_reached(game):
    state = dealt(game, ["red 2", "red 2", "blue 3"])
    play(state, ["play", "pick red 2", "pick red 2"])  # max 2: no 'done' needed
    # two cards chosen: the colour is not asked (when is false), its 'otherwise' is used
    assert legal(state) == ["n 2", "n 4", "n 5"]  # size(chosen) .. +3, where it != 3
    play(state, ["n 4", "target 2"])
    assert gvar(state, "said") == "blue"
    assert gvar(state, "amount") == 4
    assert gvar(state, "target_seat") == 2
    assert labels(state, "table") == ["red 2", "red 2"]
    assert state.decider == 1


def test_identical_cards_are_one_pick_and_a_picked_card_is_not_offered_again(game):
    state = dealt(game, ["red 2", "red 2", "blue 3"])
    state.apply("play")
    assert legal(state).count("pick red 2") == 1
    state.apply("pick red 2")
    assert "pick red 2" in legal(state)  # the second copy
    state = dealt(game, ["red 2", "blue 3"])
    play(state, ["play", "pick red 2"])
    assert "pick red 2" not in legal(state)


def test_choice_is_asked_when_its_when_holds(game):
    state = dealt(game, ["red 2", "blue 3"])
    play(state, ["play", "pick blue 3", "done"])
    assert legal(state) == ["colour red", "colour blue"]
    state.apply("colour red")
    assert legal(state) == ["n 1", "n 2", "n 4"]
    play(state, ["n 1", "target 1"])
    assert gvar(state, "said") == "red"
    assert gvar(state, "amount") == 1
    assert gvar(state, "played") == [c for c in state.zones[_zone(state, "table")]]


def test_player_parameter_where_excludes_the_actor(game):
    state = dealt(game, ["red 2"], n=4)
    play(state, ["play", "pick red 2", "done", "colour red", "n 1"])
    assert legal(state) == ["target 1", "target 2", "target 3"]


def test_cards_parameter_with_min_zero_may_be_finished_at_once(game):
    state = dealt(game, ["red 1", "blue 1"])
    state.apply("toss")
    assert legal(state) == ["pick red 1", "pick blue 1", "done"]
    state.apply("done")
    assert labels(state, "table") == []
    assert state.decider == 1


def test_cards_parameter_without_max_finishes_when_every_card_is_picked(game):
    state = dealt(game, ["red 1", "blue 1"])
    play(state, ["toss", "pick red 1", "pick blue 1"])
    assert labels(state, "table") == ["red 1", "blue 1"]
    assert state.decider == 1


def test_choice_values_from_an_expression_are_deduplicated(game):
    state = dealt(game, ["red 1", "blue 1", "red 3"])
    state.apply("say")
    assert legal(state) == ["pick_value 1", "pick_value 3"]


def test_the_pending_action_is_decided_by_its_actor_alone(game):
    state = dealt(game, ["red 2", "blue 3"])
    play(state, ["play", "pick red 2"])
    assert state.decider == 0
    with pytest.raises(rulekit.IllegalActionError):
        state.apply("wait")  # mid-build only the parameter's steps are legal


def _zone(state, name):
    return state.game.zone_instance(name, None, state.n)


def random_walk(game, n, seed, steps):
    """Yield (state, legal) along a random playout."""
    rng = random.Random(seed)
    state = game.new_state(n, seed=seed)
    for _ in range(steps):
        if state.is_over:
            return
        actions = state.legal_actions()
        yield state, actions
        state.apply(str(rng.choice(actions)))


@pytest.mark.parametrize("name", ["params", "flow", "zones", "cards", "windows", "hidden"])
def test_every_legal_action_has_a_unique_string_that_parses_back(ruleset, name):
    game = ruleset(name)
    checked = 0
    for seed in range(6):
        n = game.min_players + seed % (game.max_players - game.min_players + 1)
        for state, actions in random_walk(game, n, seed, 60):
            texts = [str(a) for a in actions]
            assert actions, "a decider always has a legal action"
            assert len(set(texts)) == len(texts), texts
            for a in actions:
                assert state.action_from_text(str(a)) == a
            # applying the string form does the same as applying the action itself
            one, other = state.clone(), state.clone()
            one.apply(actions[-1])
            other.apply(texts[-1])
            assert one == other
            checked += 1
    assert checked >= 15


def test_apply_accepts_the_action_object_or_its_text(game):
    state = dealt(game, ["red 2", "blue 3"])
    a, b = state.clone(), state.clone()
    a.apply(a.legal_actions()[0])
    b.apply("play")
    assert a == b
    assert isinstance(a.legal_actions()[0], rulekit.Action)


def test_bug_computing_legal_actions_changed_the_state_mid_build(game):
    # 'where' is evaluated with 'it' bound to each candidate; that binding used to be written
    # into the action being built, so legal_actions() (and a rejected apply) changed key()
    # and to_json().
    state = dealt(game, ["blue 3", "red 2"])
    play(state, ["play", "pick red 2"])
    before, saved = state.key(), state.to_json()
    assert legal(state) == ["pick blue 3", "done"]
    with pytest.raises(rulekit.IllegalActionError):
        state.apply("pick red 2")
    assert state.key() == before
    assert state.to_json() == saved
    assert "it" not in saved["stack"][-1]["env"]


def test_bug_a_cards_parameter_could_leave_its_chooser_with_no_legal_action(ruleset):
    # min 2 cards matching 'where', but only one in hand: after picking it, nothing is legal.
    # The engine must say so (as it does when a parameter starts with no choice) rather than
    # leave a game that is not over with a decider and no legal action.
    game = ruleset("params", actions={
        "strict": {"params": [{"cards": "two", "from": "actor.hand", "min": 2,
                               "where": "it.value == 3"}],
                   "effects": ["end turn"]}})
    state = dealt(game, ["red 3", "blue 1"])
    state.apply("strict")
    assert legal(state) == ["pick red 3"]
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        state.apply("pick red 3")
    assert info.value.rule == "actions.strict.params[0]"


def test_bug_legal_actions_list_was_shared_with_the_state_and_its_clones(ruleset):
    state = ruleset("flow").new_state(2, seed=0)
    copy = state.clone()
    expected = legal(state)
    mine = copy.legal_actions()
    mine.reverse()
    mine.pop()
    assert legal(state) == expected
    assert legal(copy) == expected
