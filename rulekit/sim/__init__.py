"""Simulation: many games of a ruleset between bots, and the numbers a designer needs.

>>> from rulekit.sim import simulate
>>> report = simulate("rulesets/crazy_eights.yaml", games=200, seed=0)   # doctest: +SKIP
>>> report.metrics()["outcome"]["balance"]                                # doctest: +SKIP

The metrics, the JSON document and running on a cluster are described in docs/simulate.md.
`play_out` is the one loop in which players play a game to the end.
"""

from __future__ import annotations

from .checks import Words, player_count, seat_kinds, seating_of
from .comparison import compare
from .loop import Chooser, Player, Watch, by_seat, play_out, uniform, weighted
from .measure import play_game, seating
from .metrics import METRICS, all_metrics
from .record import GameRecord
from .report import SCHEMA_VERSION, Report, Settings, replay_command
from .runner import ClusterError, SchedulerUnreachable, connect
from .simulation import Plan, plan, run, simulate
from .stats import two_means, two_proportions, wilson
from .tally import Tally
from .until import main_share, run_until
from .verdict import (
    SHARE,
    TOGETHER,
    about_of,
    main_row,
    main_series,
    seats_sentence,
    show,
    show_diff,
    show_p,
    variant_name,
)

__all__ = [
    "METRICS", "SCHEMA_VERSION", "SHARE", "TOGETHER", "about_of", "main_row", "main_series",
    "main_share", "run_until", "seats_sentence", "show", "show_diff", "show_p", "variant_name",
    "Chooser", "ClusterError", "GameRecord", "Plan", "Player",
    "Report", "SchedulerUnreachable", "Settings", "Tally", "Watch", "Words", "all_metrics",
    "by_seat", "compare", "connect", "play_game", "play_out", "player_count", "plan",
    "replay_command", "run", "seat_kinds", "seating", "seating_of", "simulate", "two_means",
    "two_proportions", "uniform", "weighted", "wilson",
]
