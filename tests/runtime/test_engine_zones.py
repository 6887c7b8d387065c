"""Setup, dealing, zones owned by the table and by players, and the card-moving statements.

In tests/engine/zones.yaml card i has value i + 1 and is labelled c<value>; the deck starts in
order, so its top (the last card) is c12.
"""

from __future__ import annotations

import pytest

import rulekit
from rulekit.testing import arrange, labels, set_vars, zone_id


@pytest.fixture
def game(ruleset):
    return ruleset("zones")


def hands(state):
    return [labels(state, ("hand", p)) for p in range(state.n)]


def test_deal_gives_cards_round_robin_from_the_top_of_the_deck(game):
    state = game.new_state(3, seed=0)
    assert hands(state) == [["c12", "c9"], ["c11", "c8"], ["c10", "c7"]]
    assert labels(state, "deck") == ["c1", "c2", "c3", "c4", "c5", "c6"]


def test_each_player_owns_a_separate_instance_of_a_player_zone(game):
    for n in (2, 4):
        state = game.new_state(n, seed=0)
        ids = {zone_id(state, ("hand", p)) for p in range(n)}
        assert len(ids) == n
        assert zone_id(state, "deck") not in ids
        assert all(len(h) == 2 for h in hands(state))
    with pytest.raises(rulekit.UsageError):
        zone_id(state, "hand")  # a player's zone needs its player


def test_draw_moves_cards_from_the_top(game):
    state = game.new_state(2, seed=0)
    assert labels(state, "deck")[-2:] == ["c7", "c8"]
    state.apply("draw_two")
    assert labels(state, ("hand", 0))[-2:] == ["c8", "c7"]
    assert labels(state, "deck") == ["c1", "c2", "c3", "c4", "c5", "c6"]


def test_draw_takes_what_there_is_when_the_source_runs_out(game):
    state = game.new_state(2, seed=0)
    state.apply("draw_many")
    assert labels(state, "deck") == []
    assert len(labels(state, ("hand", 0))) == 2 + 8
    state.apply("draw_many")  # nothing left: no error, nothing moves
    assert len(labels(state, ("hand", 0))) == 10


def test_refill_tops_up_to_the_target_size_and_never_removes(game):
    state = game.new_state(2, seed=0)
    state.apply("top_up")
    assert len(labels(state, ("hand", 0))) == 4
    state.apply("top_up")
    assert len(labels(state, ("hand", 0))) == 4
    state.apply("draw_two")
    state.apply("top_up")
    assert len(labels(state, ("hand", 0))) == 6


def test_move_face_up_puts_the_card_on_top_face_up(game):
    state = game.new_state(2, seed=0)
    state.apply("flip")
    state.apply("lay")
    assert labels(state, "table") == ["c8", "c7"]
    c8, c7 = state.zones[zone_id(state, "table")]
    assert state.faceup[c8] == 1
    assert state.faceup[c7] == 0


def test_move_at_bottom(game):
    state = game.new_state(2, seed=0)
    state.apply("bury")
    assert labels(state, "deck") == ["c8", "c1", "c2", "c3", "c4", "c5", "c6", "c7"]


def test_bug_move_at_bottom_reversed_the_moved_cards(game):
    # Moving a pile under another keeps the pile's order, as moving it on top does.
    state = game.new_state(2, seed=0)
    state.apply("lay")
    assert labels(state, ("hand", 0)) == ["c12", "c10"]
    state.apply("under")
    assert labels(state, "table") == ["c12", "c10", "c8"]


def test_move_a_zone_empties_it(game):
    state = game.new_state(2, seed=0)
    state.apply("discard_hand")
    assert labels(state, ("hand", 0)) == []
    assert labels(state, "discard") == ["c12", "c10"]


def test_moved_cards_know_their_new_zone(game):
    state = game.new_state(2, seed=0)
    state.apply("discard_hand")
    state.apply("trade")
    for zi, zone in enumerate(state.zones):
        for c in zone:
            assert state.card_zone[c] == zi


def test_swap_exchanges_whole_zones(game):
    state = game.new_state(3, seed=0)
    state.apply("draw_two")
    before = hands(state)
    state.apply("trade")
    after = hands(state)
    assert after[0] == before[1] and after[1] == before[0] and after[2] == before[2]
    # the rules see the cards where they now are
    state.apply("discard_hand")
    assert labels(state, "discard") == before[1]


def test_shuffle_is_determined_by_the_seed(game):
    def shuffled(seed):
        state = game.new_state(2, seed=seed)
        state.apply("mix")
        return labels(state, "deck")

    assert shuffled(5) == shuffled(5)
    results = {tuple(shuffled(seed)) for seed in range(8)}
    assert len(results) > 1
    assert all(sorted(r) == sorted(shuffled(0)) for r in results)  # a permutation, no loss


def test_setup_shuffle_deals_the_same_hands_for_the_same_seed(ruleset):
    game = ruleset("zones", setup=["shuffle deck", "deal 3 from deck to each hand"])
    deals = {seed: hands(game.new_state(3, seed=seed)) for seed in range(6)}
    assert deals[3] == hands(game.new_state(3, seed=3))
    assert len({str(h) for h in deals.values()}) > 1
    for h in deals.values():
        assert [len(x) for x in h] == [3, 3, 3]


def test_arrange_stacks_a_position_and_play_goes_on_from_it(game):
    state = game.new_state(2, seed=0)
    arrange(state, {("hand", 0): ["c1"], "deck": ["c5", "c6"]})
    assert labels(state, ("hand", 0)) == ["c1"]
    assert labels(state, "deck")[-2:] == ["c5", "c6"]
    state.apply("draw_two")
    assert labels(state, ("hand", 0)) == ["c1", "c6", "c5"]
    total = sum(len(z) for z in state.zones)
    assert total == game.n_cards


def test_bug_arrange_duplicated_a_card_taken_from_another_zone_into_the_spill_zone(game):
    state = game.new_state(2, seed=0)
    assert labels(state, ("hand", 0)) == ["c12", "c10"]
    arrange(state, {"deck": ["c12"]})  # the deck is the spill zone; c12 is in seat 0's hand
    assert labels(state, "deck")[-1] == "c12"
    assert labels(state, ("hand", 0)) == ["c10"]
    assert sum(len(z) for z in state.zones) == game.n_cards
    for zi, zone in enumerate(state.zones):
        assert all(state.card_zone[c] == zi for c in zone)


def test_arrange_and_set_vars_reject_unknown_names(game):
    state = game.new_state(2, seed=0)
    with pytest.raises(rulekit.UsageError, match="no card is labelled"):
        arrange(state, {"table": ["c99"]})
    with pytest.raises(rulekit.UsageError, match="not enough cards"):
        arrange(state, {"table": ["c1", "c1"]})
    with pytest.raises(rulekit.UsageError):
        arrange(state, {"nowhere": []})
    with pytest.raises(rulekit.UsageError):
        set_vars(state, {"nothing": 1})
