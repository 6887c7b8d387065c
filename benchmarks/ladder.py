#!/usr/bin/env python3
"""The ladder of bot levels, head to head: does each level beat the one below it?

    python benchmarks/ladder.py --games 200 --levels random,easy,medium,hard --json l.json
    python benchmarks/ladder.py --rulesets sham,uno --games 40 --pairs all

Levels are bot specs with an iteration budget (a time budget would play different games on
every run). By default each level meets the next one up (--pairs all: every pair).

Two levels at one table: each holds half the seats, so neither has more chances to win than the
other and a level's fair share is 50%. Without teams the seats alternate (upper, lower, upper,
...); with two teams each level is a team (Spades: a pair against a pair). Game i is dealt from
seed S + i div 2 and seats the upper level in the even seats (or the first team) when i is even,
the odd seats (or the second team) when i is odd: every deal is played from both sides, and
every level sits in every seat equally often. A game goes to the level holding more of its
winners' seats: the level of a lone winner, or in a game with one loser (Durak) the level
without it; an even split (shared first place) or no winner is a tie. The figure is
the upper level's share of the games won by one level, with its Wilson 95% interval;
"significant" means the interval lies wholly above 50%. This needs an even number of players.

A cooperative game (Shamus) has no head to head: every level plays as the whole team on the
same deals with the same bot seeds (S + i), the figure is the team's win rate, and the rate is
set against --target and --goal (a medium pair should beat Shamus 55% of the time, ideally 70%).
Each level is compared with the one below deal by deal: the deals only it won against those only
the level below won, by an exact two-sided sign test ("paired p"; the deals both or neither won
say nothing of which is better). The same deals make this test far keener than comparing the two
rates as if the games were unrelated (the two-proportion z-test, also in the JSON).
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from typing import Any

from matchplay import (
    GameResult,
    GameTask,
    Table,
    add_common,
    check_spec,
    commit,
    cpu_per_game,
    fail,
    interval,
    pct,
    print_table,
    rounded,
    run,
    tables,
    two_proportions,
    write_json,
)
from rich.console import Console

ALPHA = 0.05


def upper_seats(table: Table, side: int) -> frozenset[int]:
    """The seats of the upper level in a game of seating `side` (0 or 1)."""
    n = table.players
    if len(set(table.teams)) == 2 and table.teams.count(0) * 2 == n:
        return frozenset(p for p in range(n) if table.teams[p] == side)
    return frozenset(p for p in range(n) if p % 2 == side)


def head_to_head_tasks(row: int, table: Table, lower: str, upper: str, games: int,
                       seed: int) -> list[GameTask]:
    """The games of one pair: each deal played twice, the levels' seats swapped."""
    out = []
    for i in range(games):
        ups = upper_seats(table, i % 2)
        seats = tuple(upper if p in ups else lower for p in range(table.players))
        out.append(GameTask(row, i, table.path, table.variant, seats,
                            deal_seed=seed + i // 2, bot_seed=seed + i))
    return out


def team_tasks(row: int, table: Table, level: str, games: int, seed: int) -> list[GameTask]:
    """The games of one level playing every seat of a cooperative game."""
    return [GameTask(row, i, table.path, table.variant, (level,) * table.players,
                     deal_seed=seed + i, bot_seed=seed + i) for i in range(games)]


def game_to(ups: frozenset[int], winners: tuple[int, ...]) -> int:
    """Which level a game goes to: 1 the upper, -1 the lower, 0 a tie. The level holding more
    of the winners' seats: with one winner, its level; with all but one (a game with a loser,
    as Durak), the level without the loser; an even split, or no winner, is a tie."""
    up = sum(1 for p in winners if p in ups)
    low = len(winners) - up
    return (up > low) - (up < low)


def head_to_head(table: Table, lower: str, upper: str, results: list[GameResult]) -> dict:
    """One pair's figures: the upper level's share of the games won by one level."""
    up_wins = low_wins = ties = 0
    for r in results:
        if r.error is not None:
            continue
        side = game_to(upper_seats(table, r.index % 2), r.winners)
        if side > 0:
            up_wins += 1
        elif side < 0:
            low_wins += 1
        else:
            ties += 1
    failed = sum(1 for r in results if r.error is not None)
    row: dict[str, Any] = {"ruleset": table.name, "players": table.players, "lower": lower,
                           "upper": upper, "games": len(results), "failed": failed,
                           "upper_wins": up_wins, "lower_wins": low_wins, "ties": ties}
    row.update(interval(up_wins, up_wins + low_wins))
    row["significant"] = row["decided"] > 0 and row["low"] > 0.5
    return row


def sign_test(first: int, second: int) -> float:
    """The exact two-sided p of a sign test: first against second discordant pairs, each
    equally likely to go either way if neither side is better."""
    n = first + second
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, j) for j in range(min(first, second) + 1))
    return min(1.0, 2 * tail / (1 << n))


