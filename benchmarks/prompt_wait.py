#!/usr/bin/env python3
"""How long a person waits between prompts against bots, in CPU time, per bundled ruleset.

    python benchmarks/prompt_wait.py                       # every rulesets/*.yaml, medium bots
    python benchmarks/prompt_wait.py rulesets/sham.yaml --level medium:120 --games 3

One seat (seat k of game k, so every seat is played) is the "person", driven by a random
policy; the others are `--level` bots. A prompt is a decision the terminal would ask the person
(more than one option, or the only one while the person's own action is half built: `rulekit
play` plays a lone option at once otherwise). The wait is the CPU time of the process
(`time.process_time`) from the person's answer to the next prompt: every bot decision in between
(several bots answering a reaction window in turn add up) and the engine's own work. Reported
per ruleset: the number of waits, their median, 90th percentile and maximum; the same for the
waits in which some bot searched ("after bots": a person's own steps, a card picked then
another, come at once and would flatter the figures); and the bot searches (decisions with
more than one option) in one wait, with their work (iterations and prior evaluations, the same
on any machine: divide by a quiet machine's iterations per CPU second, `search_rate.py`, for
its wait). CPU time, not the wall clock: the
machine is shared and noisy, and a person's machine is as fast as its one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import rulekit
from rulekit.bots import make_bot
from rulekit.runtime.frames import BuildFrame

ROOT = Path(__file__).resolve().parent.parent


def players_of(game: rulekit.Game, wanted: int) -> int:
    """wanted when the game allows it, else its nearest player count."""
    return min(max(wanted, game.min_players), game.max_players)


def is_prompt(state: rulekit.State, seat: int, options: int) -> bool:
    """Whether the terminal would ask seat now (a lone option is asked only mid-action)."""
    if options > 1:
        return True
    top = state.stack[-1] if state.stack else None
    return isinstance(top, BuildFrame) and top.actor == seat


def waits_of(game: rulekit.Game, players: int, level: str, seed: int, person: int,
             max_prompts: int) -> tuple[list[float], list[int], list[int]]:
    """The CPU seconds before each prompt of one game, the bot searches in each wait and their
    work (iterations and prior evaluations: what the wait costs on any machine)."""
    s = game.new_state(players, seed)
    bots = {p: make_bot(level, game, p, seed) for p in range(players) if p != person}
    rng = random.Random(seed)
    waits: list[float] = []
    searches: list[int] = []
    works: list[int] = []
    started = time.process_time()
    searched = work = 0
    while not s.over and len(waits) < max_prompts:
        seat = s.decider
        assert seat is not None
        legal = s.legal_actions()
        if seat == person:
            prompt = is_prompt(s, seat, len(legal))
            if prompt:
                waits.append(time.process_time() - started)
                searches.append(searched)
                works.append(work)
            s.apply_unchecked(legal[int(rng.random() * len(legal))] if len(legal) > 1
                              else legal[0])
            if prompt:
                started = time.process_time()  # the person answered: the next wait begins
                searched = work = 0
            continue
        searched += len(legal) > 1
        bot = bots[seat]
        s.apply_unchecked(bot.choose(s))
        work += getattr(bot, "last_iterations", 0) + getattr(bot, "last_prior", 0)
    return waits, searches, works


def percentile(xs: list[float], q: float) -> float:
    """The q-quantile of xs (nearest rank)."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, round(q * len(ys) + 0.5) - 1))]


def main(argv: list[str] | None = None) -> int:
    """Measure and print the waits between prompts for each ruleset."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rulesets", nargs="*", help="default: every rulesets/*.yaml")
    ap.add_argument("--level", default="medium", help="the bots' seat kind (default medium)")
    ap.add_argument("--players", type=int, default=4,
                    help="players per game, where the game allows it (default 4)")
    ap.add_argument("--games", type=int, default=2, help="games per ruleset (default 2)")
    ap.add_argument("--prompts", type=int, default=60,
                    help="at most this many prompts per game (default 60)")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    paths = a.rulesets or sorted(str(p) for p in (ROOT / "rulesets").glob("*.yaml"))
    print(f"level {a.level}, {a.games} games per ruleset (seeds from {a.seed}), at most "
          f"{a.prompts} prompts a game; CPU seconds between prompts")
    for path in paths:
        game = rulekit.load(path)
        n = players_of(game, a.players)
        waits: list[float] = []
        searches: list[int] = []
        works: list[int] = []
        for k in range(a.games):
            w, c, i = waits_of(game, n, a.level, a.seed + k, k % n, a.prompts)
            waits += w
            searches += c
            works += i
        if not waits:
            print(f"  {game.name:<14} no prompt")
            continue
        # the waits in which some bot searched: a person's own steps are answered at once
        after = [w for w, c in zip(waits, searches, strict=True) if c] or [0.0]
        after_work = [i for i, c in zip(works, searches, strict=True) if c] or [0]
        print(f"  {game.name:<14} {n} players  {len(waits):4d} waits  p50 "
              f"{statistics.median(waits):6.3f}  p90 {percentile(waits, 0.9):6.3f}  max "
              f"{max(waits):6.3f} | {len(after):3d} after bots: p50 "
              f"{statistics.median(after):6.3f}  p90 {percentile(after, 0.9):6.3f}  "
              f"(searches per wait: p90 {percentile(searches, 0.9):.0f}, max {max(searches)}; "
              f"work after bots: p90 {percentile(after_work, 0.9):.0f}, max {max(works)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
