"""The legal steps of a parameter being chosen, and why a step is refused (the runtime's side of a
compiled parameter: rulekit.rules.game.CompiledParam holds the compiled rules, this the asking)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import CHOOSE, Action
from ..errors import EvaluationLimitError
from ..lang.budget import charge
from ..rules.reasons import CARD, WORD, Reason
from .frames import BuildFrame

if TYPE_CHECKING:
    from ..rules.game import CompiledParam
    from .fields import StateFields


def _meld_faces(param: CompiledParam, picked: list[int], avail: list[int], low: int,
                high: int) -> set[int]:
    """The faces whose next pick still leaves a valid new meld within reach."""
    g = param.game
    rules = g.meld_rules
    assert rules is not None  # a `meld: true` parameter is refused at load time without melds
    faces = g.face_of
    return {faces[c] for c in rules.joinable(picked, avail, low, high)}


def why_refused(param: CompiledParam, s: StateFields, frame: BuildFrame, text: str) -> Reason:
    """Why text is not a legal step for this parameter now."""
    g = param.game
    env = param_env(param, frame)
    if param.kind != "cards":
        return Reason("not_possible_value", {"param": (WORD, param.name)})
    picked = frame.picked
    if text == "done":
        low = 1 if param.min is None else g.guard(param.r_min, param.min, s, env)
        if len(picked) < low:
            return Reason("pick_more", {"low": low, "n": len(picked)})
        if param.meld:
            return Reason("not_a_meld")
        return Reason("done_not_possible")
    label = text.removeprefix("pick ")
    if label == text or label not in g.labels:
        return Reason("no_such_card", {"label": label})
    src = g.guard(param.r_from, param.source, s, env)
    cards = s.zones[src] if isinstance(src, int) else src
    mine = [c for c in cards if g.labels[c] == label and c not in picked]
    if not mine:
        return Reason("not_among", {"card": (CARD, label)})
    if len(picked) >= max_picks(param, s, env):
        return Reason("no_more")
    if param.where is not None:
        env["it"] = mine[0]
        if not g.guard(param.r_where, param.where, s, env):
            return Reason("where_fails", {"card": (CARD, label), "where": param.where_text})
    if param.meld:
        return Reason("cannot_meld", {"card": (CARD, label),
                                      "picked": [(CARD, g.labels[c]) for c in picked]})
    return Reason("cannot_pick", {"card": (CARD, label)})


def param_env(param: CompiledParam, frame: BuildFrame) -> dict:
    """The names this parameter's rules see: the action's so far, and `picked` (cards)."""
    env = dict(frame.env)  # a copy: 'it' set for 'where' must not leak into the state
    if param.kind == "cards":
        env["picked"] = list(frame.picked)
    return env


def max_picks(param: CompiledParam, s: StateFields, env: dict, src: Any = None) -> int:
    """How many cards may be picked at most (src: the source, if it was just read)."""
    if param.max is None:
        if src is None:
            src = param.source(s, env)
        return len(s.zones[src]) if isinstance(src, int) else len(src)
    if param.max_const is not None:
        return param.max_const
    return param.game.guard(param.r_max, param.max, s, env)


def limit_env(param: CompiledParam, frame: BuildFrame) -> dict:
    """The names max_picks() needs: none of its own when 'max' is absent or a number."""
    if param.max is None or param.max_const is not None:
        return frame.env
    return param_env(param, frame)


def legal_steps(param: CompiledParam, s: StateFields, frame: BuildFrame) -> list[Action]:
    """The legal steps for this parameter now (unguarded: s.at names the rule evaluated, for
    the guard of the decision, State._apply or _compute_legal)."""
    g = param.game
    if param.kind == "cards":
        # the source sees the action's names; 'max', 'min' and 'where' see 'picked' too (and
        # 'where' its 'it'): a copy made only for those that are not plain numbers
        env: dict | None = None
        s.at = param.r_from
        src = param.source(s, frame.env)
        cards = s.zones[src] if isinstance(src, int) else src
        picked = frame.picked
        out: list[Action] = []
        # no 'max': as many as the source holds (read just now: not evaluated again)
        if param.max is None:
            high = len(cards)
        elif param.max_const is not None:
            high = param.max_const
        else:
            env = param_env(param, frame)
            s.at = param.r_max
            high = param.max(s, env)
        if param.min is None:
            low = 1
        elif param.min_const is not None:
            low = param.min_const
        else:
            env = env or param_env(param, frame)
            s.at = param.r_min
            low = param.min(s, env)
        if len(picked) < high:
            faces = g.face_of
            where = param.where
            seen: set[int]
            if where is None and not param.meld:
                seen = ({faces[c] for c in cards if c not in picked} if picked
                        else set(map(faces.__getitem__, cards)))
            else:
                env = env or param_env(param, frame)
                seen = set()
                avail = []
                s.at = param.r_where
                if where is not None:
                    charge(s, len(cards) * param.where_cost)  # each card asked, drawn at once
                for c in cards:
                    if c in picked:
                        continue
                    if where is not None:
                        env["it"] = c
                        if not where(s, env):
                            continue
                    avail.append(c)
                if param.meld:
                    seen = _meld_faces(param, picked, avail, low, high)
                else:
                    seen = {faces[c] for c in avail}
            out = list(map(g.pick_actions.__getitem__, sorted(seen)))
        if len(picked) >= low and (not param.meld or g.meld_rules is not None
                                   and g.meld_rules.check(picked) is not None):
            out.append(g.done_actions[param.name])
        return out
    env = param_env(param, frame)
    if param.kind == "number":
        s.at = param.r_min
        lo = param.min(s, env)
        s.at = param.r_max
        hi = param.max(s, env)
        if hi - lo + 1 > g.max_choices:
            raise EvaluationLimitError(
                param.rule, f"parameter '{param.name}' offers {hi - lo + 1} values "
                f"(limits.max_choices is {g.max_choices})")
        if param.where is None:
            known = param._ranges.get((lo, hi))
            if known is not None:
                return known
        values: list[Any] = list(range(lo, hi + 1))
    else:
        s.at = param.r_values
        values = param.values(s, env)
        if len(values) > g.max_choices:
            raise EvaluationLimitError(param.rule, f"parameter '{param.name}' offers "
                                       f"{len(values)} values (limits.max_choices is "
                                       f"{g.max_choices})")
    out = []
    texts: set[str] = set()
    s.at = param.r_where
    if param.where is not None:
        charge(s, len(values) * param.where_cost)  # each value asked, drawn at once
    for v in values:
        if v is None:
            continue
        if param.where is not None:
            env["it"] = v
            if not param.where(s, env):
                continue
        a = param._choose.get(v)
        if a is None:
            a = Action(CHOOSE, param.name, v, f"{param.name} {g.value_text(param.value_type, v)}",
                       param.value_type)
            param._choose[v] = a
        if a.text not in texts:
            texts.add(a.text)
            out.append(a)
    if param.kind == "number" and param.where is None and len(param._ranges) < 4096:
        param._ranges[(lo, hi)] = out  # never changed: states hand out copies
    return out
