"""The flow: phases, turn hooks, actions and their parameters, windows."""

from __future__ import annotations

from typing import Any

from ..actions import DONE, START, Action
from ..data.schema import PhaseSpec
from ..data.yamlsource import YamlPath
from ..lang import filters
from ..lang.budget import FREE_PARTS, charged_if_large
from ..lang.expressions import (
    BOOL,
    CARD,
    CARDS,
    INT,
    PLAYER,
    PLAYERS,
    STR,
    ZONE,
    Scope,
    compatible,
    describe,
    did_you_mean,
    elem_of,
    local,
    parse,
)
from ..lang.types import Fn
from ..rules.game import (
    CompiledAction,
    CompiledParam,
    CompiledPhase,
    CompiledWindow,
    Flow,
)
from . import effects, langdata, next_phase, show, symbols
from .base import (
    _empty_list,
    _false,
    _none,
    _true,
)
from .context import CompileContext


def phases_and_actions(c: CompileContext) -> Flow:
    """The flow: windows, phases (turn order, hooks, end, next) and the actions of each."""
    flow = Flow()
    phase_names = list(c.spec.phases)
    window_names = list(c.spec.windows)
    empty = Scope()
    for i, (name, ph) in enumerate(c.spec.phases.items()):
        path = ("phases", name)
        label = ph.label or name
        if ph.label:
            c.need_text(ph.label, path + ("label",))
        first = c.expr(ph.first, path + ("first",), empty, PLAYER, "'first'")
        pscope = Scope()
        pscope.names["p"] = local("p", PLAYER)
        pscope.names["p"].not_none = True  # a seat: the flow asks it of each seat in turn
        active = c.expr(ph.active, path + ("active",), pscope, BOOL, "'active'")
        end_if = None
        c.place(f"phases.{name}", path, key=True)
        if ph.end_if is not None:
            end_if = c.expr(ph.end_if, path + ("end_if",), empty, BOOL, "'end_if'")
            c.place(f"phases.{name}.end_if", path + ("end_if",), text=True)
        nxt, next_of = next_phase.compile_next(c, ph.next, i, path, phase_names)
        flow.phases.append(CompiledPhase(
            name=name, rule=f"phases.{name}", label=label,
            first=first.fn if first else _none, active=active.fn if active else _true,
            step=1 if ph.turn_order == "clockwise" else -1,
            on_begin=effects.effects(c, ph.on_begin, path + ("on_begin",), empty),
            end_if=end_if.fn if end_if else None,
            on_end=effects.effects(c, ph.on_end, path + ("on_end",), empty), next=nxt,
            next_of=next_of,
            **turn_hooks(c, ph, path)))  # type: ignore[arg-type]
    for name, w in c.spec.windows.items():
        path = ("windows", name)
        if w.prompt:
            c.need_text(w.prompt, path + ("prompt",))
        oscope = Scope()
        oscope.names["opener"] = local("opener", PLAYER)
        order = c.expr(w.order, path + ("order",), oscope, PLAYERS, "'order'")
        escope = oscope.child()
        escope.names["actor"] = local("actor", PLAYER)
        eligible = c.expr(w.eligible, path + ("eligible",), escope, BOOL, "'eligible'")
        race_from = None
        if w.race is not None and w.race.from_ is not None:  # read when the answers are settled
            race_from = c.expr(w.race.from_, path + ("race", "from"), oscope, PLAYER, "'from'")
        flow.windows.append(CompiledWindow(
            name=name, rule=f"windows.{name}", prompt=w.prompt,
            order=order.fn if order else _empty_list,
            eligible=None if eligible is None or eligible.is_const and eligible.const is True
            else eligible.fn,
            then=effects.effects(c, w.then, path + ("then",), oscope),
            race=None if w.race is None else w.race.ties,
            race_from=race_from.fn if race_from else None))
    for index, (name, a) in enumerate(c.spec.actions.items()):
        path = ("actions", name)
        act = action(c, name, index, a, path, phase_names, window_names)
        flow.actions.append(act)
        if act.window is not None:
            flow.windows[act.window].actions.append(act)
        else:
            for pi, phase in enumerate(flow.phases):
                if act.phases is None or pi in act.phases:
                    phase.actions.append(act)
    for phase in flow.phases:
        phase.startable, phase.startable_cost = _startable(c, phase.actions, phase.rule)
    for cw in flow.windows:
        cw.startable, cw.startable_cost = _startable(c, cw.actions, cw.rule)
        if not cw.actions:
            c.error(f"window '{cw.name}' has no actions (give an action "
                    f"'window: {cw.name}')", ("windows", cw.name), key=True)
    return flow


