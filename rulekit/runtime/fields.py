"""The fields of a game state, typed once: State and the mixins it is made of share them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..actions import Action
    from ..rules.game import Rules
    from .eventlog import EventLog, NoLog
    from .frames import Outcome, WindowFrame


# every field of a state (State._restore copies them all)
FIELD_NAMES = ("game", "n", "players", "zones", "card_zone", "faceup", "gvars", "pvars", "tvars",
               "phase", "turn", "stack", "rng", "log", "history", "over", "outcome",
               "decisions", "end_turn_flag", "ending_phase", "_legal", "_queued", "seed",
               "meld_of", "as_value", "meld_kinds", "meld_zone", "team_of", "teamvars",
               "_meld_cache", "work", "log_room", "turn_hook", "reversed_order", "skips",
               "known", "at", "memo", "memo_since", "state_room", "turn_held",
               "game_work")


class StateFields:
    """What a state holds (the slots live here so that every mixin sees them, typed)."""

    __slots__ = FIELD_NAMES

    game: Rules
    n: int
    seed: int
    players: list[int]
    zones: list[list[int]]  # card ids per zone instance, the top of a zone last
    card_zone: list[int]
    faceup: bytearray
    gvars: list[Any]
    pvars: list[list[Any]]  # [variable][seat]
    tvars: list[Any]
    teamvars: list[list[Any]]  # [variable][team]
    team_of: list[int]
    phase: int
    turn: int
    stack: list[Any]  # BuildFrame and WindowFrame
    rng: int
    log: EventLog | NoLog
    history: EventLog
    over: bool
    outcome: Outcome | None
    decisions: int
    end_turn_flag: bool
    ending_phase: bool
    work: int
    log_room: int
    # what the game may still hold (limits.max_state): each item of a list kept in a variable
    # and each meld laid count one part (the log is bounded by limits.max_log, the history, a
    # decision each, by limits.max_decisions)
    state_room: int
    turn_held: int  # what of it the turn variables' lists hold (given back as the turn passes)
    # the work the whole game may still do (limits.max_game_work): each decision's is drawn
    # from it once the decision is made (a decision is refused once it is spent)
    game_work: int
    turn_hook: int
    reversed_order: bool
    skips: int
    meld_of: list[int] | None
    as_value: list[int | None] | None
    meld_kinds: list[str]
    meld_zone: list[int]
    known: list[dict[int, int]] | None
    at: str  # the rule being evaluated: a failure names it (one guard per decision)
    _legal: list[Action] | None
    _queued: list[WindowFrame]
    _meld_cache: dict[Any, Any]
    # the values of looping definitions while the legal actions are listed (see
    # rulekit.lang.codegen.Module.memo_function); None the rest of the time
    memo: dict[tuple[Any, ...], Any] | None
    # the memo of the last listing while nothing has changed since: building an action (its
    # start, picks and choices) runs no effects, so its steps are listed with what its 'when'
    # worked out; None once effects run
    memo_since: dict[tuple[Any, ...], Any] | None

    # State's own methods and EffectsMixin's, which the other mixins call: declared here (and
    # overridden) rather than under TYPE_CHECKING, so that mypyc, compiling the mixins as
    # native classes, knows them too (rulekit.native)
    @property
    def decider(self) -> int | None:
        """The seat that decides now (State's)."""
        raise NotImplementedError

    def rng_below(self, n: int) -> int:
        """A random number in [0, n) (State's)."""
        raise NotImplementedError

    def add_event(self, key: str, args: tuple[Any, ...], audience: tuple[int, ...] | None) -> None:
        """Log an event (EffectsMixin's)."""
        raise NotImplementedError

    def turn_to(self, p: int | None) -> None:
        """Give the turn to seat p (EffectsMixin's)."""
        raise NotImplementedError
