"""The evaluation budget (limits.max_work), the log bound (limits.max_log) and bounded numbers.

docs/authoring.md, Limits: "Every decision (and the setup) gets `max_work` steps. Whatever can
grow with the data draws on it, before it happens." The hostile catalogue
(test_hostile_runtime.py) checks that runaway rulesets stop; these check that the budget is per
decision, leaves the state as it was, and that ordinary rules never feel it.
"""

from __future__ import annotations

import pytest

import rulekit

GAME = """
name: Budget
players: {min: 2, max: 2}
LIMITS
cards:
  attributes: {v: int}
  deck: [{v: 1, count: 100}]
  start: deck
  label: [{text: card}]
zones:
  deck: {visibility: hidden}
  pile: {visibility: public}
  hand: {owner: player, visibility: owner}
variables:
  game:
    x: {type: int}
setup: [SETUP]
phases:
  main:
    first: "first(players)"
actions:
  work:
    effects:
      - "move pile to deck"
      - "draw DRAW from deck to pile"
      - end turn
  grow:
    effects: ["set x = x + GROWTH", end turn]
  say:
    effects: [{log: said, args: {cards: pile}}, end turn]
scoring: {score: "0"}
text:
  card: {en: "card"}
  said: {en: "the pile: {cards}"}
"""


def game(limits: str = "", setup: str = "pass", draw: str = "10", growth: str = "1"
         ) -> rulekit.Game:
    text = (GAME.replace("LIMITS", limits).replace("SETUP", setup).replace("DRAW", draw)
            .replace("GROWTH", growth))
    return rulekit.load_text(text, "budget.yaml")


def test_every_decision_gets_the_whole_budget_again():
    # 'draw 600' asks for 600 cards: 600 steps of a budget of 1000, at every decision
    state = game("limits: {max_work: 1000}", draw="600").new_state(2)
    for _ in range(5):
        state.apply("work")
    assert state.decisions == 5


def test_a_decision_past_the_budget_stops_naming_its_rule_and_changes_nothing():
    state = game("limits: {max_work: 500}", draw="600").new_state(2)
    before = state.clone()
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        state.apply("work")
    assert info.value.rule == "actions.work.effects"
    assert str(info.value) == (
        "rule actions.work.effects: the rules did more than 500 steps of work before the next "
        "decision (limits.max_work): a loop, a list or a count too large "
        "(in 'draw 600 from deck to pile' at budget.yaml:25:9)")  # the statement that ran out
    assert state == before


def test_the_setup_has_its_own_budget():
    # the deal asks 50 cards for each of 2 players: 100 steps of the setup's 150
    g = game("limits: {max_work: 150}", setup="deal 50 from deck to each hand")
    state = g.new_state(2)
    state.apply("grow")  # the first decision starts with the whole budget again
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        game("limits: {max_work: 99}", setup="deal 50 from deck to each hand").new_state(2)
    assert info.value.rule == "setup"


def test_the_default_budget_is_far_above_what_an_ordinary_rule_uses():
    state = game(draw="100").new_state(2)
    for _ in range(20):
        state.apply("work")
    assert len(state.zones[1]) == 100  # the pile: every card drawn, again and again


def test_a_deal_of_more_cards_than_there_are_stops_when_the_deck_is_empty():
    state = game(setup="deal 60 from deck to each hand").new_state(2)
    assert len(state.zones[0]) == 0
    assert sorted(len(z) for z in state.zones[2:]) == [50, 50]


def test_a_number_may_reach_10_to_the_15():
    state = game(growth="1000000000000 * 1000").new_state(2)
    state.apply("grow")
    assert state.gvars[0] == 10**15


@pytest.mark.parametrize("growth", ["1000000000000 * 1000 + 1", "1 - 1000000000000 * 1000 - 2"])
def test_a_number_past_10_to_the_15_either_way_stops_the_game(growth):
    state = game(growth=growth).new_state(2)
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        state.apply("grow")
    assert str(info.value) == ("rule actions.grow.effects: a number grew past the limit of "
                               f"10^15 (to 16 digits) (in 'set x = x + {growth}' at "
                               "budget.yaml:28:15)")


def test_the_log_is_bounded_for_the_whole_game_counting_every_logged_card():
    # each 'say' logs one event showing the 10 cards of the pile: 12 of the log's 100 (the
    # event, its value, the value's 10 cards)
    state = game("limits: {max_log: 100}", setup="draw 10 from deck to pile").new_state(2)
    said = 0
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        for _ in range(100):
            state.apply("say")
            said += 1
    assert said == 8  # the game's own events (game and phase begins, a value each) hold 4
    assert str(info.value) == ("rule actions.say.effects: the log grew past 100 events and "
                               "logged values in one game (limits.max_log); if the game is "
                               "right, raise the limit in the ruleset (limits: {max_log: N}, N "
                               "above 100) (in 'log: said' at budget.yaml:30:16)")
