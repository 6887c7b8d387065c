"""The search bots' options: quiet cut-offs, shared determinizations, the levels' settings."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from paths import ROOT

import rulekit
import rulekit.bots.ismcts as ismcts_module
from rulekit.bots import LEVELS, make_bot
from rulekit.bots.beliefs import Dealer
from rulekit.bots.greedy import option_values, prior_work
from rulekit.bots.ismcts import (
    OPTION_SHARE,
    PRIOR_DETERMINIZATIONS,
    PRIOR_SHARE,
    PRIOR_WORK_TIMED,
    IsmctsBot,
    decision_work,
)
from rulekit.bots.playout import SETTLE_STEPS, playout

RULESETS = sorted((ROOT / "rulesets").glob("*.yaml"))


def _players(game: rulekit.Game) -> int:
    return 4 if game.min_players <= 4 <= game.max_players else game.min_players


def _positions(game: rulekit.Game, seed: int, every: int, limit: int) -> list[rulekit.State]:
    """States with a real choice, reached by random play from a deal (copies, in order)."""
    s = game.new_state(_players(game), seed)
    rng = random.Random(seed)
    out = []
    for step in range(limit):
        if s.over:
            break
        legal = s.legal_actions()
        if len(legal) > 1 and step % every == 0:
            out.append(s.clone())
        s.apply(legal[int(rng.random() * len(legal))])
    return out


def stand_in(level: str, iterations: int) -> rulekit.bots.BotSpec:
    """A level's bot with a small iteration budget (its other settings kept)."""
    return dataclasses.replace(LEVELS[level], iterations=iterations, text=f"{level}@{iterations}")


@pytest.fixture(scope="module", params=RULESETS, ids=lambda p: p.stem)
def game(request: pytest.FixtureRequest) -> rulekit.Game:
    return rulekit.load(request.param)


# ---- playouts are cut at a quiet position ----------------------------------------------------
def test_a_cut_playout_waits_until_no_action_is_half_built_and_no_window_is_open():
    """An estimate taken half-way through a SHAM placement (cards picked, total not yet
    claimed) or before its challenge is answered would score the option, not what follows."""
    g = rulekit.load(ROOT / "rulesets" / "sham.yaml")
    quiet = busy = 0
    for seed in range(12):
        for s in _positions(g, seed, 3, 60):
            t = s.clone()
            start = t.decisions
            playout(t, random.Random(seed), 1)
            assert t.over or not t.stack
            assert t.decisions - start <= 1 + SETTLE_STEPS
            quiet += t.decisions - start == 1
            busy += t.decisions - start > 1
    assert quiet and busy  # some cuts came at once, others waited for the position to settle


def test_a_cut_playout_gives_up_waiting_after_the_settle_bound():
    g = rulekit.load(ROOT / "rulesets" / "sham.yaml")
    s = g.new_state(4, 2)
    while not (s.stack or s.over):  # until a placement is being built or a window is open
        s.apply(s.legal_actions()[-1])
    t = s.clone()
    playout(t, random.Random(1), 0, settle=0)
    assert t.decisions == s.decisions  # depth 0 and no settling: scored where it stands


# ---- determinizations shared by several iterations --------------------------------------------
def test_reuse_deals_one_determinization_for_several_iterations(monkeypatch):
    g = rulekit.load(ROOT / "rulesets" / "sham.yaml")
    s = _positions(g, 3, 5, 40)[1]
    calls = []
    real = Dealer.deal

    def counting(self, rng):
        calls.append(rng)
        return real(self, rng)

    monkeypatch.setattr(Dealer, "deal", counting)
    bot = IsmctsBot(s.decider, 4, iterations=10, reuse=4)
    assert bot.choose(s) in s.legal_actions()
    assert bot.last_iterations == 10
    assert len(calls) == 3  # iterations 0-3, 4-7 and 8-9


@pytest.mark.parametrize("bad", [{"reuse": 0}, {"exploration": -0.1}, {"prior": -1.0},
                                 {"prior_determinizations": 0}])
def test_bad_search_options_are_refused(bad):
    with pytest.raises(ValueError):
        IsmctsBot(0, 1, iterations=5, **bad)


# ---- the levels, with iteration budgets --------------------------------------------------------
@pytest.mark.parametrize("level", ("medium", "hard"))
def test_a_level_with_the_same_seed_and_iterations_chooses_the_same(game, level):
    """Issue 10 point 4, for the levels' own settings (depth, exploration, shared deals)."""
    spec = stand_in(level, 8)
    for s in _positions(game, 2, 11, 60)[:2]:
        a = make_bot(spec, game, s.decider, 9).choose(s)
        b = make_bot(spec, game, s.decider, 9).choose(s.clone())
        assert a.text == b.text


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_a_level_chooses_the_same_in_states_that_differ_only_in_what_it_cannot_see(game, level):
    """Issue 10 point 5, for the levels' own settings: "a bot's choice is the same for two true
    states that differ only in what its seat cannot see"."""
    spec = stand_in(level, 8)
    positions = _positions(game, 5, 5, 80)[:3]
    differ = 0
    for k, s in enumerate(positions):
        seat = s.decider
        other = rulekit.resample(s, seat, 500 + k)
        assert rulekit.observation(other, seat) == rulekit.observation(s, seat)
        differ += other.zones != s.zones
        assert (make_bot(spec, game, seat, 17).choose(s).text
                == make_bot(spec, game, seat, 17).choose(other).text)
    assert differ


