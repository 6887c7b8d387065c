"""What a seat may know: observations, the log through a seat's eyes, and a generic resample.

Every view of hidden information goes through `card_visible`, built from the zones' declared
visibility and the cards turned face up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import UsageError, short_repr
from . import knowledge
from .dealing import check_seat, dealt_world, exchange, recompute
from .fields import StateFields
from .state import BuildFrame, State

if TYPE_CHECKING:
    from ..rules.game import Rules


def card_visible(s: StateFields, zi: int, c: int, seat: int | None) -> bool:
    """Whether seat may see which card c is, lying in zone instance zi (None: a spectator)."""
    return bool(s.faceup[c]) or zone_open(s, zi, seat)


zone_open = knowledge.zone_open  # whether seat may see every card of a zone instance


def visible_cards(s: StateFields, seat: int | None) -> set[int]:
    """Every card seat may see where it lies now (card_visible of each, a zone at a time)."""
    up = s.faceup
    out: set[int] = set()
    for zi, zone in enumerate(s.zones):
        if zone_open(s, zi, seat):
            out.update(zone)
        else:
            out.update(c for c in zone if up[c])
    return out


def _owns(s: StateFields, kind: str, owner: int | None, seat: int | None) -> bool:
    """Whether seat owns a zone: its own, or its team's."""
    if owner is None or seat is None:
        return False
    if kind == "team":
        return s.team_of[seat] == owner
    return owner == seat


def zone_view(s: State, zi: int, seat: int | None) -> dict[str, Any]:
    """A zone as seat sees it: its size (unless hidden) and the labels of the cards it may see."""
    g = s.game
    info, owner = g.zone_of_instance(zi, s.n)
    cards = s.zones[zi]
    if info.visibility == "public" or (info.visibility == "owner"
                                       and _owns(s, info.owner, owner, seat)):
        shown = [g.labels[c] for c in (cards if info.ordered else _sorted(g, cards, info))]
        view: dict[str, Any] = {"count": len(cards), "cards": shown}
        if info.melds:
            view["melds"] = [{"meld": m, "kind": s.meld_kinds[m],
                              "cards": [g.labels[c] for c in s.meld_cards(m)],
                              "values": [s.meld_value(c) for c in s.meld_cards(m)]}
                             for m in s.melds_in(zi)]
        return view
    count = None if info.visibility == "hidden" else len(cards)
    if info.ordered:
        shown_or_none = [g.labels[c] if s.faceup[c] else None for c in cards]
        if not any(x is not None for x in shown_or_none):
            shown_or_none = []
        return {"count": count, "cards": shown_or_none}
    return {"count": count,
            "cards": [g.labels[c] for c in _sorted(g, cards, info) if s.faceup[c]]}


def _sorted(g: Rules, cards: list[int], info: Any = None) -> list[int]:
    key = getattr(info, "sort_key", None)
    if key is not None:
        return sorted(cards, key=lambda c: (key[c], g.face_of[c], c))
    return sorted(cards, key=lambda c: (g.face_of[c], c))


def var_value(g: Rules, type_: str, v: Any) -> Any:
    """A variable's value as an observation shows it (cards by label)."""
    if v is None:
        return None
    if type_ == "card":
        return g.labels[v]
    if type_ == "list[card]":
        return [g.labels[c] for c in v]
    if type_ == "meld":
        return f"meld{v}"
    if isinstance(v, list):
        return list(v)
    return v


def observation(s: State, seat: int | None) -> dict[str, Any]:
    """Everything seat may know about the present state, and nothing more."""
    check_seat(s, seat)
    g = s.game
    n = s.n
    table = {z.name: zone_view(s, i, seat) for i, z in enumerate(g.table_zones)}
    seats = []
    layout = g.zone_layout
    for p in range(n):
        zones = {z.name: zone_view(s, layout.player_instance(k, n, p), seat)
                 for k, z in enumerate(g.player_zones)}
        # a private variable (visible: owner) is shown to its own player alone
        pv = {v.name: var_value(g, v.type, s.pvars[v.index][p]) for v in g.player_vars
              if v.visible or (v.private and p == seat)}
        seats.append({"seat": p, "vars": pv, "zones": zones})
    obs: dict[str, Any] = {
        "seat": seat,
        "players": n,
        "phase": g.phases[s.phase].name,
        "turn": s.turn,
        "decider": s.decider,
        "over": s.over,
        "vars": {v.name: var_value(g, v.type, s.gvars[v.index]) for v in g.game_vars if v.visible},
        "turn_vars": {v.name: var_value(g, v.type, s.tvars[v.index])
                      for v in g.turn_vars if v.visible},
        "table": table,
        "seats": seats,
        "pending": pending_view(s, seat),
    }
    if g.team_names:
        nteams = len(g.team_names)
        obs["teams"] = [
            {"team": name, "members": [p for p in range(n) if s.team_of[p] == t],
             "vars": {v.name: var_value(g, v.type, s.teamvars[v.index][t]) for v in g.team_vars
                      if v.visible or (v.private and seat is not None and s.team_of[seat] == t)},
             "zones": {z.name: zone_view(s, layout.team_instance(k, n, nteams, t), seat)
                       for k, z in enumerate(g.team_zones)}}
            for t, name in enumerate(g.team_names)]
    if g.has_show:
        obs["known"] = knowledge.known_view(s, seat)
    if s.outcome is not None:
        obs["outcome"] = {"scores": list(s.outcome.scores), "winners": list(s.outcome.winners),
                          "reason": s.outcome.reason}
    return obs


