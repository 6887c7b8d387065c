"""The best arrangement of a set of cards into disjoint melds: the one leaving out the least.

`best_melds(...)` in the language (docs/authoring.md, 16b): every valid new meld the cards hold
is listed once per hand (the runs from the counts per value and run key, the sets from the
counts per value), then a search over the cards still free, memoised by their bit mask, picks
for the lowest free card either a meld holding it or leaving it out. Each step of the search
draws on the evaluation budget, so a hand too large for it stops with the budget's error.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any, NamedTuple

from ..lang.budget import charge, over_budget

MeldRules = Any  # rulekit.rules.melds.MeldRules, which asks this module (no import circle)

MEMO_SIZE = 256  # arrangements kept per game: rules ask it of one hand at every decision


class Arrangement(NamedTuple):
    """The melds a hand is best laid in: its deadwood (the value left out), the melds (each a
    list of cards, a run lowest first) and the cards left out, in the hand's order. A tuple:
    generated code reads its fields by position (ARRANGED in rulekit.lang.builtins)."""

    deadwood: int
    melds: list[list[int]]
    left: list[int]


def best(rules: MeldRules, s: Any, cards: list[int], values: list[int],
         memo: dict[tuple[Any, ...], tuple[Arrangement, int]]) -> Arrangement:
    """The arrangement of cards (each counting its value when left out) into disjoint valid new
    melds with the least deadwood; the work it took is drawn on s's budget (again when kept)."""
    key = (tuple(cards), tuple(values))
    kept = memo.get(key)
    if kept is not None:
        charge(s, kept[1])  # the same work as the first time: a game plays the same either way
        return kept[0]
    start = s.work
    found = _search(rules, s, cards, values)
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = (found, start - s.work)
    return found


def _candidates(rules: MeldRules, s: Any, cards: list[int]) -> list[int]:
    """Every valid new meld among cards (their positions), as a bit mask of positions."""
    ok, wild, value, same = rules.ok, rules.wild, rules.value, rules.same
    wilds = [i for i, c in enumerate(cards) if ok[c] and wild[c]]
    by_value: dict[int, list[int]] = {}
    by_key: dict[Any, dict[int, list[int]]] = {}
    for i, c in enumerate(cards):
        if ok[c] and not wild[c]:
            by_value.setdefault(value[c], []).append(i)
            key = same[c] if same is not None else None
            by_key.setdefault(key, {}).setdefault(value[c], []).append(i)
    found: set[int] = set()
    if rules.set_min is not None:
        lo, hi = max(rules.set_min, 1), rules.set_max
        for naturals in by_value.values():
            for k in range(1, len(naturals) + 1):
                for nat in combinations(naturals, k):
                    for w in range(max(0, lo - k), min(len(wilds), hi - k) + 1):
                        charge(s, 1)
                        for ws in combinations(wilds, w):
                            found.add(_mask(nat + ws))
    if rules.run_min is not None:
        top = min(rules.run_max, rules.high - rules.low + 1)
        nw = len(wilds)
        for present in by_key.values():
            have = 0  # the key's values, bit v - low each
            for v in present:
                if rules.low <= v <= rules.high:
                    have |= 1 << (v - rules.low)
            for a, length in _windows(have, max(rules.run_min, 1), top,
                                      rules.high - rules.low + 1, nw):
                # each value: one of its cards, or (with wilds) a wild standing for it
                spare = [-1] if nw else []
                options = [present.get(rules.low + a + i, []) + spare for i in range(length)]
                for pick in product(*options):
                    need = pick.count(-1)
                    if need > nw or need == length:
                        continue
                    charge(s, 1)
                    nat = tuple(i for i in pick if i >= 0)
                    for ws in combinations(wilds, need):
                        found.add(_mask(nat + ws))
    for k in range(1, len(wilds) + 1):  # melds of wilds alone: check() judges them
        charge(s, 1)
        found.update(_mask(ws) for ws in combinations(wilds, k))
    # only what check() accepts is a meld: the same judge as is_meld()
    out = []
    for m in sorted(found):
        charge(s, 1)
        if rules.valid([cards[i] for i in _positions(m)]):
            out.append(m)
    return out


def _windows(have: int, shortest: int, longest: int, span: int,
             wilds: int) -> list[tuple[int, int]]:
    """(first value's offset, length) of every run of shortest..longest values within span
    whose values missing from have (a bit each) are at most wilds: without wilds only the
    blocks of values in a row are looked at."""
    out = []
    if not wilds:
        a = 0
        while have >> a:
            if not have >> a & 1:
                a += 1
                continue
            b = a
            while have >> (b + 1) & 1:
                b += 1
            for first in range(a, b + 1):  # the block a..b: each of its runs
                for length in range(shortest, min(longest, b - first + 1) + 1):
                    out.append((first, length))
            a = b + 1
        return out
    for length in range(shortest, longest + 1):
        ones = (1 << length) - 1
        for first in range(0, span - length + 1):
            missing = ((ones << first) & ~have).bit_count()
            if missing <= wilds and missing < length:
                out.append((first, length))
    return out


def _mask(positions: tuple[int, ...]) -> int:
    m = 0
    for i in positions:
        m |= 1 << i
    return m


def _positions(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _search(rules: MeldRules, s: Any, cards: list[int], values: list[int]) -> Arrangement:
    cands = _candidates(rules, s, cards)
    n = len(cards)
    holding: list[list[int]] = [[] for _ in range(n)]  # the melds whose lowest position is i
    for m in cands:
        holding[(m & -m).bit_length() - 1].append(m)
    best_of: dict[int, tuple[int, int]] = {0: (0, 0)}  # free mask -> (deadwood, melds' masks)
    chosen: dict[int, int] = {}  # free mask -> the meld laid first (0: its lowest left out)

    def solve(free: int) -> int:
        # iterative over the masks reached, deepest first: no recursion limit to meet
        stack = [free]
        while stack:
            mask = stack[-1]
            if mask in best_of:
                stack.pop()
                continue
            w = s.work - 1 - len(holding[(mask & -mask).bit_length() - 1])
            s.work = w
            if w < 0:
                over_budget(s)
            low = (mask & -mask).bit_length() - 1
            subs = [mask & ~m for m in holding[low] if m & mask == m] + [mask & ~(1 << low)]
            missing = [x for x in subs if x not in best_of]
            if missing:
                stack.extend(missing)
                continue
            stack.pop()
            score, pick = None, 0
            for m in holding[low]:
                if m & mask == m and (score is None or best_of[mask & ~m][0] < score):
                    score, pick = best_of[mask & ~m][0], m
            out = best_of[mask & ~(1 << low)][0] + values[low]
            if score is None or out < score:
                score, pick = out, 0
            best_of[mask] = (score, pick)
            chosen[mask] = pick
        return best_of[free][0]

    full = (1 << n) - 1
    deadwood = solve(full)
    melds: list[list[int]] = []
    left: list[int] = []
    mask = full
    while mask:
        pick = chosen[mask]
        if pick:
            melds.append(_ordered(rules, [cards[i] for i in _positions(pick)]))
            mask &= ~pick
        else:
            low = (mask & -mask).bit_length() - 1
            left.append(cards[low])
            mask &= ~(1 << low)
    return Arrangement(deadwood, melds, left)


def _ordered(rules: MeldRules, meld: list[int]) -> list[int]:
    """A meld's cards as meld_cards() gives them: a run lowest first (a wild at the value it
    stands for), a set as held."""
    made = rules.check(meld)
    if made is None or made[0] != "run":
        return meld
    wilds = made[1]
    return sorted(meld, key=lambda c: wilds[c] if c in wilds else rules.value[c])
