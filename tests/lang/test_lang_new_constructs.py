"""tests/engine/branching.yaml uses every construct of issue 33's language in one game: its
random games end, take both branches of its `next:` expression, and a game taken from the cache
(rulekit.gamecache) plays exactly as the game compiled afresh."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from paths import TESTS

import rulekit

ENGINE = TESTS / "engine"


def play(g: rulekit.Game, seed: int, phases: set[str] | None = None) -> rulekit.State:
    s = g.new_state(2, seed)
    rnd = random.Random(seed)
    while not s.is_over:
        if phases is not None:
            phases.add(g.phases[s.phase].name)
        legal = s.legal_actions()
        s.apply(legal[rnd.randrange(len(legal))].text)
    return s


def test_random_games_end_and_take_both_branches() -> None:
    g = rulekit.load(ENGINE / "branching.yaml")
    seen: set[str] = set()
    after_bid = set()
    for seed in range(8):
        phases: set[str] = set()
        s = play(g, seed, phases)
        assert s.outcome is not None
        after_bid.add("exchange" in phases)
        seen |= phases
    assert seen == {"bid", "exchange", "play"}
    assert after_bid == {True, False}  # ordered up in some games, passed in others


@pytest.mark.parametrize("name", ["branching.yaml", "gin.yaml"])
def test_a_cached_game_plays_as_the_game_compiled_afresh(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(tmp_path / "cache"))
    rulekit.load(ENGINE / name, cached=True)
    kept = rulekit.load(ENGINE / name, cached=True)
    assert kept.source.loader is not None  # taken whole from the cache
    fresh = rulekit.load(ENGINE / name)
    for seed in range(2):
        a, b = play(fresh, seed), play(kept, seed)
        assert a.key() == b.key() and a.outcome == b.outcome
        names = ["A", "B"]
        if fresh.table is not None and fresh.table.status:
            assert fresh.table.status_line(fresh, a, 0, "en", names) == \
                kept.table.status_line(kept, b, 0, "en", names)


@pytest.mark.parametrize("name", ["branching.yaml", "gin.yaml"])
def test_the_generated_module_names_only_what_the_generator_made(name: str) -> None:
    """The new constructs generate code of the generator's own names, as every rule does
    (tests/lang/test_codegen.py's check): an arrangement's fields read by place, no method calls."""
    from test_codegen import foreign_names

    source = rulekit.load(ENGINE / name).generated_source()
    assert foreign_names(source) == set()
