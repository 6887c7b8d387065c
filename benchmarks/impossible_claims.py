#!/usr/bin/env python3
"""SHAM: how often a bot claims what it can see is impossible, bluffs, and is caught.

    python benchmarks/impossible_claims.py --games 20                     # four medium bots
    python benchmarks/impossible_claims.py --lineup medium,call,call,call --games 20

A claim (n cards placed face down, a colour, a total) is impossible for its placer when no n
cards of that colour whose values sum to the total exist among the 80 cards less those the
placer sees elsewhere (`rulekit.observe.visible_cards` of its seat, the cards it placed apart):
its hand, its own piles, every card turned face up. An honest claim is never impossible; an
impossible one is a bluff any table that counts cards can call. For each entry of the lineup it
reports placements, impossible claims, bluffs (claims that were not true: S4, every card of
the claimed colour and the values summing to the total), the calls of SHAM it made and how
many were right, and the games it won (every winner counts; game k seats the lineup rotated by
k and is dealt from seed S + k). `--show` prints each impossible claim with what its placer
held, to see which situations make them.
The entry `call` is a seat that calls SHAM whenever it may and otherwise plays at random: a
person who calls everything. Benchmarks may name games: this one reads SHAM's actions and
variables by name. Not a test: the figures are samples.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import rulekit
from rulekit.bots import make_bot
from rulekit.runtime.frames import BuildFrame
from rulekit.runtime.observe import visible_cards

ROOT = Path(__file__).resolve().parent.parent
CALLS = ("call_sham", "call_from_the_grave")


class AlwaysCall:
    """Calls SHAM whenever it may; otherwise a uniformly random legal action."""

    name = "call"

    def __init__(self, seat: int, seed: int):
        self.rng = random.Random(f"always-call:{seed}:{seat}")

    def choose(self, state: rulekit.State) -> rulekit.Action:
        """A call when one is legal, else a random option."""
        legal = state.legal_actions()
        for a in legal:
            if a.text in CALLS:
                return a
        return legal[int(self.rng.random() * len(legal))]


@dataclass
class Tally:
    """One lineup entry's figures."""

    placements: int = 0
    impossible: int = 0
    bluffs: int = 0
    calls: int = 0
    right_calls: int = 0
    wins: int = 0
    games: int = 0


def possible(pool: list[int], game: rulekit.Game, n: int, colour: str, total: int) -> bool:
    """Whether some n cards of pool, all of colour, have values summing to total."""
    colours, values = game.card_attrs["colour"], game.card_attrs["value"]
    reach = {(0, 0)}  # (cards taken, their sum), one card of the pool at a time
    for c in pool:
        if colours[c] != colour:
            continue
        v = values[c]
        reach |= {(k + 1, t + v) for k, t in reach if k < n and t + v <= total}
    return (n, total) in reach


def honest(game: rulekit.Game, cards: list[int], colour: str, total: int) -> bool:
    """S4: every placed card has the claimed colour and their values sum to the total."""
    colours, values = game.card_attrs["colour"], game.card_attrs["value"]
    return all(colours[c] == colour for c in cards) and sum(values[c] for c in cards) == total


def claim_of(s: rulekit.State, action: rulekit.Action) -> tuple[list[int], str, int] | None:
    """(cards placed, colour, total) when action is the total that completes a placement."""
    top = s.stack[-1] if s.stack else None
    if type(top) is not BuildFrame:
        return None
    act = s.game.actions[top.action]
    if act.name != "place" or act.params[top.pidx].name != "total":
        return None
    return list(top.env["chosen"]), top.env["colour"], action.value


