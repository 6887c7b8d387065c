"""A cards parameter's `where` asked of the whole source at once (rulekit.lang.filters): one
generated list comprehension per listing instead of one call per card, the parts free of the card
worked out once. The same cards pass, in the same order, with the same errors and the same work
drawn on the budget as when each card is asked alone.
"""

from __future__ import annotations

import random

import pytest
from lang_helpers import game, play_side_by_side
from paths import ROOT

import rulekit
from rulekit.lang import filters
from rulekit.lang.cardwhere import CardWhere

SETUP = """\
setup: ["deal 6 from deck to each hand", "draw 3 from deck to pile"]
"""


def picking(where: str, extra: str = SETUP) -> rulekit.Game:
    """A game whose action `take` picks cards of the actor's hand that meet where."""
    return game(actions=f"""\
actions:
  take:
    params:
      - {{cards: chosen, from: actor.hand, max: 2, where: {where!r}}}
    effects: [move chosen to pile, end turn]
""", extra=extra)


def one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compile `where` as the per-card function alone, as before the list form."""
    monkeypatch.setattr(filters, "card_where", lambda x, tree, scope, typed: typed.fn)


@pytest.mark.parametrize("where", [
    "it.v == top(pile).v or it.v > 7",
    "it.v > size(picked) + 3",
    "all(it.v >= c.v for c in picked)",
    "it != top(actor.hand)",
])
def test_the_list_form_offers_what_each_card_asked_alone_offers(
        where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    listed = picking(where)
    assert type(listed.actions[0].params[0].where) is CardWhere
    one_by_one(monkeypatch)
    alone = picking(where + " ")  # another text: compiled afresh
    assert type(alone.actions[0].params[0].where) is not CardWhere
    for seed in range(6):
        a, b = listed.new_state(3, seed), alone.new_state(3, seed)
        a.apply("take")
        b.apply("take")
        for _ in range(2):
            steps = [x.text for x in a.legal_actions()]
            assert steps == [x.text for x in b.legal_actions()]
            assert (a.work, a.game_work) == (b.work, b.game_work)
            picks = [t for t in steps if t != "done"]
            if not picks:
                break
            a.apply(picks[0])
            b.apply(picks[0])


def test_the_list_form_raises_the_error_a_card_raised() -> None:
    g = picking("it.v > 20 or it.v == top(pile).v",
                extra='setup: ["deal 6 from deck to each hand"]\n')  # the pile is empty
    s = g.new_state(2, 1)
    with pytest.raises(rulekit.RuleRuntimeError, match="no card \\(none\\) has a 'v'"):
        s.apply("take")


@pytest.mark.parametrize(("name", "players"), [("crazy_eights", 4), ("uno", 3), ("durak", 3),
                                               ("gin_rummy", 2)])
def test_bundled_rulesets_play_the_same_with_the_list_form(
        name: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Along random games, every decision's legal actions and the final state are those of the
    same ruleset asking each card alone."""
    path = ROOT / "rulesets" / f"{name}.yaml"
    monkeypatch.setenv("RULEKIT_CACHE_DIR", "")  # compiled afresh both times
    listed = rulekit.load(path)
    assert "not in _t" in listed.generated_source()
    one_by_one(monkeypatch)
    alone = rulekit.load(path)
    play_side_by_side(listed, alone, players, 3, random.Random(4), 300)
