"""`show CARDS to PLAYERS`: per-seat private knowledge, in that seat's observation only.

Also: while a player builds an action, the other seats see which action, never its step."""

from __future__ import annotations

import pytest

import rulekit
from rulekit.testing import arrange, play

BASE = """\
name: Peek
players: {min: 2, max: 4}
cards:
  attributes:
    rank: [1, 2, 3, 4, 5, 6, 7, 8]
  deck:
    - {rank: [1, 2, 3, 4, 5, 6, 7, 8], count: 2}
  start: stock
  label:
    - {text: card}
zones:
  stock: {visibility: count}
  pile: {visibility: public}
  hand: {owner: player, visibility: owner, ordered: false}
setup:
  - shuffle stock
  - deal 2 from stock to each hand
phases:
  play:
    first: "first(players)"
    end_if: "size(pile) >= 6"
    on_end: [end game done]
actions:
  peek:
    params:
      - {player: target, among: "players_after(actor)", prompt: prompt_target}
    effects:
      - show target.hand to actor
      - {log: peeked, args: {player: actor, target: target}}
      - end turn
  look_own:
    effects:
      - show actor.hand to actor
      - show pile to [actor, next_player(actor)]
  everyone:
    effects:
      - show top(stock) to players
  discard:
    params:
      - {cards: chosen, from: actor.hand, max: 1}
    effects:
      - move chosen to pile
      - draw 1 from stock to actor.hand
      - end turn
scoring:
  score: "size(p.hand)"
text:
  card: {en: "card {rank}"}
  peeked: {en: "{player} looks at {target}'s hand."}
  prompt_target: {en: "Whose hand?"}
  done: {en: the pile is full}
"""


def load() -> rulekit.Game:
    return rulekit.load_text(BASE, "peek.yaml")


def dealt(n: int = 3) -> rulekit.State:
    state = load().new_state(n, seed=3)
    return arrange(state, {("hand", 0): ["card 1", "card 2"], ("hand", 1): ["card 3", "card 4"],
                           ("hand", 2): ["card 5", "card 6"]} if n == 3 else
                   {("hand", 0): ["card 1", "card 2"], ("hand", 1): ["card 3", "card 4"]})


def known(state: rulekit.State, seat: int | None) -> list:
    return rulekit.observation(state, seat)["known"]


def test_the_shown_seat_knows_the_cards_and_nobody_else_does():
    state = dealt()
    play(state, ["peek", "target 1"])
    assert known(state, 0) == [{"card": "card 3", "zone": "hand", "owner": 1},
                               {"card": "card 4", "zone": "hand", "owner": 1}]
    assert known(state, 1) == [] and known(state, 2) == [] and known(state, None) == []
    # the others see the look, not the cards
    assert rulekit.observation(state, 2)["seats"][1]["zones"]["hand"]["cards"] == []


def test_showing_cards_a_seat_already_sees_changes_nothing():
    """Bad input: `show` of cards to a player who already sees them: no duplicate knowledge."""
    state = dealt()
    state.apply("discard")
    state.apply("pick card 1")  # a public pile to show
    play(state, ["peek", "target 2"])  # seat 1 looks at seat 2
    assert [k["card"] for k in known(state, 1)] == ["card 5", "card 6"]
    # now seat 2 looks at its own hand and shows the public pile: nothing is added
    state.apply("look_own")
    assert known(state, 2) == []
    assert state.known[2] == {}


def test_knowledge_is_forgotten_when_the_card_moves():
    state = dealt()
    play(state, ["peek", "target 1"])
    play(state, ["discard", "pick card 3"])  # seat 1 plays one of the cards seat 0 saw
    assert known(state, 0) == [{"card": "card 4", "zone": "hand", "owner": 1}]


def test_a_card_that_leaves_and_comes_back_is_not_known_again():
    """A shown card shuffled back and redrawn: the seat cannot know it is the same card. Nor
    can it tell which of the two cards it saw left (face down, for the stock), so it forgets
    both: what it keeps never tells it which card moved unseen."""
    state = dealt(2)
    play(state, ["peek", "target 1"])
    hand1 = state.game.zone_instance("hand", 1, 2)
    card = state.zones[hand1][0]
    stock = state.game.zone_instance("stock", None, 2)
    state.move_cards([card], stock, False, False)
    assert known(state, 0) == []
    state.move_cards([card], hand1, False, False)
    assert known(state, 0) == []


def test_show_to_a_list_of_players_and_to_everyone():
    state = dealt(3)
    state.apply("everyone")
    top = state.zones[state.game.zone_instance("stock", None, 3)][-1]
    label = state.game.labels[top]
    for seat in (0, 1, 2):
        assert known(state, seat) == [{"card": label, "zone": "stock", "owner": None}]


