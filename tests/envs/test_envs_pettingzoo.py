"""Every bundled ruleset as a PettingZoo AEC environment (rulekit.envs.pettingzoo_env).

PettingZoo's own api_test and seed_test run on every ruleset at two player counts, on a few
dozen steps each (the runtime is slow for long games); Shamus and a few random-policy episodes of
Le Ch'ami are played to the end.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from rl_helpers import CONFIGS, IDS, ROOT

import rulekit
from rulekit import IllegalActionError, UsageError
from rulekit.envs import pettingzoo_env

CHAMI = ROOT / "rulesets" / "chami.yaml"
SHAM = ROOT / "rulesets" / "sham.yaml"
SHAMUS = ROOT / "rulesets" / "shamus.yaml"




@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's advice to prefer Box spaces
@pytest.mark.parametrize(("path", "variant", "players"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test_and_seed_test_pass(path, variant, players):
    env = pettingzoo_env(str(path), players=players, variant=variant, seed=1,
                         render_mode="ansi")
    api_test(env, num_cycles=15)
    seed_test(lambda: pettingzoo_env(str(path), players=players, variant=variant), num_cycles=15)


def _play_random(env, seed: int) -> int:
    """Play one episode with a random policy that only samples legal actions; return steps."""
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(obs["action_mask"]))
        steps += 1
    return steps


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_shamus_played_to_the_end_passes_the_api_test_and_rewards_both_alike():
    # "Shamus est un jeu coopératif": both seats win together or lose together
    env = pettingzoo_env(str(SHAMUS), players=2, seed=4)
    api_test(env, num_cycles=200)  # long enough for whole games: Shamus ends in ~60 decisions
    env.action_space("seat_0").seed(0)
    env.action_space("seat_1").seed(1)
    for seed in range(3):
        env.reset(seed=seed)
        total = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            total[agent] += reward
            env.step(None if terminated or truncated else
                     env.action_space(agent).sample(obs["action_mask"]))
        assert total["seat_0"] == total["seat_1"] in (-1.0, 1.0)


def test_random_policy_with_action_masks_plays_whole_games_of_le_chami():
    env = pettingzoo_env(str(CHAMI), players=2, seed=0)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(i)
    for episode in range(2):
        steps = _play_random(env, seed=episode)
        assert steps > 50
        assert env.agents == []  # every seat was told the game is over, then left
        outcome = env.state.outcome
        assert outcome is not None
        # C8: "the lowest total wins": the winners get +1, the others -1
        best = min(outcome.scores)
        assert [p for p, sc in enumerate(outcome.scores) if sc == best] == list(outcome.winners)


def test_rewards_at_the_end_are_plus_one_for_winners_and_minus_one_for_the_others():
    env = pettingzoo_env(str(SHAM), players=3, seed=2)
    env.reset(seed=2)
    env.action_space("seat_0").seed(0)
    got: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            got[agent] = reward
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(obs["action_mask"]))
    winners = env.state.outcome.winners
    assert got == {f"seat_{p}": (1.0 if p in winners else -1.0) for p in range(3)}


def test_observation_and_mask_match_the_spaces_and_only_the_decider_may_move():
    env = pettingzoo_env(str(SHAM), players=3, seed=0)
    env.reset(seed=0)
    agent = env.agent_selection
    obs = env.observe(agent)
    assert env.observation_space(agent).contains(obs)
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].sum() >= 1
    others = [a for a in env.agents if a != agent]
    assert all(env.observe(a)["action_mask"].sum() == 0 for a in others)


def test_an_illegal_action_raises_a_typed_error_naming_it_and_the_legal_ones():
    env = pettingzoo_env(str(SHAM), players=3, seed=0)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    legal = [int(i) for i in np.flatnonzero(mask)]
    with pytest.raises(IllegalActionError) as e:
        env.step(bad)
    assert str(bad) in str(e.value) and all(f"{i}=" in str(e.value) for i in legal)
    with pytest.raises(IllegalActionError, match="whole number"):
        env.step("place")
    env.step(np.int64(legal[0]))  # numpy integers are accepted; the state was left unchanged


def test_a_player_count_outside_the_range_is_the_rulesets_usage_error():
    with pytest.raises(UsageError) as e:
        pettingzoo_env(str(SHAM), players=9)
    with pytest.raises(UsageError) as expected:
        rulekit.load(SHAM).new_state(9)
    assert str(e.value) == str(expected.value)


def test_ansi_render_shows_the_seats_own_hand_and_hides_the_others():
    env = pettingzoo_env(str(SHAM), players=3, seed=0, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    seat = int(env.agent_selection.split("_")[1])
    s = env.state
    g = s.game
    mine = [g.labels[c] for c in s.zones[g.zone_instance("hand", seat, 3)]]
    lines = {line.split(":")[0].strip(): line for line in text.splitlines()}
    assert all(label in lines[f"seat {seat}"] for label in mine)
    other = (seat + 1) % 3
    assert lines[f"seat {other}"].split(";")[0].endswith("hand: 7")  # a count, no card named
    assert "legal: " in text


def test_without_the_extra_the_error_says_what_to_install():
    code = ("import sys; sys.modules['pettingzoo'] = None\n"
            "from rulekit.envs import pettingzoo_env\n"
            "try:\n    pettingzoo_env('rulesets/sham.yaml', players=3)\n"
            "except ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert "pip install 'rulekit[rl]'" in out and "pettingzoo" in out


def test_pettingzoos_terminate_illegal_wrapper_gives_the_classic_penalty_instead():
    from pettingzoo.utils.wrappers import TerminateIllegalWrapper

    env = TerminateIllegalWrapper(pettingzoo_env(str(SHAM), players=3, seed=0), -1)
    env.reset(seed=0)
    cheat = env.agent_selection
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[cheat] == -1
