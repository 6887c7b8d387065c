#!/usr/bin/env python3
"""SHAM: how often the next player's imagined deals make a true claim true.

    python benchmarks/sham_deals.py --deals 200 --seeds 20

Seat 0 leads 1, 2 or 3 number cards of one colour, claiming that colour and their sum (a true
claim, S4). The seat asked first in the challenge window cannot see the cards; a search bot
imagines them (`rulekit.resample`, one determinization of its information set per deal). The
figure is the share of those deals in which the claim is still true: what the search believes
of a claim it is asked to call. It is the mean over the deals seeds 0..N-1 give (those where
seat 0 holds enough cards of one colour). Benchmarks may name games: this one builds SHAM's
placements by their action texts. Not a test: the figures are samples.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import rulekit
from rulekit.runtime.observe import resample

ROOT = Path(__file__).resolve().parent.parent


def true_claim(game: rulekit.Game, seed: int, n: int) -> rulekit.State | None:
    """A deal where seat 0 leads n cards of one colour, claiming their colour and sum (the
    window then asks seat 1); None when its hand has no n number cards of one colour."""
    s = game.new_state(4, seed)
    s.apply("place")
    numbers = [a.text for a in s.legal_actions()
               if a.text.startswith("pick ") and a.text.split()[-1].isdigit()]
    for colour in ("red", "blue", "purple", "yellow"):
        picks = [t for t in numbers if t.split()[1] == colour][:n]
        if len(picks) == n:
            break
    else:
        return None
    for t in picks:
        s.apply(t)
    s.apply("done")
    s.apply(f"colour {colour}")
    s.apply(f"total {sum(int(t.split()[-1]) for t in picks)}")
    return s


def main(argv: list[str] | None = None) -> int:
    """Print, per number of cards placed, the share of the asked seat's deals keeping it true."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200, help="determinizations per claim")
    ap.add_argument("--seeds", type=int, default=20, help="deals of the game tried")
    ap.add_argument("--ruleset", default=str(ROOT / "rulesets" / "sham.yaml"))
    a = ap.parse_args(argv)
    game = rulekit.load(a.ruleset)
    gv = {v.name: v.index for v in game.game_vars}
    colours, values = game.card_attrs["colour"], game.card_attrs["value"]

    def honest(s: rulekit.State) -> bool:  # S4, of the placed cards as this deal has them
        cards = s.gvars[gv["bid_cards"]]
        return (all(colours[c] == s.gvars[gv["bid_colour"]] for c in cards)
                and sum(values[c] for c in cards) == s.gvars[gv["bid_total"]])

    print("| cards placed | true claims | still true in the asked seat's deals |")
    print("|---|---|---|")
    for n in (1, 2, 3):
        shares = []
        for seed in range(a.seeds):
            s = true_claim(game, seed, n)
            if s is None:
                continue
            assert honest(s) and s.decider is not None
            seat = s.decider
            shares.append(sum(honest(resample(s, seat, i)) for i in range(a.deals)) / a.deals)
        mean = f"{sum(shares) / len(shares):.1%}" if shares else "-"
        print(f"| {n} | {len(shares)} | {mean} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
