"""Shared helpers for the Shamus scenario tests (tests/games/shamus/).

Positions are reached only through the public API: a seed, `rulekit.testing.arrange` to deal
chosen cards, `rulekit.testing.set_vars`, then checked actions with `State.apply`. Nothing here
decides a rule: each helper only spells out what a player does (which card to discard, which
cards to meld).

Seat 0 is the dealer and the Uno player, seat 1 the Rami player (READING H2). Card labels are
the English canonical ones: "7 of hearts", "A of spades", "J/Q/K of clubs".
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from pathlib import Path

import rulekit
from rulekit.testing import arrange, labels

RULESET = Path(__file__).resolve().parent.parent / "rulesets" / "shamus.yaml"

UNO, RAMI = 0, 1
SUITS = ("spades", "hearts", "diamonds", "clubs")
NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
TABLE = ("stock", "discard", "circle")


def card(rank: int, suit: str) -> str:
    """The canonical label of a card (H1)."""
    return f"{NAMES.get(rank, rank)} of {suit}"


@functools.cache
def game(variant: str | None = None) -> rulekit.Game:
    """The Shamus ruleset (or one of its variants), loaded once (a Game is immutable)."""
    if variant is None:
        return rulekit.load(str(RULESET))
    return rulekit.load(str(RULESET), variant=variant)


def players_of(variant: str | None) -> int:
    return game(variant).min_players


def opening_rank(seed: int, variant: str | None = None) -> int:
    """The rank of the card turned up at setup with this seed."""
    g = game(variant)
    s = g.new_state(players_of(variant), seed=seed)
    for key, args in rulekit.events_for(s, None):
        if key == "opening_card":
            return rank_of(g.labels[args["card"][1]])
    raise AssertionError("no opening card logged")


@functools.cache
def seed_opening(predicate_name: str, variant: str | None = None) -> int:
    """The first seed whose opening card is 'plain' (not a 2 or 4), a '2' or a '4'."""
    want = {"plain": lambda r: r not in (2, 4), "2": lambda r: r == 2, "4": lambda r: r == 4}
    test = want[predicate_name]
    return next(seed for seed in range(1000) if test(opening_rank(seed, variant)))


def rank_of(label: str) -> int:
    head = label.split()[0]
    return {v: k for k, v in NAMES.items()}.get(head) or int(head)


def deal(hands: dict[int, list[str]] | None = None, *, discard: list[str] | None = None,
         circle: list[str] | None = None, circle_top: list[str] = (),
         stock: list[str] | None = None,
         empty_stock: bool = False, seed: int | None = None, variant: str | None = None,
         **zones: list[str]) -> rulekit.State:
    """A new game at the Uno player's first turn, with chosen cards (each pile bottom first).

    The seed's opening card is not a 2 or a 4, so the Uno player has the turn. `stock` puts
    cards on top of the stock; with `empty_stock` the stock holds only `stock` (or nothing) and
    every card not named lies at the bottom of the discard pile. Extra player zones are given as
    keyword `laid_1=[...]`. `circle_top` puts cards on top of the circle (the first ones turned
    are the last listed) over cards named nowhere else.
    """
    n = players_of(variant)
    s = game(variant).new_state(n, seed=seed_opening("plain", variant) if seed is None else seed)
    spec: dict = {}
    for seat, cards in (hands or {}).items():
        spec[("hand", seat)] = list(cards)
    for key, cards in zones.items():
        name, seat = key.rsplit("_", 1)
        spec[(name, int(seat))] = list(cards)
    if discard is not None:
        spec["discard"] = list(discard)
    if circle is not None:
        spec["circle"] = list(circle)
    if stock is not None or empty_stock:
        spec["stock"] = list(stock or [])
    # zones not given keep their cards, except those named elsewhere, which are replaced by
    # cards named nowhere (so the hands keep 6 cards and the circle 10)
    named = {c for cards in spec.values() for c in cards} | set(circle_top)
    defaults = [("hand", p) for p in range(n) if ("hand", p) not in spec] + \
        [z for z in ("circle",) if z not in spec]
    kept = {c for ref in defaults for c in labels(s, ref)} - named
    spare = [c for c in labels(s, "stock")[::-1] if c not in named and c not in kept]
    for ref in defaults:
        spec[ref] = [c if c not in named else spare.pop(0) for c in labels(s, ref)]
    if circle_top:
        spec["circle"] = spec["circle"][len(circle_top):] + list(circle_top)
    if empty_stock:
        spec.setdefault("discard", [c for c in labels(s, "discard")[-1:] if c not in named])
        arrange(s, spec, spill="discard")
    else:
        if not stock:
            spec.pop("stock", None)
        arrange(s, spec)
    return s


def legal(s: rulekit.State) -> list[str]:
    """The decider's legal actions as canonical texts."""
    return [str(a) for a in s.legal_actions()]


