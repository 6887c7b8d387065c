"""What search bots share: results in [0, 1] per player, cut-off estimates, weighted playouts."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..actions import START, Action
from ..errors import EvaluationLimitError
from ..rules.game import RULE_FAILURES, failure
from ..runtime.state import State, WindowFrame


def _rank_shares(scores: tuple[int, ...] | list[int], lowest_wins: bool) -> list[float]:
    """Each player's place among the others in [0, 1]: 1 ahead of all, 0 behind all, ties half."""
    n = len(scores)
    if n == 1:
        return [0.5]
    out = []
    for p, mine in enumerate(scores):
        better = 0.0
        for q, other in enumerate(scores):
            if q != p:
                if (mine < other) if lowest_wins else (mine > other):
                    better += 1.0
                elif mine == other:
                    better += 0.5
        out.append(better / (n - 1))
    return out


def _share_in_teams(s: State, values: list[float]) -> list[float]:
    """In a game with teams, each player gets the mean of its team's values (a shared result)."""
    if not s.game.team_names:
        return values
    teams = s.team_of
    out = []
    for p in range(s.n):
        mates = [values[q] for q in range(s.n) if teams[q] == teams[p]]
        out.append(sum(mates) / len(mates))
    return out


def final_values(s: State) -> list[float]:
    """Each player's result of a finished game in [0, 1]: mostly winning, a little the rank."""
    o = s.outcome
    assert o is not None
    winners = set(o.winners)
    mode = s.game.winners_mode
    ranks = _rank_shares(o.scores, mode == "lowest")
    # a tie for the best score is a shared, lesser win; winners by a condition (a cooperative
    # game's "we won") each win outright
    win = 0.75 / len(winners) if winners and mode in ("highest", "lowest") else 0.75
    values = [(win if p in winners else 0.0) + 0.25 * ranks[p] for p in range(s.n)]
    return _share_in_teams(s, values)


def estimate(s: State, seats: Sequence[int] | None = None) -> list[float]:
    """Each player's standing in an unfinished game in [0, 1].

    The ruleset's `bots.evaluate` when it has one; otherwise the rank by the current scores
    (0.5 for everyone when the scores are equal, as in a cooperative game). seats: the seats
    whose standings are read (None: all); the ruleset's evaluation is asked of them (and of
    their partners) only, the others stand at 0.0.
    """
    g = s.game
    wanted: Sequence[int] = range(s.n)
    if seats is not None and g.hints.evaluate is not None and not g.hints.same_for_all:
        # an evaluation changes nothing (random() is refused outside effects): a seat's value
        # is the same whichever others are asked with it
        wanted = _with_partners(s, seats)
    return _share_in_teams(s, _evaluations(s, wanted))


def _with_partners(s: State, seats: Sequence[int]) -> list[int]:
    """seats and their partners (a seat's result is its team's mean), in seat order."""
    if not s.game.team_names:
        return sorted(seats)
    teams = s.team_of
    wanted = {teams[p] for p in seats}
    return [p for p in range(s.n) if teams[p] in wanted]


def _evaluations(s: State, seats: Sequence[int]) -> list[float]:
    """estimate's values before partners share them: the seats' (in order), others 0.0."""
    g = s.game
    # nothing changes while the players' standings are worked out: the state keeps what the
    # definitions they share work out (one seat's hand points, asked in every seat's standing),
    # as it does while it lists the legal actions
    kept = s.memo
    s.memo = {}
    try:
        if g.hints.evaluate is not None:
            if g.hints.same_for_all:  # p unread: one evaluation for every seat
                value = g.hints.evaluation(s, 0) or 0.0
                return [value] * s.n
            values = [0.0] * s.n
            if g.hints.by_team:  # partners stand alike: one evaluation for each team
                teams = s.team_of
                first: dict[int, int] = {}
                for p in range(s.n):
                    first.setdefault(teams[p], p)
                for p in seats:
                    if first[teams[p]] == p:
                        values[p] = g.hints.evaluation(s, p) or 0.0
                return [values[first[teams[p]]] for p in range(s.n)]
            for p in seats:
                values[p] = g.hints.evaluation(s, p) or 0.0
            return values
        scores = [g.score(s, p) for p in range(s.n)]
        return _rank_shares(scores, g.winners_mode == "lowest")
    finally:
        s.memo = kept


def values_of(s: State, seats: Sequence[int] | None = None) -> list[float]:
    """The result of a finished game, else the estimate of where it stands (of seats only,
    when given: see estimate)."""
    return final_values(s) if s.over else estimate(s, seats)


def value_of(s: State, seat: int) -> float:
    """values_of(s)[seat], working out only what seat's value needs when it can (the ruleset's
    evaluation of seat alone, without teams)."""
    g = s.game
    hints = g.hints
    evaluate = hints.evaluate
    if s.over or evaluate is None or g.team_names:
        return values_of(s)[seat]
    kept = s.memo
    s.memo = {}
    try:
        # BotHints.evaluation and Rules.guard written out: asked for every option a window's
        # answer weighs, two calls fewer each time; the same value, the same error
        try:
            v: float = evaluate(s, {"p": seat})
        except RULE_FAILURES as e:
            raise failure("bots.evaluate", e) from None
        return min(1.0, max(0.0, v / hints.out_of))
    finally:
        s.memo = kept


