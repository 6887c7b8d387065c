"""Helpers shared by the games' scenario tests: the decider's options, hands, the pending step."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import rulekit
from rulekit.testing import labels


def random_positions(g: rulekit.Game, players: int, games: int) -> Iterator[rulekit.State]:
    """Every state before a decision of `games` random games (seeds 0 on), played as it is
    yielded (a test may read it, not change it)."""
    for seed in range(games):
        s = g.new_state(players, seed)
        rng = random.Random(seed)
        while not s.over:
            yield s
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])


def legal(s: rulekit.State) -> list[str]:
    """The decider's legal actions as canonical texts."""
    return [str(a) for a in s.legal_actions()]


def hand(s: rulekit.State, seat: int) -> Counter:
    """The labels of a seat's hand, as a multiset."""
    return Counter(labels(s, ("hand", seat)))


def size(s: rulekit.State, ref) -> int:
    """How many cards a zone holds."""
    return len(labels(s, ref))


def pending(s: rulekit.State) -> dict | None:
    """What is being decided now, as any seat may know it."""
    return rulekit.observation(s, None)["pending"]


def in_window(s: rulekit.State, name: str) -> bool:
    """Whether the window called name is asking now."""
    p = pending(s)
    return p is not None and p.get("window") == name


def rendered(s: rulekit.State, seat: int | None, lang: str = "en", start: int = 0) -> list[str]:
    """The log from `start` as `seat` reads it, rendered in `lang`."""
    return [rulekit.render_event(s.game, key, args, lang)
            for key, args in rulekit.events_for(s, seat, start)]


def event_keys(s: rulekit.State, seat: int | None = None, start: int = 0) -> list[str]:
    """The keys of the log's events from `start`, as `seat` reads them."""
    return [key for key, _ in rulekit.events_for(s, seat, start)]


BUNDLED = sorted((Path(__file__).resolve().parent.parent / "rulesets").glob("*.yaml"))


def bundled_games() -> list[tuple[Path, rulekit.Game]]:
    """Every bundled ruleset, and every variant each one declares, with its file."""
    out = []
    for p in BUNDLED:
        base = rulekit.load(p)
        out.append((p, base))
        out += [(p, rulekit.load(p, variant=v)) for v in base.variants]
    return out
