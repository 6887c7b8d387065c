"""The `rulekit simulate` command line: its options and help (kept apart from the simulator,
so that every other command starts without loading it)."""

from __future__ import annotations

import argparse
import os
from typing import Any

import rulekit
from rulekit.bots import SPEC_HELP

from .argtypes import whole as _whole

EPILOG = f"""\
seats:
  --seats lists one bot per seat, comma separated ({SPEC_HELP});
  one kind alone fills every seat. Default: random in every seat, which says what the rules
  alone allow, not how people play; the levels easy, medium and hard (or medium:N, hard:N,
  ismcts:N) search a fixed number of iterations per decision, so they play the same on any
  machine. With --rotate, game i moves everyone i seats on (as `rulekit play --games` does),
  so each bot plays every seat; win rates are then also given per player (the k-th entry of
  --seats).

reproducibility:
  game i (from 0) is dealt from seed S+i, S being --seed, and its bots are seeded from it too,
  so the figures are the same for any --workers and on a cluster.

the report:
  with --compare it opens with a verdict in words (the figures that changed, corrected for
  the number of tests by Holm's method, and the games a difference would need), then what
  the variant changes. A cooperative game (the players win or lose together) is reported by
  the players' success, never by seat. --until-confident plays rounds that double the games
  (--games, then twice as many...) until the main figure is settled or --max-games is reached.

metrics, the JSON schema and running on a cluster: docs/simulate.md.

exit status: 0 every game ended; 1 some games failed (each is listed with its seed and a
replay command); 2 a usage error or a ruleset that cannot be loaded; 130 interrupted (the
games played so far are reported, and marked partial in --json and --report)."""


class SimUsage(rulekit.UsageError):
    """A usage error of `rulekit simulate` (printed with the command's usage line)."""


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the `simulate` sub-command to the sub-parsers of the rulekit command."""
    p: argparse.ArgumentParser = sub.add_parser(
        "simulate", help="play many games between bots and report who wins, how long, ...",
        description="Play --games G games of RULESET between bots and report outcomes (win "
                    "rates with 95% intervals, balance, first-player advantage), length, "
                    "scores, choice, tension and events; with --compare, a second variant on "
                    "the same seeds, side by side with the significance of each difference.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("ruleset", metavar="RULESET",
                   help="a bundled game's name or a ruleset file (YAML)")
    p.add_argument("--timed-bots", action="store_true",
                   help="allow bots that think for a time per decision (ismcts:Ts, "
                        "medium:Ts, hard:Ts); their results depend on the machine's load and on "
                        "--workers, so the run cannot be repeated exactly (the levels easy, "
                        "medium and hard have iteration budgets: they need no such option)")
    p.add_argument("--variant", metavar="V",
                   help="simulate this variant, or variants combined as A+B (default: the base "
                        "game)")
    p.add_argument("--players", "-n", type=_whole(1), metavar="N",
                   help="number of seats (default: the number of --seats, else the ruleset's "
                        "players.default, else 4 if allowed, else the minimum)")
    p.add_argument("--seats", metavar="SPEC",
                   help=f"one bot per seat, comma separated ({SPEC_HELP})")
    p.add_argument("--rotate", action="store_true", help="rotate the seats between games")
    p.add_argument("--games", "-g", type=_whole(1), default=1000, metavar="G",
                   help="number of games (default: 1000)")
    p.add_argument("--seed", type=_whole(0), default=0, metavar="S",
                   help="game i is dealt from seed S+i (default: 0)")
    p.add_argument("--workers", "-j", type=_whole(1), default=None, metavar="K",
                   help=f"processes to play in (default: every core, here {cores()})")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="play on the Dask scheduler at ADDRESS, e.g. tcp://127.0.0.1:8786, or "
                        "tls://HOST:8786 with Dask's TLS settings (extra rulekit[cluster]; "
                        "whoever reaches the scheduler runs code on its workers: see "
                        "docs/simulate.md)")
    p.add_argument("--compare", metavar="V2",
                   help="also play variant V2 on the same seeds and seats and compare (use "
                        "'base' for the base game)")
    p.add_argument("--until-confident", action="store_true",
                   help="play rounds of games (--games, then doubling) until the main figure "
                        "(the players' success in a cooperative game, else the first "
                        "player's) is settled: with --compare, its difference shown or ruled "
                        "out beyond --difference; alone, known within --difference")
    p.add_argument("--max-games", type=_whole(1), default=20000, metavar="M",
                   help="with --until-confident, stop at M games per variant (default: 20000)")
    p.add_argument("--difference", type=_points, default=5.0, metavar="D",
                   help="with --until-confident, a change of the main figure worth knowing, "
                        "in percentage points (default: 5)")
    p.add_argument("--json", metavar="FILE", help="write every figure to FILE (JSON)")
    p.add_argument("--report", metavar="FILE.html",
                   help="write a self-contained HTML report with plots (extra rulekit[report])")
    return p


def _points(text: str) -> float:
    """A number of percentage points, above 0 and at most 100."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of percentage points, e.g. 5, "
                                         f"not {text!r}") from None
    if not 0 < v <= 100:
        raise argparse.ArgumentTypeError(f"expected percentage points above 0 and at most "
                                         f"100, not {text}")
    return v


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1
