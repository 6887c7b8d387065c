"""Worlds a search bot deals itself, shaped by the ruleset's beliefs (`bots.believe`).

Dealing the hidden cards uniformly ignores why their holder played them: a claim made with three
face-down cards is true in one deal of a thousand, though players mostly tell the truth. A
belief says in how many of 100 worlds a condition over the hidden cards holds (`that`, with a
`share`, where `when` holds). The dealer draws the wanted value for each world, then deals until
a world has it; where worlds with it are rare, the belief names the cards it is about and a
distance, and the dealer trades those cards for other freely dealt ones while the distance does
not grow, until it is 0. It keeps a few worlds of each kind to fall back on. Every world is
still dealt from the seat's information alone (`Dealing`), and the trades are among cards
the seat cannot tell apart, drawn from the seed: the beliefs read nothing the seat cannot know.

`bots.rule_out` is the cheap case of a belief held in every world: cards a player's zone never
holds (a player who drew held nothing playable). Which cards each zone may not hold is worked
out once per decision, in the first world dealt, and each world then moves a ruled-out card to
another hidden place that may hold it, trading it for a card that place gives up.
"""

from __future__ import annotations

import random

from ..rules.hints import Belief, RuleOut
from ..runtime.dealing import Dealing, exchange
from ..runtime.state import State

TRIES = 4  # worlds dealt (each traded towards the target) before falling back on a kept one
KEEP = 16  # worlds kept per target, to fall back on
GIVE_UP = 8  # worlds in a row without the target, none kept: it cannot be met here
TRADES = 200  # trades tried in one world to bring its distance to 0

Target = tuple[bool | None, ...]  # per belief: the value wanted of `that`, None where it is off


