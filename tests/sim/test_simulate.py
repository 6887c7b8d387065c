"""`rulekit simulate`: the metrics on tiny rulesets whose answers are known, the JSON document,
A/B comparisons and the terminal output.

tests/sim/race.yaml: "each turn the turn player steps forward (1, plus `handicap` times its seat
number); the first to `target` wins at once. Seat 0 moves first, so in the base game it always
wins, after 2*target-1 decisions."
"""

from __future__ import annotations

import pytest
from rulekit_cli.bots import bot_rng, choose
from sim_helpers import RACE, ROOT, SHAM, metrics, simulate

import rulekit
from rulekit.bots import weighted_choice
from rulekit.sim import play_game
from rulekit.sim.stats import two_means, two_proportions, wilson


def test_race_outcome_length_and_choice_are_the_known_answers(tmp_path):
    run, doc = simulate(tmp_path, RACE, "--games", "4", "--workers", "1")
    assert run.code == 0, run.err
    m = metrics(doc)
    o = m["outcome"]
    # seat 0 always wins: 4 of 4, with the Wilson interval of 4/4
    assert [s["count"] for s in o["seats"]] == [4, 0]
    assert o["seats"][0]["ci95"] == pytest.approx([0.5101, 1.0], abs=1e-4)
    assert o["balance"] == 0.0  # 1 - (1.0 - 0.0)
    assert o["shared_wins"]["rate"] == 0.0 and o["no_winner"]["rate"] == 0.0
    assert o["first_player"]["rate"] == 1.0
    assert o["first_player"]["advantage"] == 0.5  # 1.0 against a fair share of 1/2
    assert o["ends"]["arrived"]["rate"] == 1.0
    # first to 3: seat 0 steps on decisions 1, 3 and 5; one turn per decision; one round
    for k, value in (("decisions", 5), ("turns", 5), ("rounds", 1)):
        d = m["length"][k]
        assert (d["mean"], d["median"], d["p10"], d["p90"], d["max"]) == (value,) * 5
    s = m["scores"]
    assert [d["mean"] for d in s["seats"]] == [3, 2]
    assert s["margin"]["mean"] == 1
    c = m["choice"]
    assert c["multi_option"]["rate"] == 0.0 and c["mean_options"] == 1.0
    # one option at every decision: never a real choice
    assert c["actions"] == {"step": {"legal": 20, "taken": 20, "legal_share": 1.0,
                                     "taken_share": 1.0, "taken_when_legal": 1.0,
                                     "real": 0, "real_share": 0.0}}
    assert m["events"]["stepped"]["per_game"] == 5
    assert m["events"]["stepped"]["games"]["rate"] == 1.0
    assert m["failures"]["count"] == 0


def test_race_tension_lead_changes_without_drama(tmp_path):
    # leaders after each turn: {0,1} {0} {0,1} {0} {0,1} {0}: five changes; seat 0 (the winner)
    # is always among the leaders: no drama, and it led for good from the first turn
    _, doc = simulate(tmp_path, RACE, "--games", "2", "-j", "1")
    t = metrics(doc)["tension"]
    assert t["lead_changes"]["mean"] == 5
    assert t["contested"] == 2
    assert t["drama"]["mean"] == 0.0 and t["decisiveness"]["mean"] == 0.0
    assert t["comebacks"]["rate"] == 0.0


def test_handicap_comeback_drama_and_decisiveness(tmp_path):
    # variant handicap: "Seat 1 steps by 2; the first to 4 wins." Scores after each turn:
    # (1,0) (1,2) (2,2) (2,4): seat 1 wins, was behind after 1 turn of 4, led for good from turn 2
    _, doc = simulate(tmp_path, RACE, "--variant", "handicap", "--games", "2", "-j", "1")
    m = metrics(doc)
    assert [s["count"] for s in m["outcome"]["seats"]] == [0, 2]
    t = m["tension"]
    assert t["lead_changes"]["mean"] == 4  # {0,1} {0} {1} {0,1} {1}
    assert t["drama"]["mean"] == 0.25
    assert t["decisiveness"]["mean"] == 0.25
    assert t["comebacks"]["rate"] == 1.0
    assert m["length"]["decisions"]["mean"] == 4


