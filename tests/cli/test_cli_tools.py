"""`rulekit validate`, `rulekit bench`, `--help` and `--version`, through their output."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest
from paths import ROOT, TESTS
from rulekit_cli import bench
from rulekit_cli.main import main

import rulekit

SHAM = str(ROOT / "rulesets" / "sham.yaml")


@dataclass
class Run:
    """What one `rulekit` run printed, and its exit status."""

    code: int
    out: str
    err: str


def cli(*argv: str) -> Run:
    """Run `rulekit argv...` in this process, with empty standard input."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin, sys.stdin = sys.stdin, io.StringIO("")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(argv))
    finally:
        sys.stdin = old_stdin
    return Run(code, out.getvalue(), err.getvalue())

BROKEN = """\
name: Broken
players: {min: 2, max: 4}
cards:
  attributes:
    value: [1, 2]
  deck:
    - {value: [1, 2]}
  start: pile
  label:
    - {text: card}
zones:
  pile: {visibility: public}
phases:
  main:
    first: "first(players)"
actions:
  go:
    effects: [end turn]
    colour: red
scoring:
  score: "seat(p)"
text:
  card: {en: "card {value}"}
"""


# ---- validate ----------------------------------------------------------------------------------
def test_validate_summarises_a_valid_ruleset():
    r = cli("validate", SHAM)
    assert r.code == 0
    assert r.out.strip() == (f"{SHAM}: ok: SHAM, 3-7 players, 80 cards, 5 zones, 1 phase, "
                             "10 actions, languages en, fr, es")


def test_validate_locates_each_error_with_a_caret(tmp_path: Path):
    bad = tmp_path / "broken.yaml"
    bad.write_text(BROKEN, encoding="utf-8")
    r = cli("validate", str(bad))
    assert r.code == 1
    lines = r.out.splitlines()
    # the unknown key `colour` is on line 19, column 5
    first = next(i for i, line in enumerate(lines) if line.startswith(f"{bad}:19:5: "))
    assert "unknown key 'colour'" in lines[first]
    assert lines[first + 1].strip() == "colour: red"
    assert lines[first + 2] == "    " + " " * 4 + "^"
    assert lines[-1] == f"{bad}: 1 error"


def test_validate_reports_every_ruleset_and_fails_if_any_is_broken(tmp_path: Path):
    bad = tmp_path / "broken.yaml"
    bad.write_text(BROKEN, encoding="utf-8")
    missing = tmp_path / "missing.yaml"
    r = cli("validate", SHAM, str(bad), str(missing))
    assert r.code == 1
    assert f"{SHAM}: ok: SHAM" in r.out
    assert f"{bad}: 1 error" in r.out
    assert f"{missing}: cannot read {missing}" in r.out
    assert "Traceback" not in r.out + r.err


def test_validate_needs_a_ruleset():
    r = cli("validate")
    assert r.code == 2
    assert "the following arguments are required: RULESET" in r.err


# ---- bench -------------------------------------------------------------------------------------
def _figures(out: str) -> dict[str, str]:
    return dict(re.findall(r"^  (games/s|decisions/s|decisions/game|time|peak memory|runtime)"
                           r"\s+(.+)$", out, flags=re.M))


def test_bench_prints_speed_decisions_and_peak_memory():
    r = cli("bench", SHAM, "--players", "4", "--games", "5", "--seed", "3")
    assert r.code == 0, r.err
    assert r.out.startswith(f"SHAM ({SHAM}): 5 games, 4 players, random bots, seed 3")
    figures = _figures(r.out)
    assert set(figures) == {"games/s", "decisions/s", "decisions/game", "time", "peak memory",
                            "runtime"}
    # which runtime made the figures: this tree's, as `python -m rulekit.native status` says
    assert figures["runtime"] == bench.RUNTIME_FORMS[rulekit.native.STATUS]
    assert float(figures["games/s"].replace(",", "")) > 0
    assert float(figures["decisions/s"].replace(",", "")) > 0
    assert re.fullmatch(r"[\d.]+ MiB \(process peak RSS, getrusage ru_maxrss\)",
                        figures["peak memory"])