class Dealer:
    """Deals seat's worlds of state for one decision's search."""

    def __init__(self, state: State, seat: int, beliefs: bool = True):
        self.state = state
        self.seat = seat
        self.dealing = Dealing(state, seat)  # what every world of the decision shares
        # without beliefs: worlds dealt uniformly from what the seat sees (a beginner's)
        self.beliefs: list[Belief] = state.game.hints.beliefs if beliefs else []
        self.rule_outs: list[RuleOut] = state.game.hints.rule_outs if beliefs else []
        # per hidden zone instance, the free cards it may not hold (worked out at the first deal)
        self.ruled: dict[int, set[int]] | None = None
        self.env = {"me": seat}
        self.kept: dict[Target, list[State]] = {}
        self.misses: dict[Target, int] = {}
        # per belief, the cards it named in worlds where it held: a new world tries one of
        # these first (a few trades), before trading its way there card by card
        self.found: dict[int, list[list[int]]] = {}

    def deal(self, rng: random.Random) -> State:
        """A world for seat: resampled, and meeting targets drawn from the beliefs' shares."""
        s, free = self._dealt(rng)
        if not self.beliefs:
            return s
        target = self._target(s, rng)
        if target is None:
            return s
        if self.misses.get(target, 0) >= GIVE_UP and target not in self.kept:
            return s
        for attempt in range(TRIES):
            if attempt:
                s, free = self._dealt(rng)
            got = self._values(s, target)
            if got is None:
                return s  # a belief's `when` reads hidden cards: this world has no target
            if got != target and self._trade(s, free, target, got, rng):
                got = target
            kept = self.kept.setdefault(got, [])
            if len(kept) < KEEP:
                kept.append(s.clone())
            if got == target:
                self.misses[target] = 0
                return s
            self.misses[target] = self.misses.get(target, 0) + 1
        fallback = self.kept.get(target)
        if fallback:
            return fallback[int(rng.random() * len(fallback))].clone()
        return s

    def deal_from(self, seed: int) -> State:
        """A world for seat drawn from seed alone (without beliefs: `resample`'s own)."""
        if not self.beliefs and not self.rule_outs:
            return self.dealing.deal(seed)[0]
        return self.deal(random.Random(seed))

    def _dealt(self, rng: random.Random) -> tuple[State, list[int]]:
        """A world dealt from the seat's information, kept to `bots.rule_out`, and the cards
        it dealt freely."""
        s, free = self.dealing.deal(rng.getrandbits(63))
        if self.rule_outs:
            self._rule_out(s, free, rng)
        return s, free

    def _rule_out(self, s: State, free: list[int], rng: random.Random) -> None:
        """Move each freely dealt card that its zone may not hold to another hidden zone that
        may, trading it for a card that zone gives up and this one may hold (a card with no
        such place stays: nothing dealt can meet the rule)."""
        ruled = self.ruled
        if ruled is None:
            ruled = self.ruled = self._ruled(s, free)
        if not ruled:
            return
        n = len(free)
        card_zone = s.card_zone
        zones = s.zones
        for zi, bad in ruled.items():
            for x in [c for c in zones[zi] if c in bad]:
                start = int(rng.random() * n)
                for k in range(n):
                    y = free[(start + k) % n]
                    zy = card_zone[y]
                    if zy == zi or y in bad:
                        continue
                    theirs = ruled.get(zy)
                    if theirs is not None and x in theirs:
                        continue
                    exchange(s, x, y, self.seat)
                    break

    def _ruled(self, s: State, free: list[int]) -> dict[int, set[int]]:
        """Per zone instance of another seat, the free cards `bots.rule_out` keeps out of it,
        worked out in s (a world dealt for the seat: the rules read nothing it cannot know)."""
        g = s.game
        out: dict[int, set[int]] = {}
        for i, r in enumerate(self.rule_outs):
            rule = f"bots.rule_out.{i}.where"
            for q in range(s.n):
                if q == self.seat:
                    continue  # the seat's own zones are open to it: nothing is dealt there
                zi = g.zone_instance(r.zone, q, s.n)
                env = {"me": self.seat, "p": q, "it": 0}
                bad = out.setdefault(zi, set())
                for c in free:
                    env["it"] = c
                    if g.guard(rule, r.where, s, env):
                        bad.add(c)
        return {zi: bad for zi, bad in out.items() if bad}

    def _target(self, s: State, rng: random.Random) -> Target | None:
        """Per belief, the value `that` should have in this world (None: the belief is off);
        None when no belief applies."""
        g = s.game
        out: list[bool | None] = []
        for i, b in enumerate(self.beliefs):
            if not self._on(s, i, b):
                out.append(None)
                continue
            share = g.guard(f"bots.believe.{i}.share", b.share, s, self.env)
            out.append(rng.random() * 100 < share)
        return tuple(out) if any(x is not None for x in out) else None

    def _values(self, s: State, target: Target) -> Target | None:
        """The values of the beliefs' `that` in s, where the target has one (None when a
        belief is on in s but off in the target, or the other way round)."""
        out: list[bool | None] = []
        for i, (b, want) in enumerate(zip(self.beliefs, target, strict=True)):
            if self._on(s, i, b) != (want is not None):
                return None
            out.append(None if want is None else self._holds(s, i, b))
        return tuple(out)

    def _trade(self, s: State, free: list[int], target: Target, got: Target,
               rng: random.Random) -> bool:
        """Trade, in s, the cards of each belief wanted to hold but not holding for other
        freely dealt cards, keeping a trade when the distance does not grow; whether s then
        meets the target."""
        g = s.game
        for i, (b, want, has) in enumerate(zip(self.beliefs, target, got, strict=True)):
            if want is not True or has is True or b.distance is None:
                continue
            env = self.env
            free_set = set(free)
            named = g.guard(f"bots.believe.{i}.cards", b.cards, s, env) or []
            mine = [c for c in named if c in free_set]
            named_set = set(named)
            others = [c for c in free if c not in named_set]
            if not mine or not others:
                return False
            rule = f"bots.believe.{i}.distance"
            far = g.guard(rule, b.distance, s, env)
            found = self.found.setdefault(i, [])
            if far > 0 and found:
                far = self._transplant(s, found[int(rng.random() * len(found))], mine, others,
                                       rule, b, far)
            for _ in range(TRADES):
                if far <= 0:
                    break
                ia, ib = int(rng.random() * len(mine)), int(rng.random() * len(others))
                a, c = mine[ia], others[ib]
                exchange(s, a, c, self.seat)
                now = g.guard(rule, b.distance, s, env)
                if now <= far:
                    far = now
                    mine[ia], others[ib] = c, a
                else:
                    exchange(s, a, c, self.seat)  # back
            if far <= 0 and len(found) < KEEP:
                found.append(list(mine))
        return self._values(s, target) == target

    def _transplant(self, s: State, cards: list[int], mine: list[int], others: list[int],
                    rule: str, b: Belief, far: int) -> int:
        """Trade mine, in order, for the cards of an earlier world where the belief held (those
        of them dealt freely here); the distance after, or far and s unchanged if it grew."""
        if len(cards) != len(mine):
            return far
        where = {c: k for k, c in enumerate(others)}
        done: list[tuple[int, int, int, int]] = []
        for ia, c in enumerate(cards):
            ib = where.get(c)
            if ib is None:
                continue
            a = mine[ia]
            exchange(s, a, c, self.seat)
            mine[ia], others[ib] = c, a
            where[a] = ib
            done.append((ia, ib, a, c))
        now: int = s.game.guard(rule, b.distance, s, self.env)
        if now <= far:
            return now
        for ia, ib, a, c in reversed(done):
            exchange(s, a, c, self.seat)
            mine[ia], others[ib] = a, c
        return far

    def _holds(self, s: State, i: int, b: Belief) -> bool:
        return bool(s.game.guard(f"bots.believe.{i}.that", b.that, s, self.env))

    def _on(self, s: State, i: int, b: Belief) -> bool:
        return b.when is None or bool(s.game.guard(f"bots.believe.{i}.when", b.when, s,
                                                   self.env))
