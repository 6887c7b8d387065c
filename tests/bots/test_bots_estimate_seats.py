"""A search's imagined game is scored only for the seats that chose in their trees on the way
down (the others' results are not backed up): their values, and so the bots' choices, are the
same as when every seat's standing is worked out."""

from __future__ import annotations

import random

import pytest
from paths import ROOT
from search_helpers import RootStatistics, counting_evaluations, root_statistics

import rulekit
from rulekit.bots import trees
from rulekit.bots.playout import estimate

TRAP = ROOT / "tests" / "bots" / "trap.yaml"
PLAYERS = {"shamus": 2, "gin_rummy": 2}


def _positions(name: str, count: int, seed: int = 3) -> list[rulekit.State]:
    """Unfinished positions of random games of a bundled ruleset."""
    game = rulekit.load(ROOT / "rulesets" / f"{name}.yaml")
    rng = random.Random(seed)
    out: list[rulekit.State] = []
    s = game.new_state(PLAYERS.get(name, 4), seed)
    while len(out) < count:
        if s.over:
            s = game.new_state(PLAYERS.get(name, 4), seed + len(out) + 1)
        if rng.random() < 0.2:
            out.append(s.clone())
        s.apply_unchecked(s.random_action(rng))
    return out


@pytest.mark.parametrize("name", ["sham", "chami", "shamus", "uno", "crazy_eights", "spades",
                                  "durak", "gin_rummy"])
def test_a_seat_asked_alone_gets_the_value_it_gets_among_all(name):
    for s in _positions(name, 12):
        every = estimate(s.clone())
        for q in range(s.n):
            assert estimate(s.clone(), [q])[q] == every[q]
        assert estimate(s.clone(), range(s.n)) == every


def test_partners_share_the_value_of_the_seat_asked():
    """Spades: a seat's result is its team's; asked for one seat, its partner is worked out too."""
    for s in _positions("spades", 6):
        every = estimate(s.clone())
        alone = estimate(s.clone(), [0])
        partners = [p for p in range(s.n) if s.team_of[p] == s.team_of[0]]
        assert len(partners) == 2
        assert all(alone[p] == every[p] for p in partners)


def test_only_the_seats_asked_are_evaluated():
    game, calls = counting_evaluations(TRAP.read_text())
    s = game.new_state(2, 1)
    s.apply("grab")
    assert estimate(s, [1]) == [0.0, 0.4]  # seat 0 not worked out
    assert calls == [1]
    assert estimate(s) == [0.6, 0.4]
    assert calls == [1, 0, 1]


@pytest.mark.parametrize("name", ["sham", "spades", "uno"])
def test_the_search_learns_the_same_as_when_every_seat_is_scored(name, monkeypatch):
    """The root's statistics (visits and summed results of every option) and the choice are
    the same with imagined games scored for every seat."""

    def search(s: rulekit.State) -> RootStatistics:
        return root_statistics(s, 7, monkeypatch)

    real = trees.playout
    for s in [p for p in _positions(name, 20, seed=5) if len(p.legal_actions()) > 1][:3]:
        scored_for_some = search(s.clone())
        with monkeypatch.context() as m:
            m.setattr(trees, "playout", lambda *a, seats=None, **k: real(*a, **k))
            scored_for_all = search(s.clone())
        assert scored_for_some[1]  # the search ran
        assert scored_for_some == scored_for_all
