"""Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley, Whitehouse 2012).

Each iteration deals a determinization from the bot's information set (`rulekit.resample`),
descends the tree with UCB1 over the options legal in that determinization (counting how often
each was available), expands one node, plays out with the playout policy (cut at a depth and
scored with the ruleset's evaluation), and backs up every player's result in [0, 1]. Nodes are
keyed by action text, the key that stays stable across determinizations; a step of a
step-by-step action, a reaction-window answer and a secret choice are each just a decision node,
and the engine's own randomness is sampled by reseeding it in every determinization.
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action
from ..errors import EvaluationLimitError
from ..runtime.observe import resample
from ..runtime.state import State
from .greedy import option_values
from .playout import decision_rng, playout

EXPLORATION = 0.5  # UCB1's constant, for results in [0, 1]
# playout decisions before the ruleset's evaluation scores the game (then, at most SETTLE_STEPS
# more, until no action is half built and no window open): short playouts leave the evaluation
# less noise to see through and give several times the iterations of long ones
DEPTH_WITH_EVALUATION = 10
PRIOR_DETERMINIZATIONS = 2  # deals for the greedy values of the root options (the prior)
PRIOR_SHARE = 0.5  # with a time budget, the prior may use at most this share of it
DEPTH_WITHOUT_EVALUATION = 200  # without one, play further: only the outcome says much


class Node:
    """The statistics of one action taken after a sequence of actions (an information set edge)."""

    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self, players: int):
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * players  # summed results per player


class IsmctsBot:
    """Chooses by SO-ISMCTS with a budget of iterations or of seconds per decision."""

    def __init__(self, seat: int, seed: int, iterations: int | None = None,
                 seconds: float | None = None, name: str = "ismcts", depth: int | None = None,
                 exploration: float = EXPLORATION, reuse: int = 1, prior: float = 0.0,
                 prior_determinizations: int = PRIOR_DETERMINIZATIONS):
        if (iterations is None) == (seconds is None):
            raise ValueError("give exactly one budget: iterations or seconds")
        if reuse < 1 or exploration < 0 or prior < 0 or prior_determinizations < 1:
            raise ValueError("reuse and prior_determinizations must be 1 or more, "
                             "exploration and prior 0 or more")
        self.name = name
        self.seat = seat
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.exploration = exploration
        self.reuse = reuse  # iterations played on each determinization (cloned each time)
        # progressive bias at the root: the greedy bot's value of each option, times prior,
        # added to its score and fading as 1 / (visits + 1); the root expands best first
        self.prior = prior
        self.prior_determinizations = prior_determinizations
        self.last_iterations = 0  # how many iterations the last decision ran

    def choose(self, state: State) -> Action:
        """The most visited option after the search (forced moves cost nothing)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        seat = self.seat
        rng = decision_rng("ismcts", self.seed, seat, state.decisions)
        depth = self.depth
        if depth is None:
            depth = (DEPTH_WITH_EVALUATION if state.game.hints.evaluate is not None
                     else DEPTH_WITHOUT_EVALUATION)
        root = Node(state.n)
        bias: dict[str, float] | None = None
        # the budget covers the prior too: a decision with many options once took 7x its time
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        if self.prior > 0:
            guide_until = None if self.seconds is None else start + self.seconds * PRIOR_SHARE
            values = option_values(state, seat, legal, random.Random(rng.getrandbits(63)),
                                   self.prior_determinizations, guide_until)
            bias = {a.text: self.prior * v for a, v in zip(legal, values, strict=True)}
        done = 0
        reuse = self.reuse
        det = state
        while True:
            if deadline is None:
                if done >= (self.iterations or 0):
                    break
            elif done > 0 and time.perf_counter() >= deadline:
                break
            if reuse == 1:
                s = resample(state, seat, rng.getrandbits(63))
            else:
                if done % reuse == 0:
                    det = resample(state, seat, rng.getrandbits(63))
                s = det.clone()
                # the engine's own randomness is hidden from every seat: draw it afresh, so
                # the iterations sharing a deal still see different chance events
                s.rng = rng.getrandbits(64)
            self._iterate(root, s, rng, depth, bias)
            done += 1
        self.last_iterations = done
        best, best_key = legal[0], (-1, -1.0)
        for a in legal:  # ties go to the earlier action: the engine's order is stable
            child = root.children.get(a.text)
            if child is None or child.visits == 0:
                continue
            mean = child.total[seat] / child.visits
            if bias is not None:
                mean += bias[a.text] / (child.visits + 1)
            key = (child.visits, mean)
            if key > best_key:
                best, best_key = a, key
        return best

    def _iterate(self, root: Node, s: State, rng: random.Random, depth: int,
                 bias: dict[str, float] | None = None) -> None:
        """One iteration on the determinization s: select, expand, play out, back up."""
        path: list[Node] = []
        node = root
        rnd = rng.random
        log = math.log
        sqrt = math.sqrt
        c = self.exploration
        try:
            while not s.over:
                legal = s.legal_actions()
                decider = s.decider
                assert decider is not None  # the game is not over
                children = node.children
                untried = []
                best: Node | None = None
                best_action: Action | None = None
                best_score = -1.0
                for a in legal:
                    child = children.get(a.text)
                    if child is None:
                        untried.append(a)
                        continue
                    child.avail += 1
                    if untried:
                        continue  # expanding: no need to score the others
                    score = (child.total[decider] / child.visits
                             + c * sqrt(log(child.avail) / child.visits))
                    if bias is not None and node is root:
                        score += bias[a.text] / (child.visits + 1)
                    if score > best_score:
                        best, best_action, best_score = child, a, score
                if untried:
                    if bias is not None and node is root:
                        a = max(untried, key=lambda u: bias[u.text])  # ties: the earlier
                    elif len(untried) > 1:
                        a = untried[int(rnd() * len(untried))]
                    else:
                        a = untried[0]
                    child = Node(s.n)
                    child.avail = 1
                    children[a.text] = child
                    path.append(child)
                    s.apply_unchecked(a)
                    break
                assert best is not None and best_action is not None
                path.append(best)
                s.apply_unchecked(best_action)
                node = best
            values = playout(s, rng, depth)
        except EvaluationLimitError:
            values = [0.5] * s.n  # the ruleset's limits stopped this imagined game
        for n in path:
            n.visits += 1
            t = n.total
            for p, v in enumerate(values):
                t[p] += v

