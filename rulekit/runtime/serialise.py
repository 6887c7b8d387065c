"""A state as a JSON document and back (checked by statecheck before it is trusted)."""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..errors import (
    UsageError,
)
from ..lang.turnorder import NO_HOOK
from . import knowledge
from .eventlog import EventLog, NoLog
from .flow import FlowMixin
from .frames import BuildFrame, Outcome, WindowFrame


class SerialiseMixin(FlowMixin):
    """to_json and from_json."""

    __slots__ = ()  # State keeps every field in its own slots

    # ---- serialisation -----------------------------------------------------------------
    def to_json(self) -> dict:
        """The whole state as JSON-ready data (see Game.state_from_json)."""
        def frame(f: Any) -> dict:
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

    def _fill_from_json(self, data: dict) -> None:
        """Set this freshly dealt state to a document checked by statecheck (see from_json)."""
        self.zones = [list(z) for z in data["zones"]]
        for zi, z in enumerate(self.zones):
            for c in z:
                self.card_zone[c] = zi
        self.faceup = bytearray(data["faceup"])
        self.gvars = [_thaw(v) for v in data["gvars"]]
        self.pvars = [[_thaw(x) for x in v] for v in data["pvars"]]
        self.tvars = [_thaw(v) for v in data["tvars"]]
        self.phase, self.turn, self.rng = data["phase"], data["turn"], data["rng"]
        self.stack = []
        for f in data["stack"]:
            if "window" in f:
                w = WindowFrame(f["window"], list(f["order"]), f["opener"])
                w.idx, w.pending = f["idx"], f["pending"]
                self.stack.append(w)
            else:
                b = BuildFrame(f["action"], f["actor"], {k: _thaw(v) for k, v in f["env"].items()})
                b.pidx, b.picked = f["pidx"], list(f["picked"])
                self.stack.append(b)
        self.log = NoLog() if data["log"] is None else EventLog(
            [(k, tuple((a[0], a[1], _thaw(a[2])) for a in args),
              None if aud is None else tuple(aud)) for k, args, aud in data["log"]])
        self.history = EventLog([(p, t) for p, t in data["history"]])
        self.over = data["over"]
        o = data["outcome"]
        self.outcome = None if o is None else Outcome(tuple(o["scores"]), tuple(o["winners"]),
                                                   o["reason"])
        self.decisions = data["decisions"]
        self.end_turn_flag = data["end_turn"]
        self.ending_phase = data.get("ending_phase", False)
        self.teamvars = [[_thaw(x) for x in v] for v in data.get("teamvars", [])]
        self.turn_hook, self.reversed_order, self.skips = data.get("turn_flow", (NO_HOOK, False, 0))
        melds = data.get("melds")
        if melds is not None:
            self.meld_of = list(melds["of"])
            self.as_value = list(melds["as"])
            self.meld_kinds = list(melds["kinds"])
            self.meld_zone = list(melds["zones"])
        self.known = knowledge.from_json(data.get("known"))


def _action_text(action: Any) -> str:
    """The string form of an action given as an Action or a str; UsageError for anything else."""
    if isinstance(action, str):
        return action
    if isinstance(action, Action):
        return action.text
    raise UsageError(f"an action must be one of legal_actions() or its text (a str), "
                     f"not {type(action).__name__} {action!r:.60}")


def _thaw(v: Any) -> Any:
    return list(v) if isinstance(v, list | tuple) else v
