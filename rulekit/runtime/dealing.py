"""Dealing a seat's worlds (rulekit.resample): the cards the seat cannot see shuffled among
their hidden places, or traded two at a time, the references to them following.

A search deals hundreds of worlds of one state for one seat: what depends only on the state and
the seat (the hidden places, the cards that fill them in a canonical order, where the seat knows
cards) is worked out once (`Dealing`), and each deal draws only the shuffle.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any
from weakref import ref

from ..errors import UsageError, short_repr
from . import knowledge
from .frames import MASK, BuildFrame
from .racing import forget_others

if TYPE_CHECKING:
    from ..rules.game import Rules
    from .state import State


def check_seat(s: State, seat: Any) -> None:
    """Refuse anything but a seat of this game (an int, not a bool) or None, the spectator."""
    if seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.n:
        raise UsageError(f"a seat is a whole number from 0 to {s.n - 1} (or None for a "
                         f"spectator), not {short_repr(seat)}")


class _CardVars:
    """Where a game's variables hold cards (what a deal must keep in place or make follow),
    worked out once per game: a deal looks at these variables only."""

    __slots__ = ("game", "turn", "player", "team", "shown", "own", "any", "resample", "identity")

    def __init__(self, g: Rules):
        def holding(infos: list[Any], visible: bool = False) -> list[tuple[int, bool]]:
            # (index, whether a list of cards) of each variable holding cards
            return [(v.index, v.type == "list[card]") for v in infos
                    if v.type in ("card", "list[card]") and (v.visible or not visible)]

        self.game = holding(g.game_vars)
        self.turn = holding(g.turn_vars)
        self.player = holding(g.player_vars)
        self.team = holding(g.team_vars)
        # the visible ones, named by an observation: (scope, index, whether a list)
        self.shown = ([("game", i, k) for i, k in holding(g.game_vars, True)]
                      + [("turn", i, k) for i, k in holding(g.turn_vars, True)]
                      + [("player", i, k) for i, k in holding(g.player_vars, True)])
        # private player variables holding cards: their owner's observation names them
        self.own = [(v.index, v.type == "list[card]") for v in g.player_vars
                    if v.private and v.type in ("card", "list[card]")]
        self.any = bool(self.game or self.turn or self.player or self.team)
        self.resample = any(v.resample is not None for v in (
            *g.game_vars, *g.turn_vars, *g.player_vars, *g.team_vars))
        self.identity = list(range(g.n_cards))


# per game (by id, while it lives): a WeakKeyDictionary would make a weak reference at every
# look-up, and a search trades cards thousands of times a decision
_CARD_VARS: dict[int, tuple[ref[Rules], _CardVars]] = {}


def _card_vars(g: Rules) -> _CardVars:
    found = _CARD_VARS.get(id(g))
    if found is not None and found[0]() is g:
        return found[1]
    key = id(g)
    plan = _CardVars(g)
    _CARD_VARS[key] = (ref(g, lambda _: _CARD_VARS.pop(key, None)), plan)
    return plan


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

    for scope, i, many in _card_vars(g).shown:
        kind = "list[card]" if many else "card"
        if scope == "player":
            for v in s.pvars[i]:
                add(kind, v)
        else:
            add(kind, (s.gvars if scope == "game" else s.tvars)[i])
    if seat is not None:
        for i, many in _card_vars(g).own:
            add("list[card]" if many else "card", s.pvars[i][seat])
    for f in s.stack:
        if isinstance(f, BuildFrame) and f.actor == seat:
            out.update(f.picked)
            for p in g.actions[f.action].params[:f.pidx]:
                add("list[card]" if p.kind == "cards" else p.value_type, f.env.get(p.name))
    return out


class Dealing:
    """The worlds of s for seat (s must not change while they are dealt): its hidden places
    and the cards dealt to them, worked out once; `deal(seed)` draws one world."""

    __slots__ = ("state", "seat", "spans", "old", "rest", "known", "slots", "stale_melds")

    def __init__(self, s: State, seat: int):
        check_seat(s, seat)
        self.state = s
        self.seat = seat
        known = _cards_shown_by_name(s, seat)  # the observation names these: they must stay put
        # the hidden places, zone by zone: a zone whose every card is one (a deck, another's
        # hand: the usual) as None, else its places' indices
        up = s.faceup
        zones = s.zones
        spans: list[tuple[int, list[int] | None]] = []
        old: list[int] = []
        for zi, zone in enumerate(zones):
            if zone and not knowledge.zone_open(s, zi, seat):
                if (not known or known.isdisjoint(zone)) and not any(map(up.__getitem__, zone)):
                    spans.append((zi, None))
                    old += zone
                else:
                    places = [i for i, card in enumerate(zone)
                              if not up[card] and card not in known]
                    spans.append((zi, places))
                    old += [zone[i] for i in places]
        self.spans = spans
        self.old = old
        # the cards seat was shown stay in the zone it knows, at places drawn like the others'
        self.known: list[tuple[list[int], list[int]]] = []
        self.slots = 0
        if s.known and s.known[seat]:
            slots = [(zi, i) for zi, places in spans
                     for i in (range(len(zones[zi])) if places is None else places)]
            self.known = knowledge.known_places(s, seat, slots)
            self.slots = len(slots)
        # the rest are shuffled from a canonical order, so a world depends only on what seat
        # knows: two states seat cannot tell apart deal the same worlds (bots then choose the
        # same in both) (by face first: such states may hold twin cards under other ids)
        placed = {c for _, cards in self.known for c in cards}
        self.rest = sorted((x for x in old if x not in placed) if placed else old,
                           key=s.game.face_order().__getitem__)
        # cards of a meld change places: what a world keeps of melds is stale
        self.stale_melds = s.meld_of is not None and any(map(s.meld_of.__getitem__, old))

    def deal(self, seed: int) -> tuple[State, list[int]]:
        """A world drawn from seed, and the cards it dealt freely (see dealt_world)."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise UsageError(f"the seed must be a whole number, not {short_repr(seed)}")
        seat = self.seat
        c = self.state.clone()
        forget_others(c, seat)  # a racing window's answers seat has not seen
        # Mersenne Twister, seeded from seed alone: its draws cost a C call, where the state's
        # own generator (64-bit arithmetic on Python ints) cost 4x more, and a search deals
        # hundreds of worlds. int(random() * n) is uniform enough for n far below 2**53.
        draw = Random(seed & MASK).random
        new: list[int | None] | None = None
        if self.known:
            new = knowledge.place_known(self.known, self.slots, lambda n: int(draw() * n))
        rest = self.rest[:]
        for i in range(len(rest) - 1, 0, -1):
            j = int(draw() * (i + 1))
            rest[i], rest[j] = rest[j], rest[i]
        if new is not None:
            it = iter(rest)
            dealt = [next(it) if x is None else x for x in new]
        else:
            dealt = rest
        if self.stale_melds:
            c._meld_cache.clear()
        zones = c.zones
        card_zone = c.card_zone
        k = 0
        for zi, at in self.spans:
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
        plan = _card_vars(c.game)
        if plan.any or c.stack:
            mapping = plan.identity[:]
            for a, b in zip(self.old, dealt, strict=True):
                mapping[a] = b  # whatever pointed at a's place now points at b
            _follow(c, plan, mapping)
        knowledge.keep_only(c, seat)  # what others were shown may be hidden from seat
        c.rng = (seed * 0xD1B54A32D192ED03 + 0x2545F4914F6CDD1D) & MASK
        c._legal = None
        c.memo_since = None  # worked out from the cards before they were dealt again
        if plan.resample:
            recompute(c, seat)
        return c, rest


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
    return Dealing(s, seat).deal(seed)