def paired(lower: list[GameResult], upper: list[GameResult]) -> dict[str, int | float]:
    """Two levels' games on the same deals: the deals only one of them won, and the sign test's
    p (deals a level failed to finish are left out)."""
    low = {r.index: bool(r.winners) for r in lower if r.error is None}
    up = {r.index: bool(r.winners) for r in upper if r.error is None}
    both = low.keys() & up.keys()
    only_upper = sum(1 for i in both if up[i] and not low[i])
    only_lower = sum(1 for i in both if low[i] and not up[i])
    return {"deals": len(both), "only_upper": only_upper, "only_lower": only_lower,
            "p": round(sign_test(only_upper, only_lower), 4)}


def team_row(table: Table, level: str, results: list[GameResult], below: dict | None,
             target: float, goal: float,
             below_results: list[GameResult] | None = None) -> dict:
    """One level's figures in a cooperative game, compared with the level below (deal by deal
    when below_results, its games on the same deals, are given)."""
    decided = [r for r in results if r.error is None]
    wins = sum(1 for r in decided if r.winners)
    row: dict[str, Any] = {"ruleset": table.name, "players": table.players, "level": level,
           "games": len(results), "failed": len(results) - len(decided)}
    row.update(interval(wins, len(decided)))
    row["target"], row["goal"] = target, goal
    row["target_reached"], row["target_sure"] = row["rate"] >= target, row["low"] >= target
    row["goal_reached"], row["goal_sure"] = row["rate"] >= goal, row["low"] >= goal
    if below is not None:
        z, p = two_proportions(below["wins"], below["decided"], wins, len(decided))
        row["vs_lower"] = {"level": below["level"], "z": round(z, 3), "p": round(p, 4),
                           "significant": z > 0 and p < ALPHA}
        if below_results is not None:
            pair = paired(below_results, results)
            row["vs_lower"]["paired"] = pair
            # the same deals: the deal-by-deal test decides
            row["vs_lower"]["significant"] = (pair["only_upper"] > pair["only_lower"]
                                              and pair["p"] < ALPHA)
    return row


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play the ladder, print its tables (and write the JSON)."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_common(parser, games=40)
    parser.add_argument("--levels", default="random,easy,medium,hard",
                        help="comma-separated bot specs, weakest first, with iteration budgets "
                             "(default: the shipped levels, random,easy,medium,hard)")
    parser.add_argument("--pairs", choices=("adjacent", "all"), default="adjacent",
                        help="which levels meet: each with the next (default), or every pair")
    parser.add_argument("--target", type=float, default=0.55,
                        help="a cooperative game's team win rate to reach (default 0.55)")
    parser.add_argument("--goal", type=float, default=0.70,
                        help="a cooperative game's team win rate hoped for (default 0.70)")
    args = parser.parse_args(argv)
    levels = [check_spec(s.strip()) for s in args.levels.split(",") if s.strip()]
    if len(levels) < 2:
        fail("--levels needs at least two levels")
    pairs = (list(itertools.combinations(levels, 2)) if args.pairs == "all"
             else list(itertools.pairwise(levels)))
    tabs = tables(args.rulesets, args.players)
    plan: list[tuple[Table, tuple[str, ...]]] = []  # per row: its table, (lower, upper) or (level,)
    tasks: list[GameTask] = []
    for table in tabs:
        if table.cooperative:
            for level in levels:
                tasks += team_tasks(len(plan), table, level, max(1, args.games), args.seed)
                plan.append((table, (level,)))
            continue
        if table.players % 2:
            fail(f"{table.name}: two levels need an even number of players, not "
                 f"{table.players} (give --players)")
        games = rounded(args.games, 2)
        for lower, upper in pairs:
            tasks += head_to_head_tasks(len(plan), table, lower, upper, games, args.seed)
            plan.append((table, (lower, upper)))
    results = run(tasks, args.workers, Console(stderr=True), "ladder")
    matches: list[dict] = []
    teams: list[dict] = []
    match_cpu: list[float] = []
    team_cpu: list[float] = []
    for k, (table, who) in enumerate(plan):
        if len(who) == 2:
            matches.append(head_to_head(table, who[0], who[1], results[k]))
            match_cpu.append(cpu_per_game(results[k]))
        else:
            below = teams[-1] if teams and teams[-1]["ruleset"] == table.name else None
            teams.append(team_row(table, who[0], results[k], below, args.target, args.goal,
                                  results[k - 1] if below is not None else None))
            team_cpu.append(cpu_per_game(results[k]))
    show(matches, match_cpu, teams, team_cpu, args.markdown)
    write_json(args.json, {"benchmark": "ladder", "commit": commit(),
                           "settings": {"games": args.games, "seed": args.seed,
                                        "levels": levels, "pairs": args.pairs,
                                        "target": args.target, "goal": args.goal,
                                        "rulesets": [t.name for t in tabs]},
                           "head_to_head": matches, "cooperative": teams})
    return 0


