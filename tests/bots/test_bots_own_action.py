"""The greedy look (greedy bot, and the prior of the search levels) judges an option once the
action it starts is complete, not after the seat's next turn played at random.

tests/bots/skipper.yaml: `hop` scores a point like `step` and skips the other seat, so in a
two-seat game the same seat decides again at once, on a turn of gambles (+5 or -5). `take` is
built in two steps and scores 2 or 3 once its card is picked.
"""

from __future__ import annotations

import random

import pytest
from paths import ROOT

import rulekit
from rulekit.bots import GreedyBot
from rulekit.bots.greedy import prior_values

SKIPPER = ROOT / "tests" / "bots" / "skipper.yaml"
AFTER_A_POINT = 55.0  # the evaluation (out of 100) of a seat one point ahead
SEEDS = range(8)


@pytest.fixture(scope="module")
def game() -> rulekit.Game:
    return rulekit.load(SKIPPER)


def _values(game: rulekit.Game, seed: int, completions: int) -> dict[str, float]:
    s = game.new_state(2, 1)
    legal = s.legal_actions()
    values, _ = prior_values(s, 0, legal, random.Random(seed), 2, completions=completions)
    return {a.text: 100 * v for a, v in zip(legal, values, strict=True)}


@pytest.mark.parametrize("completions", [1, 4])
def test_a_skip_is_judged_by_itself_not_by_the_next_turn(game, completions):
    """hop and step score the same point: the gamble of the turn hop buys is not played."""
    for seed in SEEDS:
        values = _values(game, seed, completions)
        assert values["hop"] == pytest.approx(AFTER_A_POINT), (seed, values)
        assert values["step"] == pytest.approx(AFTER_A_POINT), (seed, values)


def test_the_seats_own_action_is_still_finished_before_it_is_judged(game):
    """take's card is picked in the look (2 or 3 points), not judged half built (0 points)."""
    for seed in SEEDS:
        values = _values(game, seed, 4)
        assert values["take"] >= AFTER_A_POINT + 5, (seed, values)


def test_the_greedy_bot_takes_the_card(game):
    """With hop no longer flattered by a lucky next turn, the best option is the card."""
    for seed in SEEDS:
        assert GreedyBot(0, seed).choose(game.new_state(2, 1)).text == "take"
