"""Helpers to build positions for tests and for designers trying a rule: deal chosen cards.

These change a state from outside the rules (like a dealer stacking a deck), so use them to set
up a position, then play on with `State.apply`.

>>> game = rulekit.load("rulesets/mygame.yaml")                      # doctest: +SKIP
>>> s = game.new_state(3, seed=1)                                     # doctest: +SKIP
>>> arrange(s, {("hand", 0): ["red 1", "red 2"], "draw": ["blue 4"]}) # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import UsageError
from .runtime.state import State

ZoneRef = str | tuple[str, int]


def zone_id(s: State, ref: ZoneRef) -> int:
    """The instance id of a table zone ('draw') or a player's zone (('hand', 2))."""
    try:
        if isinstance(ref, tuple):
            name, player = ref
            return s.game.zone_instance(name, player, s.n)
        return s.game.zone_instance(ref, None, s.n)
    except KeyError as e:
        raise UsageError(str(e.args[0])) from None


def arrange(s: State, zones: dict[ZoneRef, list[str]], spill: ZoneRef | None = None) -> State:
    """Make each listed zone hold exactly the named cards (bottom first); return s.

    Cards the listed zones held before go to `spill` (default: the zone the deck starts in).
    Each named card is taken from outside the listed zones, from the spill zone first.
    """
    g = s.game
    spill_id = zone_id(s, spill) if spill is not None else g.start_zone
    targets = {zone_id(s, ref): list(labels) for ref, labels in zones.items()}
    for zi in targets:
        if zi != spill_id:
            s.move_cards(list(s.zones[zi]), spill_id, False, False)
    taken: set[int] = set()
    for zi, labels in targets.items():
        chosen = []
        for label in labels:
            card = _find(s, label, spill_id, set(targets) - {spill_id}, taken)
            taken.add(card)
            chosen.append(card)
        if zi == spill_id:
            for c in chosen:  # a card found outside the spill zone leaves where it was
                if s.card_zone[c] != zi:
                    s.zones[s.card_zone[c]].remove(c)
                    s.card_zone[c] = zi
            rest = [c for c in s.zones[zi] if c not in taken]
            s.zones[zi] = rest + chosen
            for c in chosen:
                s.faceup[c] = 0
        else:
            s.move_cards(chosen, zi, False, False)
    s._legal = None
    return s


def _find(s: State, label: str, spill: int, locked: set[int], taken: set[int]) -> int:
    g = s.game
    candidates = [c for c in range(g.n_cards) if g.labels[c] == label and c not in taken]
    if not candidates:
        if label not in g.labels:
            raise UsageError(f"no card is labelled {label!r}")
        raise UsageError(f"not enough cards labelled {label!r}")
    free = [c for c in candidates if s.card_zone[c] not in locked]
    if not free:
        raise UsageError(f"every card labelled {label!r} is already placed")
    free.sort(key=lambda c: (s.card_zone[c] != spill, c))
    return free[0]


def set_vars(s: State, values: dict[str | tuple[str, int] | tuple[str, str], Any]) -> State:
    """Set game or turn variables by name, a player's with (name, seat), a team's with (name,
    team name); return s."""
    g = s.game
    for ref, value in values.items():
        if isinstance(ref, tuple) and isinstance(ref[1], str):
            name, team = ref
            tinfo = next((v for v in g.team_vars if v.name == name), None)
            if tinfo is None:
                raise UsageError(f"no team variable {name!r}")
            if team not in g.team_names:
                raise UsageError(f"no team {team!r}; the teams are: {', '.join(g.team_names)}")
            s.teamvars[tinfo.index][g.team_names.index(team)] = value
            continue
        if isinstance(ref, tuple):
            name, p = ref
            info = next((v for v in g.player_vars if v.name == name), None)
            if info is None:
                raise UsageError(f"no player variable {name!r}")
            s.pvars[info.index][p] = value
            continue
        for infos, store in ((g.game_vars, s.gvars), (g.turn_vars, s.tvars)):
            info = next((v for v in infos if v.name == ref), None)
            if info is not None:
                store[info.index] = value
                break
        else:
            raise UsageError(f"no game or turn variable {ref!r}")
    s._legal = None
    return s


def play(s: State, actions: Iterable[str]) -> State:
    """Apply actions by their string forms, checked; return s."""
    for a in actions:
        s.apply(a)
    return s


def labels(s: State, ref: ZoneRef) -> list[str]:
    """The labels of the cards in a zone, bottom first (a god's-eye view, for tests)."""
    return [s.game.labels[c] for c in s.zones[zone_id(s, ref)]]


def card_ids(s: State, label: str) -> list[int]:
    """The ids of every card with this label."""
    return [c for c in range(s.game.n_cards) if s.game.labels[c] == label]
