"""Racing windows: every eligible player answers without seeing the others' answers, then the
answers run in the order the window's tie rule gives, up to the first that closes it.

The players are still asked one at a time (a sequence of ordinary decisions, as every window
is), but an answer only goes into the window's frame (`WindowFrame.answers`); nothing of it
runs, is logged or is shown until everyone asked has answered. A world dealt for a seat's
search (`forget_others`) drops the answers of the other seats and asks those seats again, so
a bot's choice never depends on an answer it could not have seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import RuleRuntimeError
from .frames import NEXT, Answer, WindowFrame

if TYPE_CHECKING:
    from ..rules.game import CompiledAction, CompiledWindow
    from .fields import StateFields

CLOCKWISE, COUNTERCLOCKWISE, RANDOM = "clockwise", "counterclockwise", "random"


def keep_answer(frame: WindowFrame, act: CompiledAction, env: dict[str, Any]) -> None:
    """Keep a racing window's answer unseen until everyone asked has answered."""
    answers = frame.answers
    assert answers is not None  # only a racing window's frame comes here
    answers.append((env["actor"], act.index, env))
    frame.pending = NEXT  # the next player is asked, whatever the action's 'closes'


def ranked(s: StateFields, frame: WindowFrame, win: CompiledWindow) -> list[Answer]:
    """The answers in the tie rule's order: seat by seat from the first in line, clockwise or
    counterclockwise, or shuffled by the game's own generator (deterministic from the seed)."""
    answers = frame.answers or []
    if win.race == RANDOM:
        out = answers[:]
        for i in range(len(out) - 1, 0, -1):  # Fisher-Yates on the state's seeded stream
            j = s.rng_below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
    first = frame.opener
    if win.race_from is not None:
        s.at = rule = win.rule + ".race.from"
        first = win.race_from(s, {"opener": frame.opener})
        if first is None:
            raise RuleRuntimeError(rule, "'from' gave none: the tie rule needs the seat first "
                                   "in line (a player)")
    first = 0 if first is None else first  # a window without an opener: seat 0 first
    n = s.n
    step = 1 if win.race == CLOCKWISE else -1
    return sorted(answers, key=lambda a: (a[0] - first) * step % n)


def run_answers(s: StateFields, frame: WindowFrame, win: CompiledWindow) -> None:
    """Run a racing window's answers in the tie rule's order, each only if its action's `when`
    still holds (an earlier answer may have taken what it needed), up to the first one that
    closes the window; the later ones lost the race and run nothing."""
    order = ranked(s, frame, win)
    frame.answers = []
    g = s.game
    for seat, index, env in order:
        act = g.actions[index]
        s.at = act.rule + ".when"
        s.memo_since = None  # effects ran: what was kept may no longer hold
        if not act.when(s, {"actor": seat, "opener": frame.opener}):
            continue
        s.at = act.r_effects
        act.effects(s, env)
        if s.over or act.closes:
            return


def forget_others(s: StateFields, seat: int) -> None:
    """In a world dealt for seat (s, a copy), the answers other seats gave to an open racing
    window are dropped and those seats are asked again, after everyone not yet asked: seat
    never saw them, so its search must not read them."""
    for frame in s.stack:
        if not isinstance(frame, WindowFrame) or not frame.answers:
            continue
        dropped = [p for p, _, _ in frame.answers if p != seat]
        if not dropped:
            continue
        frame.answers = [a for a in frame.answers if a[0] == seat]
        gone = set(dropped)
        asked = [p for p in frame.order[:frame.idx] if p not in gone]
        frame.order = asked + frame.order[frame.idx:] + dropped
        frame.idx = len(asked)