def test_knowledge_survives_clone_and_json_and_a_forged_document_is_refused():
    state = load().new_state(3, seed=3)  # as dealt (a saved document is replayed from its seed)
    play(state, ["peek", "target 1"])
    assert known(state.clone(), 0) == known(state, 0)
    assert state.clone() == state
    doc = state.to_json()
    back = state.game.state_from_json(doc)
    assert back == state and known(back, 0) == known(state, 0)
    card = doc["known"][0][0][0]
    doc["known"][0][0] = [card, 0]  # a card claimed to lie in the stock, where it does not
    with pytest.raises(rulekit.StateDocumentError) as err:
        state.game.state_from_json(doc)
    assert err.value.path == "known[0][0]"


def test_resample_keeps_what_the_seat_was_shown_where_it_knows_it():
    state = dealt()
    play(state, ["peek", "target 1"])
    hand1 = state.game.zone_instance("hand", 1, 3)
    for seed in range(20):
        copy = rulekit.resample(state, 0, seed)
        assert sorted(copy.zones[hand1]) == sorted(state.zones[hand1])
        assert rulekit.observation(copy, 0) == rulekit.observation(state, 0)


def test_resample_for_another_seat_does_not_learn_from_the_first_seats_knowledge():
    """Two deals seat 2 cannot tell apart resample alike, though seat 0 saw different cards:
    what others were shown is left out of seat 2's copy."""
    game = load()
    a = arrange(game.new_state(3, seed=3), {("hand", 0): ["card 1", "card 2"],
                                            ("hand", 1): ["card 3", "card 4"],
                                            ("hand", 2): ["card 5", "card 6"]})
    b = arrange(game.new_state(3, seed=3), {("hand", 0): ["card 1", "card 2"],
                                            ("hand", 1): ["card 7", "card 8"],
                                            ("hand", 2): ["card 5", "card 6"]})
    for s in (a, b):
        play(s, ["peek", "target 1"])
    assert known(a, 0) != known(b, 0)
    assert rulekit.observation(a, 2) == rulekit.observation(b, 2)
    for seed in range(5):
        ra, rb = rulekit.resample(a, 2, seed), rulekit.resample(b, 2, seed)
        assert ra == rb
        assert known(ra, 0) == []


def test_others_see_the_action_being_built_but_not_its_step():
    state = dealt()
    state.apply("peek")
    mine = rulekit.observation(state, 0)["pending"]
    assert mine["param"] == "target" and mine["prompt"] == "prompt_target"
    for seat in (1, 2, None):
        theirs = rulekit.observation(state, seat)["pending"]
        assert theirs == {"action": "peek", "by": 0, "param": None, "kind": None,
                          "prompt": None}
        assert "target" not in str(rulekit.events_for(state, seat))


def test_show_needs_players():
    bad = BASE.replace("- show target.hand to actor", "- show target.hand to 3")
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load_text(bad, "peek.yaml")
    assert "'show ... to' needs a player or a list of players, but this is a number" in \
        str(err.value)


def test_the_learning_encoding_holds_the_seats_knowledge_only():
    from rulekit.encode import Encoder

    state = dealt()
    play(state, ["peek", "target 1"])
    enc = Encoder(state.game, 3)
    seg = next(s for s in enc.segments if s.name == "seat1.hand.known")
    mine, theirs = enc.encode(state, 0), enc.encode(state, 2)
    assert sum(mine[seg.start:seg.start + seg.size]) == 2
    assert sum(theirs[seg.start:seg.start + seg.size]) == 0
    assert enc.encode(rulekit.resample(state, 0, 7), 0) == mine


def test_random_games_keep_every_seats_view_through_resample():
    """At every step of random games: a seat's resample shows it exactly what it sees and knows,
    and everything it was shown still lies where it was shown."""
    import random

    game = load()
    for seed in range(4):
        state = game.new_state(3, seed=seed)
        rng = random.Random(seed)
        while not state.over:
            for seat in range(3):
                copy = rulekit.resample(state, seat, rng.randrange(1000))
                assert rulekit.observation(copy, seat) == rulekit.observation(state, seat)
                for card, zone in (state.known or [{}] * 3)[seat].items():
                    assert copy.card_zone[card] == zone == state.card_zone[card]
            state.apply(rng.choice(state.legal_actions()))


def test_resample_keeps_a_known_card_in_its_zone_but_not_at_its_true_place():
    """Seat 0 saw the stock's top card, then the stock was shuffled: it knows the card is in the
    stock, not where. Its resamples keep the card in the stock, at places that do not depend on
    the card's true place."""
    state = dealt()
    state.apply("everyone")
    stock = state.game.zone_instance("stock", None, 3)
    state.shuffle(stock)
    card = next(iter(state.known[0]))
    other = state.clone()
    z = other.zones[stock]
    i, j = z.index(card), (z.index(card) + 1) % len(z)
    z[i], z[j] = z[j], z[i]  # the same card at another place: seat 0 cannot tell the two apart
    places = set()
    for seed in range(30):
        copy = rulekit.resample(state, 0, seed)
        assert copy.card_zone[card] == stock
        assert copy == rulekit.resample(other, 0, seed)
        places.add(copy.zones[stock].index(card))
    assert len(places) > 5
