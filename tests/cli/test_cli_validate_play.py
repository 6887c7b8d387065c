"""`rulekit validate --play N` (issue 8, point 9): a ruleset that loads but cannot be played is
reported by the command designers already run, with the typed error, and exit status 1."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from cli_helpers import cli
from paths import ROOT

import rulekit
from rulekit import playthrough

BASE = (ROOT / "tests" / "broken" / "_base.yaml").read_text(encoding="utf-8")


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _replayed(path: str, line: str) -> str:
    """The replay command at the end of line, checked: it names the game (2 players, seed 0)
    and its choices play that game to the same failure."""
    command = line.rsplit("; replay: ", 1)[1]
    words = shlex.split(command)
    assert words[:8] == ["python", "-m", "rulekit.playthrough", "replay", path, "--players",
                         "2", "--seed"] and words[8] == "0" and words[9] == "--choices"
    choices = [int(k) for k in words[10].split(",")]
    error = re.search(r"seed 0\): (\w+): ", line)  # the error's kind
    assert error
    with pytest.raises(getattr(rulekit, error[1])):
        for _ in playthrough.replay_steps(rulekit.load(path), 2, 0, choices):
            pass
    return command


def test_a_bundled_ruleset_plays_its_games() -> None:
    run = cli("validate", "--play", "2", str(ROOT / "rulesets" / "sham.yaml"))
    assert run.code == 0
    lines = run.out.splitlines()
    assert lines[0].startswith(f"{ROOT / 'rulesets' / 'sham.yaml'}: ok: SHAM")
    assert lines[1].startswith(f"{ROOT / 'rulesets' / 'sham.yaml'}: played 2 games with random "
                               "bots, ")


def test_a_game_that_never_ends_is_reported_with_its_limit(tmp_path: Path) -> None:
    text = (BASE.replace('end_if: "passes >= num_players"', 'end_if: "false"')
            .replace("players: {min: 2, max: 4}", "players: {min: 2, max: 4}\n"
                     "limits: {max_decisions: 200}")
            .replace("      - set passes = passes + 1\n", "      - set passes = 0\n"))
    path = write(tmp_path, "never.yaml", text)
    run = cli("validate", "--play", "5", path)
    assert run.code == 1
    line = text.splitlines().index('    end_if: "false"') + 1
    assert run.out.splitlines()[1] == (
        f"{path}: cannot be played: game 1 of 5 (2 players, seed 0): EvaluationLimitError: rule "
        "limits.max_decisions: the game did not end within 200 decisions: it is in phase "
        f"'play', whose end_if does not hold (in 'false' at {path}:{line}:14); replay: "
        f"{_replayed(path, run.out.splitlines()[1])}")


def test_a_rule_that_fails_in_play_is_reported_with_the_rule(tmp_path: Path) -> None:
    path = write(tmp_path, "div.yaml", BASE.replace("      - set passes = passes + 1\n",
                                                    "      - set passes = 10 // passes\n"))
    run = cli("validate", "--play", "5", path)
    assert run.code == 1
    assert run.out.splitlines()[1] == (
        f"{path}: cannot be played: game 1 of 5 (2 players, seed 0): RuleRuntimeError: rule "
        f"actions.pass.effects: division by zero (in 'set passes = 10 // passes' at "
        f"{path}:64:9); replay: {_replayed(path, run.out.splitlines()[1])}")  # located


def test_without_play_no_game_is_dealt(tmp_path: Path) -> None:
    path = write(tmp_path, "div.yaml", BASE.replace("      - set passes = passes + 1\n",
                                                    "      - set passes = 10 // passes\n"))
    run = cli("validate", path)
    assert run.code == 0 and len(run.out.splitlines()) == 1


def test_the_games_end_with_what_they_never_reached_each_located(tmp_path: Path) -> None:
    """The coverage line (issue 33): an action never legal, an end_if never true and a text
    never logged in the games played, each with its file:line."""
    text = (BASE.replace("actions:\n", """\
  coda:
    first: starter
    end_if: "passes > 100"
actions:
  sulk:
    phase: play
    when: "num_players > 10"
    effects:
      - {log: sulked, args: {player: actor}}
      - end turn
""").replace("text:\n", "text:\n  sulked: {en: \"{player} sulks.\", fr: \"{player} boude.\"}\n"))
    path = write(tmp_path, "dull.yaml", text)
    run = cli("validate", "--play", "3", path)
    assert run.code == 0, run.out
    lines = text.splitlines()
    at = {k: lines.index(v) + 1 for k, v in
          (("sulk", "  sulk:"), ("coda", '    end_if: "passes > 100"'),
           ("sulked", "      - {log: sulked, args: {player: actor}}"))}
    assert run.out.splitlines()[2] == (
        f"{path}: coverage of 3 games: never legal: sulk ({path}:{at['sulk']}); end_if never "
        f"true: coda ({path}:{at['coda']}); never logged: sulked ({path}:{at['sulked']})")


def test_a_bundled_game_reaches_every_end_if() -> None:
    run = cli("validate", "--play", "3", str(ROOT / "rulesets" / "spades.yaml"))
    assert run.code == 0
    assert run.out.splitlines()[2].startswith(
        f"{ROOT / 'rulesets' / 'spades.yaml'}: coverage of 3 games: every action legal; every "
        "end_if true; ")
