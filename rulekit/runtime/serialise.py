"""A state as a JSON document and back (checked by statecheck before it is trusted)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import (
    UsageError,
)
from ..lang.turnorder import NO_HOOK
from . import knowledge
from .eventlog import EventLog, NoLog
from .frames import BuildFrame, Outcome, WindowFrame
from .statecheck import check_document

if TYPE_CHECKING:
    from ..rules.game import Rules
    from .state import State


class SerialiseMixin:
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

    @classmethod
    def from_json(cls, game: Rules, data: dict) -> State:
        """Rebuild a state saved by to_json; raise StateDocumentError if it does not fit."""
        check_document(game, data)
        s = cls(game, data["n"], data["seed"])
        s.zones = [list(z) for z in data["zones"]]
        for zi, z in enumerate(s.zones):
            for c in z:
                s.card_zone[c] = zi
        s.faceup = bytearray(data["faceup"])
        s.gvars = [_thaw(v) for v in data["gvars"]]
        s.pvars = [[_thaw(x) for x in v] for v in data["pvars"]]
        s.tvars = [_thaw(v) for v in data["tvars"]]
        s.phase, s.turn, s.rng = data["phase"], data["turn"], data["rng"]
        s.stack = []
        for f in data["stack"]:
            if "window" in f:
                w = WindowFrame(f["window"], list(f["order"]), f["opener"])
                w.idx, w.pending = f["idx"], f["pending"]
                s.stack.append(w)
            else:
                b = BuildFrame(f["action"], f["actor"], {k: _thaw(v) for k, v in f["env"].items()})
                b.pidx, b.picked = f["pidx"], list(f["picked"])
                s.stack.append(b)
        s.log = NoLog() if data["log"] is None else EventLog(
            [(k, tuple((a[0], a[1], _thaw(a[2])) for a in args),
              None if aud is None else tuple(aud)) for k, args, aud in data["log"]])
        s.history = EventLog([(p, t) for p, t in data["history"]])
        s.over = data["over"]
        o = data["outcome"]
        s.outcome = None if o is None else Outcome(tuple(o["scores"]), tuple(o["winners"]),
                                                   o["reason"])
        s.decisions = data["decisions"]
        s.end_turn_flag = data["end_turn"]
        s.ending_phase = data.get("ending_phase", False)
        s.teamvars = [[_thaw(x) for x in v] for v in data.get("teamvars", [])]
        s.turn_hook, s.reversed_order, s.skips = data.get("turn_flow", (NO_HOOK, False, 0))
        melds = data.get("melds")
        if melds is not None:
            s.meld_of = list(melds["of"])
            s.as_value = list(melds["as"])
            s.meld_kinds = list(melds["kinds"])
            s.meld_zone = list(melds["zones"])
        s.known = knowledge.from_json(data.get("known"))
        return s


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
