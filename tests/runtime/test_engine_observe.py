"""Hidden information: what each seat's observation and log show, and resample."""

from __future__ import annotations

import random

import pytest
from paths import ROOT

import rulekit
from rulekit import events_for, observation, render_event, resample
from rulekit.runtime.observe import card_visible, visible_cards
from rulekit.testing import arrange, labels, play, set_vars


@pytest.fixture
def game(ruleset):
    return ruleset("hidden")


@pytest.fixture
def state(game):
    s = game.new_state(3, seed=4)
    return arrange(s, {("hand", 0): ["#1", "#2", "#3"], ("hand", 1): ["#4", "#5", "#6"],
                       ("hand", 2): ["#7", "#8", "#9"], "table": [], "pile": ["#10", "#11"],
                       ("stack", 0): ["#13"], ("stack", 1): ["#14"], ("stack", 2): ["#15"]})


def zone(obs, name, seat=None):
    if seat is None:
        return obs["table"][name]
    return obs["seats"][seat]["zones"][name]


def test_owner_zone_cards_are_shown_to_their_owner_only(state):
    for seat in range(3):
        obs = observation(state, seat)
        for p in range(3):
            hand = zone(obs, "hand", p)
            assert hand["count"] == 3
            if p == seat:
                assert hand["cards"] == labels(state, ("hand", p))
            else:
                assert hand["cards"] == []


def test_count_zone_shows_only_its_size(state):
    for seat in (0, 1, None):
        obs = observation(state, seat)
        assert zone(obs, "pile") == {"count": 2, "cards": []}
        assert zone(obs, "stack", 0) == {"count": 1, "cards": []}  # even to its owner


def test_hidden_zone_shows_nothing(state):
    obs = observation(state, 0)
    assert zone(obs, "deck") == {"count": None, "cards": []}


def test_public_zone_shows_every_card_to_everyone(state):
    state.apply("flip")
    play(state, ["hide_card"])  # face down onto the pile
    arrange(state, {"table": ["#12", "#13"]})
    for seat in (0, 2, None):
        assert zone(observation(state, seat), "table")["cards"] == ["#12", "#13"]


def test_a_spectator_sees_no_hand(state):
    obs = observation(state, None)
    assert all(zone(obs, "hand", p)["cards"] == [] for p in range(3))
    assert obs["seat"] is None


def test_cards_moved_face_up_are_visible_to_all_where_they_lie(state):
    state.apply("flip_to_pile")
    top = labels(state, "pile")[-1]
    for seat in (0, 1, None):
        assert zone(observation(state, seat), "pile") == {"count": 3, "cards": [None, None, top]}


def test_a_face_up_card_moved_without_face_up_is_face_down_again(state):
    state.apply("flip")
    card = labels(state, "table")[-1]
    assert zone(observation(state, 1), "table")["cards"] == [card]
    state.apply("hide_card")
    assert zone(observation(state, 1), "pile") == {"count": 3, "cards": []}


def test_revealed_cards_are_visible_to_all(state):
    state.apply("expose")
    for seat in (1, 2, None):
        assert zone(observation(state, seat), "hand", 0)["cards"] == ["#1", "#2", "#3"]
    assert zone(observation(state, 1), "hand", 2)["cards"] == []


def test_unordered_owner_zone_is_shown_sorted_to_its_owner_and_counted_to_others(state):
    arrange(state, {("hand", 0): ["#3", "#1", "#2"]})
    state.apply("bag_it")
    assert zone(observation(state, 0), "bag", 0) == {"count": 3, "cards": ["#1", "#2", "#3"]}
    assert zone(observation(state, 1), "bag", 0) == {"count": 3, "cards": []}


def test_invisible_variables_are_absent_from_every_observation(state):
    for seat in (0, 1, None):
        obs = observation(state, seat)
        assert obs["vars"] == {"shown": 1, "seen": None}
        assert obs["turn_vars"] == {"turn_public": False}
        assert all(s["vars"] == {"public_score": 0} for s in obs["seats"])
        assert "secret" not in str(obs) and "private_note" not in str(obs)


def test_the_pending_choice_is_visible_only_to_the_one_choosing(state):
    play(state, ["choose", "pick #2"])
    mine = observation(state, 0)["pending"]
    assert mine["action"] == "choose" and mine["by"] == 0
    assert mine["picking"] == ["#2"]
    for seat in (1, None):
        theirs = observation(state, seat)["pending"]
        assert theirs["action"] == "choose" and theirs["by"] == 0
        assert "picking" not in theirs and "chosen" not in theirs


def test_log_with_an_audience_shows_cards_only_to_it(state):
    arrange(state, {"deck": ["#14", "#15", "#16"], "table": ["#12"]})
    state.apply("whisper")
    (k0, mine), (k0b, public0) = events_for(state, 0)[-2:]
    assert k0 == "peeked"
    assert mine["card"] == ("card", state.zones[0][-1])
    assert render_event(state.game, k0, mine, "en") == "P0 peeks at #16 (#16, #15)"
    (k1, theirs), (k1b, public1) = events_for(state, 1)[-2:]
    assert k1 == "peeked_hidden"
    assert "card" not in theirs and theirs["cards"] == 2
    assert render_event(state.game, k1, theirs, "en") == "P0 peeks at the deck (2 cards)"
    # an event without an audience is the same for everyone
    assert k0b == k1b == "announced" and public0 == public1
    assert render_event(state.game, k1b, public1, "en") == "P0 announces #12"
    assert events_for(state, None)[-2][0] == "peeked_hidden"