def test_three_players_and_rotation_give_wins_per_player(tmp_path):
    _, doc = simulate(tmp_path, RACE, "--players", "3", "--rotate", "--games", "6", "-j", "1")
    m = metrics(doc)
    assert m["length"]["decisions"]["mean"] == 7  # seat 0 arrives on its third step
    assert [s["count"] for s in m["outcome"]["seats"]] == [6, 0, 0]
    # rotating: in game i the k-th bot sits at seat (k+i) mod 3, so each bot is seat 0 twice
    assert [p["count"] for p in m["outcome"]["players"]] == [2, 2, 2]
    assert doc["settings"]["rotate"] is True


def test_compare_plays_the_same_seeds_and_tests_each_difference(tmp_path):
    run, doc = simulate(tmp_path, RACE, "--compare", "long", "--games", "5", "-j", "1")
    assert run.code == 0, run.err
    assert [r["variant"] for r in doc["runs"]] == [None, "long"]
    rows = {r["metric"]: r for r in doc["comparison"]["rows"]}
    # "The first to 5 wins": 9 decisions instead of 5, every game: a significant difference
    d = rows["decisions per game"]
    assert (d["a"], d["b"], d["diff"], d["test"], d["significant"]) == (5, 9, 4, "Welch z", True)
    w = rows["win rate, seat 0"]
    assert (w["a"], w["b"], w["test"], w["p"], w["significant"]) == (
        1.0, 1.0, "two-proportion z", 1.0, False)
    assert "A/B" in run.out and "decisions per game" in run.out


def test_compare_with_base_names_the_base_game(tmp_path):
    run, doc = simulate(tmp_path, RACE, "--variant", "long", "--compare", "base", "--games", "2",
                        "-j", "1")
    assert run.code == 0, run.err
    assert doc["comparison"]["a"] == "long" and doc["comparison"]["b"] is None


def test_json_document_has_the_documented_top_level_schema(tmp_path):
    _, doc = simulate(tmp_path, RACE, "--games", "2", "-j", "1")
    assert doc["schema_version"] == 1
    # the keys of schema 1 before the report's words were added, and those added
    assert set(doc) == {"schema_version", "partial", "rulekit_version", "ruleset", "settings",
                        "runs", "comparison", "timing", "about", "until_confident"}
    assert doc["partial"] is False and doc["comparison"] is None
    assert doc["settings"] == {"players": 2, "seats": ["random", "random"], "rotate": False,
                               "timed_bots": False, "games": 2, "seed": 0, "workers": 1,
                               "dask": None}
    assert set(metrics(doc)) == {"games", "outcome", "length", "scores", "choice", "tension",
                                 "events", "failures", "shared_score", "convergence"}
    assert metrics(doc)["length"]["decisions"]["histogram"] == {"5": 2}


def test_every_json_key_is_documented(tmp_path):
    _, doc = simulate(tmp_path, RACE, "--games", "2", "-j", "1", "--compare", "long")
    docs = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    dynamic = {"histogram", "ends", "actions", "events", "seats"}  # their keys are data

    def keys(value, parent=""):
        if isinstance(value, dict) and parent not in dynamic:
            for k, v in value.items():
                yield k
                yield from keys(v, k)
        elif isinstance(value, dict):
            for v in value.values():
                yield from keys(v, "")
        elif isinstance(value, list):
            for v in value:
                yield from keys(v, "")

    missing = sorted({k for k in keys(doc) if f"`{k}`" not in docs})
    assert missing == []


