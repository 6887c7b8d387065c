"""`rulekit bench` (issue 33): a game that fails names its seed and the command that replays
it step by step, with one worker or several; the command replays that very failure."""

from __future__ import annotations

import re
import shlex

import pytest
from cli_helpers import cli
from paths import ROOT

from rulekit import playthrough

FRAGILE = ROOT / "tests" / "sim" / "fragile.yaml"  # fails in a rule or at its limit, at random
FAILED = re.compile(r"^rulekit: the ruleset failed while playing: (rule .*) \(in the game dealt "
                    r"from seed (\d+), 2 players; replay it: (python -m rulekit\.playthrough "
                    r"replay .*)\)$", flags=re.M)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_failed_game_names_its_seed_and_the_command_that_replays_it(
        workers: str, capsys: pytest.CaptureFixture[str]) -> None:
    run = cli("bench", str(FRAGILE), "--games", "20", "--seed", "3", "--workers", workers)
    assert run.code != 0 and "Traceback" not in run.err
    found = FAILED.search(run.err)
    assert found, run.err
    error, seed, words = found[1], int(found[2]), shlex.split(found[3])
    assert seed >= 3 and words[words.index("--seed") + 1] == str(seed)
    assert words[:4] == ["python", "-m", "rulekit.playthrough", "replay"]
    # the command replays the game, step by step, to the same failure
    assert playthrough.main(words[3:]) != 0
    out, err = capsys.readouterr()
    assert f"seed {seed}" in out and error in err


def test_the_same_game_fails_alike_with_one_worker_or_two() -> None:
    one = FAILED.search(cli("bench", str(FRAGILE), "--games", "9", "--seed", "5").err)
    two = FAILED.search(cli("bench", str(FRAGILE), "--games", "9", "--seed", "5",
                            "--workers", "2").err)
    assert one and two and one.groups() == two.groups()
