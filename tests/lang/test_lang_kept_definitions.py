"""Issue 9 point 2, "definitions computed once per decision where they are used several
times": a definition that loops or asks a meld question, called with plain values, is a
generated function whose value the state keeps while it lists the legal actions (nothing
changes then), and works out afresh everywhere else (effects change the state)."""

from __future__ import annotations

import random

import pytest
from lang_helpers import game, gvar, play_side_by_side
from paths import ROOT

import rulekit
from rulekit.lang import definitions
from rulekit.testing import zone_id

HIGH = """\
define:
  high(q): "count(c for c in q.hand if c.v > 5)"
setup:
  - deal 3 from deck to each hand
"""
GRAB = """\
actions:
  grab:
    when: "high(actor) < 20"
    effects:
      - set n = high(actor)
      - draw 4 from deck to actor.hand
      - set zero = high(actor) - n
      - end turn
"""


def test_a_kept_definition_is_worked_out_afresh_after_an_effect_changes_the_state() -> None:
    """The 'when' keeps high(actor) while the actions are listed; the effects, which draw
    cards between two uses, see the hand as it is at each use."""
    g = game(actions=GRAB, extra=HIGH)
    assert "define.high, kept per arguments" in g.generated_source()
    for seed in range(20):
        s = g.new_state(2, seed)
        hand = s.zones[zone_id(s, ("hand", s.turn))]
        s.apply("grab")
        drawn = [int(g.labels[c].removeprefix("card ")) for c in hand[-4:]]
        assert gvar(s, "zero") == sum(1 for v in drawn if v > 5)
        assert s.memo is None  # kept only while the legal actions are listed


@pytest.mark.parametrize(("name", "players"), [("shamus", 2), ("chami", 3), ("sham", 4)])
def test_kept_definitions_give_the_legal_actions_of_inlined_ones(
        name: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Along random games of the bundled rulesets, every decision's legal actions are those
    of the same ruleset compiled with every definition inlined at each use."""
    path = ROOT / "rulesets" / f"{name}.yaml"
    monkeypatch.setenv("RULEKIT_CACHE_DIR", "")  # compiled afresh both times
    kept = rulekit.load(path)
    monkeypatch.setattr(definitions, "_kept_call", lambda *args: None)
    inlined = rulekit.load(path)
    assert "kept per arguments" in kept.generated_source()
    assert "kept per arguments" not in inlined.generated_source()
    play_side_by_side(kept, inlined, players, 3, random.Random(11))


PICK = """\
actions:
  keep:
    when: "high(actor) < 20"
    params:
      - {cards: card, from: actor.hand, max: 1, where: "high(actor) >= 0"}
    effects:
      - draw 1 from deck to actor.hand
      - end turn
"""


def test_the_steps_of_an_action_are_listed_with_what_its_when_worked_out() -> None:
    """Starting an action and picking its cards run no effects, so its steps are listed with
    the values the 'when's kept; once its effects run, the next listing works them out anew."""
    g = game(actions=PICK, extra=HIGH)
    s = g.new_state(2, 1)
    s.legal_actions()
    listed = s.memo_since
    assert listed is not None and any(key[1] == s.turn for key in listed)
    s.apply("keep")  # the start: no effect has run
    assert s.memo_since is listed  # the card's 'where' was asked with the same kept values
    s.apply(s.legal_actions()[0])  # the pick ends the action: its effects run
    s.legal_actions()
    assert s.memo_since is not listed and s.memo is None
    # a clone keeps a copy (its next steps charge the work the original's would); a resample
    # (other cards) keeps nothing
    copy = s.clone().memo_since
    assert copy == s.memo_since and copy is not s.memo_since
    assert rulekit.resample(s, s.decider, 1).memo_since is None