def show(matches: list[dict], match_cpu: list[float], teams: list[dict], team_cpu: list[float],
         markdown: bool) -> None:
    """The tables of results, on standard output."""
    if matches:
        print_table("Ladder: the upper level's share of the games won by one level",
                    ["ruleset", "P", "upper vs lower", "upper won", "lower won", "ties", "rate",
                     "95% interval", "significant", "failed", "CPU s/game"],
                    [[m["ruleset"], str(m["players"]), f"{m['upper']} vs {m['lower']}",
                      str(m["upper_wins"]), str(m["lower_wins"]), str(m["ties"]),
                      pct(m["rate"]), f"{pct(m['low'])}-{pct(m['high'])}",
                      "yes" if m["significant"] else "no", str(m["failed"]), f"{c:.2f}"]
                     for m, c in zip(matches, match_cpu, strict=True)], markdown)
    if matches and teams:
        print()
    if teams:
        cells = []
        for t, c in zip(teams, team_cpu, strict=True):
            vs = t.get("vs_lower")
            step = "-" if vs is None else step_text(vs)
            aim = ("goal" if t["goal_sure"] else "goal?" if t["goal_reached"]
                   else "target" if t["target_sure"] else "target?" if t["target_reached"]
                   else "below target")
            cells.append([t["ruleset"], str(t["players"]), t["level"],
                          f"{t['wins']}/{t['decided']}", pct(t["rate"]),
                          f"{pct(t['low'])}-{pct(t['high'])}", step, aim, str(t["failed"]),
                          f"{c:.2f}"])
        print_table("Cooperative: the team's win rate, every seat played by the level",
                    ["ruleset", "P", "level", "won", "rate", "95% interval", "step",
                     f"target {pct(teams[0]['target'])} / goal {pct(teams[0]['goal'])}",
                     "failed", "CPU s/game"], cells, markdown)


def step_text(vs: dict[str, Any]) -> str:
    """A cooperative level against the one below, in words (the paired test when there is
    one)."""
    verdict = f"{'better' if vs['significant'] else 'not better'} than {vs['level']}"
    pair = vs.get("paired")
    if pair is None:
        return f"{verdict} (p {vs['p']:.3f})"
    return (f"{verdict} (deals only it won {pair['only_upper']}, only {vs['level']} "
            f"{pair['only_lower']}: paired p {pair['p']:.3f})")


if __name__ == "__main__":
    sys.exit(main())
