"""The search bot: multiple-observer ISMCTS (`trees`) with a budget of work per decision.

Each iteration deals a determinization from the bot's information set (`rulekit.resample`,
shaped by the ruleset's beliefs: `beliefs`),
descends every seat's tree (each seat choosing in its own), expands one node, plays out with the
playout policy (cut at a depth and scored with the ruleset's evaluation) and backs up every
player's result in [0, 1]. The budget is a number of iterations, so the bot plays the same on
any machine and the same seed and state give the same choice; a wall-clock cap is only a safety
net for a person waiting on a pathologically slow ruleset. A decision with one option, or whose
options all lead to the same state, costs no search. The steps of one action the bot builds
(cards picked one at a time, then a value) continue the trees of its first step: its own steps
teach it nothing new, so what it learnt stays valid.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..actions import Action
from ..errors import RulekitError
from ..runtime.frames import BuildFrame
from ..runtime.knowledge import untrack
from ..runtime.racing import forget_others
from ..runtime.state import State
from .beliefs import Dealer
from .greedy import prior_values
from .playout import decision_rng
from .trees import Forest

EXPLORATION = 0.5  # UCB1's constant, for results in [0, 1]
# playout decisions before the ruleset's evaluation scores the game (then, at most SETTLE_STEPS
# more, until no action is half built and no window open): short playouts leave the evaluation
# less noise to see through and give several times the iterations of long ones
DEPTH_WITH_EVALUATION = 10
DEPTH_WITHOUT_EVALUATION = 200  # without one, play further: only the outcome says much
PRIOR_DETERMINIZATIONS = 2  # deals for the greedy values of the root options (the prior)
PRIOR_COMPLETIONS = 4  # ways the prior completes the rest of an action the bot builds
# the prior's work (one option tried in one deal counts as one iteration) takes at most this
# share of an iteration budget, or at most PRIOR_WORK_TIMED evaluations with a time budget
PRIOR_SHARE = 0.25
PRIOR_WORK_TIMED = 64
# a decision's work: OPTION_SHARE of the budget per option, at least MIN_SHARE of it, at most
# all of it (decision_work)
OPTION_SHARE = 0.2
MIN_SHARE = 0.25
# a step continuing the bot's own action was planned at its first step: it may use this share
# of a fresh decision's work (the bot building a meld card by card thinks mostly once, and a
# person waits for every step of every bot), of which it searches what its prior and the
# iterations kept from the step before leave, and at least KEEP_SHARE of its work afresh
CONTINUE_SHARE = 0.5
KEEP_SHARE = 0.25
PROGRESS_EVERY = 32  # iterations between two calls of on_progress
CAP_EVERY = 16  # iterations between two looks at the wall clock, when there is a cap

Progress = Callable[[int, int], None]


class IsmctsBot:
    """Chooses by MO-ISMCTS with a budget of iterations (or of seconds) per decision.

    `on_progress`, when set, is called as on_progress(done, planned) every few iterations of a
    search (planned is 0 with a time budget), for a driver to show that the bot is thinking.
    """

    def __init__(self, seat: int, seed: int, iterations: int | None = None,
                 seconds: float | None = None, name: str = "ismcts", depth: int | None = None,
                 exploration: float = EXPLORATION, reuse: int = 1, prior: float = 0.0,
                 prior_determinizations: int = PRIOR_DETERMINIZATIONS,
                 cap: float | None = None, guided: float = 0.0, beliefs: bool = True):
        if (iterations is None) == (seconds is None):
            raise ValueError("give exactly one budget: iterations or seconds")
        if reuse < 1 or exploration < 0 or prior < 0 or prior_determinizations < 1:
            raise ValueError("reuse and prior_determinizations must be 1 or more, "
                             "exploration and prior 0 or more")
        if (iterations is not None and iterations < 1) or (cap is not None and cap <= 0):
            raise ValueError("iterations must be 1 or more and a cap above 0")
        if not 0.0 <= guided <= 1.0:
            raise ValueError("guided is a chance: from 0 to 1")
        self.name = name
        self.seat = seat
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.cap = cap  # wall seconds: a safety net for people, never reached by a sane ruleset
        self.depth = depth
        self.exploration = exploration
        self.reuse = reuse  # iterations played on each determinization (cloned each time)
        # progressive bias at the root: the greedy bot's value of each option, times prior,
        # added to its score and fading as 1 / (visits + 1); the root expands best first
        self.prior = prior
        self.prior_determinizations = prior_determinizations
        self.guided = guided  # the playouts' chance of a look-ahead step (`playout.playout`)
        self.beliefs = beliefs  # whether its worlds follow the ruleset's `bots.believe`
        self.on_progress: Progress | None = None
        self.last_iterations = 0  # iterations the last decision ran
        self.last_prior = 0  # options tried by the last decision's prior (work, as iterations)
        self.last_kept = 0  # iterations kept from the decision before (its own action going on)
        # the trees to go on with and the state they expect (the bot's own half-built action)
        self._plan: tuple[int, tuple[Any, ...], Forest] | None = None

    def choose(self, state: State) -> Action:
        """The most visited option after the search (forced moves cost nothing)."""
        legal = state.legal_actions()
        self.last_iterations = self.last_prior = self.last_kept = 0
        kept = self._kept(state)
        if len(legal) == 1:
            if kept is not None:
                self._go_on(kept, state, legal[0], forced=True)
            return legal[0]
        if same_outcome(state, legal):
            return legal[0]  # nothing the seat chooses changes the game: no search
        seat = self.seat
        rng = decision_rng("ismcts", self.seed, seat, state.decisions)
        depth = self.depth
        if depth is None:  # the ruleset's horizon, else by whether it has an evaluation
            hints = state.game.hints
            depth = hints.horizon
            if depth is None:
                depth = (DEPTH_WITH_EVALUATION if hints.evaluate is not None
                         else DEPTH_WITHOUT_EVALUATION)
        budget = self.iterations
        if kept is None:
            forest = Forest(state, seat, self.exploration, depth, guided=self.guided)
        else:
            forest = kept
            self.last_kept = sum(c.visits for c in forest.roots[seat].children.values())
        work = None if budget is None else decision_work(budget, len(legal))
        if work is not None and kept is not None:
            work = max(1, math.ceil(work * CONTINUE_SHARE))
        if self.prior > 0:
            limit = PRIOR_WORK_TIMED if work is None else min(work - 1, int(work * PRIOR_SHARE))
            if limit >= 1:
                guide = random.Random(rng.getrandbits(63))
                values, self.last_prior = prior_values(
                    state, seat, legal, guide, self.prior_determinizations, limit,
                    PRIOR_COMPLETIONS)
                forest.guide({a.text: self.prior * v for a, v in zip(legal, values,
                                                                     strict=True)}, guide)
        todo = None
        if work is not None:
            # a step continuing the bot's own action has the iterations kept from the step
            # before: the search tops them up (at least a share of the work, run afresh)
            todo = max(work - self.last_prior - self.last_kept, math.ceil(work * KEEP_SHARE))
        with collector_paused():
            self.last_iterations = self._search(forest, state, rng, todo)
        best = forest.best(legal)
        self._go_on(forest, state, best, forced=False)
        return best

    def _search(self, forest: Forest, state: State, rng: random.Random, todo: int | None) -> int:
        """Run todo iterations (or until the time budget is spent); how many ran."""
        seat = self.seat
        now = time.perf_counter
        deadline = None if self.seconds is None else now() + self.seconds
        cap_at = None if self.cap is None else time.monotonic() + self.cap
        progress = self.on_progress
        planned = todo or 0
        reuse = self.reuse
        det = state
        dealer = Dealer(state, seat, self.beliefs)
        done = 0
        while True:
            if todo is not None:
                if done >= todo:
                    break
            elif done > 0 and now() >= deadline:  # type: ignore[operator]
                break
            if (cap_at is not None and done and done % CAP_EVERY == 0
                    and time.monotonic() >= cap_at):
                break  # a person is waiting: the ruleset is far slower than any bundled one
            # an imagined world keeps no record of what seats are told in it (`untrack`):
            # the search reads none, and a record costs at every card moved
            if reuse == 1:
                s = dealer.deal(rng)
                untrack(s)
            else:
                if done % reuse == 0:
                    det = dealer.deal(rng)
                    untrack(det)
                    det.list_for_clones()  # listed once for the iterations sharing the deal
                # the deal's last iteration plays on the deal itself (a copy of it would be
                # the same state: the listing and what it kept are copied as they are)
                if done % reuse != reuse - 1:
                    s = det.clone()
                else:
                    s = det
                    s.at = ""  # as a copy's
                # the engine's own randomness is hidden from every seat: draw it afresh, so
                # the iterations sharing a deal still see different chance events
                s.rng = rng.getrandbits(64)
            forest.iterate(s, rng)
            done += 1
            if progress is not None and done % PROGRESS_EVERY == 0:
                progress(done, planned)
        if progress is not None:
            progress(done, planned)
        return done

    def _kept(self, state: State) -> Forest | None:
        """The trees of the decision before, when state is where the bot's own half-built
        action went on from it (nothing new to know); else None."""
        plan, self._plan = self._plan, None
        if plan is None or not state.stack:
            return None
        top = state.stack[-1]
        decisions, key, forest = plan
        if (type(top) is not BuildFrame or top.actor != self.seat
                or state.decisions != decisions or state.key() != key):
            return None
        return forest

    def _go_on(self, forest: Forest, state: State, action: Action, forced: bool) -> None:
        """Keep the trees for the next step when the action leaves the bot's own action half
        built (its next decision is then the next step)."""
        after = state.clone()
        try:
            after.apply_unchecked(action)
        except RulekitError:
            return  # the driver will meet the failure itself
        top = after.stack[-1] if after.stack else None
        if (type(top) is BuildFrame and top.actor == self.seat
                and forest.advance(state, action, after, forced)):
            self._plan = (after.decisions, after.key(), forest)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a search, then turn it on again (unless it
    was off already). A search makes and drops hundreds of thousands of containers (states,
    lists, tree nodes) that hold no cycles, so the collector's passes over them free nothing;
    they cost a few percent of the search. What a cycle holds is freed once it is on again."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def decision_work(budget: int, options: int) -> int:
    """The iterations (prior included) a decision with so many options may use of a budget:
    OPTION_SHARE of the budget per option, at least MIN_SHARE of it and at most all of it.
    Two options need fewer samples than thirty: a window answered in turn by several bots is
    the sum of their searches, and a person waits for all of it. A share, not a number of
    iterations: a level with twice the budget searches twice as much in every decision, so
    the levels differ in a two-option call as much as in a thirty-option placement."""
    return min(budget, max(math.ceil(budget * MIN_SHARE),
                           math.ceil(budget * OPTION_SHARE * options)))


def same_outcome(state: State, legal: list[Action]) -> bool:
    """Whether every option leads to the same state (apart from the record of the actions
    taken): then nothing the seat chooses changes the game, for it or anyone else."""
    first = None
    seat = state.decider
    for a in legal:
        t = state.clone()
        if seat is not None:
            forget_others(t, seat)  # the others' unseen answers to a race decide nothing here
        try:
            t.apply_unchecked(a)
        except RulekitError:
            return False
        t.history = state.history  # differs by construction: the action's own text
        key = t.key()
        if first is None:
            first = key
        elif key != first:
            return False
    return True
