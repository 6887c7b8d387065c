"""Multiple-observer ISMCTS (Cowling, Powley and Whitehouse 2012): one tree per seat.

Every seat's tree follows the game as that seat sees it (`views.Viewer`): its own actions by
their text, the others' steps by what it observes of them. A seat's choices are selected by UCB1
in its own tree, from the statistics of its own information sets, so each opponent answers a
placement by what it can see of it (the claim, not the cards) and places by what it holds: the
search weighs a bluff against opponents who call sensibly, and a call against opponents who
bluff sensibly. Results are in [0, 1] per player, shared by partners (`playout`), and each node
keeps the result of the seat whose tree holds it. A forced step makes no node: nothing is
chosen there.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..actions import Action
from ..errors import EvaluationLimitError
from ..runtime.eventlog import EventLog
from ..runtime.frames import BuildFrame, WindowFrame
from ..runtime.state import State
from .playout import ANSWER_OPTIONS, answer_played, playout
from .views import Viewer

WIDEN_FROM = 2  # root options searched from the start when a prior ranks them
WIDEN_SCALE = 4  # one more each time the root's iterations pass 4, 12, 28, 60, 124, ...


# math.log(k) for k = 0, 1, 2, ... (0 unused): UCB1 asks the log of a child's availability for
# every child at every step, and a look-up costs half the call; the same floats, so the same
# choices. Grown as the iterations of one search grow (_more_logs).
_LOGS: list[float] = [0.0]


def _more_logs(most: int) -> None:
    """Grow _LOGS to hold math.log(k) for every k up to twice most."""
    _LOGS.extend(math.log(k) for k in range(len(_LOGS), 2 * most + 1))


class Node:
    """The statistics of one edge of a seat's tree: an action, or a step as the seat saw it."""

    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 0  # iterations in which this action was legal where its parent was reached
        self.total = 0.0  # summed results of the tree's seat


