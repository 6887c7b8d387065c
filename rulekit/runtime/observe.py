"""What a seat may know: observations, the log through a seat's eyes, and a generic resample.

Every view of hidden information goes through `card_visible`, built from the zones' declared
visibility and the cards turned face up.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

from ..errors import UsageError, short_repr
from . import knowledge
from .fields import StateFields
from .state import MASK, BuildFrame, State

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


def check_seat(s: State, seat: Any) -> None:
    """Refuse anything but a seat of this game (an int, not a bool) or None, the spectator."""
    if seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.n:
        raise UsageError(f"a seat is a whole number from 0 to {s.n - 1} (or None for a "
                         f"spectator), not {short_repr(seat)}")


def observation(s: State, seat: int | None) -> dict[str, Any]:
    """Everything seat may know about the present state, and nothing more."""
    check_seat(s, seat)
    g = s.game
    n = s.n
    table = {z.name: zone_view(s, i, seat) for i, z in enumerate(g.table_zones)}
    seats = []
    nt = len(g.table_zones)
    for p in range(n):
        zones = {z.name: zone_view(s, nt + k * n + p, seat) for k, z in enumerate(g.player_zones)}
        pv = {v.name: var_value(g, v.type, s.pvars[v.index][p]) for v in g.player_vars if v.visible}
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
        base = g.team_zone_base(n)
        nteams = len(g.team_names)
        obs["teams"] = [
            {"team": name, "members": [p for p in range(n) if s.team_of[p] == t],
             "vars": {v.name: var_value(g, v.type, s.teamvars[v.index][t])
                      for v in g.team_vars if v.visible},
             "zones": {z.name: zone_view(s, base + k * nteams + t, seat)
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
    def show(v: tuple) -> str:
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
        return show(v)
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


def _cards_shown_by_name(s: State, seat: int | None) -> set[int]:
    """Cards seat's observation names outside the zones: visible variables, its pending picks."""
    g = s.game
    out: set[int] = set()

    def add(type_: str, v: Any) -> None:
        if v is None:
            return
        if type_ == "card":
            out.add(v)
        elif type_ == "list[card]":
            out.update(v)

    for v in g.game_vars:
        if v.visible:
            add(v.type, s.gvars[v.index])
    for v in g.turn_vars:
        if v.visible:
            add(v.type, s.tvars[v.index])
    for v in g.player_vars:
        if v.visible:
            for x in s.pvars[v.index]:
                add(v.type, x)
    for f in s.stack:
        if isinstance(f, BuildFrame) and f.actor == seat:
            out.update(f.picked)
            for p in g.actions[f.action].params[:f.pidx]:
                add("list[card]" if p.kind == "cards" else p.value_type, f.env.get(p.name))
    return out


def resample(s: State, seat: int, seed: int) -> State:
    """A copy of s where the cards seat cannot see are shuffled among their hidden places.

    The copy is a function of seat's information set and seed: where the hidden cards really
    lie does not change it (see dealt_world).
    """
    return dealt_world(s, seat, seed)[0]


