"""The legal steps of a parameter being chosen, and why a step is refused: one set of checks
(the source, the limits on picks, 'where', melds, finishing) lists the steps and, asked about a
step that is not listed, names the check it fails (the runtime's side of a compiled parameter:
rulekit.rules.game.CompiledParam holds the compiled rules, this the asking)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import CHOOSE, Action
from ..errors import EvaluationLimitError
from ..lang.budget import charge
from ..lang.cardwhere import CardWhere
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


def param_env(param: CompiledParam, frame: BuildFrame) -> dict[str, Any]:
    """The names this parameter's rules see: the action's so far, and `picked` (cards)."""
    env = dict(frame.env)  # a copy: 'it' set for 'where' must not leak into the state
    if param.kind == "cards":
        env["picked"] = list(frame.picked)
    return env


def max_picks(param: CompiledParam, s: StateFields, env: dict[str, Any], src: Any = None) -> int:
    """How many cards may be picked at most (src: the source, if it was just read)."""
    if param.max is None:
        if src is None:
            src = param.source(s, env)
        return len(s.zones[src]) if isinstance(src, int) else len(src)
    if param.max_const is not None:
        return param.max_const
    most: int = param.game.guard(param.r_max, param.max, s, env)
    return most


def limit_env(param: CompiledParam, frame: BuildFrame) -> dict[str, Any]:
    """The names max_picks() needs: none of its own when 'max' is absent or a number."""
    if param.max is None or param.max_const is not None:
        return frame.env
    return param_env(param, frame)


# ---- the checks: each used by the listing (legal_steps) and the refusal (refusal) alike ------
def _card_limits(param: CompiledParam, s: StateFields,
                 frame: BuildFrame) -> tuple[list[int], int, int, dict[str, Any] | None]:
    """The cards the parameter picks from, the fewest and the most picks, and the names 'min'
    and 'max' saw (a copy made only when one is not a plain number; else None)."""
    # the source sees the action's names; 'max', 'min' and 'where' see 'picked' too (and
    # 'where' its 'it')
    env: dict[str, Any] | None = None
    s.at = param.r_from
    src = param.source(s, frame.env)
    cards = s.zones[src] if isinstance(src, int) else src
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
    return cards, low, high, env


def _pickable(param: CompiledParam, s: StateFields, env: dict[str, Any], cards: list[int],
              picked: list[int]) -> list[int]:
    """The cards of cards not picked yet that meet 'where' (unguarded: s.at names 'where')."""
    where = param.where
    if type(where) is CardWhere:  # one generated comprehension asks every card
        found: list[int] = where.many(s, env, cards, picked)
        return found
    out = []
    for c in cards:
        if c in picked:
            continue
        if where is not None:
            env["it"] = c
            if not where(s, env):
                continue
        out.append(c)
    return out


def _is_meld(param: CompiledParam, picked: list[int]) -> bool:
    """Whether the cards picked form a valid new meld (what 'done' needs of a `meld` parameter)."""
    rules = param.game.meld_rules
    return rules is not None and rules.check(picked) is not None


# ---- the listing -------------------------------------------------------------------------
def legal_steps(param: CompiledParam, s: StateFields, frame: BuildFrame) -> list[Action]:
    """The legal steps for this parameter now (unguarded: s.at names the rule evaluated, for
    the guard of the decision, State.play_listed or _compute_legal)."""
    g = param.game
    if param.kind == "cards":
        # the picks whose cards pass every check, then 'done' when it may end the picking
        lo, hi = param.min_const, param.max_const
        env: dict[str, Any] | None
        if (hi is not None or param.max is None) and (lo is not None or param.min is None):
            # _card_limits of limits absent or plain numbers, written out: the common case
            s.at = param.r_from
            src = param.source(s, frame.env)
            cards = s.zones[src] if isinstance(src, int) else src
            high = len(cards) if hi is None else hi
            low = 1 if lo is None else lo
            env = None
        else:
            cards, low, high, env = _card_limits(param, s, frame)
        picked = frame.picked
        out: list[Action] = []
        if len(picked) < high:
            faces = g.face_of
            if param.where is None and not param.meld:
                # _pickable without 'where', written out: the hot path of a plain pick
                seen = ({faces[c] for c in cards if c not in picked} if picked
                        else set(map(faces.__getitem__, cards)))
            else:
                env = env or param_env(param, frame)
                s.at = param.r_where
                if param.where is not None:
                    charge(s, len(cards) * param.where_cost)  # each card asked, drawn at once
                avail = _pickable(param, s, env, cards, picked)
                seen = (_meld_faces(param, picked, avail, low, high) if param.meld
                        else {faces[c] for c in avail})
            pick = g.pick_actions
            for f in sorted(seen):  # a loop: a comprehension is a call of its own (Python 3.11)
                out.append(pick[f])
        if len(picked) >= low and (not param.meld or _is_meld(param, picked)):
            out.append(g.done_actions[param.name])
        return out
    # numbers, choices and players: the values that meet 'where', each once
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
            known: list[Action] | None = param._ranges.get((lo, hi))
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


# ---- the refusal -------------------------------------------------------------------------
def refusal(param: CompiledParam, s: StateFields, frame: BuildFrame, text: str) -> Reason | None:
    """Why text is not one of legal_steps() now: the first of its checks that text fails, in
    the order they are made; None when it passes them all, which is to say it is listed
    (unguarded, like the listing: rulekit.runtime.legality guards it and gives back the work)."""
    if param.kind != "cards":
        if any(a.text == text for a in legal_steps(param, s, frame)):
            return None
        return Reason("not_possible_value", {"param": (WORD, param.name)})
    g = param.game
    cards, low, high, env = _card_limits(param, s, frame)
    picked = frame.picked
    if text == "done":
        if len(picked) < low:
            return Reason("pick_more", {"low": low, "n": len(picked)})
        if param.meld and not _is_meld(param, picked):
            return Reason("not_a_meld")
        return None
    label = text.removeprefix("pick ")
    if label == text or label not in g.labels:
        return Reason("no_such_card", {"label": label})
    labels = g.labels
    mine = [c for c in cards if labels[c] == label and c not in picked]
    if not mine:
        return Reason("not_among", {"card": (CARD, label)})
    if len(picked) >= high:
        return Reason("no_more")
    env = env or param_env(param, frame)
    s.at = param.r_where
    passing = _pickable(param, s, env, mine, picked)
    if not passing:
        return Reason("where_fails", {"card": (CARD, label), "where": param.where_text})
    if param.meld and g.face_of[passing[0]] not in _meld_faces(
            param, picked, _pickable(param, s, env, cards, picked), low, high):
        return Reason("cannot_meld", {"card": (CARD, label),
                                      "picked": [(CARD, labels[c]) for c in picked]})
    return None
