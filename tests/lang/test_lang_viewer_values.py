"""A status or a prompt reads what the seat looking may see (docs/authoring.md, 18b): its own
hand (`me.hand`, also through a definition given `me`), never another seat's."""

from __future__ import annotations

import random

import pytest
from lang_helpers import load_error

import rulekit
from rulekit.testing import arrange

RULESET = """\
name: Mine
players: {{min: 2, max: 4}}
cards:
  attributes: {{v: int}}
  deck: [{{v: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], count: 4}}]
  start: deck
  label: [{{text: card}}]
zones:
  deck: {{visibility: count}}
  hand: {{owner: player, visibility: owner}}
define:
  total(p): "sum(c.v for c in p.hand)"
setup: [shuffle deck, deal 3 from deck to each hand]
phases:
  play: {{first: "first(players)"}}
actions:
  draw: {{effects: ["draw 1 from deck to actor.hand", end turn]}}
  pass: {{effects: [end turn]}}
table:
  status: [{{text: status_mine}}]
  values:
    mine: "{mine}"
    high: "first(sorted(me.hand, -it.v))"
    held: "size(next_player(me).hand)"
scoring: {{score: "0"}}
text:
  card: {{en: "{{v}}"}}
  status_mine: {{en: "My total {{mine}}, my best {{high}}; next holds {{held}}"}}
"""


def game(mine: str = "total(me)") -> rulekit.Game:
    return rulekit.load_text(RULESET.format(mine=mine), "mine.yaml")


def status(s: rulekit.State, seat: int) -> str | None:
    names = [f"P{i}" for i in range(s.n)]
    return s.game.table.status_line(s.game, s, seat, "en", names)


def test_each_seat_reads_its_own_hand() -> None:
    s = game().new_state(3, 0)
    arrange(s, {("hand", 0): ["1", "2", "3"], ("hand", 1): ["10", "9", "8"],
                ("hand", 2): ["5", "5", "5"]})
    assert status(s, 0) == "My total 6, my best 3; next holds 3"
    assert status(s, 1) == "My total 27, my best 10; next holds 3"
    assert status(s, 2) == "My total 15, my best 5; next holds 3"


def test_a_seats_status_never_holds_another_seats_hand() -> None:
    """Random games of three: at every decision, each seat's status is the same in every world
    that seat cannot tell from the real one (the cards it cannot see dealt anew: other hands,
    the deck), and the total it gives is its own hand's."""
    g = game("sum(c.v for c in me.hand)")
    rnd = random.Random(5)
    for seed in range(4):
        s = g.new_state(3, seed)
        steps = 0
        while not s.is_over and steps < 30:
            for seat in range(3):
                said = status(s, seat)
                for k in range(3):
                    world = rulekit.resample(s, seat, 100 * seed + k)
                    assert status(world, seat) == said
                own = sum(g.card_attrs["v"][c]
                          for c in s.zones[g.zone_instance("hand", seat, 3)])
                assert said is not None and said.startswith(f"My total {own},")
            legal = s.legal_actions()
            s.apply(legal[rnd.randrange(len(legal))].text)
            steps += 1
    # the check has teeth: the worlds do give the other seats other hands
    s = g.new_state(3, 0)
    theirs = [sorted(rulekit.resample(s, 0, k).zones[g.zone_instance("hand", 1, 3)])
              for k in range(5)]
    assert len({tuple(h) for h in theirs}) > 1


@pytest.mark.parametrize("mine, message", [
    ("sum(c.v for c in next_player(me).hand)", "only the size of zone 'hand' is shown"),
    ("total(next_player(me))", "uses definition 'total', which reads the cards of zone 'hand'"),
    ("sum(c.v for me in players for c in me.hand)", "only the size of zone 'hand' is shown"),
    ("sum(c.v for p in players for c in p.hand)", "only the size of zone 'hand' is shown"),
])
def test_another_seats_hand_is_refused_where_it_is_read(mine: str, message: str) -> None:
    text = RULESET.format(mine=mine)
    error = str(load_error(text, "mine.yaml"))
    assert message in error
    line = next(i for i, x in enumerate(text.splitlines(), 1) if "mine: " in x)
    assert f"mine.yaml:{line}:" in error