def situation(s: rulekit.State, p: int, placed: list[int], colour: str, total: int) -> str:
    """One line on an impossible claim: the cards placed, the claim, the standing claim, the
    players in the round and what the placer kept in hand."""
    g = s.game
    gv = {v.name: v.index for v in g.game_vars}
    hand = s.zones[g.zone_instance("hand", p, s.n)]
    standing = s.gvars[gv["claim_total"]]
    in_round = sum(1 for q in range(s.n) if s.pvars[pv_index(g, "in_round")][q])
    return (f"seat {p}: placed [{', '.join(g.labels[c] for c in placed)}] claiming {colour} "
            f"{total}; standing claim {standing or 'none (leading)'}; {in_round} in the round; "
            f"kept [{', '.join(g.labels[c] for c in hand if c not in placed)}]")


def pv_index(game: rulekit.Game, name: str) -> int:
    """The index of a player variable."""
    return next(v.index for v in game.player_vars if v.name == name)


def play(game: rulekit.Game, lineup: list[str], seed: int, k: int, tallies: list[Tally],
         show: bool = False) -> None:
    """Play game k of the run and add its figures to the tallies (show: print each impossible
    claim's situation)."""
    n = len(lineup)
    entry_at = [(p - k) % n for p in range(n)]  # seat -> lineup entry
    s = game.new_state(n, seed + k)
    bots = [AlwaysCall(p, seed + k) if lineup[entry_at[p]] == "call"
            else make_bot(lineup[entry_at[p]], game, p, seed + k) for p in range(n)]
    gv = {v.name: v.index for v in game.game_vars}
    while not s.over:
        p = s.decider
        assert p is not None
        a = bots[p].choose(s)
        tally = tallies[entry_at[p]]
        claim = claim_of(s, a)
        if claim is not None:
            placed, colour, total = claim
            pool = sorted(set(range(game.n_cards)) - (visible_cards(s, p) - set(placed)))
            tally.placements += 1
            if not possible(pool, game, len(placed), colour, total):
                tally.impossible += 1
                if show:
                    print(f"game {k}, decision {s.decisions}, {lineup[entry_at[p]]} "
                          + situation(s, p, placed, colour, total))
            tally.bluffs += not honest(game, placed, colour, total)
        if a.text in CALLS:
            tally.calls += 1
            tally.right_calls += not honest(game, s.gvars[gv["bid_cards"]],
                                            s.gvars[gv["bid_colour"]], s.gvars[gv["bid_total"]])
        s.apply_unchecked(a)
    assert s.outcome is not None
    for p in range(n):
        tallies[entry_at[p]].games += 1
    for e in {entry_at[p] for p in s.outcome.winners}:
        tallies[e].wins += 1


def pct(x: int, d: int) -> str:
    """x, and its share of d when d is not 0."""
    return f"{x} ({x / d:.1%})" if d else f"{x}"


def main(argv: list[str] | None = None) -> int:
    """Play the games and print each entry's claims, bluffs, calls and wins."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lineup", default="medium,medium,medium,medium",
                    help="one seat kind per seat, or call (default: four medium bots)")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ruleset", default=str(ROOT / "rulesets" / "sham.yaml"))
    ap.add_argument("--show", action="store_true", help="print each impossible claim")
    a = ap.parse_args(argv)
    game = rulekit.load(a.ruleset)
    lineup = [x.strip() for x in a.lineup.split(",")]
    tallies = [Tally() for _ in lineup]
    for k in range(a.games):
        play(game, lineup, a.seed, k, tallies, a.show)
    print(f"{game.name}, {len(lineup)} players, {a.games} games (seeds from {a.seed}), "
          f"lineup {','.join(lineup)}")
    print("| entry | seat kind | placements | impossible claims | bluffs | calls (right) "
          "| games won |")
    print("|---|---|---|---|---|---|---|")
    for i, (kind, t) in enumerate(zip(lineup, tallies, strict=True)):
        print(f"| {i} | {kind} | {t.placements} | {pct(t.impossible, t.placements)} | "
              f"{pct(t.bluffs, t.placements)} | {t.calls} ({t.right_calls}) | "
              f"{pct(t.wins, t.games)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
