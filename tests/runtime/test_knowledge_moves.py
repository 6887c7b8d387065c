"""What seats were told, kept through moves and draws: the runtime's one-pass bookkeeping
(`knowledge.leaving`, asked before cards move; `State.learn_shown`, a told log line) gives the
records the rule defines card by card, seat by seat (the reference below), on random moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rulekit
from rulekit.runtime import knowledge

RULES = """\
name: Told
players: {min: 2, max: 4}
teams:
  names: [north, south]
  of: "'north' if seat(p) % 2 == 0 else 'south'"
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
  hidden: {visibility: hidden}
  hand: {owner: player, visibility: owner, ordered: false}
  camp: {owner: team, visibility: owner}
setup:
  - shuffle stock
  - deal 3 from stock to each hand
phases:
  play:
    first: "first(players)"
    end_if: "size(pile) >= 6"
    on_end: [end game done]
actions:
  discard:
    params:
      - {cards: chosen, from: actor.hand, max: 1}
    effects:
      - move chosen to pile
      - end turn
scoring:
  score: "size(p.hand)"
text:
  card: {en: "card {rank}"}
  done: {en: the pile is full}
"""


def reference_learn(s: Any, seat: int, card: int) -> None:
    """learn as the rule says it, one seat and one card at a time."""
    if s.faceup[card] or knowledge.zone_open(s, s.card_zone[card], seat):
        return
    if s.known is None:
        s.known = [{} for _ in range(s.n)]
    s.known[seat][card] = s.card_zone[card]


def reference_moved(s: Any, cards: list[int], before: list[tuple[int, int]]) -> None:
    """After the move: each seat forgets the cards; a face-down card gone face down where a seat
    cannot see makes it forget every card it knew in the zone the card left."""
    for p, d in enumerate(s.known or ()):
        for c, (zi, up) in zip(cards, before, strict=True):
            d.pop(c, None)
            if up or not d or zi not in d.values() or s.faceup[c]:
                continue
            if knowledge.zone_open(s, s.card_zone[c], p):
                continue
            for x in [x for x, z in d.items() if z == zi]:
                del d[x]


def fresh(players: int, seed: int) -> Any:
    return rulekit.load_text(RULES, "told.yaml").new_state(players, seed)


def scatter(s: Any, rnd: random.Random) -> None:
    """Cards spread over every zone instance, some face up, and what seats know of them."""
    n_zones = len(s.zones)
    for c in range(len(s.card_zone)):
        s.move_cards([c], rnd.randrange(n_zones), rnd.random() < 0.3, False)
    s.known = [{} for _ in range(s.n)]
    for _ in range(12):
        reference_learn(s, rnd.randrange(s.n), rnd.randrange(len(s.card_zone)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_move_forgets_what_the_card_by_card_rule_forgets(players: int) -> None:
    rnd = random.Random(players)
    checked = 0
    for seed in range(40):
        s = fresh(players, seed)
        scatter(s, rnd)
        ref = s.clone()
        for _ in range(10):
            cards = rnd.sample(range(len(s.card_zone)), rnd.randint(1, 3))
            dest, up = rnd.randrange(len(s.zones)), rnd.random() < 0.3
            before = [(ref.card_zone[c], ref.faceup[c]) for c in cards]
            s.move_cards(cards, dest, up, rnd.random() < 0.5)
            kept = ref.known
            ref.known = None  # the reference forgets by its own rule, after the move
            ref.move_cards(cards, dest, up, False)
            ref.known = kept
            reference_moved(ref, cards, before)
            assert s.known == ref.known
            checked += sum(map(len, before))
    assert checked > 0


@pytest.mark.parametrize("players", [2, 4])
def test_a_draw_forgets_what_the_card_by_card_rule_forgets(players: int) -> None:
    rnd = random.Random(10 + players)
    for seed in range(40):
        s = fresh(players, seed)
        scatter(s, rnd)
        ref = s.clone()
        for _ in range(8):
            src, dest = rnd.randrange(len(s.zones)), rnd.randrange(len(s.zones))
            count = rnd.randint(-1, 4)
            cards = list(reversed(ref.zones[src][-count:])) if count > 0 else []
            before = [(src, ref.faceup[c]) for c in cards]
            if src == dest:  # the top card drawn again and again, face down after the first
                cards = cards[:1] * min(count, len(ref.zones[src]))
                before = [(src, ref.faceup[c] if i == 0 else 0) for i, c in enumerate(cards)]
            drawn = s.draw(count, src, dest)
            kept = ref.known
            ref.known = None
            assert ref.draw(count, src, dest) == drawn
            ref.known = kept
            reference_moved(ref, cards, before)
            assert s.known == ref.known


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_told_line_teaches_what_learning_card_by_card_teaches(players: int) -> None:
    rnd = random.Random(20 + players)
    for seed in range(40):
        s = fresh(players, seed)
        scatter(s, rnd)
        s.known = None if rnd.random() < 0.5 else [{} for _ in range(players)]
        ref = s.clone()
        cards: list[int | None] = rnd.sample(range(len(s.card_zone)), rnd.randint(1, 4))
        cards.append(None)
        audience = [rnd.choice([*range(players), None]) for _ in range(rnd.randint(1, 3))]
        s.learn_shown(cards, tuple(audience))
        for c in cards:
            for p in audience:
                if c is not None and p is not None:
                    reference_learn(ref, p, c)
        assert s.known == ref.known


def test_an_untracked_state_learns_nothing_from_a_told_line() -> None:
    s = fresh(2, 0)
    knowledge.untrack(s)
    hand1 = s.game.zone_instance("hand", 1, 2)
    s.learn_shown(list(s.zones[hand1]), (0,))
    assert s.known == []
