"""Guided playouts (issue 29, point 3): imagined players choose by a step of look-ahead."""

from __future__ import annotations

import random

import pytest
from paths import ROOT

import rulekit
from rulekit.bots import IsmctsBot
from rulekit.bots.playout import playout

RACE = ROOT / "tests" / "bots" / "race.yaml"


def _played(guided: float, seed: int, depth: int = 12) -> list[str]:
    """The actions of one playout of race.yaml from the deal (seat, text)."""
    g = rulekit.load(RACE)
    s = g.new_state(2, 1)
    playout(s, random.Random(seed), depth, guided=guided)
    return [text for _, text in s.history]


def test_a_guided_playout_plays_what_a_step_of_look_ahead_prefers():
    """A point is better than a turn waited in the ruleset's evaluation: guided imagined
    players never wait, random ones do."""
    guided = [a for seed in range(10) for a in _played(1.0, seed)]
    unguided = [a for seed in range(10) for a in _played(0.0, seed)]
    assert len(guided) == len(unguided) == 120
    assert "wait" not in guided
    assert "wait" in unguided


def test_a_guided_playout_draws_among_options_of_equal_value():
    """Two ways to a point are equal in the evaluation's eyes: both are played (the engine's
    order of the options says nothing of their worth)."""
    guided = [a for seed in range(10) for a in _played(1.0, seed)]
    assert {"gain", "earn"} <= set(guided)


def test_a_partly_guided_playout_sometimes_waits():
    """With a chance below 1, the other decisions stay random."""
    plays = [a for seed in range(20) for a in _played(0.3, seed)]
    assert 0 < plays.count("wait") < plays.count("gain") + plays.count("earn")


def test_guided_playouts_are_reproducible_from_the_seed():
    assert _played(0.5, 7) == _played(0.5, 7)


def test_a_guided_search_chooses_the_same_with_the_same_seed():
    g = rulekit.load(ROOT / "rulesets" / "crazy_eights.yaml")
    s = g.new_state(4, 3)
    rng = random.Random(3)
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
    a = IsmctsBot(s.decider, 5, iterations=24, reuse=4, guided=1.0).choose(s)
    b = IsmctsBot(s.decider, 5, iterations=24, reuse=4, guided=1.0).choose(s.clone())
    assert a.text == b.text


@pytest.mark.parametrize("bad", [-0.1, 1.5])
def test_a_guided_chance_outside_0_to_1_is_refused(bad):
    with pytest.raises(ValueError):
        IsmctsBot(0, 1, iterations=5, guided=bad)

