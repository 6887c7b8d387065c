"""`bots.horizon` (docs/authoring.md section 16e): how far a search's imagined games run past its
tree before the ruleset's evaluation scores them.

tests/bots/trap.yaml: grabbing shines at once, which the evaluation likes, and the grabber falls
eight decisions later. A search of a dozen iterations cannot grow its tree that deep: it sees the
fall only through playouts that run far enough.
"""

from __future__ import annotations

import pytest
from paths import ROOT

import rulekit
from rulekit.bots import IsmctsBot, make_bot

TRAP = ROOT / "tests" / "bots" / "trap.yaml"
SEEDS = range(8)


def _trap(horizon: int | None) -> rulekit.Game:
    text = TRAP.read_text()
    if horizon is not None:
        text = text.replace("bots:\n", f"bots:\n  horizon: {horizon}\n", 1)
    return rulekit.load_text(text)


def _first_choices(game: rulekit.Game, **settings: int) -> list[str]:
    """The first seat's opening choice, one search per seed."""
    return [IsmctsBot(0, seed, iterations=12, **settings).choose(game.new_state(2, 1)).text
            for seed in SEEDS]


def test_without_a_horizon_the_playouts_see_the_fall():
    assert "grab" not in _first_choices(_trap(None))


@pytest.mark.parametrize("horizon", [0, 2])
def test_a_short_horizon_trusts_the_evaluation(horizon):
    """Scored before the fall, the grab is what the evaluation says: better than waiting."""
    assert _first_choices(_trap(horizon)) == ["grab"] * len(SEEDS)


def test_a_long_horizon_plays_as_far_as_the_default():
    assert "grab" not in _first_choices(_trap(12))


def test_a_search_given_its_own_depth_keeps_it():
    """A bot's explicit depth (a level's setting) comes before the ruleset's horizon."""
    assert "grab" not in _first_choices(_trap(0), depth=12)


def test_the_levels_honour_the_horizon():
    game = _trap(0)
    for seed in SEEDS[:3]:
        bot = make_bot("medium:12", game, 0, seed)
        assert bot.choose(game.new_state(2, 1)).text == "grab"


def test_the_horizon_changes_no_rule():
    """A hint: the same seed and actions give the same game with any horizon."""
    games = [_trap(h) for h in (None, 0, 7)]
    states = [g.new_state(2, 3) for g in games]
    for text in ["grab", "wait", "rest", "wait"]:
        for s in states:
            s.apply(text)
    assert len({s.key() for s in states}) == 1


@pytest.mark.parametrize("value, message", [
    ("-1", "input should be greater than or equal to 0"),
    ("1001", "input should be less than or equal to 1000"),
    ("true", "expected a whole number, got True"),
    ("soon", "expected a whole number, got 'soon'"),
])
def test_a_bad_horizon_is_a_located_load_error(value, message):
    text = TRAP.read_text().replace("bots:\n", f"bots:\n  horizon: {value}\n", 1)
    line = text.splitlines().index(f"  horizon: {value}") + 1
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(text)
    shown = str(e.value)
    assert f":{line}:12: {message}" in shown and "at: bots.horizon" in shown
