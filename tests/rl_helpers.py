"""What the agents' adapter tests share: every bundled ruleset at two player counts."""

from __future__ import annotations

from pathlib import Path

import rulekit

ROOT = Path(__file__).resolve().parent.parent
RULESETS = sorted((ROOT / "rulesets").glob("*.yaml"))


def configurations() -> list[tuple[Path, str | None, int]]:
    """Two player counts per ruleset: its range, else a variant that changes the range."""
    out = []
    for path in RULESETS:
        g = rulekit.load(path)
        out.append((path, None, g.min_players))
        if g.max_players > g.min_players:
            out.append((path, None, g.min_players + 1))
            continue
        for v in g.variants:
            vg = rulekit.load(path, variant=v)
            if vg.min_players != g.min_players:
                out.append((path, v, vg.min_players))
                break
    return out


CONFIGS = configurations()
IDS = [f"{p.stem}-{v or 'base'}-{n}p" for p, v, n in CONFIGS]