def policy(s: State, legal: list[Action], rnd: Callable[[], float]) -> Action:
    """The playout policy: a random legal action, weighted by the ruleset's `weight:` hints."""
    n = len(legal)
    if n == 1:
        return legal[0]
    g = s.game
    weights = g.hints.weights
    if not weights or legal[0].kind != START:
        return legal[int(rnd() * n)]
    known = g.hints.constant_weights  # most weights are numbers: no call for those
    if len(known) == len(weights):  # all of them: numbers 0 or more, nothing to guard
        get = known.get
        ws = [get(a.value, 1) for a in legal]
    else:
        ws = _weights(s, legal, weights, known)
    total = sum(ws)
    if total <= 0:
        return legal[int(rnd() * n)]
    x = rnd() * total
    for i, w in enumerate(ws):  # ws is as long as legal
        x -= w
        if x < 0:
            return legal[i]
    return legal[-1]


def _weights(s: State, legal: list[Action], weights: dict[int, Any],
             known: dict[int, int]) -> list[int]:
    """The playout weight of each of legal (START actions), expressions evaluated."""
    env: dict[str, Any] | None = None  # the names a weight expression sees, made when asked
    ws = []
    a = legal[0]
    try:
        for a in legal:
            w = known.get(a.value)
            if w is None:
                fn = weights.get(a.value)
                if fn is None:
                    w = 1
                else:
                    if env is None:
                        env = _weight_env(s)
                    w = fn(s, env)
            ws.append(w if w > 0 else 0)  # a negative weight at run time counts as 0
    except RULE_FAILURES as e:  # one guard for the listing, naming the weight that failed
        raise failure(f"actions.{a.name}.weight", e) from None
    return ws


def _weight_env(s: State) -> dict[str, Any]:
    """The names an action's weight expression sees: actor, and opener in a window."""
    env = {"actor": s.decider}
    if s.stack and isinstance(s.stack[-1], WindowFrame):
        env["opener"] = s.stack[-1].opener
    return env


SETTLE_STEPS = 60  # at most this many decisions past the depth to reach a quiet position
# a reaction window's answer among at most this many options is, in imagined games, the one a
# step of look-ahead prefers for the seat asked (answer), until the imagined game's first quiet
# position: calling a claim is worth it when it is false, and a random answer (or a ruleset's
# fixed weight) cannot tell; so a claim the search makes is called as a player who saw the
# cards would call it, and a true one let go, and the search learns what its claims cost.
# Later windows, and every other decision, stay random (weighted): answering costs a few
# copies of the state per option.
ANSWER_OPTIONS = 4


# a guided playout's decision among at most this many options may be the one a step of
# look-ahead prefers (`play_greedy`); with more (a bid of fourteen, a placement's total) each
# option's copy costs more than what the look-ahead tells apart, and the step stays random
GUIDE_OPTIONS = 8


def playout(s: State, rng: random.Random, depth: int, settle: int = SETTLE_STEPS,
            answers: int = ANSWER_OPTIONS, guided: float = 0.0,
            seats: Sequence[int] | None = None) -> list[float]:
    """Play s on with the playout policy for about depth decisions; the players' values.

    The cut waits for a quiet position (no action half built, no reaction window open), for at
    most `settle` more decisions: an estimate taken half-way through a placement or before its
    challenge is answered would score the option, not its consequences. A window's answer
    among at most `answers` options is the one a step of look-ahead prefers (`answer`). With
    `guided` above 0, each other decision among at most GUIDE_OPTIONS options is, with that
    chance, the one a step of look-ahead prefers for the seat deciding (`play_greedy`): the
    imagined players play like players, not at random. seats: the seats whose values are
    read (None: all; see estimate).
    """
    try:
        playout_steps(s, rng, depth, settle, answers, guided)
    except EvaluationLimitError:
        # the ruleset's own limits stopped this imagined game: no information either way
        return [0.5] * s.n
    return values_of(s, seats)


