"""The search bots' options: quiet cut-offs, shared determinizations, the levels' settings."""

from __future__ import annotations

import dataclasses
import random
import types
from pathlib import Path

import pytest

import rulekit
import rulekit.bots.ismcts as ismcts_module
from rulekit.bots import LEVELS, make_bot
from rulekit.bots.greedy import option_values
from rulekit.bots.ismcts import PRIOR_SHARE, IsmctsBot
from rulekit.bots.playout import SETTLE_STEPS, playout

ROOT = Path(__file__).resolve().parent.parent
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
    """A level's bot with an iteration budget instead of its time budget (repeatable)."""
    spec = LEVELS[level]
    if spec.kind != "ismcts":
        return spec
    return dataclasses.replace(spec, iterations=iterations, seconds=None,
                               text=f"{level}@{iterations}")


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
    real = ismcts_module.resample

    def counting(state, seat, seed):
        calls.append(seed)
        return real(state, seat, seed)

    monkeypatch.setattr(ismcts_module, "resample", counting)
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
def test_with_a_prior_the_first_iterations_go_to_the_option_the_evaluation_prefers():
    """With a prior, the root expands its options best first by the greedy bot's values: one
    iteration already picks what one step of look-ahead prefers (in endless.yaml, a point
    gained rather than a turn waited), where the bare search picks the first expansion at
    random."""
    g = rulekit.load(ROOT / "tests" / "bots" / "endless.yaml")
    s = g.new_state(2, 1)
    guided = [IsmctsBot(0, seed, iterations=1, prior=1.0).choose(s).text for seed in range(12)]
    bare = [IsmctsBot(0, seed, iterations=1).choose(s).text for seed in range(12)]
    assert guided == ["gain"] * 12
    assert set(bare) == {"wait", "gain"}


def test_a_prior_fades_with_visits_so_the_search_can_overrule_it(monkeypatch):
    """The bias is prior * value / (visits + 1): with many iterations the search's own results
    decide. Here the prior is made to prefer waiting; the search still gains the point."""
    g = rulekit.load(ROOT / "tests" / "bots" / "endless.yaml")
    s = g.new_state(2, 1)

    def backwards(state, seat, legal, rng, determinizations, deadline=None):
        return [1.0 if a.text == "wait" else 0.0 for a in legal]

    monkeypatch.setattr(ismcts_module, "option_values", backwards)
    assert IsmctsBot(0, 3, iterations=1, prior=1.0).choose(s).text == "wait"
    assert IsmctsBot(0, 3, iterations=200, prior=1.0).choose(s).text == "gain"


def test_past_its_deadline_the_prior_gives_the_untried_options_the_mean_of_the_tried():
    """Issue 10: 'time per decision of medium, median / max: 0.5 s / 2 s'. With many options the
    greedy prior alone once took several times the level's budget; past its deadline it stops
    and the untried options get the mean of those tried (neutral, the search decides)."""
    g = rulekit.load(ROOT / "tests" / "bots" / "endless.yaml")
    s = g.new_state(2, 1)
    legal = s.legal_actions()
    full = option_values(s, 0, legal, random.Random(5), 2)
    assert full[0] != full[1]  # the options differ when all are tried
    cut = option_values(s, 0, legal, random.Random(5), 2, deadline=0.0)  # long past
    assert cut == [full[0]] * len(legal)


def test_a_time_budget_covers_the_prior_and_an_iteration_budget_leaves_it_whole(monkeypatch):
    """The prior of a level with a time budget must end within its share of the budget; with
    an iteration budget it has no deadline, so the same seed gives the same choice."""
    g = rulekit.load(ROOT / "tests" / "bots" / "endless.yaml")
    s = g.new_state(2, 1)
    seen: list[float | None] = []

    def recording(state, seat, legal, rng, determinizations, deadline=None):
        seen.append(deadline)
        return [0.5] * len(legal)

    clock = iter(100.0 + k / 100 for k in range(10_000))  # a clock the test controls
    monkeypatch.setattr(ismcts_module, "option_values", recording)
    fake = types.SimpleNamespace(perf_counter=lambda: next(clock))
    monkeypatch.setattr(ismcts_module, "time", fake)
    IsmctsBot(0, 3, seconds=0.05, prior=1.0).choose(s)
    IsmctsBot(0, 3, iterations=5, prior=1.0).choose(s)
    assert seen == [pytest.approx(100.0 + 0.05 * PRIOR_SHARE), None]
