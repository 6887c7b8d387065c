#!/usr/bin/env python3
"""Peak memory and processor time of hoarding and endless rulesets under the default limits.

    python benchmarks/hoarding.py [--only NAME]

Each ruleset runs in its own process, played as a bot would (`apply_unchecked` of the first
legal action, the log kept) until it stops with its error; the process reports its peak
resident memory (getrusage ru_maxrss) and its processor time. Two families:

* hoarders, the games of tests/hostile/hoarding/ (lists kept in variables, a log, a zone filled
  by `repeat` and logged) and a baseline (a game that only deals): what limits.max_state and
  limits.max_log let a game hold, and the memory it takes (the issue: under 500 MB);
* endless games, each built to spend the most processor time for the work it is charged, that
  never end: limits.max_game_work (with max_decisions) stops them (the issue: within 10 minutes
  of processor time).

Processor time depends on the machine and its load; run it on a quiet one.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOARDING = ROOT / "tests" / "hostile" / "hoarding"
TIMEOUT = 1800  # seconds of wall time for one ruleset: a bound on a hang, far above the goal

BASE = """
name: Endless
players: {min: PLAYERS, max: PLAYERS}
cards:
  attributes: {v: int}
  deck: [{v: 1, count: DECK}]
  start: deck
  label: [{text: card}]
zones:
  deck: {visibility: hidden}
  aside: {visibility: public}
variables:
  game:
    k: {type: int}
    x: {type: int}
phases:
  main:
    first: "first(players)"
PHASE
actions:
ACTIONS
scoring: {score: "0"}
text:
  card: {en: "card"}
"""


def endless(phase: str, actions: str, players: int = 2, deck: int = 10) -> str:
    """A game that never ends, from its phase's extra keys and its actions."""
    return (BASE.replace("PLAYERS", str(players)).replace("DECK", str(deck))
            .replace("PHASE", textwrap.indent(textwrap.dedent(phase).strip("\n"), "    ")
                     if phase else "")
            .replace("ACTIONS", textwrap.indent(textwrap.dedent(actions).strip("\n"), "  ")))


SUM = " + ".join(["x"] * 24)  # a condition of about 50 parts: small enough to draw no work
ENDLESS = {
    # the tester's case: a loop spending the whole budget of every decision
    "loop_using_the_whole_budget": endless("", """
        spin:
          effects: ["set k = 0", {while: "k < 400000", do: [add 1 to k]}, end turn]"""),
    # list.remove in 'move': the most processor time per unit of work found
    "deck_of_10000_moved_back_and_forth": endless("", """
        shuffle_around:
          effects: [{repeat: 95, do: [move deck to aside, move aside to deck]}, end turn]""",
                                                  deck=10_000),
    # automatic steps whose rules are too small to draw work: a phase restarted 9,000 times
    "phase_restarted_9000_times_a_decision": endless(f"""
        on_begin: [add 1 to k, add 1 to x, add 1 to x, add 1 to x, add 1 to x, add 1 to x]
        on_end: [add 1 to x, add 1 to x, add 1 to x, add 1 to x, add 1 to x, add 1 to x]
        end_if: "k > 0 and k < 9000 and {SUM} > -1"
        next: main""", """
        wait:
          effects: ["set k = 1", "set x = 0", end turn]"""),
    # 64 seats, each turn passing over 63 of them, asking a small 'active' of each
    "64_players_active_asked_at_every_step": endless(f"""
        active: "{SUM} > -1 and p == first(players)"
        on_turn_begin: [add 1 to k, {{if: "k < 4000", then: [end turn]}}]""", """
        wait:
          effects: ["set k = 0", end turn]""", players=64),
    # decisions whose rules draw nothing: max_decisions and the game's work bound them
    "decisions_that_draw_no_work": endless("", """
        wait:
          effects: [end turn]"""),
    # a choice of 1,000 numbers at every other decision: the listing's own cost
    "a_choice_of_1000_numbers_at_every_decision": endless("", """
        bid:
          params: [{number: n, min: 1, max: 1000}]
          effects: ["set k = n", end turn]"""),
}

CHILD = """
import json, resource, sys, time
import rulekit
text, name, players = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = rulekit.load_text(text, name)
t = time.process_time()
outcome = "ended"
state = None
try:
    state = game.new_state(players, 0)
    while not state.over:
        state.apply_unchecked(state.legal_actions()[0])
except rulekit.RulekitError as e:
    outcome = f"{type(e).__name__}: {e}"
print(json.dumps({"outcome": outcome, "decisions": state.decisions if state else 0,
                  "cpu": time.process_time() - t,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run(name: str, text: str, players: int) -> dict:
    """Play one ruleset in a child process; what it reports."""
    done = subprocess.run([sys.executable, "-c", CHILD, text, name, str(players)],
                          capture_output=True, text=True, timeout=TIMEOUT, check=False)
    if done.returncode != 0:
        return {"outcome": f"crashed: {done.stderr.strip()[-300:]}", "decisions": 0, "cpu": 0.0,
                "rss_mb": 0.0}
    result: dict = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    """Run every ruleset (or the one named) and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="run only this ruleset (a file stem or an endless name)")
    args = ap.parse_args(argv)
    hoarders = {p.stem: (p.read_text(encoding="utf-8"), 2) for p in sorted(HOARDING.glob("*.yaml"))}
    hoarders["baseline_deal_only"] = (endless("", "wait: {effects: [end game done]}")
                                      .replace('card: {en: "card"}',
                                               'card: {en: "card"}\n  done: {en: "done"}'), 2)
    # the heaviest log line for what it counts: 64 seats told, a number each time
    hoarders["events_told_to_64_players"] = (endless("", """
        tell:
          effects: [{repeat: 2000, do: [add 1 to k, {log: told, args: {n: k}, to: players}]},
                    end turn]""", players=64).replace(
        'card: {en: "card"}', 'card: {en: "card"}\n  told: {en: "{n}"}\n  told_hidden: {en: "-"}'),
        64)
    games = {**{("hoarder", k): v for k, v in hoarders.items()},
             **{("endless", k): (v, 64 if k.startswith("64") else 2) for k, v in ENDLESS.items()}}
    print(f"{'kind':<8} {'ruleset':<44} {'decisions':>9} {'cpu s':>7} {'peak MB':>8}  stopped by")
    worst = {"hoarder": 0.0, "endless": 0.0}
    for (kind, name), (text, players) in games.items():
        if args.only and args.only != name:
            continue
        r = run(f"{name}.yaml", text, players)
        worst["hoarder"] = max(worst["hoarder"], r["rss_mb"] if kind == "hoarder" else 0.0)
        worst["endless"] = max(worst["endless"], r["cpu"] if kind == "endless" else 0.0)
        print(f"{kind:<8} {name:<44} {r['decisions']:>9,} {r['cpu']:>7.1f} {r['rss_mb']:>8.1f}"
              f"  {r['outcome'][:110]}", flush=True)
    print(f"largest peak memory of a hoarder: {worst['hoarder']:.1f} MB; longest endless game: "
          f"{worst['endless']:.1f} s of processor time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
