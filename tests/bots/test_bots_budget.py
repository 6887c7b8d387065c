"""Search bots with budgets in work (issue 29): iterations not seconds, forced and equivalent
decisions for free, one plan for the steps of an action, a progress hook, and the seats' views.

Budgets are tiny iteration counts; no test reads the clock or judges strength.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
import types
from pathlib import Path

import pytest
from paths import ROOT

import rulekit
import rulekit.bots.ismcts as ismcts_module
from rulekit.bots import make_bot
from rulekit.bots.ismcts import CAP_EVERY, CONTINUE_SHARE, IsmctsBot, decision_work
from rulekit.bots.playout import answer
from rulekit.bots.views import Viewer
from rulekit.runtime.dealing import Dealing
from rulekit.runtime.frames import BuildFrame

ENDLESS = ROOT / "tests" / "bots" / "endless.yaml"
SHAM = ROOT / "rulesets" / "sham.yaml"


@pytest.fixture(scope="module")
def sham() -> rulekit.Game:
    return rulekit.load(SHAM)


def _counting_resample(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seeds of the worlds the bots deal themselves (their search's and their prior's)."""
    calls: list[int] = []
    real = Dealing.deal

    def counting(dealing, seed):
        calls.append(seed)
        return real(dealing, seed)

    monkeypatch.setattr(Dealing, "deal", counting)
    return calls


def _placing(game: rulekit.Game, seed: int) -> rulekit.State:
    """A SHAM deal at its first decision: seat 0 leads and must place (S7)."""
    s = game.new_state(4, seed)
    assert "place" in {a.text for a in s.legal_actions()} and s.decider == 0
    return s


# ---- budgets in work ---------------------------------------------------------------------------
def test_an_iteration_budget_runs_its_iterations_whatever_the_clock_says(monkeypatch):
    """Issue 29: "Same strength on any machine": a clock that races (every reading an hour
    later) does not shorten an iteration budget; only the level's safety cap looks at it, and
    it stops the search (at its first look) only because the clock says an hour passed."""
    g = rulekit.load(ENDLESS)
    s = g.new_state(2, 1)
    hours = iter(range(0, 10**9, 3600))
    racing = types.SimpleNamespace(perf_counter=lambda: float(next(hours)),
                                   monotonic=lambda: float(next(hours)))
    monkeypatch.setattr(ismcts_module, "time", racing)
    bot = IsmctsBot(0, 3, iterations=100)
    bot.choose(s)
    assert bot.last_iterations == decision_work(100, 2) > CAP_EVERY  # two options' work
    capped = IsmctsBot(0, 3, iterations=100, cap=5.0)
    capped.choose(s)
    assert capped.last_iterations == CAP_EVERY


def test_a_level_plays_the_same_game_in_another_process(tmp_path: Path):
    """Issue 29: "reproducible from the seed (same seed + same state -> same choice, byte for
    byte)": a whole game between level bots (their plans kept from step to step included) is
    the same in two processes with different hash seeds."""
    code = f"""
import json, rulekit
from rulekit.bots import make_bot
g = rulekit.load({str(SHAM)!r})
s = g.new_state(3, 4)
bots = [make_bot(k, g, p, 4) for p, k in enumerate(("medium:10", "easy", "hard:12"))]
while not s.over and s.decisions < 120:
    s.apply_unchecked(bots[s.decider].choose(s))
print(json.dumps([t for _, t in s.history]))
"""
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={"PYTHONHASHSEED": str(h)}) for h in (3, 4)]
    first, second = (json.loads(r.stdout) for r in runs)
    assert first == second
    assert len(first) == 120


# ---- decisions that cost no search -------------------------------------------------------------
def test_a_forced_decision_costs_no_search(monkeypatch, sham):
    """Issue 29: "A decision with one legal option ... costs no search"."""
    calls = _counting_resample(monkeypatch)
    s = sham.new_state(4, 2)
    rng = random.Random(2)
    forced = 0
    while forced < 5:
        legal = s.legal_actions()
        if len(legal) == 1:
            bot = make_bot("medium:20", sham, s.decider, 1)
            assert bot.choose(s) is legal[0]
            assert bot.last_iterations == bot.last_prior == 0
            forced += 1
        s.apply(legal[int(rng.random() * len(legal))])
    assert calls == []


