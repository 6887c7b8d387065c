"""One simulated game: its seats' bots play it through the one play loop while a watcher
measures it.

Everything is read through the public API: `Game.new_state`, `State.legal_actions`,
`State.decider`, `State.turn`, `State.log`, `State.outcome` and `Game.score` (the ruleset's
score expression, evaluated after each turn for the tension metrics).
"""

from __future__ import annotations

from collections import Counter

from ..actions import START, Action
from ..bots import make_bot
from ..errors import EvaluationLimitError, RulekitError, RuleRuntimeError
from ..runtime.game import Game
from ..runtime.state import State
from .loop import by_seat, play_out
from .metrics.tension import of_game
from .record import GameRecord


def seating(players: int, index: int, rotate: bool) -> list[int]:
    """Per seat, the entry of the seats sitting there in game index (rotating moves all one
    seat on per game)."""
    shift = index % players if rotate else 0
    return [(p - shift) % players for p in range(players)]


def play_game(game: Game, players: int, kinds: list[str], index: int, seed: int,
              rotate: bool) -> GameRecord:
    """Play game index (dealt from seed) with the seats' bots; measure it, or record its error."""
    seat_player = seating(players, index, rotate)
    rec = GameRecord(index, seed, seat_player)
    try:
        _play(game, players, [kinds[q] for q in seat_player], seed, rec)
    except EvaluationLimitError as e:
        rec.error, rec.error_kind = str(e), "limit"
    except RulekitError as e:
        rec.error, rec.error_kind = str(e), "rule"
    return rec


class _Watch:
    """Measures each decision of a game as the play loop makes it."""

    def __init__(self, game: Game, n: int, rec: GameRecord):
        self.game, self.n, self.rec = game, n, rec
        self.first_label = game.phases[0].label
        self.seen = 0  # log entries already read
        self.phase_count = 0
        self.turn_key: tuple[int, int] | None = None
        # the scores before the first turn and after each turn (None: not defined mid-game)
        self.samples: list[tuple[int, ...]] | None = []
        self.options = self.multi = self.starts = 0

    def read_log(self, state: State) -> None:
        """Count the rounds begun since the last look at the log."""
        log = state.log
        for i in range(self.seen, len(log)):
            entry = log[i]
            if entry[0] == "phase_begins":
                self.phase_count += 1
                if entry[1][0][2] == self.first_label:
                    self.rec.rounds += 1
        self.seen = len(log)

    def __call__(self, state: State, action: Action) -> None:
        rec = self.rec
        self.read_log(state)
        key = (state.turn, self.phase_count)
        if key != self.turn_key:  # a new seat has the turn, or a phase began: a new turn
            self.turn_key = key
            rec.turns += 1
            if self.samples is not None:
                try:
                    self.samples.append(tuple(self.game.score(state, p) for p in range(self.n)))
                except RuleRuntimeError:
                    self.samples = None  # the score is not defined mid-game: no tension
        if rec.first is None:
            rec.first = state.decider
        legal = state.legal_actions()
        k = len(legal)
        self.options += k
        if k > 1:
            self.multi += 1
        names = {a.name for a in legal if a.kind == START}
        if names:
            self.starts += 1
            rec.legal.update(names)
            if k > 1:
                rec.real.update(names)
        rec.choices.append(legal.index(action))
        if action.kind == START:
            rec.taken[action.name] += 1


def _play(game: Game, n: int, kinds: list[str], seed: int, rec: GameRecord) -> None:
    state = game.new_state(n, seed)
    watch = _Watch(game, n, rec)
    play_out(state, by_seat([make_bot(kinds[p], game, p, seed) for p in range(n)]), watch)
    watch.read_log(state)
    outcome = state.outcome
    assert outcome is not None
    rec.scores, rec.winners, rec.reason = outcome.scores, outcome.winners, outcome.reason
    rec.decisions = state.decisions
    rec.options, rec.multi, rec.start_decisions = watch.options, watch.multi, watch.starts
    rec.events = Counter(entry[0] for entry in state.log)
    rec.choices = []  # only a failed game needs its choices
    if watch.samples is not None:
        watch.samples.append(outcome.scores)
        t = of_game(watch.samples, outcome.winners, lowest=game.winners_mode == "lowest")
        rec.tension, rec.lead_changes, rec.contested = True, t.lead_changes, t.contested
        rec.drama_ppm, rec.decisive_ppm = t.drama_ppm, t.decisive_ppm
