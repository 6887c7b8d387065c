"""A plural form (`{n|card|cards}`) chooses its word by a number: on a placeholder that holds
something else (a player, a card, a word), where the use's type is known, it is a located load
error rather than a text that always takes the other form."""

from __future__ import annotations

import pytest

import rulekit

GAME = """\
name: Plurals
players: {min: 2, max: 3}
cards:
  attributes:
    colour: [red, blue]
    rank: int
  deck:
    - {colour: [red, blue], rank: [1, 2, 3]}
  start: stock
  label:
    - {text: card}
zones:
  stock: {visibility: count}
  pile: {visibility: public}
  hand: {owner: player, visibility: owner}
setup:
  - deal 2 from stock to each hand
phases:
  play:
    first: "first(players)"
actions:
  lay:
    params:
      - {cards: chosen, from: actor.hand, min: 1, max: 1}
    effects:
      - move chosen to pile
      - {log: laid, args: {player: actor, n: "size(pile)", cards: chosen}}
      - {log: secret, args: {player: actor, cards: chosen}, to: actor}
      - end game done
scoring:
  score: "0"
text:
  card: {en: "{colour} {rank}"}
  laid: {en: "{player} lays {cards}; {n} {n|card|cards} on the pile."}
  secret: {en: "{player} sees {cards}."}
  secret_hidden: {en: "{player} lays {cards} {cards|card|cards}."}
  done: {en: done}
"""


def load(text: str) -> rulekit.Game:
    return rulekit.load_text(text, "plurals.yaml")


def test_plural_forms_on_numbers_load_and_take_their_word():
    game = load(GAME)
    state = game.new_state(2, seed=0)
    state.apply("lay")
    state.apply(state.legal_actions()[0])
    said = [rulekit.render_event(game, k, a, "en") for k, a in rulekit.events_for(state, 1)]
    assert any("1 card on the pile" in s for s in said)
    assert any(s.endswith("lays 1 card.") for s in said)  # the others get the cards' count


@pytest.mark.parametrize("old,new,form,held", [
    ("{n} {n|card|cards} on", "{n} {player|card|cards} on", "{player|card|cards}",
     "a player (in a log)"),
    ("{n} {n|card|cards} on", "{n} {cards|card|cards} on", "{cards|card|cards}",
     "a list of cards (in a log)"),
    ('"{colour} {rank}"', '"{colour} {rank} {colour|card|cards}"', "{colour|card|cards}",
     "a word (in a card's label)"),
])
def test_a_plural_form_on_a_placeholder_that_is_no_number_is_a_located_error(old, new, form,
                                                                              held):
    text = GAME.replace(old, new)
    assert text != GAME
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    d = err.value.diagnostics[0]
    name = form[1:form.index("|")]
    assert d.message == (f"text '{'card' if 'colour' in form else 'laid'}' has {form}, a plural "
                         f"form, but {{{name}}} holds {held}, not a number")
    at = text.index(form)
    assert (d.line, d.col) == (text[:at].count("\n") + 1, at - text.rfind("\n", 0, at))
    assert "{n|card|cards}" in d.hint


def test_a_plural_form_on_the_actor_in_a_prompt_is_a_located_error():
    text = GAME.replace("{cards: chosen, from: actor.hand, min: 1, max: 1}",
                        "{cards: chosen, from: actor.hand, min: 1, max: 1, prompt: which}") \
        .replace("  done: {en: done}\n",
                 "  done: {en: done}\n  which: {en: \"{actor|card|cards}\"}\n")
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    assert err.value.diagnostics[0].message == (
        "text 'which' has {actor|card|cards}, a plural form, but {actor} holds a player (in a "
        "parameter's prompt), not a number")
