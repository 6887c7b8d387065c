"""Scripted strategies a person might play, written for any ruleset (benchmarks/gauntlet.py).

Each is a player with the bots' interface (`choose(state)` returns one of the legal actions) and
reads only what its seat may know: the legal actions and the rules' declarations (which actions
answer a window, which take cards, under what condition), never a hidden card.

What a window's "pass" is, generically: the engine asks a window's players one at a time and a
ruleset must give every asked player an answer that is always legal (a player with no legal
answer is skipped, which would reveal their hand: docs/design.md, "Windows"). That answer is the
window action without a `when` (its condition is the constant true): SHAM's "let it go", Le
Ch'ami's "take it" or "accept". The answers with a condition (calling SHAM, a counter) are the
calls. A window whose answers are all unconditional (keep or bank) has no call to make.
"""

from __future__ import annotations

from collections.abc import Callable

import rulekit
from rulekit.actions import CHOOSE, DONE, PICK, START, Action
from rulekit.bots import make_bot

STRATEGIES: dict[str, str] = {
    "first": "always the first legal option",
    "call": "in a window, a conditional answer (call, challenge, counter); otherwise the first",
    "pass": "in a window, the always-legal answer (never call); otherwise the first",
    "most_cards": "the action taking the most cards, and as many cards as it allows",
    "greedy": "the greedy bot: the best immediate standing after a short look ahead",
}

SCRIPTED = ("first", "call", "pass", "most_cards")  # the others are bots of make_bot
UNBOUNDED = 1 << 30  # a cards parameter without a constant maximum: as many as there are


class Player:
    """A scripted strategy in one seat: `pick(state, legal)` names the option it takes."""

    def __init__(self, name: str, seat: int, pick: Callable[[rulekit.State, list[Action]],
                                                            Action]):
        self.name = name
        self.seat = seat
        self._pick = pick

    def choose(self, state: rulekit.State) -> Action:
        """One of state.legal_actions(), as the strategy plays it."""
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else self._pick(state, legal)


def is_conditional(game: rulekit.Game, action: Action) -> bool:
    """Whether a START action's rule has a condition (a `when` other than the constant true)."""
    return game.actions[action.value].when_text.strip().lower() != "true"


def has_call(game: rulekit.Game) -> bool:
    """Whether some window of the game has a conditional answer, a call to make or not."""
    return any(a.window is not None and a.when_text.strip().lower() != "true"
               for a in game.actions)


def window_answers(state: rulekit.State, legal: list[Action]) -> list[Action] | None:
    """The legal answers of the window asking now, or None when no window asks."""
    pending = state.pending
    if pending is None or pending.kind != "window":
        return None
    return [a for a in legal if a.kind == START]


def _first(state: rulekit.State, legal: list[Action]) -> Action:
    return legal[0]


def _call(state: rulekit.State, legal: list[Action]) -> Action:
    answers = window_answers(state, legal)
    if answers:
        calls = [a for a in answers if is_conditional(state.game, a)]
        return (calls or answers)[0]
    return legal[0]


def _pass(state: rulekit.State, legal: list[Action]) -> Action:
    answers = window_answers(state, legal)
    if answers:
        passes = [a for a in answers if not is_conditional(state.game, a)]
        return (passes or answers)[0]
    return legal[0]


def _cards_capacity(game: rulekit.Game, action: Action) -> int:
    """How many cards an action's cards parameters take at most (0: none)."""
    total = 0
    for p in game.actions[action.value].params:
        if p.kind == "cards":
            total += UNBOUNDED if p.max_const is None else p.max_const
    return total


def _most_cards(state: rulekit.State, legal: list[Action]) -> Action:
    # while putting an action together: one more card whenever a card may be picked (done only
    # when nothing more can be); to start: the action whose card parameters take the most
    picks = [a for a in legal if a.kind == PICK]
    if picks:
        return picks[0]
    starts = [a for a in legal if a.kind == START]
    if starts:
        best = max(starts, key=lambda a: _cards_capacity(state.game, a))
        if _cards_capacity(state.game, best) > 0:
            return best
    rest = [a for a in legal if a.kind in (CHOOSE, DONE)]
    return (rest or legal)[0]


_PICKS: dict[str, Callable[[rulekit.State, list[Action]], Action]] = {
    "first": _first, "call": _call, "pass": _pass, "most_cards": _most_cards,
}


def make_player(spec: str, game: rulekit.Game, seat: int, seed: int) -> object:
    """The player a spec names: a scripted strategy of STRATEGIES, or any bot of make_bot."""
    if spec in _PICKS:
        return Player(spec, seat, _PICKS[spec])
    return make_bot(spec, game, seat, seed)  # "greedy" is the bot of that name
