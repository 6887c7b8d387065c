"""The greedy bot: each option tried in a few determinizations, scored a short way ahead."""

from __future__ import annotations

import random

from ..actions import Action
from ..errors import EvaluationLimitError
from ..runtime.observe import resample
from ..runtime.state import State
from .playout import SETTLE_STEPS, by_text, decision_rng, playout, policy, values_of

DETERMINIZATIONS = 4
OWN_STEPS = 30  # finish the bot's own step-by-step action before judging where it stands
LOOKAHEAD_WITHOUT_EVALUATION = 60  # without the ruleset's evaluation, play on a little


class GreedyBot:
    """Picks the option with the best average standing over a few determinizations.

    After the option, the bot's own remaining steps are played by the playout policy, then the
    others' answers until no window is open; the position is then scored by the ruleset's
    `bots.evaluate`, or, without it, by a short random look-ahead ending in the outcome or the
    rank by score. Every option is tried in the same
    determinizations with the same random numbers, so the comparison is fair.
    """

    def __init__(self, seat: int, seed: int, name: str = "greedy",
                 determinizations: int = DETERMINIZATIONS):
        self.name = name
        self.seat = seat
        self.seed = seed
        self.determinizations = determinizations

    def choose(self, state: State) -> Action:
        """The option with the best mean value for this seat (ties: the earlier option)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = decision_rng("greedy", self.seed, self.seat, state.decisions)
        values = option_values(state, self.seat, legal, rng, self.determinizations)
        best, best_value = legal[0], -1.0
        for a, value in zip(legal, values, strict=True):
            if value > best_value:
                best, best_value = a, value
        return best


def option_values(state: State, seat: int, legal: list[Action], rng: random.Random,
                  determinizations: int, limit: int | None = None) -> list[float]:
    """Each option's mean value for seat in a few determinizations (greedy's one-step look).

    After the option, the seat's own remaining steps are played by the playout policy, then
    everyone's until the position is quiet (no window open); the position is then scored by
    the ruleset's evaluation, or, without it, by a short random look-ahead. Every option meets
    the same determinizations and random numbers. limit bounds the work, in options tried in a
    determinization: past it fewer determinizations are dealt, then only some options (drawn
    at random) are tried and the others get the mean of those tried, so a decision with many
    options stays within its budget.
    """
    determinizations, tried_options = prior_work(len(legal), determinizations, limit)
    chosen: range | list[int] = range(len(legal))
    if tried_options < len(legal):
        chosen = sorted(rng.sample(range(len(legal)), tried_options))
    seeds = [rng.getrandbits(63) for _ in range(determinizations)]
    dets = [resample(state, seat, k) for k in seeds]
    hinted = state.game.hints.evaluate is not None
    tried: dict[int, float] = {}
    for i in chosen:
        text = legal[i].text
        total = 0.0
        for k, det in zip(seeds, dets, strict=True):
            s = det.clone()
            options = by_text(s)
            if text not in options:
                continue
            rng.seed(k)  # common random numbers across the options
            try:
                s.apply_unchecked(options[text])
                steps = 0
                while not s.over and s.decider == seat and steps < OWN_STEPS:
                    s.apply_unchecked(policy(s, s.legal_actions(), rng.random))
                    steps += 1
                # then until no action is half built and no window open: a claim is judged
                # once its challenge is answered, not while the others are still asked
                steps = 0
                while not s.over and s.stack and steps < SETTLE_STEPS:
                    s.apply_unchecked(policy(s, s.legal_actions(), rng.random))
                    steps += 1
                if hinted or s.over:
                    total += values_of(s)[seat]
                else:
                    total += playout(s, rng, LOOKAHEAD_WITHOUT_EVALUATION)[seat]
            except EvaluationLimitError:
                total += 0.5
        tried[i] = total / len(dets)
    rest = sum(tried.values()) / len(tried)
    return [tried.get(i, rest) for i in range(len(legal))]


def prior_work(options: int, determinizations: int, limit: int | None) -> tuple[int, int]:
    """The determinizations option_values deals and the options it tries within limit (their
    product, the evaluations it makes, is the work it costs)."""
    if limit is None or options * determinizations <= limit:
        return determinizations, options
    return max(1, limit // options), max(1, min(options, limit))
