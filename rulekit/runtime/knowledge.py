"""What a seat was privately shown, and the cards picked so far seen by a card parameter's rules.

`show CARDS to PLAYERS` records, for each of those seats, each shown card it cannot already see,
with the zone the card lies in; so does a log line told to some seats (`log ... to:`) for the
cards it names. The fact lasts while the card stays in that zone: any move of the card (move,
draw, deal, swap, melds) forgets it for every seat, since the seat no longer knows where the card
went; and a card leaving the zone unseen (face down, for a place the seat cannot see) forgets
every card the seat knew there, since it cannot tell which card left. Shuffling the zone the card
lies in, or turning it face up, keeps it.

The knowledge is part of the state (cloned, saved, compared), shown only in its seat's
observation (`observation(state, seat)["known"]`), and respected by `rulekit.resample`: a seat's
known cards stay in the zones it knows (at places drawn like the other hidden cards'), and the
other seats' knowledge is left out of the copy, since what another seat was shown (even that it
was shown anything) may be hidden from this seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any

from ..rules.game import OPEN_ALL, OPEN_NONE, OPEN_TEAM

if TYPE_CHECKING:
    from ..rules.game import Rules
    from .fields import StateFields as State  # what these functions read of a state


def zone_open(s: State, zi: int, seat: int | None) -> bool:
    """Whether seat (None: a spectator) may see every card of zone instance zi, face up or
    down (rulekit.runtime.observe's, here so that the knowledge kept at every move uses it)."""
    g = s.game
    codes = g.open_codes.get(s.n)
    if codes is None:
        codes = g.zone_open_codes(s.n)
    if not 0 <= zi < len(codes):  # not a zone of this game: as its declaration says
        info, owner = g.zone_of_instance(zi, s.n)
        if info.visibility == "public":
            return True
        if info.visibility != "owner" or owner is None or seat is None:
            return False
        return (s.team_of[seat] if info.owner == "team" else seat) == owner
    code = codes[zi]
    if code >= 0:  # a seat's own zone
        return code == seat
    if code == OPEN_ALL:
        return True
    if code == OPEN_NONE or seat is None:
        return False
    return s.team_of[seat] == OPEN_TEAM - code


def untrack(s: State) -> None:
    """s keeps no record of what seats are told from now on (a search's imagined world:
    nothing there reads it, and keeping it costs at every card moved or told)."""
    s.known = []


def leaving(s: State, cards: Sequence[int], dest: int, up: bool | int) -> None:
    """Cards are about to move to zone instance dest, face up if up: every seat forgets where
    they lie. A seat that cannot tell which card left a zone (a face-down card gone face down
    somewhere it cannot see) forgets every card it knew there: what it keeps depends only on
    what it saw, never on whether the card that left was the one it knew. (Asked before the
    move, from where each card lies and its face then: nothing to note down per card.)"""
    known = s.known
    if not known:
        return
    if up:  # every seat sees them arrive face up: each forgets only the cards themselves
        for d in compress(known, known):
            for c in cards:
                if c in d:
                    del d[c]
        return
    where, face_up = s.card_zone, s.faceup
    for p in compress(range(len(known)), known):  # the seats that know something
        d = known[p]
        for c in cards:
            if c in d:
                del d[c]
            # it saw the card leave (face up), or knew nothing where it lay, or sees where it
            # goes (the cheaper questions first: a seat knows a few cards, so the scan of what
            # it knows comes before the zone's visibility, a call)
            if face_up[c] or not d:
                continue
            zi = where[c]
            if zi not in d.values() or zone_open(s, dest, p):
                continue
            for x in [x for x, z in d.items() if z == zi]:
                del d[x]


# ---- views ------------------------------------------------------------------------------------
def known_cards(s: State, seat: int | None) -> set[int]:
    """The cards seat knows the place of beyond what it sees."""
    if not s.known or seat is None:
        return set()
    return set(s.known[seat])


def known_view(s: State, seat: int | None) -> list[dict[str, Any]]:
    """What seat was shown and still knows: each card with the zone (and owner) it lies in."""
    if not s.known or seat is None:
        return []
    g = s.game
    out = []
    for card, zi in s.known[seat].items():
        if s.faceup[card] or zone_open(s, zi, seat):  # it sees it now anyway: no duplicate
            continue
        info, owner = g.zone_of_instance(zi, s.n)
        out.append((zi, g.face_of[card], {"card": g.labels[card], "zone": info.name,
                                          "owner": owner}))
    out.sort(key=lambda x: (x[0], x[1]))  # by place and face: never by when it was learnt
    return [v for _, _, v in out]


def known_places(s: State, seat: int | None,
                 slots: list[tuple[int, int]]) -> list[tuple[list[int], list[int]]]:
    """For a resample: per zone (in order) where seat knows cards among the hidden places
    (slots), the indices of that zone's slots and the cards it knows there, by face; what
    `place_known` deals. Which cards and which places depend only on what seat knows, never
    on where in the zone the cards really lie."""
    if not s.known or seat is None or not s.known[seat]:
        return []
    mine = s.known[seat]
    by_zone: dict[int, list[int]] = {}
    for zi, i in slots:
        card = s.zones[zi][i]
        if mine.get(card) == zi:
            by_zone.setdefault(zi, []).append(card)
    face = s.game.face_of
    return [([k for k, (z, _) in enumerate(slots) if z == zi],
             sorted(by_zone[zi], key=lambda c: (face[c], c))) for zi in sorted(by_zone)]


def place_known(known: list[tuple[list[int], list[int]]], n: int,
                below: Callable[[int], int]) -> list[int | None]:
    """Each card of known (known_places) put at one of its zone's slots, drawn with below(n);
    the other of the n slots None."""
    out: list[int | None] = [None] * n
    for zone_places, cards in known:
        places = zone_places[:]
        for t, card in enumerate(cards):
            j = t + below(len(places) - t)
            places[t], places[j] = places[j], places[t]
            out[places[t]] = card
    return out


def keep_only(s: State, seat: int | None) -> None:
    """After a resample for seat: its own knowledge (its cards stayed put), nobody else's."""
    if not s.known:
        return
    s.known = [d if p == seat else {} for p, d in enumerate(s.known)]


# ---- saved documents --------------------------------------------------------------------------
def to_json(s: State) -> list[Any] | None:
    """Each seat's knowledge as [card, zone] pairs, sorted."""
    if s.known is None:
        return None
    return [[[c, zi] for c, zi in sorted(d.items())] for d in s.known]


def from_json(data: Any) -> list[dict[int, int]] | None:
    """The inverse of to_json (the document is checked first by check_document)."""
    if data is None:
        return None
    return [{c: zi for c, zi in seat} for seat in data]


def check_document(game: Rules, data: dict[str, Any],
                   fail_: Callable[[str, str], Exception]) -> None:
    """Each seat's knowledge names cards lying in the zones it names."""
    known = data.get("known")
    if known is None:
        return
    n = data["n"]
    if not isinstance(known, list) or len(known) != n:
        raise fail_("known", f"expected a list of {n} entries (one per seat)")
    where: dict[int, int] = {}
    for zi, cards in enumerate(data["zones"]):
        for c in cards:
            where[c] = zi
    for p, seat in enumerate(known):
        if not isinstance(seat, list):
            raise fail_(f"known[{p}]", "expected a list of [card, zone] pairs")
        for i, pair in enumerate(seat):
            ok = (isinstance(pair, list | tuple) and len(pair) == 2
                  and all(isinstance(x, int) and not isinstance(x, bool) for x in pair))
            if not ok or where.get(pair[0]) != pair[1]:
                raise fail_(f"known[{p}][{i}]", "expected [card, zone] with the card in that "
                            "zone")
