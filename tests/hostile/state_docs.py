"""Tampered state documents: a saved game (State.to_json) with one field forged or damaged.

Each case is (name, the path the error must name, the exact problem, a function that tampers
a copy of the document). tests/hostile/test_hostile_state.py checks that loading each one raises
StateDocumentError with that path and problem; `python state_docs.py` (any version of rulekit)
counts how each case fares: refused with a typed error, loaded silently, or crashed.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
Doc = dict[str, Any]


def played(ruleset: str, players: int, until: Callable[[Any], bool], seed: int = 3) -> Any:
    """A state of ruleset reached by random play (seeded) where until(state) holds."""
    import rulekit

    game = rulekit.load(ROOT / "rulesets" / ruleset)
    for game_seed in range(seed, seed + 50):
        s = game.new_state(players, game_seed)
        r = random.Random(game_seed)
        while not s.over:
            if until(s):
                return s
            s.apply(r.choice(s.legal_actions()))
    raise AssertionError("no such state")


def in_window(s: Any) -> bool:
    return any(isinstance(f, dict) and "window" in f for f in s.to_json()["stack"])


def picking(s: Any) -> bool:
    return any(isinstance(f, dict) and f.get("picked") for f in s.to_json()["stack"])


def documents() -> dict[str, Any]:
    """The saved documents the cases start from (JSON round-tripped), and their states."""
    sham_w = played("sham.yaml", 4, in_window)
    sham_b = played("sham.yaml", 4, picking)
    chami = played("chami.yaml", 4, lambda s: s.decisions > 40)
    return {"window": sham_w, "build": sham_b, "melds": chami}


def _sham_game_vars() -> int:
    """How many game variables the bundled SHAM declares (the ruleset may gain some)."""
    import rulekit

    return len(rulekit.load(ROOT / "rulesets" / "sham.yaml").game_vars)


def _set(path: tuple, value: Any) -> Callable[[Doc], Doc]:
    def tamper(d: Doc) -> Doc:
        node = d
        for p in path[:-1]:
            node = node[p]
        node[path[-1]] = value
        return d
    return tamper


def _del(key: str) -> Callable[[Doc], Doc]:
    def tamper(d: Doc) -> Doc:
        del d[key]
        return d
    return tamper


def _two_zones(d: Doc) -> Doc:
    z = next(i for i, z in enumerate(d["zones"]) if z)
    d["zones"][z + 1 if z + 1 < len(d["zones"]) else 0].append(d["zones"][z][0])
    return d


def _missing_card(d: Doc) -> Doc:
    next(z for z in d["zones"] if z).pop()
    return d


def _over_without_outcome(d: Doc) -> Doc:
    d["over"] = True
    return d


def _outcome(winners: list, scores: list | None = None) -> Callable[[Doc], Doc]:
    def tamper(d: Doc) -> Doc:
        d["over"] = True
        d["outcome"] = {"scores": scores if scores is not None else [0] * d["n"],
                        "winners": winners, "reason": "x"}
        return d
    return tamper


# (name, document, path, problem, tamper)
CASES: list[tuple[str, str, str, str, Callable[[Doc], Doc]]] = [
    ("not a mapping", "window", "", "a state document is a mapping, not []", lambda d: []),
    ("another ruleset", "window", "ruleset",
     "this state was saved by ruleset 'Other', not 'SHAM'", _set(("ruleset",), "Other")),
    ("missing zones", "window", "zones", "missing", _del("zones")),
    ("missing stack", "window", "stack", "missing", _del("stack")),
    ("unknown key", "window", "evil", "unknown key", _set(("evil",), 1)),
    ("n 99", "window", "n", "99 is out of range (3 to 7)", _set(("n",), 99)),
    ("n a bool", "window", "n", "expected a whole number, got True", _set(("n",), True)),
    ("n a text", "window", "n", "expected a whole number, got '4'", _set(("n",), "4")),
    ("negative seed", "window", "seed", "-1 is out of range (0 to 18446744073709551615)",
     _set(("seed",), -1)),
    ("huge seed", "window", "seed", f"{10**30} is out of range (0 to 18446744073709551615)",
     _set(("seed",), 10**30)),
    ("rng a text", "window", "rng", "expected a whole number, got 'x'", _set(("rng",), "x")),
    ("a card in two zones", "window", "zones[1][0]", "card 5 is also in zone 0", _two_zones),
    ("a card missing", "window", "zones", "card 66 is in no zone", _missing_card),
    ("a zone missing", "window", "zones", "expected 14 entries, got 13",
     lambda d: {**d, "zones": d["zones"][:-1]}),
    ("card 999", "window", "zones[0][0]", "999 is out of range (0 to 79)",
     _set(("zones", 0, 0), 999)),
    ("faceup too short", "window", "faceup", "expected 80 entries, got 1", _set(("faceup",), [0])),
    ("faceup 2", "window", "faceup[0]", "2 is out of range (0 to 1)", _set(("faceup", 0), 2)),
    ("gvars too short", "window", "gvars", f"expected {_sham_game_vars()} entries, got 0",
     _set(("gvars",), [])),
    ("an int variable holds a text", "window", "gvars[1]", "expected a whole number, got 'x'",
     _set(("gvars", 1), "x")),
    ("an int variable holds 10^5000", "window", "gvars[1]",
     "a number of about 5001 digits is out of range (-1000000000000000 to 1000000000000000)",
     _set(("gvars", 1), 10**5000)),
    ("a player variable names seat 99", "window", "gvars[0]", "99 is out of range (0 to 3)",
     _set(("gvars", 0), 99)),
    ("pvars for 3 seats", "window", "pvars[0]", "expected 4 entries, got 3",
     _set(("pvars", 0), [True, True, True])),
    ("a bool turn variable holds 1", "window", "tvars[0]", "expected true or false, got 1",
     _set(("tvars", 0), 1)),
    ("phase 99", "window", "phase", "99 is out of range (0 to 0)", _set(("phase",), 99)),
    ("turn 99", "window", "turn", "99 is out of range (0 to 3)", _set(("turn",), 99)),
    ("turn -1", "window", "turn", "-1 is out of range (0 to 3)", _set(("turn",), -1)),
    ("a window asking seat 99", "window", "stack[0].order[0]", "99 is out of range (0 to 3)",
     _set(("stack", 0, "order", 0), 99)),
    ("a window past its order", "window", "stack[0].idx", "5 is out of range (0 to 3)",
     _set(("stack", 0, "idx"), 5)),
    ("window 99", "window", "stack[0].window", "99 is out of range (0 to 1)",
     _set(("stack", 0, "window"), 99)),
    ("a window pending 'maybe'", "window", "stack[0].pending",
     "expected null, 'close' or 'next', got 'maybe'", _set(("stack", 0, "pending"), "maybe")),
    ("a frame that is a text", "window", "stack[0]", "expected a mapping, got 'x'",
     _set(("stack", 0), "x")),
    ("action 999", "build", "stack[0].action", "999 is out of range (0 to 9)",
     _set(("stack", 0, "action"), 999)),
    ("an action by seat 99", "build", "stack[0].actor", "99 is out of range (0 to 3)",
     _set(("stack", 0, "actor"), 99)),
    ("a picked card 999", "build", "stack[0].picked[0]", "999 is out of range (0 to 79)",
     _set(("stack", 0, "picked", 0), 999)),
    ("an env that is a list", "build", "stack[0].env", "expected a mapping, got []",
     _set(("stack", 0, "env"), [])),
    ("a history entry by seat 99", "window", "history[0][0]", "99 is out of range (0 to 3)",
     _set(("history", 0), [99, "pass"])),
    ("a history entry of one item", "window", "history[0]", "expected 2 entries, got 1",
     _set(("history", 0), [0])),
    ("an event for seat 99", "window", "log[0][2][0]", "99 is out of range (0 to 3)",
     _set(("log", 0, 2), [99])),
    ("an event of two items", "window", "log[0]", "expected 3 entries, got 2",
     _set(("log", 0), ["game_begins", []])),
    ("an event naming card 9999", "window", "log[0][1][0][2]", "9999 is out of range (0 to 79)",
     _set(("log", 0), ["x", [["c", "card", 9999]], None])),
    ("an event whose list of cards is null", "window", "log[0][1][0][2]",
     "expected a list, got None", _set(("log", 0), ["x", [["c", "list[card]", None]], None])),
    ("an event naming seat '0'", "window", "log[0][1][0][2]", "expected a whole number, got '0'",
     _set(("log", 0), ["x", [["p", "player", "0"]], None])),
    ("an event whose number is true", "window", "log[0][1][0][2]",
     "expected a whole number, got True", _set(("log", 0), ["x", [["k", "int", True]], None])),
    ("over without an outcome", "window", "outcome", "the game is over but has no outcome",
     _over_without_outcome),
    ("an outcome while playing", "window", "outcome",
     "the game is not over but has an outcome",
     _set(("outcome",), {"scores": [0, 0, 0, 0], "winners": [], "reason": "x"})),
    ("winner 99", "window", "outcome.winners[0]", "99 is out of range (0 to 3)",
     _outcome([99])),
    ("a winner twice", "window", "outcome.winners", "a seat is listed twice", _outcome([1, 1])),
    ("scores for 2 seats", "window", "outcome.scores", "expected 4 entries, got 2",
     _outcome([0], [1, 2])),
    ("decisions -1", "window", "decisions", "-1 is out of range (0 to 20000)",
     _set(("decisions",), -1)),
    ("end_turn null", "window", "end_turn", "expected true or false, got None",
     _set(("end_turn",), None)),
    ("melds in a game without melds", "window", "melds", "this game has no melds",
     _set(("melds",), {"of": [], "as": [], "kinds": [""], "zones": [-1]})),
    ("melds missing", "melds", "melds", "missing", _set(("melds",), None)),
    ("melds.of too short", "melds", "melds.of", "expected 138 entries, got 0",
     _set(("melds", "of"), [])),
    ("a meld in zone 99", "melds", "melds.zones[1]", "99 is out of range (-1 to 10)",
     _set(("melds", "zones", 1), 99)),
]


def tampered(docs: dict[str, Any], case: tuple) -> tuple[Any, Any]:
    """The game and the tampered document of a case."""
    _, which, _, _, tamper = case
    state = docs[which]
    data = json.loads(json.dumps(state.to_json()))
    return state.game, tamper(copy.deepcopy(data))


def tally() -> dict[str, int]:
    """How this rulekit fares on every case: typed errors, silent loads, crashes."""
    import rulekit

    docs = documents()
    out = {"cases": len(CASES), "typed": 0, "loaded": 0, "crashed": 0}
    for case in CASES:
        game, data = tampered(docs, case)
        try:
            game.state_from_json(data)
            out["loaded"] += 1
        except rulekit.RulekitError:
            out["typed"] += 1
        except Exception as e:  # noqa: BLE001 - counting what an old version does
            out["crashed"] += 1
            print(f"{case[0]}: {type(e).__name__}", file=sys.stderr)
    return out


if __name__ == "__main__":
    print(json.dumps(tally()))
