"""The meld search of commit ab5fb79, kept as the reference the fast meld engine must agree with."""

from __future__ import annotations

from typing import Any


def possible(r: Any, required: list[int], pool: list[int], size_lo: int = 1,
             size_hi: int = 10**9) -> bool:
    """Whether some valid new meld holds every required card and only pool cards besides."""
    if not all(r.ok[c] for c in required):
        return False
    pool = [c for c in pool if r.ok[c]]
    req_w = sum(1 for c in required if r.wild[c])
    req_nat = [c for c in required if not r.wild[c]]
    pool_w = sum(1 for c in pool if r.wild[c])
    pool_nat = [c for c in pool if not r.wild[c]]
    return (_set_possible(r, len(required), req_nat, req_w, pool_nat, pool_w, size_lo, size_hi)
            or _run_possible(r, req_nat, req_w, pool_nat, pool_w, size_lo, size_hi))


def _set_possible(r: Any, n_req: int, req_nat: list[int], req_w: int, pool_nat: list[int],
                  pool_w: int, size_lo: int, size_hi: int) -> bool:
    if r.set_min is None:
        return False
    lo = max(r.set_min, size_lo, n_req)
    hi = min(r.set_max, size_hi)
    if lo > hi:
        return False
    values = {r.value[c] for c in req_nat}
    if len(values) > 1:
        return False
    candidates = values or {r.value[c] for c in pool_nat} or {r.wild_low}
    for x in candidates:
        if not r.low <= x <= r.high:
            continue
        fits = r.wild_low <= x <= r.wild_high
        if req_w and not fits:
            continue
        same = sum(1 for c in pool_nat if r.value[c] == x)
        if n_req + same + (pool_w if fits else 0) >= lo:
            return True
    return False


def _run_possible(r: Any, req_nat: list[int], req_w: int, pool_nat: list[int], pool_w: int,
                  size_lo: int, size_hi: int) -> bool:
    if r.run_min is None:
        return False
    if r.same is not None:
        keys = {r.same[c] for c in req_nat}
        if len(keys) > 1:
            return False
        candidates = keys or {r.same[c] for c in pool_nat} or {None}
    else:
        candidates = {None}
    req_values = [r.value[c] for c in req_nat]
    if len(set(req_values)) != len(req_values):
        return False
    rs = set(req_values)
    wilds = req_w + pool_w
    lo, hi = r.low, r.high
    wl, wh = r.wild_low, r.wild_high
    span = hi - lo + 1
    length_lo = max(r.run_min, size_lo, len(rs) + req_w)
    length_hi = min(r.run_max, size_hi, span)
    for key in candidates:
        avail = {r.value[c] for c in pool_nat
                 if key is None or r.same is None or r.same[c] == key} - rs
        gap = [0] * (span + 1)
        bad = [0] * (span + 1)
        slot = [0] * (span + 1)
        for i in range(span):
            v = lo + i
            fits = wl <= v <= wh
            missing = v not in rs and v not in avail
            gap[i + 1] = gap[i] + missing
            bad[i + 1] = bad[i] + (missing and not fits)
            slot[i + 1] = slot[i] + (v not in rs and fits)
        for length in range(length_lo, length_hi + 1):
            first = max(lo, (max(rs) - length + 1) if rs else lo)
            last = min(hi - length + 1, min(rs) if rs else hi - length + 1)
            positions = length - len(rs)
            for start in range(first, last + 1):
                i, j = start - lo, start - lo + length
                if bad[j] != bad[i] or req_w > slot[j] - slot[i]:
                    continue
                if max(req_w, gap[j] - gap[i]) <= min(wilds, positions):
                    return True
    return False
