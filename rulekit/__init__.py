"""rulekit: card games whose rules are data.

>>> import rulekit
>>> game = rulekit.load("rulesets/mygame.yaml")        # doctest: +SKIP
>>> state = game.new_state(players=4, seed=7)           # doctest: +SKIP
>>> state.decider, [str(a) for a in state.legal_actions()][:2]   # doctest: +SKIP
"""

# before the runtime: a compiled build of it (python -m rulekit.native build) that no longer
# matches its sources is not imported (rulekit.native_check.STATUS says which is in use)
from . import native_check  # noqa: F401
from .actions import Action
from .errors import (
    CannotReadError,
    Diagnostic,
    EvaluationLimitError,
    GameOverError,
    IllegalActionError,
    InvariantError,
    RulekitError,
    RuleRuntimeError,
    RulesetError,
    StateDocumentError,
    StateLimitError,
    UnknownVariantError,
    UsageError,
)
from .loading import load, load_text
from .runtime.game import Game
from .runtime.observe import events_for, observation, render_event, resample
from .runtime.pending import Pending
from .runtime.state import Outcome, State
from .view import Journal, SeatView
from .view import view as seat_view

__all__ = [
    "Action", "CannotReadError", "Diagnostic", "EvaluationLimitError", "Game", "GameOverError",
    "IllegalActionError", "InvariantError", "Outcome", "Pending", "RuleRuntimeError",
    "RulekitError", "RulesetError", "State", "StateDocumentError", "StateLimitError", "UsageError",
    "events_for", "Journal", "SeatView", "seat_view",
    "load", "load_text", "observation", "render_event", "resample", "UnknownVariantError",
]
__version__ = "0.1.0"
