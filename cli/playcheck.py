"""`rulekit validate --play N`: deal N games with random bots to find rulesets that load but
cannot be played (a rule that fails, a game that never ends within its limits), and say what the
games never reached: actions never legal, phases whose end_if never held, texts never logged."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import rulekit
from rulekit.actions import START
from rulekit.bots import weighted_choice
from rulekit.sim import play_out, replay_command


@dataclass
class Coverage:
    """What the games reached: the actions legal at some decision (by index), the phases whose
    end_if held (by index), the texts logged (by key)."""

    legal: set[int] = field(default_factory=set)
    ended: set[int] = field(default_factory=set)
    logged: set[str] = field(default_factory=set)


def play_check(game: rulekit.Game, games: int) -> tuple[str | None, int]:
    """Play games with random bots (game i: seed i, the player counts in turn, from the
    ruleset's default count if it gives one); return the first failure as a message (None if
    all ended) and the total number of decisions."""
    failure, total, _ = play_and_cover(game, games)
    return failure, total


def play_and_cover(game: rulekit.Game, games: int) -> tuple[str | None, int, Coverage]:
    """play_check, and what the games played (up to a failure) reached."""
    lo, hi = game.min_players, game.max_players
    start = (game.spec.players.default or lo) - lo
    total = 0
    cover = Coverage()
    for i in range(games):
        players = lo + (start + i) % (hi - lo + 1)
        choose = _drawing(random.Random(f"rulekit-validate:{i}"))
        where = f"game {i + 1} of {games} ({players} players, seed {i})"
        watch = _Watch(game, cover)
        try:
            state = play_out(game.new_state(players, i), choose, watch, checked=True)
        except rulekit.RulekitError as e:
            replay = replay_command(game.file, game.variant, players,
                                    {"seed": i, "choices": watch.choices})
            return f"{where}: {type(e).__name__}: {e}; replay: {replay}", total, cover
        watch.finish(state)
        total += state.decisions
    return None, total, cover


def coverage_line(game: rulekit.Game, cover: Coverage, games: int) -> str:
    """What the games never reached, each part with where it is written (file:line)."""
    parts = []
    never = [f"{a.name} ({_line(game, f'actions.{a.name}')})" for a in game.actions
             if a.index not in cover.legal]
    parts.append("never legal: " + ", ".join(never) if never else "every action legal")
    open_ = [f"{p.name} ({_line(game, p.r_end_if)})" for i, p in enumerate(game.phases)
             if p.end_if is not None and i not in cover.ended]
    parts.append("end_if never true: " + ", ".join(open_) if open_ else "every end_if true")
    unsaid = [f"{key[4:]} ({_line(game, key)})" for key in game.places
              if key.startswith("log.") and key[4:] not in cover.logged]
    parts.append("never logged: " + ", ".join(unsaid) if unsaid else "every text logged")
    return f"coverage of {games} game{'' if games == 1 else 's'}: " + "; ".join(parts)


def _line(game: rulekit.Game, rule: str) -> str:
    """Where rule is written, as file:line."""
    place = game.places.get(rule, game.file)
    return place.rsplit(":", 1)[0] if place.count(":") >= 2 else place


class _Watch:
    """Sees each decision of one game: what is legal, the phases that end, the texts logged."""

    def __init__(self, game: rulekit.Game, cover: Coverage):
        self.game, self.cover = game, cover
        self.phase: int | None = None  # the phase the log has reached
        self.read = 0  # events read from the log
        self.choices: list[int] = []  # each decision's index among the legal actions

    def __call__(self, state: rulekit.State, action: rulekit.Action) -> None:
        legal = state.legal_actions()
        self.choices.append(legal.index(action))
        self.cover.legal.update(a.value for a in legal if a.kind == START)
        self._read_log(state)

    def finish(self, state: rulekit.State) -> None:
        """The game is over: the events of its last move, and the end_if that ended it."""
        self._read_log(state)
        phase = self.game.phases[state.phase]
        try:  # a game ended by its phase's on_end ('end game' there) ended by that end_if
            held = phase.end_if is not None and bool(phase.end_if(state, {}))
        except Exception:  # noqa: BLE001 - a failing end_if after the end counts as not held
            held = False
        if held:
            self.cover.ended.add(state.phase)

    def _read_log(self, state: rulekit.State) -> None:
        phases = self.game.phases
        log: Any = state.log  # an EventLog: validate's states keep their log
        for key, args, _ in log.since(self.read):
            self.cover.logged.add(key)
            if key != "phase_begins":
                continue
            # phases end by their end_if only: each phase begun after the first ends the one
            # before, and the one begun is the one its label names (the next one first)
            label = args[0][2]
            if self.phase is None:
                self.phase = next((i for i, p in enumerate(phases) if p.label == label), 0)
                continue
            self.cover.ended.add(self.phase)
            after = phases[self.phase].next
            self.phase = after if phases[after].label == label else next(
                (i for i, p in enumerate(phases) if p.label == label), after)
        self.read = len(state.log)


def _drawing(rnd: random.Random) -> Callable[[rulekit.State], rulekit.Action]:
    """A legal action drawn with rnd as a random seat draws (by `weight:`): a number is drawn
    even for a forced one, as it always was here, so that `validate --play` keeps playing the
    games it played in rulesets without weights."""

    def choose(state: rulekit.State) -> rulekit.Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            rnd.random()
            return legal[0]
        return weighted_choice(state, legal, rnd.random)

    return choose