def picks(s: rulekit.State, action: str) -> set[str]:
    """The cards offered by the first card step of `action` (explored on a copy)."""
    c = s.clone()
    c.apply(action)
    return {t[len("pick "):] for t in legal(c) if t.startswith("pick ")}


def hand(s: rulekit.State, seat: int) -> Counter:
    """The labels of a seat's hand, as a multiset."""
    return Counter(labels(s, ("hand", seat)))


def size(s: rulekit.State, ref) -> int:
    return len(labels(s, ref))


def top(s: rulekit.State, ref="discard") -> str:
    return labels(s, ref)[-1]


def gvar(s: rulekit.State, name: str):
    return rulekit.observation(s, None)["vars"][name]


def uno_play(s: rulekit.State, label: str) -> None:
    """The Uno player to play discards a card (H4)."""
    assert s.decider % 2 == UNO, s.decider
    s.apply("play")
    s.apply(f"pick {label}")


def rami_discard(s: rulekit.State, label: str) -> None:
    """The Rami player to play discards a card, ending the turn (H5)."""
    assert s.decider % 2 == RAMI, s.decider
    s.apply("discard")
    s.apply(f"pick {label}")


def all_labels(s: rulekit.State) -> Counter:
    """Every card of the game, wherever it lies (a god's-eye count)."""
    out = Counter()
    for z in TABLE:
        out += Counter(labels(s, z))
    for p in range(s.n):
        for z in player_zones():
            out += Counter(labels(s, (z, p)))
    return out


def player_zones() -> tuple[str, ...]:
    return tuple(z.name for z in game().player_zones)


def taken_top(s: rulekit.State) -> str | None:
    """The top discard the Rami player took this turn (H5), as everyone sees it."""
    return rulekit.observation(s, None)["turn_vars"].get("taken_top")


def meld(s: rulekit.State, cards: list[str]) -> None:
    """The Rami player to play lays these cards as one meld.

    While the top discard taken this turn is still in hand, a meld holds it (H5: "once taken it
    must be so used"): the player picks the two other cards of a meld of 3 that holds it, and
    extends that meld with any further cards, one at a time."""
    pending = taken_top(s) if taken_top(s) in hand(s, s.decider) else None
    if pending is not None and pending in cards:
        others = [c for c in cards if c != pending]
        s.apply("meld")
        for c in others[:2]:
            s.apply(f"pick {c}")
        for c in others[2:]:
            if s.is_over:
                return
            laid = rulekit.observation(s, None)["seats"][s.decider]["zones"]["laid"]["melds"]
            [target] = [m["meld"] for m in laid if pending in m["cards"]]
            s.apply("extend")
            s.apply(f"pick {c}")
            s.apply(f"target meld{target}")
        return
    s.apply("meld")
    for c in cards:
        s.apply(f"pick {c}")
    if "done" in legal(s):
        s.apply("done")


def card_count(s: rulekit.State) -> int:
    return sum(all_labels(s).values())


def events(s: rulekit.State, key: str, seat: int | None = None, start: int = 0) -> list[dict]:
    """The arguments of the logged events `key`, cards named by their canonical labels."""
    def show(v):
        if isinstance(v, tuple) and v[0] == "card":
            return ("card", s.game.labels[v[1]])
        if isinstance(v, tuple) and v[0] == "cards":
            return ("cards", [s.game.labels[c] for c in v[1]])
        return v
    return [{k: show(v) for k, v in args.items()}
            for k, args in rulekit.events_for(s, seat, start) if k == key]


def event_keys(s: rulekit.State, seat: int | None = None, start: int = 0) -> list[str]:
    return [key for key, _ in rulekit.events_for(s, seat, start)]


def rendered(s: rulekit.State, seat: int | None, lang: str = "en", start: int = 0) -> list[str]:
    """The log from `start` as `seat` reads it, rendered in `lang`."""
    g = s.game
    return [rulekit.render_event(g, key, args, lang)
            for key, args in rulekit.events_for(s, seat, start)]


def bot_game(seed: int, g: rulekit.Game | None = None, players: int = 2,
             check=None) -> rulekit.State:
    """A whole game of random legal choices (seeded), checked at every step."""
    g = g or game()
    s = g.new_state(players, seed=seed)
    bot = random.Random(seed)
    assert g.check_invariants(s) == []
    while not s.is_over:
        actions = s.legal_actions()
        assert actions, s.summary()
        s.apply(bot.choice(actions))                  # checked apply
        assert s.decisions <= g.max_decisions
        assert g.check_invariants(s) == [], s.summary()
        if check is not None:
            check(s)
    return s
