"""A tiny racing ruleset for the tests of racing windows (docs/authoring.md, section 13): Slap.

The turn player flips a card onto the pile; then everyone (the flipper too) answers the racing
window `slap` unseen: `slap` takes the pile and closes the window, `grab` takes the pile's top
card and lets the next answer run, `wait` does nothing. `ties` and `from` are filled in.
"""

from __future__ import annotations

import rulekit

SLAP = """\
name: Slap
players: {{min: 2, max: 5}}
cards:
  attributes: {{v: [1, 2, 3, 4, 5, 6]}}
  deck: [{{v: [1, 2, 3, 4, 5, 6], count: 4}}]
  start: deck
  label: [{{text: card}}]
zones:
  deck: {{visibility: count}}
  pile: {{visibility: public}}
  won: {{owner: player, visibility: public}}
variables:
  player:
    slaps: {{type: int}}
setup: [shuffle deck]
phases:
  play:
    first: "first(players)"
    end_if: "size(deck) == 0"
    on_end: [end game deck_out]
actions:
  flip:
    effects:
      - move top(deck) to pile
      - ask slap
      - end turn
  slap:
    window: slap
    effects:
      - move pile to actor.won
      - add 1 to actor.slaps
      - {{log: slapped, args: {{who: actor}}}}
  grab:
    window: slap
    closes: false
    when: "size(pile) > 0"
    effects:
      - move top(pile) to actor.won
      - {{log: grabbed, args: {{who: actor}}}}
  wait:
    window: slap
    closes: false
    effects: []
windows:
  slap:
    order: "players"
    race: {race}
    then: [{{log: settled}}]
scoring: {{score: "size(p.won)"}}
text:
  card: {{en: "card {{v}}"}}
  deck_out: {{en: the deck is out}}
  slapped: {{en: "{{who}} slaps the pile"}}
  grabbed: {{en: "{{who}} grabs the top card"}}
  settled: {{en: "the race is settled"}}
"""


def slap_text(race: str = "{ties: clockwise}") -> str:
    """The Slap ruleset's text with this `race:` value."""
    return SLAP.format(race=race)


def slap_game(race: str = "{ties: clockwise}") -> rulekit.Game:
    """The Slap ruleset loaded with this `race:` value."""
    return rulekit.load_text(slap_text(race), "slap.yaml")


def answer_all(s: rulekit.State, answers: list[str]) -> None:
    """The turn player flips, then each seat in order answers (one of slap, grab, wait)."""
    s.apply("flip")
    for a in answers:
        s.apply(a)
