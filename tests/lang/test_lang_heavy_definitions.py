"""Issue 9 points 2 and 5 together: a definition too heavy for the weight of the loop around
it draws its cost on the budget each time it is evaluated, and stays generated source doing
so, so that a comprehension over it is a Python loop with its variable a local (a closure
made it a call per item, reading the variable from the env)."""

from __future__ import annotations

import random
import re

import pytest
from lang_helpers import game, heavy_as_closure
from paths import ROOT

import rulekit
from rulekit.lang import definitions
from rulekit.lang.budget import FREE_PARTS
from rulekit.testing import zone_id

# each few_i(q) loops over twelve comparisons (kept), and fits(c, q), which uses them all, is
# heavier than HEAVY: it charges itself (it has no loop of its own, so it is inlined at each use)
FEW = 6
HEAVY_RULES = "define:\n" + "".join(
    f'  few{i}(q): "count(d for d in q.hand if '
    + " and ".join(f"d.v != {k + i}" for k in range(12)) + ')"\n' for i in range(FEW)) + (
    '  fits(c, q): "c.v > 3 if c.v != 10 else '
    + " + ".join(f"few{i}(q)" for i in range(FEW)) + ' > 1"\n'
    "setup:\n"
    "  - deal 5 from deck to each hand\n")
PLAY = """\
actions:
  pass: {effects: [end turn]}
  play:
    when: "any(fits(c, actor) for c in actor.hand)"
    effects:
      - move first(c for c in actor.hand if fits(c, actor)) to pile
      - end turn
"""


def _function(source: str, name: str) -> str:
    """The source of the generated function whose comment line names it."""
    return source.split(f"# {name}\n")[1].split("\n\n")[0]


def test_a_heavy_definition_in_a_comprehension_stays_a_python_loop() -> None:
    g = game(actions=PLAY, extra=HEAVY_RULES)
    source = g.generated_source()
    assert "draws on the evaluation budget" in source  # fits(c, actor) is heavy
    when = _function(source, "phases.play: the actions whose 'when' holds")
    assert re.search(r"\bfor _t\d+ in\b", when)  # a generator over the hand
    assert "e['c" not in when  # its variable is a local, not an env entry


