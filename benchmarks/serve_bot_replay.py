"""CPU per bot move in a `rulekit serve` worker (issue 32): the state kept from the worker's last
answer carried on, against the game dealt again from its document, side by side.

    python benchmarks/serve_bot_replay.py [--every 100] [--moves 1200]

A random Gin Rummy match (2 players, seed 11) is played to `--moves` decisions; at every
`--every`-th decision a `random` bot answers twice, alternating which goes first: once in a
worker that answered the decision before (it keeps that state), once in a worker that kept
nothing (it deals the game again and replays every decision, as every worker did before).
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from pathlib import Path
from typing import Any

from rulekit_cli.serve import thinking

import rulekit

GIN = str(Path(__file__).resolve().parent.parent / "rulesets" / "gin_rummy.yaml")


def documents(moves: int) -> list[dict[str, Any]]:
    """The state documents of a random match's first moves decisions, as sent to a worker."""
    game = rulekit.load(GIN)
    state, docs, pick = game.new_state(2, 11), [], random.Random(3)
    while not state.is_over and len(docs) < moves:
        docs.append(copy.deepcopy(state.to_json()))
        state.apply(pick.choice(state.legal_actions()).text)
    return docs


def answer_cpu(doc: dict[str, Any], before: dict[str, Any] | None, seat: int, k: int) -> float:
    """CPU seconds of one answer in doc, by a worker that last answered before (None: nothing)."""
    thinking._kept.__dict__.clear()
    if before is not None:
        thinking.think(GIN, None, before, 0, "random", 0)
    t0 = time.process_time()
    thinking.think(GIN, None, doc, seat, "random", k)
    return time.process_time() - t0


def main() -> None:
    """Print each measured decision's two figures and their totals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=100, help="measure every Nth decision")
    parser.add_argument("--moves", type=int, default=1200, help="decisions of the match played")
    args = parser.parse_args()
    game, docs = rulekit.load(GIN), documents(args.moves)
    totals = {"kept": 0.0, "dealt again": 0.0}
    for k in range(args.every, len(docs), args.every):
        seat = game.state_from_json(docs[k]).decider
        order = ("kept", "dealt again") if k // args.every % 2 else ("dealt again", "kept")
        for mode in order:
            cpu = answer_cpu(docs[k], docs[k - 1] if mode == "kept" else None, seat, k)
            totals[mode] += cpu
            print(f"decision {k:5d}  {mode:12s} {cpu * 1000:8.1f} ms")
    print(f"total: kept {totals['kept']:.3f} CPU s, dealt again {totals['dealt again']:.3f} "
          f"CPU s, over {len(range(args.every, len(docs), args.every))} moves")


if __name__ == "__main__":
    main()
