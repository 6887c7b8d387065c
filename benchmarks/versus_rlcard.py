#!/usr/bin/env python3
"""UNO against RLCard: games per second of RLCard's `uno` environment and of `uno.yaml --variant
rlcard` on rulekit, both with random players, timed alternately in one run.

    pip install -e '.[bench]'                  # rlcard (never a main dependency)
    python benchmarks/versus_rlcard.py                      # 400 games each, blocks of 20
    python benchmarks/versus_rlcard.py --games 1000 --block 50 --seed 7

RLCard is timed two ways. Its examples' loop: `rlcard.make('uno', config={'seed': S})` with one
`RandomAgent` per seat and `env.run(is_training=False)` (each agent picks uniformly among the
legal actions; `run` also keeps every seat's trajectory). And the tight loop a user timing RLCard
would write: `env.reset()`, then `env.step(a)` with `a` drawn uniformly from the state's
`legal_actions` until `env.is_over()` (the environment still encodes each state, as it always
does); this is about twice as fast, so the ratio against it is the fair one. rulekit
side: the same loop as `rulekit bench` (`rulekit_cli.bench.play_games`): game i dealt from seed
S + i, a random bot taking a uniformly random legal action at each decision. For reference, a
last side plays RLCard's bare `UnoGame` (the hand-written rules without the environment's state
encoding), a random choice among `get_legal_actions()` at each step. Blocks of games alternate
between the sides (in ABBA order, so no side always runs first), and each side's CPU time
(`time.process_time`) and wall time (`time.perf_counter`) are summed over its blocks.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

UNO = Path(__file__).resolve().parent.parent / "rulesets" / "uno.yaml"


@dataclass
class Side:
    """The time one side spent playing its games."""

    name: str
    games: int = 0
    steps: int = 0
    cpu: float = 0.0
    wall: float = 0.0

    def rate(self, cpu: bool = True) -> float:
        """Games per second of CPU (or wall) time."""
        t = self.cpu if cpu else self.wall
        return self.games / t if t > 0 else float("inf")


def _import_rlcard():
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as e:
        sys.exit("benchmarks/versus_rlcard.py needs rlcard, which is not installed "
                 f"({e}).\nInstall the bench extra: pip install -e '.[bench]' "
                 "(or: pip install rlcard)")
    return rlcard, RandomAgent


def rlcard_player(seed: int):
    """A function playing n RLCard UNO games with random agents; it returns the steps taken."""
    import numpy as np

    rlcard, RandomAgent = _import_rlcard()
    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    np.random.seed(seed)  # RandomAgent draws from numpy's global generator

    def play(n: int) -> int:
        steps = 0
        for _ in range(n):
            trajectories, _payoffs = env.run(is_training=False)
            # a trajectory alternates states and actions: each seat's actions
            steps += sum((len(t) - 1) // 2 for t in trajectories)
        return steps

    return play


def rlcard_step_player(seed: int):
    """A function playing n RLCard UNO games in RLCard's own reset/step loop, a uniformly random
    choice among the state's `legal_actions` at each step; it returns the steps taken."""
    import random

    rlcard, _agent = _import_rlcard()
    env = rlcard.make("uno", config={"seed": seed})
    rnd = random.Random(seed).random

    def play(n: int) -> int:
        steps = 0
        for _ in range(n):
            state, _player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _player = env.step(legal[int(rnd() * len(legal))])
                steps += 1
        return steps

    return play


def rlcard_game_player(seed: int):
    """A function playing n games on RLCard's bare `UnoGame` (no environment, no state encoding),
    a random choice among `get_legal_actions()` at each step; it returns the steps taken."""
    import random

    import numpy as np

    _import_rlcard()
    from rlcard.games.uno.game import UnoGame

    game = UnoGame()
    game.configure({"game_num_players": 2})
    game.np_random = np.random.RandomState(seed)
    rnd = random.Random(seed).random

    def play(n: int) -> int:
        steps = 0
        for _ in range(n):
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[int(rnd() * len(legal))])
                steps += 1
        return steps

    return play


def rulekit_player(seed: int):
    """A function playing the next n games of `uno.yaml --variant rlcard` with random bots."""
    from rulekit_cli.bench import play_games

    import rulekit

    game = rulekit.load(UNO, variant="rlcard")
    next_seed = seed

    def play(n: int) -> int:
        nonlocal next_seed
        decisions = play_games(game, 2, n, next_seed)
        next_seed += n
        return decisions

    return play


def timed(side: Side, play, n: int) -> None:
    """Play n games on one side and add their CPU and wall time."""
    c0, w0 = time.process_time(), time.perf_counter()
    side.steps += play(n)
    side.cpu += time.process_time() - c0
    side.wall += time.perf_counter() - w0
    side.games += n


def main(argv: list[str] | None = None) -> int:
    """Run both sides in alternating blocks and print their rates and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games on each side (default 400)")
    parser.add_argument("--block", type=int, default=20,
                        help="games per block; the sides alternate block by block (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.block < 1 or args.seed < 0:
        parser.error("--games and --block must be >= 1 and --seed >= 0")
    _import_rlcard()
    rl, rk = Side("RLCard uno env, env.run"), Side("rulekit uno.yaml --variant rlcard")
    tight = Side("RLCard uno env, reset/step loop")
    raw = Side("RLCard UnoGame, no env (reference)")
    sides = [(rl, rlcard_player(args.seed)), (rk, rulekit_player(args.seed)),
             (tight, rlcard_step_player(args.seed)), (raw, rlcard_game_player(args.seed))]
    for side, play in sides:  # warm up (imports, first allocations); not counted
        timed(side, play, 1)
        side.games = side.steps = 0
        side.cpu = side.wall = 0.0
    block = 0
    while rl.games < args.games:
        n = min(args.block, args.games - rl.games)
        for side, play in (sides if block % 2 == 0 else sides[::-1]):  # ABBA
            timed(side, play, n)
        block += 1
    print(f"UNO, 2 players, random players, {args.games} games each, {block} alternating "
          f"blocks of up to {args.block}, seed {args.seed}")
    for side, unit in ((rl, "steps"), (tight, "steps"), (rk, "decisions"), (raw, "steps")):
        print(f"  {side.name:36} {side.rate():9.1f} games/s CPU  {side.rate(False):9.1f} "
              f"games/s wall  ({side.steps / side.games:.1f} {unit}/game)")
    print(f"  ratio rulekit/rlcard env.run         {rk.rate() / rl.rate():9.2f} CPU  "
          f"{rk.rate(False) / rl.rate(False):9.2f} wall")
    print(f"  ratio rulekit/rlcard reset/step loop {rk.rate() / tight.rate():9.2f} CPU  "
          f"{rk.rate(False) / tight.rate(False):9.2f} wall")
    print(f"  ratio rulekit/UnoGame (reference)    {rk.rate() / raw.rate():9.2f} CPU  "
          f"{rk.rate(False) / raw.rate(False):9.2f} wall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