def test_resample_keeps_the_seats_observation_and_changes_hidden_cards(state):
    play(state, ["flip", "flip_to_pile"])
    set_vars(state, {"secret": 9})
    for seat in range(3):
        before = observation(state, seat)
        changed = False
        for seed in range(10):
            other = resample(state, seat, seed)
            assert observation(other, seat) == before
            assert sorted(c for z in other.zones for c in z) == list(range(state.game.n_cards))
            for zi, z in enumerate(other.zones):
                assert all(other.card_zone[c] == zi for c in z)
            changed |= other.zones != state.zones
        assert changed
    # the seat's own hand never moves; the others' hands do, for some seed
    assert all(labels(resample(state, 0, seed), ("hand", 0)) == ["#1", "#2", "#3"]
               for seed in range(5))
    assert any(labels(resample(state, 0, seed), ("hand", 1)) != ["#4", "#5", "#6"]
               for seed in range(5))


def test_resample_leaves_the_original_untouched_and_plays_on(state):
    before = state.key()
    other = resample(state, 1, 3)
    assert state.key() == before
    for _ in range(5):
        other.apply(other.legal_actions()[0])
    assert state.key() == before


def test_resample_mid_choice_keeps_the_choosers_view(state):
    play(state, ["choose", "pick #3"])
    before = observation(state, 0)
    other = resample(state, 0, 1)
    assert observation(other, 0) == before
    other.apply("done")
    assert labels(other, "table") == ["#3"]


def test_bug_resample_changed_a_visible_variable_naming_a_hidden_card(state):
    state.apply("note")  # a visible card variable naming the deck's (hidden) top card
    for seat in range(3):
        before = observation(state, seat)
        assert before["vars"]["seen"] == labels(state, "deck")[-1]
        for seed in range(6):
            assert observation(resample(state, seat, seed), seat) == before


def test_observation_reports_turn_decider_and_phase(state):
    obs = observation(state, 2)
    assert (obs["seat"], obs["players"], obs["phase"], obs["turn"], obs["decider"]) == (
        2, 3, "main", 0, 0)
    assert obs["over"] is False and obs["pending"] is None


def test_observations_are_json_ready(state):
    import json

    play(state, ["choose", "pick #1"])
    obs = observation(state, 0)
    assert json.loads(json.dumps(obs)) == obs
    assert isinstance(rulekit.observation(state, 1), dict)


def test_bug_resample_did_not_move_a_choice_of_card_with_its_place(state):
    # A choice among cards (values: actor.hand) made before resampling must still name a card
    # in the chooser's hand in the resampled copy, as chosen cards (cards parameters) do.
    play(state, ["mark", "marked #2"])
    for seed in range(10):
        other = resample(state, 1, seed)  # seat 1 cannot see seat 0's hand
        other.apply("times 1")
        assert len(labels(other, ("hand", 0))) == 2
        assert len(labels(other, "table")) == 1
        assert labels(other, "table")[0] not in labels(other, ("hand", 0))


def test_earlier_parameter_values_are_shown_only_to_the_one_choosing(state):
    play(state, ["mark", "marked #2"])
    mine = observation(state, 0)["pending"]
    assert mine["chosen"] == {"marked": "#2"}
    assert mine["picking"] == []
    for seat in (1, 2, None):
        theirs = observation(state, seat)["pending"]
        assert theirs["action"] == "mark" and theirs["by"] == 0
        assert "picking" not in theirs and "chosen" not in theirs


def test_bug_action_label_of_a_choice_among_cards_showed_the_card_id(state):
    state.apply("mark")
    game = state.game
    shown = {str(a): game.action_label(a, "en") for a in state.legal_actions()}
    assert shown == {"marked #1": "marked: #1", "marked #2": "marked: #2",
                     "marked #3": "marked: #3"}


@pytest.mark.parametrize("name", ["sham", "chami", "shamus"])
def test_the_cards_a_seat_sees_are_those_it_sees_one_by_one(name):
    """visible_cards (a zone at a time) agrees with card_visible asked of every card, for
    every seat and the spectator, along a random game with cards face up and down."""
    game = rulekit.load(ROOT / "rulesets" / f"{name}.yaml")
    state = game.new_state(game.max_players - 1 if game.max_players > 2 else 2, 5)
    rnd = random.Random(5)
    for _ in range(60):
        if state.is_over:
            break
        for seat in [*range(state.n), None]:
            one_by_one = {c for zi, zone in enumerate(state.zones) for c in zone
                          if card_visible(state, zi, c, seat)}
            assert visible_cards(state, seat) == one_by_one
        state.apply_unchecked(state.random_action(rnd))