def _startable(c: CompileContext, actions: list[CompiledAction],
               rule: str) -> tuple[Fn | None, int]:
    """One generated function giving the start of each action whose 'when' holds, in
    order (None if a 'when' did not compile: the load fails anyway), and what a listing
    draws on the budget: the whens' size when it is over FREE_PARTS (many small 'when's
    weigh as much as a large one), else 0."""
    x = c.x
    out = x.gen.temp()
    lines = [f"{out} = []"]
    size_all = 0  # the sizes of the 'when's
    for act in actions:
        found = c._whens.get(act.index)
        if found is None:
            return None, 0
        when, size = found
        start = x.gen.ref(act.start, f"the action '{act.name}'")
        if when.is_const:
            if when.const:
                lines.append(f"{out} += ({start},)")
            continue
        size_all += size
        lines += [f"if {x.src(when)}:", f"    {out} += ({start},)"]
    lines.append(f"return {out}")
    before, x.gen.context = x.gen.context, f"{rule}: the actions whose 'when' holds"
    try:
        return x.gen.body_function(lines), size_all if size_all > FREE_PARTS else 0
    finally:
        x.gen.context = before


def action(c: CompileContext, name: str, index: int, a: Any, path: YamlPath, phase_names: list[str],
           window_names: list[str]) -> CompiledAction:
    """One action: its phases or window, `when`, parameters and effects."""
    label = a.label or name
    c.place(f"actions.{name}", path, key=True)
    if a.label:
        c.need_text(a.label, path + ("label",))
    scope = Scope()
    scope.names["actor"] = local("actor", PLAYER)
    window = None
    if a.window is not None:
        if a.phase is not None:
            c.error("an action belongs to a window or to phases, not both",
                    path + ("phase",), key=True)
        if a.window in window_names:
            window = window_names.index(a.window)
        else:
            c.error(f"unknown window '{a.window}'", path + ("window",),
                    hint=did_you_mean(a.window, window_names))
        scope.names["opener"] = local("opener", PLAYER)
    else:  # the seat whose turn it is (a window's actor, read from its order, is still asked)
        scope.names["actor"].not_none = True
    phases = None
    if a.phase is not None:
        wanted = [a.phase] if isinstance(a.phase, str) else a.phase
        phases = set()
        for j, ph in enumerate(wanted):
            ppath = path + ("phase",) if isinstance(a.phase, str) else path + ("phase", j)
            if ph in phase_names:
                phases.add(phase_names.index(ph))
            else:
                c.error(f"unknown phase '{ph}'", ppath, hint=did_you_mean(ph, phase_names))
    # the listing asks every action's 'when' at once: it draws their sizes together when
    # their sum is large (see _startable); a large 'when' asked alone (the guarded path)
    # draws its own
    when, size = c.weighed_expr(a.when, path + ("when",), scope, BOOL, "'when'")
    if when is not None:
        c._whens[index] = (when, size)
        when = charged_if_large(when, size)
    params: list[CompiledParam] = []
    pscope = scope.child()
    names_seen: set[str] = set()
    for j, p in enumerate(a.params):
        cp = param(c, p, path + ("params", j), pscope, f"actions.{name}.params[{j}]")
        if cp is None:
            continue
        if cp.name in c.RESERVED:  # the caret at the name, after the kind's key
            c.error(f"'{cp.name}' is a reserved name and cannot name a parameter",
                    path + ("params", j, cp.kind), hint="the reserved names: "
                    + ", ".join(sorted(c.RESERVED)) + "; choose another, e.g. 'who'")
        elif cp.name in names_seen:
            c.error(f"parameter name '{cp.name}' is already used", path + ("params", j))
        names_seen.add(cp.name)
        params.append(cp)
    run = effects.effects(c, a.effects, path + ("effects",), pscope)
    start = Action(START, name, index, name)
    when_text = str(a.when).lower() if isinstance(a.when, bool) else str(a.when)
    return CompiledAction(name=name, index=index, rule=f"actions.{name}", label=label,
                          window=window, phases=phases, when=when.fn if when else _false,
                          params=params, effects=run, closes=a.closes, start=start,
                          when_text=when_text)


