"""The flow of decisions: settling the stack after each action, phases, turns, windows, and
the legal actions of the decision pending."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import (
    EvaluationLimitError,
    RuleRuntimeError,
)
from ..lang.budget import STEP_WORK, over_budget
from ..lang.turnorder import NO_HOOK, PASSING, pass_with_skips, step_of
from ..rules.game import RULE_FAILURES, failure
from .choices import legal_steps
from .effects import EffectsMixin
from .frames import CLOSE, NEXT, BuildFrame
from .racing import keep_answer, run_answers

if TYPE_CHECKING:
    from ..rules.game import CompiledAction


class FlowMixin(EffectsMixin):
    """How a state moves from one decision to the next."""

    __slots__ = ()  # State keeps every field in its own slots

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
            self.at = p.rule
            if p.when is None or p.when(self, frame.env):
                choices = self._param_choices(frame, act)
                if not choices:
                    raise RuleRuntimeError(p.rule, f"parameter '{p.name}' has no possible value "
                                                   "(the action's 'when' should rule this out)")
                self._legal = choices
                return
            frame.env[p.name] = p.otherwise(self, frame.env) if p.otherwise else None
            frame.pidx += 1
        self.stack.pop()
        self._run_action(act, frame.env)

    def _run_action(self, act: CompiledAction, env: dict[str, Any]) -> None:
        if act.window is not None:
            top = self.stack[-1]
            if top.answers is not None:  # a racing window: kept unseen, run once all answered
                keep_answer(top, act, env)
                self._settle()
                return
            top.pending = CLOSE if act.closes else NEXT
        self.memo_since = None  # effects run: what was kept may no longer hold
        self.at = act.r_effects
        act.effects(self, env)
        self._settle()

    def _push_queued(self) -> None:
        if self._queued:
            q = self._queued
            self._queued = []
            self.stack.extend(reversed(q))

    def _settle(self) -> None:
        """Advance the flow until someone must decide or the game is over."""
        g = self.game
        if self._queued:
            self._push_queued()
        self._legal = None
        last_rule = g.phases[self.phase].rule  # named if the flow never settles
        step = 0
        try:
            for step in range(g.max_auto_steps):  # noqa: B007 - counted in finally
                if self.over:
                    return
                stack = self.stack
                if stack:
                    top = stack[-1]
                    if type(top) is BuildFrame:
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
                            self.at = win.r_eligible
                            if win.eligible is None or win.eligible(self, env):
                                legal = self._startable(win, env)
                                if legal:
                                    self._legal = legal
                                    return
                            top.idx += 1
                    if top.answers:  # a racing window: its answers run now (and the windows
                        # they ask), then it closes as any window does
                        run_answers(self, top, win)
                        if self._queued:
                            self._push_queued()
                        continue
                    stack.pop()
                    self.at = last_rule = win.r_then
                    win.then(self, {"opener": top.opener})
                    if self._queued:
                        self._push_queued()
                    continue
                phase = g.phases[self.phase]
                if self.ending_phase:
                    # on_end opened windows and they have closed: the phase is over, whatever
                    # end_if says now (asking it again would run on_end twice)
                    self.ending_phase = False
                    self._begin_phase(phase.next if phase.next_of is None
                                      else phase.next_of(self, {}))
                    continue
                self.at = phase.r_end_if
                if phase.end_if is not None and phase.end_if(self, {}):
                    self.at = last_rule = phase.r_on_end
                    phase.on_end(self, {})
                    if self._queued:
                        self._push_queued()
                    if self.over:
                        continue
                    if self.stack:
                        self.ending_phase = True
                        continue
                    self._begin_phase(phase.next if phase.next_of is None
                                      else phase.next_of(self, {}))
                    continue
                hook = self.turn_hook
                if hook:  # a turn began (its on_turn_begin is due), or ended (it passes now)
                    self.turn_hook = NO_HOOK
                    if hook == PASSING:
                        self._next_turn(phase)
                        continue
                    if phase.on_turn_begin is not None:
                        self.at = last_rule = phase.r_on_turn_begin
                        phase.on_turn_begin(self, {"actor": self.turn})
                        if self._queued:
                            self._push_queued()
                        continue
                if self.end_turn_flag:
                    self.end_turn_flag = False
                    if phase.on_turn_end:
                        # the turn passes once on_turn_end and the windows it asks are done
                        self.turn_hook = PASSING
                        self.at = last_rule = phase.r_on_turn_end
                        phase.on_turn_end(self, {"actor": self.turn})
                        if self._queued:
                            self._push_queued()
                        self.end_turn_flag = False  # 'end turn' in on_turn_end changes nothing
                        continue
                    self._next_turn(phase)
                    continue
                legal = self._startable(phase, {"actor": self.turn})
                if not legal:
                    raise RuleRuntimeError(phase.rule, f"seat {self.turn} has the turn but no "
                                           "legal action (add an action for this case, e.g. pass)")
                self._legal = legal
                return
            raise EvaluationLimitError(
                last_rule,
                f"the rules ran {g.max_auto_steps} automatic steps without asking anyone to decide "
                "(a phase, turn or window that never settles)")
        finally:
            # the action run (or the setup) and each automatic step may run small rules that
            # draw nothing: they count in the game's total work (limits.max_game_work), so that
            # actions or steps without end stop too
            self.game_work -= STEP_WORK * (step + 1)

    def _begin_phase(self, index: int) -> None:
        g = self.game
        self.phase = index
        phase = g.phases[index]
        self.reversed_order = False  # each phase begins in its own turn_order, no skip pending
        self.skips = 0
        self.add_event("phase_begins", (("phase", "key", phase.label),), None)
        self.at = phase.r_on_begin
        phase.on_begin(self, {})
        if self._queued:
            self._push_queued()
        if self.over:
            return
        self.at = phase.r_first
        self.turn_to(phase.first(self, {}))

    def _next_turn(self, phase: Any) -> None:
        if self.skips:
            self.turn_to(pass_with_skips(self, phase))
            return
        n = self.n
        step = step_of(self, phase)
        p = self.turn
        self.at = phase.r_active
        for i in range(1, n + 1):
            q = (p + step * i) % n
            if phase.active(self, {"p": q}):
                self.turn_to(q)
                return
        raise self.no_turn_error(phase)

    def no_turn_error(self, phase: Any) -> RuleRuntimeError:
        """The error of a turn that passes to no one: the phase should have ended by then, so
        it names the phase's end_if and where it is written (or that there is none)."""
        held, where = self.held_open()
        rule = phase.r_end_if if phase.end_if is not None else phase.r_active
        return RuleRuntimeError(rule, "no player can take the next turn ('active' holds for no "
                                f"one) and the game goes on: {held}", where)

    def held_open(self) -> tuple[str, str]:
        """What keeps the game going, in words, and where it is written: the phase in play
        and its end_if ('in TEXT at file:line:col'), or the phase, which has no end_if."""
        g = self.game
        phase = g.phases[self.phase]
        if phase.end_if is None:
            return (f"it is in phase '{phase.name}', which has no end_if (only 'end game' ends "
                    "it)", f"at {g.places.get(phase.rule, g.file)}")
        text = " ".join(str(g.spec.phases[phase.name].end_if).split())
        if len(text) > 60:  # as a failing statement is quoted (compile.stmt_control)
            text = text[:57] + "..."
        return (f"it is in phase '{phase.name}', whose end_if does not hold",
                f"in '{text}' at {g.places.get(phase.r_end_if, g.file)}")

    def _startable(self, owner: Any, env: dict[str, Any]) -> list[Action]:
        # The hot path: every 'when' of the phase's or window's actions in one generated
        # function, unguarded; on any failure redo it action by action, guarded, to name the
        # rule. Large whens are drawn on the budget first (a window lists them for each player
        # it asks, and may be asked at every automatic step).
        # Nothing changes while the whens are asked: looping definitions keep their values,
        # and the steps of the action started next are listed with them (memo_since).
        cost = owner.startable_cost
        if cost > 0:  # charge written out: asked at every listing
            self.at = owner.rule
            w = self.work - cost
            self.work = w
            if w < 0:
                over_budget(self)
        startable, actions = owner.startable, owner.actions
        memo: dict[tuple[Any, ...], Any] = {}
        self.memo = memo
        try:
            found: list[Action] = startable(self, env)  # made by the compiler for every phase
            return found
        except Exception:  # noqa: BLE001 - re-raised below as a typed, located error
            g = self.game
            return [a.start for a in actions if g.guard(a.rule + ".when", a.when, self, env)]
        finally:
            self.memo = None
            self.memo_since = memo

    def _compute_legal(self) -> list[Action]:
        self.at = ""
        try:
            return self._legal_now()
        except RULE_FAILURES as e:  # the one guard of a listing: self.at names the rule
            raise failure(self.at, e) from None

    def _legal_now(self) -> list[Action]:
        if self.stack:
            top = self.stack[-1]
            if type(top) is BuildFrame:
                return self._param_choices(top, self.game.actions[top.action])
            win = self.game.windows[top.win]
            return self._startable(win, {"actor": top.order[top.idx], "opener": top.opener})
        return self._startable(self.game.phases[self.phase], {"actor": self.turn})

    def _param_choices(self, frame: BuildFrame, act: CompiledAction) -> list[Action]:
        # nothing changes while the steps are listed, nor since the last listing unless effects
        # ran (memo_since is None then): looping definitions keep their values
        memo = self.memo_since
        if memo is None:
            memo = {}
        self.memo = memo
        try:
            return legal_steps(act.params[frame.pidx], self, frame)
        finally:
            self.memo = None
            self.memo_since = memo

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
