"""The running totals of a simulation: whole numbers and counters only, so that merging the
totals of any batches, in any order, gives exactly the same figures
(any number of workers, any cluster).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

from .checkpoints import checkpoint
from .record import GameRecord

MAX_FAILURES_KEPT = 50  # failed games listed in full; all are counted


@dataclass
class Tally:
    """Totals over the games played so far with one ruleset, variant and seating."""

    players: int
    games: int = 0  # games that ended
    failed: int = 0
    failure_kinds: Counter[str] = field(default_factory=Counter)
    failures: list[dict[str, Any]] = field(default_factory=list)  # the first ones, by index
    seat_wins: Counter[int] = field(default_factory=Counter)
    player_wins: Counter[int] = field(default_factory=Counter)  # by entry of the seats
    seat_scores: dict[int, Counter[int]] = field(default_factory=dict)
    first_seat: Counter[int] = field(default_factory=Counter)
    first_wins: int = 0
    winner_slots: int = 0  # sum over games of the number of winners
    shared: int = 0
    no_winner: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    decisions: Counter[int] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    rounds: Counter[int] = field(default_factory=Counter)
    margins: Counter[int] = field(default_factory=Counter)
    options: int = 0
    multi: int = 0
    start_decisions: int = 0
    legal: Counter[str] = field(default_factory=Counter)
    taken: Counter[str] = field(default_factory=Counter)
    tension_games: int = 0
    lead_changes: Counter[int] = field(default_factory=Counter)
    contested: int = 0
    comebacks: int = 0  # contested games whose eventual winner was behind after some turn
    drama: Counter[int] = field(default_factory=Counter)  # per game, parts per million
    decisive: Counter[int] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)
    events_sq: Counter[str] = field(default_factory=Counter)
    events_games: Counter[str] = field(default_factory=Counter)
    real: Counter[str] = field(default_factory=Counter)  # action legal, 2+ options
    # (checkpoint, what) -> games: "games", "failed", "won" (some winner), "first" (won by the
    # first player), "seat:P", "end:R"
    progress: Counter[tuple[int, str]] = field(default_factory=Counter)
    # the one score all seats share (a cooperative game), in games won and in games lost
    shared_won: Counter[int] = field(default_factory=Counter)
    shared_lost: Counter[int] = field(default_factory=Counter)

    def add(self, rec: GameRecord) -> None:
        """Count one game."""
        cp = checkpoint(rec.index)
        if rec.failed:
            self.progress[(cp, "failed")] += 1
            self.failed += 1
            assert rec.error_kind is not None
            self.failure_kinds[rec.error_kind] += 1
            self.failures.append({"index": rec.index, "seed": rec.seed, "kind": rec.error_kind,
                                  "error": rec.error, "seat_player": rec.seat_player,
                                  "choices": rec.choices})
            self._trim()
            return
        self.games += 1
        w = rec.winners
        self._progress(cp, rec)
        for p in w:
            self.seat_wins[p] += 1
            self.player_wins[rec.seat_player[p]] += 1
        for p, v in enumerate(rec.scores):
            self.seat_scores.setdefault(p, Counter())[v] += 1
        if rec.first is not None:
            self.first_seat[rec.first] += 1
            self.first_wins += rec.first in w
        self.winner_slots += len(w)
        self.shared += len(w) > 1
        self.no_winner += not w
        self.reasons[rec.reason] += 1
        self.decisions[rec.decisions] += 1
        self.turns[rec.turns] += 1
        self.rounds[rec.rounds] += 1
        if 0 < len(w) < len(rec.scores):
            self.margins[margin(rec.scores, w)] += 1
        self.options += rec.options
        self.multi += rec.multi
        self.start_decisions += rec.start_decisions
        self.legal.update(rec.legal)
        self.taken.update(rec.taken)
        self.real.update(rec.real)
        if rec.tension:
            self.tension_games += 1
            self.lead_changes[rec.lead_changes] += 1
            if rec.contested:
                self.contested += 1
                self.comebacks += rec.drama_ppm > 0
                self.drama[rec.drama_ppm] += 1
                self.decisive[rec.decisive_ppm] += 1
        for key, count in rec.events.items():
            self.events[key] += count
            self.events_sq[key] += count * count
            self.events_games[key] += 1

    def _progress(self, cp: int, rec: GameRecord) -> None:
        """Count an ended game at its checkpoint, and the score its seats share, if one."""
        w = rec.winners
        self.progress[(cp, "games")] += 1
        self.progress[(cp, "won")] += bool(w)
        self.progress[(cp, "first")] += rec.first is not None and rec.first in w
        self.progress.update((cp, f"seat:{p}") for p in w)
        self.progress[(cp, f"end:{rec.reason}")] += 1
        if rec.scores and len(set(rec.scores)) == 1:
            (self.shared_won if w else self.shared_lost)[rec.scores[0]] += 1

    def merge(self, other: Tally) -> None:
        """Add another tally's totals (of other games) to this one."""
        for f in fields(self):
            if f.name == "players":
                continue
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if f.name == "seat_scores":
                for p, hist in theirs.items():
                    mine.setdefault(p, Counter()).update(hist)
            elif f.name == "failures":
                mine.extend(theirs)
                self._trim()
            elif isinstance(mine, Counter):
                mine.update(theirs)
            else:
                setattr(self, f.name, mine + theirs)

    def _trim(self) -> None:
        self.failures.sort(key=lambda f: f["index"])
        del self.failures[MAX_FAILURES_KEPT:]


def margin(scores: tuple[int, ...], winners: tuple[int, ...]) -> int:
    """How far the closest winner's score is from the best losing score (always >= 0)."""
    won = [scores[p] for p in winners]
    lost = [v for p, v in enumerate(scores) if p not in winners]
    return min(abs(a - b) for a in won for b in lost) if won and lost else 0
