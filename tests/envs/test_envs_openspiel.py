"""Every bundled ruleset as an OpenSpiel Python game (rulekit.envs.register_openspiel).

OpenSpiel's own random simulation test runs on every ruleset at two player counts, as its
Python games' tests run it; games are cut at a few dozen decisions (the `max_decisions`
parameter) to keep the suite fast, except Shamus, which ends in about sixty.
"""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from rl_helpers import CONFIGS, IDS, ROOT

from rulekit import UsageError
from rulekit.envs import register_openspiel

SHAM = ROOT / "rulesets" / "sham.yaml"
SHAMUS = ROOT / "rulesets" / "shamus.yaml"




@pytest.mark.parametrize(("path", "variant", "players"), CONFIGS, ids=IDS)
def test_openspiel_random_simulation_test_passes(path, variant, players):
    name = register_openspiel(str(path), variant=variant)
    game = pyspiel.load_game(name, {"players": players, "max_decisions": 30})
    assert game.num_players() == players
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_shamus_is_cooperative_and_sham_general_sum_and_whole_games_pass():
    # Shamus: "un jeu coopératif" (both win or both lose); SHAM S12: "The highest score wins"
    shamus = pyspiel.load_game(register_openspiel(str(SHAMUS)))
    assert shamus.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    sham = pyspiel.load_game(register_openspiel(str(SHAM)), {"players": 3})
    assert sham.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(shamus, num_sims=2, serialize=False, verbose=False)
    state = shamus.new_initial_state()
    r = random.Random(0)
    while not state.is_terminal():
        state.apply_action(r.choice(state.legal_actions()))
    returns = state.returns()
    assert returns[0] == returns[1] in (-1.0, 1.0)


def test_resampling_keeps_the_players_information_state_and_changes_the_hidden_cards():
    game = pyspiel.load_game(register_openspiel(str(SHAM)), {"players": 3, "seed": 5})
    state = game.new_initial_state()
    r = random.Random(1)
    for _ in range(12):
        state.apply_action(r.choice(state.legal_actions()))
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    moved = 0
    for _ in range(5):
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert np.array_equal(other.information_state_tensor(p), state.information_state_tensor(p))
        assert other.legal_actions() == state.legal_actions()
        q = (p + 1) % 3
        moved += other.information_state_string(q) != state.information_state_string(q)
    assert moved > 0  # the other seats' hidden cards really were reshuffled


def test_a_game_cut_at_max_decisions_is_a_draw():
    game = pyspiel.load_game(register_openspiel(str(SHAM)), {"players": 3, "max_decisions": 5})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 5
    assert state.returns() == [0.0, 0.0, 0.0]


def test_new_states_are_reproducible_from_the_seed_parameter():
    name = register_openspiel(str(SHAM))
    a = pyspiel.load_game(name, {"players": 3, "seed": 9}).new_initial_state()
    b = pyspiel.load_game(name, {"players": 3, "seed": 9}).new_initial_state()
    assert a.information_state_string(0) == b.information_state_string(0)
    assert register_openspiel(str(SHAM)) == name  # registering again is harmless


def test_a_player_count_outside_the_range_is_the_rulesets_usage_error():
    name = register_openspiel(str(SHAM))
    with pytest.raises(UsageError, match="played by 3 to 7 players, not 2"):
        pyspiel.load_game(name, {"players": 2})


def test_the_ismcts_tournament_example_runs_on_a_small_budget(capsys):
    spec = importlib.util.spec_from_file_location(
        "openspiel_ismcts", ROOT / "benchmarks" / "openspiel_ismcts.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    args = ["--games", "2", "--sims", "3", "--max-decisions", "40", "--rulekit-bot", "ismcts:5"]
    first = script.main(args)
    again = script.main(args)
    out = capsys.readouterr().out
    assert "OpenSpiel IS-MCTS (3 simulations) vs" in out
    assert first["games"] == 2 and first["decisions"] <= 80
    assert first["openspiel_wins"] + first["rulekit_wins"] <= 2
    # a fixed budget and seed replay the same games (the clock-seeded sampler is not used)
    assert {k: v for k, v in first.items() if k != "seconds"} == \
        {k: v for k, v in again.items() if k != "seconds"}


def test_without_the_extra_the_error_says_what_to_install():
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "from rulekit.envs import register_openspiel\n"
            "try:\n    register_openspiel('rulesets/sham.yaml')\n"
            "except ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert "pip install 'rulekit[rl]'" in out and "open_spiel" in out


def test_bad_registration_arguments_are_usage_errors():
    with pytest.raises(UsageError, match="utility must be one of"):
        register_openspiel(str(SHAM), short_name="rulekit_test_bad_utility", utility="zero_sum")
    register_openspiel(str(SHAM), short_name="rulekit_test_taken")
    with pytest.raises(UsageError, match="already registered"):
        register_openspiel(str(SHAMUS), short_name="rulekit_test_taken")
    with pytest.raises(UsageError, match="max_decisions must be"):
        pyspiel.load_game(register_openspiel(str(SHAM)), {"players": 3, "max_decisions": 0})