def exchange(c: State, a: int, b: int, seat: int | None = None) -> None:
    """Cards a and b trade places in c (two cards dealt freely by dealt_world); references
    held by variables and half-built actions follow the places, as in resample, and the hidden
    variables that say how are worked out again (but seat's own private values: a world dealt
    to seat keeps what seat sees)."""
    zones, card_zone = c.zones, c.card_zone
    za, zb = card_zone[a], card_zone[b]
    ia, ib = zones[za].index(a), zones[zb].index(b)
    zones[za][ia], zones[zb][ib] = b, a
    card_zone[a], card_zone[b] = zb, za
    if c.meld_of is not None and (c.meld_of[a] or c.meld_of[b]):
        c._meld_cache.clear()
    plan = _card_vars(c.game)
    if plan.any or c.stack:
        mapping = plan.identity[:]
        mapping[a], mapping[b] = b, a
        _follow(c, plan, mapping)
    c._legal = None
    c.memo_since = None
    if plan.resample:
        recompute(c, seat)


def _follow(c: State, plan: _CardVars, mapping: list[int]) -> None:
    """Card references held by variables and half-built actions follow the cards they named
    (mapping[a]: the card dealt a's place). Only the variables holding cards are looked at;
    c's lists of values are its own (a copy's), so they are changed in place, but a list of
    cards held is replaced, never changed: the state copied from may share it."""
    g = c.game
    if plan.any:
        for values, held in ((c.gvars, plan.game), (c.tvars, plan.turn)):
            for i, many in held:
                v = values[i]
                if v is not None:
                    values[i] = [mapping[x] for x in v] if many else mapping[v]
        for rows, held in ((c.pvars, plan.player), (c.teamvars, plan.team)):
            for i, many in held:
                row = rows[i]
                for k, v in enumerate(row):
                    if v is not None:
                        row[k] = [mapping[x] for x in v] if many else mapping[v]

    def remap(type_: str, v: Any) -> Any:
        if v is None:
            return v
        if type_ == "card":
            return mapping[v]
        if type_ == "list[card]":
            return [mapping[x] for x in v]
        return v

    for f in c.stack:
        if isinstance(f, BuildFrame):
            f.picked = [mapping[x] for x in f.picked]
            act = g.actions[f.action]
            for p in act.params[:f.pidx]:
                if p.name in f.env:  # chosen cards, or a choice among cards, follow the places
                    f.env[p.name] = remap("list[card]" if p.kind == "cards" else p.value_type,
                                          f.env[p.name])


def recompute(s: State, seat: int | None = None) -> None:
    """Work out afresh each hidden variable that says how (`resample:`), from the cards of s:
    game, turn, player then team variables, each in the order declared; seat's own private
    values (visible: owner, team) are kept, since seat sees them."""
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
                keep = -1 if seat is None or not v.private else (
                    seat if v.scope == "player" else s.team_of[seat])
                for k in range(len(row)):
                    if k != keep:
                        row[k] = g.guard(rule, fn, s, {who: k})
