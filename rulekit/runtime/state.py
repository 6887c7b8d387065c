"""The mutable game state: flat lists of ints, a seeded generator, and the flow of decisions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..actions import CHOOSE, DONE, PICK, START, Action
from ..errors import (
    EvaluationLimitError,
    GameOverError,
    IllegalActionError,
    InvariantError,
    RulekitError,
    RuleRuntimeError,
    UsageError,
    log_full,
)
from ..lang.turnorder import BEGIN, NO_HOOK, PASSING, pass_with_skips, step_of
from ..rules.reasons import Reason, say
from . import knowledge
from .eventlog import EventLog, NoLog
from .statecheck import check_document

if TYPE_CHECKING:
    from ..rules.game import CompiledAction, Rules

MASK = (1 << 64) - 1
_MISSING = object()
CLOSE, NEXT = "close", "next"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: each seat's score, the winners and the reason (a text key)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str


class WindowFrame:
    """A reaction window: players asked one at a time, in order, until one closes it."""

    __slots__ = ("win", "order", "idx", "opener", "pending")

    def __init__(self, win: int, order: list[int], opener: int | None):
        self.win = win
        self.order = order
        self.idx = 0
        self.opener = opener
        self.pending: str | None = None

    def copy(self) -> WindowFrame:
        f = WindowFrame.__new__(WindowFrame)
        f.win, f.order, f.idx, f.opener, f.pending = (
            self.win, self.order, self.idx, self.opener, self.pending)
        return f

    def key(self) -> tuple:
        return ("w", self.win, tuple(self.order), self.idx, self.opener, self.pending)


class BuildFrame:
    """An action being put together one parameter (and one card) at a time."""

    __slots__ = ("action", "actor", "env", "pidx", "picked")

    def __init__(self, action: int, actor: int, env: dict):
        self.action = action
        self.actor = actor
        self.env = env
        self.pidx = 0
        self.picked: list[int] = []

    def copy(self) -> BuildFrame:
        f = BuildFrame.__new__(BuildFrame)
        f.action, f.actor, f.env, f.pidx, f.picked = (
            self.action, self.actor, dict(self.env), self.pidx, self.picked[:])
        return f

    def key(self) -> tuple:
        env = tuple(sorted((k, _freeze(v)) for k, v in self.env.items() if "#" not in k))
        return ("b", self.action, self.actor, env, self.pidx, tuple(self.picked))


def _freeze(v: Any) -> Any:
    return tuple(v) if isinstance(v, list) else v


class State:
    """One game in progress. Make it with `Game.new_state(players, seed)`."""

    __slots__ = ("game", "n", "players", "zones", "card_zone", "faceup", "gvars", "pvars", "tvars",
                 "phase", "turn", "stack", "rng", "log", "history", "over", "outcome",
                 "decisions", "end_turn_flag", "ending_phase", "_legal", "_queued", "seed",
                 "meld_of", "as_value", "meld_kinds", "meld_zone", "team_of", "teamvars",
                 "_meld_cache", "work", "log_room", "turn_hook", "reversed_order", "skips",
                 "known")

    # ---- construction ------------------------------------------------------------------
    def __init__(self, game: Rules, n: int, seed: int, log: bool = True):
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
        self.log_room = game.max_log  # what the log may still hold (events and their values)
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

    @classmethod
    def deal(cls, rules: Rules, players: int, seed: int, log: bool = True) -> State:
        """A new game of rules for players seats from seed: the setup run, the first phase begun."""
        s = cls(rules, players, seed, log=log)
        s.add_event("game_begins", (("players", "int", players),), None)
        rules.run("setup", rules.setup, s, {})
        s._push_queued()
        if not s.over:
            s._begin_phase(0)
            s._settle()
        return s

    def clone(self) -> State:
        """A cheap independent copy (hand-written; no deepcopy)."""
        c = State.__new__(State)
        c.game = self.game
        c.n = self.n
        c.seed = self.seed
        c.players = self.players
        c.zones = [z[:] for z in self.zones]
        c.card_zone = self.card_zone[:]
        c.faceup = self.faceup[:]
        c.gvars = self.gvars[:]
        c.pvars = [v[:] for v in self.pvars]
        c.tvars = self.tvars[:]
        c.phase = self.phase
        c.turn = self.turn
        c.stack = [f.copy() for f in self.stack]
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
        c._meld_cache = {}
        c.team_of = self.team_of  # fixed for the whole game
        c.teamvars = [v[:] for v in self.teamvars]
        c._legal = self._legal
        c._queued = []
        c.work = self.work
        c.log_room = self.log_room
        c.turn_hook = self.turn_hook
        c.reversed_order = self.reversed_order
        c.skips = self.skips
        c.known = None if self.known is None else [d.copy() for d in self.known]
        return c

    def key(self) -> tuple:
        """Everything that defines this state, as a hashable tuple (used for equality)."""
        return (self.n, tuple(tuple(z) for z in self.zones), bytes(self.faceup),
                tuple(_freeze(v) for v in self.gvars),
                tuple(tuple(_freeze(x) for x in v) for v in self.pvars),
                tuple(_freeze(v) for v in self.tvars), self.phase, self.turn,
                tuple(f.key() for f in self.stack), self.rng,
                None if isinstance(self.log, NoLog) else
                tuple((k, tuple((n, t, _freeze(v)) for n, t, v in args), aud)
                      for k, args, aud in self.log),  # events may hold lists: freeze them
                tuple(self.history), self.over, self.outcome, self.decisions, self.end_turn_flag,
                self.ending_phase, None if self.meld_of is None else tuple(self.meld_of),
                None if self.as_value is None else tuple(self.as_value),
                tuple(self.meld_kinds), tuple(self.meld_zone),
                tuple(tuple(_freeze(x) for x in v) for v in self.teamvars),
                self.turn_hook, self.reversed_order, self.skips,
                None if not self.known or not any(self.known) else  # nothing known: as None
                tuple(tuple(sorted(d.items())) for d in self.known))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.game is self.game and other.key() == self.key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def learn_shown(self, seat: int, card: int) -> None:
        """`show`: seat now knows where card lies (rulekit.runtime.knowledge)."""
        knowledge.learn(self, seat, card)

    # ---- randomness --------------------------------------------------------------------
    def rng_next(self) -> int:
        """The next 64-bit number of the state's splitmix64 generator."""
        self.rng = z = (self.rng + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def rng_below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        return self.rng_next() % n

    # ---- card movement (used by compiled effects) ----------------------------------------
    def move_cards(self, cards: list[int], dest: int, up: bool, bottom: bool) -> None:
        """Move the given cards (in order) onto dest's top, or under its bottom."""
        zones, cz, fu = self.zones, self.card_zone, self.faceup
        target = zones[dest]
        below = 0  # with bottom, the moved cards keep their order under the old bottom card
        for c in list(cards):
            zones[cz[c]].remove(c)
            if bottom:
                target.insert(below, c)
                below += 1
            else:
                target.append(c)
            cz[c] = dest
            fu[c] = up
        if self.known is not None:  # a card that moves is no longer where a seat was shown it
            self._forget(cards)
        if self.meld_of is not None:  # a card that leaves for anywhere leaves its meld
            for c in cards:
                if self.meld_of[c]:
                    self._meld_cache.clear()
                self.meld_of[c] = 0
                self.as_value[c] = None

    def draw(self, count: int, src: int, dest: int) -> int:
        """Move up to count cards from src's top to dest; return how many moved."""
        zs, zd = self.zones[src], self.zones[dest]
        cz, fu = self.card_zone, self.faceup
        k = 0
        mo = self.meld_of
        kn = self.known
        while k < count and zs:
            c = zs.pop()
            zd.append(c)
            cz[c] = dest
            fu[c] = 0
            if kn is not None:
                self._forget((c,))
            if mo is not None:
                if mo[c]:
                    self._meld_cache.clear()
                mo[c] = 0
                self.as_value[c] = None
            k += 1
        return k

    def _forget(self, cards: Any) -> None:
        """Every seat forgets where these cards lie (they moved)."""
        for d in self.known or ():
            if d:
                for c in cards:
                    d.pop(c, None)

    def shuffle(self, zone: int) -> None:
        """Shuffle a zone with the state's generator (Fisher-Yates)."""
        z = self.zones[zone]
        for i in range(len(z) - 1, 0, -1):
            j = self.rng_below(i + 1)
            z[i], z[j] = z[j], z[i]

    def swap(self, a: int, b: int) -> None:
        """Exchange the contents of two zones."""
        za, zb = self.zones[a], self.zones[b]
        self.zones[a], self.zones[b] = zb, za
        cz = self.card_zone
        for c in zb:
            cz[c] = a
        for c in za:
            cz[c] = b
        if self.known is not None:
            self._forget(za + zb)
        if self.meld_of is not None:
            self._meld_cache.clear()
            for c in za + zb:
                self.meld_of[c] = 0
                self.as_value[c] = None

    # ---- melds (used by compiled effects) ----------------------------------------------
    def melds_in(self, zone: int) -> list[int]:
        """The melds lying in a zone, in the order they were laid."""
        mo = self.meld_of
        if mo is None:
            return []
        # cached until a meld changes (laid, extended, or a card of it moved): other cards
        # coming and going do not change which melds lie in the zone
        found = self._meld_cache.get(("in", zone))
        if found is None:
            seen: list[int] = []
            for c in self.zones[zone]:
                m = mo[c]
                if m and m not in seen:
                    seen.append(m)
            found = self._meld_cache[("in", zone)] = sorted(seen)
        return list(found)

    def meld_cards(self, m: int) -> list[int]:
        """A meld's cards, lowest value first for a run."""
        if m is None or not 0 < m < len(self.meld_kinds) or self.meld_of is None:
            raise RuleRuntimeError("", f"there is no meld {m!r}")
        mo = self.meld_of
        return [c for c in self.zones[self.meld_zone[m]] if mo[c] == m]

    def meld_value(self, c: int) -> int:
        """The value a card counts as: the value a wild was laid as, else its own."""
        v = self.as_value[c] if self.as_value is not None else None
        return self.game.meld_rules.value[c] if v is None else v

    def make_meld(self, cards: list[int], dest: int, wild_as: int | None) -> int:
        """Lay cards as a new meld in a meld zone; return its id."""
        rules = self.game.meld_rules
        if not self.game.zone_of_instance(dest, self.n)[0].melds:
            raise RuleRuntimeError("", "melds can only be laid in a zone declared 'melds: true'")
        found = rules.check(cards, wild_as)
        if found is None:
            shown = ", ".join(self.game.labels[c] for c in cards)
            raise RuleRuntimeError("", f"these cards do not form a meld: {shown}")
        kind, wild_values = found

        def value(c: int) -> int:
            return wild_values.get(c, rules.value[c])

        order = sorted(cards, key=value) if kind == "run" else list(cards)
        self.move_cards(order, dest, False, False)
        m = len(self.meld_kinds)
        self._meld_cache.clear()
        self.meld_kinds.append(kind)
        self.meld_zone.append(dest)
        for c in order:
            self.meld_of[c] = m
            self.as_value[c] = wild_values.get(c)
        return m

    def extension_value(self, m: int, card: int, wild_as: int | None = None) -> int | None:
        """The value card would take added to meld m, or None if it cannot extend it."""
        ext = self._meld_cache.get((m, card, wild_as), _MISSING)  # until a meld changes
        if ext is not _MISSING:
            return ext
        rules = self.game.meld_rules
        info = self._meld_cache.get(m)
        if info is None:
            cards = self.meld_cards(m)
            key = None
            if rules.same is not None:
                key = next((rules.same[c] for c in cards if not rules.wild[c]), None)
            info = ([self.meld_value(c) for c in cards], key, frozenset(cards))
            self._meld_cache[m] = info
        values, key, members = info
        ext = None if card in members else \
            rules.extension(self.meld_kinds[m], values, key, len(members), card, wild_as)
        self._meld_cache[(m, card, wild_as)] = ext
        return ext

    def extend_meld(self, m: int, card: int, wild_as: int | None) -> None:
        """Add a card to a meld (a run at the end its value fits)."""
        v = self.extension_value(m, card, wild_as)
        if v is None:
            raise RuleRuntimeError("", f"{self.game.labels[card]} cannot extend that meld")
        cards = self.meld_cards(m)
        zone = self.meld_zone[m]
        low_end = self.meld_kinds[m] == "run" and v < min(self.meld_value(c) for c in cards)
        self.move_cards([card], zone, False, False)
        z = self.zones[zone]
        z.remove(card)
        anchor = z.index(cards[0]) if low_end else z.index(cards[-1]) + 1
        z.insert(anchor, card)
        self.meld_of[card] = m
        self.as_value[card] = v if self.game.meld_rules.wild[card] else None
        self._meld_cache.clear()

    def reveal(self, cards: list[int]) -> None:
        """Turn cards face up where they lie: everyone may see them now."""
        for c in cards:
            self.faceup[c] = 1

    def queue_window(self, win: int, order: list[int], opener: int | None) -> None:
        """Open a reaction window once the current effects finish."""
        self._queued.append(WindowFrame(win, list(dict.fromkeys(order)), opener))  # each once

    def turn_to(self, p: int) -> None:
        """Give the turn to p and reset the per-turn variables."""
        if p is None or not 0 <= p < self.n:
            raise RuleRuntimeError("", "cannot give the turn to "
                                   + ("none" if p is None else repr(p)))
        self.turn = p
        self.tvars = list(self.game.turn_var_initial)
        self.end_turn_flag = False
        # the new turn's on_turn_begin runs before p's first decision (this also drops a
        # pending pass of the turn: 'turn to' in on_turn_end gives the turn instead)
        self.turn_hook = BEGIN if self.game.phases[self.phase].on_turn_begin else NO_HOOK

    def add_event(self, key: str, args: tuple, audience: tuple[int, ...] | None) -> None:
        """Append an event to the log; audience None means everyone sees it whole."""
        self.log_room -= 1
        if self.log_room < 0:
            raise EvaluationLimitError("limits.max_log", log_full(self.game.max_log))
        self.log.append((key, args, audience))

    def finish(self, reason: str) -> None:
        """End the game now and compute the outcome."""
        g = self.game
        scores = tuple(g.score(self, p) for p in range(self.n))
        self.over = True  # the winners condition may ask whether the game is over
        winners = g.winners(self, scores)
        self.outcome = Outcome(scores, winners, reason)
        self.over = True
        self.stack.clear()
        self._queued.clear()
        self.add_event("game_over", (("reason", "key", reason),
                                     ("winners", "players", list(winners))), None)

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
            return top.order[top.idx]
        return self.turn

    def legal_actions(self) -> list[Action]:
        """The decider's legal actions, in a stable order."""
        if self.over:
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)  # a copy: the caller may change it; clones share the cache

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
        text = _action_text(action)
        if self.over:
            raise GameOverError(f"the game is over; cannot apply {text!r}")
        legal = self.legal_actions()
        for a in legal:
            if a.text == text:
                backup = self.clone()  # O(1) in the log and history (shared until written)
                try:
                    self._apply(a)
                    broken = self.game.check_invariants(self)
                    if broken:
                        raise InvariantError(f"invariants.{broken[0]}",
                                             f"does not hold after {text!r} ({self.summary()})")
                except BaseException:
                    self._restore(backup)  # a failed or interrupted action changes nothing
                    raise
                return
        raise IllegalActionError(text, self.summary(), [a.text for a in legal],
                                 self.why_illegal(text))

    def why_illegal(self, text: str) -> str:
        """Why the action written text is not legal now, in words a player can act on."""
        reason = self.why_refused(text)
        return "" if reason is None else say(self.game, reason)

    def why_refused(self, text: str) -> Reason | None:
        """Why the action written text is not legal now, as a Reason (rulekit.reasons) that
        can be said in any of the engine's languages; None when that cannot be told."""
        try:
            return self._why_illegal(text)
        except RulekitError:
            return None

    def _why_illegal(self, text: str) -> Reason:
        g = self.game
        if self.stack and isinstance(self.stack[-1], BuildFrame):
            frame = self.stack[-1]
            act = g.actions[frame.action]
            p = act.params[frame.pidx]
            return p.why_not(self, frame, text)
        names = {a.name: a for a in g.actions}
        if text not in names:
            return Reason("no_action", {"text": text})
        act = names[text]
        if self.stack:
            win = g.windows[self.stack[-1].win]
            if act.window is None or g.windows[act.window] is not win:
                return Reason("wrong_window", {"text": text, "window": win.name})
        elif act.window is not None:
            return Reason("only_in_window", {"text": text, "window": g.windows[act.window].name})
        elif act.phases is not None and self.phase not in act.phases:
            return Reason("wrong_phase", {"text": text, "phase": g.phases[self.phase].name})
        return Reason("condition", {"rule": act.rule, "when": act.when_text})

    def _restore(self, other: State) -> None:
        for name in State.__slots__:
            setattr(self, name, getattr(other, name))

    def action_from_text(self, text: str) -> Action:
        """The legal action whose string form is text."""
        for a in self.legal_actions():
            if a.text == text:
                return a
        raise IllegalActionError(text, self.summary(), [a.text for a in self.legal_actions()])

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
        else:
            text = _action_text(action)
            for a in legal:
                if a.text == text and type(action) is Action:
                    action = a
                    break
            else:
                raise IllegalActionError(text, self.summary(), [a.text for a in legal],
                                         self.why_illegal(text))
        self._apply(action)

    def _apply(self, action: Action) -> None:
        g = self.game
        if self.decisions >= g.max_decisions:  # checked first: the state stays as it was
            raise EvaluationLimitError(
                "limits.max_decisions",
                f"the game did not end within {g.max_decisions} decisions")
        self._legal = None
        self.decisions += 1
        self.work = g.max_work
        actor = self.decider
        self.history.append((actor, action.text))
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
            return
        frame = self.stack[-1]
        act = g.actions[frame.action]
        param = act.params[frame.pidx]
        if kind == PICK:
            card = self._card_of_face(param.source(self, frame.env), action.value, frame.picked)
            frame.picked.append(card)
            if len(frame.picked) >= param.max_of(self, param.env_of(frame)):
                self._finish_param(frame, act, frame.picked)
            elif not self.legal_actions():
                raise RuleRuntimeError(param.rule, f"parameter '{param.name}' has no card left to "
                                       "pick, and fewer than its 'min' are picked")
            return
        if kind == DONE:
            self._finish_param(frame, act, frame.picked)
            return
        if kind == CHOOSE:
            self._finish_param(frame, act, action.value)
            return
        raise AssertionError(kind)  # pragma: no cover

    # ---- internals ---------------------------------------------------------------------
    def _card_of_face(self, source: Any, face: int, picked: list[int]) -> int:
        cards = self.zones[source] if isinstance(source, int) else source
        faces = self.game.face_of
        for c in cards:
            if faces[c] == face and c not in picked:
                return c
        raise RuleRuntimeError("", "the picked card is no longer there")  # pragma: no cover

    def _finish_param(self, frame: BuildFrame, act: CompiledAction, value: Any) -> None:
        frame.env[act.params[frame.pidx].name] = value
        frame.pidx += 1
        frame.picked = []
        self._advance_params(frame, act)

    def _advance_params(self, frame: BuildFrame, act: CompiledAction) -> None:
        """Skip parameters whose `when` is false; run the action once all are chosen."""
        params = act.params
        while frame.pidx < len(params):
            p = params[frame.pidx]
            if p.when is None or self.game.guard(p.rule, p.when, self, frame.env):
                choices = self._param_choices(frame, act)
                if not choices:
                    raise RuleRuntimeError(p.rule, f"parameter '{p.name}' has no possible value "
                                                   "(the action's 'when' should rule this out)")
                self._legal = choices
                return
            frame.env[p.name] = (self.game.guard(p.rule, p.otherwise, self, frame.env)
                                 if p.otherwise else None)
            frame.pidx += 1
        self.stack.pop()
        self._run_action(act, frame.env)

    def _run_action(self, act: CompiledAction, env: dict) -> None:
        if act.window is not None:
            self.stack[-1].pending = CLOSE if act.closes else NEXT
        self.game.run(act.rule + ".effects", act.effects, self, env)
        self._settle()

    def _push_queued(self) -> None:
        if self._queued:
            q = self._queued
            self._queued = []
            self.stack.extend(reversed(q))

    def _settle(self) -> None:
        """Advance the flow until someone must decide or the game is over."""
        g = self.game
        self._push_queued()
        self._legal = None
        last_rule = g.phases[self.phase].rule  # named if the flow never settles
        for _ in range(g.max_auto_steps):
            if self.over:
                return
            stack = self.stack
            if stack:
                top = stack[-1]
                if isinstance(top, BuildFrame):
                    self._legal = self._param_choices(top, g.actions[top.action])
                    return
                win = g.windows[top.win]
                if top.pending == NEXT:
                    top.idx += 1
                    top.pending = None
                if top.pending is None:
                    while top.idx < len(top.order):
                        p = top.order[top.idx]
                        env = {"actor": p, "opener": top.opener}
                        if g.guard(win.rule + ".eligible", win.eligible, self, env):
                            legal = self._window_actions(win, env)
                            if legal:
                                self._legal = legal
                                return
                        top.idx += 1
                stack.pop()
                last_rule = win.rule + ".then"
                g.run(last_rule, win.then, self, {"opener": top.opener})
                self._push_queued()
                continue
            phase = g.phases[self.phase]
            if self.ending_phase:
                # on_end opened windows and they have closed: the phase is over, whatever
                # end_if says now (asking it again would run on_end twice)
                self.ending_phase = False
                self._begin_phase(phase.next)
                continue
            if phase.end_if is not None and g.guard(phase.rule + ".end_if", phase.end_if, self, {}):
                last_rule = phase.rule + ".on_end"
                g.run(last_rule, phase.on_end, self, {})
                self._push_queued()
                if self.over:
                    continue
                if self.stack:
                    self.ending_phase = True
                    continue
                self._begin_phase(phase.next)
                continue
            hook = self.turn_hook
            if hook:  # a turn began (its on_turn_begin is due), or ended (it passes now)
                self.turn_hook = NO_HOOK
                if hook == PASSING:
                    self._next_turn(phase)
                    continue
                if phase.on_turn_begin is not None:
                    last_rule = phase.rule + ".on_turn_begin"
                    g.run(last_rule, phase.on_turn_begin, self, {"actor": self.turn})
                    self._push_queued()
                    continue
            if self.end_turn_flag:
                self.end_turn_flag = False
                if phase.on_turn_end:
                    # the turn passes once on_turn_end and the windows it asks are done
                    self.turn_hook = PASSING
                    last_rule = phase.rule + ".on_turn_end"
                    g.run(last_rule, phase.on_turn_end, self, {"actor": self.turn})
                    self._push_queued()
                    self.end_turn_flag = False  # 'end turn' in on_turn_end changes nothing
                    continue
                self._next_turn(phase)
                continue
            legal = self._turn_actions(phase)
            if not legal:
                raise RuleRuntimeError(phase.rule, f"seat {self.turn} has the turn but no legal "
                                       "action (add an action for this case, e.g. pass)")
            self._legal = legal
            return
        raise EvaluationLimitError(
            last_rule,
            f"the rules ran {g.max_auto_steps} automatic steps without asking anyone to decide "
            "(a phase, turn or window that never settles)")

    def _begin_phase(self, index: int) -> None:
        g = self.game
        self.phase = index
        phase = g.phases[index]
        self.reversed_order = False  # each phase begins in its own turn_order, no skip pending
        self.skips = 0
        self.add_event("phase_begins", (("phase", "key", phase.label),), None)
        g.run(phase.rule + ".on_begin", phase.on_begin, self, {})
        self._push_queued()
        if self.over:
            return
        first = g.guard(phase.rule + ".first", phase.first, self, {})
        g.run(phase.rule + ".first", lambda s, e: s.turn_to(first), self, {})  # names the rule

    def _next_turn(self, phase: Any) -> None:
        g = self.game
        if self.skips:
            self.turn_to(pass_with_skips(self, phase))
            return
        n = self.n
        step = step_of(self, phase)
        p = self.turn
        for i in range(1, n + 1):
            q = (p + step * i) % n
            if g.guard(phase.rule + ".active", phase.active, self, {"p": q}):
                self.turn_to(q)
                return
        raise RuleRuntimeError(phase.rule + ".active", "no player can take the next turn")

    def _turn_actions(self, phase: Any) -> list[Action]:
        return self._startable(phase.actions, {"actor": self.turn})

    def _window_actions(self, win: Any, env: dict) -> list[Action]:
        return self._startable(win.actions, env)

    def _startable(self, actions: list[CompiledAction], env: dict) -> list[Action]:
        # The hot path: evaluate unguarded; on any failure redo it guarded to name the rule.
        try:
            return [a.start for a in actions if a.when(self, env)]
        except Exception:  # noqa: BLE001 - re-raised below as a typed, located error
            g = self.game
            return [a.start for a in actions if g.guard(a.rule + ".when", a.when, self, env)]

    def _compute_legal(self) -> list[Action]:
        if self.stack:
            top = self.stack[-1]
            if isinstance(top, BuildFrame):
                return self._param_choices(top, self.game.actions[top.action])
            win = self.game.windows[top.win]
            return self._window_actions(win, {"actor": top.order[top.idx], "opener": top.opener})
        return self._turn_actions(self.game.phases[self.phase])

    def _param_choices(self, frame: BuildFrame, act: CompiledAction) -> list[Action]:
        return act.params[frame.pidx].choices(self, frame)

    def summary(self) -> str:
        """A short description of the state that reproduces it (seed and history length)."""
        g = self.game
        d = self.decider
        where = g.phases[self.phase].name
        if self.stack:
            top = self.stack[-1]
            where += (f"/{g.actions[top.action].name}" if isinstance(top, BuildFrame)
                      else f"/{g.windows[top.win].name}")
        return (f"{g.name}, {self.n} players, seed {self.seed}, after {len(self.history)} "
                f"actions, {where}, decider {d}")

    # ---- serialisation -----------------------------------------------------------------
    def to_json(self) -> dict:
        """The whole state as JSON-ready data (see Game.state_from_json)."""
        def frame(f: Any) -> dict:
            if isinstance(f, WindowFrame):
                return {"window": f.win, "order": f.order, "idx": f.idx, "opener": f.opener,
                        "pending": f.pending}
            return {"action": f.action, "actor": f.actor, "pidx": f.pidx, "picked": f.picked,
                    "env": {k: v for k, v in f.env.items() if "#" not in k}}

        return {
            "ruleset": self.game.name, "n": self.n, "seed": self.seed, "zones": self.zones,
            "faceup": list(self.faceup), "gvars": self.gvars, "pvars": self.pvars,
            "tvars": self.tvars, "phase": self.phase, "turn": self.turn,
            "stack": [frame(f) for f in self.stack], "rng": self.rng,
            "log": None if isinstance(self.log, NoLog) else
            [[k, [list(a) for a in args], aud] for k, args, aud in self.log],
            "history": list(self.history), "over": self.over,
            "outcome": None if self.outcome is None else {
                "scores": self.outcome.scores, "winners": self.outcome.winners,
                "reason": self.outcome.reason},
            "decisions": self.decisions, "end_turn": self.end_turn_flag,
            "ending_phase": self.ending_phase,
            "teamvars": self.teamvars,
            # turn flow: written only when it differs from a fresh turn's (older documents)
            **({"turn_flow": [self.turn_hook, self.reversed_order, self.skips]}
               if (self.turn_hook, self.reversed_order, self.skips) != (NO_HOOK, False, 0)
               else {}),
            "melds": None if self.meld_of is None else {
                "of": self.meld_of, "as": self.as_value, "kinds": self.meld_kinds,
                "zones": self.meld_zone},
            **({"known": knowledge.to_json(self)} if self.game.has_show else {}),
        }

    @classmethod
    def from_json(cls, game: Rules, data: dict) -> State:
        """Rebuild a state saved by to_json; raise StateDocumentError if it does not fit."""
        check_document(game, data)
        s = cls(game, data["n"], data["seed"])
        s.zones = [list(z) for z in data["zones"]]
        for zi, z in enumerate(s.zones):
            for c in z:
                s.card_zone[c] = zi
        s.faceup = bytearray(data["faceup"])
        s.gvars = [_thaw(v) for v in data["gvars"]]
        s.pvars = [[_thaw(x) for x in v] for v in data["pvars"]]
        s.tvars = [_thaw(v) for v in data["tvars"]]
        s.phase, s.turn, s.rng = data["phase"], data["turn"], data["rng"]
        s.stack = []
        for f in data["stack"]:
            if "window" in f:
                w = WindowFrame(f["window"], list(f["order"]), f["opener"])
                w.idx, w.pending = f["idx"], f["pending"]
                s.stack.append(w)
            else:
                b = BuildFrame(f["action"], f["actor"], {k: _thaw(v) for k, v in f["env"].items()})
                b.pidx, b.picked = f["pidx"], list(f["picked"])
                s.stack.append(b)
        s.log = NoLog() if data["log"] is None else EventLog(
            [(k, tuple((a[0], a[1], _thaw(a[2])) for a in args),
              None if aud is None else tuple(aud)) for k, args, aud in data["log"]])
        s.history = EventLog([(p, t) for p, t in data["history"]])
        s.over = data["over"]
        o = data["outcome"]
        s.outcome = None if o is None else Outcome(tuple(o["scores"]), tuple(o["winners"]),
                                                   o["reason"])
        s.decisions = data["decisions"]
        s.end_turn_flag = data["end_turn"]
        s.ending_phase = data.get("ending_phase", False)
        s.teamvars = [[_thaw(x) for x in v] for v in data.get("teamvars", [])]
        s.turn_hook, s.reversed_order, s.skips = data.get("turn_flow", (NO_HOOK, False, 0))
        melds = data.get("melds")
        if melds is not None:
            s.meld_of = list(melds["of"])
            s.as_value = list(melds["as"])
            s.meld_kinds = list(melds["kinds"])
            s.meld_zone = list(melds["zones"])
        s.known = knowledge.from_json(data.get("known"))
        return s


def _action_text(action: Any) -> str:
    """The string form of an action given as an Action or a str; UsageError for anything else."""
    if isinstance(action, str):
        return action
    if isinstance(action, Action):
        return action.text
    raise UsageError(f"an action must be one of legal_actions() or its text (a str), "
                     f"not {type(action).__name__} {action!r:.60}")


def _thaw(v: Any) -> Any:
    return list(v) if isinstance(v, list | tuple) else v
