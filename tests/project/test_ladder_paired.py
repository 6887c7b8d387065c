"""benchmarks/ladder.py compares a cooperative game's levels deal by deal (issue 29): every level
plays the same deals with the same bot seeds, so the deals only one level won say which is
better, and far more keenly than two rates compared as if the games were unrelated. Never about
strength or time: made-up results, and random seats for the run."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from types import ModuleType

import pytest
from paths import ROOT

BENCH = ROOT / "benchmarks"


def _ladder() -> ModuleType:
    sys.path.insert(0, str(BENCH))  # ladder.py imports matchplay as a sibling
    try:
        spec = importlib.util.spec_from_file_location("bench_ladder", BENCH / "ladder.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


ladder = _ladder()


def _results(won: set[int], deals: int, failed: frozenset[int] = frozenset()) -> list:
    """A level's games on deals 0..deals-1: the team won those in won (seats 0 and 1)."""
    return [ladder.GameResult(0, i, (0, 1) if i in won else (), "boom" if i in failed else None,
                              40, 1.0) for i in range(deals)]


@pytest.mark.parametrize(("first", "second", "p"), [
    (0, 0, 1.0), (5, 5, 1.0), (10, 0, 2 / 1024), (0, 10, 2 / 1024), (7, 0, 2 / 128),
    (8, 2, 2 * (1 + 10 + 45) / 1024)])
def test_the_sign_test_is_exact_and_two_sided(first, second, p):
    assert ladder.sign_test(first, second) == pytest.approx(p)


def test_a_level_better_on_the_same_deals_is_significant_where_the_rates_alone_are_not():
    """The lower level wins deals 0-19 of 40, the upper the same and 7 more: the rates (50%
    against 68%) are not far enough apart for unrelated games, but 7 deals to none is."""
    table = ladder.Table("shamus", "shamus.yaml", None, 2, True, ())
    low, up = _results(set(range(20)), 40), _results(set(range(27)), 40)
    below = ladder.team_row(table, "medium", low, None, 0.55, 0.7)
    row = ladder.team_row(table, "hard", up, below, 0.55, 0.7, low)
    vs = row["vs_lower"]
    assert vs["p"] > 0.05  # the two-proportion test alone would not tell
    assert vs["paired"] == {"deals": 40, "only_upper": 7, "only_lower": 0, "p": 0.0156}
    assert vs["significant"] is True
    assert "deals only it won 7, only medium 0: paired p 0.016" in ladder.step_text(vs)


def test_swapped_deals_are_no_step_even_with_more_wins():
    """The upper level wins 2 more games than the lower, but on other deals: 12 deals only it
    won, 10 only the lower won, which is no evidence either way."""
    table = ladder.Table("shamus", "shamus.yaml", None, 2, True, ())
    low = _results(set(range(10)), 40)
    up = _results(set(range(10, 22)), 40)
    below = ladder.team_row(table, "medium", low, None, 0.55, 0.7)
    vs = ladder.team_row(table, "hard", up, below, 0.55, 0.7, low)["vs_lower"]
    assert (vs["paired"]["only_upper"], vs["paired"]["only_lower"]) == (12, 10)
    assert vs["significant"] is False and vs["paired"]["p"] > 0.5
    assert ladder.step_text(vs).startswith("not better than medium")


def test_a_deal_either_level_failed_is_left_out():
    table = ladder.Table("shamus", "shamus.yaml", None, 2, True, ())
    low = _results(set(), 10, failed=frozenset({3}))
    up = _results(set(range(10)), 10, failed=frozenset({4}))
    below = ladder.team_row(table, "medium", low, None, 0.55, 0.7)
    pair = ladder.team_row(table, "hard", up, below, 0.55, 0.7, low)["vs_lower"]["paired"]
    assert pair["deals"] == 8 and pair["only_upper"] == 8 and pair["only_lower"] == 0


def test_the_ladder_reports_the_paired_step_of_a_cooperative_game(tmp_path):
    out = tmp_path / "l.json"
    p = subprocess.run([sys.executable, str(BENCH / "ladder.py"), "--rulesets", "shamus",
                        "--games", "2", "--levels", "random,first", "--workers", "1",
                        "--markdown", "--json", str(out)],
                       capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    lower, upper = json.loads(out.read_text())["cooperative"]
    assert "vs_lower" not in lower
    pair = upper["vs_lower"]["paired"]
    assert pair["deals"] == 2 and pair["only_upper"] + pair["only_lower"] <= 2
    assert "paired p" in p.stdout


@pytest.mark.parametrize(("winners", "side"), [
    ((2,), 1),            # a lone winner in an upper seat
    ((1,), -1),
    ((0, 2, 3), 1),       # one loser (Durak's), in a lower seat: the upper level's game
    ((0, 1, 3), -1),      # the loser (seat 2) in an upper seat
    ((0, 1), 0),          # first place shared by a seat of each level
    ((0, 2), 1),          # shared by the upper level's two seats
    ((), 0),              # nobody won
])
def test_a_head_to_head_game_goes_to_the_level_holding_more_of_its_winners(winners, side):
    """A game with one loser and three winners (Durak) is not a tie: it goes to the level
    without the loser, as a lone winner's game goes to the winner's level."""
    assert ladder.game_to(frozenset({0, 2}), winners) == side