def test_terminal_tables_show_each_seat_and_the_ends(tmp_path):
    run, _ = simulate(tmp_path, RACE, "--games", "3", "-j", "1")
    lines = run.out.splitlines()
    assert any(line.split()[:4] == ["0", "3", "100.0%", "43.9-100.0%"] for line in lines)
    # the ending in the ruleset's words (its text 'arrived'), not its key
    assert any(line.split()[:3] == ["someone", "arrived", "3"] for line in lines)


def test_the_random_seat_makes_rulekit_plays_choices():
    # "Random is make_bot('random', game, seat, seed) and must make exactly the same choices
    # as today's cli/bots.py random bot"; SHAM has `weight:`, drawn by (issue 33)
    game = rulekit.load(SHAM)
    seed = 11
    state = game.new_state(4, seed)
    rngs = [bot_rng(seed, p) for p in range(4)]
    while not state.is_over:
        legal = state.legal_actions()
        rng = rngs[state.decider]
        state.apply_unchecked(choose(legal, rng) if len(legal) == 1
                              else weighted_choice(state, legal, rng.random))
    rec = play_game(game, 4, ["random"] * 4, 0, seed, rotate=False)
    assert (rec.scores, rec.winners, rec.decisions) == (
        state.outcome.scores, state.outcome.winners, state.decisions)


def test_statistics_formulas_match_textbook_values():
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    z, p = two_proportions(30, 100, 45, 100)
    assert (z, p) == pytest.approx((2.1909, 0.0285), abs=1e-4)
    z, p = two_means(10.0, 2.0, 50, 11.0, 2.0, 50)
    assert (z, p) == pytest.approx((2.5, 0.0124), abs=1e-4)


def test_sham_wins_rounds_and_events_agree(tmp_path):
    # SHAM S12: "The highest score wins; equal highest scores share the win." So every game has
    # a winner, and a shared win counts for each of its winners.
    _, doc = simulate(tmp_path, SHAM, "--players", "3", "--games", "6", "-j", "1")
    m = metrics(doc)
    o = m["outcome"]
    wins = sum(s["count"] for s in o["seats"])
    assert o["no_winner"]["count"] == 0
    assert wins >= 6 + o["shared_wins"]["count"]
    # SHAM has one phase, the round: rounds per game are the phase's beginnings
    assert m["length"]["rounds"]["mean"] == m["events"]["phase_begins"]["per_game"]
    assert m["length"]["turns"]["mean"] >= m["length"]["rounds"]["mean"]
    assert m["games"] == 6 and m["events"]["game_over"]["per_game"] == 1


def test_report_is_one_self_contained_file_overlaying_both_variants(tmp_path):
    report = tmp_path / "r.html"
    run, doc = simulate(tmp_path, RACE, "--compare", "handicap", "--games", "3", "-j", "1",
                        "--report", str(report))
    assert run.code == 0, run.err
    page = report.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    # convergence, win rates, decisions, turns, scores, lead changes: six inline plots, nothing
    # to load
    assert page.count("<svg") == 6
    assert "<script" not in page and "src=" not in page and "<link" not in page
    for title in ("Verdict", "What handicap changes", "Convergence", "Win rate per seat",
                  "Length", "Scores", "Lead changes", "A/B comparison"):
        assert f"<h2>{title}</h2>" in page
    # each plot's legend names both variants (matplotlib writes each text as a comment)
    assert page.count("<!-- base -->") == page.count("<!-- handicap -->") == 6
    assert "Partial results" not in page


def test_missing_extras_are_named_before_any_game(tmp_path, monkeypatch):
    import sys

    from cli_helpers import cli

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the extra were not installed
    run = cli("simulate", RACE, "--games", "1", "--report", str(tmp_path / "r.html"))
    assert run.code == 2 and "pip install 'rulekit[report]'" in run.err
    monkeypatch.setitem(sys.modules, "distributed", None)
    run = cli("simulate", RACE, "--games", "1", "--dask", "tcp://127.0.0.1:9")
    assert run.code == 2 and "pip install 'rulekit[cluster]'" in run.err
    assert run.out == ""
