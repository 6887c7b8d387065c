"""Beliefs (`bots.believe`, docs/authoring.md section 16e): the worlds a search bot deals itself.

Issue 29, point 3: "The search must weigh a bluff against opponents who call sensibly and a call
against opponents who bluff sensibly ... what SHAM needs (public card counts, a claim's
plausibility) must come from the rules and the search." SHAM's S4: "A claim is honest iff every
placed card has the claimed colour and their values sum exactly to the claimed total."
Dealt uniformly, the placed cards match a claim of two or more cards in about 1% of worlds; SHAM's
ruleset believes claims honest in 30 worlds of 100.
"""

from __future__ import annotations

import random

from paths import ROOT

import rulekit
from rulekit.bots.beliefs import Dealer
from rulekit.runtime.observe import observation, resample
from rulekit.runtime.state import State

SHAM = ROOT / "rulesets" / "sham.yaml"
WORLDS = 100


def _claim_positions(game: rulekit.Game, wanted: int) -> list[State]:
    """Positions where a seat other than the placer answers a challenge to a claim of two or
    more cards (random play, fixed seeds)."""
    found: list[State] = []
    bid_n = [v.name for v in game.new_state(4, 0).game.game_vars].index("bid_n")
    for seed in range(60):
        s = game.new_state(4, seed)
        rng = random.Random(seed)
        while not s.is_over and len(found) < wanted:
            legal = s.legal_actions()
            if any(a.text == "call_sham" for a in legal) and s.gvars[bid_n] >= 2:
                found.append(s.clone())
            s.apply_unchecked(legal[int(rng.random() * len(legal))])
        if len(found) >= wanted:
            break
    return found


def _honest_worlds(s: State, seed: int) -> tuple[int, list[State]]:
    """How many of WORLDS worlds the deciding seat deals itself hold the claim honest."""
    dealer = Dealer(s, s.decider)
    rng = random.Random(seed)
    worlds = [dealer.deal(rng) for _ in range(WORLDS)]
    that = s.game.hints.beliefs[0].that
    return sum(bool(s.game.guard("test", that, w, {"me": s.decider})) for w in worlds), worlds


def _possible(s: State) -> bool:
    """Whether some world the seat could imagine makes the claim honest (random play claims
    totals no cards can make)."""
    return _honest_worlds(s, 1)[0] > 0


def test_a_claim_the_seat_cannot_see_is_honest_in_the_share_of_worlds_the_ruleset_believes():
    game = rulekit.load(SHAM)
    positions = [s for s in _claim_positions(game, 12) if _possible(s)]
    assert len(positions) >= 3
    for s in positions:
        honest, worlds = _honest_worlds(s, 7)
        assert 15 <= honest <= 45, honest  # share 30, 100 worlds
        seen = observation(s, s.decider)
        assert all(observation(w, s.decider) == seen for w in worlds)  # worlds it cannot rule out
        uniform = [resample(s, s.decider, k) for k in range(WORLDS)]
        that = s.game.hints.beliefs[0].that
        assert sum(bool(s.game.guard("t", that, w, {"me": s.decider}))
                   for w in uniform) <= 10  # what the belief corrects


def test_the_worlds_depend_only_on_what_the_seat_knows():
    """Hidden information stays hidden: the same worlds whether the real claim is honest or not."""
    game = rulekit.load(SHAM)
    s = next(s for s in _claim_positions(game, 12) if _possible(s))
    seat = s.decider
    that = s.game.hints.beliefs[0].that
    worlds = _honest_worlds(s, 3)[1]
    # two states the seat cannot tell apart, one where the claim is true and one where it lies
    truth = next(w for w in worlds if s.game.guard("t", that, w, {"me": seat}))
    lie = next(w for w in worlds if not s.game.guard("t", that, w, {"me": seat}))
    keys = [[w.key() for w in _honest_worlds(t, 5)[1][:20]] for t in (s, truth, lie)]
    assert keys[0] == keys[1] == keys[2]
