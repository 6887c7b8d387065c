"""One simulated game of `rulekit simulate`: play it with bots and measure it.

Everything is read through the public API: `Game.new_state`, `State.legal_actions`,
`State.apply_unchecked`, `State.decider`, `State.turn`, `State.log`, `State.outcome` and
`Game.score` (the ruleset's score expression, evaluated after each turn for the tension metrics).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import rulekit
from rulekit.actions import START
from rulekit.bots import make_bot

PPM = 1_000_000  # fractions are kept as whole parts per million, so sums are exact


@dataclass
class GameRecord:
    """What one game measured: its outcome, length, choices, tension and events, or its failure."""

    index: int
    seed: int
    seat_player: list[int]  # per seat: which entry of --seats sits there
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


def seating(players: int, kinds: list[str], index: int, rotate: bool) -> list[int]:
    """Per seat, the entry of kinds sitting there in game index (rotating moves all one seat on)."""
    shift = index % players if rotate else 0
    return [(p - shift) % players for p in range(players)]


def play_game(game: rulekit.Game, players: int, kinds: list[str], index: int, seed: int,
              rotate: bool) -> GameRecord:
    """Play game index (dealt from seed) with the seats' bots; measure it, or record its error."""
    seat_player = seating(players, kinds, index, rotate)
    rec = GameRecord(index, seed, seat_player)
    try:
        _play(game, players, [kinds[q] for q in seat_player], seed, rec)
    except rulekit.EvaluationLimitError as e:
        rec.error, rec.error_kind = str(e), "limit"
    except rulekit.RulekitError as e:
        rec.error, rec.error_kind = str(e), "rule"
    return rec


def _play(game: rulekit.Game, n: int, kinds: list[str], seed: int, rec: GameRecord) -> None:
    state = game.new_state(n, seed)
    bots = [make_bot(kinds[p], game, p, seed) for p in range(n)]
    first_label = game.phases[0].label
    log = state.log
    seen = 0  # log entries already read
    phase_count = 0
    turn_key: tuple[int, int] | None = None
    # the scores before the first turn and after each turn
    samples: list[tuple[int, ...]] | None = []
    legal_count, taken, choices = rec.legal, rec.taken, rec.choices
    options = multi = starts = 0
    while not state.is_over:
        for i in range(seen, len(log)):
            entry = log[i]
            if entry[0] == "phase_begins":
                phase_count += 1
                if entry[1][0][2] == first_label:
                    rec.rounds += 1
        seen = len(log)
        key = (state.turn, phase_count)
        if key != turn_key:  # a new seat has the turn, or a phase began: a new turn
            turn_key = key
            rec.turns += 1
            if samples is not None:
                try:
                    samples.append(tuple(game.score(state, p) for p in range(n)))
                except rulekit.RuleRuntimeError:
                    samples = None  # the score is not defined mid-game: no tension metrics
        seat = state.decider
        assert seat is not None
        if rec.first is None:
            rec.first = seat
        legal = state.legal_actions()
        k = len(legal)
        options += k
        if k > 1:
            multi += 1
        names = {a.name for a in legal if a.kind == START}
        if names:
            starts += 1
            legal_count.update(names)
        action = bots[seat].choose(state)
        choices.append(legal.index(action))
        if action.kind == START:
            taken[action.name] += 1
        state.apply_unchecked(action)
    for i in range(seen, len(log)):
        entry = log[i]
        if entry[0] == "phase_begins" and entry[1][0][2] == first_label:
            rec.rounds += 1
    outcome = state.outcome
    assert outcome is not None
    rec.scores, rec.winners, rec.reason = outcome.scores, outcome.winners, outcome.reason
    rec.decisions = state.decisions
    rec.options, rec.multi, rec.start_decisions = options, multi, starts
    rec.events = Counter(entry[0] for entry in log)
    rec.choices = []  # only a failed game needs its choices
    if samples is not None:
        samples.append(outcome.scores)
        measure_tension(rec, samples, lowest=game.winners_mode == "lowest")


def leaders(scores: tuple[int, ...], lowest: bool) -> frozenset[int]:
    """The seats with the best score (the lowest if the ruleset's lowest score wins)."""
    best = min(scores) if lowest else max(scores)
    return frozenset(p for p, v in enumerate(scores) if v == best)


def measure_tension(rec: GameRecord, samples: list[tuple[int, ...]], lowest: bool) -> None:
    """Lead changes, drama and decisiveness of a game from its scores after each turn."""
    rec.tension = True
    lead = [leaders(s, lowest) for s in samples]
    rec.lead_changes = sum(1 for a, b in zip(lead, lead[1:], strict=False) if a != b)
    winners = frozenset(rec.winners)
    rec.contested = 0 < len(winners) < len(rec.scores)
    turns = len(lead) - 1
    if not rec.contested or turns < 1:
        return
    ahead = [bool(ls & winners) for ls in lead[1:]]  # after turn t, an eventual winner leads
    behind = turns - sum(ahead)
    k = turns  # the turns played before an eventual winner took the lead for good
    while k > 0 and ahead[k - 1]:
        k -= 1
    rec.drama_ppm = (PPM * behind + turns // 2) // turns
    rec.decisive_ppm = (PPM * k + turns // 2) // turns