def test_bench_decision_counts_depend_only_on_the_seed():
    a = _figures(cli("bench", SHAM, "--games", "4", "--seed", "10").out)
    b = _figures(cli("bench", SHAM, "--games", "4", "--seed", "10").out)
    assert a["decisions/game"] == b["decisions/game"]
    assert float(a["decisions/game"]) > 10  # a SHAM game takes many decisions


def test_bench_mean_decisions_matches_the_games_played():
    from rulekit_cli.bench import play_games

    game = rulekit.load(SHAM)
    total = play_games(game, 3, 4, 8)
    figures = _figures(cli("bench", SHAM, "--players", "3", "--games", "4", "--seed", "8").out)
    assert figures["decisions/game"] == f"{total / 4:,.1f}"


@pytest.mark.parametrize(("args", "expected"), [
    (["--players", "8"], "SHAM is played by 3 to 7 players, not 8"),
    (["--games", "0"], "argument --games: must be a whole number >= 1, not '0'"),
    (["--seed", "-5"], "argument --seed: must be a whole number >= 0, not '-5'"),
    (["--workers", "0"], "argument --workers: must be a whole number >= 1, not '0'"),
    (["--workers", "-2"], "argument --workers: must be a whole number >= 1, not '-2'"),
])
def test_bench_usage_errors_exit_2(args: list[str], expected: str):
    r = cli("bench", SHAM, *args)
    assert r.code == 2
    assert expected in r.err


def test_bench_workers_play_the_same_games():
    """`--workers N` shares the games among N processes; each game is still dealt and played
    from its own seed, so the decision counts are the same whatever N."""
    one = cli("bench", SHAM, "--games", "6", "--seed", "4", "--workers", "1")
    two = cli("bench", SHAM, "--games", "6", "--seed", "4", "--workers", "2")
    assert one.code == two.code == 0, one.err + two.err
    assert "seed 4, 1 worker\n" in one.out and "seed 4, 2 workers\n" in two.out
    assert _figures(one.out)["decisions/game"] == _figures(two.out)["decisions/game"]


def test_run_bench_totals_do_not_depend_on_the_workers():
    from rulekit_cli.bench import run_bench

    game = rulekit.load(SHAM)
    totals = {w: run_bench(game, 3, 5, 2, workers=w).decisions for w in (1, 2, 3)}
    assert len(set(totals.values())) == 1 and totals[1] > 0


NO_WAY_OUT = """\
name: No way out
players: {min: 2, max: 2}
cards:
  attributes: {rank: int}
  deck: [{rank: [1, 2, 3]}]
  start: deck
  label: [{text: card}]
zones:
  deck: {visibility: count}
  hand: {owner: player, visibility: owner}
phases:
  main: {first: "first(players)"}
actions:
  take:
    when: "size(deck) > 0"
    effects: ["draw 1 from deck to actor.hand", "end turn"]
scoring: {score: "size(p.hand)"}
text:
  card: {en: "{rank}"}
"""


@pytest.mark.parametrize("workers", ["1", "2"])
def test_bench_reports_a_rule_failing_in_any_worker(tmp_path, workers):
    path = tmp_path / "no_way_out.yaml"
    path.write_text(NO_WAY_OUT, encoding="utf-8")
    r = cli("bench", str(path), "--games", "3", "--workers", workers)
    assert r.code == 2
    assert "the ruleset failed while playing: rule phases.main" in r.err
    assert "no legal action" in r.err and "Traceback" not in r.err


def test_the_benchmark_script_runs_the_same_code():
    p = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench.py"), "--players", "3,5",
                        "--games", "2"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert p.stdout.count("decisions/game") == 2
    assert "2 games, 5 players, random bots, seed 0" in p.stdout


