"""The compiled rules are built in one call and read-only afterwards (issue 30, point 2): the
loader labels them with their variants before they are finished, play works out nothing into
them, and a caller who sets something is told the rules are read-only."""

from __future__ import annotations

import dataclasses
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
    before = dict(vars(game))
    tables = repr((game._instances, game.open_codes))  # the zone tables: made with the rules
    for players in (game.min_players, game.max_players):
        _some_play(game, players)
    after = dict(vars(game))
    assert after.keys() == before.keys()
    assert all(after[k] is before[k] for k in before)
    assert repr((game._instances, game.open_codes)) == tables


def test_a_game_kept_whole_is_read_only_and_still_reads_its_ruleset(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(tmp_path / "cache"))
    path = ROOT / "rulesets" / "spades.yaml"
    rulekit.load(path, cached=True)
    game = rulekit.load(path, cached=True)  # taken from the cache this time
    assert game.spec.name == game.name  # the checked ruleset, read when asked
    with pytest.raises(FrozenRulesError):
        game.name = "Hearts"  # type: ignore[misc]


BUNDLED = sorted((ROOT / "rulesets").glob("*.yaml"))


def _data(game: rulekit.Game) -> str:
    """The rules' plain data that play could touch: tables, labels, places, layouts."""
    return repr((game.card_table, game.zone_layout, game.var_layout, game.labels,
                 game.card_label_key, game.places, game.done_actions, game.pick_actions,
                 game._instances, game.open_codes, game._face_order, game.variant_labels,
                 game.limits, game.team_names))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_bundled_rules_refuse_every_assignment_and_stay_the_same(path: Path) -> None:
    game = rulekit.load(path)
    names = [f.name for f in dataclasses.fields(game)] + list(vars(game))
    assert {"card_table", "zone_layout", "var_layout", "flow", "scoring", "limits", "teams",
            "variant_labels"} <= set(names)  # the compiler's parts, whole
    for name in names:
        value = getattr(game, name)
        with pytest.raises(FrozenRulesError, match=f"'{name}' cannot be set"):
            setattr(game, name, value)
        with pytest.raises(FrozenRulesError):
            delattr(game, name)
    with pytest.raises(FrozenRulesError):
        game.brand_new = 1  # type: ignore[attr-defined]
    before, data, module = dict(vars(game)), _data(game), game.generated_source()
    for players in sorted({game.min_players, game.max_players}):
        _some_play(game, players)
    assert all(vars(game)[k] is v for k, v in before.items()) and vars(game).keys() == before.keys()
    assert _data(game) == data
    again = rulekit.load(path)  # compiled afresh: the same module, the same data
    assert again.generated_source() == module and _data(again) == data


def test_flat_names_are_the_parts_own_lists() -> None:
    game = rulekit.load(ROOT / "rulesets" / "spades.yaml")
    assert game.n_cards == game.card_table.n_cards == 52
    assert game.phases is game.flow.phases and game.actions is game.flow.actions
    assert game.player_vars is game.var_layout.player
    assert game.table_zones is game.zone_layout.table
    assert game.max_decisions == game.limits.max_decisions
    assert game.team_names is game.teams.names and game.team_names
    assert game.winners_mode == game.scoring.mode
    # a parameter's steps are asked of the rules themselves, not of what the compiler drafted
    params = [p for a in game.actions for p in a.params]
    assert params and all(p.game is game for p in params)


def test_a_game_kept_whole_keeps_its_zone_tables_and_reads_no_spec_until_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(tmp_path / "cache"))
    path = ROOT / "rulesets" / "uno.yaml"
    fresh = rulekit.load(path, cached=True)
    kept = rulekit.load(path, cached=True)
    assert kept is not fresh and kept.source.held is None and kept.source.loader is not None
    assert _data(kept) == _data(fresh)
    _some_play(kept, 3)
    assert kept.spec.name == "UNO" and kept.source.held is not None  # read once asked
