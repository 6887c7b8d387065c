"""A cards parameter's where, min and max see the cards picked so far in it (`picked`)."""

from __future__ import annotations

import pytest

import rulekit
from rulekit.testing import arrange, play

BASE = """\
name: Sets
players: {min: 2, max: 3}
cards:
  attributes:
    colour: [red, blue, green]
    rank: int
  deck:
    - {colour: [red, blue, green], rank: [1, 2, 3, 4], count: 2}
  start: stock
  label:
    - {text: card}
zones:
  stock: {visibility: count}
  pile: {visibility: public}
  hand: {owner: player, visibility: owner, ordered: false}
setup:
  - deal 5 from stock to each hand
phases:
  play:
    first: "first(players)"
    end_if: "any(size(p.hand) == 0 for p in players)"
    on_end: [end game out]
actions:
  play:
    params:
PARAMS
    effects:
      - move chosen to pile
      - end turn
scoring:
  score: "size(p.hand)"
  winners: lowest
text:
  card: {en: "{colour} {rank}"}
  out: {en: a hand is empty}
"""

ONE_RANK = ('      - {cards: chosen, from: actor.hand, '
            'where: "size(picked) == 0 or it.rank == first(picked).rank"}')


def load(params: str = ONE_RANK) -> rulekit.Game:
    return rulekit.load_text(BASE.replace("PARAMS", params), "sets.yaml")


def dealt(game: rulekit.Game, hand: list[str]) -> rulekit.State:
    return arrange(game.new_state(2, seed=0), {("hand", 0): hand})


def legal(state: rulekit.State) -> list[str]:
    return [a.text for a in state.legal_actions()]


HAND = ["red 2", "blue 2", "green 3", "red 3", "blue 1"]


def test_the_first_pick_may_be_any_card_and_later_picks_match_its_rank():
    """'Play several cards of one rank': once a 2 is picked, only 2s (and done) are offered."""
    state = dealt(load(), HAND)
    state.apply("play")
    assert set(legal(state)) == {f"pick {c}" for c in HAND}  # no 'done' before the first
    state.apply("pick red 2")
    assert legal(state) == ["pick blue 2", "done"]
    play(state, ["pick blue 2"])
    assert legal(state) == ["done"]
    state.apply("done")
    assert sorted(rulekit.observation(state, 0)["table"]["pile"]["cards"]) == ["blue 2", "red 2"]


def test_why_illegal_agrees_with_the_legal_picks():
    """Every card of the hand is either offered, or refused with the reason 'where'."""
    state = dealt(load(), HAND)
    play(state, ["play", "pick green 3"])
    offered = set(legal(state))
    for label in HAND:
        text = f"pick {label}"
        if label == "green 3":
            continue
        trial = state.clone()
        if text in offered:
            trial.apply(text)
            continue
        with pytest.raises(rulekit.IllegalActionError) as err:
            trial.apply(text)
        assert "does not meet this choice's condition" in str(err.value)
        assert "first(picked).rank" in str(err.value)
    assert offered == {"pick red 3", "done"}


def test_max_may_depend_on_the_cards_picked():
    """An ace is played alone: picking one ends the parameter by itself (max 1)."""
    params = ('      - {cards: chosen, from: actor.hand, '
              'max: "1 if size(picked) > 0 and first(picked).rank == 1 else 3"}')
    state = dealt(load(params), HAND)
    play(state, ["play", "pick blue 1"])
    assert state.decider == 1 and not state.stack  # the action ran: the turn passed
    state = dealt(load(params), HAND)
    play(state, ["play", "pick red 2"])
    assert "done" in legal(state) and "pick blue 2" in legal(state)


def test_min_may_depend_on_the_cards_picked():
    """A pair is the least that can be played once a 4 is picked."""
    params = ('      - {cards: chosen, from: actor.hand, '
              'min: "2 if size(picked) > 0 and first(picked).rank == 4 else 1"}')
    state = dealt(load(params), ["red 4", "blue 4", "red 1"])
    play(state, ["play", "pick red 4"])
    assert "done" not in legal(state)
    state.apply("pick blue 4")
    assert "done" in legal(state)


def test_picked_is_saved_and_restored_with_the_state():
    """A saved document is replayed from its seed, so the hand is as dealt: a seed is looked
    for whose first hand holds two cards of a rank, and one of them is picked."""
    game = load()
    for seed in range(100):
        state = game.new_state(2, seed=seed)
        state.apply("play")
        ranks = [a.text.rsplit(" ", 1)[1] for a in state.legal_actions()]
        twice = [a.text for a, r in zip(state.legal_actions(), ranks, strict=True)
                 if ranks.count(r) > 1]
        if twice:
            break
    state.apply(twice[0])
    copy = state.game.state_from_json(state.to_json())
    assert legal(copy) == legal(state)
    assert "done" in legal(state) and len(legal(state)) >= 2  # the other card of its rank


def test_picked_is_not_a_name_outside_a_cards_parameter():
    params = ('      - {cards: chosen, from: actor.hand, max: 1}\n'
              '      - {number: n, min: 1, max: 3, where: "size(picked) > 0"}')
    with pytest.raises(rulekit.RulesetError) as err:
        load(params)
    d = err.value.diagnostics[0]
    assert d.message == "unknown name 'picked'"
    text = BASE.replace("PARAMS", params)
    line = text.splitlines().index(params.splitlines()[1]) + 1
    assert (d.file, d.line) == ("sets.yaml", line)
    assert "^" in str(err.value) and "at: actions.play.params[1].where" in str(err.value)
    assert "known only in a cards parameter's where, min and max" in d.hint