def test_options_that_lead_to_the_same_state_cost_no_search(monkeypatch):
    """Issue 29: "... or whose options are equivalent for the seat, costs no search": two
    actions with the same effects (here gain made to do what wait does) leave the same state;
    the first is taken at once. With the options different, the bot searches."""
    calls = _counting_resample(monkeypatch)
    text = ENDLESS.read_text()
    twin = text.replace('effects: ["add 1 to actor.points", end turn]', "effects: [end turn]")
    assert twin != text
    g = rulekit.load_text(twin)
    s = g.new_state(2, 1)
    assert [a.text for a in s.legal_actions()] == ["wait", "gain"]
    bot = IsmctsBot(0, 1, iterations=30, prior=1.0)
    assert bot.choose(s).text == "wait"
    assert bot.last_iterations == bot.last_prior == 0 and calls == []
    searched = IsmctsBot(0, 1, iterations=30)
    searched.choose(rulekit.load_text(text).new_state(2, 1))
    assert searched.last_iterations == decision_work(30, 2) and calls


# ---- the steps of one action continue one search -----------------------------------------------
def test_the_steps_of_the_bots_own_action_continue_the_trees_of_its_first_step(sham):
    """Picking cards one at a time teaches the bot nothing it did not know: the trees of the
    action's first step are kept, and each later step, planned at the first, spends at most
    CONTINUE_SHARE of a fresh decision's work (a person waits for every step of every bot).
    A fresh bot given the half-built action searches afresh, and still answers legally."""
    s = _placing(sham, 3)
    s.apply("place")  # the bot builds it: the cards, the colour, the total
    bot = make_bot("medium:40", sham, s.decider, 2)
    kept = []
    while True:
        options = len(s.legal_actions())
        a = bot.choose(s)
        kept.append(bot.last_kept)  # type: ignore[attr-defined]
        if kept[-1] and options > 1:
            spent = bot.last_iterations + bot.last_prior  # type: ignore[attr-defined]
            assert 0 < spent <= math.ceil(decision_work(40, options) * CONTINUE_SHARE)
        s.apply(a)
        top = s.stack[-1] if s.stack else None
        if type(top) is not BuildFrame or top.actor != bot.seat:  # type: ignore[attr-defined]
            break
        fresh = make_bot("medium:40", sham, s.decider, 2)
        assert fresh.choose(s) in s.legal_actions()
        assert fresh.last_kept == 0  # type: ignore[attr-defined]
    assert kept[0] == 0 and len(kept) >= 3 and all(k > 0 for k in kept[1:])


def test_kept_trees_are_dropped_when_the_state_is_not_the_one_expected(sham):
    s = _placing(sham, 3)
    s.apply("place")
    bot = make_bot("medium:40", sham, s.decider, 2)
    chosen = bot.choose(s)
    after = s.clone()
    after.apply(chosen)
    bot.choose(after.clone())  # the state its plan expects: kept
    assert bot.last_kept > 0  # type: ignore[attr-defined]
    bot = make_bot("medium:40", sham, s.decider, 2)
    bot.choose(s)
    other = s.clone()
    other.apply(next(a for a in s.legal_actions() if a.text != chosen.text))
    bot.choose(other)  # another card picked: not the state the plan expects
    assert bot.last_kept == 0  # type: ignore[attr-defined]


# ---- the progress hook -------------------------------------------------------------------------
def test_the_progress_hook_reports_the_iterations_and_changes_nothing(sham):
    """For the driver's "is thinking" line: on_progress(done, planned) during a search, ending
    with every iteration run; the choice is the same with or without it."""
    s = _placing(sham, 5)
    s.apply("place")  # the cards to pick: several options
    seen: list[tuple[int, int]] = []
    watched = make_bot("medium:90", sham, s.decider, 7)
    watched.on_progress = lambda done, planned: seen.append((done, planned))  # type: ignore
    a = watched.choose(s)
    b = make_bot("medium:90", sham, s.decider, 7).choose(s)
    assert a.text == b.text
    done = watched.last_iterations  # type: ignore[attr-defined]
    assert seen[-1] == (done, done)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and len(seen) >= 2


