"""What one simulated game measured: its outcome, length, choices, tension and events, or the
error it stopped on (filled in by `measure.play_game`, totalled by `tally.Tally`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class GameRecord:
    """What one game measured: its outcome, length, choices, tension and events, or its failure."""

    index: int
    seed: int
    seat_player: list[int]  # per seat: which entry of the seats sits there
    error: str | None = None
    error_kind: str | None = None  # "limit" (a limit of the ruleset) or "rule" (a rule failed)
    choices: list[int] = field(default_factory=list)  # indices into the legal actions, to replay
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    reason: str = ""
    first: int | None = None  # the seat that made the first decision
    decisions: int = 0
    turns: int = 0
    rounds: int = 0
    options: int = 0  # sum over decisions of the number of legal actions
    multi: int = 0  # decisions with more than one legal action
    start_decisions: int = 0  # decisions where at least one action could be started
    legal: Counter[str] = field(default_factory=Counter)
    taken: Counter[str] = field(default_factory=Counter)
    real: Counter[str] = field(default_factory=Counter)  # legal at a decision of 2+ options
    events: Counter[str] = field(default_factory=Counter)
    tension: bool = False  # the score could be read after every turn
    lead_changes: int = 0
    contested: bool = False  # some seats won and some lost: drama and decisiveness apply
    drama_ppm: int = 0
    decisive_ppm: int = 0

    @property
    def failed(self) -> bool:
        """Whether the game stopped on an error instead of ending."""
        return self.error is not None
