"""Variants combined from files: `rulekit.load(path, variant="a+b")`, `--variant a+b`, and the
default player count a variant changes. (tests/lang/test_variants.py covers the merge rules and
tests/games/shamus/test_shamus_variants.py the Shamus levels with four players, READING H8.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import cli

import rulekit

RACE = """\
name: Race
players: {min: 2, max: 4, default: 2}
cards:
  attributes: {value: [1, 2, 3]}
  deck: [{value: [1, 2, 3], count: 8}]
  start: stock
  label: [{text: card}]
zones:
  stock: {visibility: count}
  hand: {owner: player, visibility: owner}
define:
  target: 2
phases:
  main:
    first: "first(players)"
    end_if: "any(size(p.hand) >= target for p in players) or size(stock) == 0"
    on_end: [end game won]
actions:
  draw: {effects: ["draw 1 from stock to actor.hand", end turn]}
scoring: {score: "size(p.hand)"}
text:
  card: {en: "card {value}"}
  won: {en: a hand is full}
variants:
  long:
    description: Five cards win.
    changes: {define: {target: 5}}
  short:
    changes: {define: {target: 1}}
  crowd:
    description: Three or four players.
    changes: {players: {min: 3, default: 3}}
"""


@pytest.fixture
def race(tmp_path: Path) -> Path:
    path = tmp_path / "race.yaml"
    path.write_text(RACE)
    return path


def test_load_combines_variants_from_a_file(race: Path):
    game = rulekit.load(race, variant="long+crowd")
    assert game.variant == "long+crowd"
    assert (game.min_players, game.max_players, game.default_players) == (3, 4, 3)
    state = game.new_state(3, seed=1)
    while not state.over:
        state.apply(state.legal_actions()[0])
    assert max(state.outcome.scores) == 5  # long: five cards win


def test_a_file_that_extends_keeps_combining_the_bases_variants(race: Path):
    (race.parent / "house.yaml").write_text("extends: race.yaml\nname: House race\n")
    game = rulekit.load(race.parent / "house.yaml", variant="crowd+short")
    assert (game.name, game.min_players, game.variant) == ("House race", 3, "crowd+short")


def test_conflicting_variants_name_both_and_where(race: Path):
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(race, variant="long+short")
    [d] = err.value.diagnostics
    lines = RACE.splitlines()
    long_at = lines.index("    changes: {define: {target: 5}}") + 1
    short_at = lines.index("    changes: {define: {target: 1}}") + 1
    assert d.message == ("the variants 'long' and 'short' cannot be combined: they set "
                         f"define.target differently ('long' sets it at {race}:{long_at}:24)")
    assert (d.file, d.line) == (str(race), short_at)


def test_an_unknown_variant_names_the_choice_and_lists_the_known_ones(race: Path):
    with pytest.raises(rulekit.UnknownVariantError) as err:
        rulekit.load(race, variant="long+shrot")
    assert err.value.diagnostics[0].message == (
        "no variant 'shrot' (in 'long+shrot'); the variants are: long, short, crowd")
    assert err.value.diagnostics[0].hint == "did you mean 'short'?"


def test_bench_takes_a_combined_variant_and_its_default_player_count(race: Path):
    run = cli("bench", str(race), "--variant", "short+crowd", "--games", "2")
    assert run.code == 0, run.err
    assert "3 players" in run.out.splitlines()[0]
    run = cli("bench", str(race), "--games", "2")
    assert "2 players" in run.out.splitlines()[0]


def test_a_variant_moving_min_past_the_base_default_must_say_its_own():
    text = RACE.replace("changes: {players: {min: 3, default: 3}}", "changes: {players: {min: 3}}")
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load_text(text, "race.yaml", "crowd")
    d = err.value.diagnostics[0]
    assert d.message == "the default player count 2 is not from min (3) to max (4)"
    assert d.line == 2  # the base's default, which the variant left as it was


def test_the_command_line_reports_a_bad_combination_without_a_traceback(race: Path):
    """Bad input: `--variant a+b` where `b` is unknown, or `a` and `b` set the same key
    differently: an error naming both overlays, never a traceback."""
    run = cli("bench", str(race), "--variant", "long+short", "--games", "2")
    assert run.code != 0 and "Traceback" not in run.out + run.err
    assert f"{race}:29:24: the variants 'long' and 'short' cannot be combined" in run.err
    run = cli("play", str(race), "--variant", "long+shrot")
    assert run.code != 0 and "Traceback" not in run.out + run.err
    assert "no variant 'shrot' (in 'long+shrot')" in run.err
    assert "did you mean 'short'?" in run.err


def test_an_error_of_a_combination_alone_names_the_combination():
    """Each overlay is fine alone; merged, max falls below min: the base's line is where the
    error is, and the message says which combination made it."""
    text = RACE + "  two:\n    changes: {players: {max: 2}}\n"
    for single in ("two", "crowd"):
        assert rulekit.load_text(text, "race.yaml", single).variant == single
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load_text(text, "race.yaml", "two+crowd")
    d = err.value.diagnostics[0]
    assert d.message.startswith("in variant 'two+crowd': max (2) is smaller than min (3)")
    assert (d.line, d.col) == (2, 10)
    assert str(err.value).startswith("race.yaml:2:10: in variant 'two+crowd': ")
