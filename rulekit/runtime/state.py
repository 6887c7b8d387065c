"""The mutable game state: flat lists of ints, a seeded generator, and the flow of decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import CHOOSE, DONE, PICK, START, Action
from ..errors import (
    EvaluationLimitError,
    GameOverError,
    IllegalActionError,
    InvariantError,
    RulekitError,
    RuleRuntimeError,
    StateDocumentError,
    UsageError,
    short_repr,
)
from ..lang.budget import game_work_spent
from ..lang.turnorder import NO_HOOK
from ..rules.game import RULE_FAILURES, failure
from ..rules.reasons import Reason, say
from .choices import limit_env, max_picks
from .eventlog import EventLog, NoLog
from .fields import FIELD_NAMES
from .frames import MASK, BuildFrame, Outcome, WindowFrame, _freeze
from .legality import refusal
from .pending import Pending, pending_of
from .statecheck import check_document, check_replay

if TYPE_CHECKING:
    from ..rules.game import Rules
from .serialise import SerialiseMixin, _action_text


class State(SerialiseMixin):
    """One game in progress. Make it with `Game.new_state(players, seed)`."""

    __slots__ = ()  # the fields are StateFields' slots

    # ---- construction ------------------------------------------------------------------
    def __init__(self, game: Rules | None, n: int = 0, seed: int = 0, log: bool = True):
        if game is None:
            # a blank state for clone() to fill: compiled by mypyc (rulekit.native), the
            # class has no State.__new__ that skips __init__
            return
        self.game = game
        self.n = n
        self.seed = seed
        self.players = list(range(n))
        self.zones: list[list[int]] = [[] for _ in range(game.n_zone_instances(n))]
        self.card_zone: list[int] = [game.start_zone] * game.n_cards
        self.zones[game.start_zone] = list(range(game.n_cards))
        self.faceup = bytearray(game.n_cards)
        self.gvars = [v for v in game.game_var_initial]
        self.pvars = [[v] * n for v in game.player_var_initial]
        self.tvars = list(game.turn_var_initial)
        self.phase = 0
        self.turn = 0
        self.stack: list[Any] = []
        self.rng = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK
        # append-only and shared between clones until written, so clone() is O(1) in them
        self.log: EventLog | NoLog = EventLog() if log else NoLog()
        self.history = EventLog()  # (seat, action text) per decision
        self.over = False
        self.outcome: Outcome | None = None
        self.decisions = 0
        self.end_turn_flag = False
        self.ending_phase = False  # on_end ran and opened windows; begin the next phase after
        self.work = game.max_work  # the evaluation budget left until the next decision
        self.game_work = game.max_game_work  # the game's, drawn after each decision
        self.log_room = game.max_log  # what the log may still hold (events and their values)
        self.state_room = game.max_state  # what the whole state may still hold
        self.turn_held = 0
        # turn flow (rulekit.lang.turnorder): a turn hook pending, the phase's order reversed, and
        # how many players the next pass of the turn skips
        self.turn_hook = NO_HOOK
        self.reversed_order = False
        self.skips = 0
        # melds: the meld holding each card (0: none), the value a wild stands for, and each
        # meld's kind and zone (meld ids index these lists; 0 is unused). None without melds.
        has_melds = game.meld_rules is not None
        self.meld_of: list[int] | None = [0] * game.n_cards if has_melds else None
        self.as_value: list[int | None] | None = [None] * game.n_cards if has_melds else None
        self.meld_kinds: list[str] = [""]
        self.meld_zone: list[int] = [-1]
        self._meld_cache: dict[Any, Any] = {}  # derived from the melds; cleared when one changes
        self.memo = self.memo_since = None
        # teams: each seat's team (fixed for the game) and the team variables [var][team]
        self.teamvars = [[v] * len(game.team_names) for v in game.team_var_initial]
        self.team_of: list[int] = []
        if game.team_names:
            for p in range(n):
                name = game.guard("teams.of", game.team_of_fn, self, {"p": p})
                if name not in game.team_names:
                    raise RuleRuntimeError("teams.of", f"seat {p} is put in team {name!r}, "
                                           f"which is not one of {game.team_names}")
                self.team_of.append(game.team_names.index(name))
        self._legal: list[Action] | None = None
        self._queued: list[WindowFrame] = []
        # what `show` told each seat: per seat, card -> the zone it lay in (None: nothing yet)
        self.known: list[dict[int, int]] | None = None
        self.at = ""  # the rule being evaluated (named by a failure)

    @classmethod
    def deal(cls, rules: Rules, players: int, seed: int, log: bool = True) -> State:
        """A new game of rules for players seats from seed: the setup run, the first phase begun."""
        s = cls(rules, players, seed, log=log)
        s.add_event("game_begins", (("players", "int", players),), None)
        s.at = "setup"
        try:
            rules.setup(s, {})
            s._push_queued()
            if not s.over:
                s._begin_phase(0)
                s._settle()
        except RULE_FAILURES as e:  # the one guard of the setup: s.at names the rule
            raise failure(s.at, e) from None
        s.game_work -= rules.max_work - s.work  # the setup's work counts in the game's
        return s

    def clone(self) -> State:
        """A cheap independent copy (hand-written; no deepcopy)."""
        c = State(None)
        c.game = self.game
        c.n = self.n
        c.seed = self.seed
        c.players = self.players
        c.zones = list(map(list.copy, self.zones))
        c.card_zone = self.card_zone[:]
        c.faceup = self.faceup[:]
        c.gvars = self.gvars[:]
        c.pvars = list(map(list.copy, self.pvars))
        c.tvars = self.tvars[:]
        c.phase = self.phase
        c.turn = self.turn
        stack = self.stack
        c.stack = [f.copy() for f in stack] if stack else []
        c.rng = self.rng
        c.log = self.log.copy()
        c.history = self.history.copy()
        c.over = self.over
        c.outcome = self.outcome
        c.decisions = self.decisions
        c.end_turn_flag = self.end_turn_flag
        c.ending_phase = self.ending_phase
        c.meld_of = None if self.meld_of is None else self.meld_of[:]
        c.as_value = None if self.as_value is None else self.as_value[:]
        c.meld_kinds = self.meld_kinds[:]
        c.meld_zone = self.meld_zone[:]
        # derived data, shared until changed: a change replaces an entry, never edits one
        # (a wild's answers only gain entries true of both states while the meld is the same)
        c._meld_cache = self._meld_cache.copy()
        # what the last listing worked out still holds in the copy (a resample drops it): the
        # copy's next steps charge the same work as the original's would
        c.memo = None
        kept = self.memo_since
        c.memo_since = None if kept is None else kept.copy()
        c.team_of = self.team_of  # fixed for the whole game
        c.teamvars = list(map(list.copy, self.teamvars))
        c._legal = self._legal
        c._queued = []
        c.work = self.work
        c.game_work = self.game_work
        c.log_room = self.log_room
        c.state_room = self.state_room
        c.turn_held = self.turn_held
        c.turn_hook = self.turn_hook
        c.reversed_order = self.reversed_order
        c.skips = self.skips
        c.known = None if self.known is None else list(map(dict.copy, self.known))
        c.at = ""
        return c

    def key(self) -> tuple[Any, ...]:
        """Everything that defines this state, as a hashable tuple (used for equality)."""
        return (self.n, tuple(tuple(z) for z in self.zones), bytes(self.faceup),
                tuple(_freeze(v) for v in self.gvars),
                tuple(tuple(_freeze(x) for x in v) for v in self.pvars),
                tuple(_freeze(v) for v in self.tvars), self.phase, self.turn,
                tuple(f.key() for f in self.stack), self.rng,
                None if isinstance(self.log, NoLog) else self.log.frozen(_frozen_event),
                self.history.frozen(_same), self.over, self.outcome, self.decisions,
                self.end_turn_flag, self.ending_phase,
                None if self.meld_of is None else tuple(self.meld_of),
                None if self.as_value is None else tuple(self.as_value),
                tuple(self.meld_kinds), tuple(self.meld_zone),
                tuple(tuple(_freeze(x) for x in v) for v in self.teamvars),
                self.turn_hook, self.reversed_order, self.skips,
                None if not self.known or not any(self.known) else  # nothing known: as None
                tuple(tuple(sorted(d.items())) for d in self.known))

    def become(self, other: State) -> None:
        """Take over other's contents (a clone of this state moved on, which must not be used
        afterwards): a search that tried options on clones keeps the one it chose, without
        playing it again."""
        if other.game is not self.game or other.n != self.n:
            raise UsageError("become() takes a clone of the same game")
        self._restore(other)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.game is self.game and other.key() == self.key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    # ---- randomness --------------------------------------------------------------------
    def rng_below(self, n: int) -> int:
        """A uniform integer in [0, n): the next number of the state's splitmix64 generator,
        modulo n."""
        # the one place the generator steps (a shuffle asks it for each card: no helper call)
        self.rng = z = (self.rng + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return (z ^ (z >> 31)) % n

    # ---- the public API ----------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.over

    @property
    def decider(self) -> int | None:
        """The seat that decides now, or None once the game is over."""
        if self.over:
            return None
        if self.stack:
            top = self.stack[-1]
            if isinstance(top, BuildFrame):
                return top.actor
            seat: int = top.order[top.idx]
            return seat
        return self.turn

    @property
    def pending(self) -> Pending | None:
        """The decision the game waits on (rulekit.runtime.pending), or None once it is over."""
        return pending_of(self)

    def legal_actions(self) -> list[Action]:
        """The decider's legal actions, in a stable order."""
        if self.over:
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)  # a copy: the caller may change it; clones share the cache

    def listed(self) -> list[Action]:
        """legal_actions() without the copy, for a search that only reads the list (no one
        changes it: a step lists afresh, clones share it)."""
        if self.over:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def list_for_clones(self) -> bool:
        """Work out the legal actions now, so that the clones made next share them (each would
        list them afresh); False, the state left as it was, when the ruleset's limits stop the
        listing (each clone then meets the failure itself)."""
        if self.over or self._legal is not None:
            return True
        work, since = self.work, self.memo_since
        try:
            self._legal = self._compute_legal()
        except EvaluationLimitError:
            self.work, self.memo_since, self.at = work, since, ""
            return False
        return True

    def random_action(self, rng: Any) -> Action:
        """A uniformly random legal action, drawn with rng.random() (no list is copied).

        A forced decision (one legal action) draws no number, as the bundled random bots do;
        so `apply_unchecked(state.random_action(rng))` plays the bots' games exactly.
        """
        if self.over:
            raise GameOverError("the game is over; there is no action to draw")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        n = len(legal)
        return legal[0] if n == 1 else legal[int(rng.random() * n)]

    def apply(self, action: Action | str) -> None:
        """Apply a legal action (or its string form); raise IllegalActionError otherwise.

        Atomic: if anything goes wrong, a rule error or any other exception (KeyboardInterrupt
        and MemoryError included), the state is restored exactly as it was, then it propagates.
        """
        if self.over:
            raise GameOverError(f"the game is over; cannot apply {_action_text(action)!r}")
        a = self._as_legal(action)
        if a is None:
            text = _action_text(action)
            raise IllegalActionError(text, self.summary(), [a.text for a in self.legal_actions()],
                                     self.why_illegal(text))
        backup = self.clone()  # O(1) in the log and history (shared until written)
        try:
            self.play_listed(a)
            broken = self.game.check_invariants(self)
            if broken:
                raise InvariantError(f"invariants.{broken[0]}",
                                     f"does not hold after {a.text!r} ({self.summary()})")
        except BaseException:
            self._restore(backup)  # a failed or interrupted action changes nothing
            raise

    def _as_legal(self, action: Action | str) -> Action | None:
        """The legal action meant: action itself when it is one of legal_actions() (found by
        identity, no text compared), else the one its text names (people and saves write text,
        mapped here once; so is an Action made elsewhere); None when no legal action is meant."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if isinstance(action, Action):
            for a in legal:
                if a is action:
                    return a
        text = _action_text(action)
        for a in legal:
            if a.text == text:
                return a
        return None

    def why_illegal(self, text: str) -> str:
        """Why the action written text is not legal now, in words a player can act on ("" when
        it is legal, or when that cannot be told)."""
        reason = self.why_refused(text)
        return "" if reason is None else say(self.game, reason)

    def asked(self, name: str) -> bool:
        """Whether the parameter `name` of the action being put together is one its `when` asks
        for now (a parameter without `when` always is; False when no action is being built)."""
        if not self.stack or type(self.stack[-1]) is not BuildFrame:
            return False
        top = self.stack[-1]
        param = next((p for p in self.game.actions[top.action].params if p.name == name), None)
        if param is None or param.when is None:
            return param is not None
        work = self.clone()  # the check must not draw on the game's evaluation budget
        try:
            return bool(self.game.guard(param.rule, param.when, work, dict(top.env)))
        except RulekitError:
            return True  # said rather than hidden

    def why_refused(self, text: str) -> Reason | None:
        """Why the action written text is not legal now, as a Reason (rulekit.reasons) that
        can be said in any of the engine's languages: the first of the checks the legal actions
        are listed by that it fails (rulekit.runtime.legality). None when it is legal, or when
        that cannot be told (a rule fails while it is checked)."""
        return refusal(self, text)

    def _restore(self, other: State) -> None:
        # every field of FIELD_NAMES, written out (ten times a loop of setattr's speed: a
        # search takes over a clone at most windows);
        # tests/runtime/test_engine_search_help.py checks that none is missing
        self.game = other.game
        self.n = other.n
        self.players = other.players
        self.zones = other.zones
        self.card_zone = other.card_zone
        self.faceup = other.faceup
        self.gvars = other.gvars
        self.pvars = other.pvars
        self.tvars = other.tvars
        self.phase = other.phase
        self.turn = other.turn
        self.stack = other.stack
        self.rng = other.rng
        self.log = other.log
        self.history = other.history
        self.over = other.over
        self.outcome = other.outcome
        self.decisions = other.decisions
        self.end_turn_flag = other.end_turn_flag
        self.ending_phase = other.ending_phase
        self._legal = other._legal
        self._queued = other._queued
        self.seed = other.seed
        self.meld_of = other.meld_of
        self.as_value = other.as_value
        self.meld_kinds = other.meld_kinds
        self.meld_zone = other.meld_zone
        self.team_of = other.team_of
        self.teamvars = other.teamvars
        self._meld_cache = other._meld_cache
        self.work = other.work
        self.log_room = other.log_room
        self.turn_hook = other.turn_hook
        self.reversed_order = other.reversed_order
        self.skips = other.skips
        self.known = other.known
        self.at = other.at
        self.memo = other.memo
        self.memo_since = other.memo_since
        self.state_room = other.state_room
        self.turn_held = other.turn_held
        self.game_work = other.game_work

    def action_from_text(self, text: str) -> Action:
        """The legal action whose string form is text."""
        a = self._as_legal(text) if isinstance(text, str) else None
        if a is None:
            raise IllegalActionError(text, self.summary(), [a.text for a in self.legal_actions()])
        return a

    def apply_unchecked(self, action: Action) -> None:
        """Apply one of legal_actions() (bots and search) without the checked path's backup.

        Only the action is checked, before anything changes: one that is not a legal action
        of this state (another state's, another game's, not an Action) raises a typed error.
        A rule failing half-way leaves the state as it is then; `apply` restores it.
        """
        if self.over:
            raise GameOverError(f"the game is over; cannot apply {_action_text(action)!r}")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        for a in legal:
            if a is action:
                break
        else:  # an equal Action made elsewhere (unpickled, another state's) is mapped by text
            found = self._as_legal(action) if type(action) is Action else None
            if found is None:
                text = _action_text(action)
                raise IllegalActionError(text, self.summary(), [a.text for a in legal],
                                         self.why_illegal(text))
            action = found
        self.at = ""  # play_listed written out: bots and search come this way once a decision
        try:
            self._decide(action)
        except RULE_FAILURES as e:
            raise failure(self.at, e) from None

    def play_listed(self, action: Action) -> None:
        """Play an action of this state's own legal list, not looked up again (apply after its
        check, a search's steps; the game must not be over): the failing rule named by self.at."""
        self.at = ""
        try:
            self._decide(action)
        except RULE_FAILURES as e:
            raise failure(self.at, e) from None

    def _decide(self, action: Action) -> None:
        g = self.game
        # the game's limits are checked first: the state stays as it was
        if self.decisions >= g.max_decisions:
            held, where = self.held_open()  # the phase in play and its end_if, located
            raise EvaluationLimitError(
                "limits.max_decisions",
                f"the game did not end within {g.max_decisions} decisions: {held}", where)
        if self.game_work <= 0:
            raise EvaluationLimitError("limits.max_game_work", game_work_spent(g.max_game_work))
        self._legal = None
        self.decisions += 1
        self.work = g.max_work
        stack = self.stack  # the decider (as State.decider says; the game is not over)
        if stack:
            top = stack[-1]
            actor = top.actor if type(top) is BuildFrame else top.order[top.idx]
        else:
            actor = self.turn
        h = self.history  # EventLog.append written out: once a decision
        h._head = ((actor, action.text), h._head)
        h._n += 1
        kind = action.kind
        if kind == START:
            act = g.actions[action.value]
            env: dict[str, Any] = {"actor": actor}
            if act.window is not None:
                env["opener"] = self.stack[-1].opener
            if act.params:
                frame = BuildFrame(act.index, actor, env)
                self.stack.append(frame)
                self._advance_params(frame, act)
            else:
                self._run_action(act, env)
        else:
            frame = self.stack[-1]
            act = g.actions[frame.action]
            param = act.params[frame.pidx]
            if kind == PICK:
                src = param.source(self, frame.env)
                card = self._card_of_face(src, action.value, frame.picked)
                frame.picked.append(card)
                most = param.max_const  # max_picks, written out for no 'max' or a number
                if most is None:
                    most = (max_picks(param, self, limit_env(param, frame), src)
                            if param.max is not None else len(self.zones[src])
                            if isinstance(src, int) else len(src))
                if len(frame.picked) >= most:
                    self._finish_param(frame, act, frame.picked)
                else:
                    self._legal = self._param_choices(frame, act)
                    if not self._legal:
                        raise RuleRuntimeError(param.rule, f"parameter '{param.name}' has no card "
                                               "left to pick, and fewer than its 'min' are picked")
            elif kind == DONE:
                self._finish_param(frame, act, frame.picked)
            elif kind == CHOOSE:
                self._finish_param(frame, act, action.value)
            else:
                raise AssertionError(kind)  # pragma: no cover
        self.game_work -= g.max_work - self.work  # the work the decision did counts in the game's

    @classmethod
    def from_json(cls, game: Rules, data: Any) -> State:
        """Rebuild a state saved by to_json; raise StateDocumentError if it does not fit."""
        check_document(game, data)
        s = cls(game, data["n"], data["seed"])
        # the state is the replay itself: what to_json leaves out (the log's room left, the
        # budget) is as the game really has it, not a guess
        twin = _replayed(game, data)
        for name in FIELD_NAMES:
            setattr(s, name, getattr(twin, name))
        return s

    def held_parts(self) -> int:
        """The parts the state holds (limits.max_state), counted afresh: each item of a list
        kept in a variable, and each meld laid."""
        n = len(self.meld_kinds) - 1
        for values in (self.gvars, self.tvars, *self.pvars, *self.teamvars):
            for v in values:
                if isinstance(v, list):
                    n += len(v)
        return n

    def log_parts(self) -> int:
        """The parts the log holds (limits.max_log), counted afresh: each event, each value
        logged, whom an event is told to, and each item of a list logged."""
        n = 0
        for _key, args, audience in self.log:
            n += 1 + len(args) + (audience is not None)
            for _name, _kind, v in args:
                if isinstance(v, list):
                    n += len(v)
        return n


