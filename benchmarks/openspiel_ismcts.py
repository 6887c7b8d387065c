"""OpenSpiel's IS-MCTS bot against rulekit's own bot at SHAM, through the OpenSpiel adapter.

    python benchmarks/openspiel_ismcts.py --games 6 --players 3 --sims 100

Game i is dealt with seed `--seed + i`; OpenSpiel's bot (open_spiel.python.algorithms.ismcts,
random-rollout evaluator) takes seat i mod players and rulekit's bot (`--rulekit-bot`, default
"ismcts:200" from rulekit.bots when that package exists, else a uniformly random player) every
other seat. Needs the `rl` extra: pip install 'rulekit[rl]'.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHAM = ROOT / "rulesets" / "sham.yaml"


class RandomPlayer:
    """A uniformly random legal action, seeded (the fallback when rulekit.bots is missing)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, state):  # noqa: ANN001, ANN201 - a rulekit State in, an Action out
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def rulekit_bot_maker(spec: str):  # noqa: ANN201
    """make(game, seat, seed) for rulekit's bot, or the random fallback; and its name."""
    try:
        from rulekit.bots import make_bot
    except ImportError:
        return (lambda game, seat, seed: RandomPlayer(seed)), "random (rulekit.bots missing)"
    return (lambda game, seat, seed: make_bot(spec, game, seat, seed)), f"rulekit {spec}"


def main(argv: list[str] | None = None) -> dict:
    """Play the tournament; print and return the results."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default=str(SHAM))
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--sims", type=int, default=100, help="IS-MCTS simulations per decision")
    ap.add_argument("--rulekit-bot", default="ismcts:200")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-decisions", type=int, default=0,
                    help="cut games at this many decisions (a draw); 0: play them out")
    args = ap.parse_args(argv)

    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import rulekit
    from rulekit.envs import register_openspiel

    rules = rulekit.load(args.ruleset)
    name = register_openspiel(rules)
    make_rulekit, rk_name = rulekit_bot_maker(args.rulekit_bot)
    print(f"{rules.name}, {args.players} players, {args.games} games; OpenSpiel IS-MCTS "
          f"({args.sims} simulations) vs {rk_name}")
    wins = {"openspiel": 0.0, "rulekit": 0.0}
    returns = {"openspiel": 0.0, "rulekit": 0.0}
    seats = {"openspiel": 0, "rulekit": 0}
    decisions = 0
    start = time.perf_counter()
    for i in range(args.games):
        params = {"players": args.players, "seed": args.seed + i}
        if args.max_decisions:
            params["max_decisions"] = args.max_decisions
        game = pyspiel.load_game(name, params)
        os_seat = i % args.players
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed + i))
        os_bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.sims,
                                  random_state=np.random.RandomState(args.seed + i))
        state = game.new_initial_state()
        others = {p: make_rulekit(rules, p, args.seed * 1000 + i * 10 + p)
                  for p in range(args.players) if p != os_seat}
        while not state.is_terminal():
            p = state.current_player()
            if p == os_seat:
                action = os_bot.step(state)
            else:
                action = state.index_of(others[p].choose(state.rulekit_state))
            state.apply_action(action)
        decisions += len(state.history())
        r = state.returns()
        winners = [p for p in range(args.players) if r[p] > 0]
        for p in range(args.players):
            side = "openspiel" if p == os_seat else "rulekit"
            seats[side] += 1
            returns[side] += r[p]
            if p in winners:
                wins[side] += 1.0 / len(winners)
        print(f"  game {i}: seed {args.seed + i}, OpenSpiel at seat {os_seat}, "
              f"winners {winners}, {len(state.history())} decisions")
    took = time.perf_counter() - start
    result = {"games": args.games, "openspiel_wins": wins["openspiel"],
              "rulekit_wins": wins["rulekit"],
              "openspiel_mean_return": returns["openspiel"] / max(seats["openspiel"], 1),
              "rulekit_mean_return": returns["rulekit"] / max(seats["rulekit"], 1),
              "decisions": decisions, "seconds": round(took, 1), "rulekit_bot": rk_name}
    print(f"wins (a shared win split): OpenSpiel IS-MCTS {wins['openspiel']:.2f}, "
          f"{rk_name} {wins['rulekit']:.2f} (over {seats['rulekit']} seat-games); mean return "
          f"per seat: OpenSpiel {result['openspiel_mean_return']:+.2f}, "
          f"rulekit {result['rulekit_mean_return']:+.2f}; {decisions} decisions in {took:.1f}s")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
