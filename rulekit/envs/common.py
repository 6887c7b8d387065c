"""What both adapters share: loading a ruleset, rewards from an outcome, a seat's view as text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..loading import load
from ..runtime.observe import observation

if TYPE_CHECKING:
    from ..runtime.game import Game
    from ..runtime.state import Outcome, State


def load_game(ruleset: str | Path | Game, variant: str | None) -> Game:
    """A compiled Game from a path (with variant) or a Game already loaded."""
    if isinstance(ruleset, str | Path):
        return load(ruleset, variant)
    if variant is not None and ruleset.variant != variant:
        raise UsageError(f"variant {variant!r} given with an already loaded game; "
                         "load the ruleset with the variant instead")
    return ruleset


def check_players(game: Game, players: int) -> None:
    """Raise the ruleset's UsageError (as new_state does) for a bad player count."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise UsageError(f"the number of players must be a whole number, not {players!r}")
    if not game.min_players <= players <= game.max_players:
        raise UsageError(f"{game.name} is played by {game.min_players} to {game.max_players}"
                         f" players, not {players}")


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


def _zone(z: dict) -> str:
    count = "?" if z["count"] is None else str(z["count"])
    cards = ", ".join("?" if c is None else c for c in z["cards"])
    return f"{count} [{cards}]" if cards else count


def _j(x: object) -> str:
    return json.dumps(x, ensure_ascii=False, sort_keys=True)