def param(c: CompileContext, p: Any, path: YamlPath, scope: Scope,
          rule: str) -> CompiledParam | None:
    """One parameter of an action, its steps' rules compiled; None after an error."""
    g = c.game
    kind, name = p.kind, p.name
    if p.prompt:
        c.need_text(p.prompt, path + ("prompt",))
    cp = CompiledParam(kind=kind, name=name, rule=rule, prompt=p.prompt)
    if p.when is not None:
        w = c.expr(p.when, path + ("when",), scope, BOOL, "'when'")
        cp.when = w.fn if w else _true
    where_scope = scope.child()
    limit_scope = scope  # what min and max see: a cards parameter's also see 'picked'
    words = None  # a choice's literal words, checked against the domains they meet
    allowed = {"cards": {"from", "min", "max", "where"}, "choice": {"values", "where"},
               "number": {"min", "max", "where"}, "player": {"among", "where"}}[kind]
    allowed |= {"when", "otherwise", "prompt"}
    for key in ("from_", "values", "among", "min", "max", "where", "otherwise"):
        shown = "from" if key == "from_" else key
        if getattr(p, key) is not None and shown not in allowed:
            c.error(f"'{shown}' does not apply to a {kind} parameter", path + (shown,),
                    key=True, hint="it takes: " + ", ".join(sorted(allowed)))
    value_type = {"cards": CARDS, "number": INT, "player": PLAYER}.get(kind, "any")
    if kind == "cards":
        if p.from_ is None:
            c.error("a cards parameter needs 'from' (a zone or a list of cards)", path)
            return None
        src = c.expr(p.from_, path + ("from",), scope)
        if src is not None:
            if src.type == ZONE or compatible(CARDS, src.type):
                cp.source = src.fn
            else:
                c.error(f"'from' must be a zone or a list of cards, but this is "
                        f"{describe(src.type)}", path + ("from",))
        where_scope.names["it"] = local("it", CARD)
        # a card of the source (runtime.choices._pickable): never none when it is a zone or
        # a list known to hold no none, so its attributes are read without asking
        where_scope.names["it"].not_none = src is not None and (
            src.type == ZONE or src.items_not_none)
        limit_scope = show.bind_picked(scope, where_scope)
        value_type = CARDS
    elif kind == "number":
        if p.min is None or p.max is None:
            c.error("a number parameter needs 'min' and 'max'", path)
            return None
    elif kind == "choice":
        if p.values is None:
            c.error("a choice parameter needs 'values'", path)
            return None
        vals = p.values
        if isinstance(vals, list):
            items = list(vals)
            types = {type(v) for v in items}
            vt = INT if types == {int} else STR
            cp.values = lambda s, e, items=items: items
            if vt == STR:
                words = symbols.WordUse(items, path + ("values",))
        else:
            typed = c.expr(vals, path + ("values",), scope)
            vt = "any"
            if typed is not None:
                et = elem_of(typed.type)
                if et is None:
                    c.error(f"'values' must be a list, but this is {describe(typed.type)}",
                            path + ("values",))
                elif elem_of(et) is not None:
                    # an action names its value in one word of its string, and a list has
                    # no such word: choosing cards is a cards parameter's job
                    c.error(f"a choice's values must be single values (numbers, words, "
                            f"players or cards), but each value here is {describe(et)}",
                            path + ("values",),
                            hint="to choose cards, use a cards parameter ({cards: NAME, "
                            "from: ..., min: ..., max: ...}); to choose among groups, "
                            "choose a number and pick the group with it")
                else:
                    vt = et
                    if vt == STR and isinstance(vals, str):
                        words = langdata.listed_words(vals, path + ("values",))
                    cp.names = typed.names
                    f = typed.fn
                    cp.values = (lambda f: lambda s, e: list(s.zones[f(s, e)]))(f) \
                        if typed.type == ZONE else f
        value_type = vt
        where_scope.names["it"] = local("it", vt)
        where_scope.names["it"].words = words
        where_scope.names["it"].not_none = True  # legal_steps skips a none value
    else:  # player
        if p.among is not None:
            typed = c.expr(p.among, path + ("among",), scope, PLAYERS, "'among'")
            cp.values = typed.fn if typed else _empty_list
        else:
            cp.values = lambda s, e: s.players
        where_scope.names["it"] = local("it", PLAYER)
        where_scope.names["it"].not_none = True  # legal_steps skips a none value
    if kind == "number":
        where_scope.names["it"] = local("it", INT)
        where_scope.names["it"].not_none = True  # a number of the range
    bounds: dict[str, int] = {}  # a literal min / max: the values a number can take
    for key in ("min", "max"):
        v = getattr(p, key)
        if v is not None and key in allowed:
            typed = c.expr(v, path + (key,), limit_scope, INT, f"'{key}'")
            setattr(cp, key, typed.fn if typed else (lambda s, e: 0))
            if typed is not None and typed.is_const and type(typed.const) is int:
                bounds[key] = typed.const
                setattr(cp, f"{key}_const", typed.const)
    if p.where is not None:
        cp.where_text = str(p.where)
        # asked of each card or value offered: the listing draws its size for each of them
        # at once, as a comprehension does (no charge at every evaluation)
        typed, cp.where_cost = c.weighed_expr(p.where, path + ("where",), where_scope,
                                              BOOL, "'where'")
        cp.where = typed.fn if typed else _true
        if kind == "cards" and typed is not None and isinstance(p.where, str):
            # also as one list comprehension over the cards offered (rulekit.lang.filters)
            cp.where = filters.card_where(c.x, parse(p.where, "expr"), where_scope, typed)
    if p.otherwise is not None:
        typed = c.expr(p.otherwise, path + ("otherwise",), scope)
        if typed is not None:
            want = value_type
            if want != "any" and not compatible(want, typed.type):
                c.error(f"'otherwise' must be {describe(want)}, but this is "
                        f"{describe(typed.type)}", path + ("otherwise",))
            cp.otherwise = typed.fn
    cp.value_type = "card" if value_type == CARD else value_type
    if p.meld:
        if kind != "cards":
            c.error("'meld' applies to a cards parameter", path + ("meld",), key=True)
        elif c.spec.melds is None:
            c.error("'meld: true' needs a 'melds:' section saying how runs and sets are "
                    "made", path + ("meld",), key=True)
        else:
            cp.meld = True
    if kind == "cards":
        g.done_actions.setdefault(name, Action(DONE, name, None, "done"))
    if p.names is not None:
        cp.names = langdata.param_names(c, p, value_type, path, bounds) or cp.names
    # later parameters and the effects see this one by name
    scope.names[name] = local(name, value_type)
    scope.names[name].words = words
    scope.names[name].names = cp.names
    if words is not None:
        c.word_uses.append(words)
    return cp


def turn_hooks(c: CompileContext, ph: PhaseSpec, path: YamlPath) -> dict[str, Fn | None]:
    """A phase's turn hooks, compiled (None for a phase without one: no step in the flow)."""
    out: dict[str, Fn | None] = {}
    for key in ("on_turn_begin", "on_turn_end"):
        items = getattr(ph, key)
        if isinstance(items, list) and not items:
            out[key] = None
            continue
        scope = Scope()
        scope.names["actor"] = local("actor", PLAYER)
        scope.names["actor"].not_none = True  # the seat whose turn begins or ends
        out[key] = effects.effects(c, items, path + (key,), scope)
    return out