def playout_steps(s: State, rng: random.Random, depth: int, settle: int, answers: int,
                  guided: float = 0.0) -> None:
    """The moves of a playout: depth decisions, then at most settle more to a quiet position."""
    rnd = rng.random
    weighted = bool(s.game.hints.weights)
    limit = depth + settle
    steps = 0
    while not s.over:
        stack = s.stack
        if steps >= depth and (not stack or steps >= limit):
            break
        if not stack:
            # the first quiet position: what the search just did (a claim made in the tree,
            # or the action being built) is answered; later windows are answered at random,
            # which costs far less
            answers = 0
        elif answers and type(stack[-1]) is WindowFrame:
            legal = s.listed()
            if 1 < len(legal) <= answers:
                play_answer(s, legal)
            else:
                s.play_listed(policy(s, legal, rnd))
            steps += 1
            continue
        if guided:
            legal = s.listed()
            if 1 < len(legal) <= GUIDE_OPTIONS and rnd() < guided:
                play_greedy(s, legal, rnd)
            else:
                s.play_listed(policy(s, legal, rnd))
            steps += 1
            continue
        # the search's own steps: actions of s.listed(), not looked up again (play_listed);
        # policy's draw written out for what it does not weigh (a forced step, a step of an
        # action being built): a call fewer at most steps; and the list the step before left
        # is read where it is (State.listed without its call)
        kept = s._legal
        legal = s.listed() if kept is None else kept
        n = len(legal)
        if n == 1:
            s.play_listed(legal[0])
        elif weighted and legal[0].kind == START:
            s.play_listed(policy(s, legal, rnd))
        else:
            s.play_listed(legal[int(rnd() * n)])
        steps += 1


def settle(s: State, rng: random.Random, answers: int = ANSWER_OPTIONS) -> None:
    """Play s on until no action is half built and no window is open (at most SETTLE_STEPS
    decisions), windows answered as in playouts."""
    playout_steps(s, rng, 0, SETTLE_STEPS, answers)


def answer(s: State, options: list[Action]) -> Action:
    """The option with the best value for the seat deciding right after it is played (a call
    and what it settles, or the claim let go as it stands); ties: the earlier."""
    seat = s.decider
    assert seat is not None
    best, best_value = options[0], -1.0
    for a in options:
        t = s.clone()
        try:
            t.play_listed(a)
            value = value_of(t, seat)
        except EvaluationLimitError:
            value = 0.5
        if value > best_value:
            best, best_value = a, value
    return best


def play_answer(s: State, options: list[Action]) -> None:
    """Play on s the option answer(s, options) chooses, to the same state: the last option is
    tried on s itself and the others on copies, the chosen one's kept (one copy and one step
    fewer per window than trying each on a copy and playing the chosen one again)."""
    failed = answer_played(s, options)[1]
    if failed is not None:
        raise failed


def answer_played(s: State, options: list[Action]) -> tuple[Action, EvaluationLimitError | None]:
    """play_answer without raising: the option chosen, played on s, and the failure playing it
    met (None: s holds it; else s is as a failed step leaves it, and the caller raises)."""
    seat = s.decider
    assert seat is not None
    best_value = -1.0
    chosen = options[0]
    kept: State | EvaluationLimitError | None = None  # the chosen option's copy (or failure)
    tried: State | EvaluationLimitError
    for a in options[:-1]:
        t = s.clone()
        try:
            t.play_listed(a)
        except EvaluationLimitError as e:
            value, tried = 0.5, e  # raised again if this option is chosen, as playing it would
        else:
            value, tried = _value_or_half(t, seat), t
        if value > best_value:
            best_value, kept, chosen = value, tried, a
    last = options[-1]
    try:
        s.play_listed(last)
    except EvaluationLimitError as e:
        if kept is None or best_value < 0.5:
            return last, e  # the last option is chosen (ties: the earlier): it fails, as it would
    else:
        if _value_or_half(s, seat) > best_value:
            return last, None  # s holds the option chosen
    if isinstance(kept, EvaluationLimitError):
        return chosen, kept
    assert kept is not None
    s.become(kept)
    return chosen, None


def play_greedy(s: State, options: list[Action], rnd: Callable[[], float]) -> None:
    """Play on s the option with the best value for the seat deciding right after it, ties
    drawn at random (the engine's order of the options says nothing of their worth)."""
    seat = s.decider
    assert seat is not None
    best: list[State] = []
    best_value = -1.0
    for a in options:
        t = s.clone()
        try:
            t.play_listed(a)
        except EvaluationLimitError:
            continue  # the ruleset's limits stop this option: another is played
        value = _value_or_half(t, seat)
        if value > best_value:
            best, best_value = [t], value
        elif value == best_value:
            best.append(t)
    if not best:
        s.apply_unchecked(options[0])  # every option failed: the first raises as playing it would
        return
    s.become(best[int(rnd() * len(best))] if len(best) > 1 else best[0])


def _value_or_half(s: State, seat: int) -> float:
    """value_of(s, seat), or 0.5 when the ruleset's limits stop the evaluation."""
    try:
        return value_of(s, seat)
    except EvaluationLimitError:
        return 0.5


def decision_rng(kind: str, seed: int, seat: int, decisions: int) -> random.Random:
    """The generator of one decision of one bot: the same in every process (str seeds hash)."""
    return random.Random(f"rulekit-{kind}:{seed}:{seat}:{decisions}")


def by_text(s: State) -> dict[str, Action]:
    """The legal actions of s by their text (the key that is stable across determinizations)."""
    return {a.text: a for a in s.legal_actions()}
