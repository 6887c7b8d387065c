"""Loading a ruleset: the deck, computed attributes, faces and card labels."""

from __future__ import annotations

from collections import Counter

import pytest

import rulekit
from rulekit.testing import card_ids


def test_minimal_ruleset_loads_and_plays(ruleset):
    game = ruleset("minimal")
    assert isinstance(game, rulekit.Game)
    assert game.name == "Minimal"
    state = game.new_state(2, seed=0)
    assert state.decider == 0
    assert [str(a) for a in state.legal_actions()] == ["go", "stop"]
    state.apply("go")
    assert state.decider == 1
    state.apply("stop")
    assert state.is_over and state.decider is None


def test_player_count_outside_the_ruleset_range_is_a_usage_error(ruleset):
    game = ruleset("minimal")
    for n in (1, 3):
        with pytest.raises(rulekit.UsageError, match="2 to 2 players"):
            game.new_state(n, seed=0)
    with pytest.raises(rulekit.UsageError):
        game.new_state(2, seed=-1)


def test_deck_entries_expand_into_the_cross_product_of_their_list_values(ruleset):
    game = ruleset("cards")
    combos = Counter(
        (game.card_attrs["colour"][c], game.card_attrs["value"][c], game.card_attrs["wild"][c])
        for c in range(game.n_cards))
    assert combos == {
        ("red", 1, False): 2, ("red", 2, False): 2, ("blue", 1, False): 2, ("blue", 2, False): 2,
        ("green", 0, True): 3,   # count: 3 of one combination
        ("green", 7, False): 1,  # count defaults to 1; the count: 0 entry adds nothing
    }
    assert game.n_cards == 12


def test_the_deck_starts_whole_in_its_start_zone(ruleset):
    state = ruleset("cards").new_state(2, seed=0)
    obs = rulekit.observation(state, 0)
    assert obs["table"]["deck"]["count"] == 12
    assert all(z["count"] == 0 for seat in obs["seats"] for z in seat["zones"].values())


def test_computed_attribute_is_evaluated_per_card(ruleset):
    game = ruleset("cards")
    worth = {game.labels[c]: game.card_attrs["worth"][c] for c in range(game.n_cards)}
    assert worth == {"red 1": 10, "red 2": 20, "blue 1": 10, "blue 2": 20, "wild": 5,
                     "green 7 wild: no": 70}


def test_computed_attribute_is_usable_in_rules(ruleset):
    state = ruleset("cards").new_state(2, seed=0)
    state.apply("take")
    state.apply("pick green 7 wild: no")
    state.apply("take")
    state.apply("pick wild")
    state.apply("take")
    state.apply("pick red 2")
    game = state.game
    assert game.score(state, 0) == 70 + 20
    assert game.score(state, 1) == 5


def test_identical_cards_share_one_face_and_one_pick_action(ruleset):
    state = ruleset("cards").new_state(2, seed=0)
    state.apply("take")
    picks = [str(a) for a in state.legal_actions()]
    # 12 cards, but only 6 faces: one pick per face, in a stable order
    assert picks == ["pick red 1", "pick red 2", "pick blue 1", "pick blue 2", "pick wild",
                     "pick green 7 wild: no"]
    wilds = card_ids(state, "wild")
    assert len(wilds) == 3
    assert len({state.game.face_of[c] for c in wilds}) == 1


def test_picking_a_shared_face_takes_one_card_and_the_face_stays_offered(ruleset):
    state = ruleset("cards").new_state(2, seed=0)
    state.apply("take")
    state.apply("pick wild")
    hand = rulekit.observation(state, 0)["seats"][0]["zones"]["hand"]
    assert hand["cards"] == ["wild"]
    state.apply("take")
    assert "pick wild" in [str(a) for a in state.legal_actions()]


def test_card_labels_come_from_text_templates_in_each_language(ruleset):
    game = ruleset("cards")
    red2 = card_ids_of(game, "red 2")[0]
    wild = card_ids_of(game, "wild")[0]
    assert game.card_label(red2) == "red 2"          # the first language is the default
    assert game.card_label(red2, "en") == "red 2"
    assert game.card_label(red2, "fr") == "2 rouge"  # word order and words translated
    assert game.card_label(wild, "fr") == "joker"    # the first matching 'when' rule wins


def test_action_labels_are_translated_but_string_forms_stay_canonical(ruleset):
    state = ruleset("cards").new_state(2, seed=0)
    game = state.game
    (take,) = state.legal_actions()
    assert str(take) == "take"
    assert game.action_label(take, "fr") == "prendre une carte"
    state.apply(take)
    pick = state.legal_actions()[0]
    assert str(pick) == "pick red 1"
    assert game.action_label(pick, "fr") == "1 rouge"


def test_bug_boolean_attributes_showed_as_python_true_false_in_card_labels(ruleset):
    game = ruleset("cards")
    green7 = card_ids_of(game, "green 7 wild: no")[0]
    assert game.card_label(green7, "en") == "green 7 wild: no"
    assert game.card_label(green7, "fr") == "7 vert joker : non"


def card_ids_of(game: rulekit.Game, label: str) -> list[int]:
    return [c for c in range(game.n_cards) if game.labels[c] == label]
