"""The fixed-size encoding of a seat's view (rulekit.encode), on every bundled ruleset.

The vector is built from the seat's observation only: resampling what the seat cannot see must
leave it unchanged. Rulesets are discovered, never listed.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from rl_helpers import CONFIGS, IDS, ROOT, RULESETS

import rulekit
from rulekit import IllegalActionError, UsageError, resample
from rulekit.encode import Encoder


def test_every_ruleset_is_tried_at_two_player_counts():
    """Two player counts per ruleset, or its one count when it and its variants allow only one
    (a partnership game for exactly four)."""
    for path in RULESETS:
        base = rulekit.load(path)
        allowed = set()
        for variant in [None, *base.variants]:
            g = rulekit.load(path, variant=variant)
            allowed |= set(range(g.min_players, g.max_players + 1))
        tried = {n for p, _, n in CONFIGS if p == path}
        assert len(tried) == min(2, len(allowed)) and tried <= allowed, path.name


@pytest.mark.parametrize(("path", "variant", "players"), CONFIGS, ids=IDS)
def test_resampling_what_a_seat_cannot_see_leaves_its_vector_unchanged(path, variant, players):
    g = rulekit.load(path, variant=variant)
    enc = Encoder(g, players)
    s = g.new_state(players, seed=11)
    r = random.Random(5)
    differs = 0
    for step in range(60):
        if s.is_over:
            break
        for seat in range(players):
            v = enc.encode(s, seat)
            assert len(v) == enc.size
            other = resample(s, seat, seed=step * 7 + seat)
            assert enc.encode(other, seat) == v, (seat, step)
            # the resampled world differs for the other seats: hidden cards really moved
            differs += any(enc.encode(other, q) != enc.encode(s, q)
                           for q in range(players) if q != seat)
        legal = enc.legal(s)
        s.apply(legal[r.choice(sorted(legal))])
    assert differs > 0  # the test would notice a vector that leaked hidden cards


@pytest.mark.parametrize(("path", "variant", "players"), CONFIGS, ids=IDS)
def test_every_legal_action_has_its_own_index_and_round_trips(path, variant, players):
    g = rulekit.load(path, variant=variant)
    enc = Encoder(g, players)
    s = g.new_state(players, seed=3)
    r = random.Random(2)
    for _ in range(80):
        if s.is_over:
            break
        legal = s.legal_actions()
        by_index = enc.legal(s)
        assert len(by_index) == len(legal)  # no two legal actions share an index
        assert all(0 <= i < enc.n_actions for i in by_index)
        mask = enc.mask(s)
        assert sum(mask) == len(legal)
        for i, a in by_index.items():
            assert mask[i] == 1
            assert enc.action(s, i) == a
        others = [q for q in range(players) if q != s.decider]
        assert all(sum(enc.mask(s, q)) == 0 for q in others)  # only the decider has a move
        s.apply(by_index[r.choice(sorted(by_index))])


def test_a_seat_sees_its_own_hand_in_its_vector_and_not_the_others():
    g = rulekit.load(ROOT / "rulesets" / "sham.yaml")
    enc = Encoder(g, 3)
    s = g.new_state(3, seed=1)
    v0 = enc.encode(s, 0)
    hand0 = [g.labels[c] for c in s.zones[g.zone_instance("hand", 0, 3)]]
    start = enc.offset["seat0.hand.cards"]
    assert sum(v0[start:start + enc.faces]) == len(hand0)
    start1 = enc.offset["seat1.hand.cards"]
    assert sum(v0[start1:start1 + enc.faces]) == 0  # seat 1's cards are hidden from seat 0
    assert v0[enc.offset["seat1.hand.count"]] == 7  # but their number is shown


def test_an_illegal_index_or_a_wrong_type_names_the_legal_actions():
    g = rulekit.load(ROOT / "rulesets" / "sham.yaml")
    enc = Encoder(g, 3)
    s = g.new_state(3, seed=1)
    legal = enc.legal(s)
    bad = next(i for i in range(enc.n_actions) if i not in legal)
    with pytest.raises(IllegalActionError) as e:
        enc.action(s, bad)
    assert repr(bad) in str(e.value)
    assert all(f"{i}={a.text}" in str(e.value) for i, a in legal.items())
    with pytest.raises(IllegalActionError, match="not str"):
        enc.action(s, "place")
    with pytest.raises(IllegalActionError, match="not float"):
        enc.action(s, 1.5)


def test_a_player_count_outside_the_range_is_the_rulesets_usage_error():
    g = rulekit.load(ROOT / "rulesets" / "sham.yaml")
    with pytest.raises(UsageError, match="played by 3 to 7 players, not 2"):
        Encoder(g, 2)


def test_import_rulekit_does_not_import_the_rl_packages():
    code = ("import sys, rulekit, rulekit.encode, rulekit.envs; "
            "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
