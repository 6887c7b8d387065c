"""`rulekit simulate` on bad input: the issue's table of inputs and what they get."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import cli
from sim_helpers import FRAGILE, RACE, simulate

import rulekit
from rulekit.bots import make_bot, parse_bot_spec
from rulekit.playthrough import replay_steps


def test_unknown_variant_names_the_allowed_ones():
    run = cli("simulate", RACE, "--variant", "short", "--games", "1")
    assert run.code == 2
    assert "no variant 'short'; allowed values: base, long, handicap" in run.err


def test_unknown_compare_variant_names_the_allowed_ones():
    run = cli("simulate", RACE, "--compare", "tiny", "--games", "1")
    assert run.code == 2 and "allowed values: base, long, handicap" in run.err


def test_unknown_seat_kind_names_the_accepted_ones():
    run = cli("simulate", RACE, "--seats", "random,genius", "--games", "1")
    assert run.code == 2
    assert ("unknown seat kind 'genius' in --seats; accepted kinds: human, random, greedy, "
            "ismcts[:N|:Ts], easy, medium[:N|:Ts], hard[:N|:Ts]") in run.err


def test_a_human_seat_is_refused():
    run = cli("simulate", RACE, "--seats", "human,random", "--games", "1")
    assert run.code == 2 and "a human seat cannot be simulated" in run.err


def test_player_count_outside_the_ruleset_names_the_allowed_ones():
    run = cli("simulate", RACE, "--players", "5", "--games", "1")
    assert run.code == 2
    assert "Race is played by 2 to 3 players, not 5 (allowed --players values: 2 to 3)" in run.err


def test_seats_and_players_must_agree():
    run = cli("simulate", RACE, "--players", "3", "--seats", "random,random", "--games", "1")
    assert run.code == 2 and "--seats lists 2 seats but --players is 3" in run.err


def test_zero_games_or_workers_are_usage_errors():
    for option in ("--games", "--workers"):
        run = cli("simulate", RACE, option, "0")
        assert run.code == 2
        assert f"argument {option}" in run.err and "must be a whole number >= 1, not '0'" in run.err


def test_an_unwritable_report_fails_before_any_game(tmp_path):
    target = tmp_path / "missing-dir" / "r.html"
    json_file = tmp_path / "sim.json"
    run = cli("simulate", RACE, "--games", "2", "--report", str(target), "--json", str(json_file))
    assert run.code == 2
    assert f"cannot write --report {target}" in run.err
    assert run.out == "" and not json_file.exists()


def test_a_missing_ruleset_is_reported_without_traceback(tmp_path):
    run = cli("simulate", str(tmp_path / "nope.yaml"), "--games", "1")
    assert run.code == 2 and "Traceback" not in run.err and "nope.yaml" in run.err


def test_a_broken_ruleset_is_located_and_counted_as_play_does(tmp_path):
    # simulate and play report a ruleset that cannot be used through one function
    broken = tmp_path / "broken.yaml"
    source = Path(RACE).read_text(encoding="utf-8")
    broken.write_text(source.replace('"first(players)"', '"first(playerz)"', 1), encoding="utf-8")
    sim_run = cli("simulate", str(broken), "--games", "1")
    play_run = cli("play", str(broken), "--seats", "random,random")
    assert sim_run.code != 0 and play_run.code != 0
    assert f"{broken}:" in sim_run.err and "^" in sim_run.err
    assert f"rulekit: {broken}: 1 error; the ruleset cannot be used" in sim_run.err
    assert sim_run.err == play_run.err


def test_failed_games_are_counted_listed_and_replayable(tmp_path):
    # tests/sim/fragile.yaml: each decision stops the game, passes, or divides by zero; a game
    # that passes twice runs into `limits: {max_decisions: 2}`
    run, doc = simulate(tmp_path, FRAGILE, "--games", "30", "-j", "1")
    assert run.code == 1
    f = doc["runs"][0]["metrics"]["failures"]
    assert f["count"] == f["limit"] + f["rule"] and f["limit"] >= 1 and f["rule"] >= 1
    assert doc["runs"][0]["metrics"]["games"] == 30 - f["count"]
    game = rulekit.load(FRAGILE)
    for failure in f["games"]:
        assert f"seed {failure['seed']}: " in run.out
        assert failure["replay"] in run.out
        assert "python -m rulekit.playthrough replay" in failure["replay"]
        # replaying the listed choices from the listed seed fails in the same way
        with pytest.raises(rulekit.RuleRuntimeError) as err:
            for _ in replay_steps(game, 2, failure["seed"], failure["choices"]):
                pass
        assert str(err.value) == failure["error"]


def test_a_bot_with_a_time_budget_is_refused_as_unrepeatable():
    run = cli("simulate", RACE, "--seats", "medium:0.5s", "--games", "2")
    assert run.code == 2
    assert "seat kind 'medium:0.5s' thinks for a time per decision" in run.err
    assert "--timed-bots" in run.err


def test_timed_bots_play_when_asked_and_the_document_says_so(tmp_path):
    out = tmp_path / "timed.json"
    run = cli("simulate", RACE, "--seats", "ismcts:0.01s", "--games", "2", "--workers", "1",
              "--timed-bots", "--json", str(out))
    assert run.code == 0, run.err
    import json

    assert json.loads(out.read_text())["settings"]["timed_bots"] is True


def test_bots_with_an_iteration_budget_play_a_simulation():
    run = cli("simulate", RACE, "--seats", "greedy,ismcts:5", "--games", "2", "--workers", "1")
    assert run.code == 0, run.err


def test_parse_bot_spec_and_make_bot_follow_the_agreed_interface():
    assert parse_bot_spec(" Random ").text == "random"
    with pytest.raises(rulekit.UsageError, match="accepted forms: human, random"):
        parse_bot_spec("genius")
    game = rulekit.load(RACE)
    bot = make_bot("random", game, 1, 7)
    state = game.new_state(2, 7)
    assert bot.choose(state) in state.legal_actions()


def test_a_bundled_game_is_simulated_by_its_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run = cli("simulate", "sham", "--games", "3", "--workers", "1", "--json", "out.json")
    assert run.code == 0, run.err
    assert (tmp_path / "out.json").exists()
    run = cli("simulate", "nosuchgame", "--games", "3")
    assert run.code == 2 and "no file or bundled game called 'nosuchgame'" in run.err