def pending_view(s: State, seat: int | None) -> dict[str, Any] | None:
    """What is being decided now; the choices so far only for the one choosing."""
    if not s.stack or s.over:
        return None
    g = s.game
    top = s.stack[-1]
    if isinstance(top, BuildFrame):
        act = g.actions[top.action]
        param = act.params[top.pidx] if top.pidx < len(act.params) else None
        if seat != top.actor:  # which step it is (a parameter's name) may give the card away
            param = None
        out: dict[str, Any] = {"action": act.name, "by": top.actor,
                               "param": param.name if param else None,
                               "kind": param.kind if param else None,
                               "prompt": param.prompt if param else None}
        if seat == top.actor:
            chosen = {}
            for p in act.params[:top.pidx]:
                chosen[p.name] = var_value(g, "list[card]" if p.kind == "cards" else p.value_type,
                                           top.env.get(p.name))
            out["chosen"] = chosen
            out["picking"] = [g.labels[c] for c in top.picked]
        return out
    win = g.windows[top.win]
    return {"window": win.name, "opener": top.opener, "asked": top.order[top.idx],
            "prompt": win.prompt}


def events_for(s: State, seat: int | None, start: int = 0) -> list[tuple[str, dict[str, Any]]]:
    """The log from index start as seat reads it: events not meant for seat lose their cards."""
    check_seat(s, seat)
    if isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise UsageError(f"start must be a whole number >= 0, not {short_repr(start)}")
    out = []
    g = s.game
    for key, args, audience in s.log[start:]:
        if audience is None or (seat is not None and seat in audience):
            shown = {name: _arg(g, kind, v) for name, kind, v in args}
            out.append((key, shown))
        else:
            shown = {}
            for name, kind, v in args:
                if kind == "card":
                    continue
                shown[name] = len(v) if kind == "cards" else _arg(g, kind, v)
            out.append((key + "_hidden", shown))
    return out



def summary_counts(s: State, seat: int | None) -> list[tuple[str, int]]:
    """The `table:` summary's end-of-game counts (text key, number) as seat reads the log."""
    return s.game.table.counts([key for key, _ in events_for(s, seat)])

def _arg(g: Rules, kind: str, v: Any) -> Any:
    if v is None:
        return None
    if kind in ("card", "player"):
        return (kind, v)
    if kind in ("cards", "players"):
        return (kind, list(v))
    return v


def render_event(g: Rules, key: str, args: dict[str, Any], lang: str,
                 names: list[str] | None = None) -> str:
    """One log event as a sentence in lang."""
    def show(v: tuple[Any, ...]) -> str:
        kind, x = v
        if kind == "card":
            return g.card_label(x, lang)
        if kind == "cards":
            return ", ".join(g.card_label(c, lang) for c in x) or "-"
        if kind == "player":
            return _seat_name(x, names, g, lang)
        return ", ".join(_seat_name(p, names, g, lang) for p in x) or "-"

    shown: dict[str, str] = {}
    for k, v in args.items():
        shown[k] = _show_arg(g, k, v, lang, names, show)
    return g.texts.render(key, lang, shown)


def _show_arg(g: Rules, name: str, v: Any, lang: str, names: list[str] | None, show: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, tuple):
        shown: str = show(v)
        return shown
    if isinstance(v, bool):
        return g.texts.word("yes" if v else "no", lang)
    if isinstance(v, str):
        return g.texts.word(v, lang)
    return str(v)


def _seat_name(p: int, names: list[str] | None, g: Rules, lang: str) -> str:
    if names is not None and 0 <= p < len(names):
        return names[p]
    return seat_name(g, p, lang)


def seat_name(g: Rules, p: int, lang: str) -> str:
    """A seat's default display name (the ruleset's 'seat' text, else 'P<n>')."""
    t = g.texts.template("seat", lang)
    return t.replace("{seat}", str(p)) if t else f"P{p}"


def resample(s: State, seat: int, seed: int) -> State:
    """A copy of s where the cards seat cannot see are shuffled among their hidden places.

    The copy is a function of seat's information set and seed: where the hidden cards really
    lie does not change it (see dealt_world).
    """
    return dealt_world(s, seat, seed)[0]


__all__ = ["card_visible", "check_seat", "dealt_world", "events_for", "exchange", "observation",
           "pending_view", "recompute", "render_event", "resample", "seat_name", "summary_counts",
           "var_value", "visible_cards", "zone_open", "zone_view"]
