#!/usr/bin/env python3
"""Shamus: how often the Uno player's hand empties in time, alone against random tops.

    python benchmarks/shamus_uno_turns.py --trials 4000

The Uno player's turns of READING H4 without the engine: each turn the top is a card drawn at
random from those not in the hand (the Rami player cannot see the Uno hand, so its discard is a
random top to the Uno player); the player draws until a card matches it by suit or rank or is an
Ace, then plays a matching card, an Ace only when nothing else matches. Senior is out of reach
once the hand holds more cards than the turns left (H7). With --aces, the Rami player holds that
many Aces and discards one when the Uno hand is down to one card (any card may then be played).
Prints the share of hands emptied in time, by cards in hand (rows) and turns left (columns): the
table that `bots.evaluate` in rulesets/shamus.yaml follows.
"""

from __future__ import annotations

import argparse
import random

Card = tuple[int, int]  # (suit, rank); rank 1 is the Ace


def empties(cards: int, turns: int, aces: int, rng: random.Random) -> bool:
    """Whether a random hand of `cards` cards empties within `turns` Uno turns."""
    deck: list[Card] = [(s, r) for s in range(4) for r in range(1, 14)]
    rng.shuffle(deck)
    hand, rest = deck[:cards], deck[cards:]
    for turn in range(turns):
        if not hand:
            return True
        if len(hand) > turns - turn:
            return False  # H7: more cards than circle cards left
        top = rest.pop()
        free = aces > 0 and len(hand) == 1
        aces -= free
        while True:
            ok = [c for c in hand if free or c[1] == 1 or c[0] == top[0] or c[1] == top[1]]
            if ok:
                break
            if not rest:
                return False  # H7: a card must be drawn from an empty stock
            hand.append(rest.pop())
        plain = [c for c in ok if c[1] != 1]
        hand.remove(rng.choice(plain) if plain else ok[0])
    return not hand


def main() -> None:
    """Print the table of shares."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=4000, help="hands per cell (default 4000)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for aces in (0, 1):
        print(f"Aces held by the Rami player: {aces}")
        print("cards | " + " ".join(f"{t:>4}" for t in range(1, 11)) + "  (turns left)")
        for cards in range(1, 7):
            shares = [sum(empties(cards, t, aces, rng) for _ in range(args.trials)) / args.trials
                      for t in range(1, 11)]
            print(f"{cards:>5} | " + " ".join(f"{100 * x:>3.0f}%" for x in shares))


if __name__ == "__main__":
    main()