class Forest:
    """The trees of every seat for one decision of `seat`, and the search's settings."""

    __slots__ = ("roots", "seat", "viewer", "exploration", "depth", "bias", "order", "runs",
                 "guided", "ids", "others", "iterations")

    def __init__(self, s: State, seat: int, exploration: float, depth: int,
                 viewer: Viewer | None = None, guided: float = 0.0):
        self.roots = [Node() for _ in range(s.n)]
        self.seat = seat
        self.viewer = viewer if viewer is not None else Viewer(s)
        self.exploration = exploration
        self.depth = depth
        # progressive bias at the deciding seat's root: each option's prior value, fading as
        # 1 / (visits + 1); the root expands its options best first
        self.bias: dict[str, float] | None = None
        self.order: dict[str, int] | None = None  # each root option's rank by the bias
        self.runs = 0  # iterations through the deciding seat's root
        self.iterations = 0  # every iteration of these trees (no node is available more often)
        self.guided = guided  # the playouts' chance of a look-ahead step (`playout`)
        # each step key seen, by a number: a key is a deep tuple (the events as a seat read
        # them), hashed and compared afresh at each lookup; numbered once per step, the seats'
        # trees look up a number (an action's text, a str, never equals one)
        self.ids: dict[Any, int] = {}
        # per seat, the other seats: those whose trees follow its steps by their keys
        self.others = [tuple(q for q in range(s.n) if q != p) for p in range(s.n)]

    def key_id(self, key: Any) -> int:
        """The number of a step key (`views.Viewer.step_keys`), the same for equal keys."""
        ids = self.ids
        kid = ids.get(key)
        if kid is None:
            kid = ids[key] = len(ids)
        return kid

    def guide(self, bias: dict[str, float], rng: random.Random) -> None:
        """Bias the root by bias (option text -> value) and unprune its options best first.

        Progressive unpruning (Chaslot et al. 2008): the root searches only its best options
        by the bias, more as its iterations grow (WIDEN_FROM, then one more each time they
        double), so a few hundred iterations learn how the others answer the likeliest options
        instead of trying each of thirty a few times. Equal values are ranked at random (the
        engine's order of the options says nothing of their worth).
        """
        self.bias = bias
        ranked = sorted(bias, key=lambda text: (-bias[text], rng.random()))
        self.order = {text: rank for rank, text in enumerate(ranked)}
        self.runs = sum(c.visits for c in self.roots[self.seat].children.values())

    def iterate(self, s: State, rng: random.Random) -> None:
        """One iteration on the determinization s: select, expand, play out, back up."""
        roots = self.roots
        n = len(roots)
        cur = roots[:]
        paths: list[list[Node]] = [[] for _ in range(n)]
        root = roots[self.seat]
        bias = self.bias
        viewer = self.viewer
        c = self.exploration
        rnd = rng.random
        sqrt = math.sqrt
        order = self.order
        ids = self.ids
        others = self.others
        self.runs += 1
        self.iterations += 1
        logs = _LOGS
        if len(logs) <= self.iterations:
            _more_logs(self.iterations)
        forced = 0  # forced steps on the way down: they count in the playout's depth
        # the steps other seats saw, as (actor, key number, or per seat its number): a seat
        # follows them in its tree only when it is about to choose (walked[q]: how many it
        # followed), so no seat walks past its last choice, and the step that expands a node
        # is never keyed (nothing chooses after it)
        steps: list[tuple[int, Any]] = []
        walked = [0] * n
        try:
            while not s.over:
                stack = s.stack
                if stack:  # who decides (State.decider written out: the game is not over)
                    top = stack[-1]
                    p = top.actor if type(top) is BuildFrame else top.order[top.idx]
                else:
                    top = None
                    p = s.turn
                legal = s.listed()  # read only (the root's is filtered into a new list)
                events = s.log
                logged = events._n if type(events) is EventLog else 0  # len(), no call
                expanded = False
                # an answer tried as the playouts answer is played while it is tried (else the
                # action is played below); a failure playing it is raised once it is noted
                answered = False
                failed: EvaluationLimitError | None = None
                if len(legal) == 1:
                    a = legal[0]  # forced: no node, the seat stays where it is in its tree
                    forced += 1
                else:
                    node = cur[p]
                    if walked[p] < len(steps):  # follow the others' steps since its last choice
                        for actor, kid in steps[walked[p]:]:
                            if actor != p:
                                if type(kid) is list:
                                    kid = kid[p]
                                at = node.children
                                seen = at.get(kid)
                                if seen is None:
                                    seen = at[kid] = Node()
                                node = seen
                        walked[p] = len(steps)
                    children = node.children
                    biased = None
                    if node is root:
                        biased = bias
                        if order is not None:
                            k = WIDEN_FROM + int(math.log2(1 + self.runs / WIDEN_SCALE))
                            legal = [a for a in legal if order.get(a.text, 0) < k] or legal
                    untried: list[Action] = []
                    best: Node | None = None
                    best_action = legal[0]
                    best_score = -1.0
                    get = children.get
                    for a in legal:
                        child = get(a.text)
                        if child is None:
                            untried.append(a)
                            continue
                        avail = child.avail = child.avail + 1
                        if untried:
                            continue  # expanding: no need to score the others
                        v = child.visits
                        score = child.total / v + c * sqrt(logs[avail] / v)
                        if biased is not None:
                            score += biased[a.text] / (v + 1)
                        if score > best_score:
                            best, best_action, best_score = child, a, score
                    if untried:
                        if biased is not None:
                            a = max(untried, key=lambda u: biased[u.text])  # ties: the earlier
                        elif (p != self.seat and 1 < len(untried) <= ANSWER_OPTIONS
                              and type(top) is WindowFrame):
                            a, failed = answer_played(s, untried)  # as the playouts would
                            answered = True
                        elif len(untried) > 1:
                            a = untried[int(rnd() * len(untried))]
                        else:
                            a = untried[0]
                        best = Node()
                        best.avail = 1
                        children[a.text] = best
                        expanded = True
                    else:
                        a = best_action
                    assert best is not None
                    cur[p] = best
                    paths[p].append(best)
                if not answered:
                    s.play_listed(a)  # an action of s.listed()
                elif failed is not None:
                    raise failed
                if expanded:
                    break
                keys = viewer.step_keys(s, logged, top, p, a)
                if keys is not None:
                    key = keys[0]
                    if key is keys[-1]:  # every seat reads the step alike ([key] * n): the usual
                        kid = ids.get(key)
                        if kid is None:
                            kid = ids[key] = len(ids)
                        steps.append((p, kid))
                    else:
                        kids = [0] * n
                        for q in others[p]:
                            key = keys[q]
                            kid = ids.get(key)
                            if kid is None:
                                kid = ids[key] = len(ids)
                            kids[q] = kid
                        steps.append((p, kids))
            # a forced step is a step of the imagined game, in the tree or after it (where a
            # search with one tree would have played it): the depth counts both alike
            depth = self.depth
            # only the seats that chose in their trees on the way down back a result up: the
            # others' standings are not worked out
            values = playout(s, rng, depth - forced if forced < depth else 0,
                             guided=self.guided, seats=[q for q in range(n) if paths[q]])
        except EvaluationLimitError:
            values = [0.5] * n  # the ruleset's limits stopped this imagined game
        for q in range(n):
            value = values[q]
            for node in paths[q]:
                node.visits += 1
                node.total += value

    def best(self, legal: list[Action]) -> Action:
        """The deciding seat's most visited option (then the best mean; ties: the earlier)."""
        root = self.roots[self.seat]
        bias = self.bias
        best, best_key = legal[0], (-1, -1.0)
        for a in legal:
            child = root.children.get(a.text)
            if child is None or child.visits == 0:
                continue
            mean = child.total / child.visits
            if bias is not None:
                mean += bias[a.text] / (child.visits + 1)
            key = (child.visits, mean)
            if key > best_key:
                best, best_key = a, key
        return best

    def advance(self, before: State, action: Action, after: State, forced: bool) -> bool:
        """Move every root along the deciding seat's step from before to after (a forced step
        moves only the others', as in an iteration); False when the seat's tree never tried
        the action (nothing to keep)."""
        seat = self.seat
        child: Node | None = self.roots[seat]
        if not forced:
            child = self.roots[seat].children.get(action.text)
            if child is None or child.visits == 0:
                return False
        assert child is not None
        top = before.stack[-1] if before.stack else None
        logged = len(before.log) if type(before.log) is EventLog else 0
        keys = self.viewer.step_keys(after, logged, top, seat, action)
        for q in range(len(self.roots)):
            if q == seat:
                self.roots[q] = child
            elif keys is not None:
                self.roots[q] = self.roots[q].children.get(self.key_id(keys[q])) or Node()
        self.bias = self.order = None
        return True

