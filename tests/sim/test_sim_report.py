"""The report of `rulekit simulate --compare` answers "what did my change do?" (issue 33,
point 4): a verdict in words corrected for the number of tests, what the variant changes in
the author's words, figures chosen by the kind of game, the ruleset's words for endings,
events and actions, one number format, real choices per action, convergence, and
--until-confident.
"""

from __future__ import annotations

import io
import json
import time

import pytest
from rich.console import Console
from rulekit_cli.simulate_until import Estimate
from sim_helpers import RACE, ROOT, metrics, simulate

from rulekit.sim.checkpoints import checkpoint
from rulekit.sim.comparison import finish
from rulekit.sim.stats import games_for_means, games_for_proportions, holm
from rulekit.sim.verdict import verdict

SHAMUS = str(ROOT / "rulesets" / "shamus.yaml")


@pytest.fixture(scope="module")
def shamus_expert(tmp_path_factory):
    """`rulekit simulate shamus --compare expert`, 30 games, with its JSON and HTML report."""
    tmp = tmp_path_factory.mktemp("shamus")
    report = tmp / "r.html"
    run, doc = simulate(tmp, SHAMUS, "--compare", "expert", "--games", "30", "-j", "1",
                        "--report", str(report))
    assert run.code == 0, run.err
    return run, doc, report.read_text(encoding="utf-8")


def test_shamus_expert_opens_with_a_verdict_sentence(shamus_expert):
    run, doc, _ = shamus_expert
    lines = run.out.splitlines()
    # the verdict comes before any table, right after what was played and by whom
    assert lines[0].startswith("Shamus: expert against the base game, 30 games per variant")
    assert lines[1].startswith("Seats: random in every seat, the default")
    assert lines[2].startswith("Verdict: expert against the base game, 30 and 30 games: ")
    assert "Holm-corrected" in lines[2]
    # the main figure of a cooperative game: the players' success against Shamus
    assert lines[3].startswith("The players beat Shamus in ")
    assert doc["comparison"]["verdict"][0] == lines[2]


def test_shamus_expert_says_what_the_overlay_changes_in_the_authors_words(shamus_expert):
    run, doc, page = shamus_expert
    out = run.out
    # shamus.yaml: expert's description, and `define: {senior_points: "150", junior_points:
    # "200"}` over the base game's 50 and 100
    assert "What expert changes" in out
    assert "Expert level: 150 points to beat Shamus Senior, 200 to beat Shamus Junior." in out
    assert "define.senior_points: 50 -> 150" in out
    assert "define.junior_points: 100 -> 200" in out
    keys = doc["about"]["changes"]["keys"]
    assert {"key": "define.senior_points", "a": "50", "b": "150"} in keys
    assert "<h2>What expert changes</h2>" in page and "define.senior_points" in page


def test_a_cooperative_game_has_no_seat_balance_figures(shamus_expert):
    run, doc, page = shamus_expert
    assert doc["about"]["kind"] == "together" and doc["about"]["against"] == "Shamus"
    out = run.out
    for seat_figure in ("balance", "win rate, seat", "first player", "lead changes", "drama",
                        "decisiveness", "winning margin", "score, seat"):
        assert seat_figure not in out, seat_figure
    assert "the players beat Shamus" in out
    # no line of dashes only: every figure shown was measured
    for line in out.splitlines():
        cells = line.split()
        assert not (len(cells) > 2 and all(c == "-" for c in cells[1:])), line
    assert "Win rate per seat" not in page and "Lead changes" not in page
    rows = {r["metric"]: r for r in doc["comparison"]["rows"]}
    assert rows["players win"]["main"] and rows["players win"]["shown"]
    assert not rows["balance"]["shown"] and not rows["win rate, seat 0"]["shown"]


def test_endings_events_and_actions_by_their_words_shares_as_percentages(shamus_expert):
    run, doc, _ = shamus_expert
    out = run.out
    # shamus.yaml's texts: senior "Shamus Senior is beaten", lost "Shamus wins"; the event
    # senior_impossible "{player} holds more cards than the circle: ..."; act_meld "lay a meld"
    assert "Shamus wins" in out
    assert "<player> holds more cards than the" in out
    assert "lay a meld" in out
    for key in ("senior_impossible", "phase_begins", "ended by lost", "circle_turned"):
        assert key not in out, key
    # one number format: shares as percentages (their differences in points), never as 0.05
    line = next(line for line in out.splitlines() if line.startswith("players win"))
    cells = line.split()
    assert cells[2].endswith("%") and cells[3].endswith("%") and cells[5] == "points", line
    for r in doc["comparison"]["rows"]:
        if "end" in r or r["metric"] in ("players win", "decisions with a choice"):
            assert r["unit"] == "share"
            # an ending never seen in one variant's games is 0% of them, not unknown
            assert r["a"] is not None and r["b"] is not None, r
    assert doc["about"]["texts"]["ends"]["senior"] == "Shamus Senior is beaten"


