"""Fixed-size numbers for learning agents: a seat's view as a vector, decisions as indices.

The vector is built from `observation(state, seat)` only, so it holds exactly what the seat may
know: resampling what the seat cannot see leaves it unchanged. The action space has one index
per action to start, per card face to pick, per parameter that ends with 'done', and one per
option of a choice by rank (up to the ruleset's `limits.max_choices`). docs/agents.md explains
the layout.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import CHOOSE, DONE, PICK, START, Action
from .errors import IllegalActionError, UsageError
from .runtime.observe import observation

if TYPE_CHECKING:
    from .runtime.game import Game
    from .runtime.state import State


@dataclass(frozen=True)
class Segment:
    """A named slice of the observation vector."""

    name: str
    start: int
    size: int


class Encoder:
    """The observation vector and action indices of one ruleset at one player count."""

    def __init__(self, game: Game, players: int):
        if not game.min_players <= players <= game.max_players:
            raise UsageError(f"{game.name} is played by {game.min_players} to "
                             f"{game.max_players} players, not {players}")
        self.game = g = game
        self.n = players
        self.face_of_label = {g.labels[c]: g.face_of[c] for c in range(g.n_cards)}
        self.faces = len(g.pick_actions)
        self.strings = _vocabulary(g)
        self.string_index = {w: i for i, w in enumerate(self.strings)}
        self.params = [(a.name, p.name) for a in g.actions for p in a.params]
        self.param_index = {k: i for i, k in enumerate(self.params)}
        self.param_type = {(a.name, p.name): ("list[card]" if p.kind == "cards" else p.value_type)
                           for a in g.actions for p in a.params}
        self.action_index = {a.name: a.index for a in g.actions}
        self.window_index = {w.name: i for i, w in enumerate(g.windows)}
        self.phase_index = {p.name: i for i, p in enumerate(g.phases)}
        self.segments: list[Segment] = []
        self.size = 0
        self._layout()
        # the action space
        self.done_names = sorted(g.done_actions)
        self.n_start = len(g.actions)
        self.pick_base = self.n_start
        self.done_base = self.pick_base + self.faces
        self.choose_base = self.done_base + len(self.done_names)
        self.max_choices = g.max_choices
        self.n_actions = self.choose_base + self.max_choices
        self._done_index = {name: self.done_base + i for i, name in enumerate(self.done_names)}

    # ---- layout ------------------------------------------------------------------------
    def _add(self, name: str, size: int) -> None:
        self.segments.append(Segment(name, self.size, size))
        self.size += size

    def _type_size(self, type_: str) -> int:
        if type_ == "player":
            return self.n
        if type_ == "str":
            return len(self.strings) + 1  # the last slot: a word outside the vocabulary
        if type_ in ("card", "list[card]"):
            return self.faces
        if type_ == "list[player]":
            return self.n
        return 1

    def _layout(self) -> None:
        g, n = self.game, self.n
        for name in ("seat", "decider", "turn"):
            self._add(name, n)
        self._add("phase", len(g.phases))
        self._add("over", 1)
        for z in g.table_zones:
            self._zone(f"table.{z.name}", z)
        for p in range(n):
            for z in g.player_zones:
                self._zone(f"seat{p}.{z.name}", z)
        for t, team in enumerate(g.team_names):
            for z in g.team_zones:
                self._zone(f"team{t}.{z.name}", z)
            del team
        for v in g.game_vars:
            if v.visible:
                self._add(f"var.{v.name}", self._type_size(v.type))
        for v in g.turn_vars:
            if v.visible:
                self._add(f"turn_var.{v.name}", self._type_size(v.type))
        for p in range(n):
            for v in g.player_vars:
                if v.visible:
                    self._add(f"seat{p}.var.{v.name}", self._type_size(v.type))
        for t in range(len(g.team_names)):
            for v in g.team_vars:
                if v.visible:
                    self._add(f"team{t}.var.{v.name}", self._type_size(v.type))
        self._add("pending.kind", 2)  # building an action, or a window asking
        self._add("pending.action", len(g.actions))
        self._add("pending.param", len(self.params))
        self._add("pending.by", n)
        self._add("pending.picking", self.faces)
        for key in self.params:
            self._add(f"pending.chosen.{key[0]}.{key[1]}", self._type_size(self.param_type[key]))
        self._add("pending.window", len(g.windows))
        self._add("pending.opener", n)
        self._add("pending.asked", n)
        if g.has_show:  # what the seat was shown (`show`), per zone instance and face
            for z in g.table_zones:
                self._add(f"table.{z.name}.known", self.faces)
            for p in range(n):
                for z in g.player_zones:
                    self._add(f"seat{p}.{z.name}.known", self.faces)
            for t in range(len(g.team_names)):
                for z in g.team_zones:
                    self._add(f"team{t}.{z.name}.known", self.faces)
        self.offset = {s.name: s.start for s in self.segments}

    def _zone(self, name: str, z: Any) -> None:
        self._add(f"{name}.cards", self.faces)  # how many of each face the seat sees there
        self._add(f"{name}.count", 2)  # the size, and whether the seat knows it
        if z.ordered:
            self._add(f"{name}.top", self.faces)
        if z.melds:
            self._add(f"{name}.melds", 1)

    # ---- observations ------------------------------------------------------------------
    def encode(self, state: State, seat: int) -> list[float]:
        """Seat's view of state as a vector of `size` floats (from its observation only)."""
        return self.encode_observation(observation(state, seat))

    def encode_observation(self, obs: dict[str, Any]) -> list[float]:
        """An observation (rulekit.observation) as a vector of `size` floats."""
        v = [0.0] * self.size
        off = self.offset
        self._onehot(v, off["seat"], obs["seat"])
        self._onehot(v, off["decider"], obs["decider"])
        self._onehot(v, off["turn"], obs["turn"])
        self._onehot(v, off["phase"], self.phase_index.get(obs["phase"]))
        v[off["over"]] = 1.0 if obs["over"] else 0.0
        for name, zv in obs["table"].items():
            self._zone_values(v, f"table.{name}", zv)
        for sv in obs["seats"]:
            p = sv["seat"]
            for name, zv in sv["zones"].items():
                self._zone_values(v, f"seat{p}.{name}", zv)
            for name, x in sv["vars"].items():
                self._value(v, f"seat{p}.var.{name}", self._var_type("player", name), x)
        for t, tv in enumerate(obs.get("teams", [])):
            for name, zv in tv["zones"].items():
                self._zone_values(v, f"team{t}.{name}", zv)
            for name, x in tv["vars"].items():
                self._value(v, f"team{t}.var.{name}", self._var_type("team", name), x)
        for name, x in obs["vars"].items():
            self._value(v, f"var.{name}", self._var_type("game", name), x)
        for name, x in obs["turn_vars"].items():
            self._value(v, f"turn_var.{name}", self._var_type("turn", name), x)
        pend = obs["pending"]
        if pend is not None:
            if "window" in pend:
                v[off["pending.kind"] + 1] = 1.0
                self._onehot(v, off["pending.window"], self.window_index.get(pend["window"]))
                self._onehot(v, off["pending.opener"], pend["opener"])
                self._onehot(v, off["pending.asked"], pend["asked"])
            else:
                act = pend["action"]
                v[off["pending.kind"]] = 1.0
                self._onehot(v, off["pending.action"], self.action_index.get(act))
                self._onehot(v, off["pending.param"], self.param_index.get((act, pend["param"])))
                self._onehot(v, off["pending.by"], pend["by"])
                for label in pend.get("picking", []):
                    v[off["pending.picking"] + self.face_of_label[label]] += 1.0
                for pname, x in pend.get("chosen", {}).items():
                    key = (act, pname)
                    self._value(v, f"pending.chosen.{act}.{pname}", self.param_type[key], x)
        for k in obs.get("known", ()):
            self._known(v, k)
        return v

    def _known(self, v: list[float], k: dict[str, Any]) -> None:
        """One card the seat was shown, counted in its zone instance's `known` slice."""
        g = self.game
        zone, owner = k["zone"], k["owner"]
        if owner is None:
            name = f"table.{zone}"
        elif any(z.name == zone for z in g.team_zones):
            name = f"team{owner}.{zone}"
        else:
            name = f"seat{owner}.{zone}"
        v[self.offset[f"{name}.known"] + self.face_of_label[k["card"]]] += 1.0

    def _var_type(self, scope: str, name: str) -> str:
        g = self.game
        table = {"game": g.game_vars, "turn": g.turn_vars, "player": g.player_vars,
                 "team": g.team_vars}[scope]
        for var in table:
            if var.name == name:
                return var.type
        return "any"  # pragma: no cover - the observation only names declared variables

    def _onehot(self, v: list[float], start: int, i: int | None) -> None:
        if i is not None:
            v[start + i] = 1.0

    def _zone_values(self, v: list[float], name: str, zv: dict[str, Any]) -> None:
        off = self.offset
        faces = self.face_of_label
        base = off[f"{name}.cards"]
        for label in zv["cards"]:
            if label is not None:
                v[base + faces[label]] += 1.0
        count = zv["count"]
        if count is not None:
            v[off[f"{name}.count"]] = float(count)
            v[off[f"{name}.count"] + 1] = 1.0
        top = off.get(f"{name}.top")
        if top is not None and zv["cards"] and zv["cards"][-1] is not None:
            v[top + faces[zv["cards"][-1]]] = 1.0
        melds = off.get(f"{name}.melds")
        if melds is not None:
            v[melds] = float(len(zv.get("melds", [])))

    def _value(self, v: list[float], name: str, type_: str, x: Any) -> None:
        start = self.offset[name]
        if x is None:
            return
        if type_ == "player" or type_ == "list[player]":
            for p in (x if isinstance(x, list) else [x]):
                if isinstance(p, int) and 0 <= p < self.n:
                    v[start + p] = 1.0
        elif type_ == "str":
            v[start + self.string_index.get(x, len(self.strings))] = 1.0
        elif type_ in ("card", "list[card]"):
            for label in (x if isinstance(x, list) else [x]):
                v[start + self.face_of_label[label]] += 1.0
        elif isinstance(x, bool | int | float):
            v[start] = float(x)
        elif isinstance(x, list):
            v[start] = float(len(x))
        elif isinstance(x, str) and x.startswith("meld") and x[4:].isdigit():
            v[start] = float(x[4:])

    # ---- actions -----------------------------------------------------------------------
    def index_of(self, action: Action, legal: Sequence[Action]) -> int:
        """The index of a legal action (a choice's index is its rank among the options)."""
        kind = action.kind
        if kind == START:
            return int(action.value)
        if kind == PICK:
            return self.pick_base + int(action.value)
        if kind == DONE:
            return self._done_index[action.name]
        assert kind == CHOOSE
        rank = [a for a in legal if a.kind == CHOOSE].index(action)
        return self.choose_base + rank

    def legal(self, state: State) -> dict[int, Action]:
        """The decider's legal actions by index, in increasing index order."""
        out: dict[int, Action] = {}
        rank = self.choose_base
        pick, done = self.pick_base, self._done_index
        for a in state.legal_actions():
            kind = a.kind
            if kind == START:
                out[int(a.value)] = a
            elif kind == PICK:
                out[pick + int(a.value)] = a
            elif kind == DONE:
                out[done[a.name]] = a
            else:
                out[rank] = a
                rank += 1
        return dict(sorted(out.items()))

    def mask(self, state: State, seat: int | None = None) -> list[int]:
        """1 at the index of each legal action of seat (the decider if None), else 0."""
        m = [0] * self.n_actions
        if seat is None or seat == state.decider:
            for i in self.legal(state):
                m[i] = 1
        return m

    def action(self, state: State, index: Any) -> Action:
        """The legal action at index; IllegalActionError naming index and the legal ones."""
        legal = self.legal(state)
        i: int | None = None
        if not isinstance(index, bool | float | str):
            try:
                i = operator.index(index)  # ints, and NumPy's integers
            except TypeError:
                i = None
        if i is None or i not in legal:
            shown = [f"{k}={a.text}" for k, a in legal.items()]
            if i is None:
                reason = f"an action is an index (a whole number), not {type(index).__name__}"
            else:
                reason = f"index {i} is not a legal action now (the space has {self.n_actions})"
            raise IllegalActionError(repr(index), state.summary(), shown, reason)
        return legal[i]


def _vocabulary(g: Game) -> list[str]:
    """Every word a string variable may plausibly hold: text keys, card words, literal values."""
    words: set[str] = set()
    words.update(g.texts.table)
    for name, values in g.card_attrs.items():
        if g.attr_types.get(name) == "str":
            words.update(x for x in values if isinstance(x, str))
    for act in g.spec.actions.values():
        for p in getattr(act, "params", None) or []:
            vals = getattr(p, "values", None)
            if isinstance(vals, list):
                words.update(x for x in vals if isinstance(x, str))
    return sorted(words)