def test_decision_costs_counts_every_decision_of_the_games_by_kind():
    """benchmarks/decision_costs.py: as many decisions as the same games have, split by kind."""
    ruleset = ROOT / "rulesets" / "sham.yaml"
    p = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "decision_costs.py"),
                        str(ruleset), "--players", "4", "--games", "3"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    game = rulekit.load(ruleset)
    decisions = 0
    for i in range(3):  # the same games: the bot of `rulekit bench`, game i dealt from seed i
        state = game.new_state(4, i)
        rnd = random.Random(f"rulekit-bench:{i}").random
        while not state.is_over:
            legal = state.legal_actions()
            state.apply_unchecked(legal[0] if len(legal) == 1 else legal[int(rnd() * len(legal))])
        decisions += state.decisions
    assert f"SHAM, 4 players, 3 games, {decisions} decisions" in p.stdout
    shares = re.findall(r"^(?:pick a card|answer a window|choose a value|start an action on a "
                        r"turn|finish picking) +(\d+)%", p.stdout, re.M)
    assert len(shares) == 5 and 98 <= sum(map(int, shares)) <= 102  # rounded shares of all


# ---- help and version ----------------------------------------------------------------------------
def test_version():
    r = cli("--version")
    assert r.code == 0
    assert r.out.strip() == f"rulekit {rulekit.__version__}"


def test_help_lists_the_commands_and_exit_statuses():
    r = cli("--help")
    assert r.code == 0
    for word in ("play", "validate", "bench", "exit status", "130"):
        assert word in r.out


@pytest.mark.parametrize("command", ["play", "validate", "bench"])
def test_each_command_has_help(command: str):
    r = cli(command, "--help")
    assert r.code == 0
    assert f"usage: rulekit {command}" in r.out


def test_no_command_prints_help_and_exits_2():
    r = cli()
    assert r.code == 2
    assert "usage: rulekit" in r.err


def test_the_installed_command_and_the_module_both_run():
    for argv in (["rulekit", "--version"], [sys.executable, "-m", "rulekit_cli.main", "--version"]):
        p = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        assert p.returncode == 0
        assert p.stdout.strip() == f"rulekit {rulekit.__version__}"


def test_versus_rlcard_says_how_to_install_rlcard_when_it_is_missing():
    """benchmarks/versus_rlcard.py without rlcard: a clear message, exit status 1, no traceback."""
    script = ROOT / "benchmarks" / "versus_rlcard.py"
    hide = ("import runpy, sys; sys.modules['rlcard'] = None; sys.argv = [sys.argv[1], '--games', "
            "'1']; runpy.run_path(sys.argv[0], run_name='__main__')")
    p = subprocess.run([sys.executable, "-c", hide, str(script)], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 1
    assert "needs rlcard, which is not installed" in p.stderr
    assert "pip install -e '.[bench]'" in p.stderr and "Traceback" not in p.stderr


def test_replaying_a_game_that_fails_shows_the_typed_error_not_a_traceback() -> None:
    """The simulate report lists a failed game's replay command: it must show why it failed."""
    import subprocess
    import sys

    case = TESTS / "hostile" / "runtime" / "deal_huge_count.yaml"
    p = subprocess.run([sys.executable, "-m", "rulekit.playthrough", "replay", str(case),
                        "--players", "2", "--seed", "1", "--choices", "0"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1
    assert p.stderr.startswith("EvaluationLimitError: rule setup: ")
    assert "Traceback" not in p.stderr


def test_first_prompt_times_rulekit_play_up_to_its_first_prompt():
    """benchmarks/first_prompt.py: one figure per tree, from a play that reached its prompt."""
    p = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "first_prompt.py"),
                        str(ROOT / "tests" / "engine" / "minimal.yaml"), "--runs", "1"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert "--seats human,random (CPU s" in p.stdout
    assert re.search(r"this +median \d+\.\d{3}", p.stdout), p.stdout
    broken = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "first_prompt.py"),
                             str(ROOT / "tests" / "engine" / "minimal.yaml"), "--runs", "1",
                             "--seats", "human,random,random"],
                            capture_output=True, text=True, timeout=300)
    assert broken.returncode != 0 and "failed" in broken.stderr