# ---- what each seat sees of a step -------------------------------------------------------------
def _place_one(s: rulekit.State, card: rulekit.Action, viewer: Viewer) -> list:
    """Place the one card `card` claiming red 1; every step's keys (seat by seat)."""
    keys = []
    for step in ("place", card.text, "done", "colour red", "total 1"):
        top = s.stack[-1] if s.stack else None
        logged = len(s.log)
        actor = s.decider
        action = s.action_from_text(step)
        s.apply(action)
        keys.append(viewer.step_keys(s, logged, top, actor, action))
    return keys


def test_the_others_see_a_claim_not_the_cards_placed_face_down(sham):
    """Issue 29 point 4: another seat's key of a placement is what it observes (the claim, the
    pile sizes, who is asked next), the same whichever cards were placed; picking a card is
    invisible to it; a different claim is a different key."""
    s = _placing(sham, 6)
    viewer = Viewer(s)
    s.apply("place")
    picks = [a for a in s.legal_actions() if a.text != "done"]
    s = _placing(sham, 6)
    one = _place_one(s.clone(), picks[0], viewer)
    two = _place_one(s.clone(), picks[-1], viewer)
    assert picks[0].text != picks[-1].text
    assert one[0] == two[0] == [(0, "place")] * 4  # the action begun: the same for every seat
    assert one[1] is None and two[1] is None and one[2] is None  # a card picked, done: unseen
    assert one[4] == two[4]  # the claim, as everyone sees it
    other = s.clone()
    other.apply("place")
    other.apply(picks[0])
    other.apply("done")
    other.apply("colour blue")
    top, logged = other.stack[-1], len(other.log)
    action = other.action_from_text("total 1")
    other.apply(action)
    assert viewer.step_keys(other, logged, top, 0, action) != one[4]


def test_an_answer_in_a_window_is_seen_by_everyone(sham):
    """Letting a claim go and calling SHAM are different steps to every seat (the call's
    events, the next seat asked)."""
    s = _placing(sham, 6)
    viewer = Viewer(s)
    s.apply("place")
    s.apply(next(a for a in s.legal_actions() if a.text != "done"))
    for step in ("done", "colour red", "total 1"):
        s.apply(step)
    keys = {}
    for name in ("let_it_go", "call_sham"):
        t = s.clone()
        action = next(a for a in t.legal_actions() if a.name == name)
        top, logged, actor = t.stack[-1], len(t.log), t.decider
        t.apply(action)
        keys[name] = viewer.step_keys(t, logged, top, actor, action)
    assert keys["let_it_go"] is not None and keys["call_sham"] is not None
    assert all(a != b for a, b in zip(keys["let_it_go"], keys["call_sham"], strict=True))


# ---- imagined players answer a claim as one who saw the cards ------------------------------
def _claimed(game: rulekit.Game, seed: int, honest: bool) -> rulekit.State:
    """SHAM: seat 0 leads one number card, claiming its colour and value (or another colour)."""
    s = _placing(game, seed)
    s.apply("place")
    card = next(a for a in s.legal_actions() if a.text.startswith("pick ")
                and a.text.split()[-1].isdigit())
    colour, value = card.text.split()[1:]
    s.apply(card)
    s.apply("done")
    other = next(c for c in ("red", "blue", "purple", "yellow") if c != colour)
    s.apply(f"colour {colour if honest else other}")
    s.apply(f"total {value}")
    return s


@pytest.mark.parametrize("seed", range(4))
def test_in_imagined_games_a_false_claim_is_called_and_a_true_one_let_go(sham, seed):
    """Issue 29 point 4: a window's answer in a playout is the one a step of look-ahead prefers
    for the seat asked, so a bluff the search makes is called as a player who saw the cards
    would call it (a random answer calls a quarter of them, true or false)."""
    for honest, expected in ((True, "let_it_go"), (False, "call_sham")):
        s = _claimed(sham, seed, honest)
        legal = s.legal_actions()
        assert {a.name for a in legal} == {"call_sham", "let_it_go"}
        assert answer(s, legal).name == expected
