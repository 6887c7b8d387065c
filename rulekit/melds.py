"""Runs and sets: which cards form a meld, what a card may extend, whether a meld can be made.

The rules come from a ruleset's `melds:` section, precomputed per card at load time: the value
each card counts as, the key every card of a run must share (a suit, say), and which cards are
wild (they stand for any value, fixed when laid).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RUN, SET = "run", "set"


@dataclass
class MeldRules:
    """A ruleset's meld rules over its card table."""

    value: list[int]  # value per card (a wild's own value is ignored)
    ok: list[bool]  # whether each card may be in a meld at all
    same: list[Any] | None  # run key per card, or None when runs need no common key
    wild: list[bool]  # whether each card is wild
    run_min: int | None  # None: runs are not melds in this game
    run_max: int
    set_min: int | None  # None: sets are not melds in this game
    set_max: int
    low: int  # the lowest value a run may reach (no wrap-around)
    high: int
    wild_low: int | None = None  # the values a wild may stand for (default: low..high)
    wild_high: int | None = None

    def __post_init__(self) -> None:
        if self.wild_low is None:
            self.wild_low = self.low
        if self.wild_high is None:
            self.wild_high = self.high

    def _wild_fits(self, v: int) -> bool:
        return self.wild_low <= v <= self.wild_high

    # ---- a whole meld ----------------------------------------------------------------
    def check(self, cards: list[int],
              wild_as: int | None = None) -> tuple[str, dict[int, int]] | None:
        """(kind, values of the wilds) if cards form a valid new meld, else None.

        wild_as, if given, is the value every wild among the cards must stand for; otherwise
        each wild takes the lowest value that makes the meld valid.
        """
        n = len(cards)
        if not all(self.ok[c] for c in cards):
            return None
        wilds = [c for c in cards if self.wild[c]]
        nats = [c for c in cards if not self.wild[c]]
        if self.set_min is not None and self.set_min <= n <= self.set_max:
            values = {self.value[c] for c in nats}
            if len(values) <= 1:
                x = values.pop() if values else (wild_as if wild_as is not None
                                                 else self.wild_low)
                if ((wild_as is None or not wilds or wild_as == x) and self.low <= x <= self.high
                        and (not wilds or self._wild_fits(x))):
                    return SET, {c: x for c in wilds}
        if self.run_min is not None and self.run_min <= n <= self.run_max:
            assignment = self._run_assignment(nats, wilds, wild_as)
            if assignment is not None:
                return RUN, assignment
        return None

    def _run_assignment(self, nats: list[int], wilds: list[int],
                        wild_as: int | None) -> dict[int, int] | None:
        if self.same is not None and len({self.same[c] for c in nats}) > 1:
            return None
        values = sorted(self.value[c] for c in nats)
        if len(set(values)) != len(values):
            return None
        n = len(nats) + len(wilds)
        lo = values[0] if values else self.low
        hi = values[-1] if values else self.low
        if hi - lo + 1 > n:
            return None
        for start in range(max(self.low, hi - n + 1), min(lo, self.high - n + 1) + 1):
            free = [v for v in range(start, start + n) if v not in values]
            if wild_as is not None and any(v != wild_as for v in free):
                continue
            if not all(self._wild_fits(v) for v in free):
                continue
            return dict(zip(wilds, free, strict=True))
        return None

    # ---- extending a meld ------------------------------------------------------------
    def extension(self, kind: str, meld_values: list[int], meld_key: Any, size: int, card: int,
                  wild_as: int | None = None) -> int | None:
        """The value card takes when added to a meld (kind, its values, its run key), or None."""
        if not self.ok[card]:
            return None
        if kind == SET:
            if size + 1 > self.set_max:
                return None
            x = meld_values[0]
            if self.wild[card]:
                return x if wild_as in (None, x) and self._wild_fits(x) else None
            return x if self.value[card] == x else None
        if size + 1 > self.run_max:
            return None
        lo, hi = min(meld_values), max(meld_values)
        ends = [v for v in (hi + 1, lo - 1) if self.low <= v <= self.high]
        if self.wild[card]:
            ends = [v for v in ends if self._wild_fits(v)]
            if wild_as is not None:
                return wild_as if wild_as in ends else None
            return ends[0] if ends else None
        if self.same is not None and meld_key is not None and self.same[card] != meld_key:
            return None
        v = self.value[card]
        return v if v in ends else None

    # ---- could a meld be made? -------------------------------------------------------
    def possible(self, required: list[int], pool: list[int], size_lo: int = 1,
                 size_hi: int = 10**9) -> bool:
        """Whether some valid new meld holds every required card and only pool cards besides."""
        if not all(self.ok[c] for c in required):
            return False
        pool = [c for c in pool if self.ok[c]]
        req_w = sum(1 for c in required if self.wild[c])
        req_nat = [c for c in required if not self.wild[c]]
        pool_w = sum(1 for c in pool if self.wild[c])
        pool_nat = [c for c in pool if not self.wild[c]]
        return (self._set_possible(len(required), req_nat, req_w, pool_nat, pool_w, size_lo,
                                   size_hi)
                or self._run_possible(req_nat, req_w, pool_nat, pool_w, size_lo, size_hi))

    def _set_possible(self, n_req: int, req_nat: list[int], req_w: int, pool_nat: list[int],
                      pool_w: int, size_lo: int, size_hi: int) -> bool:
        if self.set_min is None:
            return False
        lo = max(self.set_min, size_lo, n_req)
        hi = min(self.set_max, size_hi)
        if lo > hi:
            return False
        values = {self.value[c] for c in req_nat}
        if len(values) > 1:
            return False
        candidates = values or {self.value[c] for c in pool_nat} or {self.wild_low}
        for x in candidates:
            if not self.low <= x <= self.high:
                continue
            fits = self._wild_fits(x)
            if req_w and not fits:
                continue
            same = sum(1 for c in pool_nat if self.value[c] == x)
            if n_req + same + (pool_w if fits else 0) >= lo:
                return True
        return False

    def _run_possible(self, req_nat: list[int], req_w: int, pool_nat: list[int], pool_w: int,
                      size_lo: int, size_hi: int) -> bool:
        if self.run_min is None:
            return False
        if self.same is not None:
            keys = {self.same[c] for c in req_nat}
            if len(keys) > 1:
                return False
            candidates = keys or {self.same[c] for c in pool_nat} or {None}
        else:
            candidates = {None}
        req_values = [self.value[c] for c in req_nat]
        if len(set(req_values)) != len(req_values):
            return False
        r = set(req_values)
        wilds = req_w + pool_w
        lo, hi = self.low, self.high
        wl, wh = self.wild_low, self.wild_high
        span = hi - lo + 1
        length_lo = max(self.run_min, size_lo, len(r) + req_w)
        length_hi = min(self.run_max, size_hi, span)
        for key in candidates:
            avail = {self.value[c] for c in pool_nat
                     if key is None or self.same is None or self.same[c] == key} - r
            # prefix sums over the value range, so that each window is checked in O(1):
            # gaps (values nobody holds), gaps a wild cannot fill, and slots a wild may take
            gap = [0] * (span + 1)
            bad = [0] * (span + 1)
            slot = [0] * (span + 1)
            for i in range(span):
                v = lo + i
                fits = wl <= v <= wh
                missing = v not in r and v not in avail
                gap[i + 1] = gap[i] + missing
                bad[i + 1] = bad[i] + (missing and not fits)
                slot[i + 1] = slot[i] + (v not in r and fits)
            for length in range(length_lo, length_hi + 1):
                first = max(lo, (max(r) - length + 1) if r else lo)
                last = min(hi - length + 1, min(r) if r else hi - length + 1)
                positions = length - len(r)
                for start in range(first, last + 1):
                    i, j = start - lo, start - lo + length
                    if bad[j] != bad[i] or req_w > slot[j] - slot[i]:
                        continue
                    if max(req_w, gap[j] - gap[i]) <= min(wilds, positions):
                        return True
        return False
