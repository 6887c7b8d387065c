"""rulekit: card games whose rules are data.

>>> import rulekit
>>> game = rulekit.load("rulesets/mygame.yaml")        # doctest: +SKIP
>>> state = game.new_state(players=4, seed=7)           # doctest: +SKIP
>>> state.decider, [str(a) for a in state.legal_actions()][:2]   # doctest: +SKIP
"""

# before the runtime: a compiled build of it (python -m rulekit.native build) that no longer
# matches its sources is not imported (rulekit.native.STATUS says which is in use)
from . import native  # noqa: F401
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
from .lang.text import fill
from .loading import load, load_text
from .rules.game import Rules
from .rules.reasons import CARD, Reason
from .rules.reasons import say as say_reason
from .runtime.eventlog import EventLog
from .runtime.game import Game
from .runtime.observe import (
    events_for,
    observation,
    render_event,
    resample,
    seat_name,
    summary_counts,
)
from .runtime.pending import PARAM, TURN, WINDOW, Pending
from .runtime.state import Outcome, State
from .runtime.statecheck import MAX_SEED
from .view import Journal, SeatView
from .view import view as seat_view

__all__ = [
    "Action", "CannotReadError", "Diagnostic", "EvaluationLimitError", "Game", "GameOverError",
    "IllegalActionError", "InvariantError", "Outcome", "Pending", "RuleRuntimeError",
    "RulekitError", "RulesetError", "State", "StateDocumentError", "StateLimitError", "UsageError",
    "events_for", "Journal", "SeatView", "seat_view",
    "load", "load_text", "observation", "render_event", "resample", "UnknownVariantError",
    # what a driver (the terminal, a web table) needs besides: the texts filled, seat names,
    # the end's counts, the history's type, the seeds allowed, the files a ruleset extends
    "EventLog", "MAX_SEED", "Rules", "base_files", "fill", "seat_name", "summary_counts",
    # a pending decision's kinds (Pending.kind); a refusal, said in a player's language, and the
    # kind of a Reason's argument that names a card
    "PARAM", "TURN", "WINDOW", "CARD", "Reason", "say_reason",
]
__version__ = "0.1.0"


def base_files(path: str) -> list[str]:
    """The files the ruleset at path builds on through `extends`, nearest first ([] if none)."""
    from .data.variants import base_files as files  # PyYAML: loaded only when asked

    return files(path)