def test_each_action_says_how_often_it_was_a_real_choice(shamus_expert):
    _, doc, _ = shamus_expert
    actions = metrics(doc)["choice"]["actions"]
    for a in actions.values():
        assert 0 <= a["real"] <= a["legal"]
        assert a["real_share"] == pytest.approx(a["real"] / a["legal"])
    # the Rami player may draw or take: a real choice sometimes; laying a meld is optional
    assert actions["meld"]["real_share"] > 0


def test_convergence_counts_the_games_as_they_accumulate(shamus_expert):
    run, doc, page = shamus_expert
    points = metrics(doc)["convergence"]["points"]
    assert [p["at"] for p in points] == [10, 20, 30]
    assert [p["games"] for p in points] == [10, 20, 30]
    nw = metrics(doc)["outcome"]["no_winner"]
    assert points[-1]["won"] == nw["of"] - nw["count"]
    assert "Convergence of 'the players beat Shamus' as games accumulate" in run.out
    assert "<h2>Convergence</h2>" in page


def test_checkpoints_partition_the_games_whatever_their_number():
    ends = sorted({checkpoint(i) for i in range(3000)})
    assert ends[:3] == [10, 20, 30] and 200 in ends and 400 in ends
    for i in range(3000):
        c = checkpoint(i)
        before = max([e for e in ends if e < c], default=0)
        assert before <= i < c


def test_holm_corrects_p_values_tested_together():
    # Holm (1979): sorted p 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1, never decreasing
    assert holm([0.01, 0.04, None, 0.03, 0.005]) == pytest.approx(
        [0.03, 0.06, None, 0.06, 0.02])


def test_the_verdict_uses_the_corrected_p_value():
    # two figures each "significant" alone (p 0.03 and 0.04) are not changed once corrected
    rows = [{"metric": "players win", "a": 0.5, "b": 0.4, "diff": -0.1, "test": "z", "z": 2.2,
             "p": 0.03, "significant": True, "unit": "share", "se": 0.046, "needed": 400},
            {"metric": "decisions per game", "a": 60.0, "b": 62.0, "diff": 2.0, "test": "z",
             "z": 2.05, "p": 0.04, "significant": True, "unit": "number", "se": 0.97,
             "needed": 250}]
    finish(rows, "together")
    assert [r["p_holm"] for r in rows] == pytest.approx([0.06, 0.06])
    assert not any(r["significant_holm"] for r in rows)
    words = verdict(rows, None, "hard", (200, 200), "together", "the house")
    assert words[0] == ("Verdict: hard against the base game, 200 and 200 games: no figure "
                        "changed beyond chance (2 figures tested, Holm-corrected at the 5% "
                        "level).")
    assert words[1].startswith("The players beat the house in 50.0% of games with the base "
                               "game and 40.0% with hard (-10.0 points; 95% interval")
    assert "p 0.030, 0.060 corrected" in words[1]
    assert "about 400 games per variant would show a difference this size" in words[1]


def test_games_needed_match_textbook_sample_sizes():
    # 80% power, two-sided 5%: 50% against 60% needs 388 per group (Fleiss without
    # continuity correction); a difference of half a standard deviation, 63
    assert games_for_proportions(0.5, 0.6) == 388
    assert games_for_means(1.0, 1.0, 0.5) == 63
    assert games_for_proportions(0.3, 0.3) is None


def test_race_compare_names_the_changes_and_a_change_beyond_chance(tmp_path):
    run, doc = simulate(tmp_path, RACE, "--compare", "long", "--games", "5", "-j", "1")
    assert run.code == 0, run.err
    v = doc["comparison"]["verdict"][0]
    # "The first to 5 wins": 9 decisions instead of 5, every game
    assert "figures changed beyond chance" in v and "decisions per game 5.0 -> 9.0" in v
    assert "define.target: 3 -> 5" in run.out and "The first to 5 wins." in run.out
    # a game of seats keeps its seat figures
    assert "win rate, seat 0" in run.out and doc["about"]["kind"] == "seats"


