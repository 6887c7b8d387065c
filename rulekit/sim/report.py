"""The result of a simulation: the totals of each variant and the JSON document of
docs/simulate.md built from them (the terminal tables and the HTML report read that document).
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..runtime.game import Game
from .comparison import compare
from .describe import SEATS, about
from .metrics import all_metrics
from .tally import Tally
from .verdict import verdict

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class Settings:
    """What a simulation played: the same for every variant compared."""

    ruleset: str  # the file, as given
    name: str  # the game's name
    variants: tuple[str | None, ...]  # None: the base game; a second one is compared
    players: int
    seats: tuple[str, ...]  # the bot of each seat (before rotation)
    rotate: bool
    games: int
    seed: int
    timed_bots: bool = False


@dataclass
class Report:
    """The totals of a simulation, per variant, and how it ran."""

    settings: Settings
    tallies: list[Tally]
    workers: int | None  # None when played on a Dask cluster
    dask: str | None  # the scheduler's address
    seconds: float
    partial: bool = False  # interrupted: the figures cover the games played so far
    # the compiled rules of each variant: the report names things in their words
    games: tuple[Game, ...] = field(default=(), repr=False)
    until: dict[str, Any] | None = None  # how --until-confident went, if it was asked for

    @property
    def failed(self) -> int:
        """How many games stopped on an error, over every variant."""
        return sum(t.failed for t in self.tallies)

    def metrics(self, run: int = 0) -> dict[str, Any]:
        """Every metric of one variant (0: the first), as the JSON document's `metrics`."""
        s = self.settings
        m = all_metrics(self.tallies[run])
        m["failures"]["games"] = [f | {"replay": replay_command(s.ruleset, s.variants[run],
                                                                 s.players, f)}
                                  for f in m["failures"]["games"]]
        return m

    def to_json(self) -> dict[str, Any]:
        """The whole result as the JSON document of docs/simulate.md."""
        s = self.settings
        runs: list[dict[str, Any]] = []
        for i, (v, t) in enumerate(zip(s.variants, self.tallies, strict=True)):
            runs.append({"variant": v, "games_played": t.games + t.failed,
                         "metrics": self.metrics(i)})
        from .. import __version__  # the package is loaded: this module is part of it

        told = self._about(runs)
        return {
            "schema_version": SCHEMA_VERSION,
            "partial": self.partial,
            "rulekit_version": __version__,
            "ruleset": {"file": s.ruleset, "name": s.name},
            "settings": {"players": s.players, "seats": list(s.seats), "rotate": s.rotate,
                         "timed_bots": s.timed_bots, "games": s.games, "seed": s.seed,
                         "workers": self.workers, "dask": self.dask},
            "runs": runs,
            "comparison": self._comparison(runs, told),
            "timing": {"seconds": self.seconds},
            "about": told,
            "until_confident": self.until,
        }

    def _about(self, runs: list[dict[str, Any]]) -> dict[str, Any] | None:
        if not self.games:
            return None
        ends = {k for r in runs for k in r["metrics"]["outcome"]["ends"]}
        events = {k for r in runs for k in r["metrics"]["events"]}
        return about(self.games, self.settings.players, sorted(ends), sorted(events))

    def _comparison(self, runs: list[dict[str, Any]],
                    told: dict[str, Any] | None) -> dict[str, Any] | None:
        if len(runs) < 2:
            return None
        s = self.settings
        kind = told["kind"] if told else SEATS
        rows = compare(runs[0]["metrics"], runs[1]["metrics"], kind,
                       told["texts"] if told else None)
        games = (runs[0]["metrics"]["games"], runs[1]["metrics"]["games"])
        return {"a": s.variants[0], "b": s.variants[1], "rows": rows,
                "verdict": verdict(rows, s.variants[0], s.variants[1], games, kind,
                                   told["against"] if told else None)}

    def write_json(self, path: str | Path, doc: dict[str, Any] | None = None) -> None:
        """Write the JSON document (doc, if already built) to path."""
        text = json.dumps(doc or self.to_json(), indent=1, ensure_ascii=False) + "\n"
        Path(path).write_text(text, encoding="utf-8")

    def write_html(self, path: str | Path, doc: dict[str, Any] | None = None) -> None:
        """Write the self-contained HTML report to path (needs the extra rulekit[report])."""
        from .html import write_report

        write_report(str(path), doc or self.to_json())


def replay_command(ruleset: str, variant: str | None, players: int,
                   failure: dict[str, Any]) -> str:
    """The command that replays a failed game step by step."""
    words = ["python", "-m", "rulekit.playthrough", "replay", ruleset]
    if variant:
        words += ["--variant", variant]
    words += ["--players", str(players), "--seed", str(failure["seed"]),
              "--choices", ",".join(map(str, failure["choices"])) or "''"]
    return shlex.join(words) if failure["choices"] else " ".join(words)
