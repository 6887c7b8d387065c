"""Run one hostile ruleset as a player would, and print what happened as one JSON line.

Used by tests/hostile/test_hostile_runtime.py in a subprocess under a time and memory limit:

    python tests/hostile/run_case.py RULESET [PLAYERS] [DECISIONS]

It loads the ruleset, deals a game for PLAYERS seats with seed 0, then takes DECISIONS
decisions (the i-th takes legal action i modulo their number), rendering each new event and the
observation after every decision as the terminal driver would. It prints
{"outcome": "ok"} or {"outcome": "error", "type", "rule", "message"}; an untyped exception is
printed as {"outcome": "crash", "type", "message"}.
"""

from __future__ import annotations

import json
import sys


def play(path: str, players: int, decisions: int) -> dict:
    """Load, deal and play; return what happened."""
    import rulekit

    try:
        game = rulekit.load(path)
        state = game.new_state(players, 0)
        seen = 0
        for i in range(decisions + 1):
            for seat in (None, *range(players)):
                rulekit.observation(state, seat)
            for key, args in rulekit.events_for(state, None, seen):
                rulekit.render_event(game, key, args, game.languages[0])
            seen = len(state.log)
            if i == decisions or state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[i % len(legal)])
        json.dumps(rulekit.observation(state, None), default=str)
    except rulekit.RulekitError as e:
        return {"outcome": "error", "type": type(e).__name__, "rule": getattr(e, "rule", None),
                "message": str(e)}
    except MemoryError:
        return {"outcome": "memory", "type": "MemoryError", "message": ""}
    except Exception as e:  # noqa: BLE001 - any other exception is the bug this reports
        return {"outcome": "crash", "type": type(e).__name__, "message": str(e)[:300]}
    return {"outcome": "ok"}


if __name__ == "__main__":
    args = sys.argv[1:]
    result = play(args[0], int(args[1]) if len(args) > 1 else 2,
                  int(args[2]) if len(args) > 2 else 0)
    print(json.dumps(result))