def _replayed(game: Rules, data: dict[str, Any]) -> State:
    """The state that data's seed, players and recorded decisions make, once it is checked to
    be data itself (statecheck.check_replay); raise StateDocumentError naming the first field
    that differs. data has passed check_document."""
    try:
        s = State.deal(game, data["n"], data["seed"], log=data["log"] is not None)
    except RulekitError as e:
        raise StateDocumentError("seed", f"the game cannot be dealt from it: {e}") from None
    for i, (seat, text) in enumerate(data["history"]):
        _replay_step(s, i, seat, text)
    check_replay(s.to_json(), data)
    return s


def _replay_step(s: State, i: int, seat: int, text: str) -> None:
    """Apply history entry i to s, as the game allows it then (else StateDocumentError)."""
    at = f"history[{i}]"
    try:
        if s.over:
            raise StateDocumentError(at, f"{short_repr(text)} comes after the game's end")
        if s.decider != seat:
            raise StateDocumentError(
                f"{at}[0]", f"seat {seat} does not decide at that point of the game replayed "
                f"from its seed and decisions (seat {s.decider} does)")
        action = next((a for a in s.legal_actions() if a.text == text), None)
        if action is None:
            raise StateDocumentError(
                f"{at}[1]", f"{short_repr(text)} is not a legal decision at that point of the "
                "game replayed from its seed and decisions")
        s.apply_unchecked(action)
    except StateDocumentError:
        raise
    except RulekitError as e:
        raise StateDocumentError(at, f"cannot be replayed: {e}") from None


def _same(item: Any) -> Any:
    return item


def _frozen_event(event: tuple[Any, ...]) -> tuple[Any, ...]:
    """A logged event as a hashable tuple (its values may be lists)."""
    key, args, audience = event
    return key, tuple((n, t, _freeze(v)) for n, t, v in args), audience


__all__ = ["MASK", "BuildFrame", "Outcome", "State", "WindowFrame"]
