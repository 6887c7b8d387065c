"""A state as a JSON document (State.from_json reads one back, checked and replayed first)."""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..errors import (
    UsageError,
)
from ..lang.turnorder import NO_HOOK
from . import knowledge
from .eventlog import NoLog
from .flow import FlowMixin
from .frames import WindowFrame


class SerialiseMixin(FlowMixin):
    """to_json (State.from_json reads its document back)."""

    __slots__ = ()  # State keeps every field in its own slots

    # ---- serialisation -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (see Game.state_from_json)."""
        def frame(f: Any) -> dict[str, Any]:
            if isinstance(f, WindowFrame):
                return {"window": f.win, "order": f.order, "idx": f.idx, "opener": f.opener,
                        "pending": f.pending}
            return {"action": f.action, "actor": f.actor, "pidx": f.pidx, "picked": f.picked,
                    "env": {k: v for k, v in f.env.items() if "#" not in k}}

        return {
            "ruleset": self.game.name, "n": self.n, "seed": self.seed, "zones": self.zones,
            "faceup": list(self.faceup), "gvars": self.gvars, "pvars": self.pvars,
            "tvars": self.tvars, "phase": self.phase, "turn": self.turn,
            "stack": [frame(f) for f in self.stack], "rng": self.rng,
            "log": None if isinstance(self.log, NoLog) else
            [[k, [list(a) for a in args], aud] for k, args, aud in self.log],
            "history": list(self.history), "over": self.over,
            "outcome": None if self.outcome is None else {
                "scores": self.outcome.scores, "winners": self.outcome.winners,
                "reason": self.outcome.reason},
            "decisions": self.decisions, "end_turn": self.end_turn_flag,
            "ending_phase": self.ending_phase,
            "teamvars": self.teamvars,
            # turn flow: written only when it differs from a fresh turn's (older documents)
            **({"turn_flow": [self.turn_hook, self.reversed_order, self.skips]}
               if (self.turn_hook, self.reversed_order, self.skips) != (NO_HOOK, False, 0)
               else {}),
            "melds": None if self.meld_of is None else {
                "of": self.meld_of, "as": self.as_value, "kinds": self.meld_kinds,
                "zones": self.meld_zone},
            **({"known": knowledge.to_json(self)} if self.game.has_show else {}),
        }


def _action_text(action: Any) -> str:
    """The string form of an action given as an Action or a str; UsageError for anything else."""
    if isinstance(action, str):
        return action
    if isinstance(action, Action):
        return action.text
    raise UsageError(f"an action must be one of legal_actions() or its text (a str), "
                     f"not {type(action).__name__} {action!r:.60}")