def dealt_world(s: State, seat: int, seed: int) -> tuple[State, list[int]]:
    """resample's copy of s, and the cards it dealt freely: any two of them may trade places
    (`exchange`) and the copy stays a world seat cannot tell from s.

    The copy is a function of seat's information set and seed: where the hidden cards really
    lie does not change it.
    Seat's observation of the copy equals its observation of s; the copy's generator is
    reseeded too, since its state is hidden from every player. Card references held by
    variables follow the cards they named, so the copy stays consistent.
    """
    check_seat(s, seat)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise UsageError(f"the seed must be a whole number, not {short_repr(seed)}")
    c = s.clone()
    g = c.game
    known = _cards_shown_by_name(c, seat)  # the observation names these: they must stay put
    # the hidden places, zone by zone: a zone whose every card is one (a deck, another's hand:
    # the usual) as None, else its places' indices
    up = c.faceup
    zones = c.zones
    spans: list[tuple[int, list[int] | None]] = []
    old: list[int] = []
    for zi, zone in enumerate(zones):
        if zone and not zone_open(c, zi, seat):
            if (not known or known.isdisjoint(zone)) and not any(map(up.__getitem__, zone)):
                spans.append((zi, None))
                old += zone
            else:
                places = [i for i, card in enumerate(zone) if not up[card] and card not in known]
                spans.append((zi, places))
                old += [zone[i] for i in places]
    # Mersenne Twister, seeded from seed alone: its draws cost a C call, where the state's own
    # generator (64-bit arithmetic on Python ints) cost 4x more, and a search resamples every
    # iteration. int(random() * n) is uniform enough for n far below 2**53.
    draw = Random(seed & MASK).random

    def below(n: int) -> int:
        return int(draw() * n)

    # the cards seat was shown stay in the zone it knows, at places drawn like the others'
    new: list[int | None] | None = None
    if c.known is not None and c.known[seat]:
        slots = [(zi, i) for zi, places in spans
                 for i in (range(len(zones[zi])) if places is None else places)]
        new = knowledge.place_known(c, seat, slots, below)
    # shuffle the rest from a canonical order, so the copy depends only on what seat knows: two
    # states seat cannot tell apart resample to the same copy (bots then choose the same in both)
    # (by face first: two states a seat cannot tell apart may hold twin cards under other ids)
    placed = {x for x in new if x is not None} if new is not None else None
    rest = sorted((x for x in old if x not in placed) if placed else old,
                  key=g.face_order().__getitem__)
    for i in range(len(rest) - 1, 0, -1):
        j = int(draw() * (i + 1))
        rest[i], rest[j] = rest[j], rest[i]
    if placed and new is not None:
        it = iter(rest)
        dealt = [next(it) if x is None else x for x in new]
    else:
        dealt = rest
    if c.meld_of is not None and any(map(c.meld_of.__getitem__, old)):
        c._meld_cache.clear()  # cards of a meld change places: what was kept of melds is stale
    card_zone = c.card_zone
    k = 0
    for zi, at in spans:
        zone = zones[zi]
        if at is None:
            m = len(zone)
            zone[:] = dealt[k:k + m]
            for b in zone:
                card_zone[b] = zi
        else:
            m = len(at)
            for i, b in zip(at, dealt[k:k + m], strict=True):
                zone[i] = b
                card_zone[b] = zi
        k += m
    if g.holds_cards() or c.stack:
        _follow(c, old, dealt)
    knowledge.keep_only(c, seat)  # what others were shown may be hidden from seat
    c.rng = (seed * 0xD1B54A32D192ED03 + 0x2545F4914F6CDD1D) & MASK
    c._legal = None
    c.memo_since = None  # worked out from the cards before they were dealt again
    recompute(c)
    return c, rest


def exchange(c: State, a: int, b: int) -> None:
    """Cards a and b trade places in c (two cards dealt freely by dealt_world); references
    held by variables and half-built actions follow the places, as in resample, and the hidden
    variables that say how are worked out again."""
    zones, card_zone = c.zones, c.card_zone
    za, zb = card_zone[a], card_zone[b]
    ia, ib = zones[za].index(a), zones[zb].index(b)
    zones[za][ia], zones[zb][ib] = b, a
    card_zone[a], card_zone[b] = zb, za
    if c.meld_of is not None and (c.meld_of[a] or c.meld_of[b]):
        c._meld_cache.clear()
    if c.game.holds_cards() or c.stack:
        _follow(c, [a, b], [b, a])
    c._legal = None
    c.memo_since = None
    recompute(c)


def _follow(c: State, old: list[int], dealt: list[int]) -> None:
    """Card references held by variables and half-built actions follow the cards they named
    (old[k] was dealt dealt[k]'s place)."""
    mapping = list(range(c.game.n_cards))
    for a, b in zip(old, dealt, strict=True):
        mapping[a] = b  # whatever pointed at a's place now points at b
    g = c.game

    def remap(type_: str, v: Any) -> Any:
        if v is None:
            return v
        if type_ == "card":
            return mapping[v]
        if type_ == "list[card]":
            return [mapping[x] for x in v]
        return v

    c.gvars = [remap(v.type, c.gvars[v.index]) for v in g.game_vars]
    c.tvars = [remap(v.type, c.tvars[v.index]) for v in g.turn_vars]
    c.pvars = [[remap(v.type, x) for x in c.pvars[v.index]] for v in g.player_vars]
    c.teamvars = [[remap(v.type, x) for x in c.teamvars[v.index]] for v in g.team_vars]
    for f in c.stack:
        if isinstance(f, BuildFrame):
            f.picked = [mapping[x] for x in f.picked]
            act = g.actions[f.action]
            for p in act.params[:f.pidx]:
                if p.name in f.env:  # chosen cards, or a choice among cards, follow the places
                    f.env[p.name] = remap("list[card]" if p.kind == "cards" else p.value_type,
                                          f.env[p.name])


def recompute(s: State) -> None:
    """Work out afresh each hidden variable that says how (`resample:`), from the cards of s:
    game, turn, player then team variables, each in the order declared."""
    g = s.game
    for infos, store in ((g.game_vars, None), (g.turn_vars, None), (g.player_vars, s.pvars),
                         (g.team_vars, s.teamvars)):
        for v in infos:
            fn = v.resample
            if fn is None:
                continue
            rule = f"variables.{v.scope}.{v.name}.resample"
            if store is None:
                values = s.gvars if v.scope == "game" else s.tvars
                values[v.index] = g.guard(rule, fn, s, {})
            else:
                who = "p" if v.scope == "player" else "t"
                row = store[v.index]
                for k in range(len(row)):
                    row[k] = g.guard(rule, fn, s, {who: k})
