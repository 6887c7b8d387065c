"""What the engine offers a search to spend less per iteration: who sees a zone read from one
table, a state taking over a clone moved on, the legal actions listed once for the clones of a
deal, and an evaluation that one partner's standing answers for the team."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from game_helpers import BUNDLED
from paths import TESTS

import rulekit
from rulekit.errors import UsageError
from rulekit.runtime.fields import FIELD_NAMES
from rulekit.runtime.knowledge import zone_open

ENGINE = TESTS / "engine"


def _declared_open(game: rulekit.Game, s: rulekit.State, zi: int, seat: int | None) -> bool:
    """Whether seat sees zone instance zi whole, read from the zone's declaration."""
    info, owner = game.zone_of_instance(zi, s.n)
    if info.visibility == "public":
        return True
    if info.visibility != "owner" or owner is None or seat is None:
        return False
    return (s.team_of[seat] if info.owner == "team" else seat) == owner


@pytest.mark.parametrize("path", [ENGINE / "teams.yaml"]
                         + BUNDLED, ids=lambda p: p.stem)
def test_every_seat_sees_every_zone_as_declared(path: Path) -> None:
    game = rulekit.load(path)
    for n in range(game.min_players, game.max_players + 1):
        s = game.new_state(n, seed=n)
        for zi in range(len(s.zones)):
            for seat in (None, *range(n)):
                assert zone_open(s, zi, seat) == _declared_open(game, s, zi, seat), (zi, seat)


def test_a_state_becomes_its_clone_moved_on() -> None:
    game = rulekit.load(ENGINE / "teams.yaml")
    s = game.new_state(4, seed=2)
    t = s.clone()
    t.apply(t.legal_actions()[0])
    s.become(t)
    assert s.key() == t.key() and len(s.history) == 1
    s.apply(s.legal_actions()[0])  # and plays on as any state
    assert len(s.history) == 2


def test_a_state_becomes_only_a_state_of_its_game() -> None:
    teams = rulekit.load(ENGINE / "teams.yaml")
    other = rulekit.load(BUNDLED[0])
    s = teams.new_state(4, seed=2)
    with pytest.raises(UsageError):
        s.become(other.new_state(other.default_players, seed=2))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_clones_of_a_deal_listed_once_play_as_clones_listed_each(path: Path) -> None:
    """list_for_clones changes no game: the clones play the same, deal and decision alike."""
    game = rulekit.load(path)
    s = game.new_state(game.default_players, seed=4)
    rnd = random.Random(4)
    for k in range(40):
        if s.is_over:
            break
        seat = s.decider
        dealt = rulekit.resample(s, seat, k)
        assert dealt.list_for_clones()
        plain = rulekit.resample(s, seat, k)
        a, b = dealt.clone(), plain.clone()
        assert [x.text for x in a.legal_actions()] == [x.text for x in b.legal_actions()]
        r1, r2 = random.Random(k), random.Random(k)
        for _ in range(12):
            if a.is_over:
                break
            a.apply_unchecked(a.random_action(r1))
            b.apply_unchecked(b.random_action(r2))
        assert a.key() == b.key()
        s.apply_unchecked(s.random_action(rnd))


def _evaluated(text: str) -> bool:
    source = (ENGINE / "teams.yaml").read_text()
    assert "\nbots:" not in source
    return rulekit.load_text(source + f'\nbots:\n  evaluate: "{text}"\n',
                             "teams.yaml").hints.by_team


def test_an_evaluation_read_by_team_is_one_per_team() -> None:
    assert _evaluated("team(p).points")
    assert _evaluated("sum(size(q.hand) for q in members(team(p))) if team(p).points > 0 else 0")


def test_an_evaluation_reading_the_player_is_not_one_per_team() -> None:
    assert not _evaluated("size(p.hand)")
    assert not _evaluated("team(p).points + size(p.hand)")
    assert not _evaluated("sum(size(p.hand) for p in players)")  # p shadowed: no


def test_a_state_that_becomes_another_takes_every_field() -> None:
    """become (and the restore of a failed apply) writes each field out: none may be missing."""
    game = rulekit.load(ENGINE / "teams.yaml")
    s = game.new_state(4, seed=2)
    t = s.clone()
    t.apply(t.legal_actions()[0])
    s.become(t)
    for name in FIELD_NAMES:
        mine, theirs = getattr(s, name), getattr(t, name)
        if hasattr(theirs, "copy"):  # lists, dicts, logs: the clone's own, taken over
            assert mine is theirs, name
        else:  # numbers, flags, texts (unboxed when the runtime is compiled)
            assert mine == theirs, name
