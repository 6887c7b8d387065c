#!/usr/bin/env python3
"""Shamus: how often the Uno player's hand empties in time, alone against the Rami's discards.

    python benchmarks/shamus_uno_turns.py --trials 4000
    python benchmarks/shamus_uno_turns.py --trials 4000 --choices 6

The Uno player's turns of READING H4 without the engine: each turn the top is a card drawn at
random from those not in the hand (the Rami player cannot see the Uno hand, so its discard is a
random top to the Uno player); the player draws until a card matches it by suit or rank or is an
Ace, then plays a matching card, an Ace only when nothing else matches. Senior is out of reach
once the hand holds more cards than the turns left (H7). With --aces, the Rami player holds that
many Aces and discards one when the Uno hand is down to one card (any card may then be played).
Prints the share of hands emptied in time, by cards in hand (rows) and turns left (columns): the
table that `bots.evaluate` in rulesets/shamus.yaml followed before it worked the chance out.

With --choices K the Rami player picks its discard among K random cards (its hand) three ways:
at random (as above), informed (the card the Uno hand most likely matches, knowing only the tops
it drew on: no card of their suit or rank, no Ace; what `missed`, `bots.believe` and
`match_chance` in the ruleset give the bots), and seeing the Uno hand (a card it matches when
there is one: the ceiling no fair player reaches).
"""

from __future__ import annotations

import argparse
import random

Card = tuple[int, int]  # (suit, rank); rank 1 is the Ace
WAYS = ("random", "informed", "seeing")


def matches(c: Card, t: Card) -> bool:
    """H4: same suit or rank as the top, or an Ace."""
    return c[1] == 1 or c[0] == t[0] or c[1] == t[1]


def pick_top(options: list[Card], way: str, hand: list[Card], unseen: list[Card],
             missed: list[Card]) -> Card:
    """The Rami player's discard among options."""
    if way == "seeing":
        return next((t for t in options if any(matches(c, t) for c in hand)), options[0])
    if way == "informed":
        allowed = [c for c in unseen if not any(matches(c, m) for m in missed)]
        return max(options, key=lambda t: sum(matches(c, t) for c in allowed))
    return options[0]


def empties(cards: int, turns: int, aces: int, rng: random.Random, choices: int = 1,
            way: str = "random") -> bool:
    """Whether a random hand of `cards` cards empties within `turns` Uno turns."""
    deck: list[Card] = [(s, r) for s in range(4) for r in range(1, 14)]
    rng.shuffle(deck)
    hand, rest = deck[:cards], deck[cards:]
    missed: list[Card] = []
    for turn in range(turns):
        if not hand:
            return True
        if len(hand) > turns - turn:
            return False  # H7: more cards than circle cards left
        if len(rest) < choices:
            return False
        options = [rest.pop() for _ in range(choices)]
        top = pick_top(options, way, hand, rest + hand, missed)
        rest[:0] = [c for c in options if c != top]  # the others go back, under the stock
        free = aces > 0 and len(hand) == 1
        aces -= free
        drew = 0
        while True:
            ok = [c for c in hand if free or matches(c, top)]
            if ok:
                break
            if not rest:
                return False  # H7: a card must be drawn from an empty stock
            missed = (missed if drew == 0 else []) + [top]  # as the ruleset's `missed`
            hand.append(rest.pop())
            drew += 1
        plain = [c for c in ok if c[1] != 1]
        hand.remove(rng.choice(plain) if plain else ok[0])
    return not hand


def main() -> None:
    """Print the table of shares."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=4000, help="hands per cell (default 4000)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--choices", type=int, default=1,
                        help="cards the Rami player picks its discard from (default 1: random)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    ways = WAYS if args.choices > 1 else WAYS[:1]
    for way in ways:
        for aces in (0, 1):
            print(f"Discards: {way}; Aces held by the Rami player: {aces}")
            print("cards | " + " ".join(f"{t:>4}" for t in range(1, 11)) + "  (turns left)")
            for cards in range(1, 7):
                shares = [sum(empties(cards, t, aces, rng, args.choices, way)
                              for _ in range(args.trials)) / args.trials for t in range(1, 11)]
                print(f"{cards:>5} | " + " ".join(f"{100 * x:>3.0f}%" for x in shares))


if __name__ == "__main__":
    main()
