"""What both adapters share: loading a ruleset, rewards from an outcome, a seat's view as text."""

from __future__ import annotations

import json
import operator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import UsageError, short_repr
from ..loading import load
from ..runtime.observe import observation

if TYPE_CHECKING:
    from ..runtime.game import Game
    from ..runtime.state import Outcome, State


def load_game(ruleset: str | Path | Game, variant: str | None) -> Game:
    """A compiled Game from a path (with variant) or a Game already loaded."""
    from ..runtime.game import Game

    if variant is not None and not isinstance(variant, str):
        raise UsageError("the variant must be a text (a variant's name), not "
                         + short_repr(variant))
    if isinstance(ruleset, str | Path):
        return load(ruleset, variant)
    if not isinstance(ruleset, Game):
        raise UsageError("the ruleset must be a path to a ruleset file or a loaded rulekit.Game, "
                         f"not {short_repr(ruleset)}")
    if variant is not None and ruleset.variant != variant:
        raise UsageError(f"variant {variant!r} given with an already loaded game; "
                         "load the ruleset with the variant instead")
    return ruleset


def whole_number(v: Any) -> int | None:
    """v as an int if it is a whole number (a Python or NumPy integer, not a bool), else None."""
    if isinstance(v, bool | float | str):
        return None
    try:
        return operator.index(v)
    except TypeError:
        return None


def check_players(game: Game, players: Any) -> int:
    """The player count as an int; the ruleset's UsageError (as new_state's) for a bad one."""
    n = whole_number(players)
    if n is None:
        raise UsageError(f"the number of players must be a whole number, not {short_repr(players)}")
    if not game.min_players <= n <= game.max_players:
        raise UsageError(f"{game.name} is played by {game.min_players} to {game.max_players}"
                         f" players, not {n}")
    return n


MAX_SEED = 2**64 - 1  # as Game.new_state takes


def check_seed(seed: Any, what: str = "the seed") -> int | None:
    """seed as an int (None stays None); UsageError unless a whole number from 0 to 2**64 - 1."""
    if seed is None:
        return None
    n = whole_number(seed)
    if n is None or not 0 <= n <= MAX_SEED:
        raise UsageError(f"{what} must be a whole number from 0 to 2**64 - 1 (or None), not "
                         f"{short_repr(seed)}")
    return n


def rewards(outcome: Outcome | None, n: int) -> list[float]:
    """+1 for each winner (tied winners each get +1), -1 for every other seat; 0 while playing."""
    if outcome is None:
        return [0.0] * n
    return [1.0 if p in outcome.winners else -1.0 for p in range(n)]


def identical_payoffs(game: Game) -> bool:
    """Whether every seat always gets the same reward (all win together or lose together).

    True when the winners are everyone, or when neither the score nor the winners condition
    mentions the seat `p` being scored (so every seat gets the same score and verdict).
    """
    if game.winners_mode == "all":
        return True
    if game.winners_mode != "condition":
        return False
    from ..lang.expressions import parse

    scoring = game.spec.scoring
    for text in (scoring.score, scoring.winners):
        if not isinstance(text, str):
            continue
        tree = parse(text, "expr")
        if any(getattr(tok, "value", None) == "p" for tok in tree.scan_values(lambda _: True)):
            return False
    return True


def view_text(state: State, seat: int) -> str:
    """Seat's observation as plain text, one line per part (for render_mode='ansi')."""
    obs = observation(state, seat)
    lines = [f"{state.game.name}: seat {seat} sees (phase {obs['phase']}, turn of seat "
             f"{obs['turn']}, decider {obs['decider']})"]
    for name, z in obs["table"].items():
        lines.append(f"  table {name}: {_zone(z)}")
    for sv in obs["seats"]:
        zones = "; ".join(f"{k}: {_zone(z)}" for k, z in sv["zones"].items())
        lines.append(f"  seat {sv['seat']}: {zones}" + (f"  vars {_j(sv['vars'])}"
                                                         if sv["vars"] else ""))
    for tv in obs.get("teams", []):
        zones = "; ".join(f"{k}: {_zone(z)}" for k, z in tv["zones"].items())
        lines.append(f"  team {tv['team']}: {zones}  vars {_j(tv['vars'])}")
    if obs["vars"] or obs["turn_vars"]:
        lines.append(f"  vars {_j(obs['vars'])}  turn {_j(obs['turn_vars'])}")
    if obs["pending"] is not None:
        lines.append(f"  pending {_j(obs['pending'])}")
    if "outcome" in obs:
        lines.append(f"  outcome {_j(obs['outcome'])}")
    return "\n".join(lines)


def _zone(z: dict[str, Any]) -> str:
    count = "?" if z["count"] is None else str(z["count"])
    cards = ", ".join("?" if c is None else c for c in z["cards"])
    return f"{count} [{cards}]" if cards else count


def _j(x: object) -> str:
    return json.dumps(x, ensure_ascii=False, sort_keys=True)