def test_until_confident_stops_once_settled(tmp_path):
    # handicap: seat 1 steps by 2 and always wins; the first player never does
    run, doc = simulate(tmp_path, RACE, "--compare", "handicap", "--games", "8",
                        "--until-confident", "--max-games", "128", "-j", "1")
    assert run.code == 0, run.err
    u = doc["until_confident"]
    assert u["settled"] and u["rounds"] == [8] and u["most"] == 128
    assert doc["settings"]["games"] == 8
    assert "--until-confident: settled after 8 games per variant" in run.out
    assert "after 8 games per variant" in run.err and "settled" in run.err


def test_until_confident_goes_on_to_the_maximum_and_repeats_with_any_workers(tmp_path):
    # long: the first player always wins in both: no difference, but an interval within 5
    # points needs more than 64 games per variant
    docs = []
    for workers in ("1", "2"):
        run, doc = simulate(tmp_path, RACE, "--compare", "long", "--games", "4",
                            "--until-confident", "--max-games", "64", "-j", workers)
        assert run.code == 0, run.err
        docs.append(doc)
    u = docs[0]["until_confident"]
    assert u["rounds"] == [4, 8, 16, 32, 64] and not u["settled"]
    assert metrics(docs[0])["games"] == 64 and docs[0]["settings"]["games"] == 64
    for d in docs:
        d.pop("timing")
        d["settings"].pop("workers")
    assert json.dumps(docs[0], sort_keys=True) == json.dumps(docs[1], sort_keys=True)


def test_until_confident_options_are_checked(tmp_path):
    from cli_helpers import cli

    run = cli("simulate", RACE, "--until-confident", "--difference", "0")
    assert run.code == 2 and "percentage points above 0" in run.err


def test_a_long_run_is_announced_with_its_estimate():
    buf = io.StringIO()
    console = Console(file=buf, width=200)
    # 10 games took 10 seconds: 990 more take about 16 minutes
    e = Estimate(1000, time.perf_counter() - 10)
    e.add(10, console)
    e.add(10, console)  # said once
    said = buf.getvalue()
    assert said.count("rulekit: about") == 1 and "more for 1,000 games" in said
    assert "estimated from the first 10" in said
    quick = io.StringIO()
    Estimate(20, time.perf_counter() - 0.5).add(10, Console(file=quick))  # 0.5 s more
    assert quick.getvalue() == ""


def test_a_test_repeated_by_another_row_is_counted_once():
    # the players' wins and the games Shamus won are one test seen from either side: Holm
    # counts it once (else 0.02 would become 0.04), and both rows read the same corrected p
    def share(metric, a, b, p):
        return {"metric": metric, "a": a, "b": b, "diff": b - a, "test": "two-proportion z",
                "z": 2.3, "p": p, "significant": p < 0.05, "unit": "share", "se": 0.04,
                "needed": 300}

    rows = [share("ended by lost", 0.9, 0.8, 0.02), share("comebacks", 0.3, 0.35, 0.5),
            share("players win", 0.1, 0.2, 0.02)]
    rows[0]["end"] = "lost"
    finish(rows, "together", {"ends": {"lost": "Shamus wins"}})
    lost, _, won = rows
    assert won["main"] and won["same_as"] is None and lost["same_as"] == "players win"
    # comebacks is a seat figure, not shown for a cooperative game: one test alone
    assert won["p_holm"] == pytest.approx(0.02) and lost["p_holm"] == pytest.approx(0.02)
    words = verdict(rows, None, "expert", (500, 500), "together", "Shamus")
    assert words[0].startswith("Verdict: expert against the base game, 500 and 500 games: 1 of 1 "
                               "figures changed beyond chance")


def test_one_team_holding_every_seat_is_a_cooperative_game(tmp_path):
    # tests/sim/crew.yaml declares no table.together: its one team, the crew, holds every seat;
    # "after 6 turns the crew wins together if it stepped 4 times or more" (easy: 3)
    crew = str(ROOT / "tests" / "sim" / "crew.yaml")
    run, doc = simulate(tmp_path, crew, "--compare", "easy", "--games", "20", "-j", "1")
    assert run.code == 0, run.err
    assert doc["about"]["kind"] == "together" and doc["about"]["against"] is None
    assert "The players win " in run.out and "win rate, seat" not in run.out
    assert "balance" not in run.out
    rows = {r["metric"]: r for r in doc["comparison"]["rows"]}
    won = rows["players win"]
    assert won["main"] and won["diff"] >= 0  # fewer steps needed: never fewer wins
    # the crew's one score, in games won and lost: the steps taken, at least 4 when won
    shared = metrics(doc)["shared_score"]
    assert shared["won"]["n"] + shared["lost"]["n"] == 20
    assert shared["won"]["n"] == 0 or shared["won"]["min"] >= 4
    assert shared["lost"]["n"] == 0 or shared["lost"]["max"] <= 3
