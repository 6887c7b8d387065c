"""Why an action is refused: the checks the legal actions are listed by, asked of one text.

A decision's legal actions are listed by two generators: the actions that may start (those of
the phase or window asking whose `when` holds: State._startable, which runs them fused into one
generated function per phase and window, or one by one when that fails) and the steps of the
parameter being chosen (rulekit.runtime.choices, which also answers for its steps). `refusal`
makes the same checks of a text, in the same order, and names the first it fails; a text that
passes them all is one of the legal actions (tests/runtime/test_legality.py checks both ways
over random play of every bundled ruleset).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import RulekitError
from ..rules.game import RULE_FAILURES
from ..rules.reasons import Reason
from . import choices
from .frames import BuildFrame
from .pending import asking

if TYPE_CHECKING:
    from .fields import StateFields


def refusal(s: StateFields, text: str) -> Reason | None:
    """Why text is not a legal action of s now; None when it is one, or when a rule fails while
    the checks are made (that cannot be told then). The state is left as it was."""
    work, memo, since, at = s.work, s.memo, s.memo_since, s.at
    s.memo = {}  # what the listing had: looping definitions keep their values meanwhile
    try:
        return _first_failed(s, text)
    except (RulekitError, *RULE_FAILURES):
        return None
    finally:  # asking draws nothing on the budget: the work the checks did is given back
        s.work, s.memo, s.memo_since, s.at = work, memo, since, at


def _first_failed(s: StateFields, text: str) -> Reason | None:
    """The first check text fails (unguarded: the caller guards it)."""
    if s.over:  # nothing is listed once the game is over
        return Reason("game_over")
    g = s.game
    stack = s.stack
    if stack and type(stack[-1]) is BuildFrame:
        frame = stack[-1]
        return choices.refusal(g.actions[frame.action].params[frame.pidx], s, frame, text)
    act = next((a for a in g.actions if a.start.text == text), None)
    if act is None:
        return Reason("no_action", {"text": text})
    owner, env = asking(s)
    if all(a is not act for a in owner.actions):  # the phase's or window's own actions only
        if stack:
            return Reason("wrong_window", {"text": text, "window": owner.name})
        if act.window is not None:
            return Reason("only_in_window", {"text": text, "window": g.windows[act.window].name})
        return Reason("wrong_phase", {"text": text, "phase": owner.name})
    s.at = act.rule + ".when"
    if not act.when(s, env):
        return Reason("condition", {"rule": act.rule, "when": act.when_text})
    return None
