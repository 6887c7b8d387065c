"""An evaluation that never reads `p` (a cooperative game's shared standing) is worked out once per
position for every seat, not once per seat: the same values, half the work with two seats."""

from __future__ import annotations

from paths import ROOT
from search_helpers import counting_evaluations

import rulekit
from rulekit.bots.playout import estimate

TRAP = ROOT / "tests" / "bots" / "trap.yaml"
PER_SEAT = '"50 + 10 * (p.shine - sum(q.shine for q in players if q != p))"'
SHARED = '"50 + 10 * sum(q.shine for q in players)"'


def _counted(evaluate: str) -> tuple[rulekit.Game, list[int]]:
    """The trap game with that evaluation, and a list that grows by one per evaluation made."""
    text = TRAP.read_text()
    assert PER_SEAT in text
    return counting_evaluations(text.replace(PER_SEAT, evaluate))


def test_a_shared_standing_is_evaluated_once_for_every_seat():
    game, calls = _counted(SHARED)
    s = game.new_state(2, 1)
    s.apply("grab")
    assert estimate(s) == [0.6, 0.6]
    assert len(calls) == 1


def test_a_standing_that_reads_p_is_evaluated_for_each_seat():
    game, calls = _counted(PER_SEAT)
    s = game.new_state(2, 1)
    s.apply("grab")
    assert estimate(s) == [0.6, 0.4]
    assert sorted(calls) == [0, 1]


def test_a_name_merely_like_p_still_counts_as_reading_it():
    """A loop variable named p is taken for the seat: the answer errs towards evaluating each."""
    game, calls = _counted('"50 + 10 * sum(p.shine for p in players)"')
    s = game.new_state(2, 1)
    s.apply("grab")
    assert estimate(s) == [0.6, 0.6]
    assert sorted(calls) == [0, 1]
