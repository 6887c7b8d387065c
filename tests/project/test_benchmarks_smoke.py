"""benchmarks/gauntlet.py and benchmarks/ladder.py run, write the figures they promise, and give
the same figures for any number of workers; the scripted strategies answer windows as named.
Never about strength or time: random and scripted seats, a couple of games."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT

import rulekit

BENCH = ROOT / "benchmarks"


def _run(script: str, *args: str, json_file: Path) -> dict:
    p = subprocess.run([sys.executable, str(BENCH / script), *args, "--json", str(json_file)],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr
    data = json.loads(json_file.read_text())
    data.pop("commit")  # another commit may land between two runs
    return data


def _both(script: str, args: list[str], tmp_path: Path) -> dict:
    one = _run(script, *args, "--workers", "1", json_file=tmp_path / "one.json")
    two = _run(script, *args, "--workers", "2", json_file=tmp_path / "two.json")
    assert one == two
    return one


def test_gauntlet_rows_have_rate_interval_and_fair_share(tmp_path):
    data = _both("gauntlet.py", ["--rulesets", "uno", "--players", "2", "--games", "2",
                                 "--opponent", "random", "--strategies", "first,call,most_cards"],
                 tmp_path)
    assert data["benchmark"] == "gauntlet"
    # UNO has no window: 'call' would play as 'first' and is left out
    assert [r["strategy"] for r in data["rows"]] == ["first", "most_cards"]
    for row in data["rows"]:
        assert row["games"] == 2 and row["decided"] + row["failed"] == 2
        assert 0 <= row["low"] <= row["rate"] <= row["high"] <= 1
        assert row["fair_share"] == 0.5  # one winner of two players
        assert row["verdict"] in ("above", "below", "within")


def test_gauntlet_cooperative_game_has_a_control_row(tmp_path):
    data = _run("gauntlet.py", "--rulesets", "shamus", "--games", "2", "--opponent", "random",
                "--strategies", "first", "--workers", "1", json_file=tmp_path / "g.json")
    rows = data["rows"]
    assert [r["strategy"] for r in rows] == ["first", "control"]
    assert rows[0]["cooperative"] and rows[0]["fair_share"] == rows[1]["rate"]


def test_ladder_pairs_and_cooperative_rows(tmp_path):
    data = _both("ladder.py", ["--rulesets", "uno,shamus", "--players", "2", "--games", "2",
                               "--levels", "random,first"], tmp_path)
    assert data["benchmark"] == "ladder"
    (match,) = data["head_to_head"]
    assert (match["lower"], match["upper"], match["games"]) == ("random", "first", 2)
    assert match["upper_wins"] + match["lower_wins"] + match["ties"] + match["failed"] == 2
    assert match["significant"] == (match["decided"] > 0 and match["low"] > 0.5)
    levels = data["cooperative"]
    assert [t["level"] for t in levels] == ["random", "first"]
    assert "vs_lower" not in levels[0] and levels[1]["vs_lower"]["level"] == "random"
    assert all(t["target"] == 0.55 and t["goal"] == 0.7 for t in levels)


@pytest.mark.parametrize("script", ["gauntlet.py", "ladder.py"])
def test_a_time_budget_is_refused_with_a_message(script, tmp_path):
    flag = "--opponent" if script == "gauntlet.py" else "--levels"
    value = "medium:0.5s" if script == "gauntlet.py" else "random,medium:0.5s"
    p = subprocess.run([sys.executable, str(BENCH / script), "--rulesets", "uno", flag, value],
                       capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert p.returncode == 2
    assert "iteration budget, e.g. medium:200" in p.stderr and "Traceback" not in p.stderr


def _strategies():
    spec = importlib.util.spec_from_file_location("bench_strategies", BENCH / "strategies.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_call_and_pass_answer_a_window_with_its_call_or_its_always_legal_answer():
    strategies = _strategies()
    game = rulekit.load(str(ROOT / "rulesets" / "sham.yaml"))
    first = strategies.make_player("first", game, 0, 0)
    for seed in range(20):  # the first placement's challenge window, a caller in the round
        state = game.new_state(4, seed)
        while not state.is_over and (state.pending.kind != "window"
                                     or len(state.legal_actions()) < 2):
            state.apply_unchecked(first.choose(state))
        if not state.is_over:
            break
    seat = state.decider
    texts = {a.text for a in state.legal_actions()}
    assert {"call_sham", "let_it_go"} <= texts
    assert strategies.make_player("call", game, seat, 0).choose(state).text == "call_sham"
    assert strategies.make_player("pass", game, seat, 0).choose(state).text == "let_it_go"


def test_most_cards_starts_the_action_taking_most_cards_and_picks_until_it_cannot():
    strategies = _strategies()
    game = rulekit.load(str(ROOT / "rulesets" / "sham.yaml"))
    state = game.new_state(4, 3)
    player = strategies.make_player("most_cards", game, state.decider, 0)
    assert player.choose(state).text == "place"
    state.apply("place")
    picked = 0
    while state.pending.kind == "param" and state.pending.param.name == "chosen":
        action = player.choose(state)
        if action.text == "done":
            break
        state.apply_unchecked(action)
        picked += 1
    assert picked == 7  # SHAM's hand of seven, every card placed