def test_it_charges_the_budget_and_plays_as_the_closure_did(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same legal actions and the same work left after every decision as the closure form,
    along random games."""
    monkeypatch.setenv("RULEKIT_CACHE_DIR", "")  # compiled afresh both times
    inline = game(actions=PLAY, extra=HEAVY_RULES)
    monkeypatch.setattr(definitions, "_priced", heavy_as_closure)
    closure = game(actions=PLAY, extra=HEAVY_RULES)
    assert "draws on the evaluation budget" not in closure.generated_source()
    rnd = random.Random(5)
    plays = 0
    for seed in range(8):
        x, y = inline.new_state(3, seed), closure.new_state(3, seed)
        while not x.is_over and x.decisions < 60:
            legal = x.legal_actions()
            assert [a.text for a in legal] == [a.text for a in y.legal_actions()]
            assert x.work == y.work  # the listing drew the same work on the budget
            text = legal[rnd.randrange(len(legal))].text
            plays += text == "play"
            x.apply(text)
            y.apply(text)
            assert x.work == y.work
        assert x.key() == y.key()
    assert plays > 20


def test_a_heavy_definition_still_runs_out_the_budget() -> None:
    """Each evaluation charges the definition's cost: five cards of it exceed a budget of 300
    while the actions are listed, an error naming the rule, not a slow answer."""
    g = game(actions=PLAY, extra=HEAVY_RULES.replace("setup:", "limits: {max_work: 300}\nsetup:"))
    with pytest.raises(rulekit.EvaluationLimitError) as e:
        g.new_state(2, 0)  # the deal, then the first listing of the legal actions
    assert "limits.max_work" in str(e.value)
    assert e.value.rule == "actions.play.when"


# a rule's own large condition: 'where' and 'when' of more than FREE_PARTS parts
LARGE = " and ".join(f"it.v != {k}" for k in range(20, 60))  # about 200 parts, always true
PICK = """\
actions:
  pass: {effects: [end turn]}
  play:
    when: "WHEN"
    params:
      - {cards: chosen, from: actor.hand, max: 1, where: "WHERE"}
    effects:
      - move chosen to pile
      - end turn
"""


def _pick_game(when: str, where: str, work: int) -> rulekit.Game:
    extra = f"limits: {{max_work: {work}}}\nsetup:\n  - deal 10 from deck to each hand\n"
    return game(actions=PICK.replace("WHEN", when).replace("WHERE", where), extra=extra)


def _drawn_by_listing(s: rulekit.State) -> int:
    """The work the listing of s's legal actions draws, asked afresh."""
    s._legal = None
    before = s.work
    s.legal_actions()
    return before - s.work


def test_a_where_draws_its_size_for_each_card_offered() -> None:
    """The listing of a cards parameter asks its 'where' of each of the 10 cards in hand: it
    draws the where's size for each of them, at once; one of about 200 parts runs out a budget
    of 1,500 there."""
    for where in (LARGE, "it.v != 20"):
        s = _pick_game("true", where, 100_000).new_state(2, 0)
        s.apply("play")
        cost = s.game.actions[1].params[0].where_cost
        hand = len(s.zones[zone_id(s, ("hand", s.turn))])
        assert cost > 0 and hand == 10
        assert _drawn_by_listing(s) == hand * cost
    tight = _pick_game("true", LARGE, 1_500).new_state(2, 0)
    with pytest.raises(rulekit.EvaluationLimitError) as e:
        tight.apply("play")
    assert e.value.rule == "actions.play.params[0].where"


def test_the_whens_of_a_listing_are_drawn_once_when_they_are_large() -> None:
    """The turn's listing asks every action's 'when': their size is drawn once per listing
    when it is over FREE_PARTS (here one 'when' of about 200 parts, no loop), nothing when
    small; a budget below it stops the game at the first listing, naming the phase."""
    large = _pick_game(LARGE.replace("it.v", "num_players"), "true", 100_000)
    cost = large.phases[0].startable_cost
    assert cost > FREE_PARTS
    assert _drawn_by_listing(large.new_state(2, 0)) == cost
    small = _pick_game("num_players > 1", "true", 100_000)
    assert small.phases[0].startable_cost == 0
    assert _drawn_by_listing(small.new_state(2, 0)) == 0
    with pytest.raises(rulekit.EvaluationLimitError) as e:
        _pick_game(LARGE.replace("it.v", "num_players"), "true", cost - 1).new_state(2, 0)
    assert e.value.rule == "phases.play"


def test_a_large_expression_computed_for_every_card_at_load_draws_on_the_load_budget() -> None:
    """A meld value of more than FREE_PARTS parts is charged at each card like any large
    expression: at load it draws on the load-time budget (it once met no state: a crash), and
    gives the values of the short form."""
    text = (ROOT / "rulesets" / "chami.yaml").read_text(encoding="utf-8")
    short = '  value: "it.value if it.value > 0 else 2"'
    large = " + ".join(["(it.value if it.value > 0 else 2)"] + ["0 * it.value"] * 30)
    assert short in text
    plain = rulekit.load_text(text, "chami.yaml")
    padded = rulekit.load_text(text.replace(short, f'  value: "{large}"'), "chami.yaml")
    assert plain.meld_rules is not None and padded.meld_rules is not None
    assert padded.meld_rules.value == plain.meld_rules.value


NAMED = """\
name: Names
players: {min: 2, max: 2}
cards:
  attributes: {rank: {type: int, names: {11: rank_jack}}}
  deck: [{rank: 11, count: 4}]
  start: deck
  label: [{text: card}]
zones:
  deck: {visibility: hidden}
  hand: {owner: player, visibility: owner}
setup: [deal 2 from deck to each hand]
phases:
  main:
    first: "first(players)"
actions:
  show:
    effects:
      - log: shown
        args: {r: "EXPR"}
      - end turn
scoring: {score: "0"}
text:
  card: {en: "card"}
  rank_jack: {en: "Jack"}
  shown: {en: "rank {r}"}
"""


def test_a_large_expression_keeps_the_names_of_its_values() -> None:
    """A rank logged through an expression of more than FREE_PARTS parts (a closure here:
    turn_direction is not generated source) is still shown by its name."""
    pad = " + ".join(["c.rank * 0"] * 25)
    expr = (f"max(c.rank for c in actor.hand if turn_direction == 'clockwise' and c.rank + {pad}"
            " > 0)")
    g = rulekit.load_text(NAMED.replace("EXPR", expr), "names.yaml")
    s = g.new_state(2, 0)
    s.apply("show")
    shown = [rulekit.render_event(g, k, a, "en") for k, a in rulekit.events_for(s, None, 0)
             if k == "shown"]
    assert shown == ["rank Jack"]
