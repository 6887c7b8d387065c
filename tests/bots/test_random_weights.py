"""Random seats choose in proportion to `weight:` (issue 33): the random bot, `rulekit.sim`'s
random chooser, `bench`, `validate --play` and `simulate` all draw as the search's playouts do,
and a ruleset without weights plays exactly the games it played before."""

from __future__ import annotations

import random
from collections import Counter

from paths import TESTS

import rulekit
from rulekit import sim
from rulekit.bots import RandomBot, make_bot, weighted_choice
from rulekit.sim import play_out

HERE = TESTS
ROOT = HERE.parent
IDLE = HERE / "weights" / "idle.yaml"
THREE_TO_ONE = HERE / "weights" / "three_to_one.yaml"


def _taken(game: rulekit.Game, choose: sim.Chooser, seed: int) -> Counter[str]:
    """How often each action was started in one game played by choose."""
    seen: Counter[str] = Counter()
    play_out(game.new_state(2, seed), choose, lambda _s, a: seen.update([a.text]))
    return seen


def test_an_action_of_weight_0_is_never_taken_by_a_random_seat() -> None:
    """The issue saw an action of weight 0 taken 99 times in 200: now never, in 200 games."""
    game = rulekit.load(IDLE)
    for seed in range(200):
        bots = [make_bot("random", game, p, seed) for p in range(2)]
        assert _taken(game, sim.by_seat(bots), seed) == {"stop": 1}


def test_the_random_bot_draws_in_proportion_to_the_weights() -> None:
    game = rulekit.load(THREE_TO_ONE)
    seen = _taken(game, sim.weighted(random.Random(4)), 4)
    assert sum(seen.values()) == 200 and seen["never"] == 0  # weight 0 worked out at run time
    assert 0.65 < seen["heavy"] / 200 < 0.85  # 3 of 4 expected: 150 of 200
    bots = [RandomBot(p, 4) for p in range(2)]
    seen = _taken(game, sim.by_seat(bots), 4)
    assert seen["never"] == 0 and 0.65 < seen["heavy"] / 200 < 0.85


def test_uniform_still_ignores_the_weights() -> None:
    """`rulekit.sim.uniform` is the uniform draw it says it is: the weight-0 action is taken."""
    game = rulekit.load(THREE_TO_ONE)
    assert _taken(game, sim.uniform(random.Random(4)), 4)["never"] > 30


def test_weighted_choice_draws_one_number_and_none_when_forced() -> None:
    game = rulekit.load(THREE_TO_ONE)
    state = game.new_state(2, 1)
    legal = state.legal_actions()
    draws: list[float] = []

    def rnd() -> float:
        draws.append(0.99)
        return 0.99

    assert weighted_choice(state, legal, rnd).text == "light"  # past heavy's 3 of 4: light
    assert len(draws) == 1
    assert weighted_choice(state, legal[:1], rnd) is legal[0] and len(draws) == 1


def test_bench_validate_and_simulate_play_random_seats_by_weight() -> None:
    """Idle's random games end at the first decision when idle weighs 0; drawn uniformly, three
    idles in a row would reach max_decisions (3) in about one game of eight."""
    from rulekit_cli.bench import play_games
    from rulekit_cli.playcheck import play_check

    game = rulekit.load(IDLE)
    assert play_games(game, 2, 60, 0) == 60
    assert play_check(game, 60) == (None, 60)
    report = sim.simulate(IDLE, games=60, seats=["random", "random"], workers=1)
    [run] = report.to_json()["runs"]
    assert run["games_played"] == 60 and run["metrics"]["length"]["decisions"]["max"] == 1


def test_without_weights_the_random_seats_play_the_games_they_played() -> None:
    """Crazy Eights has no `weight:`: the random bot takes exactly the uniform draw's actions
    (`rulekit simulate --json` of crazy_eights, uno and spades with a fixed seed is the same
    before and after, but for its time)."""
    game = rulekit.load(ROOT / "rulesets" / "crazy_eights.yaml")
    assert not game.hints.weights
    for seed in range(5):
        a = play_out(game.new_state(3, seed), sim.weighted(random.Random(seed)))
        b = play_out(game.new_state(3, seed), sim.uniform(random.Random(seed)))
        assert a.to_json() == b.to_json()


def test_where_every_action_weighs_1_the_weighted_draw_is_the_uniform_draw() -> None:
    """Weights present, all 1 among the legal actions: the same action as the uniform draw,
    for every number drawn (the subtraction of whole weights is exact)."""
    text = THREE_TO_ONE.read_text(encoding="utf-8")
    ones = rulekit.load_text(text.replace("weight: 3", "weight: 1")
                             .replace('"0 if moves >= 0', '"1 if moves >= 0'))
    assert ones.hints.weights  # weighed at run time: the weighted draw is taken
    state = ones.new_state(2, 0)
    legal = state.legal_actions()
    rng = random.Random(9)
    for _ in range(2000):
        r = rng.random()
        assert weighted_choice(state, legal, lambda r=r: r) is legal[int(r * len(legal))]