# ---- the greedy prior at the root --------------------------------------------------------------
def _prefer(text: str):
    """A prior_values stand-in that values one option 1 and the others 0 (and counts calls)."""
    calls: list[int | None] = []

    def values(state, seat, legal, rng, determinizations, limit=None, completions=1):
        calls.append(limit)
        return [1.0 if a.text == text else 0.0 for a in legal], len(legal)

    return values, calls


def test_with_a_prior_the_root_expands_the_option_the_evaluation_prefers_first(monkeypatch):
    """With a prior, the root expands its options best first by the greedy bot's values: the
    first iteration after the prior already picks what one step of look-ahead prefers (in
    endless.yaml, a point gained rather than a turn waited), where the bare search picks its
    first expansion at random."""
    g = rulekit.load(ROOT / "tests" / "bots" / "endless.yaml")
    s = g.new_state(2, 1)
    guided = [IsmctsBot(0, seed, iterations=20, prior=1.0) for seed in range(12)]
    assert {bot.choose(s).text for bot in guided} == {"gain"}
    assert all(bot.last_prior + bot.last_iterations == decision_work(20, 2) for bot in guided)
    bare = [IsmctsBot(0, seed, iterations=1).choose(s).text for seed in range(12)]
    assert set(bare) == {"wait", "gain"}


def test_a_prior_fades_with_visits_so_the_search_can_overrule_it(monkeypatch):
    """The bias is prior * value / (visits + 1): with many iterations the search's own results
    decide. Here the prior is made to prefer waiting; the search still gains the point."""
    g = rulekit.load(ROOT / "tests" / "bots" / "endless.yaml")
    s = g.new_state(2, 1)
    backwards, _ = _prefer("wait")
    monkeypatch.setattr(ismcts_module, "prior_values", backwards)
    assert IsmctsBot(0, 3, iterations=8, prior=1.0).choose(s).text == "wait"
    assert IsmctsBot(0, 3, iterations=300, prior=1.0).choose(s).text == "gain"


def test_the_prior_is_work_counted_in_the_iteration_budget(monkeypatch):
    """Issue 29: "The prior (greedy look-ahead at the root) must be counted in work too": it
    tries at most PRIOR_SHARE of the budget's worth of options, and the search runs the rest."""
    g = rulekit.load(ROOT / "tests" / "bots" / "endless.yaml")
    s = g.new_state(2, 1)
    for budget in (8, 40, 400):
        work = decision_work(budget, 2)  # two options: 2 * OPTION_SHARE of the budget
        assert work == min(budget, max(math.ceil(budget / 4), math.ceil(budget * 2 * OPTION_SHARE)))
        bot = IsmctsBot(0, 3, iterations=budget, prior=1.0)
        bot.choose(s)
        assert bot.last_prior == min(2 * PRIOR_DETERMINIZATIONS, int(work * PRIOR_SHARE))
        assert bot.last_prior + bot.last_iterations == work
    values, limits = _prefer("gain")
    monkeypatch.setattr(ismcts_module, "prior_values", values)
    IsmctsBot(0, 3, iterations=40, prior=1.0).choose(s)
    IsmctsBot(0, 3, seconds=0.001, prior=1.0).choose(s)
    assert limits == [int(decision_work(40, 2) * PRIOR_SHARE), PRIOR_WORK_TIMED]  # no clock


def test_a_level_with_more_budget_searches_more_in_every_decision():
    """Issue 29: "easy < medium < hard": a decision's work is a share of the level's budget,
    so a two-option call separates the levels as much as a placement with thirty options."""
    for options in (2, 3, 5, 30):
        easy, medium, hard = (decision_work(LEVELS[name].iterations or 0, options)
                              for name in ("easy", "medium", "hard"))
        assert 0 < easy < medium < hard
        assert medium == 2 * easy and hard == 4 * medium


def test_a_prior_over_many_options_deals_fewer_determinizations_then_tries_a_few():
    """Within its limit, option_values deals fewer determinizations, then tries a random few
    options and gives the others the mean of those tried (neutral: the search decides)."""
    assert prior_work(3, 2, None, 4) == (2, 3, 4)
    assert prior_work(3, 2, 24, 4) == (2, 3, 4)
    assert prior_work(3, 2, 12, 4) == (2, 3, 2)  # fewer completions first
    assert prior_work(3, 2, 5, 4) == (1, 3, 1)  # then fewer deals
    assert prior_work(30, 2, 7, 4) == (1, 7, 1)  # then fewer options
    g = rulekit.load(ROOT / "tests" / "bots" / "endless.yaml")
    s = g.new_state(2, 1)
    legal = s.legal_actions()
    full = option_values(s, 0, legal, random.Random(5), 2)
    assert full[0] != full[1]  # the options differ when all are tried
    cut = option_values(s, 0, legal, random.Random(5), 2, limit=1)
    assert cut[0] == cut[1]  # one option tried in one deal; the other gets its value
