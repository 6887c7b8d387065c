"""Games by name: the bundled rulesets are installed with rulekit and found from any directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import cli
from paths import ROOT
from rulekit_cli.games import bundled

RULESETS = ROOT / "rulesets"


@pytest.fixture(autouse=True)
def small_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """An 80x24 terminal, whatever the width of the one running the tests ($COLUMNS)."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")


def test_every_bundled_ruleset_is_installed_by_name() -> None:
    assert sorted(bundled()) == sorted(p.stem for p in RULESETS.glob("*.yaml"))


def test_list_long_names_each_game_with_its_players_variants_and_languages() -> None:
    run = cli("list", "--long")
    assert run.code == 0
    for stem in bundled():
        assert stem in run.out
    row = next(line for line in run.out.splitlines() if line.startswith("shamus"))
    assert "Shamus" in row and "2" in row and "advanced" in row and "en, fr" in row


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_list_fits_a_small_terminal_one_line_per_game(lang: str) -> None:
    run = cli("list", "--lang", lang)  # not a terminal: 80 columns (the fixture's $COLUMNS)
    assert run.code == 0
    lines = run.out.splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    for stem in bundled():
        [row] = [line for line in lines if line.split()[:1] == [stem]]
    shamus = next(line for line in lines if line.startswith("shamus "))
    assert " 2 " in shamus and "Shamus" in shamus and shamus.endswith("…")  # cut, not wrapped
    assert "rulekit list --long" in lines[-1]


def test_play_by_name_works_from_any_directory(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = cli("play", "sham", "--seats", "random,random,random", "--seed", "3")
    assert run.code == 0, run.err
    assert "SHAM" in run.out


def test_validate_and_bench_take_names_too(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = cli("validate", "chami")
    assert run.code == 0 and ": ok: Le Ch'ami" in run.out
    run = cli("bench", "sham", "--games", "2")
    assert run.code == 0 and "decisions/game" in run.out


def test_an_unknown_game_lists_the_bundled_ones() -> None:
    run = cli("play", "nosuchgame")
    assert run.code == 2
    assert "no file or bundled game called 'nosuchgame'" in run.err
    for stem in bundled():
        assert stem in run.err
    assert "rulekit list" in run.err


def test_a_path_still_names_a_file(tmp_path: Path) -> None:
    run = cli("validate", str(tmp_path / "missing.yaml"))
    assert run.code == 1
    assert "no such file" in run.out + run.err


def test_a_human_sees_each_teams_members_and_variables() -> None:
    """A game with teams shows one row per team: its name, members and visible variables."""
    run = cli("play", "spades", "--variant", "one_hand", "--seats", "human,random,random,random",
              "--seed", "1", stdin="1\n")
    screen = run.out.split("Your Hand")[0]
    assert "Team" in screen and "Members" in screen and "Bags" in screen
    assert any(line.startswith("North-South") and "Player 1, Bot 3" in line
               for line in screen.splitlines())
    assert any(line.startswith("East-West") and "Bot 2, Bot 4" in line
               for line in screen.splitlines())


def test_play_help_says_the_levels_as_they_are() -> None:
    """The levels are searches of so many iterations a decision (rulekit.bots.LEVELS), the same
    on any machine: the help says those numbers, not the seconds of an older rulekit."""
    from rulekit.bots import LEVELS

    run = cli("play", "--help")
    text = " ".join(run.out.split())
    assert run.code == 0
    for name, spec in LEVELS.items():
        assert f"{name} {spec.iterations}" in text
    assert "iterations per decision, the same play on any machine" in text
    assert "ismcts:0.3s" not in text and "ismcts:2s" not in text
