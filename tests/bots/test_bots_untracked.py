"""A search's imagined worlds keep no record of what seats are told in them (`untrack`): nothing
in the search reads it, so the bots learn and choose the same as with the record kept."""

from __future__ import annotations

import random

import pytest
from paths import ROOT
from search_helpers import RootStatistics, root_statistics

import rulekit
from rulekit.bots import ismcts
from rulekit.runtime.knowledge import known_cards, untrack


def _positions(name: str, count: int, seed: int) -> list[rulekit.State]:
    """Positions with a choice, from random games of a bundled ruleset (4 players)."""
    game = rulekit.load(ROOT / "rulesets" / f"{name}.yaml")
    rng = random.Random(seed)
    out: list[rulekit.State] = []
    s = game.new_state(4, seed)
    while len(out) < count:
        if s.over:
            s = game.new_state(4, seed + len(out) + 1)
        if len(s.legal_actions()) > 1 and rng.random() < 0.1:
            out.append(s.clone())
        s.apply_unchecked(s.random_action(rng))
    return out


def test_an_untracked_world_learns_nothing_and_plays_on():
    """SHAM tells a taken card to the taker and the victim: an untracked copy plays the same
    steps to the same cards, and records nothing."""
    game = rulekit.load(ROOT / "rulesets" / "sham.yaml")
    rng = random.Random(2)
    s = game.new_state(4, 2)
    copy = s.clone()
    untrack(copy)
    told = False
    while not s.over and s.decisions < 400:
        a = s.random_action(rng)
        s.apply_unchecked(a)
        copy.apply_unchecked(copy.action_from_text(a.text))
        assert copy.zones == s.zones and copy.gvars == s.gvars
        told = told or any(known_cards(s, p) for p in range(4))
        assert all(known_cards(copy, p) == set() for p in range(4))
    assert told  # the game did tell some seat a card it cannot see


@pytest.mark.parametrize("name", ["sham", "uno"])
def test_the_search_learns_the_same_with_the_record_kept(name, monkeypatch):
    def search(s: rulekit.State) -> RootStatistics:
        return root_statistics(s, 3, monkeypatch)

    for s in _positions(name, 3, seed=9):
        untracked = search(s.clone())
        with monkeypatch.context() as m:
            m.setattr(ismcts, "untrack", lambda s: None)
            kept = search(s.clone())
        assert untracked[1]  # the search ran
        assert untracked == kept
