"""What the state's decision stack holds (an action being built, a reaction window) and a
finished game's outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MASK = (1 << 64) - 1  # the splitmix64 generator's 64 bits
CLOSE, NEXT = "close", "next"  # what a window does once its answer is applied
Answer = tuple[int, int, dict[str, Any]]  # a racing window's answer: seat, action, parameters


@dataclass(frozen=True)
class Outcome:
    """How a game ended: each seat's score, the winners and the reason (a text key)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str


class WindowFrame:
    """A reaction window: players asked one at a time, in order, until one closes it (a
    racing window asks them all and keeps their answers, unseen, in `answers`)."""

    __slots__ = ("win", "order", "idx", "opener", "pending", "answers")

    def __init__(self, win: int, order: list[int], opener: int | None, race: bool = False):
        self.win = win
        self.order = order
        self.idx = 0
        self.opener = opener
        self.pending: str | None = None
        # a racing window's answers so far: (seat, action index, its parameters), in the order
        # given; None in an ordinary window (rulekit.runtime.racing)
        self.answers: list[Answer] | None = [] if race else None

    def copy(self) -> WindowFrame:
        # through __init__: a class compiled by mypyc (python -m rulekit.native build) makes
        # no instance without it
        f = WindowFrame(self.win, self.order, self.opener)
        f.idx, f.pending = self.idx, self.pending
        answers = self.answers  # each answer is never changed once given: shared
        f.answers = None if answers is None else answers[:]
        return f

    def key(self) -> tuple[Any, ...]:
        answers = None if self.answers is None else tuple(
            (p, a, tuple(sorted((k, _freeze(v)) for k, v in env.items() if "#" not in k)))
            for p, a, env in self.answers)
        return ("w", self.win, tuple(self.order), self.idx, self.opener, self.pending, answers)


class BuildFrame:
    """An action being put together one parameter (and one card) at a time."""

    __slots__ = ("action", "actor", "env", "pidx", "picked")

    def __init__(self, action: int, actor: int, env: dict[str, Any]):
        self.action = action
        self.actor = actor
        self.env = env
        self.pidx = 0
        self.picked: list[int] = []

    def copy(self) -> BuildFrame:
        f = BuildFrame(self.action, self.actor, self.env.copy())  # __init__: see WindowFrame
        f.pidx, f.picked = self.pidx, self.picked[:]
        return f

    def key(self) -> tuple[Any, ...]:
        env = tuple(sorted((k, _freeze(v)) for k, v in self.env.items() if "#" not in k))
        return ("b", self.action, self.actor, env, self.pidx, tuple(self.picked))


def _freeze(v: Any) -> Any:
    return tuple(v) if isinstance(v, list) else v
