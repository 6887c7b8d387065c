"""Turn order at run time: the phase's direction (which `reverse turn order` flips), pending
skips (`skip N`), and who comes next (`next_in_turn(p)`, and the turn passing at `end turn`).
The expressions' closures and the runtime's turn passing share it.

The state keeps `reversed_order` and `skips`; both are reset when a phase begins.
"""

from __future__ import annotations

from typing import Any

from ..errors import RuleRuntimeError

# the language layer sees neither the compiled rules nor the runtime: a state and a compiled
# phase are duck-typed here (the runtime imports this module, never the other way)
State = Any
CompiledPhase = Any

CLOCKWISE, COUNTERCLOCKWISE = "clockwise", "counterclockwise"
# the turn hooks' step pending in the flow (State.turn_hook)
NO_HOOK, BEGIN, PASSING = 0, 1, 2


def step_of(s: State, phase: CompiledPhase) -> int:
    """+1 or -1: the seat step of the phase's turn order now (after any reversal)."""
    step: int = phase.step
    return -step if s.reversed_order else step


def direction(s: State, e: dict[str, Any] | None = None) -> str:
    """The current phase's turn order now: 'clockwise' or 'counterclockwise' (a compiled
    expression's closure: e, the local names, is unused)."""
    return CLOCKWISE if step_of(s, s.game.phases[s.phase]) > 0 else COUNTERCLOCKWISE


def next_in_turn(s: State, p: Any) -> int | None:
    """The first player after p, in the turn order now, for whom the phase's `active` holds
    (p itself last); None if nobody is active. Pending skips are not counted."""
    if p is None:
        raise RuleRuntimeError("", "next_in_turn() needs a player, not none")
    phase = s.game.phases[s.phase]
    step, n, active = step_of(s, phase), s.n, phase.active
    for i in range(1, n + 1):
        q: int = (p + step * i) % n
        if active(s, {"p": q}):
            return q
    return None


def passing_order(s: State, phase: CompiledPhase, guard: Any) -> list[int]:
    """The active players after the turn player in turn order (the turn player last)."""
    step, n, p = step_of(s, phase), s.n, s.turn
    rule = phase.rule + ".active"
    return [q for i in range(1, n + 1)
            if guard(rule, phase.active, s, {"p": (q := (p + step * i) % n)})]


def pass_with_skips(s: State, phase: CompiledPhase) -> int:
    """Who gets the turn when it passes with skips pending: the next active player after the
    skipped ones (round and round the table if there are more skips than players)."""
    order = passing_order(s, phase, s.game.guard)
    if not order:
        raise s.no_turn_error(phase)  # naming the phase's end_if (runtime.flow)
    chosen: int = order[s.skips % len(order)]
    s.skips = 0
    return chosen
