"""Runs and sets: which cards form a meld, what a card may extend, whether a meld can be made.

The rules come from a ruleset's `melds:` section, precomputed per card at load time: the value
each card counts as, the key every card of a run must share (a suit, say), and which cards are
wild (they stand for any value, fixed when laid).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from . import arrange
from .arrange import Arrangement

RUN, SET = "run", "set"
MEMO_SIZE = 1024  # answers of possible() kept per game (about 1 MiB at most)


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
        self._prepare()

    def _wild_fits(self, v: int) -> bool:
        return self._wl <= v <= self._wh

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
                                                 else self._wl)
                if ((wild_as is None or not wilds or wild_as == x) and self.low <= x <= self.high
                        and (not wilds or self._wild_fits(x))):
                    return SET, {c: x for c in wilds}
        if self.run_min is not None and self.run_min <= n <= self.run_max:
            assignment = self._run_assignment(nats, wilds, wild_as)
            if assignment is not None:
                return RUN, assignment
        return None

    def valid(self, cards: list[int], wild_as: int | None = None) -> bool:
        """Whether cards form a valid new meld (check() is not None), kept per set of cards:
        rules ask it of the same few cards again and again (each pair a hand could add)."""
        key = (frozenset(cards), len(cards), wild_as)
        found = self._valid.get(key)
        if found is None:
            if len(self._valid) >= MEMO_SIZE:
                self._valid.clear()
            found = self._valid[key] = self.check(cards, wild_as) is not None
        return found

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

    def run_key(self, cards: list[int]) -> Any:
        """The run key of a meld's cards: its first natural card's (none without keys)."""
        same, wild = self.same, self.wild
        if same is None:
            return None
        return next((same[c] for c in cards if not wild[c]), None)

    def extenders(self, kind: str, meld_values: list[int], meld_key: Any,
                  members: frozenset[int]) -> dict[int, int]:
        """Every card that can extend a meld (kind, its values, its run key, its cards), with
        the value it takes (a wild: the one it takes unless told): extension() for the whole
        deck at once, from the cards listed per value."""
        if kind == SET:
            if len(members) + 1 > self.set_max:
                return {}
            x = meld_values[0]
            out = {c: x for c in self._naturals.get(x, ()) if c not in members}
            if self._wild_fits(x):
                out.update((c, x) for c in self._wilds if c not in members)
            return out
        if len(members) + 1 > self.run_max:
            return {}
        lo, hi = min(meld_values), max(meld_values)
        ends = [v for v in (hi + 1, lo - 1) if self.low <= v <= self.high]
        # no natural card of the meld has a value beyond its ends: none is left out
        if self.same is not None and meld_key is not None:
            keyed = self._keyed
            out = {c: v for v in ends for c in keyed.get((v, meld_key), ())}
        else:
            naturals = self._naturals
            out = {c: v for v in ends for c in naturals.get(v, ())}
        fits = [v for v in ends if self._wild_fits(v)]
        if fits:
            out.update((c, fits[0]) for c in self._wilds if c not in members)
        return out

    def best(self, s: Any, cards: list[int], values: list[int]) -> Arrangement:
        """The arrangement of cards into disjoint new melds leaving out the least value (each
        card's in values), its work drawn on s's budget (rulekit.rules.arrange)."""
        return arrange.best(self, s, cards, values, self._arranged)

    # ---- could a meld be made? -------------------------------------------------------
    def _prepare(self) -> None:
        # per card: its bit in a value mask (0 outside low..high); bit i stands for value low + i
        lo, hi = self.low, self.high
        assert self.wild_low is not None and self.wild_high is not None  # set by __post_init__
        self._wl: int = self.wild_low
        self._wh: int = self.wild_high
        self._bit = [1 << (v - lo) if lo <= v <= hi else 0 for v in self.value]
        span = max(0, hi - lo + 1)
        self._full = (1 << span) - 1
        self._memo: dict[tuple[Any, ...], bool] = {}
        self._valid: dict[tuple[Any, ...], bool] = {}  # valid()'s answers
        self._joinable: dict[tuple[Any, ...], set[int]] = {}  # joinable()'s answers
        self._witnesses: deque[frozenset[int]] = deque(maxlen=8)
        self._barren: deque[frozenset[int]] = deque(maxlen=8)  # hands found to form no meld
        # best()'s answers, with work
        self._arranged: dict[tuple[Any, ...], tuple[Arrangement, int]] = {}
        self._fit = sum(1 << (v - lo) for v in range(lo, hi + 1) if self._wl <= v <= self._wh)
        # the cards that may meld, natural ones by value, for extenders()
        self._naturals: dict[int, list[int]] = {}
        for c, v in enumerate(self.value):
            if self.ok[c] and not self.wild[c]:
                self._naturals.setdefault(v, []).append(c)
        self._wilds = [c for c in range(len(self.value)) if self.ok[c] and self.wild[c]]
        # and by value and run key, for the ends of a run of one key
        self._keyed: dict[tuple[int, Any], list[int]] = {}
        if self.same is not None:
            for v, cards in self._naturals.items():
                for c in cards:
                    self._keyed.setdefault((v, self.same[c]), []).append(c)

    def possible(self, required: list[int], pool: list[int], size_lo: int = 1,
                 size_hi: int = 10**9) -> bool:
        """Whether some valid new meld holds every required card and only pool cards besides."""
        # the same questions come back (a condition, then the choices it guards)
        hand = frozenset(pool)
        key = (tuple(required), hand, size_lo, size_hi)
        memo = self._memo
        found = memo.get(key)
        if found is not None:
            return found
        plain = not required and size_lo == 1 and size_hi == 10**9
        if plain:
            # "can these cards form a meld" is asked of one hand again and again, each card
            # left out in turn: a meld found in a hand (a witness) answers yes for every hand
            # holding it
            for w in self._witnesses:
                if w <= hand:
                    return True
            # and the other way: fewer cards form no meld that more cards could not
            for w in self._barren:
                if hand <= w:
                    return False
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        meld = self._without_wilds(pool) if plain else None
        if meld is None:
            found = self._possible(required, pool, size_lo, size_hi)
        else:
            found = meld is not False
        memo[key] = found
        if found and plain:
            if meld is None:  # a wild in the hand: a meld of its natural cards, if any
                meld = self._without_wilds([c for c in pool if not self.wild[c]])
            if type(meld) is frozenset:
                self._witnesses.appendleft(meld)
        elif plain:
            self._barren.appendleft(hand)
        return found

    def _without_wilds(self, pool: list[int]) -> frozenset[int] | bool | None:
        """possible([], pool) in one pass for a pool holding no wild (the usual hand), else
        None: a set is enough cards of one value, a run enough values in a row of one key.
        Yes comes as the meld found (a witness), or True for a run only found by cards of no
        key standing in for one."""
        ok, wild, value, bit, same = self.ok, self.wild, self.value, self._bit, self.same
        counts: dict[int, int] = {}
        masks: dict[Any, int] = {}
        every = 0
        for c in pool:
            if not ok[c]:
                continue
            if wild[c]:
                return None
            v = value[c]
            counts[v] = counts.get(v, 0) + 1
            b = bit[c]
            every |= b
            if same is not None:
                masks[same[c]] = masks.get(same[c], 0) | b
        if self.set_min is not None:
            need = max(self.set_min, 1)
            if need <= self.set_max:
                low, high = self.low, self.high
                for x, k in counts.items():
                    if k >= need and low <= x <= high:
                        return frozenset([c for c in pool if ok[c] and value[c] == x][:need])
        if self.run_min is not None:
            length = max(self.run_min, 1)
            if length <= min(self.run_max, self.high - self.low + 1):
                if same is not None and None in masks:  # a key of none matches every card
                    masks[None] = every
                mixed = False  # a run only with cards of no key among those of one key
                for run_key, present in (masks.items() if same is not None else
                                         ((None, every),)):
                    run = present
                    for i in range(1, length):
                        run &= present >> i
                        if not run:
                            break
                    if run:
                        if same is not None and run_key is None:
                            mixed = True  # yes, but name a meld of one key if there is one
                            continue
                        first = (run & -run).bit_length() - 1
                        by_bit = {bit[c]: c for c in reversed(pool) if ok[c] and (
                            same is None or same[c] == run_key)}
                        return frozenset(by_bit[1 << (first + i)] for i in range(length))
                return mixed
        return False

    def _possible(self, required: list[int], pool: list[int], size_lo: int,
                  size_hi: int) -> bool:
        ok, wild = self.ok, self.wild
        req_w = 0
        req_nat: list[int] = []
        for c in required:
            if not ok[c]:
                return False
            if wild[c]:
                req_w += 1
            else:
                req_nat.append(c)
        pool_w = 0
        pool_nat: list[int] = []
        for c in pool:
            if ok[c]:
                if wild[c]:
                    pool_w += 1
                else:
                    pool_nat.append(c)
        return (self._set_possible(len(required), req_nat, req_w, pool_nat, pool_w, size_lo,
                                   size_hi)
                or self._run_possible(req_nat, req_w, pool_nat, pool_w, size_lo, size_hi))

    def joinable(self, required: list[int], pool: list[int], size_lo: int = 1,
                 size_hi: int = 10**9) -> set[int]:
        """The pool cards c for which possible(required + [c], pool without c) holds: one
        question per hand (the legal picks of a meld), its pool's masks and counts made once."""
        key = (tuple(required), frozenset(pool), size_lo, size_hi)
        found = self._joinable.get(key)
        if found is None:
            if len(self._joinable) >= MEMO_SIZE:
                self._joinable.clear()
            found = self._joinable[key] = self._join(required, pool, size_lo, size_hi)
        return found

    def _join(self, required: list[int], pool: list[int], size_lo: int,
              size_hi: int) -> set[int]:
        ok, wild, value, bit, same = self.ok, self.wild, self.value, self._bit, self.same
        if not all(ok[c] for c in required):
            return set()
        req_nat = [c for c in required if not wild[c]]
        req_w = len(required) - len(req_nat)
        pool_nat = [c for c in pool if ok[c] and not wild[c]]
        pool_w = sum(1 for c in pool if ok[c] and wild[c])
        out: set[int] = set()
        # every wild of the pool alike: one question for them all
        if pool_w and (self._set_possible(len(required) + 1, req_nat, req_w + 1, pool_nat,
                                          pool_w - 1, size_lo, size_hi)
                       or self._run_possible(req_nat, req_w + 1, pool_nat, pool_w - 1, size_lo,
                                             size_hi)):
            out.update(c for c in pool if ok[c] and wild[c])
        if not pool_nat:
            return out
        # a natural card c: what the set and run searches see of it is its value and run key
        # (the pool's masks are the same with c or without it, since c's value is required)
        n_req = len(required) + 1
        req_values = {value[c] for c in req_nat}
        pool_values = [value[c] for c in pool_nat]
        counts = {x: pool_values.count(x) for x in set(pool_values)}
        set_lo = (max(self.set_min, size_lo, n_req) if self.set_min is not None else 0)
        sets = self.set_min is not None and set_lo <= min(self.set_max, size_hi)
        runs = self.run_min is not None
        rmask = 0
        for c in req_nat:
            b = bit[c]
            if not b or rmask & b:  # out of every run's range, or a repeated value
                runs = False
            rmask |= b
        req_keys = set() if same is None else {same[c] for c in req_nat}
        if len(req_keys) > 1:
            runs = False
        every, by_key = self._value_masks(pool_nat)
        low, high, wl, wh = self.low, self.high, self._wl, self._wh
        answers: dict[tuple[Any, ...], bool] = {}  # per value and run key
        for c in pool_nat:
            x = value[c]
            k = None if same is None else same[c]
            fits = answers.get((x, k))
            if fits is None:
                fits = False
                if sets and req_values <= {x} and low <= x <= high:
                    wild_fits = wl <= x <= wh
                    fits = ((not req_w or wild_fits)
                            and n_req + counts[x] - 1 + (pool_w if wild_fits else 0) >= set_lo)
                if not fits and runs and bit[c] and not rmask & bit[c]:
                    if same is None:
                        fits = self._runs_within(rmask | bit[c], req_w, every, pool_w, size_lo,
                                                 size_hi)
                    elif not req_keys or req_keys == {k}:
                        avail = every if k is None else by_key.get(k, 0)
                        fits = self._runs_within(rmask | bit[c], req_w, avail, pool_w, size_lo,
                                                 size_hi)
                answers[(x, k)] = fits
            if fits:
                out.add(c)
        return out

    def _set_possible(self, n_req: int, req_nat: list[int], req_w: int, pool_nat: list[int],
                      pool_w: int, size_lo: int, size_hi: int) -> bool:
        if self.set_min is None:
            return False
        lo = max(self.set_min, size_lo, n_req)
        if lo > min(self.set_max, size_hi):
            return False
        value = self.value
        vals = list(map(value.__getitem__, pool_nat))
        values = set(map(value.__getitem__, req_nat))
        if len(values) > 1:
            return False
        low, high, wl, wh = self.low, self.high, self._wl, self._wh
        if values:
            x = values.pop()
            counts = {x: vals.count(x)}
        elif vals:
            if n_req + len(vals) + pool_w < lo:
                return False  # too few cards for any set
            counts = {x: vals.count(x) for x in set(vals)}
        else:
            counts = {wl: 0}
        for x, k in counts.items():
            if not low <= x <= high:
                continue
            fits = wl <= x <= wh
            if req_w and not fits:
                continue
            if n_req + k + (pool_w if fits else 0) >= lo:
                return True
        return False

    def _run_possible(self, req_nat: list[int], req_w: int, pool_nat: list[int], pool_w: int,
                      size_lo: int, size_hi: int) -> bool:
        # Values are bits of a mask (bit i: value low + i). For each first value a of a run,
        # only its shortest admissible length matters: a longer window holds more gaps and
        # more values no wild may fill, so if the shortest fails, every longer one fails too.
        if self.run_min is None:
            return False
        same, bit = self.same, self._bit
        rmask = 0
        for c in req_nat:
            b = bit[c]
            if not b or rmask & b:  # out of every run's range, or a repeated value
                return False
            rmask |= b
        if same is not None:
            keys = {same[c] for c in req_nat}
            if len(keys) > 1:
                return False
            masks: dict[Any, int] = {}
            if keys:
                key = next(iter(keys))
                m = 0
                for c in pool_nat:
                    if key is None or same[c] == key:  # a key of none matches every card
                        m |= bit[c]
                masks[key] = m
            else:
                every, masks = self._value_masks(pool_nat)
                if None in masks or not masks:
                    masks[None] = every
        else:
            masks = {None: self._value_masks(pool_nat)[0]}
        return any(self._runs_within(rmask, req_w, avail, pool_w, size_lo, size_hi)
                   for avail in masks.values())

    def _value_masks(self, cards: list[int]) -> tuple[int, dict[Any, int]]:
        """The values present among cards as a mask, and the same per run key (an empty dict
        when runs need no key)."""
        bit, same = self._bit, self.same
        every = 0
        by_key: dict[Any, int] = {}
        for c in cards:
            b = bit[c]
            every |= b
            if same is not None:
                k = same[c]
                by_key[k] = by_key.get(k, 0) | b
        return every, by_key

    def _runs_within(self, rmask: int, req_w: int, avail: int, pool_w: int, size_lo: int,
                     size_hi: int) -> bool:
        """Whether a run holds every required value (rmask) and req_w wilds, the rest from
        the values present (avail) and pool_w wilds."""
        nr = rmask.bit_count()
        wilds = req_w + pool_w
        lo, hi = self.low, self.high
        length_lo = max(self.run_min or 0, size_lo, nr + req_w)
        length_hi = min(self.run_max, size_hi, hi - lo + 1)
        if length_lo > length_hi:
            return False
        if not wilds:  # the common hand without wilds: runs of present values, by shifts
            return self._plain_run(avail | rmask, rmask, length_lo, length_hi)
        full, fit = self._full, self._fit
        slot = fit & ~rmask
        if rmask:
            rmin = (rmask & -rmask).bit_length() - 1  # offsets from low
            rmax = rmask.bit_length() - 1
            first, last = max(0, rmax - length_hi + 1), rmin
        else:
            rmax = -1
            first, last = 0, hi - lo + 1 - length_lo
        top = hi - lo  # the highest offset
        missing = full & ~(avail | rmask)
        bad = missing & ~fit
        for a in range(first, last + 1):
            length = max(length_lo, rmax - a + 1)
            while req_w > ((slot >> a) & ((1 << length) - 1)).bit_count():
                length += 1
                if length > length_hi:
                    break
            if length > length_hi or a + length - 1 > top:
                continue
            window = ((1 << length) - 1) << a
            if bad & window or (missing & window).bit_count() > wilds:
                continue
            return True
        return False

    @staticmethod
    def _plain_run(present: int, rmask: int, length_lo: int, length_hi: int) -> bool:
        """Whether length_lo..length_hi consecutive present values hold every value of rmask."""
        if not rmask:
            run = present
            for i in range(1, length_lo):
                run &= present >> i
                if not run:
                    return False
            return run != 0
        rmin = (rmask & -rmask).bit_length() - 1
        rmax = rmask.bit_length() - 1
        need = max(length_lo, rmax - rmin + 1)
        if need > length_hi:
            return False
        between = (1 << (rmax + 1)) - (1 << rmin)
        if between & ~present:
            return False
        lo_end, hi_end = rmin, rmax  # grow the block of present values around the required
        while lo_end > 0 and present >> (lo_end - 1) & 1:
            lo_end -= 1
        while present >> (hi_end + 1) & 1:
            hi_end += 1
        return hi_end - lo_end + 1 >= need
