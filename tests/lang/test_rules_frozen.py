"""The compiled rules are built in one call and read-only afterwards (issue 30, point 2): the
loader labels them with their variants before they are finished, play works out nothing into
them, and a caller who sets something is told the rules are read-only."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import ROOT, TESTS

import rulekit
from rulekit.errors import FrozenRulesError, UsageError

VARIANTS = TESTS / "variants"


def _some_play(game: rulekit.Game, players: int) -> None:
    state = game.new_state(players, seed=3)
    for _ in range(40):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
        rulekit.observation(state, 0)  # what a seat sees: the zones and their visibility


def test_loaded_rules_refuse_a_change_and_say_so() -> None:
    game = rulekit.load(ROOT / "rulesets" / "crazy_eights.yaml")
    with pytest.raises(FrozenRulesError) as caught:
        game.max_decisions = 10  # type: ignore[misc]
    assert isinstance(caught.value, UsageError) and isinstance(caught.value, AttributeError)
    assert "'max_decisions' cannot be set" in str(caught.value)
    assert game.max_decisions != 10


def test_a_variant_is_labelled_before_the_rules_are_finished() -> None:
    game = rulekit.load(VARIANTS / "house.yaml", variant="short")
    assert game.variant == "short"
    assert "short" in game.variants and game.variant_descriptions["short"]
    with pytest.raises(FrozenRulesError):
        game.variant = None  # type: ignore[misc]


def test_play_sets_nothing_on_the_rules() -> None:
    game = rulekit.load(ROOT / "rulesets" / "uno.yaml")
    before = {k: v for k, v in vars(game).items() if k not in ("_instances", "open_codes")}
    for players in (game.min_players, game.max_players):
        _some_play(game, players)
    after = {k: v for k, v in vars(game).items() if k not in ("_instances", "open_codes")}
    assert after.keys() == before.keys()
    assert all(after[k] is before[k] for k in before)


def test_a_game_kept_whole_is_read_only_and_still_reads_its_ruleset(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(tmp_path / "cache"))
    path = ROOT / "rulesets" / "spades.yaml"
    rulekit.load(path, cached=True)
    game = rulekit.load(path, cached=True)  # taken from the cache this time
    assert game.spec.name == game.name  # the checked ruleset, read when asked
    with pytest.raises(FrozenRulesError):
        game.name = "Hearts"  # type: ignore[misc]
