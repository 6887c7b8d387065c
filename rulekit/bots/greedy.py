"""The greedy bot: each option tried in a few determinizations, scored a short way ahead."""

from __future__ import annotations

import random

from ..actions import Action
from ..errors import EvaluationLimitError
from ..runtime.frames import BuildFrame
from ..runtime.state import State
from .beliefs import Dealer
from .playout import by_text, decision_rng, playout, policy, settle, values_of

DETERMINIZATIONS = 4
OWN_STEPS = 30  # finish the bot's own step-by-step action before judging where it stands
LOOKAHEAD_WITHOUT_EVALUATION = 60  # without the ruleset's evaluation, play on a little


class GreedyBot:
    """Picks the option with the best average standing over a few determinizations.

    After the option, the rest of the action it starts (the bot's own step-by-step choices, not
    a next turn that a skip gives it) is played by the playout policy, then the others' answers
    until no window is open; the position is then scored by the ruleset's
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
                  determinizations: int, limit: int | None = None,
                  completions: int = 1) -> list[float]:
    """Each option's value for seat in a few determinizations (greedy's one-step look)."""
    return prior_values(state, seat, legal, rng, determinizations, limit, completions)[0]


def prior_values(state: State, seat: int, legal: list[Action], rng: random.Random,
                 determinizations: int, limit: int | None = None,
                 completions: int = 1) -> tuple[list[float], int]:
    """Each option's value for seat in a few determinizations, and the evaluations made.

    After the option, the seat's own remaining steps (the rest of the action it builds, while
    its step-by-step frame is open: `building`) are played at random by the playout policy,
    `completions` times, and the best completion counts: the seat will choose those steps
    itself, by search, not at random. Then everyone
    plays until the position is quiet (no window open; `settle`), from the same random numbers
    whatever the option and completion (a claim is judged by the same challengers); the
    position is then scored by the ruleset's evaluation, or, without it, by a short random
    look-ahead. Every option meets the same determinizations. limit bounds the evaluations:
    past it fewer completions, then fewer determinizations are made, then only some options
    (drawn at random) are tried and the others get the mean of those tried, so a decision with
    many options stays within its budget.
    """
    determinizations, tried_options, completions = prior_work(len(legal), determinizations,
                                                              limit, completions)
    chosen: range | list[int] = range(len(legal))
    if tried_options < len(legal):
        chosen = sorted(rng.sample(range(len(legal)), tried_options))
    seeds = [rng.getrandbits(63) for _ in range(determinizations)]
    dealer = Dealer(state, seat)
    dets = [dealer.deal_from(k) for k in seeds]
    hinted = state.game.hints.evaluate is not None
    tried: dict[int, float] = {}
    work = 0
    for i in chosen:
        text = legal[i].text
        total = 0.0
        for k, det in zip(seeds, dets, strict=True):
            best: float | None = None
            for j in range(completions):
                s = det.clone()
                options = by_text(s)
                if text not in options:
                    break
                work += 1
                rng.seed(k + j)  # common random numbers across the options
                try:
                    s.apply_unchecked(options[text])
                    steps = 0
                    while building(s, seat) and steps < OWN_STEPS:
                        s.apply_unchecked(policy(s, s.legal_actions(), rng.random))
                        steps += 1
                    # then until no action is half built and no window open (a claim is
                    # judged once its challenge is answered), the others as in every other
                    # completion and option
                    rng.seed(k)
                    settle(s, rng)
                    if hinted or s.over:
                        value = values_of(s)[seat]
                    else:
                        value = playout(s, rng, LOOKAHEAD_WITHOUT_EVALUATION)[seat]
                except EvaluationLimitError:
                    value = 0.5
                best = value if best is None else max(best, value)
                if steps == 0:
                    break  # nothing of the seat's own was left to complete: no other way
            if best is not None:
                total += best
        tried[i] = total / len(dets)
    rest = sum(tried.values()) / len(tried)
    return [tried.get(i, rest) for i in range(len(legal))], work


def building(s: State, seat: int) -> bool:
    """Whether seat is still building the action it started (its step-by-step frame is open).

    Only that frame counts, not "seat decides again": a skip in a two-seat game gives seat the
    next turn at once, and its next turn is not part of the option being judged.
    """
    if s.over or not s.stack:
        return False
    top = s.stack[-1]
    return type(top) is BuildFrame and top.actor == seat


def prior_work(options: int, determinizations: int, limit: int | None,
               completions: int = 1) -> tuple[int, int, int]:
    """The determinizations prior_values deals, the options it tries and the completions it
    plays of each, within limit evaluations (their product is at most limit)."""
    if limit is None or options * determinizations * completions <= limit:
        return determinizations, options, completions
    completions = max(1, limit // (options * determinizations))
    if options * determinizations * completions <= limit:
        return determinizations, options, completions
    return max(1, limit // options), max(1, min(options, limit)), 1
