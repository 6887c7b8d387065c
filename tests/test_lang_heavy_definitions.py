"""Issue 9 points 2 and 5 together: a definition too heavy for the weight of the loop around
it draws its cost on the budget each time it is evaluated, and stays generated source doing
so, so that a comprehension over it is a Python loop with its variable a local (a closure
made it a call per item, reading the variable from the env)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import rulekit
from rulekit.lang.budget import HEAVY, Charged
from rulekit.lang.expressions import ExprCompiler
from rulekit.lang.types import Typed
from tests.lang_helpers import game

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


def _as_closure(self: ExprCompiler, typed: Typed, w0: int) -> tuple[Typed, int]:
    """ExprCompiler._priced as it was: a heavy definition became a closure charging itself."""
    cost = self.weight - w0
    if cost > HEAVY:
        typed = Typed(typed.type, Charged(typed.fn, cost), domain=typed.domain,
                      uses_random=typed.uses_random)
        cost = 1
        self.weight = w0 + 1
    return typed, cost


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
    monkeypatch.setattr(ExprCompiler, "_priced", _as_closure)
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


def test_a_large_where_draws_its_size_for_each_card_offered() -> None:
    """The listing of a cards parameter asks its 'where' of each of the 10 cards in hand: a
    'where' of about 200 parts draws about 2,000 steps at once, more than a budget of 1,500."""
    ok = _pick_game("true", LARGE, 100_000).new_state(2, 0)
    ok.apply("play")
    assert len(ok.legal_actions()) >= 2  # the cards offered (the where holds for every one)
    tight = _pick_game("true", LARGE, 1_500).new_state(2, 0)
    with pytest.raises(rulekit.EvaluationLimitError) as e:
        tight.apply("play")
    assert e.value.rule == "actions.play.params[0].where"
    small = _pick_game("true", "it.v != 20", 1_500).new_state(2, 0)
    small.apply("play")  # a small 'where' draws nothing of its own


def test_large_whens_are_drawn_once_a_listing_and_still_bounded() -> None:
    """A 'when' of about 200 parts (`it` read as a card of the hand) draws its size at every
    listing of the turn's actions: a budget below it stops the game at the first listing."""
    when = "all(" + LARGE + " for it in actor.hand)"
    g = _pick_game(when, "true", 100_000)
    source = g.generated_source()
    listing = source.split("# phases.play: the actions whose 'when' holds\n")[1].split("\n\n")[0]
    assert listing.count("(s, ") >= 1 and "draws on the budget" in source
    g.new_state(2, 0).apply("play")
    with pytest.raises(rulekit.EvaluationLimitError) as e:
        _pick_game(when, "true", 150).new_state(2, 0)
    assert e.value.rule == "actions.play.when"


def test_a_large_expression_computed_for_every_card_at_load_draws_on_the_load_budget() -> None:
    """A meld value of more than FREE_PARTS parts is charged at each card like any large
    expression: at load it draws on the load-time budget (it once met no state: a crash), and
    gives the values of the short form."""
    text = (Path(__file__).parent.parent / "rulesets" / "chami.yaml").read_text(encoding="utf-8")
    short = '  value: "it.value if it.value > 0 else 2"'
    large = " + ".join(["(it.value if it.value > 0 else 2)"] + ["0 * it.value"] * 30)
    assert short in text
    plain = rulekit.load_text(text, "chami.yaml")
    padded = rulekit.load_text(text.replace(short, f'  value: "{large}"'), "chami.yaml")
    assert plain.meld_rules is not None and padded.meld_rules is not None
    assert padded.meld_rules.value == plain.meld_rules.value
